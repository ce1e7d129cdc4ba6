package site

import (
	"cmp"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// This file groups the examples index by rule and draws its thumbnails.

// exampleStep returns the id of the step of the order of play a played
// example is about, read from the engine's values: of the steps whose
// rules its turns' moves play (the tile move, each move written and, when
// the turn counts the follower moves, the figure decision:
// game.Ruleset.MoveStep) and those that state the rules of its events
// (game.EventRule.Step), the last in its turn's order of the example's
// own expansion, else the last of all; "" for none.
func (b *builder) exampleStep(s *tilekit.Scenario, res game.ScenarioResult) string {
	r := res.Game.Ruleset()
	touched := map[string]bool{}
	for _, t := range s.Turns {
		touched[r.MoveStep(tilekit.MoveText{Tile: true})] = true
		for _, text := range t.Moves {
			if mt, err := tilekit.ParseMoveText(text); err == nil {
				touched[r.MoveStep(mt)] = true
			}
		}
		if t.FollowerOptions != nil {
			touched[r.MoveStep(tilekit.MoveText{})] = true
		}
	}
	for _, events := range res.Events {
		for _, e := range events {
			touched[res.EventRule(e).Step] = true
		}
	}
	best, own := "", false
	for _, id := range r.Steps() {
		if !touched[id] {
			continue
		}
		st := b.cat.Step(id)
		mine := st != nil && tilekit.ParentExpansion(st.Expansion) == tilekit.ParentExpansion(s.ID)
		if mine || !own {
			best, own = id, mine
		}
	}
	return best
}

// addToRule adds an entry to the group of an expansion's examples about
// a step, which it opens when it is the first: headed by the step's name,
// or for no step by the strings' words for the other examples.
func (b *builder) addToRule(g *exampleGroup, step string, entry exampleLink) {
	k := slices.IndexFunc(g.Rules, func(r ruleGroup) bool { return r.Step == step })
	if k < 0 {
		k = len(g.Rules)
		rg := ruleGroup{Step: step, Anchor: g.Anchor + "-other", Name: b.tr.must("examples.other")}
		if st := b.cat.Step(step); st != nil {
			rg.Anchor, rg.Name = g.Anchor+"-"+anchorID(step), b.name(st.Translations, st.Name)
		}
		g.Rules = append(g.Rules, rg)
	}
	g.Rules[k].Examples = append(g.Rules[k].Examples, entry)
}

// stepRanks returns the place of each step in the order of play of the
// site's selection, under the steps' own rules.
func (b *builder) stepRanks() (map[string]int, error) {
	order, err := b.shared.order(b.sel, rules.OrderOptions{})
	if err != nil {
		return nil, err
	}
	rank := map[string]int{}
	for i, ps := range order {
		rank[ps.Step.ID] = i
	}
	return rank, nil
}

// sortRules puts an expansion's rule groups in the order of play; a step
// outside it (of a publisher's turn only) follows, and the examples about
// no step come last.
func sortRules(groups []ruleGroup, rank map[string]int) {
	place := func(g ruleGroup) int {
		if g.Step == "" {
			return len(rank) + 1
		}
		if i, ok := rank[g.Step]; ok {
			return i
		}
		return len(rank)
	}
	slices.SortStableFunc(groups, func(a, b ruleGroup) int { return cmp.Compare(place(a), place(b)) })
}

// writeThumb writes, for an HTML site, the thumbnail of an example's
// final board, which the examples index shows beside its link, once
// under examples/thumbs/.
func (b *builder) writeThumb(s *tilekit.Scenario, after *board, d *exampleData) error {
	if b.opt.Format != HTML {
		return nil
	}
	// A thumbnail has no words, so every language of the build shares it.
	svg, err := b.shared.thumbs.get(s, func() ([]byte, error) { return b.drawThumb(after) })
	if err != nil {
		return err
	}
	d.Thumb = "examples/thumbs/" + slug(s.ID) + ".svg"
	b.put(d.Thumb, svg)
	return nil
}
