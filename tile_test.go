package tilekit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func pos(t *testing.T, names ...string) []EdgePoint {
	var out []EdgePoint
	for _, n := range names {
		p, err := ParseEdgePoint(n)
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
