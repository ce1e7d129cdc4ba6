package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// setAsideBeforeDragon reports whether a tile type is a dragon tile drawn
// before the dragon came into play, which is set aside and shuffled back
// once it does (Wikicarpedia: The Princess and The Dragon (1st edition)/de,
// Der Drache, Note; the dragon-move step's trigger, before-in-play). A
// dragon tile drawn while the Black Dragon's meal waits beside the board is
// placed as a normal tile (Wikicarpedia: Black Dragon (Fan Expansion),
// Other Expansions: Exp. 3 - The Princess & the Dragon; off-board).
func (g *Game) setAsideBeforeDragon(typ int) bool {
	mv := &g.rules.dragon
	if !mv.setAside || typ < 0 || !g.rules.hasSymbol(typ, symDragon) {
		return false
	}
	return g.dragon == dragonAbsent || (g.dragon == dragonWaiting && !mv.ignoreOffBoard)
}

// setDragonAside sets aside a dragon tile drawn before the dragon is in
// play.
func (g *Game) setDragonAside(typ int) {
	g.dragonAside = append(g.dragonAside, uint16(typ))
	g.asideLog = append(g.asideLog, uint16(typ))
	g.pending = append(g.pending, Event{Kind: EventSetAside, Player: -1})
}

// volcano moves the dragon onto a volcano tile just placed, from beside
// the board or from its tile, and shuffles the dragon tiles set aside back
// into the pile (Wikicarpedia: The Princess and The Dragon (1st
// edition)/de, Der Vulkan; Der Drache, Note).
func (g *Game) volcano(events []Event) []Event {
	if !g.rules.hasSymbol(g.tile, symVolcano) {
		return events
	}
	g.dragonCell, g.dragon = g.lastCell, dragonOn
	events = append(events, Event{Kind: EventMoved, Actor: figDragon, Volcano: true, Pos: g.last.Pos, Player: -1})
	if n := len(g.dragonAside); n > 0 {
		g.pile = append(g.pile, g.dragonAside...)
		g.dragonAside = g.dragonAside[:0]
		events = append(events, Event{Kind: EventShuffledBack, Count: n, Player: -1})
	}
	return events
}

// startDragon starts the red dragon's move after a dragon tile, when the
// dragon stands on the board: its steps come from the dragon-move step's
// movement (Wikicarpedia: The Princess and The Dragon (1st edition)/de,
// Der Drache: six tiles, the players in turn from the active player).
func (g *Game) startDragon(events []Event) ([]Event, bool) {
	if g.dragon != dragonOn || !g.rules.hasSymbol(g.tile, symDragon) {
		return events, false
	}
	return events, g.startMove(figDragon, &g.rules.dragon, g.dragonCell, g.rules.dragon.steps, phaseDragon)
}

// startBlackDragon starts the Black Dragon's move at the start of scoring
// when the tile completed features: one step per completed feature, or the
// fixed steps of the data (Wikicarpedia: Black Dragon (Fan Expansion),
// Step 1: Movement of the Black Dragon).
func (g *Game) startBlackDragon(events []Event) ([]Event, bool) {
	mv := &g.rules.blackMove
	if g.blackCell < 0 || len(g.board.done) == 0 {
		return events, false
	}
	steps := mv.steps
	if mv.perCompleted {
		steps = len(g.board.done)
	}
	return events, g.startMove(figBlackDragon, mv, g.blackCell, steps, phaseBlack)
}

// startMove starts a dragon's move from a cell; it reports whether the
// game waits for its first step (not when it has no step to take).
func (g *Game) startMove(who figure, mv *movement, from int32, steps int, ph phase) bool {
	g.mv = figureMove{who: who, rules: mv, left: min(steps, maxSteps), n: 1}
	g.mv.path[0] = from
	if g.mv.left == 0 || !g.canStep() {
		return false
	}
	g.phase = ph
	return true
}

