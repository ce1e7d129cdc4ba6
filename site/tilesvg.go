package site

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strings"

	"github.com/tilekit/tilekit"
)

// Colours of the tile pictures.
const (
	colourField      = "#8bc34a"
	colourCity       = "#e3b86f"
	colourWall       = "#8d5a2b"
	colourRoadEdge   = "#5d4037"
	colourRoad       = "#f5f0e1"
	colourCloister   = "#f3e5ab"
	colourRoof       = "#c0392b"
	colourPennant    = "#1565c0"
	colourCrown      = "#f9a825"
	colourDragon     = "#c62828"
	colourPortal     = "#8e24aa"
	colourGarden     = "#2e7d32"
	colourLava       = "#ff5722"
	colourBridge     = "#8d6e63"
	colourProvisonal = "#ff6f00"
)

var centre = pt{50, 50}

// sideMiddle returns the middle of a side at rotation 0.
func sideMiddle(s tilekit.Side) pt { return pt{50, 0}.turn(int(s)) }

// Rotations lists the rotations a tile can be drawn at, in degrees.
var Rotations = []int{0, 90, 180, 270}

// cityLayout is a city's outline and the spots for its marks, at rotation 0.
type cityLayout struct {
	outline shape
	anchor  pt
}

// layoutCity draws a city from the sides it covers: a cap, a corner, a band,
// all but one side, the whole tile, or, touching no side, a round keep.
func layoutCity(f *tilekit.Feature) cityLayout {
	var covered [4]bool
	n := 0
	for _, p := range f.Sides {
		if !p.IsHalf && !covered[p.Side] {
			covered[p.Side] = true
			n++
		}
	}
	first := -1
	for i, c := range covered {
		if c && first < 0 {
			first = i
		}
	}
	switch n {
	case 0:
		var s shape
		for i := 0; i <= 8; i++ {
			a := float64(i) * math.Pi / 4
			p := pt{50 + 18*math.Cos(a), 50 + 18*math.Sin(a)}
			if i == 0 {
				s = append(s, moveTo(p))
			} else {
				mid := float64(i)*math.Pi/4 - math.Pi/8
				s = append(s, curveTo(pt{50 + 19.5*math.Cos(mid), 50 + 19.5*math.Sin(mid)}, p))
			}
		}
		return cityLayout{s, centre}
	case 1:
		cap := shape{moveTo(pt{0, 0}), lineTo(pt{100, 0}), curveTo(pt{50, 60}, pt{0, 0})}
		return cityLayout{cap.turn(first), pt{50, 14}.turn(first)}
	case 2:
		if covered[(first+2)%4] { // opposite sides: a band
			k := first - 1 // the band E-W is the canonical one
			band := shape{moveTo(pt{0, 0}), curveTo(pt{50, 45}, pt{100, 0}), lineTo(pt{100, 100}), curveTo(pt{50, 55}, pt{0, 100}), lineTo(pt{0, 0})}
			return cityLayout{band.turn(k), pt{72, 50}.turn(k)}
		}
		k := first // corner of sides k and k+1
		if first == 0 && covered[3] {
			k = 3
		}
		corner := shape{moveTo(pt{0, 0}), lineTo(pt{100, 0}), lineTo(pt{100, 100}), curveTo(pt{80, 20}, pt{0, 0})}
		return cityLayout{corner.turn(k), pt{76, 24}.turn(k)}
	case 3:
		missing := 0
		for i, c := range covered {
			if !c {
				missing = i
			}
		}
		k := missing - 2 // the canonical one misses S
		three := shape{moveTo(pt{0, 0}), lineTo(pt{100, 0}), lineTo(pt{100, 100}), curveTo(pt{50, 40}, pt{0, 100}), lineTo(pt{0, 0})}
		return cityLayout{three.turn(k), pt{50, 24}.turn(k)}
	}
	full := shape{moveTo(pt{0, 0}), lineTo(pt{100, 0}), lineTo(pt{100, 100}), lineTo(pt{0, 100}), lineTo(pt{0, 0})}
	return cityLayout{full, pt{50, 30}}
}

