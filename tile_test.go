package tilekit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSidesAndHalves(t *testing.T) {
	assert.Equal(t, West, North.Rotate(-1))
	assert.Equal(t, South, East.Rotate(1))
	assert.Equal(t, North, West.Rotate(5))
	assert.Equal(t, South, North.Opposite())
	// Halves clockwise from the top-left corner, each next to its corner.
	wantCorner := map[string]string{"NL": "NW", "NR": "NE", "EL": "NE", "ER": "SE", "SL": "SE", "SR": "SW", "WL": "SW", "WR": "NW"}
	for _, h := range Halves {
		assert.Equal(t, wantCorner[h.String()], h.Corner().String(), h.String())
		assert.Equal(t, h.String()[:1], h.Side().String())
	}
	assert.Equal(t, [2]Corner{0, 1}, North.Corners())
	assert.Equal(t, "SW NW", West.Corners()[0].String()+" "+West.Corners()[1].String())
}

func TestParsePosition(t *testing.T) {
	p, err := ParsePosition("E")
	require.NoError(t, err)
	assert.Equal(t, Position{Side: East}, p)
	p, err = ParsePosition("SR")
	require.NoError(t, err)
	assert.True(t, p.IsHalf)
	assert.Equal(t, "SR", p.String())
	assert.Equal(t, South, p.Side)
	_, err = ParsePosition("NE")
	assert.Error(t, err)
}

func pos(t *testing.T, names ...string) []Position {
	var out []Position
	for _, n := range names {
		p, err := ParsePosition(n)
		require.NoError(t, err)
		out = append(out, p)
	}
	return out
}

func TestEdgesAndSymbolsAreDerived(t *testing.T) {
	tile := Tile{ID: "princess-dragon/x", Symbols: []Symbol{SymbolDragon}, Features: []Feature{
		{Kind: City, Sides: pos(t, "N", "W"), Attributes: []Attribute{PrincessAttr, Pennant}},
		{Kind: Road, Sides: pos(t, "E", "S")},
		{Kind: Field, Sides: pos(t, "EL", "SR")},
		{Kind: Field, Sides: pos(t, "ER", "SL")},
	}}
	assert.Equal(t, [4]EdgeKind{EdgeCity, EdgeRoad, EdgeRoad, EdgeCity}, tile.Edges())
	assert.Equal(t, []Symbol{SymbolDragon, SymbolPrincess}, tile.AllSymbols())
	assert.Equal(t, "princess-dragon", tile.Expansion())
	assert.True(t, tile.Features[0].Has(Pennant))
	assert.False(t, tile.Features[1].Has(Pennant))
}

func TestCatalogLookups(t *testing.T) {
	c := NewCatalog(Data{
		Expansions: []Expansion{{ID: "fan"}, {ID: "base", Editions: []Edition{C1}, Parts: []Part{{ID: "base/river"}}}},
		Tiles:      []Tile{{ID: "fan/B"}, {ID: "base/E-garden"}, {ID: "base/F"}, {ID: "base/E"}},
		Figures:    []Figure{{ID: "fairy", Category: Neutral}, {ID: "castle", Category: Piece}},
		Locations:  []Location{{ID: "castle", Footprint: AcrossTiles}},
		Tables:     []Table{{ID: "t", Subjects: []SubjectKind{"piece", LocationSubject}}, {ID: "u", Subjects: []SubjectKind{LocationSubject}}},
	})
	assert.Equal(t, "base", c.Expansions[0].ID)
	var ids []string
	for _, tl := range c.Tiles {
		ids = append(ids, tl.ID)
	}
	assert.Equal(t, []string{"base/E", "base/E-garden", "base/F", "fan/B"}, ids)
	assert.Len(t, c.TilesOf("base"), 3)
	assert.Nil(t, c.Tile("base/Z"))
	assert.True(t, c.Expansion("base").HasEdition(C1))
	assert.False(t, c.Expansion("base").HasEdition(C2))
	assert.True(t, c.HasExpansionOrPart("base/river"))
	assert.False(t, c.HasExpansionOrPart("base/lake"))
	// A subject id shared by a piece and a location is ambiguous only in a
	// table that covers both kinds.
	assert.Len(t, c.TableSubject(c.Table("t"), "castle"), 2)
	got := c.TableSubject(c.Table("u"), "castle")
	require.Len(t, got, 1)
	assert.Equal(t, LocationSubject, got[0].Kind)
	assert.Empty(t, c.TableSubject(c.Table("u"), "fairy"))
}
