package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/rules"
)

// The steps of a selection the engine does not play: none for the
// expansions it plays, the Tower's capture for the Tower.
func TestUnplayedSteps(t *testing.T) {
	cat := builtin(t)
	for _, ids := range [][]string{nil, {"princess-dragon", "black-dragon", "drawbridges"}} {
		sel, err := rules.Select(cat, ids)
		require.NoError(t, err)
		assert.Empty(t, rules.UnplayedSteps(cat, sel, ""), "%v", ids)
	}
	sel, err := rules.Select(cat, []string{"tower"})
	require.NoError(t, err)
	var got []string
	for _, s := range rules.UnplayedSteps(cat, sel, "") {
		got = append(got, s.ID)
	}
	assert.Equal(t, []string{"tower-capture"}, got)
	assert.True(t, rules.EnginePlays("place-figure"))
	assert.True(t, rules.StepPlayed(cat.Step("fairy-move")), "the fairy's step plays by its movement")
	assert.False(t, rules.EnginePlays("tower-capture"))
}
