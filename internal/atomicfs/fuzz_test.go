package atomicfs

import (
	"errors"
	"maps"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilekit/tilekit/internal/atomicfs/atomicfstest"
)

// The ways FuzzFileSet opens a set.
const (
	fuzzIntoFolder = iota // IntoFolder on a folder with files, a link and an empty folder
	fuzzNewMissing        // NewFolder on a name that does not exist
	fuzzNewEmpty          // NewFolder on an empty folder
	fuzzModes
)

// FuzzFileSet writes fuzzed names (one a line, at most eight) with fuzzed
// contents as one set: either every file lands exactly, and nothing else
// changes, or the folder and what is around it are as they were. It never
// panics and never writes outside the folder (a link in the folder leads
// to one beside it, which must stay as it was).
func FuzzFileSet(f *testing.F) {
	for _, seed := range []struct {
		names string
		mode  uint8
	}{
		{"a\nsub/b.svg", fuzzIntoFolder},
		{"l/x", fuzzIntoFolder},
		{"l\nd/x", fuzzIntoFolder},
		{"e\ne/x", fuzzIntoFolder},
		{"a/b", fuzzIntoFolder},
		{"../outside/secret", fuzzIntoFolder},
		{"x\n./x", fuzzIntoFolder},
		{".tilekit-x", fuzzIntoFolder},
		{"README.md\ntiles/x.toml", fuzzNewMissing},
		{"x/y\nx", fuzzNewMissing},
		{"README.md\n.", fuzzNewEmpty},
	} {
		f.Add(seed.names, []byte("data"), seed.mode)
	}
	f.Fuzz(func(t *testing.T, names string, content []byte, mode uint8) {
		list := strings.Split(names, "\n")
		if len(list) > 8 {
			list = list[:8]
		}
		parent, dir := fuzzFolder(t, int(mode%fuzzModes))
		before := snapshot(t, parent)
		s, err := fuzzOpen(int(mode%fuzzModes), dir)
		if err != nil {
			t.Fatalf("open: %v", err)
		}
		data := func(i int) []byte { return append(content[:len(content):len(content)], byte('0'+i)) }
		for i, name := range list {
			if err = s.Add(name, data(i)); err != nil {
				break
			}
		}
		if err == nil {
			err = s.Commit()
		}
		s.Discard()
		after := snapshot(t, parent)
		if err != nil {
			if !maps.Equal(before, after) {
				t.Fatalf("%q failed (%v) but changed the folder:\nbefore %v\nafter  %v", list, err, before, after)
			}
			return
		}
		want := fuzzExpected(before, list, data)
		if !maps.Equal(want, after) {
			t.Fatalf("%q written, but not exactly:\nwant %v\ngot  %v", list, want, after)
		}
	})
}

// fuzzFolder makes the folders for one run of FuzzFileSet: the parent
// holds the target out (made as mode says) and a folder outside with a
// file in it.
func fuzzFolder(t *testing.T, mode int) (parent, dir string) {
	parent = t.TempDir()
	dir = filepath.Join(parent, "out")
	writeFile(t, filepath.Join(parent, "outside", "secret"), "secret")
	switch mode {
	case fuzzIntoFolder:
		writeFile(t, filepath.Join(dir, "a"), "old a")
		writeFile(t, filepath.Join(dir, "d", "x"), "old x")
		if err := os.Mkdir(filepath.Join(dir, "e"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join("..", "outside"), filepath.Join(dir, "l")); err != nil {
			t.Fatal(err)
		}
	case fuzzNewEmpty:
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return parent, dir
}

// fuzzOpen opens the set as mode says.
func fuzzOpen(mode int, dir string) (*FileSet, error) {
	if mode == fuzzIntoFolder {
		return IntoFolder(dir)
	}
	s, err := NewFolder(dir)
	if err == nil && s == nil {
		return nil, errors.New("no set and no error")
	}
	return s, err
}

// fuzzExpected is the snapshot of the parent once the files named in
// list, with data(i) each, are written into out: the files in place
// (replacing what was there), the folders above them made.
func fuzzExpected(before map[string]string, list []string, data func(int) []byte) map[string]string {
	want := maps.Clone(before)
	for i, name := range list {
		key := "out/" + filepath.ToSlash(filepath.Clean(filepath.FromSlash(name)))
		for d := path.Dir(key); d != "."; d = path.Dir(d) {
			if _, ok := want[d]; !ok {
				want[d] = "drwxr-xr-x"
			}
		}
		want[key] = "-rw-r--r-- " + atomicfstest.ContentKey(data(i))
	}
	return want
}
