package site

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"html"
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
	colourWine       = "#6a1b9a"
	colourGrain      = "#d4a017"
	colourStalk      = "#8d6e00"
	colourCloth      = "#c62860"
	colourLeaf       = "#2e7d32"
	colourInnWall    = "#f3e5c0"
	colourDragon     = "#c62828"
	colourPortal     = "#8e24aa"
	colourGarden     = "#2e7d32"
	colourLava       = "#ff5722"
	colourBridge     = "#8d6e63"
	colourProvisonal = "#ff6f00"
)

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
	quarter, err := tilekit.RotationQuarters(rotation)
	if err != nil {
		return nil, err
	}
	pc := &picture{tile: t, quarter: quarter, prefix: idPrefix(t.ID, rotation)}
	pc.draw(layoutTile(t))
	return pc.b.Bytes(), nil
}

// draw writes the whole picture, from the ground up.
func (pc *picture) draw(l *tileLayout) {
	pc.header()
	pc.hedges(l.hedges)
	pc.roadsAndCities(l)
	for _, b := range l.bridges {
		pc.drawbridge(b)
	}
	pc.centreMark(l.centre)
	for _, m := range l.marks {
		switch m.kind {
		case markPennant:
			pc.pennant(m.at)
		case markCrown:
			pc.crown(m.at)
		case markWine:
			pc.wine(m.at)
		case markGrain:
			pc.grain(m.at)
		case markCloth:
			pc.cloth(m.at)
		case markCathedral:
			pc.cathedral(m.at)
		case markInn:
			pc.inn(m.at)
		}
	}
	for _, s := range l.symbols {
		pc.symbol(s.symbol, s.at)
	}
	pc.printf(`<rect x="0.5" y="0.5" width="99" height="99" fill="none" stroke="#333" stroke-width="1"/>` + "\n")
	if pc.tile.Provisional {
		pc.provisional(placeLabel(l, pc.quarter))
	}
	pc.printf("</svg>\n")
}

// header opens the SVG document with its title, description and the field
// everything else is drawn on.
func (pc *picture) header() {
	t := pc.tile
	title := fmt.Sprintf("%s: %s", t.ID, t.Name)
	if pc.quarter != 0 {
		title += fmt.Sprintf(", turned %d°", tilekit.Rotations[pc.quarter])
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
}

// roadsAndCities draws the roads, then the cities over them, so that cities
// close the roads that end at their gates and cover those that pass beneath
// them, and then, dashed, the stretch of each road that passes under a city.
func (pc *picture) roadsAndCities(l *tileLayout) {
	for _, r := range l.roads {
		pc.road(r, "")
	}
	for _, c := range l.cities {
		pc.printf(`<path d="%s" fill="%s" stroke="%s" stroke-width="2" stroke-linejoin="round"/>`+"\n",
			c.outline.turn(pc.quarter).path(true), colourCity, colourWall)
	}
	for n, r := range l.roads {
		if c, ok := l.byID[r.feature.Under]; ok {
			clip := fmt.Sprintf("%s-under%d", pc.prefix, n)
			pc.printf(`<clipPath id="%s"><path d="%s"/></clipPath>`+"\n", clip, c.outline.turn(pc.quarter).path(true))
			pc.road(r, clip)
		}
	}
}

// centreMark draws what closes the roads that end in the centre; a symbol
// there is drawn with the other symbols.
func (pc *picture) centreMark(m centreMark) {
	c := pc.at(centre)
	switch m {
	case centreCloister:
		pc.cloister()
	case centreJunction:
		pc.printf(`<rect x="%s" y="%s" width="12" height="12" fill="%s" stroke="%s" stroke-width="1.5"/>`+"\n",
			num(c.X-6), num(c.Y-6), colourCloister, colourRoadEdge)
	case centreDeadEnd:
		pc.printf(`<circle cx="%s" cy="%s" r="4" fill="%s"/>`+"\n", num(c.X), num(c.Y), colourRoadEdge)
	}
}

// provisional marks a layout not checked against the printed tile: a dashed
// frame and the label.
func (pc *picture) provisional(lb label) {
	pc.printf(`<rect x="2.5" y="2.5" width="95" height="95" fill="none" stroke="%s" stroke-width="3" stroke-dasharray="6 4"/>`+"\n", colourProvisonal)
	pc.printf(`<text x="%s" y="%s" font-family="sans-serif" font-size="%s" font-weight="bold" text-anchor="%s" fill="%s" stroke="white" stroke-width="0.4">%s</text>`+"\n",
		num(lb.x), num(lb.y), num(lb.size), lb.anchor, colourProvisonal, labelText)
}

// drawbridge draws a lowered bridge, given at rotation 0.
func (pc *picture) drawbridge(b shape) {
	line := b.turn(pc.quarter).path(false)
	pc.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="10"/>`+"\n", line, colourRoadEdge)
	pc.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="7" stroke-dasharray="2 1"/>`+"\n", line, colourBridge)
}

