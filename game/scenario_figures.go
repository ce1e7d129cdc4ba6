package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// setFigures puts the scenario's dragon, Black Dragon and fairy on the
// board; it reports whether it could.
func (run *scenarioRun) setFigures() bool {
	s := run.s
	var fairy figureSections
	if s.Fairy != nil {
		at := s.Fairy.At
		fairy = figureSections{fairy: &at, fairyFeature: s.Fairy.Feature}
	}
	for _, p := range []struct {
		key string
		fs  figureSections
	}{{"dragon", figureSections{dragon: s.Dragon}}, {"black-dragon", figureSections{black: s.BlackDragon}}, {"fairy", fairy}} {
		if err := run.g.setFigures(p.fs); err != nil {
			run.fail(s.Origin.At(p.key), "", "", "%v", err)
			return false
		}
	}
	return true
}

// checkFigures compares where the figures stand with the expectation.
func (run *scenarioRun) checkFigures(e *tilekit.ScenarioExpect, at tilekit.Origin, when string) {
	for _, c := range []struct {
		key, id string
		want    *string
	}{{"dragon", "dragon", e.Dragon}, {"fairy", "fairy", e.Fairy}, {"black-dragon", "black-dragon", e.BlackDragon}} {
		if c.want == nil {
			continue
		}
		got := ""
		if p, ok := run.g.FigureAt(c.id); ok {
			got = notationPos(p)
		}
		run.compare(at.At(c.key), when, fmt.Sprintf("the %s's tile", c.id), *c.want, got)
	}
}
