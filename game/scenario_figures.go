package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// setFigures puts the neutral figures of the scenario's setup on the
// board, as the notation's sections do; it reports whether it could.
func (run *scenarioRun) setFigures() bool {
	for _, f := range run.s.Figures() {
		value := notationPos(f.At)
		if f.Feature != "" {
			value += ":" + f.Feature
		}
		if err := run.g.setSection(f.ID, value); err != nil {
			run.fail(f.Origin, "", "", "%v", err)
			return false
		}
	}
	return true
}

// checkFigures compares where the figures stand with the expectation.
func (run *scenarioRun) checkFigures(e *tilekit.ScenarioExpect, at tilekit.Origin, when string) {
	for _, c := range e.FigureTiles() {
		got := ""
		if p, ok := run.g.FigureAt(c.ID); ok {
			got = notationPos(p)
		}
		run.compare(at.At(c.Key), when, fmt.Sprintf("the %s's tile", c.ID), c.Want, got)
	}
}
