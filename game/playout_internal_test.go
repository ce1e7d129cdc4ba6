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
	r, err := Compile(cat, rules.Selection{}, Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	p, err := NewPlayout(r, 2, true)
	require.NoError(t, err)
	_, err = p.Play(3)
	require.NoError(t, err)
	p.seed, p.move = 3, 17
	iv := &p.inv
	breakOf := func(err error) error {
		if err == nil {
			return nil
		}
		return p.broken("%s", err)
	}

	p.g.players[1].Supply--
	var be *BreakError
	require.True(t, errors.As(breakOf(iv.checkFollowers()), &be))
	assert.Equal(t, uint64(3), be.Seed)
	assert.Equal(t, 17, be.Move)
	assert.Contains(t, be.Error(), "game seed 3, move 17: player 2 has")
	replay := be.Scenario()
	assert.Equal(t, "base/random-seed-3", replay.ID)
	assert.Contains(t, replay.Title, "Random game seed 3 broke an invariant at move 17: player 2 has")
	assert.Len(t, replay.Turns, len(p.record), "every turn of the game played")
	assert.False(t, replay.End)
	assert.True(t, replay.CheckInvariants, "the replay checks the invariants, so that it breaks where the game did")
	assert.Equal(t, 2, replay.Players)
	p.g.players[1].Supply++
	assert.NoError(t, iv.checkFollowers())

	iv.last[0] = p.g.players[0].Score + 1
	assert.ErrorContains(t, iv.checkScores(false), "the score of player 1 went down")
	iv.last[0] = 0
	iv.points[1]++
	p.move = 0
	assert.EqualError(t, breakOf(iv.checkScores(true)), "game seed 3, end of game: the score of player 2 is "+
		strconv.Itoa(p.g.players[1].Score)+" at the end but their points events add up to "+strconv.Itoa(iv.points[1]))
	iv.points[1]--

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
			assert.ErrorContains(t, p.inv.checkFit(north), "but its neighbour")
			return
		}
	}
	t.Fatal("every tile fits north of the start tile")
}

// TestPlayoutReportsFigureBreaks breaks each invariant of the expansions
// by hand and checks that the Playout reports it.
func TestPlayoutReportsFigureBreaks(t *testing.T) {
	cat, err := validator.BuiltinCatalog()
	require.NoError(t, err)
	sel, err := rules.Select(cat, []string{"princess-dragon", "black-dragon"})
	require.NoError(t, err)
	r, err := Compile(cat, sel, Setup{Edition: tilekit.C2, Publisher: tilekit.HansImGlueck})
	require.NoError(t, err)
	p, err := NewPlayout(r, 2, true)
	require.NoError(t, err)
	g, err := ParseSnapshot(r, "0,0:base/D@0[1:road] 1,0:base/A@90[2:road] -1,0:base/U@0 / scores 0,0")
	require.NoError(t, err)
	p.g = g
	p.inv.reset(g)
	iv := &p.inv
	cell := func(x, y int) int32 {
		idx, _ := g.board.index(tilekit.BoardPosition{X: x, Y: y})
		return int32(idx)
	}
	dragon := &r.moves[r.movers[r.moverIndex(testDragon)].stepping-1]
	black := &r.moves[r.movers[r.moverIndex(testBlack)].stepping-1]
	g.at[testDragon], g.at[testFairy] = cell(0, 0), cell(0, 0)
	iv.before[testDragon], iv.before[testFairy] = -1, cell(0, 0)
	assert.ErrorContains(t, iv.checkUnits(), "the dragon entered the fairy's tile at 0,0")
	g.at[testFairy] = -1
	iv.before[testDragon], iv.before[testFairy] = -1, -1
	assert.ErrorContains(t, iv.checkUnits(), "the dragon left player 1's follower at 0,0, which dragon-diet lets it eat and no place of dragon-protection protects")
	assert.ErrorContains(t, iv.checkUnits(), "player 1's follower came onto the dragon's tile at 0,0")
	dragon.spares[placeOccupied].yes = true
	iv.before[testDragon] = -1
	assert.NoError(t, iv.checkUnits(), "a protection table that spares the follower: it stays")
	assert.NoError(t, iv.checkUnits(), "a follower the dragon spared may stay")
	dragon.spares[placeOccupied].yes = false
	g.at[testDragon] = cell(-1, 0)
	assert.NoError(t, iv.checkUnits())

	g.mv = figureMove{rules: dragon, n: 3}
	g.mv.path[0], g.mv.path[1], g.mv.path[2] = cell(-1, 0), cell(0, 0), cell(-1, 0)
	assert.ErrorContains(t, iv.checkUnits(), "the dragon went back to the tile it started from")
	g.mv.path[2] = cell(0, 0)
	assert.ErrorContains(t, iv.checkUnits(), "the dragon entered the tile at 0,0 twice in one move")
	g.mv = figureMove{rules: black, n: 2, taken: 1}
	g.mv.path[0], g.mv.path[1] = cell(-1, 0), cell(0, 0)
	assert.ErrorContains(t, iv.checkUnits(), "the black dragon took 1 steps for 0 completed features")
	g.mv = figureMove{}

	iv.events = append(iv.events[:0], Event{Kind: EventEaten, Actor: testDragon, Victim: testFairy, Reason: Reason{Table: "dragon-diet"}})
	assert.ErrorContains(t, iv.checkUnits(), "the dragon ate the fairy at 0,0, which dragon-diet does not let it eat")
	iv.events = append(iv.events[:0], Event{Kind: EventEaten, Actor: testDragon, Victim: FigureMeeple, Feature: Feature{Kind: KindField}, Reason: Reason{Table: "dragon-diet"}})
	assert.NoError(t, iv.checkUnits(), "the built-in dragon-protection does not protect a field")
	dragon.spares[placeField].yes = true
	assert.ErrorContains(t, iv.checkUnits(), "the dragon ate player 1's meeple at 0,0, which dragon-protection protects")
	dragon.spares[placeField].yes = false
	iv.events = iv.events[:0]
	assert.NoError(t, iv.checkUnits())

	// A companion next to a follower stands on its tile, by a follower of
	// the player it stands by.
	fairy := &g.companions[r.companionOf(testFairy)]
	road := g.board.instance(int32(g.board.cells[cell(0, 0)].slot), 1)
	g.at[testFairy], iv.before[testFairy] = cell(1, 0), cell(1, 0)
	*fairy = companionState{node: road, player: 0}
	assert.ErrorContains(t, iv.checkUnits(), "the fairy stands next to a follower on another tile")
	g.at[testFairy], iv.before[testFairy] = cell(0, 0), cell(0, 0)
	*fairy = companionState{node: road, player: 1}
	assert.ErrorContains(t, iv.checkUnits(), "the fairy stands next to a follower of player 2 that is not there")
	*fairy = companionState{node: road, player: 0}
	assert.NoError(t, iv.checkUnits())
	*fairy = companionState{-1, -1}
}
