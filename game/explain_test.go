package game_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

// take takes a tile by id for the player whose turn it is.
func take(t *testing.T, g *game.Game, id string) int {
	t.Helper()
	typ, ok := g.Ruleset().Type(id)
	require.True(t, ok, id)
	require.NoError(t, g.Take(typ))
	return typ
}

// place applies the tile move of a placement and returns its error.
func place(g *game.Game, x, y, rot int) error {
	_, err := g.Apply(game.TileMove(game.Placement{Pos: pos(x, y), Rot: rot}), nil)
	return err
}

// The start tile base/D shows a city on its north side, a road on its east
// and west sides and a field on its south side (tiles/base.toml); base/E
// shows a city on its north side and fields elsewhere, base/U a road from
// west to east between two fields.
func TestIllegalPlacementsSayWhy(t *testing.T) {
	_, r := baseRules(t)
	g := newGame(t, r, 2)
	take(t, g, "base/E")
	assert.EqualError(t, place(g, 0, 1, 0), "the north side of base/E at 0,1 is a city and meets the field of base/D at 0,0")
	assert.EqualError(t, place(g, 1, 0, 0), "the west side of base/E at 1,0 is a field and meets the road of base/D at 0,0")
	assert.EqualError(t, place(g, 5, 5, 0), "no placed tile next to 5,5")
	assert.EqualError(t, place(g, 0, 0, 0), "0,0 already holds base/D")
	assert.EqualError(t, place(g, 0, -1, 4), "rotation 4: want 0 to 3 quarter turns")
	assert.ErrorContains(t, place(g, 500, 0, 0), "500,0 lies off the board")
	_, err := g.Apply(game.NoFollower, nil)
	assert.EqualError(t, err, "base/E is not laid yet: the tile move comes before the follower move")
	assert.EqualError(t, g.Take(0), "base/E is drawn already: lay it first")
	require.NoError(t, place(g, 0, -1, 2), "turned half a turn, its city meets the start tile's")
	assert.EqualError(t, place(g, 0, -2, 0), "base/E is laid already at 0,-1: the follower move comes next")
	assert.EqualError(t, g.Take(0), "base/E is laid already at 0,-1: the follower move comes next")
	_, err = g.Apply(game.NoFollower, nil)
	require.NoError(t, err)
	assert.EqualError(t, place(g, 1, 0, 0), "no tile is drawn: draw or take one first")
	take(t, g, "base/U")
	assert.EqualError(t, place(g, 1, -1, 0), "the west side of base/U at 1,-1 is a road and meets the field of base/E at 0,-1")
}

func TestIllegalFollowerMovesSayWhy(t *testing.T) {
	_, r := baseRules(t)
	g := newGame(t, r, 2)
	road := 0 // base/U's first feature is its road.
	take(t, g, "base/U")
	require.NoError(t, place(g, 1, 0, 0))
	_, err := g.Apply(game.FollowerMove(road), nil)
	require.NoError(t, err)
	take(t, g, "base/U")
	require.NoError(t, place(g, -1, 0, 0))
	_, err = g.Apply(game.FollowerMove(road), nil)
	assert.EqualError(t, err, "the road of base/U at -1,0 is already taken by a follower of player 1 (at 1,0)")
	_, err = g.Apply(game.FollowerMove(9), nil)
	assert.EqualError(t, err, "base/U has no feature #9 (its features are road, field1, field2)")
	_, err = g.Apply(game.FollowerMove(2), nil)
	require.NoError(t, err, "the field south of the road is free")
}

func TestNoFollowerAtHand(t *testing.T) {
	_, r := baseRules(t)
	// Player 1's seven followers stand on the start tile and on the
	// base/U east of it.
	g, err := game.ParseSnapshot(r, "0,0:base/D@0[1:road,1:city,1:field1,1:field2] 1,0:base/U@0[1:road,1:field1,1:field2] / scores 0,0")
	require.NoError(t, err)
	assert.Equal(t, 0, g.Player(0).Supply)
	take(t, g, "base/B")
	require.NoError(t, place(g, 0, 1, 0))
	assert.Equal(t, []game.Move{game.NoFollower}, g.FollowerMoves(nil))
	_, err = g.Apply(game.FollowerMove(0), nil)
	assert.EqualError(t, err, "player 1 has no follower at hand")
}

func TestDiscardOnlyWhatFitsNowhere(t *testing.T) {
	_, r := baseRules(t)
	// With the start tile's city closed by base/E, no empty cell beside the
	// board wants a city on any side: the four-sided city base/C fits
	// nowhere.
	g, err := game.ParseSnapshot(r, "0,0:base/D@0 0,-1:base/E@180 / scores 0,0 / turn 2")
	require.NoError(t, err)
	take(t, g, "base/C")
	assert.Empty(t, g.Placements(nil))
	require.NoError(t, g.Discard())
	assert.Equal(t, 1, g.Discarded())
	assert.Equal(t, 1, g.Turn(), "the same player draws again")
	take(t, g, "base/U")
	// Two rotations of the straight road fit each of the six cells around
	// the two tiles: east and west of the start tile (road), south of it
	// and north of base/E (field), east and west of base/E (field).
	assert.EqualError(t, g.Discard(), "base/U fits on the board (12 placements), so it cannot be set aside")
}

func TestLegalListsTheMovesOfTheDecision(t *testing.T) {
	_, r := baseRules(t)
	g := newGame(t, r, 2)
	assert.Empty(t, g.Legal(nil), "nothing is drawn")
	typ := take(t, g, "base/U")
	moves := g.Legal(nil)
	var want []game.Move
	for _, p := range g.Placements(nil) {
		want = append(want, game.TileMove(p))
	}
	assert.Equal(t, want, moves)
	assert.Len(t, moves, 6, "rotations 0 and 180 east, west and south of the start tile")
	require.NoError(t, place(g, 1, 0, 0))
	assert.Equal(t, g.FollowerMoves(nil), g.Legal(nil))
	assert.Len(t, g.Legal(nil), 1+r.NumFeatures(typ))
	buf := make([]game.Move, 0, 64)
	assert.Zero(t, testing.AllocsPerRun(10, func() { buf = g.Legal(buf[:0]) }))
}

// TestLegalMatchesPlacementsInRandomGames checks Legal against Placements
// and FollowerMoves at every decision of random games.
func TestLegalMatchesPlacementsInRandomGames(t *testing.T) {
	_, r := baseRules(t)
	g := newGame(t, r, 3)
	for seed := range uint64(5) {
		g.Reset(seed)
		for {
			if _, ok := g.Draw(); !ok {
				break
			}
			legal := g.Legal(nil)
			pls := g.Placements(nil)
			require.Len(t, legal, len(pls))
			for i, p := range pls {
				require.Equal(t, game.TileMove(p), legal[i])
			}
			_, err := g.Apply(legal[int(seed)%len(legal)], nil)
			require.NoError(t, err)
			legal = g.Legal(nil)
			require.Equal(t, g.FollowerMoves(nil), legal)
			_, err = g.Apply(legal[len(legal)-1], nil)
			require.NoError(t, err)
		}
	}
}

// A refused move of an expansion's figure names its feature as scenarios
// do (by local id, kind, or kind and rank from 1), never by its index.
func TestRefusedMovesNameTheFeature(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	g := newGame(t, r, 2)
	take(t, g, "base/U")
	require.NoError(t, place(g, 1, 0, 0))
	_, err := g.Apply(parseMove(t, g, "fairy 0,0:f1"), nil)
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "fairy 0,0:road is not a legal move now"), err.Error())
}
