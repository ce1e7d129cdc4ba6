package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// step is what a step of the turn is to the core: the tile move, the
// figure decision, the scoring of completed features, a unit's step
// (units.go), which the step's run plays, or a step that only states
// scoring rules, which the scoring of completed features and of the end
// of the game scores by (compile_scoring.go).
type step uint8

// The kinds of steps.
const (
	stepPlaceTile step = iota
	stepPlaceFigure
	stepScore
	stepUnit
	stepScoringRules
)

// coreSteps are the step ids of the rules data (interactions/order.toml)
// the core plays, by kind.
var coreSteps = [...]string{stepPlaceTile: "place-tile", stepPlaceFigure: "place-figure", stepScore: "score-features"}

// turnStep is a compiled step of the turn: its id in the rules data, its
// kind, and for a unit's step the function that plays it (wait says that
// it waits for a decision); after, when not nil, runs once the step is
// played, its decision included.
type turnStep struct {
	id    string
	kind  step
	run   func(g *Game, events []Event) (_ []Event, wait bool)
	after func(g *Game)
	// data is the step of the catalog it plays (one that supersedes
	// another holds it in Replaces); nil in the base game's turn.
	data *tilekit.Step
	// choice is the step's choice as the setup plays it (a variant's for
	// the publisher or the expansions played with it); nil for none.
	choice *tilekit.Choice
}

// baseTurn is the base game's turn.
var baseTurn = []turnStep{{id: coreSteps[stepPlaceTile], kind: stepPlaceTile},
	{id: coreSteps[stepPlaceFigure], kind: stepPlaceFigure}, {id: coreSteps[stepScore], kind: stepScore}}

// turnState holds the state of a turn: where the turn is in the order of
// play, the figure decision, the events of the start of the turn, the
// decision of a unit the game waits for, the tiles the units held back
// when drawn, and the followers out of the game; and, embedded, the
// state of every unit (units.go).
type turnState struct {
	// lastCell is the cell of the tile placed last.
	lastCell int32
	// step is the index in the turn's steps of the next step; waitStep the
	// index of the step whose decision the game waits for; started says
	// that the turn's first steps were played; figDone that the figure
	// decision was made.
	step, waitStep int
	started        bool
	figDone        bool
	// figureKind is the kind of the last figure decision, until the next
	// tile move, and figureWord its word.
	figureKind MoveKind
	figureWord Word
	// waiting is the unit's decision the game waits for in phaseUnit.
	waiting *decision
	// pending are the events of the start of the turn, given with the
	// tile move.
	pending []Event
	// heldLog lists every tile a unit held back when it was drawn, in
	// order.
	heldLog []uint16
	// lost counts each player's followers out of the game.
	lost [MaxPlayers]int
	// extra says that the turn is an extra turn of the player who played
	// the one before (a unit's again hook): its steps before the tile
	// move are not played.
	extra bool
	// legalBuf is a buffer for checking a move against the legal ones.
	legalBuf []Move
	// fromLegal is set while applyLegal plays a move taken from Legal,
	// which checkLegal then need not list again.
	fromLegal bool
	// ruled lists the table rulings that decided the moves applied
	// without an event that carries them (a deployment elsewhere, a
	// follower sent home instead of crossing): noted only while it is not
	// nil, which a scenario run makes it (a random game notes nothing).
	ruled []*rules.Ruling
	unitStates
}

// makeTurn makes the buffers of the turn and of the units for a number of
// players.
func (g *Game) makeTurn(players int) {
	r := g.rules
	if r.expansions {
		g.pending = make([]Event, 0, 8)
	}
	g.heldLog = make([]uint16, 0, r.Total())
	for _, u := range r.playing {
		if u.make != nil {
			u.make(g, players)
		}
	}
}

// resetTurn starts the turn's state and every unit's afresh for a new
// game: the units' figures stand beside the board.
func (g *Game) resetTurn() {
	g.started, g.figDone, g.waiting, g.extra = false, false, nil, false
	g.pending, g.heldLog = g.pending[:0], g.heldLog[:0]
	g.lastCell, g.step = -1, 0
	clear(g.lost[:])
	for _, u := range units {
		if u.reset != nil {
			u.reset(g)
		}
	}
}

