package site

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

// This file draws a board of a worked example as one SVG document: each
// tile's own picture at its position and rotation, the followers as discs
// in their players' colours on the features they stand on, the neutral
// figures as marks and the red dragon's flight as a line.

// boardTile is a tile on a board.
type boardTile struct {
	Pos  tilekit.BoardPosition
	Tile *tilekit.Tile
	// Played is the tile as the game plays it, with the features its
	// symbols make (tilekit.Catalog.PlayedTile); nil: Tile.
	Played *tilekit.Tile
	Rot    int // degrees clockwise
	// Turn is the turn that placed the tile, counted from 1; 0 for a tile
	// of the setup.
	Turn int
}

// boardFollower is a follower on a feature of a board's tile.
type boardFollower struct {
	Pos tilekit.BoardPosition
	// Feature is the index of the feature in the tile's Features.
	Feature int
	// Player is the owner, counted from 1.
	Player int
	// AtCorner says that it stands at the corner Corner of its tile (a
	// kind that stands where four tiles meet), drawn there.
	AtCorner bool
	Corner   tilekit.Corner
}

// boardFigure is a neutral figure on a tile: the dragon, the fairy or the
// Black Dragon.
type boardFigure struct {
	Figure game.Figure
	Pos    tilekit.BoardPosition
}

// figureOrder is the order the neutral figures are drawn in, the last on
// top.
var figureOrder = []string{"dragon", "black-dragon", "fairy"}

// board is everything a board picture shows.
type board struct {
	Title     string
	Tiles     []boardTile
	Followers []boardFollower
	Figures   []boardFigure
	// Flights are the dragons' flights, tile by tile.
	Flights []flight
	// Arrows are the ways of followers that went elsewhere: deployed
	// onto another tile than the one placed, or crossed into a linked
	// feature.
	Arrows []arrow
}

// arrow is a follower's way over a board, from one end to the other,
// titled for a reader; Class names its kind ("deployment", "crossing"),
// which gives its colour (arrowColours).
type arrow struct {
	Class    string
	From, To arrowEnd
	Title    string
}

// arrowEnd is an end of an arrow: the centre of the tile at Pos, or for a
// Feature of 0 or more the spot of the tile where a follower on that
// feature is drawn.
type arrowEnd struct {
	Pos     tilekit.BoardPosition
	Feature int
}

// atCentre is an arrow's end at the centre of a tile.
func atCentre(p tilekit.BoardPosition) arrowEnd { return arrowEnd{Pos: p, Feature: -1} }

// arrowShort is how far short of a follower's spot an arrow ends: its
// head's tip, 3 beyond the line's end, then meets the follower's disc
// (its radius 8 and its outline).
const arrowShort = 12.0

// arrowColours are the arrows' colours by class.
var arrowColours = map[string]string{"deployment": "#6a1b9a", "crossing": "#00695c"}

// flight is a dragon's flight: the tiles it entered one after the other,
// from where it stood.
type flight struct {
	// Figure is the dragon or the Black Dragon.
	Figure game.Figure
	Points []tilekit.BoardPosition
}

// playerColours are the followers' colours, by player from 1.
var playerColours = []string{"#f9d71c", "#1e63d6", "#d62828", "#2e9e44", "#222222", "#9e9e9e"}

// playerColour returns the colour of a player counted from 1.
func playerColour(player int) string {
	if player < 1 || player > len(playerColours) {
		return "#ffffff"
	}
	return playerColours[player-1]
}

// figureMarks draw the neutral figures, each centred on its tile.
var figureMarks = map[string]string{
	"dragon":       `<path d="M-14 -4L-5 -12L-1 -4L0 -9L1 -4L5 -12L14 -4L6 0L2 8L0 12L-2 8L-6 0Z" fill="#c62828" stroke="#fff" stroke-width="1.5"/>`,
	"black-dragon": `<path d="M-14 -4L-5 -12L-1 -4L0 -9L1 -4L5 -12L14 -4L6 0L2 8L0 12L-2 8L-6 0Z" fill="#111" stroke="#fff" stroke-width="1.5"/>`,
	"fairy":        `<path d="M0 -11L3 -3L11 -3L5 2L7 10L0 5L-7 10L-5 2L-11 -3L-3 -3Z" fill="#f48fb1" stroke="#fff" stroke-width="1.2"/>`,
}

