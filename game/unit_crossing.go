package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of the held followers: once a feature is scored, the followers
// that a step lets go elsewhere are held off the board, and their owners
// decide, follower by follower, where each goes. Two mechanics hold them.
// A crossing (tilekit.Crossing): once a completed feature of one kind is
// scored, the followers of its sole majority whose tiles link it to a
// feature of another kind still incomplete may cross into one. A
// relocation (tilekit.Relocation, unit_relocation.go): a follower of a
// kind moves on to a feature near the tile it stood on. A follower both
// hold makes one of the moves either offers. The data gives the kinds,
// the key of the tile data that links them, the table of the followers
// that may cross, the words of the moves and the sources.

// crossingState holds the followers of a scored feature waiting to cross,
// and the roots of the features they may cross into.
type crossingState struct {
	held      []heldFollower
	crossInto []int32
}

// heldFollower is a follower held off the board after its feature was
// scored: its owner, the feature instance it stood on, its kind, the range
// of crossInto it may cross into (empty when it may not cross) and whether
// it may move on by the relocation.
type heldFollower struct {
	player     int32
	node       int32
	kind       uint8
	relocates  bool
	from, upTo int32
}

// crossingRules are the unit's compiled data (crossing, relocation).
type crossingRules struct {
	crossing   crossing
	relocation relocation
}

// crossing is a step's crossing, compiled: its step, the word of its
// moves and its source; the kind of feature scored and the kind crossed
// into; the step's choice and where a follower that goes home goes; the
// decision the game waits for; and, like cityStart and cityLinks, the
// features each feature of a tile type links to, as feature indices of
// its tile type.
type crossing struct {
	step       string
	word       Word
	source     tilekit.Citation
	table      string
	from, into Kind
	choice     choice
	out        removal
	decision   decision
	linkStart  []int32
	links      []int8
}

// MoveCross moves the follower held before it crosses into the feature
// of a tile (Feature -1: home).
const MoveCross MoveKind = 5

// EventCrossed: Player's follower crossed into Feature, from the feature
// of a tile it stood on (Event.From) to the one of a tile it stands on
// (Event.To).
const EventCrossed EventKind = 8

// CrossMove moves the follower held before it crosses into feature i of
// the tile at a position, in the words of the ruleset's crossing.
func (r *Ruleset) CrossMove(p tilekit.BoardPosition, i int) Move {
	return heldMove(MoveCross, r.crossing.word, p, i)
}

// CrossHome sends the follower held before it crosses home, in the words
// of the ruleset's crossing.
func (r *Ruleset) CrossHome() Move {
	return heldMove(MoveCross, r.crossing.word, tilekit.BoardPosition{}, -1)
}

var (
	crossingUnit = unit{
		steps: []unitStep{{part: func(m *tilekit.Mechanics) bool { return m.Crossing != nil }, compile: compileCrossing,
			run: func(g *Game, events []Event) ([]Event, bool) {
				return events, g.waitForHeld(&g.rules.crossing.decision)
			}},
			{part: func(m *tilekit.Mechanics) bool { return m.Relocation != nil }, compile: compileRelocation,
				run: func(g *Game, events []Event) ([]Event, bool) {
					return events, g.waitForHeld(&g.rules.relocation.decision)
				}}},
		rulings: func(r *Ruleset, read rulingReader) error {
			if r.crossing.step == "" {
				return nil
			}
			var err error
			r.figures.crossKinds, err = read.kinds(r, r.crossing.table, &r.figures.crosses)
			return err
		},
		make: func(g *Game, players int) {
			g.held = make([]heldFollower, 0, Followers*players)
			g.crossInto = make([]int32, 0, 16*Followers*players)
		},
		reset: func(g *Game) { g.held, g.crossInto = g.held[:0], g.crossInto[:0] },
		hooks: unitHooks{
			scored: (*Game).holdScored,
			aside: func(g *Game, count *[MaxPlayers][MaxKinds]int) {
				for _, h := range g.held {
					count[h.player][h.kind]++
				}
			},
			check: checkHeld,
		},
	}
	crossKind    = heldMoveKind(MoveCross, func(r *Ruleset, m Move) string { return stepOfWord(m, r.crossing.word, r.crossing.step) })
	crossedEvent = eventKind{name: "crossed", word: "cross", read: readPlayerFeature, noted: notedPlayerFeature,
		rule: func(Event) EventRule { return EventRule{ID: "cross"} },
		ruled: func(r *Ruleset, e Event) (EventRule, bool) {
			if r.crossing.step == "" {
				return EventRule{}, false
			}
			return stepRule("cross", r.crossing.step, r.crossing.source), true
		}}
)

