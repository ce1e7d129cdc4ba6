package site

import (
	"math"
	"slices"

	"github.com/tilekit/tilekit"
)

var centre = pt{50, 50}

// Sizes of what is drawn, in tile units, used to keep things apart.
const (
	roadHalfWidth   float64 = 4.5 // the road's edge is 9 wide
	wallHalfWidth   float64 = 1   // a city's wall is 2 wide
	hedgeHalfWidth  float64 = 1.25
	bridgeHalfWidth float64 = 5 // a drawbridge is 10 wide
	// emblemRadius is the radius of the disc that holds a symbol's emblem,
	// the widest of which (the volcano, the dragon) are 22 wide.
	emblemRadius float64 = 11
	// markSpacing is the distance kept between the centres of two marks or
	// emblems, so that they do not overlap.
	markSpacing float64 = 20
	// markMargin is the least distance from a mark's centre to the tile's
	// left or right edge.
	markMargin float64 = 10
	// bridgeLength is the length of a drawbridge.
	bridgeLength float64 = 12
)

// sideMiddle returns the middle of a side at rotation 0.
func sideMiddle(s tilekit.Side) pt { return pt{50, 0}.turn(int(s)) }

// cornerPoint returns a corner of the tile at rotation 0.
func cornerPoint(c tilekit.Corner) pt { return pt{0, 0}.turn(int(c)) }

// onBorder reports whether p lies on the tile's border.
func onBorder(p pt) bool { return p.X <= 0.01 || p.X >= 99.99 || p.Y <= 0.01 || p.Y >= 99.99 }

// tileLayout is everything drawn on a tile, placed at rotation 0.
type tileLayout struct {
	tile   *tilekit.Tile
	cities []cityLayout // in the order of the tile's features
	byID   map[string]cityLayout
	roads  []roadLayout
	// hedges are the lines between separate fields that meet at a corner.
	hedges []shape
	// bridges are the drawbridges, each from its road to its city's gate.
	bridges []shape
	// centre is what closes the roads that end in the tile's centre.
	centre centreMark
	// marks are the pennants, crowns and trade goods inside their cities.
	marks []mark
	// symbols are the tile's emblems, each on its spot.
	symbols []placedSymbol
}

// centreMark says what is drawn in the tile's centre.
type centreMark int

const (
	centreNothing  centreMark = iota // no road ends in the centre, or a city covers it
	centreCloister                   // a cloister, which roads may end at
	centreJunction                   // a junction of several roads
	centreSymbol                     // the tile's first symbol, where a road dead-ends
	centreDeadEnd                    // a road's dead end
)

// markKind is a mark a city carries.
type markKind int

const (
	markPennant markKind = iota
	markCrown
	markWine      // a bunch of grapes
	markGrain     // a sheaf
	markCloth     // a bale of cloth
	markCathedral // a church with a spire
	markInn       // a house with a gable, beside its road
)

// goodMarks are the cathedral and the trade goods a city may show, each
// with its mark, in the order they are drawn after the pennant and the
// crown.
var goodMarks = []struct {
	attr tilekit.Attribute
	kind markKind
}{
	{tilekit.Cathedral, markCathedral},
	{tilekit.Wine, markWine},
	{tilekit.Grain, markGrain},
	{tilekit.Cloth, markCloth},
}

// mark is a pennant, a crown or a trade good at its spot.
type mark struct {
	kind markKind
	at   pt
}

// placedSymbol is a tile symbol's emblem at its spot; onRoadEnd marks the
// one in the centre where a road dead-ends.
type placedSymbol struct {
	symbol    tilekit.Symbol
	at        pt
	onRoadEnd bool
}

