package validator

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// TestBuiltinDataIsClean walks every embedded data file through the full
// validator: each must be read, and none may have a problem.
func TestBuiltinDataIsClean(t *testing.T) {
	var files []string
	for _, folder := range Folders {
		require.NoError(t, fs.WalkDir(tilekit.Builtin(), folder.Name, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				assert.True(t, strings.HasSuffix(p, ".toml"), "data folders hold only TOML: %s", p)
				files = append(files, p)
			}
			return err
		}))
	}
	require.NotEmpty(t, files)
	res, err := Validate(Builtin())
	require.NoError(t, err)
	for _, d := range res.Diagnostics {
		t.Error(d)
	}
	assert.Equal(t, len(files), res.Files, "every embedded data file is validated")
	for _, name := range files {
		// Each file is valid on its own against its schema, too.
		fsys := singleFile(t, name)
		res, err := Validate(Source{Name: BuiltinName, FS: fsys})
		require.NoError(t, err)
		for _, d := range res.Diagnostics {
			if strings.HasPrefix(d.Code, "schema-") || strings.HasPrefix(d.Code, "toml-") {
				t.Error(d)
			}
		}
	}
}

func singleFile(t *testing.T, name string) fs.FS {
	data, err := fs.ReadFile(tilekit.Builtin(), name)
	require.NoError(t, err)
	return mapFS(map[string]string{name: string(data)})
}

// TestBaseGameFacts checks the base game data against the facts of the
// rulebook: 72 tiles in each edition, 10 pennant copies, one start tile.
func TestBaseGameFacts(t *testing.T) {
	res, err := Validate(Builtin())
	require.NoError(t, err)
	base := res.Catalog.TilesOf("base")
	letters := 0
	for _, tile := range base {
		if !strings.Contains(strings.TrimPrefix(tile.ID, "base/"), "-") {
			letters++
		}
	}
	assert.Equal(t, 24, letters, "24 tile types A to X")
	for _, e := range []tilekit.Edition{tilekit.C1, tilekit.C2} {
		total, pennants, starts, gardens := 0, 0, 0, 0
		for _, tile := range base {
			n := tile.Copies(e)
			total += n
			for _, f := range tile.Features {
				if f.Has(tilekit.Pennant) {
					pennants += n
				}
			}
			for _, s := range tile.Start {
				if s == e {
					starts++
					assert.Equal(t, "base/D", tile.ID)
				}
			}
			for _, s := range tile.AllSymbols() {
				if s == tilekit.SymbolGarden {
					gardens += n
				}
			}
		}
		assert.Equal(t, 72, total, "%s tiles", e)
		assert.Equal(t, 10, pennants, "%s pennants", e)
		assert.Equal(t, 1, starts, "%s start tiles", e)
		if e == tilekit.C1 {
			assert.Zero(t, gardens, "the 1st edition has no gardens")
		} else {
			assert.Equal(t, 8, gardens, "the 2nd edition's garden copies")
		}
	}
	// Spot-check derived edges against the rulebook's N E S W column.
	for id, want := range map[string]string{"base/A": "FFRF", "base/D": "CRFR", "base/S": "CCRC", "base/X": "RRRR"} {
		tile := res.Catalog.Tile(id)
		require.NotNil(t, tile, id)
		var got strings.Builder
		for _, e := range tile.Edges() {
			got.WriteString(strings.ToUpper(string(e)[:1]))
		}
		assert.Equal(t, want, got.String(), id)
	}
}
