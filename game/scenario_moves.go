package game

import (
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// playMoves plays the moves of turn i after its tile move, each read by
// the game's ParseMove and played by Apply, so that a text that names no
// move fails where it is written and a refused move says why at its
// element of moves; a move left when the turn is over is one too many,
// unless the turn expects a refusal (Apply's then). When the moves run out
// at the figure decision it plays "none"; a decision left without a move
// is a failure at moves. It reports whether the turn went through.
func (run *scenarioRun) playMoves(i int, at tilekit.Origin) bool {
	t, g := &run.s.Turns[i], run.g
	steps := 0
	for k, text := range t.Moves {
		where := at.At("moves", strconv.Itoa(k))
		if (g.phase == phaseDraw || g.phase == phaseOver) && t.Illegal == "" {
			run.stop(where, strconv.Itoa(k), strconv.Itoa(len(t.Moves)), "turn %d: the turn is over after %d of its moves: %q is one too many", i+1, k, text)
			return false
		}
		run.checkStepOptions(i, at, &steps)
		m, err := g.ParseMove(text)
		if err != nil {
			run.stop(where, "", text, "turn %d: %v", i+1, err)
			return false
		}
		if !run.apply(i, where, m) {
			return false
		}
	}
	if g.phase == phaseFollower && !run.apply(i, at.At("moves"), NoFollower) {
		return false
	}
	if g.phase != phaseDraw && g.phase != phaseOver {
		run.checkStepOptions(i, at, &steps)
		run.stop(at.At("moves"), "", "", "turn %d: %s, but the turn gives no more moves", i+1, run.g.decisionText())
		return false
	}
	return true
}

// checkStepOptions checks, before a step of the figure whose steps turn
// i counts (tilekit.ScenarioTurn.StepOptions), the number of legal steps
// the turn expects it to have; steps counts the figure's steps of the
// turn so far.
func (run *scenarioRun) checkStepOptions(i int, at tilekit.Origin, steps *int) {
	g := run.g
	figure, key, counts := run.s.Turns[i].StepOptions()
	if g.Decision() != figure {
		return
	}
	n := *steps
	*steps++
	if n >= len(counts) {
		return
	}
	if got := len(g.Legal(g.legalBuf[:0])); got != counts[n] {
		run.fail(at.At(key, strconv.Itoa(n)), strconv.Itoa(counts[n]), strconv.Itoa(got),
			"turn %d: the %s has %d legal steps before step %d, want %d", i+1, strings.ReplaceAll(figure, "-", " "), got, n+1, counts[n])
	}
}