// layoutTile places every feature, mark and symbol of the tile.
func layoutTile(t *tilekit.Tile) *tileLayout {
	l := &tileLayout{tile: t, byID: map[string]cityLayout{}}
	for i := range t.Features {
		if f := &t.Features[i]; f.Kind == tilekit.City {
			c := layoutCity(f)
			l.cities = append(l.cities, c)
			if f.ID != "" {
				l.byID[f.ID] = c
			}
		}
	}
	for i := range t.Features {
		if f := &t.Features[i]; f.Kind == tilekit.Road {
			r := layoutRoad(f, l.byID)
			l.roads = append(l.roads, r)
			for _, g := range r.gates {
				l.bridges = append(l.bridges, bridgeLine(r, g))
			}
		}
	}
	l.hedges = layoutHedges(t, l.cities)
	symbols := tileSymbols(t)
	l.centre = l.closeCentre(len(symbols) > 0)
	if l.centre == centreSymbol {
		l.symbols = append(l.symbols, placedSymbol{symbols[0], centre, true})
		symbols = symbols[1:]
	}
	l.placeMarks()
	l.placeInns()
	for _, s := range symbols {
		l.symbols = append(l.symbols, placedSymbol{symbol: s, at: l.symbolSpot()})
	}
	return l
}

// closeCentre decides what closes the roads that end in the centre.
func (l *tileLayout) closeCentre(hasSymbol bool) centreMark {
	ends := 0
	for _, r := range l.roads {
		ends += r.endsInCentre
	}
	centreInCity := false
	for _, c := range l.cities {
		if c.outline.contains(centre) {
			centreInCity = true
		}
	}
	switch {
	case hasFeature(l.tile, tilekit.Cloister):
		return centreCloister
	case centreInCity || ends == 0:
		return centreNothing
	case ends >= 2:
		return centreJunction
	case hasSymbol:
		// A road that dead-ends in the centre ends at the tile's symbol, as
		// a road ends at the volcano.
		return centreSymbol
	}
	return centreDeadEnd
}

func hasFeature(t *tilekit.Tile, kind tilekit.FeatureKind) bool {
	for i := range t.Features {
		if t.Features[i].Kind == kind {
			return true
		}
	}
	return false
}

// placeMarks puts each city's pennant, crown and trade goods side by side
// about its anchor.
func (l *tileLayout) placeMarks() {
	for _, c := range l.cities {
		var kinds []markKind
		if c.feature.Has(tilekit.Pennant) {
			kinds = append(kinds, markPennant)
		}
		if c.feature.Has(tilekit.PrincessAttr) {
			kinds = append(kinds, markCrown)
		}
		for _, g := range goodMarks {
			if c.feature.Has(g.attr) {
				kinds = append(kinds, g.kind)
			}
		}
		// The row is centred on the anchor, and moved sideways where it
		// would run off the tile (a city with three or four marks).
		half := float64(len(kinds)-1) / 2 * 18
		shift := math.Max(0, markMargin-(c.anchor.X-half)) - math.Max(0, c.anchor.X+half-(100-markMargin))
		for j, k := range kinds {
			offset := (float64(j)-float64(len(kinds)-1)/2)*18 + shift
			l.marks = append(l.marks, mark{k, c.anchor.add(pt{offset, 0})})
		}
	}
}

// taken returns the spots already holding something drawn on top: the
// centre mark, the marks and the emblems placed so far.
func (l *tileLayout) taken() []pt {
	var out []pt
	if l.centre != centreNothing {
		out = append(out, centre)
	}
	for _, m := range l.marks {
		out = append(out, m.at)
	}
	for _, s := range l.symbols {
		if !s.onRoadEnd {
			out = append(out, s.at)
		}
	}
	return out
}

// symbolSpots are the places tried for a symbol, in order.
var symbolSpots = []pt{
	{50, 50}, {25, 75}, {75, 75}, {25, 25}, {75, 25},
	{75, 50}, {25, 50}, {50, 75}, {50, 25},
	{50, 89}, {89, 50}, {11, 50}, {50, 11},
	{14, 86}, {86, 86}, {14, 14}, {86, 14},
	{35, 65}, {65, 65}, {35, 35}, {65, 35},
}

// moreSymbolSpots are tried when none of symbolSpots is free: a grid over
// the tile.
var moreSymbolSpots = func() []pt {
	var out []pt
	for y := 15.0; y <= 85; y += 5 {
		for x := 15.0; x <= 85; x += 5 {
			out = append(out, pt{x, y})
		}
	}
	return out
}()