// compileCrossing compiles a step's crossing: its word, its kinds, its
// choice, by the sole majority, where a follower that goes home goes, and
// the links of every tile type.
func compileCrossing(r *Ruleset, ps rules.PlayedStep) error {
	c := ps.Step.Mechanics.Crossing
	cite := c.Source.Title
	if c.Source.Section != "" {
		cite += ", " + c.Source.Section
	}
	if r.crossing.step != "" {
		return fmt.Errorf("a second crossing (%s): the engine plays one crossing step, %s", cite, r.crossing.step)
	}
	from, okFrom := kindOf[c.From]
	into, okInto := kindOf[c.Into]
	if !okFrom || !okInto || !slices.Contains(tilekit.LinkKeys, c.Link) {
		return fmt.Errorf("a crossing from %q into %q over %q (%s): the engine knows the kinds %v and the links %v", c.From, c.Into, c.Link, cite, tilekit.FeatureKinds, tilekit.LinkKeys)
	}
	if ps.Choice != nil && ps.Choice.By != "" && ps.Choice.By != tilekit.ChooserSoleMajority {
		return fmt.Errorf("choice by %q (%s): the engine lets the sole majority cross", ps.Choice.By, cite)
	}
	word, err := nameWord(c.Word, MoveCross)
	if err != nil {
		return fmt.Errorf("%w (%s)", err, cite)
	}
	cr := crossing{step: ps.Step.ID, word: word, source: c.Source, table: c.Table, from: from, into: into,
		choice: readChoice(ps.Choice), out: destinationOf(&ps.Step.Mechanics, "meeple", "player"), linkStart: []int32{0}}
	for _, t := range r.tiles {
		cr.addLinks(t, c)
	}
	cr.decision = decision{id: string(c.Word), legal: (*Game).heldMoves, apply: (*Game).applyHeld,
		decider: func(g *Game) int { return int(g.held[0].player) },
		text: func(g *Game) string {
			return fmt.Sprintf("player %d chooses where their follower held by %s goes (%s x,y:FEATURE or %s home)", g.Decider()+1, ps.Step.ID, c.Word, c.Word)
		}}
	r.crossing = cr
	return nil
}

// addLinks compiles the features of the into kind that each feature of
// the from kind of a tile type links to.
func (cr *crossing) addLinks(t *tilekit.Tile, c *tilekit.Crossing) {
	for i := range t.Features {
		if f := &t.Features[i]; f.Kind == c.From {
			for _, l := range t.Linked(f, c.Link, c.Into) {
				if j := slices.IndexFunc(t.Features, func(g tilekit.Feature) bool { return g.ID == l.ID }); j >= 0 {
					cr.links = append(cr.links, int8(j))
				}
			}
		}
		cr.linkStart = append(cr.linkStart, int32(len(cr.links)))
	}
}

// linked returns the feature indices that feature i of a tile type links
// to.
func (r *Ruleset) linked(typ, i int) []int8 {
	f := int(r.featStart[typ]) + i
	return r.crossing.links[r.crossing.linkStart[f]:r.crossing.linkStart[f+1]]
}

// holdScored holds back, once a feature is scored during the game, the
// followers that may go elsewhere than home: those the crossing may move
// (holdToCross) and those of the relocation's kind (relocates); each step
// then asks, follower by follower, where it goes.
func (g *Game) holdScored(scored Feature, end bool, events []Event) []Event {
	if end {
		return events
	}
	from, upTo, sole := g.holdToCross(scored)
	moving := g.rules.relocation.step != ""
	if sole < 0 && !moving {
		return events
	}
	start := len(g.held)
	kept := g.followers[:0]
	for _, fl := range g.followers {
		on := g.board.find(fl.node) == int32(scored.ID)
		crosses := on && int(fl.player) == sole && g.rules.figures.crossKinds&(1<<fl.kind) != 0
		relocates := on && moving && fl.kind == g.rules.relocation.kind
		if on && int(fl.player) == sole && !crosses {
			g.noteRuling(g.rules.figures.crosses[fl.kind])
		}
		if !crosses && !relocates {
			kept = append(kept, fl)
			continue
		}
		h := heldFollower{player: fl.player, node: fl.node, kind: fl.kind, relocates: relocates}
		if crosses {
			h.from, h.upTo = from, upTo
		}
		g.held = append(g.held, h)
		g.board.nodes[scored.ID].followers--
		g.leaves(fl)
	}
	g.followers = kept
	if len(g.held) == start && upTo > from {
		g.crossInto = g.crossInto[:from]
	}
	return events
}

