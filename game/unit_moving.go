package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
)

// The shared code of the units whose neutral figure moves step by step
// across the board and eats on each tile it enters: the red dragon
// (unit_dragon.go) and the Black Dragon (unit_blackdragon.go) are two
// instances of it.

// movingState is the figure moving: which, by which rules, how many steps
// are left and taken, and the cells of its path, the start first.
type movingState struct {
	mv figureMove
}

// figureMove is a figure on the move.
type figureMove struct {
	who   figure
	by    *mover
	rules *movement
	left  int
	taken int
	path  [maxSteps + 1]int32
	n     int
}

// The kinds of the events of moving figures.
const (
	// EventMoved: Actor (the dragon, the fairy or the Black Dragon) moved
	// to the tile at Pos; Called says the dragon came to a volcano.
	EventMoved EventKind = 3
	// EventEaten: Actor ate Victim (of Player, for a meeple) at Pos, by
	// Reason.
	EventEaten EventKind = 5
	// EventSpared: Actor did not eat Victim (of Player, for a meeple) at
	// Pos, by Reason.
	EventSpared EventKind = 6
)

// mover is a figure that moves step by step: which figure it is, the
// kind of its moves, where it stands, the tables of what it eats and
// which places protect from it, and the decision of its steps.
type mover struct {
	who      figure
	kind     MoveKind
	cell     func(g *Game) *int32
	tables   func(r *Ruleset) (eats *[numFigures]verdict, spares *[numPlaces]verdict)
	names    func(r *Ruleset) (eats, spares string)
	decision decision
}

// movers are the figures that move step by step.
var movers = [...]*mover{&dragonMover, &blackDragonMover}

// moverOf returns the mover of a figure; a figure that does not move step
// by step has none.
func moverOf(who figure) *mover {
	for _, m := range movers {
		if m.who == who {
			return m
		}
	}
	return nil
}

// moverDecision returns the decision of a mover's steps, whose text names
// it by a title ("the dragon").
func moverDecision(id, title string) decision {
	return decision{id: id, legal: (*Game).stepMoves, apply: (*Game).applyStep, decider: moverDecider,
		text: func(g *Game) string { return moverText(g, title) }}
}

// regridMove moves the path of the figure moving, or that moved last,
// into the board's grid, which a placement grew (the dragon's unit calls
// it, once for both movers).
func (g *Game) regridMove(half int) {
	for i := range min(g.mv.n+1, len(g.mv.path)) {
		g.regridCell(&g.mv.path[i], half)
	}
}

// resetMove forgets the last move of a figure, at the start of a turn.
func (g *Game) resetMove() { g.mv.rules, g.mv.n = nil, 0 }

// movement is a compiled Movement with its trigger and removals: how a
// dragon moves and what it does.
type movement struct {
	// present says that the step is in the turn.
	present bool
	// steps is the fixed number of steps; perCompleted moves one step per
	// feature the tile completed instead.
	steps        int
	perCompleted bool
	// eachPlayer says that the players in turn choose the steps, from the
	// active player; else the active player chooses them all.
	eachPlayer bool
	// revisit lets the figure enter a tile it entered this move again;
	// returnToStart lets it go back to the tile it started from.
	revisit, returnToStart bool
	// blockedByFairy keeps the figure off the fairy's tile.
	blockedByFairy bool
	// noDeploy keeps followers off the figure's tile.
	noDeploy bool
	// setAside sets aside a tile with the trigger's symbol drawn before
	// the figure is in play; ignoreOffBoard ignores the symbol while the
	// figure waits beside the board.
	setAside, ignoreOffBoard bool
	// eats and spares name the tables of what it eats and which places
	// protect from it.
	eats, spares string
	// meepleTo, dragonTo, fairyTo and blackTo are where the figures it
	// eats go.
	meepleTo, dragonTo, fairyTo, blackTo removal
}

// read compiles a step's movement, trigger and removals for a figure;
// orthogonal says that the step moves the figure step by step.
func (mv *movement) read(m *tilekit.Mechanics, figure string, orthogonal bool) error {
	mv.present = true
	if t := m.Trigger; t != nil {
		mv.setAside = t.BeforeInPlay == tilekit.EarlySetAside
		mv.ignoreOffBoard = t.OffBoard == tilekit.OffBoardIgnoreSymbol
	}
	d := m.Movement
	if d == nil {
		return fmt.Errorf("no movement data: the engine needs the figure's movement")
	}
	if d.Figure != figure {
		return fmt.Errorf("the movement moves %q: the engine's implementation moves the %s", d.Figure, figure)
	}
	if err := mv.readSteps(d, orthogonal); err != nil {
		return err
	}
	mv.blockedByFairy = slices.Contains(d.BlockedBy, "fairy")
	mv.noDeploy, mv.eats, mv.spares = d.NoDeploy, d.Eats, d.Spares
	mv.meepleTo = destinationOf(m, "meeple", "player")
	mv.dragonTo = destinationOf(m, "dragon", "neutral")
	mv.fairyTo = destinationOf(m, "fairy", "neutral")
	mv.blackTo = destinationOf(m, "black-dragon", "neutral")
	return nil
}