// placeInns puts each inn beside its road: on the free spot of a field
// nearest to the road.
func (l *tileLayout) placeInns() {
	for _, r := range l.roads {
		if !r.feature.Has(tilekit.Inn) {
			continue
		}
		best, bestDist := pt{}, math.Inf(1)
		for _, spots := range [][]pt{symbolSpots, moreSymbolSpots} {
			for _, p := range spots {
				if d := r.distance(p); d < bestDist && l.emblemFits(p, false) {
					best, bestDist = p, d
				}
			}
		}
		if !math.IsInf(bestDist, 1) {
			l.marks = append(l.marks, mark{markInn, best})
		}
	}
}

// symbolSpot returns the first spot where a symbol's emblem lies wholly
// inside one feature: in a field if there is room, else inside a city, clear
// of walls, roads, hedges, drawbridges and other marks. When no spot is free
// it returns the first.
func (l *tileLayout) symbolSpot() pt {
	for _, inCity := range []bool{false, true} {
		for _, spots := range [][]pt{symbolSpots, moreSymbolSpots} {
			for _, p := range spots {
				if l.emblemFits(p, inCity) {
					return p
				}
			}
		}
	}
	return symbolSpots[0]
}

// emblemFits reports whether an emblem centred on p stays inside the tile
// and inside one feature, away from whatever else is drawn there; inCity
// allows a city.
func (l *tileLayout) emblemFits(p pt, inCity bool) bool {
	if p.X < emblemRadius || p.X > 100-emblemRadius || p.Y < emblemRadius || p.Y > 100-emblemRadius {
		return false
	}
	for _, c := range l.cities {
		if (!inCity && c.outline.contains(p)) || c.wallDistance(p) < emblemRadius+wallHalfWidth {
			return false
		}
	}
	for _, r := range l.roads {
		if r.distance(p) < emblemRadius+roadHalfWidth {
			return false
		}
	}
	for _, h := range l.hedges {
		if h.distance(p) < emblemRadius+hedgeHalfWidth {
			return false
		}
	}
	for _, b := range l.bridges {
		if b.distance(p) < emblemRadius+bridgeHalfWidth {
			return false
		}
	}
	for _, q := range l.taken() {
		if dist(p, q) < markSpacing {
			return false
		}
	}
	return true
}

// layoutHedges returns a line between two different fields that meet at a
// corner of the tile, from that corner across the tile until it reaches a
// city (or to the centre when none is in the way), so that separate fields
// stay separate in the picture.
func layoutHedges(t *tilekit.Tile, cities []cityLayout) []shape {
	owner := map[tilekit.Half]int{}
	for i := range t.Features {
		f := &t.Features[i]
		if f.Kind != tilekit.Field {
			continue
		}
		for _, p := range f.Sides {
			if p.IsHalf {
				owner[p.Half] = i + 1
			}
		}
	}
	var out []shape
	for _, c := range tilekit.Corners {
		h := c.Halves()
		a, b := owner[h[0]], owner[h[1]]
		if a == 0 || b == 0 || a == b {
			continue
		}
		corner, opposite := cornerPoint(c), cornerPoint(c.Rotate(2))
		end := centre
		for step := 1; step < 50; step++ {
			p := lerp(corner, opposite, float64(step)/50)
			if inAnyCity(p, cities) {
				end = p
				break
			}
		}
		out = append(out, shape{moveTo(corner), lineTo(end)})
	}
	return out
}

func inAnyCity(p pt, cities []cityLayout) bool {
	for _, c := range cities {
		if c.outline.contains(p) {
			return true
		}
	}
	return false
}

