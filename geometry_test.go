package tilekit

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSideRotateAndOpposite(t *testing.T) {
	for _, c := range []struct {
		side    Side
		quarter int
		want    Side
	}{
		{North, 0, North}, {North, 1, East}, {North, 2, South}, {North, 3, West},
		{North, 4, North}, {North, -1, West}, {East, 1, South}, {West, 5, North},
		{South, -6, North}, {West, -3, North},
	} {
		assert.Equal(t, c.want, c.side.Rotate(c.quarter), "%s turned %d", c.side, c.quarter)
	}
	for side, opposite := range map[Side]Side{North: South, East: West, South: North, West: East} {
		assert.Equal(t, opposite, side.Opposite(), side.String())
	}
}

func TestSideHalvesAndCorners(t *testing.T) {
	for _, c := range []struct {
		side    Side
		halves  string
		corners string
	}{
		{North, "NL NR", "NW NE"}, {East, "EL ER", "NE SE"},
		{South, "SL SR", "SE SW"}, {West, "WL WR", "SW NW"},
	} {
		h, k := c.side.Halves(), c.side.Corners()
		assert.Equal(t, c.halves, h[0].String()+" "+h[1].String(), c.side.String())
		assert.Equal(t, c.corners, k[0].String()+" "+k[1].String(), c.side.String())
	}
}

// TestHalfNames checks the naming convention: L and R as seen from the
// centre looking out through the side, so that NL is the west half of N and
// SL the east half of S.
func TestHalfNames(t *testing.T) {
	for _, c := range []struct {
		half   Half
		name   string
		side   Side
		left   bool
		corner Corner
	}{
		{NL, "NL", North, true, NW}, {NR, "NR", North, false, NE},
		{EL, "EL", East, true, NE}, {ER, "ER", East, false, SE},
		{SL, "SL", South, true, SE}, {SR, "SR", South, false, SW},
		{WL, "WL", West, true, SW}, {WR, "WR", West, false, NW},
	} {
		assert.Equal(t, c.name, c.half.String())
		assert.Equal(t, c.side, c.half.Side(), c.name)
		assert.Equal(t, c.left, c.half.IsLeft(), c.name)
		assert.Equal(t, c.corner, c.half.Corner(), c.name)
	}
	assert.Equal(t, Halves[:], []Half{NL, NR, EL, ER, SL, SR, WL, WR})
}

func TestHalfRotate(t *testing.T) {
	for _, c := range []struct {
		half    Half
		quarter int
		want    Half
	}{
		{NL, 1, EL}, {NR, 1, ER}, {WR, 1, NR}, {WL, 1, NL}, {SL, 2, NL},
		{ER, 3, NR}, {NL, -1, WL}, {SR, 4, SR}, {EL, -6, WL},
	} {
		assert.Equal(t, c.want, c.half.Rotate(c.quarter), "%s turned %d", c.half, c.quarter)
	}
	// Turning a half turns its side and its corner with it.
	for _, h := range Halves {
		for q := -4; q <= 4; q++ {
			assert.Equal(t, h.Side().Rotate(q), h.Rotate(q).Side(), "%s turned %d", h, q)
			assert.Equal(t, h.Corner().Rotate(q), h.Rotate(q).Corner(), "%s turned %d", h, q)
		}
	}
}

// TestHalfTouching checks which half of the neighbour each half lies
// against: the same stretch of the shared side, so the same corner
// direction, named from the other centre.
func TestHalfTouching(t *testing.T) {
	want := map[Half]Half{NL: SR, NR: SL, EL: WR, ER: WL, SL: NR, SR: NL, WL: ER, WR: EL}
	for _, h := range Halves {
		got := h.Touching()
		assert.Equal(t, want[h], got, h.String())
		assert.Equal(t, h, got.Touching(), "touching twice gives %s back", h)
		assert.Equal(t, h.Side().Opposite(), got.Side(), "%s touches across its side", h)
		assert.NotEqual(t, h.IsLeft(), got.IsLeft(), "%s: left meets right", h)
		// Both halves lie at the same end of the shared side: placed side
		// by side, the corners they touch are the same point of the board.
		assert.Equal(t, cornerPoint(BoardPosition{}, h.Corner()),
			cornerPoint(BoardPosition{}.Neighbour(h.Side()), got.Corner()), h.String())
		// Touching commutes with turning the tiles together.
		for q := 0; q < 4; q++ {
			assert.Equal(t, h.Rotate(q).Touching(), got.Rotate(q), "%s turned %d", h, q)
		}
	}
}