// maxSteps is the most steps a dragon takes in one move.
const maxSteps = 64

// readSteps compiles how far and how a figure moves.
func (mv *movement) readSteps(d *tilekit.Movement, orthogonal bool) error {
	if !orthogonal {
		if d.To != tilekit.MoveToPlacedTile {
			return fmt.Errorf("the movement goes to %q: the engine's implementation goes to the placed tile", d.To)
		}
		return nil
	}
	if d.To != tilekit.MoveOrthogonalSteps {
		return fmt.Errorf("the movement goes to %q: the engine's implementation moves in orthogonal steps", d.To)
	}
	switch {
	case d.Per == tilekit.PerCompletedFeature:
		mv.perCompleted = true
	case d.Per != "":
		return fmt.Errorf("steps per %q: the engine knows completed-feature", d.Per)
	case d.Steps < 0 || d.Steps > maxSteps:
		return fmt.Errorf("%d steps: the engine moves 0 to %d", d.Steps, maxSteps)
	}
	mv.steps = d.Steps
	switch d.Mover {
	case "", tilekit.ChooserActivePlayer:
	case tilekit.ChooserEachPlayerInTurn:
		mv.eachPlayer = true
	default:
		return fmt.Errorf("mover %q: the engine knows active-player and each-player-in-turn", d.Mover)
	}
	if d.DeadEnd != "" && d.DeadEnd != tilekit.DeadEndStop {
		return fmt.Errorf("dead end %q: the engine knows stop", d.DeadEnd)
	}
	mv.revisit, mv.returnToStart = d.Revisit, d.ReturnToStart
	return nil
}

// startMove starts a figure's move from a cell; it reports whether the
// game waits for its first step (not when it has no step to take).
func (g *Game) startMove(by *mover, mv *movement, from int32, steps int) bool {
	g.mv = figureMove{who: by.who, by: by, rules: mv, left: min(steps, maxSteps), n: 1}
	g.mv.path[0] = from
	if g.mv.left == 0 || !g.canStep() {
		return false
	}
	return g.waitFor(&by.decision)
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
	kind := g.mv.by.kind
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
	cur := int(g.mv.path[g.mv.n-1])
	if m.Kind != g.mv.by.kind || m.Dir > 3 || !g.mayEnter(int32(cur+g.board.steps[m.Dir])) {
		return events, g.notLegal(m)
	}
	n := int32(cur + g.board.steps[m.Dir])
	mv := &g.mv
	mv.path[mv.n] = n
	mv.n++
	mv.taken++
	mv.left--
	*mv.by.cell(g) = n
	events = append(events, Event{Kind: EventMoved, Actor: mv.who, Pos: g.board.position(int(n)), Player: -1})
	events = g.eatAt(n, mv.by, mv.rules, events)
	if mv.left > 0 && g.canStep() && *mv.by.cell(g) >= 0 {
		return events, nil
	}
	return g.resume(events), nil
}

