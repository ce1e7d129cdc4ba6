package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// How the moving figures play (unit_moving.go compiles them): a movement's
// run, the steps of a figure and what it eats, the tiles set aside, and
// the tiles a figure keeps followers off.

// The kinds of the events of moving figures.
const (
	// EventMoved: Actor moved to the tile at Pos; Called says that the
	// tile's symbol called it there.
	EventMoved EventKind = 3
	// EventEntered: Actor entered the game at Pos.
	EventEntered EventKind = 4
	// EventEaten: Actor ate Victim (of Player, for a follower) at Pos, by
	// Reason.
	EventEaten EventKind = 5
	// EventSpared: Actor did not eat Victim (of Player, for a follower) at
	// Pos, by Reason.
	EventSpared EventKind = 6
	// EventSetAside: a tile drawn before its figure was in play was set
	// aside.
	EventSetAside EventKind = 9
	// EventShuffledBack: Count tiles set aside went back into the pile.
	EventShuffledBack EventKind = 10
)

// runMovement plays movement k when its trigger fires: to the placed
// tile, or, for a figure on the board, step by step.
func (g *Game) runMovement(k int, events []Event) ([]Event, bool) {
	mv := &g.rules.moves[k]
	if !g.triggered(mv) {
		return events, false
	}
	if !mv.orthogonal {
		return g.enterPlaced(mv, events), false
	}
	if g.at[mv.who] < 0 {
		return events, false
	}
	steps := mv.steps
	if mv.perCompleted {
		steps = len(g.board.done)
	}
	return events, g.startMove(mv, g.at[mv.who], steps)
}

// triggered reports whether a movement's trigger fires this turn: the
// tile placed shows its symbol, the tile completed a feature, or a score
// reached or passed its threshold since the turn began, counting the
// points until the step it names, once or on every lap.
func (g *Game) triggered(mv *movement) bool {
	tr := &mv.trigger
	switch tr.on {
	case tilekit.TriggerTileSymbol:
		return g.tile >= 0 && g.rules.tileBits[g.tile]&tr.bit != 0
	case tilekit.TriggerFeaturesCompleted:
		return len(g.board.done) > 0
	case tilekit.TriggerScoreReached:
		g.noteCounted()
		t := tr.threshold
		for i := range g.players {
			from, to := g.startScores[i], g.countScores[i]
			if t.everyLap && to/t.points > from/t.points {
				return true
			}
			if !t.everyLap && !g.entered[mv.who] && from < t.points && to >= t.points {
				return true
			}
		}
		return false
	}
	return true
}

// enterPlaced sets a movement's figure on the tile placed this turn,
// unless it left the game: called there by the tile's symbol, or entering
// the game; the tiles set aside until it entered go back into the pile,
// and it eats there when the step names its diet.
func (g *Game) enterPlaced(mv *movement, events []Event) []Event {
	who := mv.who
	if g.lastCell < 0 || g.out[who] {
		return events
	}
	g.at[who], g.entered[who] = g.lastCell, true
	var called tilekit.Symbol
	kind := EventEntered
	if mv.trigger.on == tilekit.TriggerTileSymbol {
		called, kind = mv.trigger.symbol, EventMoved
	}
	events = append(events, Event{Kind: kind, Actor: who, Called: called, Pos: g.last.Pos, Player: -1})
	if a := g.rules.asideStep; a > 0 && g.rules.moves[a-1].who == who && len(g.aside) > 0 {
		n := len(g.aside)
		g.pile = append(g.pile, g.aside...)
		g.aside = g.aside[:0]
		events = append(events, Event{Kind: EventShuffledBack, Count: n, Player: -1})
	}
	if mv.eatsName != "" {
		events = g.eatAt(g.lastCell, mv, events)
	}
	return events
}

// startMove starts a figure's move from a cell; it reports whether the
// game waits for its first step (not when it has no step to take).
func (g *Game) startMove(mv *movement, from int32, steps int) bool {
	g.mv = figureMove{rules: mv, left: min(steps, maxSteps), n: 1}
	g.mv.path[0] = from
	if g.mv.left == 0 || !g.canStep() {
		return false
	}
	return g.waitFor(&g.rules.movers[mv.mover].decision)
}

// mayEnter reports whether the moving figure may step onto a cell: a
// placed tile, not its start unless the data lets it return there, not a
// tile it entered this move unless the data lets it revisit, and not the
// tile of a figure that blocks it.
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
	for _, b := range m.rules.blockedBy {
		if n == g.at[b] {
			return false
		}
	}
	return true
}

// canStep reports whether the moving figure has a step to take.
func (g *Game) canStep() bool {
	cur := int(g.mv.path[g.mv.n-1])
	for _, d := range g.board.steps {
		if g.mayEnter(int32(cur + d)) {
			return true
		}
	}
	return false
}

