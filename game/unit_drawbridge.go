package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of The Drawbridges (Wikicarpedia: The Drawbridges): the sole
// majority of a completed road that leads to the drawbridge of an
// incomplete city may cross into it, follower by follower, instead of
// going home.

// drawbridgeState holds the followers of a completed road waiting at its
// drawbridges, and the roots of the cities they may enter.
type drawbridgeState struct {
	held         []heldFollower
	bridgeCities []int32
}

// heldFollower is a follower held at a drawbridge: its owner, the road
// instance it stood on, its kind and the range of bridgeCities it may
// enter.
type heldFollower struct {
	player     int32
	node       int32
	kind       uint8
	from, upTo int32
}

// drawbridgeRules are the unit's compiled data: the step's choice, where
// a follower that goes home goes, and, like cityStart and cityLinks, the
// cities whose drawbridge a road leads to, as feature indices of its tile
// type.
type drawbridgeRules struct {
	drawbridge    choice
	drawbridgeOut removal
	bridgeStart   []int32
	bridgeLinks   []int8
}

// drawbridgeStep is the id of the unit's step, drawbridgeDecisionID the
// name of its decision.
const (
	drawbridgeStep       = "drawbridge-move"
	drawbridgeDecisionID = "drawbridge"
)

// MoveDrawbridge moves the follower held at a drawbridge into the city on
// a feature of a tile (Feature -1: home).
const MoveDrawbridge MoveKind = 5

// EventCrossed: Player's meeple crossed a drawbridge into Feature.
const EventCrossed EventKind = 8

// DrawbridgeMove moves the follower held at a drawbridge into the city on
// feature i of the tile at a position.
func DrawbridgeMove(p tilekit.BoardPosition, i int) Move {
	return Move{Kind: MoveDrawbridge, Placement: Placement{Pos: p}, Feature: i, Word: drawbridgeWord}
}

// DrawbridgeHome sends the follower held at a drawbridge home.
var DrawbridgeHome = Move{Kind: MoveDrawbridge, Feature: -1, Word: drawbridgeWord}

var (
	drawbridgeUnit = unit{
		steps: []unitStep{{id: drawbridgeStep, compile: compileDrawbridge, run: func(g *Game, events []Event) ([]Event, bool) {
			return events, len(g.held) > 0 && g.waitFor(&drawbridgeDecision)
		}}},
		tile:  addDrawbridges,
		links: func(f *tilekit.Feature) []string { return f.Drawbridges },
		rulings: func(r *Ruleset, read rulingReader) error {
			if !r.hasStep(drawbridgeStep) {
				return nil
			}
			var err error
			r.figures.crossesBridge, err = read.meeple("drawbridge-figures")
			return err
		},
		make: func(g *Game, players int) {
			g.held = make([]heldFollower, 0, Followers*players)
			g.bridgeCities = make([]int32, 0, 16*Followers*players)
		},
		reset: func(g *Game) { g.held, g.bridgeCities = g.held[:0], g.bridgeCities[:0] },
		hooks: unitHooks{
			scored: (*Game).holdAtDrawbridges,
			aside: func(g *Game, count *[MaxPlayers][MaxKinds]int) {
				for _, h := range g.held {
					count[h.player][h.kind]++
				}
			},
		},
	}
	drawbridgeDecision = decision{id: drawbridgeDecisionID, legal: (*Game).bridgeMoves, apply: (*Game).applyBridge,
		decider: func(g *Game) int { return int(g.held[0].player) },
		text: func(g *Game) string {
			return fmt.Sprintf("player %d chooses where their meeple at the drawbridge goes", g.Decider()+1)
		}}
	drawbridgeWord = mustNameWord("drawbridge", MoveDrawbridge)
	drawbridgeKind = moveKind{home: true, notation: func(m Move, mt *tilekit.MoveText) bool {
		mt.HasAt, mt.At, mt.Home = m.Feature >= 0, m.Placement.Pos, m.Feature < 0
		return true
	}, parse: func(mt tilekit.MoveText, feature int) Move {
		if mt.Home {
			return DrawbridgeHome
		}
		return DrawbridgeMove(mt.At, feature)
	}}
	crossedEvent = eventKind{name: "crossed", word: "cross", read: readPlayerFeature, noted: notedPlayerFeature, rule: func(Event) EventRule {
		return stepRule("cross", "drawbridge-move", tilekit.Citation{Kind: tilekit.Rulebook, Title: "Wikicarpedia: The Drawbridges",
			Section: "3. Scoring a feature", URL: "https://wikicarpedia.com/car/The_Drawbridges"})
	}}
)

// compileDrawbridge compiles the drawbridge step: its choice, by the sole
// majority, and where a follower that goes home goes.
func compileDrawbridge(r *Ruleset, ps rules.PlayedStep) error {
	r.drawbridge = readChoice(ps.Choice)
	if ps.Choice != nil && ps.Choice.By != "" && ps.Choice.By != tilekit.ChooserSoleMajority {
		return fmt.Errorf("choice by %q: the engine knows sole-majority", ps.Choice.By)
	}
	r.drawbridgeOut = destinationOf(&ps.Step.Mechanics, "meeple", "player")
	return nil
}

// addDrawbridges compiles the drawbridges each road of a tile type leads
// to.
func addDrawbridges(r *Ruleset, t *tilekit.Tile) {
	if len(r.bridgeStart) == 0 {
		r.bridgeStart = append(r.bridgeStart, 0)
	}
	for i := range t.Features {
		f := &t.Features[i]
		if f.Kind == tilekit.Road {
			for _, c := range t.DrawbridgeCities(f) {
				if j := slices.IndexFunc(t.Features, func(g tilekit.Feature) bool { return g.ID == c.ID }); j >= 0 {
					r.bridgeLinks = append(r.bridgeLinks, int8(j))
				}
			}
		}
		r.bridgeStart = append(r.bridgeStart, int32(len(r.bridgeLinks)))
	}
}

