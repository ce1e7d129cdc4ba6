package game

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/tilekit/tilekit"
)

// Placement is one way to lay a tile: where, and at which rotation, in
// clockwise quarter turns from 0 to 3.
type Placement struct {
	Pos tilekit.BoardPosition
	Rot int
}

// cell is one square of the board.
type cell struct {
	// tile is the tile type plus one; 0 when the cell is empty.
	tile uint16
	// rot is the rotation of the tile, in quarter turns.
	rot uint8
	// cloister is the index of the tile type's cloister plus one, 0 when
	// it has none, so that counting the tiles around cloisters reads no
	// table (Board.countAround).
	cloister uint8
	// slot is the tile's place in the order of placement, from 0, which
	// numbers its feature instances (an int16: see maxTiles).
	slot int16
	// where is, for an empty cell, its index in the board's frontier plus
	// one; 0 when the cell is not in the frontier.
	where int16
}

// open is an empty cell of the frontier, with what its neighbours require.
type open struct {
	idx int32
	// x and y are the cell's position (see maxTiles: a radius fits).
	x, y int16
	// care has the two bits of each side that has a placed neighbour set,
	// and req the edge code each of those sides must show: a tile with
	// packed edges e fits when e&care == req.
	care, req uint8
	// class is what the neighbours require in one byte, to index a tile
	// type's table of distinct placements (Ruleset.fitClass): on each side's
	// two bits, the edge code required there plus one, 0 when no neighbour
	// lies on that side.
	class uint8
}

// Board is a grid of placed tiles around the start tile at (0, 0). A tile
// may lie up to Total tiles from the start in every direction, so any game
// of the rules fits; the grid is made small and grows as tiles come near
// its edge, so that a new board costs little. Around the grid a ring of
// cells is never placeable, so that every placeable cell has four
// neighbours in the grid. A Board reuses its memory: Reset empties it
// without allocating, keeping the grid as it grew.
type Board struct {
	rules *Ruleset
	// radius is how far from (0, 0) a tile may lie, on each axis; half is
	// how far the grid reaches now, at most radius.
	radius, half int
	// width is the number of cells on a row: 2*half+1 plus the ring.
	width int
	cells []cell
	// frontier lists the empty placeable cells beside placed tiles.
	frontier []open
	// placed lists the cells of the placed tiles in the order they came,
	// and placedAt their positions, which a grid that grows keeps.
	placed   []int32
	placedAt []tilekit.BoardPosition
	// steps are the index offsets of the neighbours, indexed by Side.
	steps [4]int
	// around are the index offsets of the eight cells around a cell.
	around [8]int
	// nodes holds the feature instances of the placed tiles, a tile's
	// after those of the tiles placed before it (see node): first holds,
	// at slot, the slot's first instance, and owner, at instance, its
	// slot; used is the number of instances in use. stamp holds a mark per
	// slot for walking them.
	nodes []node
	first []int32
	owner []int16
	used  int32
	stamp []uint32
	epoch uint32
	// mark is the round of the marks of feature instances (nextMark).
	mark uint8
	// done lists the roots of the features the last placement completed.
	done []int32
}

// startHalf is how far a new board's grid reaches from (0, 0), and
// startTiles how many tiles a new board made by NewBoard has feature
// instances for (a Game's board has them for every tile): most
// games stay inside the grid, and one that goes further grows it
// (Board.grow); the instances grow with the tiles (Board.growNodes).
const (
	startHalf  = 12
	startTiles = 24
)

// startFrontier is how many frontier cells a new board has room for,
// unless its rules have fewer tiles: a frontier of n tiles holds at most
// 2n+2 cells, and random base games of 72 tiles stay under 81 (so a base
// game's frontier needs no second buffer).
const startFrontier = 96

// maxTiles is the most tiles a ruleset may have: a frontier of n tiles
// holds at most 2n+2 cells, whose indexes a board keeps in int16s.
const maxTiles = (math.MaxInt16 - 2) / 2