// gate returns where a road meets a city's wall: the point of its outline
// nearest the tile centre.
func (c cityLayout) gate() pt {
	best, bestD := centre, math.Inf(1)
	for _, p := range c.outline.points() {
		if p.X <= 0.01 || p.X >= 99.99 || p.Y <= 0.01 || p.Y >= 99.99 {
			continue // the tile's border is not a wall
		}
		if d := dist(p, centre); d < bestD {
			best, bestD = p, d
		}
	}
	return best
}

// roadLayout is one road's path at rotation 0.
type roadLayout struct {
	feature *tilekit.Feature
	paths   []shape
	// endsInCentre counts the ends of this road that stop at the centre.
	endsInCentre int
}

func layoutRoad(f *tilekit.Feature, cities map[string]cityLayout) roadLayout {
	var sides []tilekit.Side
	for _, p := range f.Sides {
		if !p.IsHalf {
			sides = append(sides, p.Side)
		}
	}
	var gates []pt
	for _, id := range f.Drawbridges {
		if c, ok := cities[id]; ok {
			gates = append(gates, c.gate())
		}
	}
	r := roadLayout{feature: f}
	switch {
	case len(sides) == 2:
		a, b := sideMiddle(sides[0]), sideMiddle(sides[1])
		if sides[0].Opposite() == sides[1] {
			r.paths = []shape{{moveTo(a), lineTo(b)}}
		} else {
			r.paths = []shape{{moveTo(a), curveTo(centre, b)}}
		}
	case len(sides) == 1 && len(gates) > 0:
		r.paths = []shape{{moveTo(sideMiddle(sides[0])), curveTo(centre, gates[0])}}
	case len(sides) == 0 && len(gates) >= 2:
		r.paths = []shape{{moveTo(gates[0]), curveTo(centre, gates[1])}}
	default:
		for _, s := range sides {
			r.paths = append(r.paths, shape{moveTo(sideMiddle(s)), lineTo(centre)})
			r.endsInCentre++
		}
	}
	return r
}

func (r roadLayout) distance(p pt) float64 {
	d := math.Inf(1)
	for _, s := range r.paths {
		d = math.Min(d, s.distance(p))
	}
	return d
}

// picture collects the SVG of one tile.
type picture struct {
	tile    *tilekit.Tile
	quarter int
	prefix  string
	b       bytes.Buffer
}

func (pc *picture) at(q pt) pt { return q.turn(pc.quarter) }

func (pc *picture) printf(format string, args ...any) { fmt.Fprintf(&pc.b, format, args...) }