// bridges returns the city indices whose drawbridge feature i of a tile
// type, a road, leads to.
func (r *Ruleset) bridges(typ, i int) []int8 {
	f := int(r.featStart[typ]) + i
	return r.bridgeLinks[r.bridgeStart[f]:r.bridgeStart[f+1]]
}

// holdAtDrawbridges holds back, after a completed road is scored, the
// followers of its sole majority when the road leads to the drawbridge of
// a city still incomplete and drawbridge-figures lets the meeple cross: the
// drawbridge step then asks, follower by follower, whether it crosses or
// goes home. A road whose cities are complete, or whose majority is
// shared, holds nobody (Wikicarpedia: The Drawbridges, 3. Scoring a
// feature, and its footnote 1).
func (g *Game) holdAtDrawbridges(road Feature, end bool, events []Event) []Event {
	if end || road.Kind != KindRoad || !g.rules.figures.crossesBridge.yes {
		return events
	}
	from := int32(len(g.bridgeCities))
	g.addBridgeCities(int32(road.ID))
	upTo := int32(len(g.bridgeCities))
	if upTo == from {
		return events
	}
	var count [MaxPlayers]int
	g.weigh(int32(road.ID), &count)
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
		g.bridgeCities = g.bridgeCities[:from]
		return events
	}
	kept := g.followers[:0]
	for _, fl := range g.followers {
		if g.board.find(fl.node) == int32(road.ID) && int(fl.player) == sole {
			g.held = append(g.held, heldFollower{player: fl.player, node: fl.node, kind: fl.kind, from: from, upTo: upTo})
			g.board.nodes[road.ID].followers--
			g.leaves(fl)
			continue
		}
		kept = append(kept, fl)
	}
	g.followers = kept
	return events
}

// addBridgeCities adds the roots of the incomplete cities whose drawbridge
// a joined road leads to, each once.
func (g *Game) addBridgeCities(root int32) {
	b := g.board
	start := len(g.bridgeCities)
	for m := root; ; {
		slot := b.slotOf(m)
		typ := int(b.cells[b.placed[slot]].tile) - 1
		for _, c := range g.rules.bridges(typ, b.indexOf(m)) {
			city := b.find(b.instance(slot, int32(c)))
			if b.nodes[city].open > 0 && !containsRoot(g.bridgeCities[start:], city) {
				g.bridgeCities = append(g.bridgeCities, city)
			}
		}
		if m = b.nodes[m].next; m == root {
			return
		}
	}
}

// bridgeMoves appends where the first follower held at a drawbridge may
// go: home (unless the step's choice is a must and a city is open to it),
// and any city instance of each city it may enter, but where a unit keeps
// followers off (the dragon's tile).
func (g *Game) bridgeMoves(dst []Move) []Move {
	h := g.held[0]
	start := len(dst)
	if !g.rules.drawbridge.must {
		dst = append(dst, DrawbridgeHome)
	}
	b := g.board
	for _, city := range g.bridgeCities[h.from:h.upTo] {
		for m := city; ; {
			if cell := b.cellOf(m); !g.closedToFollowers(cell) {
				dst = append(dst, DrawbridgeMove(b.position(int(cell)), b.indexOf(m)))
			}
			if m = b.nodes[m].next; m == city {
				break
			}
		}
	}
	if len(dst) == start {
		dst = append(dst, DrawbridgeHome)
	}
	return dst
}

// applyBridge sends the first follower held at a drawbridge home (to where
// the step's removals send it) or into a city.
func (g *Game) applyBridge(m Move, events []Event) ([]Event, error) {
	if m.Kind != MoveDrawbridge {
		return events, g.notLegal(m)
	}
	if err := g.checkLegal(m); err != nil {
		return events, err
	}
	h := g.held[0]
	copy(g.held, g.held[1:])
	g.held = g.held[:len(g.held)-1]
	if m.Feature < 0 {
		road := g.board.feature(g.board.find(h.node))
		if g.rules.drawbridgeOut.to == tilekit.OwnerSupply {
			g.toSupply(follower{player: h.player, kind: h.kind})
		} else {
			g.lost[h.player]++
		}
		events = append(events, Event{Kind: EventReturned, Feature: road, Player: int(h.player), Count: 1})
	} else {
		idx, _ := g.board.index(m.Placement.Pos)
		x := g.board.instance(int32(g.board.cells[idx].slot), int32(m.Feature))
		g.board.nodes[g.board.find(x)].followers++
		g.followers = append(g.followers, follower{player: h.player, node: x, kind: h.kind})
		events = append(events, Event{Kind: EventCrossed, Actor: FigureMeeple, Player: int(h.player), Feature: g.board.feature(g.board.find(x))})
	}
	if len(g.held) > 0 {
		return events, nil
	}
	g.bridgeCities = g.bridgeCities[:0]
	return g.resume(events), nil
}

// Held returns the follower held at a drawbridge whose decision the game
// waits for: its owner and the road feature it stood on; ok is false when
// none is.
func (g *Game) Held() (f PlacedFollower, ok bool) {
	if g.Decision() != drawbridgeDecisionID {
		return f, false
	}
	h := g.held[0]
	return PlacedFollower{Player: int(h.player), Pos: g.board.position(int(g.board.cellOf(h.node))), Index: g.board.indexOf(h.node), Figure: int(h.kind)}, true
}
