package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The mechanic of a second follower in a turn: every step with a second
// deployment in the rules data ([step.second-deployment]), whatever its id,
// is played here, from its data alone. After the figure decision the
// player may deploy one follower of the step's kind onto a free feature of
// the tile placed, as a follower is placed there (the moves of the figure
// decision's follower, "FEATURE KIND", or none), or by another way of
// deploying that the figure decision did not use (figureHook.second: one
// follower a turn goes through a deployment elsewhere); when the figure decision
// was the action of a step whose choice replaces the deployment
// (instead-of place-figure), only if that choice excepts the kind. The
// seed's figure is cited in the data.

// secondRules are the mechanic's compiled data.
type secondRules struct {
	second second
}

// second is a compiled second deployment: whether the turn has one, the
// kind of follower, the step, the steps whose figure decision it may
// follow although they replace the deployment, and its decision.
type second struct {
	on       bool
	kind     uint8
	step     string
	after    []string
	decision decision
	// barred has, for each figure decision's move kind and word, whether
	// it bars the second deployment: the action of a step whose choice
	// replaces the deployment without excepting the kind.
	barred [numMoveKinds][maxWords + 1]bool
}

// secondState holds, while the second deployment's decision is open, its
// legal moves, listed once when it opened.
type secondState struct {
	secondMovesBuf []Move
}

var secondUnit = unit{
	steps: []unitStep{{part: func(m *tilekit.Mechanics) bool { return m.SecondDeployment != nil }, compile: compileSecond,
		run: func(g *Game, events []Event) ([]Event, bool) {
			return events, g.secondDue() && g.waitFor(&g.rules.second.decision)
		}}},
	playing:  func(r *Ruleset) bool { return r.second.on },
	compiled: compileSecondAfter,
	make:     func(g *Game, _ int) { g.secondMovesBuf = make([]Move, 0, 32) },
}

// compileSecond compiles a step's second deployment: its kind of follower,
// which the selection must play, and its decision.
func compileSecond(r *Ruleset, ps rules.PlayedStep) error {
	d := ps.Step.Mechanics.SecondDeployment
	k, err := r.stepFigureKind(r.second.on, "a second deployment", ps.Step.ID, d.Figure)
	if err != nil {
		return err
	}
	r.second = second{on: true, kind: k, step: ps.Step.ID}
	r.second.decision = decision{id: ps.Step.ID, legal: (*Game).secondMoves, apply: (*Game).applySecond,
		text: func(g *Game) string {
			return fmt.Sprintf("player %d may deploy the %s too (FEATURE %s, or none: %s)", g.turn+1, d.Figure, d.Figure, ps.Step.ID)
		}}
	return nil
}

// compileSecondAfter finds the steps of the turn whose choice replaces
// the deployment and excepts the second deployment's kind: their figure
// decision may be followed by it.
func compileSecondAfter(r *Ruleset) error {
	s := &r.second
	s.after = s.after[:0]
	for _, ts := range r.turn {
		if c := ts.choice; c != nil && slices.Contains(c.Except, r.kinds[s.kind].ID) {
			s.after = append(s.after, ts.id)
		}
	}
	for kind := range MoveKind(numMoveKinds) {
		for w := range maxWords + 1 {
			s.barred[kind][w] = kind != MoveBase && r.barsSecond(Move{Kind: kind, Word: Word(w)})
		}
	}
	return nil
}

// barsSecond reports whether a figure decision's move (its kind and word)
// bars the second deployment: it is the action of a step whose choice
// replaces the deployment (instead-of place-figure) and does not except
// the second deployment's kind.
func (r *Ruleset) barsSecond(m Move) bool {
	k := moveKinds[m.Kind%numMoveKinds]
	step := ""
	if k.step != nil {
		step = k.step(r, m)
	}
	i := r.stepIndex(step)
	return i >= 0 && r.turn[i].choice != nil && slices.Contains(r.turn[i].choice.InsteadOf, coreSteps[stepPlaceFigure]) && !slices.Contains(r.second.after, step)
}

// secondDue reports whether the second deployment may follow the figure
// decision: a follower deployed (on the tile or elsewhere) or none, or the
// action of a step whose choice excepts the kind; and the player has one
// at hand with a place for it. It lists the decision's moves, which
// secondMoves gives.
func (g *Game) secondDue() bool {
	s := &g.rules.second
	if s.barred[g.figureKind%numMoveKinds][g.figureWord] {
		return false
	}
	if g.supply[g.turn][s.kind] == 0 {
		return false
	}
	mask := g.secondMask()
	g.secondMovesBuf = g.appendFollowerMoves(append(g.secondMovesBuf[:0], NoFollower), mask)
	for _, h := range g.rules.hooks.figure {
		if h.second != nil && h.kind != g.figureKind {
			g.secondMovesBuf = h.second(g, g.secondMovesBuf, 1<<s.kind)
		}
	}
	return len(g.secondMovesBuf) > 1
}

// secondMoves appends the second deployment's moves, as secondDue listed
// them when the decision opened: none, then the kind onto each free
// feature of the tile placed where it may stand, then the moves of the
// other ways of deploying that the figure decision did not use (such as a
// deployment elsewhere: figureHook.second).
func (g *Game) secondMoves(dst []Move) []Move { return append(dst, g.secondMovesBuf...) }

// secondMask returns the kinds the second deployment may deploy, bit k
// for kind k, less those the units keep off the tile.
func (g *Game) secondMask() uint32 { return 1 << g.rules.second.kind &^ g.blockedKinds() }

// applySecond plays a legal move of the second deployment.
func (g *Game) applySecond(m Move, events []Event) ([]Event, error) {
	if !m.Follower {
		return events, g.notLegal(m)
	}
	if m.Feature >= 0 && int(m.Figure) != int(g.rules.second.kind) {
		return events, fmt.Errorf("only a %s may be deployed second in a turn (%s)", g.rules.kinds[g.rules.second.kind].ID, g.rules.second.step)
	}
	switch {
	case m.Kind != MoveBase:
		if err := g.checkLegal(m); err != nil {
			return events, err
		}
		for _, h := range g.rules.hooks.figure {
			if h.kind == m.Kind && h.second != nil {
				events = h.apply(g, m, events)
			}
		}
	case m.Feature >= 0:
		if err := g.putFollower(int(m.Feature), int(m.Figure)); err != nil {
			return events, err
		}
	}
	return g.resume(events), nil
}
