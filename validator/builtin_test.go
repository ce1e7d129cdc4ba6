package validator

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// TestBuiltinDataIsClean walks every embedded data file and rules text
// through the full validator: each must be read, and none may have a
// problem.
func TestBuiltinDataIsClean(t *testing.T) {
	var files []string
	texts := 0
	for _, folder := range Subfolders {
		require.NoError(t, fs.WalkDir(tilekit.Builtin(), folder.Name, func(p string, d fs.DirEntry, err error) error {
			if _, _, text := tilekit.ParseTextPath(p); err == nil && text && !d.IsDir() {
				texts++
				return nil
			}
			if err == nil && !d.IsDir() {
				assert.True(t, strings.HasSuffix(p, ".toml"), "data folders hold only TOML: %s", p)
				files = append(files, p)
			}
			return err
		}))
	}
	require.NotEmpty(t, files)
	res, err := Validate(BuiltinFolder())
	require.NoError(t, err)
	for _, d := range res.Diagnostics {
		t.Error(d)
	}
	assert.Equal(t, len(files), res.Files, "every embedded data file is validated")
	assert.Len(t, res.Catalog.Texts, texts, "every embedded rules text is loaded")
	for _, name := range files {
		// Each file is valid on its own against its schema, too.
		fsys := singleFile(t, name)
		res, err := Validate(Folder{Name: BuiltinName, FS: fsys})
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
// The base game's steps cite the base game's rules, not the page of an
// expansion (the Black Dragon's) that happens to describe the turn.
func TestBaseStepsCiteTheBaseRules(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)
	steps := 0
	for _, st := range cat.Steps {
		if st.Expansion != tilekit.BaseGame {
			continue
		}
		steps++
		assert.Equal(t, tilekit.Rulebook, st.Source.Kind, "step %s cites %s", st.ID, st.Source.Title)
		assert.NotContains(t, st.Source.URL, "Black_Dragon", "step %s", st.ID)
	}
	assert.GreaterOrEqual(t, steps, 3, "place-tile, place-figure, score-features")
}

func TestBaseGameFacts(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)
	base := cat.TilesOf("base")
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
		tile := cat.Tile(id)
		require.NotNil(t, tile, id)
		var got strings.Builder
		for _, e := range tile.Edges() {
			got.WriteString(strings.ToUpper(string(e)[:1]))
		}
		assert.Equal(t, want, got.String(), id)
	}
}

// TestPrincessDragonFacts checks the expansion's tiles against its rules:
// 30 tiles in each of the 1st and 2nd editions, 6 volcano, 12 dragon, 6
// magic portal and 6 princess tiles, 29 layouts, two garden swaps in C2.
func TestPrincessDragonFacts(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)
	tiles := cat.TilesOf("princess-dragon")
	layouts := 0
	for _, tile := range tiles {
		if !strings.HasSuffix(tile.ID, "-garden") {
			layouts++
		}
	}
	assert.Equal(t, 29, layouts)
	for _, e := range []tilekit.Edition{tilekit.C1, tilekit.C2} {
		total := 0
		bySymbol := map[tilekit.Symbol]int{}
		for _, tile := range tiles {
			total += tile.Copies(e)
			for _, s := range tile.AllSymbols() {
				bySymbol[s] += tile.Copies(e)
			}
		}
		assert.Equal(t, 30, total, e)
		assert.Equal(t, 6, bySymbol[tilekit.SymbolVolcano], e)
		assert.Equal(t, 12, bySymbol[tilekit.SymbolDragon], e)
		assert.Equal(t, 6, bySymbol[tilekit.SymbolMagicPortal], e)
		assert.Equal(t, 6, bySymbol[tilekit.SymbolPrincess], e)
		wantGardens := map[tilekit.Edition]int{tilekit.C1: 0, tilekit.C2: 2}[e]
		assert.Equal(t, wantGardens, bySymbol[tilekit.SymbolGarden], e)
	}
	// The two special layouts are modelled, not flattened.
	var inside, under bool
	for _, tile := range tiles {
		for _, f := range tile.Features {
			inside = inside || (f.Kind == tilekit.Cloister && f.Inside != "")
			under = under || (f.Kind == tilekit.Road && f.Under != "")
		}
	}
	assert.True(t, inside, "a cloister inside a city")
	assert.True(t, under, "a road under a city")
}

