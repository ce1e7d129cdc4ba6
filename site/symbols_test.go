package site

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// TestDeclaredSymbolsAreDrawn: a symbol an expansion declares is drawn as
// a mark labelled with its initials, inside one feature like a built-in
// emblem, after the tile's built-in symbols.
func TestDeclaredSymbolsAreDrawn(t *testing.T) {
	cat := builtinCatalog(t)
	for _, id := range []string{"base/B", "base/D", "base/L", "princess-dragon/dragon-city-across"} {
		tile := *cat.Tile(id)
		tile.Symbols = []tilekit.Symbol{"water-well", tilekit.SymbolGarden, "well"}
		l := layoutTile(&tile)
		var drawn []tilekit.Symbol
		for _, s := range l.symbols {
			drawn = append(drawn, s.symbol)
			if !s.onRoadEnd {
				assertInsideOneFeature(t, id, l, s)
			}
		}
		assert.Equal(t, []tilekit.Symbol{tilekit.SymbolGarden, "water-well", "well"}, drawn, id)
		svg, err := TileSVG(&tile, 90)
		require.NoError(t, err)
		assert.Equal(t, 1, strings.Count(string(svg), ">WW</text>"), "%s: water-well is labelled WW", id)
		assert.Equal(t, 1, strings.Count(string(svg), ">We</text>"), "%s: well is labelled We", id)
	}
}

func TestSymbolInitials(t *testing.T) {
	for s, want := range map[tilekit.Symbol]string{"well": "We", "water-well": "WW", "x": "X", "big-old-tree": "BO", "": "?"} {
		assert.Equal(t, want, symbolInitials(s), s)
	}
}
