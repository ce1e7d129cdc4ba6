package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// holdAtDrawbridges holds back, after a completed road is scored, the
// followers of its sole majority when the road leads to the drawbridge of
// a city still incomplete and drawbridge-figures lets the meeple cross: the
// drawbridge step then asks, follower by follower, whether it crosses or
// goes home. A road whose cities are complete, or whose majority is
// shared, holds nobody (Wikicarpedia: The Drawbridges, 3. Scoring a
// feature, and its footnote 1).
func (g *Game) holdAtDrawbridges(road Feature) {
	if !g.rules.figures.crossesBridge.yes {
		return
	}
	from := int32(len(g.bridgeCities))
	g.addBridgeCities(int32(road.ID))
	upTo := int32(len(g.bridgeCities))
	if upTo == from {
		return
	}
	var count [MaxPlayers]int
	for _, fl := range g.followers {
		if g.board.find(fl.node) == int32(road.ID) {
			count[fl.player]++
		}
	}
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
		return
	}
	kept := g.followers[:0]
	for _, fl := range g.followers {
		if g.board.find(fl.node) == int32(road.ID) && int(fl.player) == sole {
			g.held = append(g.held, heldFollower{player: fl.player, node: fl.node, from: from, upTo: upTo})
			g.board.nodes[road.ID].followers--
			g.leaveFairy(fl)
			continue
		}
		kept = append(kept, fl)
	}
	g.followers = kept
}

// addBridgeCities adds the roots of the incomplete cities whose drawbridge
// a joined road leads to, each once.
func (g *Game) addBridgeCities(root int32) {
	b := g.board
	maxF := int32(g.rules.maxFeatures)
	start := len(g.bridgeCities)
	for m := root; ; {
		slot := m / maxF
		typ := int(b.cells[b.placed[slot]].tile) - 1
		for _, c := range g.rules.bridges(typ, int(m%maxF)) {
			city := b.find(slot*maxF + int32(c))
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
// and any city instance of each city it may enter, but on the dragon's
// tile.
func (g *Game) bridgeMoves(dst []Move) []Move {
	h := g.held[0]
	start := len(dst)
	if !g.rules.drawbridge.must {
		dst = append(dst, DrawbridgeHome)
	}
	b := g.board
	maxF := int32(g.rules.maxFeatures)
	for _, city := range g.bridgeCities[h.from:h.upTo] {
		for m := city; ; {
			if cell := b.placed[m/maxF]; !g.dragonKeepsOff(cell) {
				dst = append(dst, DrawbridgeMove(b.position(int(cell)), int(m%maxF)))
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
		return events, fmt.Errorf("%s is not a legal move now (%s)", g.MoveText(m), g.decisionText())
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
			g.players[h.player].Supply++
		} else {
			g.lost[h.player]++
		}
		events = append(events, Event{Kind: EventReturned, Feature: road, Player: int(h.player), Count: 1})
	} else {
		idx, _ := g.board.index(m.Placement.Pos)
		x := g.board.cells[idx].slot*int32(g.rules.maxFeatures) + int32(m.Feature)
		g.board.nodes[g.board.find(x)].followers++
		g.followers = append(g.followers, follower{player: h.player, node: x})
		events = append(events, Event{Kind: EventCrossed, Actor: figMeeple, Player: int(h.player), Feature: g.board.feature(g.board.find(x))})
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
	if g.phase != phaseBridge {
		return f, false
	}
	h := g.held[0]
	maxF := int32(g.rules.maxFeatures)
	return PlacedFollower{Player: int(h.player), Pos: g.board.position(int(g.board.placed[h.node/maxF])), Index: int(h.node % maxF)}, true
}
