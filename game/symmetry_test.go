package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// distinctRotations returns the number of distinct rotations of each tile
// type of the rules that has fewer than four, by id.
func distinctRotations(r *game.Ruleset) map[string]int {
	out := map[string]int{}
	for typ := range r.NumTypes() {
		n := 0
		for rot := range 4 {
			if r.Distinct(typ, rot) {
				n++
			}
		}
		if n < 4 {
			out[r.ID(typ)] = n
		}
	}
	return out
}

func TestDistinctRotationsOfBaseTiles(t *testing.T) {
	_, r := baseRules(t)
	assert.Equal(t, map[string]int{
		"base/B": 1, "base/C": 1, "base/X": 1,
		"base/F": 2, "base/G": 2, "base/H": 2, "base/H-garden": 2, "base/U": 2, "base/U-garden": 2,
	}, distinctRotations(r))
	for typ := range r.NumTypes() {
		assert.True(t, r.Distinct(typ, 0), "rotation 0 of %s", r.ID(typ))
	}
}

// cityTile returns a tile of cities only, one city per group of sides,
// the first with the attributes given.
func cityTile(id string, attrs []tilekit.Attribute, groups ...[]tilekit.Side) tilekit.Tile {
	t := tilekit.Tile{ID: id, Counts: map[tilekit.Edition]int{tilekit.C2: 1}}
	for i, g := range groups {
		f := tilekit.Feature{Kind: tilekit.City}
		for _, s := range g {
			f.Sides = append(f.Sides, tilekit.EdgePoint{Side: s})
		}
		if i == 0 {
			f.Attributes = attrs
		}
		t.Features = append(t.Features, f)
	}
	return t
}

// TestDistinctNeedsTheFeaturesToTurnOntoThemselves checks tiles whose edges
// are symmetric but whose features are not: their rotations stay apart.
func TestDistinctNeedsTheFeaturesToTurnOntoThemselves(t *testing.T) {
	n, e, s, w := tilekit.North, tilekit.East, tilekit.South, tilekit.West
	pennant := []tilekit.Attribute{tilekit.Pennant}
	tiles := []tilekit.Tile{
		cityTile("base/a-two-cities", nil, []tilekit.Side{n}, []tilekit.Side{s}),
		cityTile("base/b-two-cities-one-pennant", pennant, []tilekit.Side{n}, []tilekit.Side{s}),
		cityTile("base/c-four-sides-two-cities", nil, []tilekit.Side{n, e}, []tilekit.Side{s, w}),
		cityTile("base/d-four-sides-two-cities-one-pennant", pennant, []tilekit.Side{n, e}, []tilekit.Side{s, w}),
		cityTile("base/e-four-sides-one-city", nil, []tilekit.Side{n, e, s, w}),
		cityTile("base/f-four-sides-four-cities", nil, []tilekit.Side{n}, []tilekit.Side{e}, []tilekit.Side{s}, []tilekit.Side{w}),
		cityTile("base/g-four-sides-three-cities", nil, []tilekit.Side{n, s}, []tilekit.Side{e}, []tilekit.Side{w}),
	}
	tiles[0].Start = []tilekit.Edition{tilekit.C2}
	cat := tilekit.NewCatalog(tilekit.Data{
		Expansions: []tilekit.Expansion{{ID: "base", Editions: []tilekit.Edition{tilekit.C2}}},
		Tiles:      tiles,
		Steps:      []tilekit.Step{*catalog(t).Step("score-features")},
	})
	r, err := game.Compile(cat, rules.Selection{}, game.Setup{Edition: tilekit.C2, BaseTurn: true})
	require.NoError(t, err)
	for typ := range r.NumTypes() {
		require.Equal(t, r.Edges(typ, 0), r.Edges(typ, 2), "the edges of %s are symmetric", r.ID(typ))
	}
	assert.Equal(t, map[string]int{
		"base/a-two-cities":              2,
		"base/c-four-sides-two-cities":   2,
		"base/e-four-sides-one-city":     1,
		"base/f-four-sides-four-cities":  1,
		"base/g-four-sides-three-cities": 2,
	}, distinctRotations(r), "a pennant on one of two cities makes every rotation distinct")
}