// tileSymbols returns the symbols drawn as emblems on free spots: the
// tile's own built-in ones in vocabulary order, then those an expansion
// declares, in the tile's order (the princess is drawn in her city and a
// drawbridge at its gate).
func tileSymbols(t *tilekit.Tile) []tilekit.Symbol {
	var out []tilekit.Symbol
	for _, d := range tilekit.SymbolDocs {
		for _, s := range t.Symbols {
			if s == d.Symbol && s != tilekit.SymbolPrincess && s != tilekit.SymbolDrawbridge {
				out = append(out, s)
			}
		}
	}
	for _, s := range t.Symbols {
		if !s.Known() && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// cityLayout is a city's outline and the spot for its marks, at rotation 0.
type cityLayout struct {
	feature *tilekit.Feature
	outline shape
	anchor  pt
}

// layoutCity draws a city from the sides it covers: a cap, a corner, a band,
// all but one side, the whole tile, or, touching no side, a round keep.
func layoutCity(f *tilekit.Feature) cityLayout {
	var covered [4]bool
	var sides []tilekit.Side
	for _, p := range f.Sides {
		if !p.IsHalf && !covered[p.Side] {
			covered[p.Side] = true
			sides = append(sides, p.Side)
		}
	}
	slices.Sort(sides)
	c := cityLayout{feature: f}
	switch len(sides) {
	case 0:
		c.outline, c.anchor = keep(), centre
	case 1:
		cap := shape{moveTo(pt{0, 0}), lineTo(pt{100, 0}), curveTo(pt{50, 60}, pt{0, 0})}
		c.outline, c.anchor = cap.turn(int(sides[0])), pt{50, 14}.turn(int(sides[0]))
	case 2:
		if sides[0].Opposite() == sides[1] { // a band; E-W is the canonical one
			k := int(sides[0].Rotate(-1))
			band := shape{moveTo(pt{0, 0}), curveTo(pt{50, 45}, pt{100, 0}), lineTo(pt{100, 100}), curveTo(pt{50, 55}, pt{0, 100}), lineTo(pt{0, 0})}
			c.outline, c.anchor = band.turn(k), pt{72, 50}.turn(k)
			break
		}
		k := int(sides[0]) // the corner of sides k and k+1; N-E is the canonical one
		if sides[0] == tilekit.North && sides[1] == tilekit.West {
			k = int(tilekit.West)
		}
		corner := shape{moveTo(pt{0, 0}), lineTo(pt{100, 0}), lineTo(pt{100, 100}), curveTo(pt{80, 20}, pt{0, 0})}
		c.outline, c.anchor = corner.turn(k), pt{76, 24}.turn(k)
	case 3:
		var missing tilekit.Side
		for _, s := range tilekit.Sides {
			if !covered[s] {
				missing = s
			}
		}
		k := int(missing.Rotate(2)) // the canonical one misses S
		three := shape{moveTo(pt{0, 0}), lineTo(pt{100, 0}), lineTo(pt{100, 100}), curveTo(pt{50, 40}, pt{0, 100}), lineTo(pt{0, 0})}
		c.outline, c.anchor = three.turn(k), pt{50, 24}.turn(k)
	default:
		c.outline = shape{moveTo(pt{0, 0}), lineTo(pt{100, 0}), lineTo(pt{100, 100}), lineTo(pt{0, 100}), lineTo(pt{0, 0})}
		c.anchor = pt{50, 30}
	}
	return c
}

// keep is the round outline of a city that touches no side.
func keep() shape {
	var s shape
	for i := 0; i <= 8; i++ {
		a := float64(i) * math.Pi / 4
		p := pt{50 + 18*math.Cos(a), 50 + 18*math.Sin(a)}
		if i == 0 {
			s = append(s, moveTo(p))
			continue
		}
		mid := a - math.Pi/8
		s = append(s, curveTo(pt{50 + 19.5*math.Cos(mid), 50 + 19.5*math.Sin(mid)}, p))
	}
	return s
}

// wallDistance returns how far p is from the city's wall, the part of its
// outline inside the tile.
func (c cityLayout) wallDistance(p pt) float64 {
	var buf pointBuf
	poly := c.outline.appendPoints(buf[:0])
	best := math.Inf(1)
	for i := 1; i < len(poly); i++ {
		if !onBorder(poly[i-1]) || !onBorder(poly[i]) {
			best = math.Min(best, segmentDistance(p, poly[i-1], poly[i]))
		}
	}
	return best
}

// gate returns where a road coming from the given sides meets the city's
// wall: the point of the wall nearest the tile centre among those the road
// can reach from one of its sides without crossing the city (any point of
// the wall when it has no side, or none is in reach).
func (c cityLayout) gate(from []tilekit.Side) pt {
	var wall, reachable []pt
	for _, p := range c.outline.points() {
		if onBorder(p) {
			continue // the tile's border is not a wall
		}
		wall = append(wall, p)
		for _, s := range from {
			if c.reachable(sideMiddle(s), p) {
				reachable = append(reachable, p)
				break
			}
		}
	}
	if len(reachable) > 0 {
		wall = reachable
	}
	best, bestD := centre, math.Inf(1)
	for _, p := range wall {
		if d := dist(p, centre); d < bestD-1e-9 {
			best, bestD = p, d
		}
	}
	return best
}

// reachable reports whether the straight way from a to the wall point p
// stays outside the city.
func (c cityLayout) reachable(a, p pt) bool {
	for i := 0; i < 20; i++ {
		if c.outline.contains(lerp(a, p, float64(i)/20)) {
			return false
		}
	}
	return true
}

// roadLayout is one road's path at rotation 0.
type roadLayout struct {
	feature *tilekit.Feature
	paths   []shape
	// gates are where the road's drawbridges meet their cities' walls.
	gates []pt
	// endsInCentre counts the ends of this road that stop at the centre.
	endsInCentre int
}

// layoutRoad draws a road from the middles of its sides: straight or curved
// between two sides, to its drawbridge's gate, between two gates, or to the
// centre.
func layoutRoad(f *tilekit.Feature, cities map[string]cityLayout) roadLayout {
	var sides []tilekit.Side
	for _, p := range f.Sides {
		if !p.IsHalf {
			sides = append(sides, p.Side)
		}
	}
	r := roadLayout{feature: f}
	for _, id := range f.Drawbridges {
		if c, ok := cities[id]; ok {
			r.gates = append(r.gates, c.gate(sides))
		}
	}
	switch {
	case len(sides) == 2:
		a, b := sideMiddle(sides[0]), sideMiddle(sides[1])
		if sides[0].Opposite() == sides[1] {
			r.paths = []shape{{moveTo(a), lineTo(b)}}
		} else {
			r.paths = []shape{{moveTo(a), curveTo(centre, b)}}
		}
	case len(sides) == 1 && len(r.gates) > 0:
		r.paths = []shape{roadToGate(sides[0], r.gates[0])}
	case len(sides) == 0 && len(r.gates) >= 2:
		r.paths = []shape{{moveTo(r.gates[0]), curveTo(centre, r.gates[1])}}
	default:
		for _, s := range sides {
			r.paths = append(r.paths, shape{moveTo(sideMiddle(s)), lineTo(centre)})
			r.endsInCentre++
		}
	}
	return r
}

// roadToGate runs a road from the middle of side s to a gate: straight when
// the gate lies on the side's half of the tile, else curving past the centre.
func roadToGate(s tilekit.Side, gate pt) shape {
	m := sideMiddle(s)
	out, toGate := m.add(centre.scale(-1)), gate.add(centre.scale(-1))
	if out.X*toGate.X+out.Y*toGate.Y > 0 {
		return shape{moveTo(m), lineTo(gate)}
	}
	return shape{moveTo(m), curveTo(centre, gate)}
}

func (r roadLayout) distance(p pt) float64 {
	d := math.Inf(1)
	for _, s := range r.paths {
		d = math.Min(d, s.distance(p))
	}
	return d
}

// bridgeLine returns the drawbridge from road r to the gate g: along the
// road, a bridge's length back from its end, when the road ends at the gate,
// or else from where the road passes closest to the gate.
func bridgeLine(r roadLayout, g pt) shape {
	var nearest pt
	best := math.Inf(1)
	for _, s := range r.paths {
		if dir, ok := s.endTangent(g); ok {
			if l := math.Hypot(dir.X, dir.Y); l > 0 {
				return shape{moveTo(g.add(dir.scale(bridgeLength / l))), lineTo(g)}
			}
		}
		for _, p := range s.points() {
			if d := dist(p, g); d < best {
				nearest, best = p, d
			}
		}
	}
	return shape{moveTo(nearest), lineTo(g)}
}