func xmlText(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// idPrefix makes an SVG id prefix from a tile id and rotation, unique when
// several pictures share one HTML page.
func idPrefix(id string, rotation int) string {
	var b strings.Builder
	b.WriteString("tk-")
	for _, r := range id {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	return fmt.Sprintf("%s-r%d", b.String(), rotation)
}

// TileSVG draws a tile turned clockwise by rotation degrees (0, 90, 180 or
// 270) as a standalone SVG document.
func TileSVG(t *tilekit.Tile, rotation int) ([]byte, error) {
	if rotation%90 != 0 || rotation < 0 || rotation >= 360 {
		return nil, fmt.Errorf("rotation %d: want 0, 90, 180 or 270", rotation)
	}
	pc := &picture{tile: t, quarter: rotation / 90, prefix: idPrefix(t.ID, rotation)}
	pc.draw(rotation)
	return pc.b.Bytes(), nil
}

func (pc *picture) draw(rotation int) {
	t := pc.tile
	title := fmt.Sprintf("%s: %s", t.ID, t.Name)
	if rotation != 0 {
		title += fmt.Sprintf(", turned %d°", rotation)
	}
	if t.Provisional {
		title += " (provisional layout)"
	}
	pc.printf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="200" height="200" role="img" aria-labelledby="%s-title">`+"\n", pc.prefix)
	pc.printf("<title id=\"%s-title\">%s</title>\n", pc.prefix, xmlText(title))
	if t.Note != "" {
		pc.printf("<desc>%s</desc>\n", xmlText(t.Note))
	}
	pc.printf(`<rect width="100" height="100" fill="%s"/>`+"\n", colourField)

	cities := map[string]cityLayout{}
	var cityOrder []int
	layouts := map[int]cityLayout{}
	for i := range t.Features {
		f := &t.Features[i]
		if f.Kind == tilekit.City {
			c := layoutCity(f)
			layouts[i] = c
			cityOrder = append(cityOrder, i)
			if f.ID != "" {
				cities[f.ID] = c
			}
		}
	}
	var roads []roadLayout
	for i := range t.Features {
		if f := &t.Features[i]; f.Kind == tilekit.Road {
			roads = append(roads, layoutRoad(f, cities))
		}
	}
	pc.hedges(layouts)
	// Roads first, so that cities close the roads that end at their gates
	// and cover those that pass beneath them.
	for _, r := range roads {
		pc.road(r, "")
	}
	for _, i := range cityOrder {
		pc.printf(`<path d="%s" fill="%s" stroke="%s" stroke-width="2" stroke-linejoin="round"/>`+"\n",
			layouts[i].outline.turn(pc.quarter).path(true), colourCity, colourWall)
	}
	for n, r := range roads {
		if c, ok := cities[r.feature.Under]; ok {
			clip := fmt.Sprintf("%s-under%d", pc.prefix, n)
			pc.printf(`<clipPath id="%s"><path d="%s"/></clipPath>`+"\n", clip, c.outline.turn(pc.quarter).path(true))
			pc.road(r, clip)
		}
	}
	// Drawbridges span from the road to the city's gate.
	for _, r := range roads {
		for _, id := range r.feature.Drawbridges {
			if c, ok := cities[id]; ok {
				pc.drawbridge(r, c.gate())
			}
		}
	}
	// What closes the roads that end in the centre.
	ends := 0
	for _, r := range roads {
		ends += r.endsInCentre
	}
	hasCloister := false
	for i := range t.Features {
		if t.Features[i].Kind == tilekit.Cloister {
			hasCloister = true
		}
	}
	centreInCity := false
	for _, c := range layouts {
		if c.outline.contains(centre) {
			centreInCity = true
		}
	}
	symbols := tileSymbols(t)
	var taken []pt
	switch {
	case hasCloister:
		pc.cloister()
		taken = append(taken, centre)
	case centreInCity || ends == 0:
	case ends >= 2:
		pc.printf(`<rect x="%s" y="%s" width="12" height="12" fill="%s" stroke="%s" stroke-width="1.5"/>`+"\n",
			num(pc.at(centre).X-6), num(pc.at(centre).Y-6), colourCloister, colourRoadEdge)
		taken = append(taken, centre)
	case len(symbols) > 0:
		// A road that dead-ends in the centre ends at the tile's symbol,
		// as a road ends at the volcano.
		pc.symbol(symbols[0], centre)
		symbols = symbols[1:]
		taken = append(taken, centre)
	default:
		pc.printf(`<circle cx="%s" cy="%s" r="4" fill="%s"/>`+"\n", num(pc.at(centre).X), num(pc.at(centre).Y), colourRoadEdge)
		taken = append(taken, centre)
	}
	// Marks inside cities.
	for _, i := range cityOrder {
		f, c := &t.Features[i], layouts[i]
		var marks []func(pt)
		if f.Has(tilekit.Pennant) {
			marks = append(marks, pc.pennant)
		}
		if f.Has(tilekit.PrincessAttr) {
			marks = append(marks, pc.crown)
		}
		for j, mark := range marks {
			offset := (float64(j) - float64(len(marks)-1)/2) * 18
			at := c.anchor.add(pt{offset, 0})
			mark(at)
			taken = append(taken, at)
		}
	}
	// Tile symbols on the first free spot: in a field if there is room,
	// else inside a city, away from walls, roads and other marks.
	free := func(p pt, inCity bool, margin float64) bool {
		for _, c := range layouts {
			if (!inCity && c.outline.contains(p)) || c.outline.distance(p) < margin {
				return false
			}
		}
		for _, r := range roads {
			if r.distance(p) < 12 {
				return false
			}
		}
		for _, q := range taken {
			if dist(p, q) < 20 {
				return false
			}
		}
		return true
	}
	for _, s := range symbols {
		spot, found := symbolSpots[0], false
		for _, pass := range []struct {
			inCity bool
			margin float64
		}{{false, 13}, {true, 13}, {true, 8}} {
			for _, p := range symbolSpots {
				if !found && free(p, pass.inCity, pass.margin) {
					spot, found = p, true
				}
			}
		}
		pc.symbol(s, spot)
		taken = append(taken, spot)
	}
	pc.printf(`<rect x="0.5" y="0.5" width="99" height="99" fill="none" stroke="#333" stroke-width="1"/>` + "\n")
	if t.Provisional {
		pc.printf(`<rect x="2.5" y="2.5" width="95" height="95" fill="none" stroke="%s" stroke-width="3" stroke-dasharray="6 4"/>`+"\n", colourProvisonal)
		pc.printf(`<text x="50" y="96" font-family="sans-serif" font-size="8" font-weight="bold" text-anchor="middle" fill="%s" stroke="white" stroke-width="0.4">PROVISIONAL</text>`+"\n", colourProvisonal)
	}
	pc.printf("</svg>\n")
}

// symbolSpots are the places tried for a symbol, in order.
var symbolSpots = []pt{
	{50, 50}, {25, 75}, {75, 75}, {25, 25}, {75, 25},
	{75, 50}, {25, 50}, {50, 75}, {50, 25},
	{50, 89}, {89, 50}, {11, 50}, {50, 11},
	{14, 86}, {86, 86}, {14, 14}, {86, 14},
}

// tileSymbols returns the symbols drawn as emblems on free spots: the
// tile's own, in vocabulary order (the princess is drawn in her city and a
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
	return out
}

// road draws a road; clip, when set, draws it dashed inside that clip path,
// for the stretch that passes under a city.
func (pc *picture) road(r roadLayout, clip string) {
	for _, s := range r.paths {
		d := s.turn(pc.quarter).path(false)
		if clip != "" {
			pc.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="4" stroke-dasharray="4 3" clip-path="url(#%s)"/>`+"\n", d, colourRoadEdge, clip)
			continue
		}
		pc.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="9"/>`+"\n", d, colourRoadEdge)
		pc.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="6"/>`+"\n", d, colourRoad)
	}
}