// holdToCross finds, once a completed feature of the crossing's from kind
// is scored, the incomplete features of the into kind it links to (the
// range of crossInto from, upTo) and the player of its sole majority,
// whose followers of a kind the crossing's table lets cross are held; a
// follower of the majority of a kind the table keeps back goes home with
// the others, by that verdict. A feature whose linked features are
// complete, or whose majority is shared, holds nobody: sole is -1.
func (g *Game) holdToCross(scored Feature) (from, upTo int32, sole int) {
	from = int32(len(g.crossInto))
	if scored.Kind != g.rules.crossing.from || g.rules.figures.crossKinds == 0 {
		return from, from, -1
	}
	g.addCrossInto(int32(scored.ID))
	upTo = int32(len(g.crossInto))
	if upTo == from {
		return from, from, -1
	}
	var count [MaxPlayers]int
	g.weigh(int32(scored.ID), &count)
	sole, most := -1, 0
	for p, n := range count[:len(g.players)] {
		switch {
		case n > most:
			sole, most = p, n
		case n == most:
			sole = -1
		}
	}
	if sole < 0 {
		g.crossInto = g.crossInto[:from]
		return from, from, -1
	}
	return from, upTo, sole
}

// addCrossInto adds the roots of the incomplete features that a joined
// feature links to, each once.
func (g *Game) addCrossInto(root int32) {
	b := g.board
	start := len(g.crossInto)
	for m := root; ; {
		slot := b.slotOf(m)
		typ := int(b.cells[b.placed[slot]].tile) - 1
		for _, c := range g.rules.linked(typ, b.indexOf(m)) {
			into := b.find(b.instance(slot, int32(c)))
			if b.nodes[into].open > 0 && !containsRoot(g.crossInto[start:], into) {
				g.crossInto = append(g.crossInto, into)
			}
		}
		if m = b.nodes[m].next; m == root {
			return
		}
	}
}

// heldMoves appends where the first follower held may go: home (unless
// the crossing's choice is a must and a feature is open to it), any
// instance of each feature it may cross into, and the features it may
// move on to by the relocation (relocationMoves), but where a unit keeps
// followers off (a neutral figure's tile).
func (g *Game) heldMoves(dst []Move) []Move {
	h := g.held[0]
	start := len(dst)
	home := g.rules.CrossHome()
	if h.relocates {
		home = g.rules.RelocationHome()
	}
	if !g.rules.crossing.choice.must || h.upTo == h.from {
		dst = append(dst, home)
	}
	b := g.board
	for _, into := range g.crossInto[h.from:h.upTo] {
		for m := into; ; {
			if cell := b.cellOf(m); !g.closedToFollowers(cell) {
				dst = append(dst, g.rules.CrossMove(b.position(int(cell)), b.indexOf(m)))
			}
			if m = b.nodes[m].next; m == into {
				break
			}
		}
	}
	if h.relocates {
		dst = g.relocationMoves(dst, h)
	}
	if len(dst) == start {
		dst = append(dst, home)
	}
	return dst
}

// waitForHeld waits, when followers are held, for their owners'
// decisions, the first player's first: in turn order from the player
// whose turn it is, each player's in the order they were held.
func (g *Game) waitForHeld(d *decision) bool {
	if len(g.held) == 0 {
		return false
	}
	n := int32(len(g.players))
	turn := int32(g.turn)
	slices.SortStableFunc(g.held, func(a, b heldFollower) int {
		return int((a.player-turn+n)%n - (b.player-turn+n)%n)
	})
	return g.waitFor(d)
}

// applyHeld sends the first follower held home (to where the crossing's
// removals send it, or its owner's supply), across into a feature or on
// to one.
func (g *Game) applyHeld(m Move, events []Event) ([]Event, error) {
	if m.Kind != MoveCross && m.Kind != MoveRelocate {
		return events, g.notLegal(m)
	}
	if err := g.checkLegal(m); err != nil {
		return events, err
	}
	h := g.held[0]
	copy(g.held, g.held[1:])
	g.held = g.held[:len(g.held)-1]
	if m.Feature < 0 {
		scored := g.board.feature(g.board.find(h.node))
		if h.relocates || g.rules.crossing.out.to == tilekit.OwnerSupply {
			g.toSupply(follower{player: h.player, kind: h.kind})
		} else {
			g.lost[h.player]++
		}
		events = append(events, Event{Kind: EventReturned, Feature: scored, Player: int(h.player), Count: 1})
		if h.upTo > h.from {
			g.noteRuling(g.rules.figures.crosses[h.kind])
		}
	} else if m.Kind == MoveRelocate {
		e := g.putHeld(h, m)
		e.Kind, e.Word = EventMovedOn, g.rules.relocation.word
		events = append(events, e)
	} else {
		e := g.putHeld(h, m)
		e.Kind, e.Ruling = EventCrossed, g.rules.figures.crosses[h.kind].ruling
		events = append(events, e)
	}
	if len(g.held) > 0 {
		return events, nil
	}
	g.crossInto = g.crossInto[:0]
	return g.resume(events), nil
}