// NewBoard returns an empty board for the rules.
func NewBoard(r *Ruleset) *Board { return newBoard(r, startTiles) }

// newBoard returns an empty board with feature instances for a number of
// tiles, at most the rules' Total: for all the rules' tiles when it is
// their Total, else for that many tiles of the most features.
func newBoard(r *Ruleset, tiles int) *Board {
	radius := max(r.Total(), 1)
	tiles = min(radius, tiles)
	instances := tiles * r.maxFeatures
	if tiles == radius {
		instances = r.instances
	}
	b := &Board{
		rules:    r,
		radius:   radius,
		frontier: make([]open, 0, min(2*radius+2, startFrontier)),
		placed:   make([]int32, 0, radius),
		placedAt: make([]tilekit.BoardPosition, 0, radius),
		nodes:    make([]node, instances),
		first:    make([]int32, 0, radius),
		owner:    make([]int16, instances),
		stamp:    make([]uint32, tiles),
		done:     make([]int32, 0, r.maxFeatures+9),
	}
	b.setGrid(min(radius, startHalf))
	return b
}

// setGrid makes an empty grid reaching half from (0, 0).
func (b *Board) setGrid(half int) {
	width := 2*half + 3
	b.half, b.width = half, width
	b.cells = make([]cell, width*width)
	b.steps = [4]int{tilekit.North: -width, tilekit.East: 1, tilekit.South: width, tilekit.West: -1}
	b.around = [8]int{-width - 1, -width, -width + 1, 1, width + 1, width, width - 1, -1}
}

// grow makes the grid reach at least to a position, doubling how far it
// reaches, and moves the placed tiles and the frontier into it; the cells
// of the old grid map to the new one by moved.
func (b *Board) grow(p tilekit.BoardPosition) {
	half, cells := b.half, b.cells
	b.setGrid(min(b.radius, max(2*b.half, max(abs(p.X), abs(p.Y))+1)))
	for i, idx := range b.placed {
		n := b.moved(idx, half)
		b.cells[n] = cells[idx]
		b.placed[i] = n
	}
	for i := range b.frontier {
		n := b.moved(b.frontier[i].idx, half)
		b.frontier[i].idx = n
		b.cells[n].where = int16(i + 1)
	}
}

// moved returns the cell of the grid that a cell of an older, smaller
// grid of the board, reaching half from (0, 0), has become.
func (b *Board) moved(idx int32, half int) int32 {
	width := int32(2*half + 3)
	n, _ := b.index(tilekit.BoardPosition{X: int(idx%width) - half - 1, Y: int(idx/width) - half - 1})
	return int32(n)
}

// abs returns the absolute value of n.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// regrid moves the cells the game keeps outside its board (the tile
// placed last, and the units' cells: where their figures stand, a moving
// figure's path) into the board's grid, which a placement grew from one
// reaching half.
func (g *Game) regrid(half int) {
	if g.lastCell >= 0 {
		g.lastCell = g.board.moved(g.lastCell, half)
	}
	for _, u := range units {
		if u.regrid != nil {
			u.regrid(g, half)
		}
	}
}

// regridCell moves a cell the game keeps into the board's grid, which a
// placement grew from one reaching half; -1 (beside the board) stays.
func (g *Game) regridCell(c *int32, half int) {
	if *c >= 0 {
		*c = g.board.moved(*c, half)
	}
}

// StartBoard returns a board holding the start tile alone, at (0, 0) with
// rotation 0.
func StartBoard(r *Ruleset) *Board {
	b := NewBoard(r)
	b.PlaceStart()
	return b
}

// PlaceStart lays the start tile at (0, 0) with rotation 0 on an empty
// board; it does nothing on a board that has tiles.
func (b *Board) PlaceStart() {
	if len(b.placed) == 0 {
		_ = b.Place(tilekit.BoardPosition{}, b.rules.Start(), 0)
	}
}