// drawbridge draws the lowered bridge from the road to the city gate g.
func (pc *picture) drawbridge(r roadLayout, g pt) {
	// The bridge starts where the road comes closest to the gate, or a
	// bridge's length before the gate when the road ends there.
	var from pt
	best := math.Inf(1)
	for _, s := range r.paths {
		for _, p := range s.points() {
			if d := dist(p, g); d < best {
				from, best = p, d
			}
		}
	}
	if best < 12 {
		dir := centre.add(g.scale(-1))
		if l := math.Hypot(dir.X, dir.Y); l > 0 {
			from = g.add(dir.scale(12 / l))
		}
	}
	line := shape{moveTo(from), lineTo(g)}.turn(pc.quarter).path(false)
	pc.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="10"/>`+"\n", line, colourRoadEdge)
	pc.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="7" stroke-dasharray="2 1"/>`+"\n", line, colourBridge)
}

func (pc *picture) cloister() {
	c := pc.at(centre)
	pc.printf(`<g transform="translate(%s %s)"><rect x="-9" y="-5" width="18" height="14" fill="%s" stroke="%s" stroke-width="1.2"/><path d="M-11 -5L0 -13L11 -5Z" fill="%s" stroke="%s" stroke-width="1.2"/><rect x="-2" y="2" width="4" height="7" fill="%s"/></g>`+"\n",
		num(c.X), num(c.Y), colourCloister, colourRoadEdge, colourRoof, colourRoadEdge, colourRoadEdge)
}

