package validator

import (
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/require"
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
			res, err := Validate(Source{Name: "fuzz", FS: mapFS(map[string]string{name: src})})
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