// figureOffsets keep the neutral figures of one tile apart.
var figureOffsets = map[string]pt{"dragon": {0, -22}, "black-dragon": {0, 22}, "fairy": {-24, 0}}

// drawBoard draws a board as a standalone SVG document, titled by its
// Title: its columns and rows labelled, the number of the turn that placed
// each tile, the flights and arrows, and a title for each figure.
func (b *builder) drawBoard(bd *board) ([]byte, error) {
	// A band above and to the left of the tiles labels the columns (x)
	// and rows (y), so that a position the text gives is found on the
	// board.
	const band = 18
	fr, err := frameOf(bd, band)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-labelledby="board-title">`+"\n", fr.w, fr.h, min(fr.w, 900), min(fr.w, 900)*fr.h/fr.w)
	fmt.Fprintf(&buf, "<title id=\"board-title\">%s</title>\n", xmlText(bd.Title))
	fmt.Fprintf(&buf, `<rect width="%d" height="%d" fill="#fafafa"/>`+"\n", fr.w, fr.h)
	for x := fr.minX; x <= fr.maxX; x++ {
		fmt.Fprintf(&buf, `<text class="coord" x="%d" y="%d" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#5f6368">%d</text>`+"\n", fr.ox+x*100+50, band, x)
	}
	for y := fr.minY; y <= fr.maxY; y++ {
		fmt.Fprintf(&buf, `<text class="coord" x="%d" y="%d" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#5f6368">%d</text>`+"\n", band/2+4, fr.oy+y*100+54, y)
	}
	if err := b.drawTiles(&buf, bd, fr, true); err != nil {
		return nil, err
	}
	for _, f := range bd.Flights {
		b.drawFlight(&buf, f, fr.ox, fr.oy)
	}
	if err := drawArrows(&buf, bd, fr.ox, fr.oy); err != nil {
		return nil, err
	}
	if err := b.drawFigures(&buf, bd, fr, true); err != nil {
		return nil, err
	}
	buf.WriteString("</svg>\n")
	return buf.Bytes(), nil
}

// drawThumb draws a board small, as a picture beside the link to its
// example: its tiles, followers and figures, with no title (the picture
// is decorative: the link names the example), labels, numbers or lines.
func (b *builder) drawThumb(bd *board) ([]byte, error) {
	fr, err := frameOf(bd, 0)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" aria-hidden="true">`+"\n", fr.w, fr.h, max(fr.w/thumbScale, 1), max(fr.h/thumbScale, 1))
	fmt.Fprintf(&buf, `<rect width="%d" height="%d" fill="#fafafa"/>`+"\n", fr.w, fr.h)
	if err := b.drawTiles(&buf, bd, fr, false); err != nil {
		return nil, err
	}
	if err := b.drawFigures(&buf, bd, fr, false); err != nil {
		return nil, err
	}
	buf.WriteString("</svg>\n")
	return buf.Bytes(), nil
}

// thumbScale is how many times smaller than a board a thumbnail's own
// size is.
const thumbScale = 4

// boardFrame is where a board's tiles lie in its picture: the positions
// they span, the picture's size and where the tile at 0,0 has its corner.
type boardFrame struct {
	minX, minY, maxX, maxY int
	w, h, ox, oy           int
}