// heldMoveKind is the kind of the moves of a follower held, written
// "WORD x,y:FEATURE" (into a feature) and "WORD home"; step gives the
// step whose word a move has.
func heldMoveKind(kind MoveKind, step func(r *Ruleset, m Move) string) moveKind {
	return moveKind{home: true, notation: func(m Move, mt *tilekit.MoveText) bool {
		mt.HasAt, mt.At, mt.Home = m.Feature >= 0, m.Placement.Pos, m.Feature < 0
		return true
	}, parse: func(mt tilekit.MoveText, feature int) Move {
		if mt.Home {
			return Move{Kind: kind, Feature: -1}
		}
		return Move{Kind: kind, Placement: Placement{Pos: mt.At}, Feature: int16(feature)}
	}, step: step}
}

// heldMove is a move of a follower held into feature i of the tile at a
// position (i -1: home), of a kind and in a word.
func heldMove(kind MoveKind, w Word, p tilekit.BoardPosition, i int) Move {
	if i < 0 {
		return Move{Kind: kind, Feature: -1, Word: w}
	}
	return Move{Kind: kind, Placement: Placement{Pos: p}, Feature: int16(i), Word: w}
}

// putHeld puts a follower held into the feature of a legal move, and
// returns the event of its owner, the figure and the features it went
// from and to, for the caller to give its kind.
func (g *Game) putHeld(h heldFollower, m Move) Event {
	b := g.board
	idx, _ := b.index(m.Placement.Pos)
	x := b.instance(int32(b.cells[idx].slot), int32(m.Feature))
	b.nodes[b.find(x)].followers++
	g.followers = append(g.followers, follower{player: h.player, node: x, kind: h.kind})
	from := TileFeature{Pos: b.posOf(h.node), Index: b.indexOf(h.node)}
	return Event{Actor: g.rules.kindFigs[h.kind], Player: int(h.player), Feature: b.feature(b.find(x)), From: from, To: TileFeature{Pos: m.Placement.Pos, Index: int(m.Feature)}}
}

// checkHeld checks the invariants of the held followers: followers are
// held only while the game waits for their owners' decisions, and each
// follower that crossed or moved on stands where the move may take it:
// in an incomplete feature of the kind it crosses into, or of a kind the
// relocation moves into, alone and within its reach.
func checkHeld(iv *invariants) error {
	g := iv.g
	if _, waits := g.Held(); len(g.held) > 0 && !waits {
		return iv.broken("%d followers held while the game waits for %s", len(g.held), g.Decision())
	}
	for i, e := range iv.events {
		if e.Kind != EventCrossed && e.Kind != EventMovedOn {
			continue
		}
		f, ok := g.board.FeatureAt(e.To.Pos, e.To.Index)
		switch {
		case !ok || f.Complete():
			return iv.broken("a follower moved from %v into a feature at %v that is complete or not there", e.From.Pos, e.To.Pos)
		case e.Kind == EventCrossed && f.Kind != g.rules.crossing.into:
			return iv.broken("a follower crossed into a %s at %v", f.Kind, e.To.Pos)
		case e.Kind == EventMovedOn && (g.rules.relocation.into&(1<<f.Kind) == 0 || f.Followers > 1 || (f.Followers == 0 && !removedAfter(iv.events[i+1:])) ||
			max(abs(e.To.Pos.X-e.From.Pos.X), abs(e.To.Pos.Y-e.From.Pos.Y)) > g.rules.relocation.reach):
			return iv.broken("a follower moved on from %v into a %s at %v with %d followers", e.From.Pos, f.Kind, e.To.Pos, f.Followers)
		}
	}
	return nil
}

// removedAfter reports whether events take a follower off the board (a
// figure eats it, it goes home, a dismissal removes it), as a step after
// a follower moved on may.
func removedAfter(events []Event) bool {
	for _, e := range events {
		if e.Kind == EventEaten || e.Kind == EventReturned || e.Kind == EventDismissal {
			return true
		}
	}
	return false
}

// Held returns the follower held after its feature was scored whose
// decision the game waits for: its owner and the feature it stood on; ok
// is false when none is.
func (g *Game) Held() (f PlacedFollower, ok bool) {
	if g.phase != phaseUnit || (g.waiting != &g.rules.crossing.decision && g.waiting != &g.rules.relocation.decision) {
		return f, false
	}
	h := g.held[0]
	return PlacedFollower{Player: int(h.player), Pos: g.board.posOf(h.node), Index: g.board.indexOf(h.node), Figure: int(h.kind)}, true
}
