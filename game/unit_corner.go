package game

import (
	"fmt"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The mechanic of a player's figure that stands at a corner: every step
// with a corner figure in the rules data ([step.corner-figure]), whatever
// its id, is played here, from its data alone. Instead of a follower the
// player may put the figure at a corner of the tile placed where four
// tiles meet and the quarter of each at that corner is of the step's kind
// ("WORD x,y:NE"), into the feature of those quarters unless a figure of
// a kind that stands at a corner is in it already. The followers in the
// feature are scored at once by the kind's rule for the end of the game
// and go home; followers whose feature joins a corner figure's later (the
// step, after the figure decision) are scored by the kind's rule for a
// completed feature and go home; no follower may be deployed into it, the
// figure stays to the end and weighs in its majority. The figure stands
// on the feature instance of the quarter of the tile placed, and the
// corner is the unit's state (section "corners"). The seed's figure is
// cited in the data.

// cornerRules are the mechanic's compiled data.
type cornerRules struct {
	corner cornerFigure
}

// cornerFigure is a compiled corner figure: whether the turn has one, the
// kind, the word of its moves, the kind of the quarters, the step, its
// source and why no follower takes the figure's place.
type cornerFigure struct {
	on       bool
	kind     uint8
	word     Word
	quarters Kind
	step     string
	source   tilekit.Citation
	taken    error
	// quarterOf holds, at (4*type+rotation)*4+corner, the feature index
	// of a tile type's quarter at a corner when both its halves there are
	// of the quarters' kind, else -1 (see Game.quarter).
	quarterOf []int8
}

// cornerState holds where the corner figures on the board stand: the
// feature instance each stands on, on the tile whose corner it is, and
// that corner.
type cornerState struct {
	spots []cornerSpot
}

// cornerSpot is a corner figure's place: the instance and the corner.
type cornerSpot struct {
	node   int32
	corner tilekit.Corner
}

// MoveCorner puts a figure at a corner of the tile placed.
const MoveCorner MoveKind = 6

// cornerTiles gives, for each corner of a tile, the four tiles that meet
// there (offsets from the tile) and the corner of each that lies there.
var cornerTiles = [4][4]struct {
	dx, dy int
	c      tilekit.Corner
}{
	tilekit.NW: {{0, 0, tilekit.NW}, {-1, 0, tilekit.NE}, {0, -1, tilekit.SW}, {-1, -1, tilekit.SE}},
	tilekit.NE: {{0, 0, tilekit.NE}, {1, 0, tilekit.NW}, {0, -1, tilekit.SE}, {1, -1, tilekit.SW}},
	tilekit.SE: {{0, 0, tilekit.SE}, {1, 0, tilekit.SW}, {0, 1, tilekit.NE}, {1, 1, tilekit.NW}},
	tilekit.SW: {{0, 0, tilekit.SW}, {-1, 0, tilekit.SE}, {0, 1, tilekit.NW}, {-1, 1, tilekit.NE}},
}

var (
	cornerUnit = unit{
		steps:   []unitStep{{part: func(m *tilekit.Mechanics) bool { return m.CornerFigure != nil }, compile: compileCorner, run: (*Game).cornerJoins}},
		playing: func(r *Ruleset) bool { return r.corner.on },
		make:    func(g *Game, players int) { g.spots = make([]cornerSpot, 0, players) },
		reset:   func(g *Game) { g.spots = g.spots[:0] },
		hooks: unitHooks{
			figure: &figureHook{kind: MoveCorner, moves: (*Game).cornerMoves, apply: (*Game).putAtCorner, refuse: (*Game).cornerRefusal},
			leaves: (*Game).cornerLeaves,
			check:  checkCorners,
		},
	}
	cornerKind = moveKind{corner: true,
		notation: func(m Move, mt *tilekit.MoveText) bool {
			mt.HasAt, mt.At, mt.HasCorner, mt.Corner = true, m.Placement.Pos, true, tilekit.Corner(m.Dir&3)
			return false
		},
		parse: func(mt tilekit.MoveText, _ int) Move {
			return Move{Kind: MoveCorner, Follower: true, Placement: Placement{Pos: mt.At}, Feature: -1, Dir: tilekit.Side(mt.Corner)}
		},
		takenBy: func(r *Ruleset, _ Word) error { return r.corner.taken },
		step:    func(r *Ruleset, m Move) string { return stepOfWord(m, r.corner.word, r.corner.step) }}
	// cornersSect is the section of the snapshot notation of the corner
	// figures: the tile and corner of each, in the order of the
	// followers, such as "corners 1,0:NE 0,1:SW"; left out while none
	// stands.
	cornersSect = section{key: "corners",
		check: func(r *Ruleset, v string) error {
			if !r.corner.on {
				return fmt.Errorf("no step of the game puts a figure at a corner")
			}
			_, err := parseCorners(v)
			return err
		},
		set:   (*Game).setCorners,
		write: (*Game).writeCorners}
)

// compileCorner compiles a step's corner figure: its kind, which the
// selection must play as one that stands at a corner, its word and the
// kind of its quarters.
func compileCorner(r *Ruleset, ps rules.PlayedStep) error {
	d := ps.Step.Mechanics.CornerFigure
	k, err := r.stepFigureKind(r.corner.on, "a corner figure", ps.Step.ID, d.Figure)
	if err != nil {
		return err
	}
	if !r.kinds[k].Corner {
		return fmt.Errorf("the figure %s of step %s does not stand at a corner (stands-at = %q)", d.Figure, ps.Step.ID, tilekit.StandsAtCorner)
	}
	q, ok := kindOf[d.Quarters]
	if !ok {
		return fmt.Errorf("the corner figure's quarters %q are no kind the engine plays (road, city, field, cloister)", d.Quarters)
	}
	w, err := nameWord(d.Word, MoveCorner)
	if err != nil {
		return err
	}
	r.corner = cornerFigure{on: true, kind: k, word: w, quarters: q, step: ps.Step.ID, source: d.Source,
		taken:     fmt.Errorf("a %s was put at a corner this turn: no follower may be deployed (%s)", d.Figure, citationText(d.Source)),
		quarterOf: make([]int8, 0, 16*len(r.tiles))}
	for typ := range r.tiles {
		first := int(r.featStart[typ])
		for rot := range 4 {
			slots := r.slotsOf(typ, rot)
			for _, c := range tilekit.Corners {
				h := c.Halves()
				i, j := slots[4+int(h[0])], slots[4+int(h[1])]
				if i < 0 || j < 0 || r.featKind[first+int(i)] != q || r.featKind[first+int(j)] != q {
					i = -1
				}
				r.corner.quarterOf = append(r.corner.quarterOf, i)
			}
		}
	}
	return nil
}

// quarter returns the feature instance of the quarter at a corner of the
// tile at a cell, when both its halves at the corner are of the corner
// figure's kind, or -1 (no tile there, or another kind).
func (g *Game) quarter(idx int, c tilekit.Corner) int32 {
	b := g.board
	cell := &b.cells[idx]
	if cell.tile == 0 {
		return -1
	}
	i := g.rules.corner.quarterOf[(4*(int(cell.tile)-1)+int(cell.rot))*4+int(c&3)]
	if i < 0 {
		return -1
	}
	return b.instance(int32(cell.slot), int32(i))
}

// cornerFits returns the instance of the quarter of the tile at a
// position at a corner when the four quarters there are of the corner
// figure's kind, or -1 and the offset of the first tile that is missing
// or whose quarter is not.
func (g *Game) cornerFits(p tilekit.BoardPosition, c tilekit.Corner) (x int32, bad int) {
	idx, ok := g.board.index(p)
	if !ok || !g.board.placeable(idx) {
		return -1, 0
	}
	return g.cornerFitsAt(idx, c)
}

// cornerFitsAt is cornerFits for the tile at a placeable cell, whose
// eight neighbours lie in the grid.
func (g *Game) cornerFitsAt(idx int, c tilekit.Corner) (x int32, bad int) {
	w := g.board.width
	for i, t := range cornerTiles[c&3] {
		y := g.quarter(idx+t.dy*w+t.dx, t.c)
		if y < 0 {
			return -1, i
		}
		if i == 0 {
			x = y
		}
	}
	return x, -1
}

// cornerOf returns the corner at which the corner figure on a feature
// instance stands, if one does.
func (g *Game) cornerOf(node int32) (tilekit.Corner, bool) {
	for _, s := range g.spots {
		if s.node == node {
			return s.corner, true
		}
	}
	return 0, false
}

// hasCornerFigure reports whether a figure of a kind that stands at a
// corner is on the joined feature of a root.
func (g *Game) hasCornerFigure(root int32) bool {
	for _, s := range g.spots { // one a corner figure on the board (checkCorners)
		if g.board.find(s.node) == root {
			return true
		}
	}
	return false
}

// cornerKeptOff reports whether the deploy tables of the movements that
// the tile placed set off keep the corner figure off its corners: it
// stands on no tile, so only their verdict for its kind, not a figure on
// the tile, keeps it off.
func (g *Game) cornerKeptOff() bool {
	return len(g.rules.arrivals) > 0 && g.arrivalKeepsOff()&(1<<g.rules.corner.kind) != 0
}

// cornerMoves appends a move for each corner of the tile placed where the
// player may put their corner figure.
func (g *Game) cornerMoves(dst []Move) []Move {
	c := &g.rules.corner
	if g.supply[g.turn][c.kind] == 0 || g.cornerKeptOff() {
		return dst
	}
	for _, corner := range tilekit.Corners {
		if x, _ := g.cornerFitsAt(int(g.lastCell), corner); x >= 0 && !g.hasCornerFigure(g.board.find(x)) {
			dst = append(dst, Move{Kind: MoveCorner, Follower: true, Placement: Placement{Pos: g.last.Pos}, Feature: -1, Dir: tilekit.Side(corner), Word: c.word})
		}
	}
	return dst
}

// cornerRefusal says why the corner figure may not go where a move puts
// it: not at the tile placed, a tile missing or a quarter of another kind,
// a figure at a corner in the feature already, none at hand, or kept off
// the tile (a verdict of a table); nil when none of these.
func (g *Game) cornerRefusal(m Move, _, _ int32) error {
	c := &g.rules.corner
	id := g.rules.kinds[c.kind].ID
	corner := tilekit.Corner(m.Dir & 3)
	if m.Placement.Pos != g.last.Pos {
		return fmt.Errorf("the %s goes at a corner of the tile placed this turn, at %s", id, notationPos(g.last.Pos))
	}
	if err := g.canDeploy(g.turn, int(c.kind)); err != nil {
		return err
	}
	if g.cornerKeptOff() {
		return g.whyArrivalBlocks(int(c.kind))
	}
	x, bad := g.cornerFits(m.Placement.Pos, corner)
	if bad >= 0 {
		t := cornerTiles[corner&3][bad]
		p := tilekit.BoardPosition{X: m.Placement.Pos.X + t.dx, Y: m.Placement.Pos.Y + t.dy}
		if _, _, ok := g.board.At(p); !ok {
			return fmt.Errorf("no %s at the %s corner of %s: four tiles do not meet there (none at %s) (%s)", id, corner, notationPos(m.Placement.Pos), notationPos(p), citationText(c.source))
		}
		return fmt.Errorf("no %s at the %s corner of %s: the %s quarter of the tile at %s is no %s (%s)", id, corner, notationPos(m.Placement.Pos), t.c, notationPos(p), c.quarters, citationText(c.source))
	}
	if g.hasCornerFigure(g.board.find(x)) {
		return fmt.Errorf("no %s at the %s corner of %s: %s has one already (%s)", id, corner, notationPos(m.Placement.Pos), g.board.describe(x), citationText(c.source))
	}
	return nil
}

// putAtCorner plays a legal corner move: the feature's followers are
// scored at once by the rule for the end of the game and go home, then
// the figure joins it.
func (g *Game) putAtCorner(m Move, events []Event) []Event {
	c := &g.rules.corner
	corner := tilekit.Corner(m.Dir & 3)
	x, _ := g.cornerFits(m.Placement.Pos, corner)
	f := g.board.feature(g.board.find(x))
	if f.Followers > 0 {
		if rule := g.scoreRuleFor(&f, true); rule != nil {
			events = g.award(f, g.points(rule, &f), rule.rule, events)
		}
		for _, h := range g.rules.hooks.scored {
			events = h(g, f, true, events)
		}
		events = g.giveBack(f, events)
	}
	if len(g.rules.arrivals) > 0 {
		g.noteArrivalAllows(g.rules.kindFigs[c.kind])
	}
	g.deploy(x, c.kind, MoveCorner)
	g.spots = append(g.spots, cornerSpot{node: x, corner: corner})
	return events
}

// cornerJoins plays the step after the figure decision: each feature of
// the tile placed that holds a corner figure and followers of other kinds
// (whose feature joined it) is scored for those followers by the kind's
// rule for a completed feature, and they go home.
func (g *Game) cornerJoins(events []Event) ([]Event, bool) {
	r := g.rules
	if g.lastCell < 0 || len(g.spots) == 0 {
		return events, false
	}
	b := g.board
	slot := int32(b.cells[g.lastCell].slot)
	typ := int(b.cells[g.lastCell].tile) - 1
	for i := range int32(r.NumFeatures(typ)) {
		root := b.find(b.instance(slot, i))
		if b.nodes[root].kind != r.corner.quarters || !g.hasCornerFigure(root) {
			continue
		}
		events = g.scoreJoined(root, events)
	}
	return events, false
}

// scoreJoined scores the followers of other kinds than the corner figures
// on the joined feature of a root, if any stand there, by the first rule for a completed
// feature of its kind whose condition holds, to the players with the
// most of them, and sends them home (with the figures that join them).
func (g *Game) scoreJoined(root int32, events []Event) []Event {
	f := g.board.feature(root)
	var count [MaxPlayers]int
	if !g.weighKinds(root, ^g.rules.cornerKinds, &count) {
		return events
	}
	if rule := g.scoreRuleFor(&f, false); rule != nil {
		events = g.awardMost(f, &count, g.points(rule, &f), rule.rule, events)
	}
	return g.giveBackKinds(f, ^g.rules.cornerKinds, events)
}

// cornerLeaves forgets the corner of a figure that leaves the board.
func (g *Game) cornerLeaves(f follower) {
	if g.rules.cornerKinds&(1<<f.kind) == 0 {
		return
	}
	for i, s := range g.spots {
		if s.node == f.node {
			g.spots = append(g.spots[:i], g.spots[i+1:]...)
			return
		}
	}
}

// checkCorners checks that every figure of a kind that stands at a corner
// stands at one, where four quarters of the corner figure's kind meet, on
// the instance of the quarter of its tile, and every corner noted holds
// one.
func checkCorners(iv *invariants) error {
	g := iv.g
	n := 0
	for _, f := range g.followers {
		if g.rules.cornerKinds&(1<<f.kind) != 0 {
			n++
		}
	}
	if n != len(g.spots) {
		return iv.broken("%d figures stand at corners, and %d corners are noted", n, len(g.spots))
	}
	for _, s := range g.spots {
		pos := g.board.posOf(s.node)
		if x, _ := g.cornerFits(pos, s.corner); x != s.node {
			return iv.broken("the figure at the %s corner of %s stands where four %s quarters do not meet", s.corner, notationPos(pos), g.rules.corner.quarters)
		}
		if i := g.followerAt(s.node); i < 0 || g.rules.cornerKinds&(1<<g.followers[i].kind) == 0 {
			return iv.broken("no figure stands at the %s corner of %s, which is noted", s.corner, notationPos(pos))
		}
	}
	return nil
}

// parseCorners reads the value of a corners section: "x,y:CORNER" tokens,
// separated by spaces or commas (a position's reader joins a section's
// words with commas).
func parseCorners(v string) ([]tilekit.MoveText, error) {
	var out []tilekit.MoveText
	for rest := strings.TrimSpace(v); rest != ""; {
		i := strings.IndexByte(rest, ':')
		if i < 0 || len(rest) < i+3 {
			return nil, fmt.Errorf("corner %q: want x,y:CORNER, such as 1,0:NE", rest)
		}
		tok := rest[:i+3]
		mt, err := tilekit.ParseMoveText("corner " + tok)
		if err != nil || !mt.HasCorner {
			return nil, fmt.Errorf("corner %q: want x,y:CORNER, such as 1,0:NE", tok)
		}
		out = append(out, mt)
		rest = strings.TrimLeft(rest[i+3:], ", ")
	}
	return out, nil
}

// setCorners sets the corners of the figures a position's followers put
// on the board: each token names the tile and corner of one.
func (g *Game) setCorners(v string) error {
	spots, err := parseCorners(v)
	if err != nil {
		return err
	}
	g.spots = g.spots[:0]
	for _, mt := range spots {
		x, _ := g.cornerFits(mt.At, mt.Corner)
		if i := g.followerAt(x); x < 0 || i < 0 || g.rules.cornerKinds&(1<<g.followers[i].kind) == 0 {
			return fmt.Errorf("corner %s:%s: no figure that stands at a corner is there, where four %s quarters meet", notationPos(mt.At), mt.Corner, g.rules.corner.quarters)
		}
		g.spots = append(g.spots, cornerSpot{node: x, corner: mt.Corner})
	}
	return nil
}

// writeCorners writes the corners section.
func (g *Game) writeCorners(sb *strings.Builder) {
	if len(g.spots) == 0 {
		return
	}
	sb.WriteString(" / corners")
	for _, s := range g.spots {
		sb.WriteString(" " + notationPos(g.board.posOf(s.node)) + ":" + s.corner.String())
	}
}
