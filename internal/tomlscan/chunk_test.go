package tomlscan

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScanChunksSkipsStringsAndComments(t *testing.T) {
	src := "a = \"[[x]]\"\n# [[y]]\nb = '''\n[[z]]\n'''\n[[tile]]\n[tile.counts]\n[[tile.feature]]\n  [[ row ]] # r\n"
	chunks, cuttable := scanChunks([]byte(src), 0)
	require.True(t, cuttable)
	require.Len(t, chunks, 1)
	assert.Equal(t, map[string]int{"tile": 1, "row": 1}, chunks[0].Arrays)
	assert.Equal(t, map[string]int{"tile": 6, "row": 9}, chunks[0].First)
	_, cuttable = scanChunks([]byte("[[tile]]\n[row.x]\n"), 0)
	assert.False(t, cuttable, "a table not below the current entry ties chunks together")
	chunks, _ = scanChunks([]byte("a = [\n[[true]]\n]\n"), 0)
	assert.Empty(t, chunks[0].Arrays, "a value is not a header")
}

// A large file is cut before [[name]] headers into chunks of at least the
// size asked for, which together are the file and count its elements.
func TestSplit(t *testing.T) {
	src := generatedFile(t, 300)
	chunks := Split(src, 4<<10)
	require.Greater(t, len(chunks), 4, "a large file is cut")
	var joined []byte
	elements, line := 0, 1
	for i, c := range chunks {
		assert.Equal(t, line, c.Line, "chunk %d starts on its line", i)
		assert.Equal(t, elements, c.Before["tile"], "chunk %d counts the elements before it", i)
		assert.True(t, bytes.HasPrefix(c.Src, []byte("[[tile]]\n")), "chunk %d starts at a header", i)
		if i < len(chunks)-1 {
			assert.GreaterOrEqual(t, len(c.Src), 4<<10, "chunk %d", i)
		}
		assert.Equal(t, bytes.Count(c.Src, []byte("\n[[tile]]\n"))+1, c.Arrays["tile"], "chunk %d", i)
		assert.Positive(t, c.Values)
		joined = append(joined, c.Src...)
		elements += c.Arrays["tile"]
		line += bytes.Count(c.Src, []byte("\n"))
	}
	assert.Equal(t, src, joined, "the chunks are the file, cut")
	assert.Equal(t, 300, elements)
}

// A file smaller than two chunks, or with a header that ties a chunk to
// the one before, is one chunk.
func TestSplitKeepsFilesWhole(t *testing.T) {
	src := generatedFile(t, 300)
	for name, src := range map[string][]byte{
		"small":                    src[:1000],
		"a table after an element": append(append(append([]byte{}, src...), "[other]\nx = 1\n"...), src...),
		"a quoted array name":      []byte(strings.ReplaceAll(string(src), "[[tile]]\nid", "[[\"tile\"]]\nid")),
	} {
		chunks := Split(src, 4<<10)
		require.Len(t, chunks, 1, name)
		assert.Equal(t, src, chunks[0].Src, name)
		assert.Equal(t, 1, chunks[0].Line, name)
	}
	require.Len(t, Split(src, 0), 1, "size 0 never cuts")
}

// FuzzSplit cuts any text into chunks of any size: it must never panic or
// hang, and the chunks are the text, each starting on the line it says.
func FuzzSplit(f *testing.F) {
	f.Add([]byte("[[a]]\nx = 1\n[[a]]\ny = '''\n[[a]]\n'''\n[[a]]\n"), 4)
	f.Add([]byte("x = [\n[[1]]\n]\n[[b]]\n[b.c]\n[[b]]\n"), 1)
	f.Add([]byte("[[a]]\n\"\"\"\n[[a]]\n"), 2)
	f.Fuzz(func(t *testing.T, src []byte, size int) {
		var joined []byte
		line := 1
		for i, c := range Split(src, size) {
			if c.Line != line {
				t.Fatalf("chunk %d says line %d, starts on %d", i, c.Line, line)
			}
			joined = append(joined, c.Src...)
			line += bytes.Count(c.Src, []byte("\n"))
		}
		if !bytes.Equal(joined, src) {
			t.Fatalf("the chunks are not the text: %q", joined)
		}
	})
}