// Ruleset returns the rules the board was made for.
func (b *Board) Ruleset() *Ruleset { return b.rules }

// Len returns the number of placed tiles.
func (b *Board) Len() int { return len(b.placed) }

// Frontier returns the number of empty cells beside placed tiles, where a
// tile may be placed.
func (b *Board) Frontier() int { return len(b.frontier) }

// Radius returns how far from (0, 0) a tile may lie on each axis.
func (b *Board) Radius() int { return b.radius }

// within reports whether a tile may lie at a position.
func (b *Board) within(p tilekit.BoardPosition) bool {
	return abs(p.X) <= b.radius && abs(p.Y) <= b.radius
}

// index returns the cell of a position; ok is false when the position is
// not placeable or beyond the grid, where no tile lies.
func (b *Board) index(p tilekit.BoardPosition) (idx int, ok bool) {
	if p.X < -b.half || p.X > b.half || p.Y < -b.half || p.Y > b.half {
		return 0, false
	}
	return (p.Y+b.half+1)*b.width + p.X + b.half + 1, true
}

// position returns the position of a cell.
func (b *Board) position(idx int) tilekit.BoardPosition {
	return tilekit.BoardPosition{X: idx%b.width - b.half - 1, Y: idx/b.width - b.half - 1}
}

// placeable reports whether a cell lies inside the ring.
func (b *Board) placeable(idx int) bool {
	row, col := idx/b.width, idx%b.width
	return row > 0 && col > 0 && row < b.width-1 && col < b.width-1
}

// At returns the tile type and rotation at a position; ok is false when
// the position is empty or off the board.
func (b *Board) At(p tilekit.BoardPosition) (typ, rot int, ok bool) {
	idx, in := b.index(p)
	if !in || b.cells[idx].tile == 0 {
		return 0, 0, false
	}
	c := b.cells[idx]
	return int(c.tile) - 1, int(c.rot), true
}

// CanPlace reports whether a tile type fits at a position and rotation: the
// position is on the board and empty, it has at least one placed
// neighbour, and every placed neighbour's touching side shows the same edge
// kind as the tile's side.
func (b *Board) CanPlace(p tilekit.BoardPosition, typ, rot int) bool {
	if typ < 0 || typ >= b.rules.NumTypes() || rot < 0 || rot > 3 {
		return false
	}
	idx, ok := b.index(p)
	if !ok {
		return false
	}
	if b.cells[idx].where == 0 {
		return false
	}
	o := &b.frontier[b.cells[idx].where-1]
	if b.rules.anyFit[typ] {
		return rot == 0 && o.care == allSides
	}
	return b.rules.edges[4*typ+rot]&o.care == o.req
}

// allSides is an open cell's care with a neighbour on every side: a hole.
const allSides = 0xFF