// stepMoves appends the moving figure's legal steps, by side.
func (g *Game) stepMoves(dst []Move) []Move {
	cur := int(g.mv.path[g.mv.n-1])
	who := int(g.mv.rules.who)
	for s, d := range g.board.steps {
		if g.mayEnter(int32(cur + d)) {
			dst = append(dst, Move{Kind: MoveStep, Dir: tilekit.Side(s), Feature: -1, Figure: int8(who)})
		}
	}
	return dst
}

// applyStep moves the figure one step and eats on the tile it enters; a
// dead end or the last step ends its move.
func (g *Game) applyStep(m Move, events []Event) ([]Event, error) {
	mv := &g.mv
	cur := int(mv.path[mv.n-1])
	if m.Kind != MoveStep || int(m.Figure) != int(mv.rules.who) || m.Dir > 3 || !g.mayEnter(int32(cur+g.board.steps[m.Dir])) {
		return events, g.notLegal(m)
	}
	n := int32(cur + g.board.steps[m.Dir])
	who := mv.rules.who
	mv.path[mv.n] = n
	mv.n++
	mv.taken++
	mv.left--
	g.at[who] = n
	events = append(events, Event{Kind: EventMoved, Actor: who, Pos: g.board.position(int(n)), Player: -1})
	if mv.rules.eatsName != "" {
		events = g.eatAt(n, mv.rules, events)
	}
	if mv.left > 0 && g.canStep() && g.at[who] >= 0 {
		return events, nil
	}
	return g.resume(events), nil
}

// eatAt lets a movement's figure eat on the tile of a cell, as its diet
// and protection tables say: each follower there (sent where the step's
// removals say), then the neutral figures. Each figure eaten or spared
// makes an event with the ruling that decided it.
func (g *Game) eatAt(cell int32, mv *movement, events []Event) []Event {
	eater := mv.who
	pos := g.board.position(int(cell))
	slot := int32(g.board.cells[cell].slot)
	for i := 0; i < len(g.followers); {
		f := g.followers[i]
		if g.board.slotOf(f.node) != slot {
			i++
			continue
		}
		victim := g.rules.kindFigs[f.kind]
		v, spared := g.protection(f, cell, mv)
		if !spared {
			v = mv.eats[victim]
		}
		ev := Event{Kind: EventSpared, Actor: eater, Victim: victim, Player: int(f.player), Pos: pos, Reason: v.reason, Ruling: v.ruling,
			Feature: g.board.feature(g.board.find(f.node))}
		if spared || !v.yes {
			events = append(events, ev)
			i++
			continue
		}
		ev.Kind = EventEaten
		events = append(events, ev)
		var before int
		events, before = g.removeFollower(i, mv.meepleTo, events)
		i -= before
	}
	return g.eatNeutrals(cell, pos, mv, events)
}

// eatNeutrals lets a figure eat the other neutral figures on a cell as
// its diet says, in the order of the ruleset's figures.
func (g *Game) eatNeutrals(cell int32, pos tilekit.BoardPosition, mv *movement, events []Event) []Event {
	for _, n := range g.rules.neutrals {
		if n == mv.who || g.at[n] != cell {
			continue
		}
		v := mv.eats[n]
		kind := EventSpared
		if v.yes {
			kind = EventEaten
		}
		events = append(events, Event{Kind: kind, Actor: mv.who, Victim: n, Player: -1, Pos: pos, Reason: v.reason, Ruling: v.ruling})
		if v.yes {
			g.at[n] = -1
			g.out[n] = g.out[n] || mv.neutralTo[n].to == tilekit.OutOfGame
			for _, h := range g.rules.hooks.removed {
				h(g, n)
			}
		}
	}
	return events
}

// protection returns the verdict of a place that protects a follower on a
// cell from a figure, as its protection table says: a field, a completed
// feature, an occupied feature, a follower that a deployment brought, the
// tile of a neutral figure.
func (g *Game) protection(f follower, cell int32, mv *movement) (verdict, bool) {
	n := &g.board.nodes[g.board.find(f.node)]
	spares := &mv.spares
	switch {
	case n.kind == KindField && spares[placeField].yes:
		return spares[placeField], true
	case g.instanceComplete(f.node) && spares[placeCompleted].yes:
		return spares[placeCompleted], true
	case spares[placeOccupied].yes:
		return spares[placeOccupied], true
	case f.via == MoveDeploy && g.rules.figures.deployedBy >= 0 && spares[g.rules.figures.deployedBy].yes:
		return spares[g.rules.figures.deployedBy], true
	}
	for _, o := range g.rules.neutrals {
		if cell == g.at[o] && mv.tileSpares[o].yes {
			return mv.tileSpares[o], true
		}
	}
	if g.ruled != nil {
		g.noteUnspared(f, cell, mv)
	}
	return verdict{}, false
}

