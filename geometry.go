package tilekit

import "fmt"

// This file holds the geometry of a tile and of the board: the sides,
// halves and corners of a tile, how they turn with the tile and how they
// meet those of a neighbouring tile, and the positions of tiles on the
// board. Every other package asks these questions here.
//
// Turns are clockwise quarter turns, the way a tile is turned when it is
// laid; a negative number turns anticlockwise. On the board x grows
// eastward and y southward, as in the tile pictures, and the start tile
// lies at (0, 0).

// Quarters reduces a number of clockwise quarter turns to 0, 1, 2 or 3.
func Quarters(q int) int { return (q%4 + 4) % 4 }

// Rotations lists the rotations a tile can be laid at, in degrees clockwise.
var Rotations = [4]int{0, 90, 180, 270}

// RotationQuarters returns the number of quarter turns of a rotation given
// in degrees, which must be 0, 90, 180 or 270.
func RotationQuarters(degrees int) (int, error) {
	if degrees%90 != 0 || degrees < 0 || degrees >= 360 {
		return 0, fmt.Errorf("rotation %d: want 0, 90, 180 or 270", degrees)
	}
	return degrees / 90, nil
}

// Side is one of the four sides of a tile.
type Side int

// The four sides, clockwise from the top.
const (
	North Side = iota
	East
	South
	West
)

// Sides lists the four sides clockwise from North.
var Sides = [4]Side{North, East, South, West}

var sideNames = [4]string{"N", "E", "S", "W"}

// String returns the one-letter name of the side.
func (s Side) String() string { return sideNames[s&3] }

// Rotate returns the side that s becomes when its tile is turned clockwise by
// quarter quarter turns.
func (s Side) Rotate(quarter int) Side { return Side(Quarters(int(s) + quarter)) }

// Opposite returns the side facing s, which is also the side of the
// neighbouring tile that s touches.
func (s Side) Opposite() Side { return s.Rotate(2) }

// Corners returns the two corners at the ends of a side, clockwise: NW and
// NE for North.
func (s Side) Corners() [2]Corner { return [2]Corner{Corner(s), Corner(s).Rotate(1)} }

// Halves returns the two halves of a side, clockwise: NL and NR for North.
func (s Side) Halves() [2]Half { return [2]Half{Half(2 * s), Half(2*s + 1)} }

// Half is one of the eight side-halves of a tile, numbered clockwise from the
// top-left corner: NL, NR, EL, ER, SL, SR, WL, WR. A half is named by its side
// and by L or R as seen from the tile's centre looking out through that side,
// so NL is the western half of the north side and SL the eastern half of the
// south side.
type Half int

// The eight halves, clockwise from the top-left corner.
const (
	NL Half = iota
	NR
	EL
	ER
	SL
	SR
	WL
	WR
)

var halfNames = [8]string{"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"}

// Halves lists the eight halves clockwise from NL.
var Halves = [8]Half{NL, NR, EL, ER, SL, SR, WL, WR}

// String returns the two-letter name of the half.
func (h Half) String() string { return halfNames[h&7] }

// Side returns the side the half belongs to.
func (h Half) Side() Side { return Side(h / 2) }

// IsLeft reports whether the half is the L half of its side.
func (h Half) IsLeft() bool { return h%2 == 0 }

// Rotate returns the half that h becomes when its tile is turned clockwise
// by quarter quarter turns: NL turned once is EL.
func (h Half) Rotate(quarter int) Half { return Half(int(h)%2 + 2*int(h.Side().Rotate(quarter))) }

// Touching returns the half of the neighbouring tile, beyond h's side, that
// h lies against. Seen from the two tiles' centres, looking at each other
// across the shared side, left and right swap: NL touches the SR of the tile
// to the north, and EL the WR of the tile to the east.
func (h Half) Touching() Half {
	other := h.Side().Opposite().Halves()
	if h.IsLeft() {
		return other[1]
	}
	return other[0]
}

// Corner returns the corner the half touches. NL and WR touch NW; NR and EL
// touch NE, and so on around the tile.
func (h Half) Corner() Corner { return Corner(Quarters((int(h) + 1) / 2)) }