// TestDrawbridgesFacts checks the 12 provisional tiles and the cases the
// rules name: a road passing a gate and going on, a road joining two cities
// through two drawbridges.
func TestDrawbridgesFacts(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)
	tiles := cat.TilesOf("drawbridges")
	require.Len(t, tiles, 12)
	var passing, joining bool
	for _, tile := range tiles {
		assert.True(t, tile.Provisional, tile.ID)
		assert.NotEmpty(t, tile.Note, tile.ID)
		assert.Equal(t, map[tilekit.Edition]int{tilekit.C3: 1}, tile.Counts, tile.ID)
		assert.Contains(t, tile.AllSymbols(), tilekit.SymbolDrawbridge, tile.ID)
		for i := range tile.Features {
			f := &tile.Features[i]
			if f.Kind != tilekit.Road {
				continue
			}
			cities := tile.DrawbridgeCities(f)
			passing = passing || (len(cities) == 1 && len(f.Sides) == 2)
			joining = joining || len(cities) == 2
		}
	}
	assert.True(t, passing, "a road that passes a gate and goes on")
	assert.True(t, joining, "a road joining two cities through two drawbridges")
}

// TestDoubtfulTilesSayWhy checks two tiles whose layout is in doubt: each is
// provisional and its note says what the doubt is.
func TestDoubtfulTilesSayWhy(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)

	// Drawbridges Tile 10: a road between two cities, each with a drawbridge,
	// modelled as a one-tile road touching no side, which the page never says.
	tile := cat.Tile("drawbridges/road-between-cities")
	require.NotNil(t, tile)
	assert.True(t, tile.Provisional)
	var road *tilekit.Feature
	for i := range tile.Features {
		if tile.Features[i].Kind == tilekit.Road {
			road = &tile.Features[i]
		}
	}
	require.NotNil(t, road)
	assert.Empty(t, road.Sides, "modelled as a road that touches no side")
	assert.ElementsMatch(t, []string{"north", "south"}, road.Drawbridges)
	assert.Len(t, tile.DrawbridgeCities(road), 2)
	for _, want := range []string{"The Drawbridges", "Tile 10", "Assumed", "If the printed road reaches a side"} {
		assert.Contains(t, tile.Note, want)
	}

	// The princess tile with two cities: which cities its west field borders
	// is in doubt; the small inner field touches no side and borders both.
	tile = cat.Tile("princess-dragon/princess-two-cities")
	require.NotNil(t, tile)
	assert.True(t, tile.Provisional)
	assert.Contains(t, tile.Note, "north city only")
	westLeft, err := tilekit.ParseEdgePoint("WL")
	require.NoError(t, err)
	inner, west := 0, 0
	for _, f := range tile.Features {
		switch {
		case f.Kind == tilekit.Field && len(f.Sides) == 0:
			inner++
			assert.ElementsMatch(t, []string{"north", "corner"}, f.Cities)
		case f.Kind == tilekit.Field && slices.Contains(f.Sides, westLeft):
			west++
			assert.Equal(t, []string{"north"}, f.Cities, "the west field borders the north city only")
			assert.Equal(t, []string{"corner"}, f.Apart, "and meets the corner city at a point")
		}
	}
	assert.Equal(t, 1, inner, "one inner field")
	assert.Equal(t, 1, west, "one west field")
}

