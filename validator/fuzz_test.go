package validator

import (
	"encoding/binary"
	"hash/fnv"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// FuzzValidate runs arbitrary text through the whole load pipeline as a
// tiles file and as an expansions file. It must never panic, and every
// diagnostic must be located in a file that was loaded.
func FuzzValidate(f *testing.F) {
	paths, err := filepath.Glob(filepath.Join("testdata", "bad", "*.txtar"))
	require.NoError(f, err)
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		require.NoError(f, err)
		for _, file := range ar.Files {
			f.Add(string(file.Data))
		}
	}
	for _, seed := range []string{
		"a = nan", "a = inf", "a = -inf", "[[tile]]\nid = \"x/A\"\ncounts = { C1 = nan }",
		"a = 9223372036854775807", "a = 9223372036854775808", "a = -9223372036854775809", "a = 1e999",
		"d = 2015-03-01", "[[tile]]\nnote = 1979-05-27T07:32:00Z\n", "t = 07:32:00",
		"[[tile]]\n[[tile.feature]]\n[[tile.feature]]\n[[tile]]", "tile = [{id = 1}, {}]",
		"[[expansion]]\nid = \"x\"\nname = \"X\"\nkind = \"fan\"\neditions = []",
		"x = \"\"\"\n[[tile]]\n\"\"\"", "tile = 5", "tile = [[1]]",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, name := range []string{"tiles/fuzz.toml", "expansions/fuzz.toml", "interactions/fuzz.toml"} {
			res, err := Validate(Folder{Name: "fuzz", FS: mapFS(map[string]string{name: src})})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range res.Diagnostics {
				if d.File != "fuzz/"+name || d.Line < 1 || d.Column < 1 || d.Code == "" {
					t.Fatalf("badly located diagnostic: %+v", d)
				}
			}
		}
	})
}

// folderSlots are the files of the user folder FuzzValidateFolder builds,
// in the order of its arguments.
var folderSlots = []string{"expansions/fuzz.toml", "tiles/fuzz.toml", "interactions/fuzz.toml"}

// FuzzValidateFolder loads three fuzzed files (an expansions file, a tiles
// file and an interactions file) as a user folder on top of the built-in
// data, so that the checks across files and across entries run on them. It
// must never panic nor fail to read the folder; every diagnostic must have a
// code and be located (line and column from 1) in a file that was loaded
// (only a folder without any data file may get a diagnostic of the whole
// folder); the diagnostics must be sorted; and validating the same folder
// twice must give the same diagnostics.
func FuzzValidateFolder(f *testing.F) {
	// Every bad fixture, each of its files in the argument of its folder
	// (several files of one folder joined into one).
	for _, p := range fixturePaths(f) {
		ar, err := txtar.ParseFile(p)
		require.NoError(f, err)
		var args [3][]byte
		for _, file := range ar.Files {
			for i, slot := range folderSlots {
				if strings.HasPrefix(file.Name, path0(slot)+"/") {
					args[i] = append(args[i], file.Data...)
					args[i] = append(args[i], '\n')
				}
			}
		}
		f.Add(args[0], args[1], args[2])
	}
	// Every built-in file in the argument of its folder, and the largest
	// file of each folder together.
	builtin := map[string]bool{}
	var largest [3][]byte
	for i, slot := range folderSlots {
		folder := path0(slot)
		require.NoError(f, fs.WalkDir(tilekit.Builtin(), folder, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
				return err
			}
			data, err := fs.ReadFile(tilekit.Builtin(), p)
			if err != nil {
				return err
			}
			builtin[filePath(BuiltinName, p)] = true
			var args [3][]byte
			args[i] = data
			f.Add(args[0], args[1], args[2])
			if len(data) > len(largest[i]) {
				largest[i] = data
			}
			return nil
		}))
	}
	f.Add(largest[0], largest[1], largest[2])
	// And an empty folder.
	f.Add([]byte{}, []byte{}, []byte{})

	f.Fuzz(func(t *testing.T, expansions, tiles, interactions []byte) {
		fsys := fstest.MapFS{}
		loaded := map[string]bool{}
		h := fnv.New64a()
		for i, data := range [][]byte{expansions, tiles, interactions} {
			_ = binary.Write(h, binary.LittleEndian, uint64(len(data)))
			h.Write(data)
			if len(data) == 0 {
				continue
			}
			fsys[folderSlots[i]] = &fstest.MapFile{Data: data}
			loaded[filePath("fuzz", folderSlots[i])] = true
		}
		res, err := Validate(BuiltinFolder(), Folder{Name: "fuzz", FS: fsys})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			if len(loaded) == 0 && d.File == "fuzz" && d.Code != "" {
				continue // a folder without data files is a problem of the whole folder
			}
			if d.Code == "" || !(loaded[d.File] || builtin[d.File]) || d.Line < 1 || d.Column < 1 {
				t.Fatalf("badly located diagnostic: %+v", d)
			}
		}
		sorted := slices.Clone(res.Diagnostics)
		sorted.Sort()
		if !reflect.DeepEqual(sorted, res.Diagnostics) {
			t.Fatalf("diagnostics are not sorted:\n%s", diffDiagnostics(res.Diagnostics, sorted))
		}
		// Validating the built-in data dominates the cost, so determinism
		// is checked on one input in eight, chosen by a hash of the input.
		if h.Sum64()%8 != 0 {
			return
		}
		again, err := Validate(BuiltinFolder(), Folder{Name: "fuzz", FS: fsys})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(again.Diagnostics, res.Diagnostics) {
			t.Fatalf("two validations of the same folder differ:\n%s", diffDiagnostics(res.Diagnostics, again.Diagnostics))
		}
	})
}

// path0 returns the first element of a slash-separated path.
func path0(p string) string {
	first, _, _ := strings.Cut(p, "/")
	return first
}

// diffDiagnostics shows two lists of diagnostics side by side.
func diffDiagnostics(a, b Diagnostics) string {
	var out strings.Builder
	for i := 0; i < max(len(a), len(b)); i++ {
		var x, y string
		if i < len(a) {
			x = a[i].String()
		}
		if i < len(b) {
			y = b[i].String()
		}
		mark := "  "
		if x != y {
			mark = "! "
		}
		out.WriteString(mark + x + "\n   | " + y + "\n")
	}
	return out.String()
}