// distinctLegal returns the legal placements of a tile type on a board
// whose rotation Distinct keeps, in the order of LegalPlacements.
func distinctLegal(b *game.Board, typ int) []game.Placement {
	var out []game.Placement
	for _, pl := range b.LegalPlacements(typ, nil) {
		if b.Ruleset().Distinct(typ, pl.Rot) {
			out = append(out, pl)
		}
	}
	return out
}

// distinctPlacements returns DistinctPlacement of a tile type for every k
// below a count, and checks that it has none at the count.
func distinctPlacements(t *testing.T, b *game.Board, typ, count int) []game.Placement {
	got := make([]game.Placement, 0, count)
	for k := range count {
		pl, ok := b.DistinctPlacement(typ, k)
		require.True(t, ok)
		got = append(got, pl)
	}
	_, ok := b.DistinctPlacement(typ, count)
	assert.False(t, ok)
	return got
}

// TestDistinctPlacementsAreTheLegalOnesOfDistinctRotations checks, on
// random boards, that DistinctPlacement lists, in order, the legal
// placements of the rotations Distinct keeps, and CountDistinct their
// number.
func TestDistinctPlacementsAreTheLegalOnesOfDistinctRotations(t *testing.T) {
	cat, r := baseRules(t)
	p := newPlayer(r, 7)
	for _, limit := range []int{0, 1, 5, 20, 40, 70} {
		randomBoard(cat, p, limit)
		for typ := range r.NumTypes() {
			want := distinctLegal(p.board, typ)
			count := p.board.CountDistinct(typ)
			assert.Equal(t, want, distinctPlacements(t, p.board, typ, count), "%s after %d placements", r.ID(typ), limit)
		}
	}
}

// TestDistinctPlacementAfterOtherCounts checks that DistinctPlacement does
// not read the counts CountDistinct noted once they are stale: after
// counting another tile type, and after a placement.
func TestDistinctPlacementAfterOtherCounts(t *testing.T) {
	cat, r := baseRules(t)
	p := newPlayer(r, 11)
	randomBoard(cat, p, 20)
	for typ := range r.NumTypes() {
		want := distinctLegal(p.board, typ)
		p.board.CountDistinct(typ)
		p.board.CountDistinct((typ + 1) % r.NumTypes())
		assert.Equal(t, want, distinctPlacements(t, p.board, typ, len(want)), "%s after counting another type", r.ID(typ))
	}
	for typ := range r.NumTypes() {
		if p.board.CountDistinct(typ) == 0 {
			continue
		}
		pl, _ := p.board.DistinctPlacement(typ, 0)
		require.NoError(t, p.board.Place(pl.Pos, typ, pl.Rot))
		want := distinctLegal(p.board, typ)
		assert.Equal(t, want, distinctPlacements(t, p.board, typ, len(want)), "%s after a placement", r.ID(typ))
	}
}

// TestChoicesPerTurn counts, over random base games, the placements a turn
// lists (Placements, every rotation) and the distinct ones the random
// policy chooses among (CountDistinct).
func TestChoicesPerTurn(t *testing.T) {
	_, r := baseRules(t)
	g, err := game.NewGame(r, 2, 0)
	require.NoError(t, err)
	listed, distinct, turns := 0, 0, 0
	for seed := range uint64(200) {
		g.Reset(seed)
		rng := rand.New(rand.NewPCG(seed, 3))
		for {
			if _, ok := g.Draw(); !ok {
				break
			}
			n := g.CountDistinct()
			listed += len(g.Placements(nil))
			distinct += n
			turns++
			pl, _ := g.DistinctPlacement(rng.IntN(n))
			_, err := g.Apply(game.TileMove(pl), nil)
			require.NoError(t, err)
			moves := g.FollowerMoves(nil)
			_, err = g.Apply(moves[rng.IntN(len(moves))], nil)
			require.NoError(t, err)
		}
	}
	t.Logf("choices per turn: %.1f placements listed, %.1f distinct", float64(listed)/float64(turns), float64(distinct)/float64(turns))
	assert.Less(t, distinct, listed)
}
