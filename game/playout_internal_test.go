package game

import (
	"errors"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// TestPlayoutReportsBreaks breaks each invariant by hand and checks that
// the Playout names the seed, the move and what broke.
func TestPlayoutReportsBreaks(t *testing.T) {
	cat, err := validator.BuiltinCatalog()
	require.NoError(t, err)
	r, err := Compile(cat, rules.Selection{}, tilekit.C2)
	require.NoError(t, err)
	p, err := NewPlayout(r, 2, true)
	require.NoError(t, err)
	_, err = p.Play(3)
	require.NoError(t, err)
	p.seed, p.move = 3, 17

	p.g.players[1].Supply--
	var be *BreakError
	require.True(t, errors.As(p.checkFollowers(), &be))
	assert.Equal(t, uint64(3), be.Seed)
	assert.Equal(t, 17, be.Move)
	assert.Contains(t, be.Error(), "game seed 3, move 17: player 2 has")
	replay := be.Scenario()
	assert.Equal(t, "base/random-seed-3", replay.ID)
	assert.Contains(t, replay.Title, "Random game seed 3 broke an invariant at move 17: player 2 has")
	assert.Len(t, replay.Turns, len(p.record), "every turn of the game played")
	assert.False(t, replay.End)
	assert.Equal(t, 2, replay.Players)
	p.g.players[1].Supply++
	assert.NoError(t, p.checkFollowers())

	p.last[0] = p.g.players[0].Score + 1
	assert.ErrorContains(t, p.checkScores(false), "the score of player 1 went down")
	p.last[0] = 0
	p.points[1]++
	p.move = 0
	assert.EqualError(t, p.checkScores(true), "game seed 3, end of game: the score of player 2 is "+
		strconv.Itoa(p.g.players[1].Score)+" at the end but their points events add up to "+strconv.Itoa(p.points[1]))
	p.points[1]--

	assertMisfitReported(t, p)
}

// assertMisfitReported lays a tile that does not fit beside the start tile
// and checks that checkFit names it.
func assertMisfitReported(t *testing.T, p *Playout) {
	t.Helper()
	b := p.g.board
	b.Reset()
	b.PlaceStart()
	north := tilekit.BoardPosition{}.Neighbour(tilekit.North)
	for typ := range b.rules.NumTypes() {
		for rot := range 4 {
			if b.CanPlace(north, typ, rot) {
				continue
			}
			require.NoError(t, b.Place(north, typ, rot))
			assert.ErrorContains(t, p.checkFit(north), "but its neighbour")
			return
		}
	}
	t.Fatal("every tile fits north of the start tile")
}