// frameOf returns the frame of a board's tiles, with a margin of 10 and a
// band of labels above and to the left of them.
func frameOf(bd *board, band int) (boardFrame, error) {
	if len(bd.Tiles) == 0 {
		return boardFrame{}, fmt.Errorf("the board has no tile")
	}
	f := boardFrame{minX: math.MaxInt, minY: math.MaxInt, maxX: math.MinInt, maxY: math.MinInt}
	for _, t := range bd.Tiles {
		f.minX, f.minY, f.maxX, f.maxY = min(f.minX, t.Pos.X), min(f.minY, t.Pos.Y), max(f.maxX, t.Pos.X), max(f.maxY, t.Pos.Y)
	}
	f.w, f.h = (f.maxX-f.minX+1)*100+20+band, (f.maxY-f.minY+1)*100+20+band
	f.ox, f.oy = -f.minX*100+10+band, -f.minY*100+10+band
	return f, nil
}

// drawTiles draws each tile's picture at its place, and with turns the
// number of the turn that placed it.
func (b *builder) drawTiles(buf *bytes.Buffer, bd *board, fr boardFrame, turns bool) error {
	for i, t := range bd.Tiles {
		body, err := b.tileBody(t.Tile, t.Rot, fmt.Sprintf("b%d-", i))
		if err != nil {
			return err
		}
		fmt.Fprintf(buf, `<svg x="%d" y="%d" width="100" height="100" viewBox="0 0 100 100">`+"\n", fr.ox+t.Pos.X*100, fr.oy+t.Pos.Y*100)
		buf.Write(body)
		if turns && t.Turn > 0 {
			fmt.Fprintf(buf, `<g><circle cx="88" cy="88" r="9" fill="#fff" stroke="#333"/><text x="88" y="91.5" font-family="sans-serif" font-size="10" text-anchor="middle">%d</text></g>`+"\n", t.Turn)
		}
		buf.WriteString("</svg>\n")
	}
	return nil
}

// drawFigures draws the followers as discs in their players' colours on
// their features and the neutral figures as marks on their tiles, titled
// for a reader when titled is true; untitled (a thumbnail), the discs are
// larger, to show at its size.
func (b *builder) drawFigures(buf *bytes.Buffer, bd *board, fr boardFrame, titled bool) error {
	// shared counts the followers drawn at a spot, so that followers on
	// one feature of a tile stand side by side, not on top of each other.
	shared := map[pt]int{}
	apart := 18.0
	if !titled {
		apart = 30
	}
	for _, f := range bd.Followers {
		at, err := followerSpot(bd, f.Pos, f.Feature)
		if f.AtCorner {
			at = cornerSpot(f.Pos, f.Corner)
		}
		if err != nil {
			return fmt.Errorf("a follower of player %d: %w", f.Player, err)
		}
		n := shared[at]
		shared[at]++
		at.X += float64(n) * apart
		if !titled {
			fmt.Fprintf(buf, `<circle cx="%s" cy="%s" r="14" fill="%s" stroke="#fff" stroke-width="4"/>`+"\n", num(float64(fr.ox)+at.X), num(float64(fr.oy)+at.Y), playerColour(f.Player))
			continue
		}
		fmt.Fprintf(buf, `<circle cx="%s" cy="%s" r="8" fill="%s" stroke="#fff" stroke-width="2.5"><title>%s</title></circle>`+"\n",
			num(float64(fr.ox)+at.X), num(float64(fr.oy)+at.Y), playerColour(f.Player), xmlText(b.tr.must("board.follower", b.playerWord(f.Player))))
	}
	for _, f := range bd.Figures {
		off, title := figureOffsets[f.Figure.ID()], ""
		if titled {
			title = "<title>" + xmlText(b.tr.must("figure."+f.Figure.ID())) + "</title>"
		}
		fmt.Fprintf(buf, `<g transform="translate(%s %s)"><circle r="16" fill="#fff" fill-opacity="0.85" stroke="#333"/>%s%s</g>`+"\n", num(float64(fr.ox+f.Pos.X*100+50)+off.X), num(float64(fr.oy+f.Pos.Y*100+50)+off.Y),
			figureMarks[f.Figure.ID()], title)
	}
	return nil
}