// mayEnter reports whether the moving dragon may step onto a cell: a
// placed tile, not its start unless the data lets it return there, not a
// tile it entered this move unless the data lets it revisit, and not the
// fairy's tile when the fairy blocks it.
func (g *Game) mayEnter(n int32) bool {
	m := &g.mv
	if g.board.cells[n].tile == 0 {
		return false
	}
	if n == m.path[0] && !m.rules.returnToStart {
		return false
	}
	if !m.rules.revisit {
		for _, c := range m.path[1:m.n] {
			if c == n {
				return false
			}
		}
	}
	return !(m.rules.blockedByFairy && n == g.fairyCell)
}

// canStep reports whether the moving dragon has a step to take.
func (g *Game) canStep() bool {
	cur := int(g.mv.path[g.mv.n-1])
	for _, d := range g.board.steps {
		if g.mayEnter(int32(cur + d)) {
			return true
		}
	}
	return false
}

// stepMoves appends the moving dragon's legal steps, by side.
func (g *Game) stepMoves(dst []Move) []Move {
	cur := int(g.mv.path[g.mv.n-1])
	kind := MoveDragon
	if g.mv.who == figBlackDragon {
		kind = MoveBlackDragon
	}
	for s, d := range g.board.steps {
		if g.mayEnter(int32(cur + d)) {
			dst = append(dst, Move{Kind: kind, Dir: tilekit.Side(s), Feature: -1})
		}
	}
	return dst
}

// applyStep moves the dragon one step and eats on the tile it enters; a
// dead end or the last step ends its move (Wikicarpedia: The Princess and
// The Dragon (1st edition)/de, Der Drache: Dead ends).
func (g *Game) applyStep(m Move, events []Event) ([]Event, error) {
	want := MoveDragon
	if g.mv.who == figBlackDragon {
		want = MoveBlackDragon
	}
	cur := int(g.mv.path[g.mv.n-1])
	if m.Kind != want || m.Dir > 3 || !g.mayEnter(int32(cur+g.board.steps[m.Dir])) {
		return events, fmt.Errorf("%s is not a legal move now (%s)", g.MoveText(m), g.decisionText())
	}
	n := int32(cur + g.board.steps[m.Dir])
	mv := &g.mv
	mv.path[mv.n] = n
	mv.n++
	mv.taken++
	mv.left--
	if mv.who == figDragon {
		g.dragonCell = n
	} else {
		g.blackCell = n
	}
	events = append(events, Event{Kind: EventMoved, Actor: mv.who, Pos: g.board.position(int(n)), Player: -1})
	events = g.eatAt(n, mv.who, mv.rules, events)
	if mv.left > 0 && g.canStep() && g.figureOn(mv.who) {
		return events, nil
	}
	return g.resume(events), nil
}

// figureOn reports whether a dragon still stands on the board.
func (g *Game) figureOn(who figure) bool {
	if who == figDragon {
		return g.dragonCell >= 0
	}
	return g.blackCell >= 0
}

// blackDragonPlace brings the Black Dragon onto the tile placed this turn
// when a player's score has reached or passed the threshold since the
// turn began, counting the points until the step the trigger names, once
// or on every lap as the data says; it eats there (Wikicarpedia: Black
// Dragon (Fan Expansion), Step 3: Placement of the Black Dragon).
func (g *Game) blackDragonPlace(events []Event) []Event {
	t := g.rules.threshold
	if !g.counted {
		g.noteCounted()
	}
	crossed := false
	for i := range g.players {
		from, to := g.startScores[i], g.countScores[i]
		if t.everyLap {
			crossed = crossed || to/t.points > from/t.points
		} else {
			crossed = crossed || (!g.blackEntered && from < t.points && to >= t.points)
		}
	}
	if !crossed || g.lastCell < 0 {
		return events
	}
	g.blackCell, g.blackEntered = g.lastCell, true
	events = append(events, Event{Kind: EventEntered, Actor: figBlackDragon, Pos: g.last.Pos, Player: -1})
	return g.eatAt(g.lastCell, figBlackDragon, &g.rules.blackPlace, events)
}