// hedges draws the lines between separate fields, given at rotation 0.
func (pc *picture) hedges(lines []shape) {
	for _, h := range lines {
		pc.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="2.5" stroke-dasharray="1 2" stroke-linecap="round"/>`+"\n", h.turn(pc.quarter).path(false), colourGarden)
	}
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

// wine draws the wine good: a bunch of grapes on a leaf.
func (pc *picture) wine(p pt) {
	c := pc.at(p)
	pc.printf(`<g transform="translate(%s %s)"><path d="M0 -6L5 -9L3 -5Z" fill="%s"/>`, num(c.X), num(c.Y), colourLeaf)
	for _, g := range []pt{{-4, -3}, {0, -3}, {4, -3}, {-2, 1}, {2, 1}, {0, 5}} {
		pc.printf(`<circle cx="%s" cy="%s" r="2.4" fill="%s" stroke="white" stroke-width="0.7"/>`, num(g.X), num(g.Y), colourWine)
	}
	pc.printf("</g>\n")
}

// grain draws the grain good: a sheaf of three ears tied in the middle.
func (pc *picture) grain(p pt) {
	c := pc.at(p)
	pc.printf(`<g transform="translate(%s %s)" stroke-linecap="round"><path d="M0 8V-2M-3 8L-1 -1M3 8L1 -1" stroke="%s" stroke-width="1.4" fill="none"/>`+
		`<ellipse cx="0" cy="-5" rx="1.8" ry="3.8" fill="%s" stroke="white" stroke-width="0.6"/>`+
		`<ellipse cx="-4" cy="-3.5" rx="1.6" ry="3.4" transform="rotate(-25 -4 -3.5)" fill="%s" stroke="white" stroke-width="0.6"/>`+
		`<ellipse cx="4" cy="-3.5" rx="1.6" ry="3.4" transform="rotate(25 4 -3.5)" fill="%s" stroke="white" stroke-width="0.6"/>`+
		`<path d="M-3 3H3" stroke="%s" stroke-width="1.6"/></g>`+"\n",
		num(c.X), num(c.Y), colourStalk, colourGrain, colourGrain, colourGrain, colourWine)
}

// cloth draws the cloth good: a bale tied with a cord.
func (pc *picture) cloth(p pt) {
	c := pc.at(p)
	pc.printf(`<g transform="translate(%s %s)"><rect x="-7" y="-5" width="14" height="10" rx="2.5" fill="%s" stroke="white" stroke-width="1"/>`+
		`<path d="M-7 -1.5H7M-7 1.5H7" stroke="#f8bbd0" stroke-width="0.8"/><path d="M0 -5V5" stroke="%s" stroke-width="1.4"/></g>`+"\n",
		num(c.X), num(c.Y), colourCloth, colourRoadEdge)
}

// cathedral draws the cathedral: a nave with a spire and a cross.
func (pc *picture) cathedral(p pt) {
	c := pc.at(p)
	pc.printf(`<g transform="translate(%s %s)"><path d="M-8 7V-1L-3 -4V-8L0 -12L3 -8V-4L8 -1V7Z" fill="%s" stroke="white" stroke-width="1.2" stroke-linejoin="round"/>`+
		`<path d="M0 -15V-11M-1.5 -13.5H1.5M0 7V2" stroke="white" stroke-width="1.2"/></g>`+"\n", num(c.X), num(c.Y), colourRoof)
}

// inn draws an inn: a house with a gable roof and a door.
func (pc *picture) inn(p pt) {
	c := pc.at(p)
	pc.printf(`<g transform="translate(%s %s)"><path d="M-7 7V-1H7V7Z" fill="%s" stroke="%s" stroke-width="1"/>`+
		`<path d="M-9 -1L0 -8L9 -1Z" fill="%s" stroke="white" stroke-width="1" stroke-linejoin="round"/><path d="M-1.8 7V2.5H1.8V7Z" fill="%s"/></g>`+"\n",
		num(c.X), num(c.Y), colourInnWall, colourRoadEdge, colourRoof, colourRoadEdge)
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
	default: // a symbol an expansion declares: a mark labelled with its initials
		pc.printf(`<circle r="9" fill="white" stroke="%s" stroke-width="1.5"/><text y="3.5" font-family="sans-serif" font-size="10" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`,
			colourRoadEdge, colourRoadEdge, html.EscapeString(symbolInitials(s)))
	}
	pc.printf("</g>\n")
}

// symbolInitials labels a declared symbol's mark: the initials of its first
// two words ("water-well" gives "WW"), or the first two letters of a
// single word, the first upper-case ("well" gives "We").
func symbolInitials(s tilekit.Symbol) string {
	words := strings.FieldsFunc(string(s), func(r rune) bool { return r == '-' })
	switch {
	case len(words) == 0:
		return "?"
	case len(words) == 1:
		r := []rune(words[0])
		return strings.ToUpper(string(r[:1])) + string(r[1:min(2, len(r))])
	}
	return strings.ToUpper(string([]rune(words[0])[:1]) + string([]rune(words[1])[:1]))
}
