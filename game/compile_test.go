package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

func TestCompileBaseGame(t *testing.T) {
	cat, r := baseRules(t)
	assert.Equal(t, tilekit.C2, r.Edition())
	assert.Equal(t, 72, r.Total(), "the base game has 72 tiles, the start tile among them")
	pile := 0
	for typ, n := range r.Pile() {
		assert.Equal(t, r.Count(typ)-boolInt(typ == r.Start()), n, r.ID(typ))
		pile += n
	}
	assert.Equal(t, 71, pile, "the start tile is placed first, the rest make the pile")
	assert.Equal(t, "base/D", r.ID(r.Start()))
	for typ := range r.NumTypes() {
		id := r.ID(typ)
		assert.Equal(t, "base", cat.Tile(id).Expansion())
		back, ok := r.Type(id)
		assert.True(t, ok)
		assert.Equal(t, typ, back)
	}
	_, ok := r.Type("base/Z")
	assert.False(t, ok)

	b := game.StartBoard(r)
	typ, rot, ok := b.At(tilekit.BoardPosition{})
	require.True(t, ok)
	assert.Equal(t, "base/D", r.ID(typ))
	assert.Equal(t, 0, rot)
	assert.Equal(t, 1, b.Len())
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestCompiledEdgesOfKnownTiles(t *testing.T) {
	_, r := baseRules(t)
	const f, rd, c = tilekit.EdgeField, tilekit.EdgeRoad, tilekit.EdgeCity
	// Edges at rotations 0, 90, 180 and 270, each listed N, E, S, W.
	want := map[string][4][4]tilekit.EdgeKind{
		// A city on the north side and a road from west to east.
		"base/D": {{c, rd, f, rd}, {rd, c, rd, f}, {f, rd, c, rd}, {rd, f, rd, c}},
		// A cloister with a road leaving south.
		"base/A": {{f, f, rd, f}, {f, f, f, rd}, {rd, f, f, f}, {f, rd, f, f}},
		"base/B": {{f, f, f, f}, {f, f, f, f}, {f, f, f, f}, {f, f, f, f}},
		"base/C": {{c, c, c, c}, {c, c, c, c}, {c, c, c, c}, {c, c, c, c}},
	}
	for id, rotations := range want {
		typ, ok := r.Type(id)
		require.True(t, ok, id)
		for rot, sides := range rotations {
			for _, s := range tilekit.Sides {
				assert.Equal(t, sides[s], r.Edge(typ, rot, s), "%s at %d, side %s", id, tilekit.Rotations[rot], s)
			}
		}
	}
	d, _ := r.Type("base/D")
	assert.Equal(t, uint8(2|1<<2|0<<4|1<<6), r.Edges(d, 0), "two bits a side: field 0, road 1, city 2")
}

func TestCompiledEdgesMatchTheCatalog(t *testing.T) {
	cat := catalog(t)
	sel, err := rules.Select(cat, []string{"drawbridges", "princess-dragon"})
	require.NoError(t, err)
	for _, e := range tilekit.Editions {
		r, err := game.Compile(cat, sel, game.Setup{Edition: e})
		require.NoError(t, err, e)
		for typ := range r.NumTypes() {
			tile := cat.Tile(r.ID(typ))
			require.Positive(t, tile.Copies(e))
			for rot := range 4 {
				for _, s := range tilekit.Sides {
					assert.Equal(t, refEdge(tile, rot, s), r.Edge(typ, rot, s), "%s %s at %d side %s", e, tile.ID, rot, s)
				}
			}
		}
	}
}

func TestCompileSelectsExpansionsAndEditions(t *testing.T) {
	cat := catalog(t)
	_, base := baseRules(t)
	sel, err := rules.Select(cat, []string{"princess-dragon"})
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	assert.Greater(t, r.NumTypes(), base.NumTypes())
	assert.Greater(t, r.Total(), base.Total())
	assert.Equal(t, "base/D", r.ID(r.Start()))
	for typ := range r.NumTypes() {
		assert.Contains(t, []string{"base", "princess-dragon"}, cat.Tile(r.ID(typ)).Expansion())
	}
	c1, err := game.Compile(cat, rules.Selection{}, game.Setup{Edition: tilekit.C1})
	require.NoError(t, err)
	_, garden := c1.Type("base/E-garden")
	assert.False(t, garden, "the garden tiles are not in the 1st edition")
	assert.Equal(t, 72, c1.Total())
}

func TestCompileErrors(t *testing.T) {
	cat := catalog(t)
	_, err := game.Compile(cat, rules.Selection{}, game.Setup{Edition: "C9"})
	assert.ErrorContains(t, err, `unknown edition "C9"`)

	noStart := tilekit.NewCatalog(tilekit.Data{
		Expansions: []tilekit.Expansion{{ID: "base", Editions: []tilekit.Edition{tilekit.C1}}},
		Tiles:      []tilekit.Tile{{ID: "base/X", Counts: map[tilekit.Edition]int{tilekit.C1: 3}}},
	})
	_, err = game.Compile(noStart, rules.Selection{}, game.Setup{Edition: tilekit.C1})
	assert.EqualError(t, err, "no start tile for edition C1 in the selection (base)")
	_, err = game.Compile(noStart, rules.Selection{}, game.Setup{Edition: tilekit.C2})
	assert.EqualError(t, err, "no tile of the selection (base) is in edition C2")

	tooMany := tilekit.NewCatalog(tilekit.Data{
		Expansions: []tilekit.Expansion{{ID: "base", Editions: []tilekit.Edition{tilekit.C1}}},
		Tiles:      []tilekit.Tile{{ID: "base/X", Counts: map[tilekit.Edition]int{tilekit.C1: 20000}}},
	})
	_, err = game.Compile(tooMany, rules.Selection{}, game.Setup{Edition: tilekit.C1})
	assert.EqualError(t, err, "tile base/X: more than 16382 tiles in all")
}
