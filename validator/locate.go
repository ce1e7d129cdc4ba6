package validator

import (
	"strconv"

	"github.com/tilekit/tilekit/internal/tomlscan"
)

// Locating a data path in a large file: the position index of a whole file
// takes memory in proportion to the file, so a file that was cut into
// chunks is indexed a chunk at a time. An entry's chunk is known from the
// entries each chunk holds, and its path inside the chunk counts from the
// chunk's first entry of its array. A few chunk indexes are kept, the
// most recently used, so that memory stays bounded however many chunks
// have something to report.

// chunkIndexes is how many chunk indexes a file keeps at once.
const chunkIndexes = 8

// chunkIndex is the position index of one chunk of a file.
type chunkIndex struct {
	chunk int
	index tomlscan.Index
}

// lookup returns the position of a data path in the file.
func (f *sourceFile) lookup(path []string) tomlscan.Pos {
	if len(f.chunks) > 1 && len(path) >= 2 {
		if n, err := strconv.Atoi(path[1]); err == nil {
			for i := range f.chunks {
				c := &f.chunks[i]
				first := c.Before[path[0]]
				if n >= first && n < first+c.Arrays[path[0]] {
					local := append([]string{path[0], strconv.Itoa(n - first)}, path[2:]...)
					p := f.chunkIndex(i).Lookup(local)
					return tomlscan.Pos{Line: c.Line - 1 + p.Line, Column: p.Column}
				}
			}
		}
	}
	if len(f.chunks) > 1 {
		// Outside any entry: in the first chunk, which holds what comes
		// before the first cut.
		return f.chunkIndex(0).Lookup(path)
	}
	if f.index == nil {
		ix := tomlscan.NewIndex(f.source())
		f.index = &ix
	}
	return f.index.Lookup(path)
}

// chunkIndex returns the position index of chunk i, made if need be.
func (f *sourceFile) chunkIndex(i int) tomlscan.Index {
	for j, ci := range f.indexes {
		if ci.chunk == i {
			// Move it to the front: the most recently used come first.
			copy(f.indexes[1:j+1], f.indexes[:j])
			f.indexes[0] = ci
			return ci.index
		}
	}
	ci := chunkIndex{chunk: i, index: tomlscan.NewIndex(f.chunks[i].Src)}
	if len(f.indexes) < chunkIndexes {
		f.indexes = append(f.indexes, chunkIndex{})
	}
	copy(f.indexes[1:], f.indexes[:len(f.indexes)-1])
	f.indexes[0] = ci
	return ci.index
}