// noteUnspared notes, for a scenario's run, the protection verdicts that
// left a follower to the diet: each place the follower is in whose table
// says no (a knight on a figure's tile that the mover's protection table
// does not protect), since a yes there would have spared it.
func (g *Game) noteUnspared(f follower, cell int32, mv *movement) {
	n := &g.board.nodes[g.board.find(f.node)]
	spares := &mv.spares
	if n.kind == KindField {
		g.noteRuling(spares[placeField])
	}
	if g.instanceComplete(f.node) {
		g.noteRuling(spares[placeCompleted])
	}
	g.noteRuling(spares[placeOccupied])
	if f.via == MoveDeploy && g.rules.figures.deployedBy >= 0 {
		g.noteRuling(spares[g.rules.figures.deployedBy])
	}
	for _, o := range g.rules.neutrals {
		if cell == g.at[o] {
			g.noteRuling(mv.tileSpares[o])
		}
	}
}

// moverDecider returns who chooses the moving figure's next step: each
// player in turn from the active player, or the active player.
func moverDecider(g *Game) int {
	if g.mv.rules.eachPlayer {
		return (g.turn + g.mv.taken) % len(g.players)
	}
	return g.turn
}

// moverText says whose step of which figure the game waits for, from
// where, for an error.
func moverText(g *Game, who Figure) string {
	return fmt.Sprintf("player %d moves the %s from %s", g.Decider()+1, who, notationPos(g.board.position(int(g.mv.path[g.mv.n-1]))))
}

// holdsEarly reports whether a tile type shows the symbol of the step
// that sets tiles aside and is drawn before its figure is in play (or, when
// the trigger does not ignore the symbol then, while it waits beside the
// board): it is set aside, and shuffled back once the figure enters.
func (g *Game) holdsEarly(typ int) bool {
	r := g.rules
	if r.asideStep == 0 || typ < 0 {
		return false
	}
	mv := &r.moves[r.asideStep-1]
	if r.tileBits[typ]&mv.trigger.bit == 0 {
		return false
	}
	return !g.entered[mv.who] || (g.at[mv.who] < 0 && !mv.trigger.ignoreOffBoard)
}

// setEarlyAside sets aside a tile drawn before its figure is in play.
func (g *Game) setEarlyAside(typ int) {
	g.aside = append(g.aside, uint16(typ))
	g.pending = append(g.pending, Event{Kind: EventSetAside, Player: -1})
}

// earlyRefusal says that a tile drawn before its figure is in play is set
// aside, not placed.
func earlyRefusal(g *Game, typ int) error {
	mv := &g.rules.moves[g.rules.asideStep-1]
	return fmt.Errorf("%s shows the %s symbol and the %s is not in play: it is set aside, not placed (%s)",
		g.rules.ID(typ), mv.trigger.symbol, mv.who, citationText(mv.trigger.source))
}

// keepsOff returns the index of the mover whose figure stands on a cell
// and keeps followers off it (a step's no-deploy), or -1: the rule the
// deployment, every other step that puts a follower on a feature and the
// invariants read.
func (g *Game) keepsOff(cell int32) int {
	if cell < 0 {
		return -1
	}
	for i := range g.rules.movers {
		m := &g.rules.movers[i]
		if m.noDeploy && g.at[m.who] == cell {
			return i
		}
	}
	return -1
}

// whyKeptOff says why no follower may stand on the tile just placed.
func (g *Game) whyKeptOff() error {
	m := &g.rules.movers[g.keepsOff(g.lastCell)]
	return fmt.Errorf("no follower may stand on the %s's tile at %s (%s)", m.who, notationPos(g.last.Pos), citationText(g.rules.noDeploySource(m.who)))
}

// whyClosed says why no follower may come onto the tile of a cell that a
// figure keeps followers off, after what it names.
func (g *Game) whyClosed(cell int32) error {
	m := &g.rules.movers[g.keepsOff(cell)]
	return fmt.Errorf("lies on the %s's tile: no follower may stand with the %s (%s)", m.who, m.who, citationText(g.rules.noDeploySource(m.who)))
}

// noDeploySource returns the source of the first step that keeps
// followers off a figure's tile.
func (r *Ruleset) noDeploySource(who Figure) tilekit.Citation {
	for i := range r.moves {
		if mv := &r.moves[i]; mv.who == who && mv.noDeploy {
			return mv.mechanics.Movement.Source
		}
	}
	return tilekit.Citation{}
}

// citationText writes a citation for an error: its title and section.
func citationText(c tilekit.Citation) string {
	if c.Section == "" {
		return c.Title
	}
	return c.Title + ", " + c.Section
}