// TestSubfoldersMatchTheEmbeddedData keeps the list of data sub-folders
// the one place it is written: the embed line of the root package must
// embed exactly these folders (and the schemas), and each has its schema.
func TestSubfoldersMatchTheEmbeddedData(t *testing.T) {
	entries, err := fs.ReadDir(tilekit.Builtin(), ".")
	require.NoError(t, err)
	var embedded []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "schema" {
			embedded = append(embedded, e.Name())
		}
	}
	var listed []string
	for _, sub := range Subfolders {
		listed = append(listed, sub.Name)
		_, err := fs.Stat(tilekit.Schemas(), sub.Schema)
		assert.NoError(t, err, "the schema of %s/", sub.Name)
	}
	assert.ElementsMatch(t, listed, embedded, "data.go's go:embed line and validator.Subfolders")
}

// TestBuiltinCitationsCanBeFollowed checks that every statement of the
// built-in data cites a document a reader can find (a title, and for a
// page or an FAQ where it is published), and that no data file, schema or
// scaffold names the project's private notes.
func TestBuiltinCitationsCanBeFollowed(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)
	check := func(what string, c tilekit.Citation) {
		assert.NotEmpty(t, c.Title, "%s: a citation names its document", what)
		if c.Kind == tilekit.Rulebook || c.Kind == tilekit.FAQ || c.Kind == tilekit.FanRules {
			assert.True(t, strings.HasPrefix(c.URL, "https://"), "%s: %s says where it is published", what, c)
		}
	}
	for _, tb := range cat.Tables {
		if tb.Rule != nil {
			check("table "+tb.ID, tb.Rule.Source)
		}
	}
	for _, r := range cat.Rows {
		check("row "+r.Table+"/"+r.ID, r.Source)
	}
	for _, n := range cat.Notes {
		check("note "+n.ID, n.Source)
	}
	for _, s := range cat.Steps {
		check("step "+s.ID, s.Source)
	}
	private := regexp.MustCompile(`(?i)\bseed\b|rules-notes|research notes|shared/`)
	for _, root := range []string{"tiles", "expansions", "interactions", "schema"} {
		require.NoError(t, fs.WalkDir(tilekit.Builtin(), root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(tilekit.Builtin(), p)
			require.NoError(t, err)
			for i, line := range strings.Split(string(data), "\n") {
				assert.False(t, private.MatchString(line), "%s:%d cites a private note: %s", p, i+1, line)
			}
			return nil
		}))
	}
}

// TestBaseGameThirdEditionFacts checks the 3rd edition (C3) of the base
// game: 72 tiles, one start tile (D), the same 10 pennants and 8 garden
// copies. The C3 counts are an assumption (they follow C2, see the header of
// tiles/base.toml), so every tile's C3 count equals its C2 count, and every
// tile whose copies differ between C1 and C2, and the start tile, says in its
// note that its C3 count is not confirmed.
func TestBaseGameThirdEditionFacts(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)
	total, pennants, gardens := 0, 0, 0
	var starts []string
	for _, tile := range cat.TilesOf("base") {
		n := tile.Copies(tilekit.C3)
		total += n
		assert.Equal(t, tile.Copies(tilekit.C2), n, "%s: C3 follows C2", tile.ID)
		for _, f := range tile.Features {
			if f.Has(tilekit.Pennant) {
				pennants += n
			}
		}
		for _, s := range tile.AllSymbols() {
			if s == tilekit.SymbolGarden {
				gardens += n
			}
		}
		for _, s := range tile.Start {
			if s == tilekit.C3 {
				starts = append(starts, tile.ID)
			}
		}
		if tile.Copies(tilekit.C1) != tile.Copies(tilekit.C2) || len(tile.Start) > 0 {
			assert.Contains(t, tile.Note, "not confirmed", "%s: its C3 count is an assumption", tile.ID)
		}
	}
	assert.Equal(t, 72, total, "C3 tiles")
	assert.Equal(t, 10, pennants, "C3 pennants")
	assert.Equal(t, 8, gardens, "C3 garden copies")
	assert.Equal(t, []string{"base/D"}, starts, "one C3 start tile")
	// A C3 game with The Drawbridges: the base game's 72 and the 12 new tiles.
	withDrawbridges := total
	for _, tile := range cat.TilesOf("drawbridges") {
		withDrawbridges += tile.Copies(tilekit.C3)
	}
	assert.Equal(t, 84, withDrawbridges)
}
