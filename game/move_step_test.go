package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

// dataStep returns the id of the one step of a catalog that match finds.
func dataStep(t *testing.T, cat *tilekit.Catalog, match func(m *tilekit.Mechanics) bool) string {
	t.Helper()
	var ids []string
	for i := range cat.Steps {
		if match(&cat.Steps[i].Mechanics) {
			ids = append(ids, cat.Steps[i].ID)
		}
	}
	require.Len(t, ids, 1)
	return ids[0]
}

// moveStep returns the step a move's text plays under a ruleset.
func moveStep(t *testing.T, r *game.Ruleset, text string) string {
	t.Helper()
	mt, err := tilekit.ParseMoveText(text)
	require.NoError(t, err)
	return r.MoveStep(mt)
}

// A move's step is the one whose rule it plays: the tile move's and the
// figure decision's are the core's, and a unit's move is its mechanic's
// step, found by the move's word (a deployment, a dismissal, a companion,
// a crossing) or by the figure that moves step by step (the dragon's
// steps are the movement that steps, not the volcano's, which also moves
// the dragon). A word no step of the ruleset gives has none.
func TestMoveStepIsTheStepOfItsMechanic(t *testing.T) {
	cat := catalog(t)
	r := selRules(t, cat, tilekit.C2, "", "princess-dragon")
	for text, want := range map[string]string{
		"0,0@90":            "place-tile",
		"none":              "place-figure",
		"city":              "place-figure",
		"portal 0,0:city":   dataStep(t, cat, func(m *tilekit.Mechanics) bool { return m.Deployment != nil }),
		"princess 0,0:city": dataStep(t, cat, func(m *tilekit.Mechanics) bool { return m.Dismissal != nil }),
		"fairy 0,0:road":    dataStep(t, cat, func(m *tilekit.Mechanics) bool { return m.Movement != nil && m.Movement.Figure == "fairy" }),
		"dragon N": dataStep(t, cat, func(m *tilekit.Mechanics) bool {
			return m.Movement != nil && m.Movement.Figure == "dragon" && m.Movement.To == tilekit.MoveOrthogonalSteps
		}),
		"drawbridge 0,0:city": "",
	} {
		assert.Equal(t, want, moveStep(t, r, text), text)
	}
	bridges := selRules(t, cat, tilekit.C3, "", "drawbridges")
	assert.Equal(t, dataStep(t, cat, func(m *tilekit.Mechanics) bool { return m.Crossing != nil }), moveStep(t, bridges, "drawbridge home"))
	assert.Empty(t, moveStep(t, bridges, "portal 0,0:city"), "the portal's word is not a step of the drawbridges' game")
}