// eatAt lets a dragon eat on the tile of a cell, as its diet and
// protection tables say: each follower there (sent where the step's
// removals say), then the neutral figures. Each figure eaten or spared
// makes an event with the ruling that decided it.
func (g *Game) eatAt(cell int32, by *mover, mv *movement, events []Event) []Event {
	eats, spares := by.tables(g.rules)
	eater := by.who
	pos := g.board.position(int(cell))
	slot := int32(g.board.cells[cell].slot)
	for i := 0; i < len(g.followers); {
		f := g.followers[i]
		if g.board.slotOf(f.node) != slot {
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
	return g.eatNeutrals(cell, pos, eater, eats, events)
}

// eatNeutrals lets a figure eat the other neutral figures on a cell as
// its diet says (neutrals lists them: the fairy, the dragons).
func (g *Game) eatNeutrals(cell int32, pos tilekit.BoardPosition, eater figure, eats *[numFigures]verdict, events []Event) []Event {
	for _, n := range neutrals {
		if n.who == eater || n.cell(g) != cell {
			continue
		}
		v := eats[n.who]
		kind := EventSpared
		if v.yes {
			kind = EventEaten
		}
		events = append(events, Event{Kind: kind, Actor: eater, Victim: n.who, Player: -1, Pos: pos, Reason: v.reason})
		if v.yes {
			n.eaten(g)
		}
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
	case f.via == MovePortal && spares[placePortal].yes:
		return spares[placePortal], true
	case cell == g.fairyCell && spares[placeFairyTile].yes:
		return spares[placeFairyTile], true
	}
	return verdict{}, false
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
func moverText(g *Game, title string) string {
	return fmt.Sprintf("player %d moves %s from %s", g.Decider()+1, title, notationPos(g.board.position(int(g.mv.path[g.mv.n-1]))))
}

// movedEvent, eatenEvent and sparedEvent are the events of a figure's
// move and meal.
var (
	movedEvent  = eventKind{name: "moved", word: "move", rule: movedRule, note: noteFigureEvent, read: readFigureEvent, noted: notedMove}
	eatenEvent  = eventKind{name: "eaten", word: "eat", rule: mealRule, note: noteFigureEvent, read: readFigureEvent, noted: notedMeal}
	sparedEvent = eventKind{name: "spared", word: "spare", rule: mealRule, note: noteFigureEvent, read: readFigureEvent, noted: notedMeal}
)

// noteFigureEvent writes the values of a figure's event: the figure, its
// victim, the tile, whether a volcano called it, and the reason.
func noteFigureEvent(e Event, n *tilekit.EventNotation) {
	n.Figure, n.Victim, n.Pos, n.Volcano, n.Reason = e.Actor.ID(), e.Victim.ID(), e.Pos, e.Called, e.Reason
}

// readFigureEvent reads the values of a figure's event.
func readFigureEvent(n tilekit.EventNotation, e *Event) error {
	var err error
	e.Pos, e.Called, e.Reason = n.Pos, n.Volcano, n.Reason
	if e.Actor, err = parseFigure(n.Figure); err == nil && n.Victim != "" {
		e.Victim, err = parseFigure(n.Victim)
	}
	return err
}

// notedMove sets the values the notation holds of a figure's move or
// entry.
func notedMove(e Event, n *Event) {
	n.Actor, n.Pos, n.Called = e.Actor, e.Pos, e.Called && e.Kind == EventMoved
}

// notedMeal sets the values the notation holds of a figure's meal.
func notedMeal(e Event, n *Event) {
	n.Actor, n.Victim, n.Pos, n.Reason = e.Actor, e.Victim, e.Pos, e.Reason
	if e.Victim == figMeeple {
		n.Player = e.Player
	}
}

// movedRules hold, by actor, the rule of a figure's move; eatenRules that
// of its meal.
var (
	movedRules = [numFigures]EventRule{figDragon: ruleDragonMoved, figFairy: ruleFairyMoved, figBlackDragon: ruleBlackDragonMoved}
	eatenRules = [numFigures]EventRule{figDragon: ruleDragonEats, figBlackDragon: ruleBlackDragonEats}
)

// movedRule returns the rule of a figure's move.
func movedRule(e Event) EventRule {
	if e.Called {
		return ruleVolcano
	}
	return movedRules[e.Actor%numFigures]
}

// mealRule returns the rule of a figure's meal.
func mealRule(e Event) EventRule { return eatenRules[e.Actor%numFigures] }

// checkPath checks the path of the dragon moving, or that moved last.
func (iv *invariants) checkPath() error {
	m := &iv.g.mv
	if m.rules == nil || m.n == 0 {
		return nil
	}
	for i := 1; i < m.n; i++ {
		if m.path[i] == m.path[0] && !m.rules.returnToStart {
			return iv.broken("the %s went back to the tile it started from", figureNames[m.who])
		}
		for j := 1; j < i && !m.rules.revisit; j++ {
			if m.path[i] == m.path[j] {
				return iv.broken("the %s entered the tile at %s twice in one move", figureNames[m.who],
					notationPos(iv.g.board.position(int(m.path[i]))))
			}
		}
	}
	if m.rules.perCompleted && m.taken > len(iv.g.board.done) {
		return iv.broken("the %s took %d steps for %d completed features", figureNames[m.who], m.taken, len(iv.g.board.done))
	}
	return nil
}

// checkEaten checks each figure the last move's events say was eaten
// against the compiled diet of the dragon that ate it, and each meeple
// eaten against the places of its protection table.
func (iv *invariants) checkEaten() error {
	r := iv.g.rules
	for i := range iv.events {
		e := &iv.events[i]
		if e.Kind != EventEaten {
			continue
		}
		by := moverOf(e.Actor)
		if by == nil {
			return iv.broken("the %s ate the %s at %s, but it eats nothing", figureNames[e.Actor], figureNames[e.Victim], notationPos(e.Pos))
		}
		eats, spares := by.tables(r)
		table, protecting := by.names(r)
		if !eats[e.Victim].yes {
			return iv.broken("the %s ate the %s at %s, which %s does not let it eat", figureNames[e.Actor],
				figureNames[e.Victim], notationPos(e.Pos), table)
		}
		if e.Victim == figMeeple && placeProtects(spares, e.Feature) {
			return iv.broken("the %s ate player %d's meeple at %s, which %s protects", figureNames[e.Actor],
				e.Player+1, notationPos(e.Pos), protecting)
		}
	}
	return nil
}

// placeProtects reports whether the compiled places of a protection table
// protect a follower on a feature: an occupied feature, a field, a
// completed feature.
func placeProtects(spares *[numPlaces]verdict, f Feature) bool {
	return spares[placeOccupied].yes || (f.Kind == KindField && spares[placeField].yes) || (f.Complete() && spares[placeCompleted].yes)
}

// checkMoving checks the invariants of a moving figure after a move: its
// path, and what it ate.
func checkMoving(iv *invariants) error {
	if err := iv.checkPath(); err != nil {
		return err
	}
	return iv.checkEaten()
}
