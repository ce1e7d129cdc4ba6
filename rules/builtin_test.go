package rules_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

func positions(steps []rules.PlayedStep) map[string]int {
	pos := map[string]int{}
	for i, s := range steps {
		pos[s.Step.ID] = i
	}
	return pos
}

// TestBuiltinOrderOfPlay checks the composed turn against the rules pages.
func TestBuiltinOrderOfPlay(t *testing.T) {
	cat := builtin(t)
	for _, p := range []tilekit.Publisher{"", tilekit.HansImGlueck, tilekit.ZMan} {
		steps, err := rules.Order(cat, rules.SelectAll(), rules.OrderOptions{Publisher: p})
		require.NoError(t, err)
		pos := positions(steps)
		for _, pair := range [][2]string{
			{"place-tile", "place-figure"},
			{"place-figure", "dragon-move"},
			{"dragon-move", "black-dragon-move"}, // both dragons move before scoring
			{"black-dragon-move", "count-move"},  // the Count waits for the Black Dragon
			{"black-dragon-move", "leipzig-move"},
			{"black-dragon-move", "score-features"},
			{"score-features", "drawbridge-move"},
			{"drawbridge-move", "big-top-scoring"},
			{"score-features", "black-dragon-place"},
		} {
			require.Contains(t, pos, pair[0])
			require.Contains(t, pos, pair[1])
			assert.Less(t, pos[pair[0]], pos[pair[1]], "%q: %s before %s", p, pair[0], pair[1])
		}
	}
	// Rio Grande's text moves the dragon after scoring.
	sel, err := rules.Select(cat, []string{"princess-dragon"})
	require.NoError(t, err)
	steps, err := rules.Order(cat, sel, rules.OrderOptions{Publisher: tilekit.RioGrande})
	require.NoError(t, err)
	pos := positions(steps)
	assert.Less(t, pos["score-features"], pos["dragon-move"])
	assert.NotContains(t, pos, "black-dragon-move", "not selected")
}

// TestBuiltinTables checks that the tables exist and that the places where
// the rules pages contradict themselves are resolved with both claims
// visible.
func TestBuiltinTables(t *testing.T) {
	cat := builtin(t)
	for _, id := range []string{"dragon-diet", "dragon-protection", "black-dragon-diet", "black-dragon-protection",
		"portal-figures", "portal-destinations", "volcano-deploy", "fairy-companions", "drawbridge-figures"} {
		require.NotNil(t, cat.Table(id), id)
	}
	answer := func(table, subject string, opt rules.QueryOptions) map[tilekit.Verdict]int {
		opt.Selection = rules.SelectAll()
		r, err := rules.Query(cat, table, subject, opt)
		require.NoError(t, err)
		out := map[tilekit.Verdict]int{}
		for _, a := range r.Answers {
			out[a.Verdict]++
		}
		return out
	}
	// The barn: the 2015 plan decides; the older claim stays in history.
	assert.Equal(t, map[tilekit.Verdict]int{tilekit.No: 1}, answer("dragon-diet", "barn", rules.QueryOptions{}))
	assert.Equal(t, map[tilekit.Verdict]int{tilekit.No: 1, tilekit.Yes: 1}, answer("dragon-diet", "barn", rules.QueryOptions{History: true}))
	// Mage and witch: eaten since March 2015, not before.
	for _, s := range []string{"mage", "witch"} {
		assert.Equal(t, map[tilekit.Verdict]int{tilekit.Yes: 1}, answer("dragon-diet", s, rules.QueryOptions{}), s)
		assert.Equal(t, map[tilekit.Verdict]int{tilekit.No: 1}, answer("dragon-diet", s, rules.QueryOptions{AsOf: asOf(t, "2015-02")}), s)
	}
	// The teacher: safe from the red dragon, eaten by the Black Dragon.
	assert.Equal(t, map[tilekit.Verdict]int{tilekit.No: 1}, answer("dragon-diet", "teacher", rules.QueryOptions{}))
	assert.Equal(t, map[tilekit.Verdict]int{tilekit.Yes: 1}, answer("black-dragon-diet", "teacher", rules.QueryOptions{}))
	// The Black Dragon eats the fairy and the red dragon.
	assert.Equal(t, map[tilekit.Verdict]int{tilekit.Yes: 1}, answer("black-dragon-diet", "fairy", rules.QueryOptions{}))
	assert.Equal(t, map[tilekit.Verdict]int{tilekit.Yes: 1}, answer("black-dragon-diet", "dragon", rules.QueryOptions{}))
	// The barn on a volcano turn: both claims hold, as a condition.
	assert.Equal(t, map[tilekit.Verdict]int{tilekit.Conditional: 1}, answer("volcano-deploy", "barn", rules.QueryOptions{}))
	// The Black Dragon's open question keeps both readings.
	var open *tilekit.Note
	for i := range cat.Notes {
		if cat.Notes[i].Open && len(cat.Notes[i].Readings) == 2 && slices.Contains(cat.Notes[i].Steps, "black-dragon-place") {
			open = &cat.Notes[i]
		}
	}
	require.NotNil(t, open, "the every-lap question is recorded as open with two readings")
}

func asOf(t *testing.T, s string) rules.Month {
	m, err := rules.ParseMonth(s)
	require.NoError(t, err)
	return m
}

// TestVolcanoRuleFitsItsQuestion checks that the volcano table's rule of
// thumb answers no piece (a land tile is not deployed).
func TestVolcanoRuleFitsItsQuestion(t *testing.T) {
	cat := builtin(t)
	r, err := rules.Query(cat, "volcano-deploy", "", rules.QueryOptions{Selection: rules.SelectAll()})
	require.NoError(t, err)
	for _, a := range r.Answers {
		assert.False(t, a.Row == nil && a.Subject.Kind == "piece", "%s answered by the rule of thumb", a.Subject.ID)
	}
}