// eatAt lets a dragon eat on the tile of a cell, as its diet and
// protection tables say: each follower there (sent where the step's
// removals say), then the neutral figures. Each figure eaten or spared
// makes an event with the ruling that decided it.
func (g *Game) eatAt(cell int32, eater figure, mv *movement, events []Event) []Event {
	fr := &g.rules.figures
	eats, spares := &fr.dragonEats, &fr.dragonSpares
	if eater == figBlackDragon {
		eats, spares = &fr.blackEats, &fr.blackSpares
	}
	pos := g.board.position(int(cell))
	slot := g.board.cells[cell].slot
	maxF := int32(g.rules.maxFeatures)
	for i := 0; i < len(g.followers); {
		f := g.followers[i]
		if f.node/maxF != slot {
			i++
			continue
		}
		v, spared := g.protection(f, cell, spares)
		if !spared {
			v = eats[figMeeple]
		}
		ev := Event{Kind: EventSpared, Actor: eater, Victim: figMeeple, Player: int(f.player), Pos: pos, Reason: v.reason,
			Feature: g.board.feature(g.board.find(f.node))}
		if spared || !v.yes {
			events = append(events, ev)
			i++
			continue
		}
		ev.Kind = EventEaten
		events = append(events, ev)
		g.removeFollower(i, mv.meepleTo)
	}
	return g.eatNeutrals(cell, pos, eater, eats, mv, events)
}

// eatNeutrals lets a dragon eat the neutral figures on a cell as its diet
// says: the fairy, and the other dragon.
func (g *Game) eatNeutrals(cell int32, pos tilekit.BoardPosition, eater figure, eats *[numFigures]verdict, mv *movement, events []Event) []Event {
	eat := func(victim figure) bool {
		v := eats[victim]
		kind := EventSpared
		if v.yes {
			kind = EventEaten
		}
		events = append(events, Event{Kind: kind, Actor: eater, Victim: victim, Player: -1, Pos: pos, Reason: v.reason})
		return v.yes
	}
	if g.fairyCell == cell && eat(figFairy) {
		g.fairyCell, g.fairyNode = -1, -1
	}
	if eater == figBlackDragon && g.dragonCell == cell && eat(figDragon) {
		g.dragonCell, g.dragon = -1, dragonWaiting
	}
	if eater == figDragon && g.blackCell == cell && eat(figBlackDragon) {
		g.blackCell = -1
	}
	return events
}

// protection returns the verdict of a place that protects a follower on a
// cell from a dragon, as its protection table says: a field, a completed
// feature, an occupied feature, a follower that came through a magic
// portal, the fairy's tile.
func (g *Game) protection(f follower, cell int32, spares *[numPlaces]verdict) (verdict, bool) {
	n := &g.board.nodes[g.board.find(f.node)]
	switch {
	case n.kind == KindField && spares[placeField].yes:
		return spares[placeField], true
	case g.instanceComplete(f.node) && spares[placeCompleted].yes:
		return spares[placeCompleted], true
	case spares[placeOccupied].yes:
		return spares[placeOccupied], true
	case f.portal && spares[placePortal].yes:
		return spares[placePortal], true
	case cell == g.fairyCell && spares[placeFairyTile].yes:
		return spares[placeFairyTile], true
	}
	return verdict{}, false
}

// instanceComplete reports whether the joined feature of an instance is
// complete: a road or city with no open edge, a cloister with eight tiles
// around it.
func (g *Game) instanceComplete(x int32) bool {
	n := &g.board.nodes[x]
	if n.kind == KindCloister {
		return n.around == 8
	}
	root := &g.board.nodes[g.board.find(x)]
	return (n.kind == KindRoad || n.kind == KindCity) && root.open == 0
}

// removeFollower takes follower i off the board to a destination: its
// owner's supply, or out of the game for any other.
func (g *Game) removeFollower(i int, to removal) {
	f := g.followers[i]
	g.board.nodes[g.board.find(f.node)].followers--
	if to.to == tilekit.OwnerSupply {
		g.players[f.player].Supply++
	} else {
		g.lost[f.player]++
	}
	g.leaveFairy(f)
	copy(g.followers[i:], g.followers[i+1:])
	g.followers = g.followers[:len(g.followers)-1]
}

// leaveFairy notes that a follower leaves the board: the fairy next to it
// stays on its tile, next to nobody.
func (g *Game) leaveFairy(f follower) {
	if f.node == g.fairyNode && f.player == g.fairyPlayer {
		g.fairyNode = -1
	}
}
