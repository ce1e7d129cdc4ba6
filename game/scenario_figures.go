package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// setFigures puts the scenario's dragon, Black Dragon and fairy on the
// board, as the notation's sections do; it reports whether it could.
func (run *scenarioRun) setFigures() bool {
	s := run.s
	var fairy *tilekit.BoardPosition
	if s.Fairy != nil {
		fairy = &s.Fairy.At
	}
	for _, p := range []struct {
		key string
		at  *tilekit.BoardPosition
	}{{"dragon", s.Dragon}, {"black-dragon", s.BlackDragon}, {"fairy", fairy}} {
		if p.at == nil {
			continue
		}
		value := notationPos(*p.at)
		if p.key == "fairy" && s.Fairy.Feature != "" {
			value += ":" + s.Fairy.Feature
		}
		if err := run.g.setSection(p.key, value); err != nil {
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