// Corner is one of the four corners of a tile, numbered clockwise from the
// top-left: NW, NE, SE, SW.
type Corner int

// The four corners, clockwise from the top-left.
const (
	NW Corner = iota
	NE
	SE
	SW
)

// Corners lists the four corners clockwise from NW.
var Corners = [4]Corner{NW, NE, SE, SW}

var cornerNames = [4]string{"NW", "NE", "SE", "SW"}

// String returns the name of the corner.
func (c Corner) String() string { return cornerNames[c&3] }

// Rotate returns the corner that c becomes when its tile is turned clockwise
// by quarter quarter turns.
func (c Corner) Rotate(quarter int) Corner { return Corner(Quarters(int(c) + quarter)) }

// Sides returns the two sides that meet at the corner, clockwise: W and N
// for NW.
func (c Corner) Sides() [2]Side { return [2]Side{Side(c).Rotate(-1), Side(c)} }

// Halves returns the two halves that touch the corner, clockwise: the last
// half of the side before it and the first half of the side after it, WR
// and NL for NW.
func (c Corner) Halves() [2]Half {
	s := c.Sides()
	return [2]Half{s[0].Halves()[1], s[1].Halves()[0]}
}

// EdgePoint is a place on a tile's border that a feature can touch: either a
// whole side, read as its middle for roads and as the whole side for cities,
// or a half.
type EdgePoint struct {
	// IsHalf reports whether the point is a half rather than a side.
	IsHalf bool
	Side   Side
	Half   Half
}

// String returns the point's name as written in the data.
func (p EdgePoint) String() string {
	if p.IsHalf {
		return p.Half.String()
	}
	return p.Side.String()
}

// Rotate returns the point that p becomes when its tile is turned
// clockwise by quarter quarter turns.
func (p EdgePoint) Rotate(quarter int) EdgePoint {
	if p.IsHalf {
		h := p.Half.Rotate(quarter)
		return EdgePoint{IsHalf: true, Half: h, Side: h.Side()}
	}
	return EdgePoint{Side: p.Side.Rotate(quarter)}
}

// ParseEdgePoint reads a side name (N, E, S, W) or a half name (NL ... WR).
func ParseEdgePoint(name string) (EdgePoint, error) {
	for i, n := range sideNames {
		if n == name {
			return EdgePoint{Side: Side(i)}, nil
		}
	}
	for i, n := range halfNames {
		if n == name {
			return EdgePoint{IsHalf: true, Half: Half(i), Side: Half(i).Side()}, nil
		}
	}
	return EdgePoint{}, fmt.Errorf("unknown side or half %q (want one of N E S W or NL NR EL ER SL SR WL WR)", name)
}

// BoardPosition is the place of a tile on the board: x grows eastward and y
// southward, and the start tile lies at (0, 0).
type BoardPosition struct{ X, Y int }

// String returns the position as (x,y).
func (p BoardPosition) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

// sideSteps are the steps to the neighbour beyond each side.
var sideSteps = [4]BoardPosition{North: {0, -1}, East: {1, 0}, South: {0, 1}, West: {-1, 0}}

// Neighbour returns the position of the tile beyond side s.
func (p BoardPosition) Neighbour(s Side) BoardPosition {
	d := sideSteps[s&3]
	return BoardPosition{p.X + d.X, p.Y + d.Y}
}

// Neighbours returns the positions of the four tiles around p, indexed by
// the side of p they lie beyond.
func (p BoardPosition) Neighbours() [4]BoardPosition {
	var out [4]BoardPosition
	for _, s := range Sides {
		out[s] = p.Neighbour(s)
	}
	return out
}

// Rotate turns the position clockwise about the start tile (0, 0) by quarter
// quarter turns, as when the whole board is turned: the tile north of the
// start tile comes to lie east of it.
func (p BoardPosition) Rotate(quarter int) BoardPosition {
	for range Quarters(quarter) {
		p = BoardPosition{-p.Y, p.X}
	}
	return p
}