// Place lays a tile type at a position and rotation. It checks that the
// position is on the board and empty, not that the tile fits (ask CanPlace
// first), so that any board can be set up. It joins the features of the
// tile with those of its neighbours across the sides they share, and notes
// the features the placement completed (see Completed). It allocates
// nothing while the board holds no more tiles than the rules have, but
// when the tile comes near the edge of the grid, which grows.
func (b *Board) Place(p tilekit.BoardPosition, typ, rot int) error {
	if typ < 0 || typ >= b.rules.NumTypes() {
		return fmt.Errorf("no tile type %d", typ)
	}
	if rot < 0 || rot > 3 {
		return fmt.Errorf("rotation %d: want 0 to 3 quarter turns", rot)
	}
	if !b.within(p) {
		return fmt.Errorf("position %s lies off the board (at most %d from (0,0) on each axis)", p, b.radius)
	}
	if b.half < b.radius && (abs(p.X) >= b.half || abs(p.Y) >= b.half) {
		b.grow(p)
	}
	idx, _ := b.index(p)
	if b.cells[idx].tile != 0 {
		return fmt.Errorf("position %s already holds %s", p, b.rules.ID(int(b.cells[idx].tile)-1))
	}
	b.leaveFrontier(idx)
	b.cells[idx] = cell{tile: uint16(typ + 1), rot: uint8(rot), cloister: uint8(b.rules.cloister[typ] + 1)}
	b.placed = append(b.placed, int32(idx))
	b.placedAt = append(b.placedAt, p)
	b.joinFeatures(idx, typ, rot)
	edges := b.rules.edges[4*typ+rot]
	// A grid that can still grow holds every neighbour of a placed tile
	// inside its ring (Place grows it first), so only a grid grown to the
	// radius has neighbours to leave out.
	edge := b.half == b.radius
	for _, s := range tilekit.Sides {
		n := idx + b.steps[s]
		if b.cells[n].tile != 0 || edge && !b.placeable(n) {
			continue
		}
		if b.cells[n].where == 0 {
			at := p.Neighbour(s)
			b.frontier = append(b.frontier, open{idx: int32(n), x: int16(at.X), y: int16(at.Y)})
			b.cells[n].where = int16(len(b.frontier))
		}
		o := &b.frontier[b.cells[n].where-1]
		shift := 2 * uint(s.Opposite())
		o.care |= sideMask << shift
		o.req |= (edges >> (2 * uint(s)) & sideMask) << shift
		o.class = fitClass(o.care, o.req)
	}
	return nil
}

// leaveFrontier takes a cell out of the frontier, if it is in it, by
// moving the last cell of the frontier into its place.
func (b *Board) leaveFrontier(idx int) {
	i := b.cells[idx].where - 1
	if i < 0 {
		return
	}
	last := b.frontier[len(b.frontier)-1]
	b.frontier[i] = last
	b.cells[last.idx].where = i + 1
	b.frontier = b.frontier[:len(b.frontier)-1]
	b.cells[idx].where = 0
}

// LegalPlacements appends to dst every placement at which a tile type fits
// and returns the extended slice; it allocates nothing when dst has room
// for them. It looks only at the frontier, so it costs four compares per
// empty cell beside the placed tiles, and when dst has room for four
// placements per frontier cell (see Frontier) it writes them without
// branching, which is faster. The placements come in the order of the
// frontier, which depends on the order the tiles were placed in.
//
// Every rotation that fits is listed, even when a symmetric tile shows the
// same edges at two rotations (a four-sided city fits at all four), as
// Legal and the perft counts need; CountDistinct and DistinctPlacement
// count such rotations once, for the random policy.
func (b *Board) LegalPlacements(typ int, dst []Placement) []Placement {
	edges := b.rules.edges[4*typ : 4*typ+4 : 4*typ+4]
	e0, e1, e2, e3 := edges[0], edges[1], edges[2], edges[3]
	n := len(dst)
	if cap(dst)-n < 4*len(b.frontier) || b.rules.anyFit[typ] {
		return b.appendPlacements(typ, dst)
	}
	out := dst[:cap(dst)]
	for i := range b.frontier {
		o := &b.frontier[i]
		pos := o.position()
		out[n] = Placement{Pos: pos, Rot: 0}
		n += fits(e0, o)
		out[n] = Placement{Pos: pos, Rot: 1}
		n += fits(e1, o)
		out[n] = Placement{Pos: pos, Rot: 2}
		n += fits(e2, o)
		out[n] = Placement{Pos: pos, Rot: 3}
		n += fits(e3, o)
	}
	dst = out[:n]
	return dst
}

// position returns the position of an open cell.
func (o *open) position() tilekit.BoardPosition {
	return tilekit.BoardPosition{X: int(o.x), Y: int(o.y)}
}

// fits returns 1 when a tile with packed edges e fits an open cell, else 0.
func fits(e uint8, o *open) int {
	if e&o.care == o.req {
		return 1
	}
	return 0
}

