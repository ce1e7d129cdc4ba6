package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// rulingsBySubject returns a table's rulings for a selection, by subject id.
func rulingsBySubject(t *testing.T, table string, ids []string, opt rules.QueryOptions) map[string]rules.Ruling {
	t.Helper()
	cat := builtin(t)
	sel, err := rules.Select(cat, ids)
	require.NoError(t, err)
	opt.Selection = sel
	rs, err := rules.Rulings(cat, table, opt)
	require.NoError(t, err)
	out := map[string]rules.Ruling{}
	for _, r := range rs {
		_, dup := out[r.Subject.ID]
		require.False(t, dup, "one ruling per subject: %s", r.Subject.ID)
		out[r.Subject.ID] = r
	}
	return out
}

// The red dragon's diet as a game with The Princess & the Dragon and Abbey
// & Mayor plays it: the verdicts of the pages, each with what decided it.
func TestRulingsDragonDiet(t *testing.T) {
	rs := rulingsBySubject(t, "dragon-diet", []string{"princess-dragon", "abbey-mayor"}, rules.QueryOptions{Edition: tilekit.C2})
	for _, tc := range []struct {
		subject string
		verdict tilekit.Verdict
		reason  string
	}{
		{"meeple", tilekit.Yes, "dragon-diet, rulebook"},
		{"fairy", tilekit.No, "dragon-diet, rulebook"},
		{"wagon", tilekit.Yes, "dragon-diet, official FAQ 2015-03"},
		{"barn", tilekit.No, "dragon-diet, rulebook"},
	} {
		r, ok := rs[tc.subject]
		require.True(t, ok, tc.subject)
		assert.Equal(t, tc.verdict, r.Verdict, tc.subject)
		assert.Equal(t, tc.reason, r.Reason(), tc.subject)
	}
	assert.NotContains(t, rs, "tower-piece", "subjects of expansions not selected have no ruling")
	assert.Equal(t, "fairy: no (dragon-diet, rulebook)", rs["fairy"].String())
}

// Under a publisher's rules the publisher's wording decides; without one,
// the answer that holds for everybody is preferred.
func TestRulingsPublisher(t *testing.T) {
	ids := []string{"princess-dragon", "abbey-mayor"}
	rgg := rulingsBySubject(t, "fairy-companions", ids, rules.QueryOptions{Publisher: tilekit.RioGrande})
	hig := rulingsBySubject(t, "fairy-companions", ids, rules.QueryOptions{Publisher: tilekit.HansImGlueck})
	require.Contains(t, rgg, "mayor")
	require.Contains(t, hig, "mayor")
	assert.Equal(t, tilekit.Conditional, rgg["mayor"].Verdict, "on the follower's tile (Rio Grande)")
	assert.Equal(t, tilekit.Yes, hig["mayor"].Verdict, "next to the follower (Hans im Glück)")
}

// As the rules stood before the 2015 meal plan, the wagon had no ruling.
func TestRulingsAsOf(t *testing.T) {
	rs := rulingsBySubject(t, "dragon-diet", []string{"princess-dragon", "abbey-mayor"}, rules.QueryOptions{AsOf: asOf(t, "2014-12")})
	assert.NotContains(t, rs, "wagon")
	assert.Contains(t, rs, "meeple")
}