// startTurn plays the steps of the turn before the tile is placed, once a
// turn, after the units' turn-start hooks.
// Their events come with the tile move.
func (g *Game) startTurn() {
	if g.started {
		return
	}
	g.started, g.figDone = true, false
	for _, h := range g.rules.hooks.turnStart {
		h(g)
	}
	g.step = 0
	for g.step < len(g.rules.turn) {
		st := &g.rules.turn[g.step]
		g.step++
		if st.kind == stepPlaceTile {
			return
		}
		if st.run != nil && !g.extra {
			g.pending, _ = st.run(g, g.pending)
		}
	}
}

// resumeTurnAt sets a game read from a position in the middle of a turn
// to wait for the first step of a kind: the turn has started, its steps
// before that one are played, and a figure step's decision is open.
func (g *Game) resumeTurnAt(kind step) {
	g.started = true
	for _, h := range g.rules.hooks.turnStart {
		h(g)
	}
	for i, st := range g.rules.turn {
		if st.kind == kind {
			g.step, g.waitStep, g.figDone = i+1, i, kind != stepPlaceTile
			return
		}
	}
	g.step = len(g.rules.turn)
}

// Apply plays a move of the decision the game waits for, appends to events
// what it caused and returns the extended slice. A tile move lays the
// drawn tile at a legal placement; then the steps of the turn are played
// in the order of play (Ruleset.Steps) until the next decision: the figure
// decision (a follower on the tile, or none, or a unit's move instead), or
// a unit's own decision. Once the last step is played, the turn passes to
// the next player. It is an error when the move is not legal now. Apply
// allocates nothing when events has room.
func (g *Game) Apply(m Move, events []Event) ([]Event, error) {
	if !m.Follower && m.Kind == MoveBase {
		if err := g.tileStep(m.Placement); err != nil {
			return events, err
		}
		events = append(events, g.pending...)
		g.pending = g.pending[:0]
		return g.advance(events), nil
	}
	switch g.phase {
	case phaseFollower:
		return g.applyFigure(m, events)
	case phaseUnit:
		return g.waiting.apply(g, m, events)
	}
	if m.Follower && g.figureKind != MoveBase {
		if k := moveKinds[g.figureKind%numMoveKinds]; k.takenBy != nil {
			return events, k.takenBy(g.rules, g.figureWord)
		}
		return events, moveKinds[g.figureKind%numMoveKinds].taken
	}
	return events, g.errorOutOfTurn(phaseFollower)
}

// tileStep plays the tile move.
func (g *Game) tileStep(p Placement) error {
	if g.phase == phaseTile {
		if h := g.heldBack(g.tile); h != nil {
			return h.refusal(g, g.tile)
		}
	}
	if err := g.placeTile(p); err != nil {
		return err
	}
	g.figDone, g.figureKind = false, MoveBase
	return nil
}

// heldBack returns the hook of the unit that holds back a drawn tile type
// (it is set aside, not placed), or nil.
func (g *Game) heldBack(typ int) *drawnHook {
	for _, h := range g.rules.hooks.drawn {
		if h.holds(g, typ) {
			return h
		}
	}
	return nil
}

// advance plays the steps of the turn from the next one until one waits
// for a decision, or the turn ends.
func (g *Game) advance(events []Event) []Event {
	turn := g.rules.turn
	for g.step < len(turn) {
		st := &turn[g.step]
		g.step++
		if !st.idle() {
			var wait bool
			if events, wait = g.runStep(st, events); wait {
				g.waitStep = g.step - 1
				return events
			}
		}
		if st.after != nil {
			st.after(g)
		}
	}
	g.tile, g.phase, g.waiting = -1, phaseDraw, nil
	g.extra = false
	for _, h := range g.rules.hooks.again {
		g.extra = h(g) || g.extra
	}
	if !g.extra {
		g.turn = (g.turn + 1) % len(g.players)
	}
	g.started = false
	return events
}

// resume goes on with the turn after a decision's last move.
func (g *Game) resume(events []Event) []Event {
	if after := g.rules.turn[g.waitStep].after; after != nil {
		after(g)
	}
	return g.advance(events)
}

