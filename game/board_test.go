package game_test

import (
	"cmp"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

func TestCanPlaceMatchesReference(t *testing.T) {
	cat, r := baseRules(t)
	p := newPlayer(r, 1)
	rng := rand.New(rand.NewPCG(2, 0))
	agreed, fits := 0, 0
	for round := range 60 {
		rb := randomBoard(cat, p, round+1)
		for range 300 {
			pos := tilekit.BoardPosition{X: rng.IntN(2*round+7) - round - 3, Y: rng.IntN(2*round+7) - round - 3}
			if rng.IntN(2) == 0 {
				// Half the queries go beside a placed tile, where tiles may fit.
				placed := sortedPositions(rb)
				pos = placed[rng.IntN(len(placed))].Neighbour(tilekit.Side(rng.IntN(4)))
			}
			typ, rot := rng.IntN(r.NumTypes()), rng.IntN(4)
			want := rb.canPlace(pos, typ, rot)
			require.Equal(t, want, p.board.CanPlace(pos, typ, rot), "board %q: %s at %s rotation %d", p.board, r.ID(typ), pos, rot)
			agreed++
			fits += boolInt(want)
		}
	}
	assert.Equal(t, 60*300, agreed)
	assert.Greater(t, fits, 500, "enough of the queries fit for the comparison to mean something")
}

// sortedPositions lists the positions of the reference board's tiles by y
// and x, so that a random pick among them depends on the seed alone.
func sortedPositions(rb refBoard) []tilekit.BoardPosition {
	ps := slices.SortedFunc(maps.Keys(rb.cells), func(a, b tilekit.BoardPosition) int {
		return cmp.Or(cmp.Compare(a.Y, b.Y), cmp.Compare(a.X, b.X))
	})
	return ps
}

func TestCanPlaceRefusesBadArguments(t *testing.T) {
	_, r := baseRules(t)
	b := game.StartBoard(r)
	north := tilekit.BoardPosition{Y: -1}
	c, _ := r.Type("base/C")
	assert.True(t, b.CanPlace(north, c, 0))
	assert.False(t, b.CanPlace(tilekit.BoardPosition{}, c, 0), "taken")
	assert.False(t, b.CanPlace(tilekit.BoardPosition{X: 2}, c, 0), "no neighbour")
	assert.False(t, b.CanPlace(north, -1, 0))
	assert.False(t, b.CanPlace(north, r.NumTypes(), 0))
	assert.False(t, b.CanPlace(north, c, 4))
	assert.False(t, b.CanPlace(tilekit.BoardPosition{X: 1000}, c, 0))
	assert.False(t, game.NewBoard(r).CanPlace(tilekit.BoardPosition{}, c, 0), "an empty board has no neighbours")

	assert.ErrorContains(t, b.Place(tilekit.BoardPosition{}, c, 0), "position (0,0) already holds base/D")
	assert.ErrorContains(t, b.Place(tilekit.BoardPosition{X: 73}, c, 0), "lies off the board")
	assert.ErrorContains(t, b.Place(north, c, 4), "rotation 4")
	assert.ErrorContains(t, b.Place(north, 99, 0), "no tile type 99")
}

// startPlacements is the number of legal placements of each base tile
// type beside the start tile alone (base/D: city north, road west and
// east, field south), as the reference counts them; rotations that show
// the same edges count apart.
var startPlacements = map[string]int{
	"base/A": 5, "base/B": 4, "base/C": 4, "base/D": 6, "base/E": 4, "base/E-garden": 4,
	"base/F": 4, "base/G": 4, "base/H": 4, "base/H-garden": 4, "base/I": 4, "base/I-garden": 4,
	"base/J": 6, "base/K": 6, "base/L": 7, "base/M": 4, "base/M-garden": 4, "base/N": 4,
	"base/N-garden": 4, "base/O": 6, "base/P": 6, "base/Q": 4, "base/R": 4, "base/R-garden": 4,
	"base/S": 5, "base/T": 5, "base/U": 6, "base/U-garden": 6, "base/V": 6, "base/V-garden": 6,
	"base/W": 7, "base/X": 8,
}

func TestLegalPlacementsFromStart(t *testing.T) {
	cat, r := baseRules(t)
	b := game.StartBoard(r)
	rb := newRefBoard(cat, r)
	got := map[string]int{}
	for typ := range r.NumTypes() {
		want := rb.legal(typ)
		fast := b.LegalPlacements(typ, nil)
		sortPlacements(fast)
		assert.Equal(t, want, fast, r.ID(typ))
		got[r.ID(typ)] = len(fast)
	}
	assert.Equal(t, startPlacements, got)
}

func TestLegalPlacementsMatchReferenceOnRandomBoards(t *testing.T) {
	cat, r := baseRules(t)
	p := newPlayer(r, 3)
	var buf []game.Placement
	for round := range 40 {
		rb := randomBoard(cat, p, 2*round)
		for typ := range r.NumTypes() {
			buf = p.board.LegalPlacements(typ, buf[:0])
			sortPlacements(buf)
			want := rb.legal(typ)
			if len(want) == 0 {
				want = []game.Placement{}
			}
			require.Equal(t, want, buf, "board %q, tile %s", p.board, r.ID(typ))
		}
	}
}

// perftDraws are fixed draw orders for TestPerft, with the number of
// placement sequences each allows from the start tile.
var perftDraws = []struct {
	draws []string
	want  int
}{
	{[]string{"base/E", "base/U"}, 36},
	{[]string{"base/C", "base/B", "base/K"}, 160},
	{[]string{"base/U", "base/V", "base/D"}, 600},
	{[]string{"base/X", "base/L", "base/J", "base/F"}, 8128},
}

func TestPerft(t *testing.T) {
	cat, r := baseRules(t)
	for _, tc := range perftDraws {
		var draws []int
		for _, id := range tc.draws {
			typ, ok := r.Type(id)
			require.True(t, ok, id)
			draws = append(draws, typ)
		}
		want := refPerft(newRefBoard(cat, r), draws)
		got := fastPerft(game.NewBoard(r), nil, draws)
		assert.Equal(t, want, got, "%v", tc.draws)
		assert.Equal(t, tc.want, got, "%v", tc.draws)
	}
}

// A step of a placement sequence: a tile type and where it went.
type step struct {
	typ int
	at  game.Placement
}

// refPerft counts the placement sequences of a draw order on the reference
// board; a tile that fits nowhere is discarded, which is one way on.
func refPerft(rb refBoard, draws []int) int {
	if len(draws) == 0 {
		return 1
	}
	legal := rb.legal(draws[0])
	if len(legal) == 0 {
		return refPerft(rb, draws[1:])
	}
	n := 0
	for _, pl := range legal {
		next := rb.clone()
		next.place(pl.Pos, draws[0], pl.Rot)
		n += refPerft(next, draws[1:])
	}
	return n
}

// fastPerft counts the same on a Board, which it rebuilds from the start
// tile and the steps so far for each sequence it tries.
func fastPerft(b *game.Board, path []step, draws []int) int {
	if len(draws) == 0 {
		return 1
	}
	replay(b, path)
	legal := b.LegalPlacements(draws[0], nil)
	if len(legal) == 0 {
		return fastPerft(b, path, draws[1:])
	}
	n := 0
	for _, pl := range legal {
		n += fastPerft(b, append(path[:len(path):len(path)], step{draws[0], pl}), draws[1:])
	}
	return n
}

func replay(b *game.Board, path []step) {
	b.Reset()
	b.PlaceStart()
	for _, s := range path {
		if err := b.Place(s.at.Pos, s.typ, s.at.Rot); err != nil {
			panic(err)
		}
	}
}

func TestResetReplaysTheSameGame(t *testing.T) {
	_, r := baseRules(t)
	a, b := newPlayer(r, 7), newPlayer(r, 7)
	a.play(-1)
	a.play(-1)
	first := a.board.String()
	b.rng = rand.New(rand.NewPCG(7, 0))
	b.board = game.NewBoard(r)
	b.play(-1)
	b.board.Reset()
	assert.Empty(t, b.board.String())
	assert.Equal(t, 0, b.board.Len())
	for typ := range r.NumTypes() {
		assert.Empty(t, b.board.LegalPlacements(typ, nil), "an empty board has no frontier")
	}
	b.play(-1)
	assert.Equal(t, first, b.board.String(), "a reset board plays as a new one")
}

func TestRandomGameAllocatesNothing(t *testing.T) {
	_, r := baseRules(t)
	p := newPlayer(r, 11)
	placed := 0
	allocs := testing.AllocsPerRun(20, func() { placed = p.play(-1) })
	assert.Zero(t, allocs)
	assert.Greater(t, placed, 60, "most tiles of a game find a place")
}

func TestLegalPlacementsAppendsToDst(t *testing.T) {
	cat, r := baseRules(t)
	p := newPlayer(r, 13)
	prefix := game.Placement{Pos: tilekit.BoardPosition{X: 99, Y: 99}, Rot: 3}
	for round := range 10 {
		rb := randomBoard(cat, p, 7*round)
		for typ := range r.NumTypes() {
			want := append([]game.Placement{prefix}, rb.legal(typ)...)
			roomy := make([]game.Placement, 1, 1+4*p.board.Frontier())
			roomy[0] = prefix
			tight := []game.Placement{prefix}
			for _, got := range [][]game.Placement{p.board.LegalPlacements(typ, roomy), p.board.LegalPlacements(typ, tight)} {
				sortPlacements(got[1:])
				require.Equal(t, want, got, "%s on %q", r.ID(typ), p.board)
			}
		}
	}
}

// A board's grid starts small and grows as tiles come near its edge: a
// road laid from the start tile out to the edge of the board is placed,
// read back and extended as on a board made for every tile, and the
// figures a game keeps by cell stay where they stood.
func TestBoardGrowsAsTilesComeNearItsEdge(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	road := mustType(t, r, "base/U")
	b := game.StartBoard(r)
	radius := b.Radius()
	for x := 1; x <= radius; x++ {
		require.True(t, b.CanPlace(pos(x, 0), road, 0), "x %d", x)
		require.NoError(t, b.Place(pos(x, 0), road, 0), "x %d", x)
		typ, rot, ok := b.At(pos(x, 0))
		require.Equal(t, []any{road, 0, true}, []any{typ, rot, ok}, "x %d", x)
		ends := 2
		if x == radius {
			ends = 1
		}
		require.Equal(t, 2*(x+1)+ends, b.Frontier(), "x %d: the cells north and south of the road, and its ends on the board", x)
	}
	assert.True(t, b.CanPlace(pos(-1, 0), road, 0))
	assert.False(t, b.CanPlace(pos(radius+1, 0), road, 0), "beyond the board")
	assert.Error(t, b.Place(pos(radius+1, 0), road, 0))
	parsed, err := game.ParseBoard(r, b.String())
	require.NoError(t, err)
	assert.Equal(t, b.String(), parsed.String())
	assert.Equal(t, slices.Collect(b.Placed()), slices.Collect(parsed.Placed()))

	g, err := game.ParseSnapshot(r, "0,0:base/D@0 0,-1:base/E@180 / scores 0,0 / dragon 0,-1")
	require.NoError(t, err)
	for x := 1; x <= 8; x++ {
		take(t, g, map[bool]string{true: "base/U", false: "base/D"}[x <= 6])
		require.NoError(t, place(g, x, 0, 0), "x %d", x)
		_, err := g.Apply(game.NoFollower, nil)
		require.NoError(t, err)
	}
	var dragon []tilekit.BoardPosition
	for f := range g.Figures() {
		if f.Figure == figDragon {
			dragon = append(dragon, f.Pos)
		}
	}
	assert.Equal(t, []tilekit.BoardPosition{pos(0, -1)}, dragon, "the dragon stays on its tile as the grid grows")
	assert.Contains(t, g.Snapshot(), "dragon 0,-1")
}

// mustType returns the tile type of an id.
func mustType(t *testing.T, r *game.Ruleset, id string) int {
	t.Helper()
	typ, ok := r.Type(id)
	require.True(t, ok, id)
	return typ
}
