package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

func strp(s string) *string { return &s }

// dragonScenario is the page's example of the dragon's movement as a
// scenario (see TestDragonMovesSixStepsEachPlayerInTurn), its grid of
// cloisters given as the position and the dragon by the scenario's key.
func dragonScenario() *tilekit.Scenario {
	s := newScenario(tilekit.ScenarioTurn{
		Tile: "princess-dragon/dragon-city-cap-garden", At: pos(3, 1),
		Dragon:        []tilekit.Side{tilekit.North, tilekit.West, tilekit.South, tilekit.West, tilekit.North, tilekit.North},
		DragonOptions: []int{2, 3, 3, 1, 1, 1},
	})
	s.ID, s.Players, s.Publisher = "princess-dragon/test", 4, tilekit.HansImGlueck
	s.Expansions = []string{"princess-dragon"}
	s.Position = "0,0:base/B@0 1,0:base/B@0 2,0:base/B@0[4:cloister] 0,1:base/B@0[3:cloister] 1,1:base/B@0[2:cloister] " +
		"2,1:base/B@0 0,2:base/B@0 1,2:base/B@0 2,2:base/B@0"
	s.Dragon = &tilekit.BoardPosition{X: 2, Y: 2}
	s.Expect.Dragon = strp("0,0")
	s.Expect.Fairy = strp("")
	s.Expect.Supply = []int{7, 7, 7, 6}
	return s
}

func TestScenarioPlaysTheDragonsSteps(t *testing.T) {
	res := game.RunScenario(catalog(t), dragonScenario())
	require.True(t, res.Passed(), "%+v", res.Failures)
	assert.Contains(t, res.Snapshot, "/ dragon 0,0")
}

func TestScenarioDragonStepsMustMatchTheGame(t *testing.T) {
	s := dragonScenario()
	s.Turns[0].Dragon = s.Turns[0].Dragon[:3]
	res := game.RunScenario(catalog(t), s)
	require.Len(t, res.Failures, 1)
	assert.Contains(t, res.Failures[0].Message, "the turn gives no more steps in dragon")
	assert.Equal(t, []string{"scenario", "0", "turn", "0", "dragon"}, res.Failures[0].Origin.Path)

	s = dragonScenario()
	s.Turns[0].Dragon[1] = tilekit.South // back onto its start
	res = game.RunScenario(catalog(t), s)
	require.NotEmpty(t, res.Failures)
	assert.Contains(t, res.Failures[0].Message, "not a legal move")
	assert.Equal(t, []string{"scenario", "0", "turn", "0", "dragon", "1"}, res.Failures[0].Origin.Path)
}
