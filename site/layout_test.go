package site

import (
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// onWall reports whether p lies on the city's wall: on its outline and not
// on the tile's border.
func onWall(c cityLayout, p pt) bool { return c.outline.distance(p) < 0.5 && !onBorder(p) }

// TestDrawbridgeGatesFaceTheirRoads checks every drawbridge of the built-in
// tiles: its gate lies on its city's wall, on the side the road comes from
// (the straight way from one of the road's sides to the gate stays outside
// the city), a road that ends at the gate ends exactly there, the bridge
// lies outside the city, and two roads never share a gate.
func TestDrawbridgeGatesFaceTheirRoads(t *testing.T) {
	cat := builtinCatalog(t)
	checked := 0
	for i := range cat.Tiles {
		tile := &cat.Tiles[i]
		l := layoutTile(tile)
		var gates []pt
		for _, r := range l.roads {
			require.Len(t, r.gates, len(tile.DrawbridgeCities(r.feature)), tile.ID)
			for j, id := range r.feature.Drawbridges {
				c, g := l.byID[id], r.gates[j]
				assert.True(t, onWall(c, g), "%s: gate %v is on the wall of city %s", tile.ID, g, id)
				var sides []tilekit.Side
				for _, p := range r.feature.Sides {
					sides = append(sides, p.Side)
				}
				if len(sides) > 0 {
					inReach := false
					for _, s := range sides {
						clear := true
						for k := 0; k < 100; k++ {
							if c.outline.contains(lerp(sideMiddle(s), g, float64(k)/100)) {
								clear = false
							}
						}
						inReach = inReach || clear
					}
					assert.True(t, inReach, "%s: gate %v of city %s faces the road from %v", tile.ID, g, id, sides)
				}
				if len(sides) == 1 {
					end := r.paths[0][len(r.paths[0])-1].To
					assert.Less(t, dist(end, g), 0.01, "%s: the road from %s ends at the gate", tile.ID, sides[0])
				}
				for _, q := range gates {
					assert.Greater(t, dist(q, g), 20.0, "%s: two drawbridges at one gate", tile.ID)
				}
				gates = append(gates, g)
				checked++
			}
		}
		for _, b := range l.bridges {
			mid := lerp(b[0].To, b[1].To, 0.5)
			assert.False(t, inAnyCity(mid, l.cities), "%s: the bridge at %v lies outside the city", tile.ID, b[1].To)
			assert.InDelta(t, bridgeLength, dist(b[0].To, b[1].To), 8.01, tile.ID)
		}
	}
	assert.GreaterOrEqual(t, checked, 12, "every drawbridge tile is checked")

	// The two tiles the fix is about, by name.
	l := layoutTile(cat.Tile("drawbridges/city-across-road-from-south"))
	require.Len(t, l.roads[0].gates, 1)
	assert.Greater(t, l.roads[0].gates[0].Y, 50.0, "the gate of the road from S is on the south wall")
	l = layoutTile(cat.Tile("drawbridges/city-across-two-roads"))
	var ys []float64
	for _, r := range l.roads {
		require.Len(t, r.gates, 1)
		ys = append(ys, r.gates[0].Y)
	}
	require.Len(t, ys, 2)
	assert.Less(t, math.Min(ys[0], ys[1]), 50.0, "one gate on the north wall")
	assert.Greater(t, math.Max(ys[0], ys[1]), 50.0, "one gate on the south wall")
}

var labelPattern = regexp.MustCompile(`<text x="([0-9.]+)" y="([0-9.]+)" font-family="sans-serif" font-size="([0-9.]+)" font-weight="bold" text-anchor="(\w+)"[^>]*>PROVISIONAL</text>`)

// TestProvisionalLabelCoversNoRoad reads the label's place from the
// picture of every tile, marked provisional, at every rotation, and checks
// that no point of its box lies on a road, a drawbridge, a mark or an
// emblem.
func TestProvisionalLabelCoversNoRoad(t *testing.T) {
	cat := builtinCatalog(t)
	tiles := []tilekit.Tile{}
	for _, tile := range cat.Tiles {
		tile.Provisional = true
		tiles = append(tiles, tile)
	}
	small := 0
	for i := range tiles {
		tile := &tiles[i]
		l := layoutTile(tile)
		for q, r := range tilekit.Rotations {
			svg, err := TileSVG(tile, r)
			require.NoError(t, err)
			m := labelPattern.FindStringSubmatch(string(svg))
			require.NotNil(t, m, "%s turned %d has the label", tile.ID, r)
			lb := label{x: atof(t, m[1]), y: atof(t, m[2]), size: atof(t, m[3]), anchor: m[4]}
			if lb.size < 8 {
				small++
			}
			b := lb.box()
			assert.True(t, b.Min.X >= 3 && b.Max.X <= 97 && b.Min.Y >= 3 && b.Max.Y <= 97, "%s turned %d: the label %v lies inside the frame", tile.ID, r, b)
			for x := b.Min.X; x <= b.Max.X; x += 0.5 {
				for y := b.Min.Y; y <= b.Max.Y; y += 0.5 {
					p := pt{x, y}
					for _, rl := range l.roads {
						for _, s := range rl.paths {
							require.GreaterOrEqual(t, s.turn(q).distance(p), roadHalfWidth, "%s turned %d: the label covers a road at %v", tile.ID, r, p)
						}
					}
					for _, s := range l.bridges {
						require.GreaterOrEqual(t, s.turn(q).distance(p), bridgeHalfWidth, "%s turned %d: the label covers a drawbridge at %v", tile.ID, r, p)
					}
					for _, s := range l.symbols {
						require.GreaterOrEqual(t, dist(s.at.turn(q), p), emblemRadius, "%s turned %d: the label covers a symbol at %v", tile.ID, r, p)
					}
				}
			}
		}
	}
	assert.Positive(t, small, "the crossroads leave only a corner, where the label is small")
}

func atof(t *testing.T, s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err)
	return f
}