// cornerPoint returns the board point, in half-tile units, of a tile's
// corner.
func cornerPoint(p BoardPosition, c Corner) [2]int {
	dx := map[Corner][2]int{NW: {-1, -1}, NE: {1, -1}, SE: {1, 1}, SW: {-1, 1}}[c]
	return [2]int{2*p.X + dx[0], 2*p.Y + dx[1]}
}

func TestCorners(t *testing.T) {
	for _, c := range []struct {
		corner Corner
		sides  string
		halves string
	}{
		{NW, "W N", "WR NL"}, {NE, "N E", "NR EL"}, {SE, "E S", "ER SL"}, {SW, "S W", "SR WL"},
	} {
		s, h := c.corner.Sides(), c.corner.Halves()
		assert.Equal(t, c.sides, s[0].String()+" "+s[1].String(), c.corner.String())
		assert.Equal(t, c.halves, h[0].String()+" "+h[1].String(), c.corner.String())
		for _, half := range h {
			assert.Equal(t, c.corner, half.Corner(), half.String())
		}
	}
	assert.Equal(t, SW, NW.Rotate(-1))
	assert.Equal(t, SE, NW.Rotate(6))
}

func TestPositionRotate(t *testing.T) {
	for _, c := range []struct {
		from    string
		quarter int
		want    string
	}{
		{"N", 1, "E"}, {"W", 1, "N"}, {"NL", 1, "EL"}, {"SR", -1, "ER"}, {"WR", 2, "ER"},
	} {
		p, err := ParseEdgePoint(c.from)
		require.NoError(t, err)
		got := p.Rotate(c.quarter)
		assert.Equal(t, c.want, got.String(), "%s turned %d", c.from, c.quarter)
		back, err := ParseEdgePoint(c.want)
		require.NoError(t, err)
		assert.Equal(t, back, got, "a turned position is what parsing its name gives")
	}
}

func TestParseEdgePoint(t *testing.T) {
	p, err := ParseEdgePoint("E")
	require.NoError(t, err)
	assert.Equal(t, EdgePoint{Side: East}, p)
	p, err = ParseEdgePoint("SR")
	require.NoError(t, err)
	assert.True(t, p.IsHalf)
	assert.Equal(t, "SR", p.String())
	assert.Equal(t, South, p.Side)
	_, err = ParseEdgePoint("NE")
	assert.Error(t, err)
}

func TestRotationQuarters(t *testing.T) {
	for _, c := range []struct {
		degrees int
		want    int
		err     bool
	}{
		{0, 0, false}, {90, 1, false}, {180, 2, false}, {270, 3, false},
		{45, 0, true}, {360, 0, true}, {-90, 0, true},
	} {
		got, err := RotationQuarters(c.degrees)
		if c.err {
			assert.EqualError(t, err, fmt.Sprintf("rotation %d: want 0, 90, 180 or 270", c.degrees))
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, c.want, got, c.degrees)
	}
	for q, want := range map[int]int{-5: 3, -4: 0, -1: 3, 0: 0, 3: 3, 4: 0, 9: 1} {
		assert.Equal(t, want, Quarters(q), q)
	}
}

func TestBoardPositionNeighbours(t *testing.T) {
	p := BoardPosition{2, -3}
	assert.Equal(t, [4]BoardPosition{North: {2, -4}, East: {3, -3}, South: {2, -2}, West: {1, -3}}, p.Neighbours())
	for _, s := range Sides {
		n := p.Neighbour(s)
		assert.Equal(t, n, p.Neighbours()[s], s.String())
		assert.Equal(t, p, n.Neighbour(s.Opposite()), "back across %s", s)
	}
	assert.Equal(t, "(2,-3)", p.String())
}

func TestBoardPositionRotate(t *testing.T) {
	for _, c := range []struct {
		from    BoardPosition
		quarter int
		want    BoardPosition
	}{
		{BoardPosition{0, -1}, 1, BoardPosition{1, 0}}, // north of the start turns east
		{BoardPosition{1, 0}, 1, BoardPosition{0, 1}},
		{BoardPosition{2, 3}, 2, BoardPosition{-2, -3}},
		{BoardPosition{2, 3}, -1, BoardPosition{3, -2}},
		{BoardPosition{2, 3}, 4, BoardPosition{2, 3}},
		{BoardPosition{}, 3, BoardPosition{}},
	} {
		assert.Equal(t, c.want, c.from.Rotate(c.quarter), "%s turned %d", c.from, c.quarter)
	}
	// Turning the board turns each neighbour with its side.
	p := BoardPosition{3, 1}
	for q := -4; q <= 4; q++ {
		for _, s := range Sides {
			assert.Equal(t, p.Rotate(q).Neighbour(s.Rotate(q)), p.Neighbour(s).Rotate(q), "%s turned %d", s, q)
		}
	}
}