// followerSpot returns where a follower on a feature of the tile at a
// position is drawn, in board units from the origin tile's corner.
func followerSpot(bd *board, p tilekit.BoardPosition, feature int) (pt, error) {
	t := boardTileAt(bd, p)
	played := 0
	if t != nil && t.Played != nil {
		played = len(t.Played.Features)
	}
	if t == nil || feature < 0 || feature >= max(len(t.Tile.Features), played) {
		return pt{}, fmt.Errorf("%d,%d has no feature %d", p.X, p.Y, feature)
	}
	q, _ := tilekit.RotationQuarters(t.Rot)
	var at pt
	if feature < len(t.Tile.Features) {
		at = featureAnchor(t.Tile, feature).turn(q)
	} else {
		at = symbolAnchor(t.Tile).turn(q)
	}
	return pt{float64(p.X*100) + at.X, float64(p.Y*100) + at.Y}, nil
}

// cornerSpot returns where a figure at a corner of the tile at a position
// is drawn, in board units from the origin tile's corner: on the corner,
// where the four tiles meet.
func cornerSpot(p tilekit.BoardPosition, c tilekit.Corner) pt {
	x, y := float64(p.X*100), float64(p.Y*100)
	if c == tilekit.NE || c == tilekit.SE {
		x += 100
	}
	if c == tilekit.SE || c == tilekit.SW {
		y += 100
	}
	return pt{x, y}
}

// arrowPoint returns where an arrow's end is drawn, in board units from
// the origin tile's corner.
func arrowPoint(bd *board, e arrowEnd) (pt, error) {
	if e.Feature < 0 {
		return pt{float64(e.Pos.X*100 + 50), float64(e.Pos.Y*100 + 50)}, nil
	}
	return followerSpot(bd, e.Pos, e.Feature)
}

// drawArrows draws the arrows of a board, each class with its colour and
// its own arrowhead; an arrow that ends on a feature stops short of the
// follower drawn there, so that its head shows.
func drawArrows(buf *bytes.Buffer, bd *board, ox, oy int) error {
	heads := map[string]bool{}
	for _, a := range bd.Arrows {
		from, err := arrowPoint(bd, a.From)
		if err != nil {
			return fmt.Errorf("an arrow from %d,%d: %w", a.From.Pos.X, a.From.Pos.Y, err)
		}
		to, err := arrowPoint(bd, a.To)
		if err != nil {
			return fmt.Errorf("an arrow to %d,%d: %w", a.To.Pos.X, a.To.Pos.Y, err)
		}
		if d := dist(from, to); a.To.Feature >= 0 && d > arrowShort {
			to = pt{to.X - (to.X-from.X)*arrowShort/d, to.Y - (to.Y-from.Y)*arrowShort/d}
		}
		colour := arrowColours[a.Class]
		if !heads[a.Class] {
			heads[a.Class] = true
			fmt.Fprintf(buf, `<defs><marker id="arrow-head-%s" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="3.5" markerHeight="3.5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="%s"/></marker></defs>`+"\n", a.Class, colour)
		}
		fmt.Fprintf(buf, `<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="4" marker-end="url(#arrow-head-%s)" opacity="0.9"><title>%s</title></line>`+"\n",
			a.Class, num(float64(ox)+from.X), num(float64(oy)+from.Y), num(float64(ox)+to.X), num(float64(oy)+to.Y), colour, a.Class, xmlText(a.Title))
	}
	return nil
}

// drawFlight draws a dragon's flight through the centres of its tiles.
func (b *builder) drawFlight(buf *bytes.Buffer, f flight, ox, oy int) {
	if len(f.Points) < 2 {
		return
	}
	colour := "#c62828"
	if f.Figure.ID() == "black-dragon" {
		colour = "#111111"
	}
	var pts []string
	for _, p := range f.Points {
		pts = append(pts, strconv.Itoa(ox+p.X*100+50)+","+strconv.Itoa(oy+p.Y*100+50))
	}
	fmt.Fprintf(buf, `<polyline points="%s" fill="none" stroke="%s" stroke-width="4" stroke-dasharray="10 6" stroke-linecap="round" opacity="0.85"><title>%s</title></polyline>`+"\n",
		strings.Join(pts, " "), colour, xmlText(b.tr.must("board.flight."+f.Figure.ID())))
}