func (pc *picture) pennant(p pt) {
	c := pc.at(p)
	pc.printf(`<path transform="translate(%s %s)" d="M-6 -7H6V1Q6 6 0 8Q-6 6 -6 1Z" fill="%s" stroke="white" stroke-width="1.5"/>`+"\n", num(c.X), num(c.Y), colourPennant)
}

func (pc *picture) crown(p pt) {
	c := pc.at(p)
	pc.printf(`<g transform="translate(%s %s)"><path d="M-8 5L-8 -5L-4 0L0 -7L4 0L8 -5L8 5Z" fill="%s" stroke="%s" stroke-width="1.2" stroke-linejoin="round"/><circle cx="0" cy="1.5" r="1.8" fill="#ec407a"/></g>`+"\n", num(c.X), num(c.Y), colourCrown, colourRoadEdge)
}

// symbol draws a tile symbol's emblem centred on p.
func (pc *picture) symbol(s tilekit.Symbol, p pt) {
	c := pc.at(p)
	pc.printf(`<g transform="translate(%s %s)">`, num(c.X), num(c.Y))
	switch s {
	case tilekit.SymbolVolcano:
		pc.printf(`<path d="M-11 8L-4 -6H4L11 8Z" fill="#6d4c41" stroke="#3e2723" stroke-width="1"/><path d="M-4 -6Q0 -2 4 -6L2 -11Q0 -8 -2 -11Z" fill="%s"/>`, colourLava)
	case tilekit.SymbolDragon:
		pc.printf(`<path d="M-11 -2L-4 -8L-1 -2L0 -6L1 -2L4 -8L11 -2L5 0L2 6L0 9L-2 6L-5 0Z" fill="%s" stroke="#4a0000" stroke-width="1" stroke-linejoin="round"/>`, colourDragon)
	case tilekit.SymbolMagicPortal:
		pc.printf(`<path d="M-7 9V-1A7 7 0 0 1 7 -1V9Z" fill="#e1bee7" stroke="%s" stroke-width="2.5"/>`, colourPortal)
	case tilekit.SymbolGarden:
		pc.printf(`<circle cx="-4" cy="2" r="5" fill="%s"/><circle cx="4" cy="2" r="5" fill="%s"/><circle cx="0" cy="-4" r="5" fill="%s"/><circle cx="0" cy="0" r="1.5" fill="#fdd835"/>`, colourGarden, colourGarden, colourGarden)
	default:
		pc.printf(`<circle r="6" fill="white" stroke="#333"/><text y="3" font-family="sans-serif" font-size="8" text-anchor="middle">?</text>`)
	}
	pc.printf("</g>\n")
}

// hedges draws a line between two different fields that meet at a corner
// of the tile, from that corner across the tile until it reaches a city (or
// to the centre when none is in the way), so that separate fields stay
// separate in the picture.
func (pc *picture) hedges(cities map[int]cityLayout) {
	owner := map[tilekit.Half]int{}
	for i := range pc.tile.Features {
		f := &pc.tile.Features[i]
		if f.Kind != tilekit.Field {
			continue
		}
		for _, p := range f.Sides {
			if p.IsHalf {
				owner[p.Half] = i + 1
			}
		}
	}
	cornerPoints := []pt{{0, 0}, {100, 0}, {100, 100}, {0, 100}}
	for c, corner := range cornerPoints {
		// The two halves at corner c: the R half of the side before it
		// and the L half of the side after it, clockwise.
		before, after := tilekit.Half((2*c+7)%8), tilekit.Half(2*c)
		a, b := owner[before], owner[after]
		if a == 0 || b == 0 || a == b {
			continue
		}
		end, opposite := centre, cornerPoints[(c+2)%4]
		for step := 1; step < 50; step++ {
			p := lerp(corner, opposite, float64(step)/50)
			inCity := false
			for _, l := range cities {
				if l.outline.contains(p) {
					inCity = true
				}
			}
			if inCity {
				end = p
				break
			}
		}
		line := shape{moveTo(corner), lineTo(end)}.turn(pc.quarter).path(false)
		pc.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="2.5" stroke-dasharray="1 2" stroke-linecap="round"/>`+"\n", line, colourGarden)
	}
}
