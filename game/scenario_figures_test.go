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
		Moves:         []string{"none", "dragon N", "dragon W", "dragon S", "dragon W", "dragon N", "dragon N"},
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
	s.Turns[0].Moves = s.Turns[0].Moves[:4]
	res := game.RunScenario(catalog(t), s)
	require.Len(t, res.Failures, 1)
	assert.Equal(t, "turn 1: player 4 moves the dragon from 1,2, but the turn gives no more moves", res.Failures[0].Message)
	assert.Equal(t, []string{"scenario", "0", "turn", "0", "moves"}, res.Failures[0].Origin.Path)

	s = dragonScenario()
	s.Turns[0].Moves[2] = "dragon S" // back onto its start
	res = game.RunScenario(catalog(t), s)
	require.NotEmpty(t, res.Failures)
	assert.Contains(t, res.Failures[0].Message, "not a legal move")
	assert.Equal(t, []string{"scenario", "0", "turn", "0", "moves", "2"}, res.Failures[0].Origin.Path)

	s = dragonScenario()
	s.Turns[0].Moves = append(s.Turns[0].Moves, "dragon E")
	res = game.RunScenario(catalog(t), s)
	require.Len(t, res.Failures, 1)
	assert.Equal(t, `turn 1: the turn is over after 7 of its moves: "dragon E" is one too many`, res.Failures[0].Message)
	assert.Equal(t, []string{"scenario", "0", "turn", "0", "moves", "7"}, res.Failures[0].Origin.Path)

	s = dragonScenario()
	s.Turns[0].Moves[1] = "dragon 0,0"
	res = game.RunScenario(catalog(t), s)
	require.Len(t, res.Failures, 1)
	assert.Equal(t, `turn 1: move "dragon 0,0": dragon is followed by the side it steps to: N, E, S or W`, res.Failures[0].Message)
	assert.Equal(t, []string{"scenario", "0", "turn", "0", "moves", "1"}, res.Failures[0].Origin.Path)
}
