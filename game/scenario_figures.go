package game

import (
	"fmt"
	"strconv"

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

// figureMove returns the figure decision of turn i, with the key it is
// written under: a follower on the tile (or none), through the magic
// portal, the princess's knight or the fairy's move; ok is false after a
// failure. A turn that gives a follower beside one of the others plays the
// other first and then tries the follower, which the game refuses (the
// page's "then no follower"): the scenario expects that refusal.
func (run *scenarioRun) figureMove(i int, at tilekit.Origin, typ int) (m Move, key string, ok bool) {
	t := &run.s.Turns[i]
	given := 0
	for _, p := range []*tilekit.ScenarioPlace{t.Portal, t.Princess, t.Fairy} {
		if p != nil {
			given++
		}
	}
	if given > 1 {
		run.stop(at, "", "", "turn %d: portal, princess and fairy are one decision: give one of them", i+1)
		return m, "", false
	}
	place := func(key string, p *tilekit.ScenarioPlace, make func(tilekit.BoardPosition, int) Move) (Move, string, bool) {
		where := originOr(p.Origin, at.At(key))
		idx := -1
		if p.Feature != "" || key != "fairy" {
			var err error
			if idx, err = run.featureOn(p.At, p.Feature); err != nil {
				run.stop(where, "", p.Feature, "turn %d: %s: %v", i+1, key, err)
				return m, key, false
			}
		}
		return make(p.At, idx), key, true
	}
	switch {
	case t.Portal != nil:
		return place("portal", t.Portal, PortalMove)
	case t.Princess != nil:
		return place("princess", t.Princess, PrincessMove)
	case t.Fairy != nil:
		return place("fairy", t.Fairy, FairyMove)
	}
	return run.followerMove(i, at, typ)
}

// followerMove returns turn i's follower move on the tile just placed, or
// none.
func (run *scenarioRun) followerMove(i int, at tilekit.Origin, typ int) (Move, string, bool) {
	t := &run.s.Turns[i]
	feature := -1
	if t.Follower != "" {
		var err error
		if feature, err = run.g.rules.FeatureIndex(typ, t.Follower); err != nil {
			run.stop(at.At("follower"), "", t.Follower, "turn %d: %v", i+1, err)
			return Move{}, "", false
		}
	}
	return FollowerMove(feature), "follower", true
}

// decisionRun counts how far a turn's lists of decisions went.
type decisionRun struct {
	dragon, black int
	crossed       []bool
}

// decisions plays the decisions of turn i after the figure decision: the
// dragons' steps and the drawbridges, from the turn's lists, and fails
// where a list does not match the decisions the game asks for.
func (run *scenarioRun) decisions(i int, at tilekit.Origin) bool {
	t, g := &run.s.Turns[i], run.g
	dr := decisionRun{crossed: make([]bool, len(t.Drawbridge))}
	for g.phase == phaseUnit {
		var m Move
		var key tilekit.Origin
		var ok bool
		switch g.Decision() {
		case "dragon":
			m, key, ok = run.dragonStep(i, at, "dragon", t.Dragon, &dr.dragon)
		case "black-dragon":
			m, key, ok = run.dragonStep(i, at, "black-dragon", t.BlackDragon, &dr.black)
		default:
			m, key, ok = run.crossing(i, at, &dr)
		}
		if !ok || !run.apply(i, key, m) {
			return false
		}
	}
	return run.checkLists(i, at, &dr)
}

// dragonStep returns a dragon's next step from a turn's list, checking the
// number of options the turn expects before it.
func (run *scenarioRun) dragonStep(i int, at tilekit.Origin, key string, steps []tilekit.Side, n *int) (Move, tilekit.Origin, bool) {
	t, g := &run.s.Turns[i], run.g
	if key == "dragon" && *n < len(t.DragonOptions) {
		if got := len(g.Legal(g.legalBuf[:0])); got != t.DragonOptions[*n] {
			run.fail(at.At("dragon-options", strconv.Itoa(*n)), strconv.Itoa(t.DragonOptions[*n]), strconv.Itoa(got),
				"turn %d: the dragon has %d legal steps before step %d, want %d", i+1, got, *n+1, t.DragonOptions[*n])
		}
	}
	if *n >= len(steps) {
		run.stop(at.At(key), "", "", "turn %d: the %s moves (step %d, player %d's), but the turn gives no more steps in %s",
			i+1, figureNames[map[string]figure{"dragon": figDragon, "black-dragon": figBlackDragon}[key]], *n+1, g.Decider()+1, key)
		return Move{}, at, false
	}
	s := steps[*n]
	*n++
	if key == "dragon" {
		return DragonMove(s), at.At(key, strconv.Itoa(*n-1)), true
	}
	return BlackDragonMove(s), at.At(key, strconv.Itoa(*n-1)), true
}

// crossing returns where the follower held at a drawbridge goes: into the
// city of the turn's drawbridge entry from its feature, or home.
func (run *scenarioRun) crossing(i int, at tilekit.Origin, dr *decisionRun) (Move, tilekit.Origin, bool) {
	t, g := &run.s.Turns[i], run.g
	h, _ := g.Held()
	for j, c := range t.Drawbridge {
		if dr.crossed[j] || c.From.At != h.Pos {
			continue
		}
		if idx, err := run.featureOn(c.From.At, c.From.Feature); err != nil || idx != h.Index {
			continue
		}
		dr.crossed[j] = true
		where := originOr(c.Origin, at.At("drawbridge", strconv.Itoa(j)))
		idx, err := run.featureOn(c.To.At, c.To.Feature)
		if err != nil {
			run.stop(where, "", c.To.Feature, "turn %d: drawbridge: %v", i+1, err)
			return Move{}, where, false
		}
		return DrawbridgeMove(c.To.At, idx), where, true
	}
	return DrawbridgeHome, at.At("drawbridge"), true
}

// checkLists fails for the entries of a turn's lists that no decision
// used: steps left over, a crossing from where no follower was held.
func (run *scenarioRun) checkLists(i int, at tilekit.Origin, dr *decisionRun) bool {
	t := &run.s.Turns[i]
	ok := true
	if dr.dragon < len(t.Dragon) {
		run.fail(at.At("dragon"), strconv.Itoa(len(t.Dragon)), strconv.Itoa(dr.dragon),
			"turn %d: the dragon took %d steps, the turn gives %d", i+1, dr.dragon, len(t.Dragon))
		ok = false
	}
	if dr.black < len(t.BlackDragon) {
		run.fail(at.At("black-dragon"), strconv.Itoa(len(t.BlackDragon)), strconv.Itoa(dr.black),
			"turn %d: the black dragon took %d steps, the turn gives %d", i+1, dr.black, len(t.BlackDragon))
		ok = false
	}
	for j, used := range dr.crossed {
		if !used {
			c := &t.Drawbridge[j]
			run.fail(originOr(c.Origin, at.At("drawbridge", strconv.Itoa(j))), "", "",
				"turn %d: no follower of a road's sole majority waited at a drawbridge on %s of %s", i+1, c.From.Feature, notationPos(c.From.At))
			ok = false
		}
	}
	if !ok {
		run.stopped = true
	}
	return ok
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