// boardTileAt returns the tile at a position of a board, or nil.
func boardTileAt(bd *board, p tilekit.BoardPosition) *boardTile {
	for i := range bd.Tiles {
		if bd.Tiles[i].Pos == p {
			return &bd.Tiles[i]
		}
	}
	return nil
}

// tileBody returns a tile's picture at a rotation without its outer <svg>
// element, its ids prefixed so that several pictures share one document.
// Pictures are drawn once per tile and rotation.
func (b *builder) tileBody(t *tilekit.Tile, rotation int, prefix string) ([]byte, error) {
	key := fmt.Sprintf("%s@%d", t.ID, rotation)
	pic, ok := b.tileCache[key]
	if !ok {
		var err error
		if pic, err = TileSVG(t, rotation); err != nil {
			return nil, err
		}
		b.tileCache[key] = pic
	}
	start := bytes.IndexByte(pic, '\n') + 1
	end := bytes.LastIndex(pic, []byte("</svg>"))
	if start <= 0 || end < start {
		return nil, fmt.Errorf("tile %s: unexpected picture", t.ID)
	}
	id := idPrefix(t.ID, rotation)
	return bytes.ReplaceAll(pic[start:end], []byte(id), []byte(prefix+id)), nil
}

// symbolAnchor returns where a follower on a feature a symbol of a tile
// makes (a garden) is drawn, at rotation 0: on the symbol's emblem.
func symbolAnchor(t *tilekit.Tile) pt {
	if l := layoutTile(t); len(l.symbols) > 0 {
		return l.symbols[0].at
	}
	return centre
}

// featureAnchor returns where a follower on a feature of a tile is drawn,
// at rotation 0: inside its city, on its road, on its cloister, or in its
// field near the first side half it touches, clear of cities and roads.
func featureAnchor(t *tilekit.Tile, i int) pt {
	f := &t.Features[i]
	l := layoutTile(t)
	switch f.Kind {
	case tilekit.City:
		for _, c := range l.cities {
			if c.feature == f {
				return c.anchor
			}
		}
	case tilekit.Road:
		for _, r := range l.roads {
			if r.feature == f && len(r.paths) > 0 {
				pts := r.paths[0].points()
				return pts[len(pts)/2]
			}
		}
	case tilekit.Cloister:
		return pt{50, 58}
	case tilekit.Field:
		return fieldAnchor(f, l)
	}
	return centre
}

// fieldAnchor finds a spot of a field: the free point of a grid nearest to
// the middle of the first side half the field touches.
func fieldAnchor(f *tilekit.Feature, l *tileLayout) pt {
	target := centre
	for _, p := range f.Sides {
		if p.IsHalf {
			x := 25.0
			if !p.Half.IsLeft() {
				x = 75
			}
			target = pt{x, 6}.turn(int(p.Half.Side()))
			break
		}
	}
	best, bestDist := target, math.Inf(1)
	for x := 8.0; x <= 92; x += 6 {
		for y := 8.0; y <= 92; y += 6 {
			p := pt{x, y}
			if !spotFree(p, l) {
				continue
			}
			if d := dist(p, target); d < bestDist {
				best, bestDist = p, d
			}
		}
	}
	return best
}

// spotFree reports whether a follower's disc at p covers no city, road or
// hedge.
func spotFree(p pt, l *tileLayout) bool {
	for _, c := range l.cities {
		if c.outline.contains(p) || c.wallDistance(p) < 10 {
			return false
		}
	}
	for _, r := range l.roads {
		if r.distance(p) < roadHalfWidth+9 {
			return false
		}
	}
	for _, h := range l.hedges {
		if h.distance(p) < 9 {
			return false
		}
	}
	return true
}
