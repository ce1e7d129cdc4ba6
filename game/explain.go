package game

import (
	"fmt"
	"strconv"

	"github.com/tilekit/tilekit"
)

// sideWords names the sides of a tile in messages, indexed by Side.
var sideWords = [4]string{"north", "east", "south", "west"}

// notationPos writes a board position as the notation does, "x,y".
func notationPos(p tilekit.BoardPosition) string {
	return strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y)
}

// misplaced says why a tile type cannot be laid at a position and
// rotation: the rotation or position is out of range, the position is
// taken, no placed tile is next to it, or a side meets a neighbour's side
// of another kind, such as "the east side of base/U at 2,-1 is a road and
// meets the city of base/E at 3,-1". It returns nil when the tile fits.
func (b *Board) misplaced(p tilekit.BoardPosition, typ, rot int) error {
	r := b.rules
	if typ < 0 || typ >= r.NumTypes() {
		return fmt.Errorf("no tile type %d", typ)
	}
	if rot < 0 || rot > 3 {
		return fmt.Errorf("rotation %d: want 0 to 3 quarter turns", rot)
	}
	idx, ok := b.index(p)
	if !ok && !b.within(p) {
		return fmt.Errorf("%s lies off the board (at most %d from 0,0 on each axis)", notationPos(p), b.radius)
	}
	if c := b.cells[idx]; c.tile != 0 {
		return fmt.Errorf("%s already holds %s", notationPos(p), r.ID(int(c.tile)-1))
	}
	if b.cells[idx].where == 0 {
		return fmt.Errorf("no placed tile next to %s", notationPos(p))
	}
	if r.anyFit[typ] {
		for _, s := range tilekit.Sides {
			if b.cells[idx+b.steps[s]].tile == 0 {
				return fmt.Errorf("%s fits only a hole, a space whose four neighbours are placed, and no tile lies on the %s side of %s", r.ID(typ), sideWords[s], notationPos(p))
			}
		}
		if rot != 0 {
			return fmt.Errorf("%s fits any hole at rotation 0 only: its rotations lay the same tile", r.ID(typ))
		}
		return nil
	}
	for _, s := range tilekit.Sides {
		n := idx + b.steps[s]
		if b.cells[n].tile == 0 {
			continue
		}
		mine, theirs := r.Edge(typ, rot, s), b.edgeAt(int32(n), s.Opposite())
		if mine != theirs {
			return fmt.Errorf("the %s side of %s at %s is a %s and meets the %s of %s at %s",
				sideWords[s], r.ID(typ), notationPos(p), mine, theirs, r.ID(int(b.cells[n].tile)-1), notationPos(b.position(n)))
		}
	}
	return nil
}

// describe names a feature instance for a message: "the road of base/U at
// 1,0", with the feature's name when it is not its kind alone, as in "the
// field (field2) of base/D at 0,0".
func (b *Board) describe(x int32) string {
	idx := b.cellOf(x)
	typ := int(b.cells[idx].tile) - 1
	kind := b.nodes[x].kind.String()
	if name := b.rules.FeatureName(typ, b.indexOf(x)); name != kind {
		kind += " (" + name + ")"
	}
	return fmt.Sprintf("the %s of %s at %s", kind, b.rules.ID(typ), notationPos(b.position(int(idx))))
}

// appendTileMoves appends to dst a tile move for each legal placement of a
// tile type, in the order of LegalPlacements, and returns the extended
// slice; it allocates nothing when dst has room.
func (b *Board) appendTileMoves(typ int, dst []Move) []Move {
	edges := b.rules.edges[4*typ : 4*typ+4 : 4*typ+4]
	for i := range b.frontier {
		o := &b.frontier[i]
		for rot, e := range edges {
			if e&o.care == o.req {
				dst = append(dst, Move{Placement: Placement{Pos: o.position(), Rot: rot}, Feature: -1})
			}
		}
	}
	return dst
}
