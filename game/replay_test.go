package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

// A scenario that asks for the invariants (check-invariants, as the
// replay of a broken random game does) fails at the move that breaks one,
// with the move's number and what broke; without it the same scenario
// passes. Here the setup puts a follower on the dragon's tile, where no
// follower may be, and the first move after it breaks.
func TestScenarioChecksInvariants(t *testing.T) {
	cat := catalog(t)
	dragon := tilekit.BoardPosition{X: 1, Y: 0}
	s := tilekit.Scenario{
		ID: "princess-dragon/follower-with-dragon", Title: "t", Players: 2,
		Expansions: []string{"princess-dragon"},
		Position:   "0,0:base/D@0 1,0:base/A@90",
		Followers:  []tilekit.ScenarioFollower{{Player: 1, At: dragon, Feature: "road"}},
		Dragon:     &dragon,
		Turns:      []tilekit.ScenarioTurn{{Tile: "base/E", At: tilekit.BoardPosition{X: 0, Y: -1}, Rotation: 180}},
	}
	res := game.RunScenario(cat, &s)
	require.Empty(t, res.Failures, "without check-invariants")
	s.CheckInvariants = true
	res = game.RunScenario(cat, &s)
	require.Len(t, res.Failures, 1)
	assert.Equal(t, "turn 1: move 1: player 1's follower came onto the dragon's tile at 1,0", res.Failures[0].Message)
}

// A random game's record replays with the invariants checked, and its id
// is under the first expansion of the selection.
func TestReplayChecksInvariants(t *testing.T) {
	cat := catalog(t)
	r := threeExpansions(t, tilekit.C2, tilekit.HansImGlueck)
	p, err := game.NewPlayout(r, 2, true)
	require.NoError(t, err)
	res, err := p.Play(9)
	require.NoError(t, err)
	s := p.Scenario("replay")
	assert.Equal(t, "black-dragon/random-seed-9", s.ID)
	s.End, s.CheckInvariants = true, true
	s.Expect.Scores = res.Scores[:res.Players]
	run := game.RunScenario(cat, &s)
	require.Empty(t, run.Failures)
}

// A random game's record gives each turn's decisions as moves in the
// notation, features named, a "none" that ends them left out, and reads
// back as the same moves in the game replayed to that turn.
func TestReplayTurnsAreMoveNotation(t *testing.T) {
	cat := catalog(t)
	r := threeExpansions(t, tilekit.C2, tilekit.HansImGlueck)
	p, err := game.NewPlayout(r, 2, true)
	require.NoError(t, err)
	_, err = p.Play(9)
	require.NoError(t, err)
	s := p.Scenario("replay")
	words := map[tilekit.MoveWord]int{}
	for i, turn := range s.Turns {
		if n := len(turn.Moves); n > 0 {
			assert.NotEqual(t, "none", turn.Moves[n-1], "turn %d", i+1)
		}
		for _, text := range turn.Moves {
			m, err := tilekit.ParseMoveText(text)
			require.NoError(t, err, "turn %d", i+1)
			assert.False(t, m.IsIndex, "turn %d: %q names its feature", i+1, text)
			words[m.Word]++
		}
	}
	assert.NotZero(t, words[""], "followers")
	assert.NotZero(t, words["fairy"], "fairy moves")
	assert.NotZero(t, words["dragon"], "dragon steps")
	s.End, s.CheckInvariants = true, true
	run := game.RunScenario(cat, &s)
	require.Empty(t, run.Failures)
	assert.Equal(t, p.Game().Snapshot(), run.Snapshot)
}
