package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of the crossings (a step's tilekit.Crossing): once a completed
// feature of one kind is scored, the followers of its sole majority whose
// tiles link it to a feature of another kind still incomplete may cross
// into one, follower by follower, instead of going home. The data gives
// the kinds, the key of the tile data that links them, the table of the
// followers that may cross, the word of the moves and the source.

// crossingState holds the followers of a scored feature waiting to cross,
// and the roots of the features they may cross into.
type crossingState struct {
	held      []heldFollower
	crossInto []int32
}

// heldFollower is a follower held before it crosses: its owner, the
// feature instance it stood on, its kind and the range of crossInto it
// may enter.
type heldFollower struct {
	player     int32
	node       int32
	kind       uint8
	from, upTo int32
}

// crossingRules are the unit's compiled data (crossing).
type crossingRules struct {
	crossing crossing
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
	return Move{Kind: MoveCross, Placement: Placement{Pos: p}, Feature: i, Word: r.crossing.word}
}

// CrossHome sends the follower held before it crosses home, in the words
// of the ruleset's crossing.
func (r *Ruleset) CrossHome() Move {
	return Move{Kind: MoveCross, Feature: -1, Word: r.crossing.word}
}

var (
	crossingUnit = unit{
		steps: []unitStep{{part: func(m *tilekit.Mechanics) bool { return m.Crossing != nil }, compile: compileCrossing,
			run: func(g *Game, events []Event) ([]Event, bool) {
				return events, len(g.held) > 0 && g.waitFor(&g.rules.crossing.decision)
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
			scored: (*Game).holdToCross,
			aside: func(g *Game, count *[MaxPlayers][MaxKinds]int) {
				for _, h := range g.held {
					count[h.player][h.kind]++
				}
			},
		},
	}
	crossKind = moveKind{home: true, notation: func(m Move, mt *tilekit.MoveText) bool {
		mt.HasAt, mt.At, mt.Home = m.Feature >= 0, m.Placement.Pos, m.Feature < 0
		return true
	}, parse: func(mt tilekit.MoveText, feature int) Move {
		if mt.Home {
			return Move{Kind: MoveCross, Feature: -1}
		}
		return Move{Kind: MoveCross, Placement: Placement{Pos: mt.At}, Feature: feature}
	}, step: func(r *Ruleset, m Move) string { return stepOfWord(m, r.crossing.word, r.crossing.step) }}
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
	cr.decision = decision{id: string(c.Word), legal: (*Game).crossMoves, apply: (*Game).applyCross,
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

// holdToCross holds back, after a completed feature of the from kind is
// scored, the followers of its sole majority when it links to a feature
// of the into kind still incomplete, those of a kind the crossing's table
// lets cross: the crossing step then asks, follower by follower, whether
// it crosses or goes home. A follower of the majority of a kind the table
// keeps back goes home with the others, by that verdict. A feature whose
// linked features are complete, or whose majority is shared, holds
// nobody.
func (g *Game) holdToCross(scored Feature, end bool, events []Event) []Event {
	if end || scored.Kind != g.rules.crossing.from || g.rules.figures.crossKinds == 0 {
		return events
	}
	from := int32(len(g.crossInto))
	g.addCrossInto(int32(scored.ID))
	upTo := int32(len(g.crossInto))
	if upTo == from {
		return events
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
		return events
	}
	kept := g.followers[:0]
	for _, fl := range g.followers {
		ofSole := g.board.find(fl.node) == int32(scored.ID) && int(fl.player) == sole
		if ofSole && g.rules.figures.crossKinds&(1<<fl.kind) == 0 {
			g.noteRuling(g.rules.figures.crosses[fl.kind])
		} else if ofSole {
			g.held = append(g.held, heldFollower{player: fl.player, node: fl.node, kind: fl.kind, from: from, upTo: upTo})
			g.board.nodes[scored.ID].followers--
			g.leaves(fl)
			continue
		}
		kept = append(kept, fl)
	}
	g.followers = kept
	return events
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

// crossMoves appends where the first follower held may go: home (unless
// the step's choice is a must and a feature is open to it), and any
// instance of each feature it may cross into, but where a unit keeps
// followers off (a neutral figure's tile).
func (g *Game) crossMoves(dst []Move) []Move {
	h := g.held[0]
	start := len(dst)
	home := g.rules.CrossHome()
	if !g.rules.crossing.choice.must {
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
	if len(dst) == start {
		dst = append(dst, home)
	}
	return dst
}

// applyCross sends the first follower held home (to where the step's
// removals send it) or into a feature.
func (g *Game) applyCross(m Move, events []Event) ([]Event, error) {
	if m.Kind != MoveCross {
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
		if g.rules.crossing.out.to == tilekit.OwnerSupply {
			g.toSupply(follower{player: h.player, kind: h.kind})
		} else {
			g.lost[h.player]++
		}
		events = append(events, Event{Kind: EventReturned, Feature: scored, Player: int(h.player), Count: 1})
		g.noteRuling(g.rules.figures.crosses[h.kind])
	} else {
		idx, _ := g.board.index(m.Placement.Pos)
		x := g.board.instance(int32(g.board.cells[idx].slot), int32(m.Feature))
		g.board.nodes[g.board.find(x)].followers++
		g.followers = append(g.followers, follower{player: h.player, node: x, kind: h.kind})
		from := TileFeature{Pos: g.board.position(int(g.board.cellOf(h.node))), Index: g.board.indexOf(h.node)}
		events = append(events, Event{Kind: EventCrossed, Actor: g.rules.kindFigs[h.kind], Player: int(h.player), Feature: g.board.feature(g.board.find(x)),
			From: from, To: TileFeature{Pos: m.Placement.Pos, Index: m.Feature}, Ruling: g.rules.figures.crosses[h.kind].ruling})
	}
	if len(g.held) > 0 {
		return events, nil
	}
	g.crossInto = g.crossInto[:0]
	return g.resume(events), nil
}

// Held returns the follower held before it crosses whose decision the
// game waits for: its owner and the feature it stood on; ok is false when
// none is.
func (g *Game) Held() (f PlacedFollower, ok bool) {
	if g.phase != phaseUnit || g.waiting != &g.rules.crossing.decision {
		return f, false
	}
	h := g.held[0]
	return PlacedFollower{Player: int(h.player), Pos: g.board.position(int(g.board.cellOf(h.node))), Index: g.board.indexOf(h.node), Figure: int(h.kind)}, true
}