// appendPlacements is LegalPlacements for a dst too short to hold four
// placements per frontier cell: it appends only those that fit.
func (b *Board) appendPlacements(typ int, dst []Placement) []Placement {
	for i := range b.frontier {
		o := &b.frontier[i]
		if b.rules.anyFit[typ] {
			if o.care == allSides {
				dst = append(dst, Placement{Pos: o.position()})
			}
			continue
		}
		for rot := range 4 {
			if b.rules.edges[4*typ+rot]&o.care == o.req {
				dst = append(dst, Placement{Pos: o.position(), Rot: rot})
			}
		}
	}
	return dst
}

// Reset empties the board, keeping its memory; it costs time in proportion
// to the number of placed tiles, not to the size of the board.
func (b *Board) Reset() {
	for _, idx := range b.placed {
		b.cells[idx] = cell{}
		for _, step := range b.steps {
			n := int(idx) + step
			b.cells[n] = cell{}
			b.cells[n].where = 0
		}
	}
	b.frontier = b.frontier[:0]
	b.placed, b.placedAt = b.placed[:0], b.placedAt[:0]
	b.first, b.used = b.first[:0], 0
	b.done = b.done[:0]
}

// CountDistinct returns the number of distinct legal placements of a tile
// type: like len(LegalPlacements), but a rotation that lays the same tile
// as a lower one at the same position (see Ruleset.Distinct) is counted once.
// It writes no list, so with DistinctPlacement it picks a placement
// uniformly among the distinct ones. It reads one count per frontier cell,
// from the type's table of counts by what a cell's neighbours require.
func (b *Board) CountDistinct(typ int) int {
	counts := b.rules.fitCounts(typ)
	n := 0
	for i := range b.frontier {
		n += int(counts[b.frontier[i].class])
	}
	return n
}

// DistinctPlacement returns the k-th distinct legal placement of a tile
// type, from 0, in the order of LegalPlacements; ok is false when k is not
// below CountDistinct.
func (b *Board) DistinctPlacement(typ, k int) (pl Placement, ok bool) {
	counts := b.rules.fitCounts(typ)
	frontier := b.frontier
	i := 0
	for ; i < len(frontier) && k >= int(counts[frontier[i].class]); i++ {
		k -= int(counts[frontier[i].class])
	}
	if i == len(frontier) {
		return Placement{}, false
	}
	o := &frontier[i]
	if b.rules.anyFit[typ] {
		return Placement{Pos: o.position()}, true
	}
	m := fitMask(b.rules.distinct4[typ], o.care, o.req)
	for range k {
		m &= m - 1
	}
	return Placement{Pos: o.position(), Rot: bits.TrailingZeros32(m) / 8}, true
}

// fitsSomewhere reports whether a tile type has a legal placement.
func (b *Board) fitsSomewhere(typ int) bool {
	counts := b.rules.fitCounts(typ)
	for i := range b.frontier {
		if counts[b.frontier[i].class] != 0 {
			return true
		}
	}
	return false
}

// fitClass returns the class of an open cell whose neighbours require, on
// the sides care marks, the edge codes of req (see open.class). It needs
// edge codes of at most 2, as noFit does.
func fitClass(care, req uint8) uint8 { return req + care&0x55 }

// fitCount returns the number of rotations a fitMask has, by summing its
// four bits, moved to the bottom of their bytes, into the top byte.
func fitCount(m uint32) int {
	return int((m >> 7) * 0x01010101 >> 24)
}

// fitMask returns, for the packed edges of the four rotations of a tile
// type in the bytes of e4 (rotation r in byte r), a mask with bit 8r+7 set
// for each rotation that fits an open cell requiring req on the sides care
// marks, and no other bit: the four compares of e&care == req at once, a
// byte of (e&care)^req being zero just when rotation r fits.
func fitMask(e4 uint32, care, req uint8) uint32 {
	const low7, ones = 0x7F7F7F7F, 0x01010101
	x := e4&(uint32(care)*ones) ^ uint32(req)*ones
	return ^((x&low7 + low7) | x | low7)
}