// TestSymbolsSitInsideOneFeature checks that the emblem of every symbol
// (but one that closes a road in the centre) lies wholly inside one
// feature: the tile, no road, wall, hedge or drawbridge under any of it,
// and all of it in the same city or all of it in no city. Beside the
// built-in tiles it tries crowded ones, such as split fields whose hedge
// runs through the centre.
func TestSymbolsSitInsideOneFeature(t *testing.T) {
	cat := builtinCatalog(t)
	tiles := append([]tilekit.Tile{}, cat.Tiles...)
	for _, id := range []string{"princess-dragon/princess-split-fields", "base/X", "base/L", "princess-dragon/dragon-city-across", "drawbridges/road-past-gate", "drawbridges/city-corner-road-from-south"} {
		tile := *cat.Tile(id)
		tile.ID += "+symbols"
		tile.Symbols = append(append([]tilekit.Symbol{}, tile.Symbols...), tilekit.SymbolDragon, tilekit.SymbolMagicPortal, tilekit.SymbolVolcano)
		tiles = append(tiles, tile)
	}
	placed := 0
	for i := range tiles {
		tile := &tiles[i]
		l := layoutTile(tile)
		for _, s := range l.symbols {
			if s.onRoadEnd {
				continue
			}
			placed++
			assertInsideOneFeature(t, tile.ID, l, s)
		}
	}
	assert.Greater(t, placed, 40)
}

func assertInsideOneFeature(t *testing.T, id string, l *tileLayout, s placedSymbol) {
	t.Helper()
	city := -2
	for ring := 0.0; ring <= emblemRadius; ring += emblemRadius / 2 {
		for k := 0; k < 24; k++ {
			a := float64(k) * math.Pi / 12
			p := s.at.add(pt{ring * math.Cos(a), ring * math.Sin(a)})
			require.True(t, p.X >= 0 && p.X <= 100 && p.Y >= 0 && p.Y <= 100, "%s: %s at %v leaves the tile", id, s.symbol, s.at)
			in := -1
			for j, c := range l.cities {
				require.GreaterOrEqual(t, c.wallDistance(p), wallHalfWidth, "%s: %s at %v covers a wall", id, s.symbol, s.at)
				if c.outline.contains(p) {
					require.Equal(t, -1, in, "%s: %s at %v lies in two cities", id, s.symbol, s.at)
					in = j
				}
			}
			require.True(t, city == -2 || city == in, "%s: %s at %v straddles a wall", id, s.symbol, s.at)
			city = in
			for _, r := range l.roads {
				require.GreaterOrEqual(t, r.distance(p), roadHalfWidth, "%s: %s at %v covers a road", id, s.symbol, s.at)
			}
			for _, h := range l.hedges {
				require.GreaterOrEqual(t, h.distance(p), hedgeHalfWidth, "%s: %s at %v straddles a hedge between two fields", id, s.symbol, s.at)
			}
			for _, b := range l.bridges {
				require.GreaterOrEqual(t, b.distance(p), bridgeHalfWidth, "%s: %s at %v covers a drawbridge", id, s.symbol, s.at)
			}
		}
	}
}