// runStep plays one step after the tile move; wait says that it waits for
// a decision.
func (g *Game) runStep(st *turnStep, events []Event) ([]Event, bool) {
	switch st.kind {
	case stepPlaceFigure:
		if g.figDone {
			return events, false
		}
		g.figDone = true
		g.phase = phaseFollower
		return events, true
	case stepScore:
		return g.scoreCompleted(events), false
	case stepUnit:
		if st.run != nil {
			return st.run(g, events)
		}
	}
	return events, false
}

// idle reports whether playing a step after the tile move runs nothing:
// the tile's step (the tile move plays it), a step of scoring rules
// (score-features scores by them), or a unit's step whose mechanic acts
// through the unit's hooks alone (a unitStep without run).
func (st *turnStep) idle() bool {
	return st.kind == stepPlaceTile || st.kind == stepScoringRules || st.kind == stepUnit && st.run == nil
}

// waitFor makes the game wait for a unit's decision; a unit's step
// returns its result as its wait.
func (g *Game) waitFor(d *decision) bool {
	g.phase, g.waiting = phaseUnit, d
	return true
}

// MoveKind is the kind of a move: the base game's, or a unit's (units.go
// lists them).
type MoveKind uint8

// MoveBase is a tile move or a follower move of the base game.
const MoveBase MoveKind = 0

// sameMove reports whether two moves of a unit's kind name the same
// thing.
func sameMove(a, b Move) bool {
	return a.Kind == b.Kind && a.Word == b.Word && a.Placement.Pos == b.Placement.Pos && a.Feature == b.Feature && a.Dir == b.Dir && a.Figure == b.Figure
}

// applyLegal plays a move that Legal listed in the present position, as
// Apply does, but without listing the legal moves again to check it.
func (g *Game) applyLegal(m Move, events []Event) ([]Event, error) {
	g.fromLegal = true
	events, err := g.Apply(m, events)
	g.fromLegal = false
	return events, err
}

// checkLegal returns an error unless a move of a unit's kind is among the
// legal moves of the decision.
func (g *Game) checkLegal(m Move) error {
	if g.fromLegal {
		return nil
	}
	g.legalBuf = g.Legal(g.legalBuf[:0])
	for _, l := range g.legalBuf {
		if sameMove(l, m) {
			return nil
		}
	}
	return g.notLegal(m)
}

// notLegal says that a move is not a legal move now.
func (g *Game) notLegal(m Move) error {
	return fmt.Errorf("%s is not a legal move now (%s)", g.MoveText(m), g.decisionText())
}

// Decision names the decision the game waits for: "draw", "tile",
// "figure", a unit's decision (by the name its unit gives it; see the
// package doc) or "over".
func (g *Game) Decision() string {
	if g.phase == phaseUnit {
		return g.waiting.id
	}
	return [...]string{"draw", "tile", "figure", "", "over"}[g.phase]
}

// decisionText says what the game waits for, for an error.
func (g *Game) decisionText() string {
	if g.phase == phaseUnit {
		return g.waiting.text(g)
	}
	return "the game waits for the " + g.Decision() + " decision"
}

// Decider returns the player who makes the decision the game waits for,
// from 0: the player whose turn it is, but for a unit's decision, which
// says whose it is (such as each player in turn).
func (g *Game) Decider() int {
	if g.phase == phaseUnit && g.waiting.decider != nil {
		return g.waiting.decider(g)
	}
	return g.turn
}

// placeNotation writes into the notation of a move of a unit's kind the
// tile it names; its feature follows.
func placeNotation(m Move, mt *tilekit.MoveText) bool {
	mt.HasAt, mt.At = true, m.Placement.Pos
	return true
}

// sideNotation writes a move of a unit's kind that names a side (set
// already): it names no feature.
func sideNotation(Move, *tilekit.MoveText) bool { return false }

// placeMove reads a move of a unit's kind that names a tile and a
// feature of it (-1 for none), of the figure decision.
func placeMove(k MoveKind) func(mt tilekit.MoveText, feature int) Move {
	return func(mt tilekit.MoveText, feature int) Move {
		return Move{Kind: k, Follower: true, Placement: Placement{Pos: mt.At}, Feature: int16(feature)}
	}
}
