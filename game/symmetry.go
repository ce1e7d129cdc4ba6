package game

import (
	"slices"

	"github.com/tilekit/tilekit"
)

// noFit is a packed edge byte that fits no open cell: every side shows the
// code 3, which no edge kind has, and an open cell always requires a code
// of at least one side.
const noFit uint8 = 0xFF

// addDistinct notes, for the tile type just compiled from t, which of its
// rotations are distinct placements (see Ruleset.Distinct): rotation rot
// lays the same tile as a lower rotation when turning the tile by the
// difference maps it onto itself (turnsOntoItself).
func (r *Ruleset) addDistinct(t *tilekit.Tile, typ int) {
	same := [4]bool{0: true}
	for q := 1; q < 4; q++ {
		same[q] = r.edges[4*typ+q] == r.edges[4*typ] && r.turnsOntoItself(t, typ, q)
	}
	if r.anyFit[typ] {
		r.addAnyFit()
		return
	}
	for rot := range 4 {
		e := r.edges[4*typ+rot]
		for lower := range rot {
			if same[rot-lower] {
				e = noFit
				break
			}
		}
		r.distinct = append(r.distinct, e)
	}
	d := r.distinct[4*typ:]
	e4 := uint32(d[0]) | uint32(d[1])<<8 | uint32(d[2])<<16 | uint32(d[3])<<24
	r.distinct4 = append(r.distinct4, e4)
	for class := range fitClasses {
		var care, req uint8
		for s := range 4 {
			if code := uint8(class) >> (2 * s) & sideMask; code != 0 {
				care |= sideMask << (2 * s)
				req |= (code - 1) << (2 * s)
			}
		}
		r.fitTable = append(r.fitTable, uint8(fitCount(fitMask(e4, care, req))))
	}
}

// addAnyFit compiles the distinct placements of a tile type that fits any
// hole: rotation 0 alone, in a cell whose four sides have a neighbour.
func (r *Ruleset) addAnyFit() {
	r.distinct = append(r.distinct, 0, noFit, noFit, noFit)
	r.distinct4 = append(r.distinct4, uint32(noFit)<<8|uint32(noFit)<<16|uint32(noFit)<<24)
	for class := range fitClasses {
		n := uint8(1)
		for s := range 4 {
			if uint8(class)>>(2*s)&sideMask == 0 {
				n = 0
			}
		}
		r.fitTable = append(r.fitTable, n)
	}
}

// fitClasses is the number of classes of open cells (see open.class).
const fitClasses = 256

// fitCounts returns a tile type's table of distinct placements by the class
// of an open cell (see open.class).
func (r *Ruleset) fitCounts(typ int) *[fitClasses]uint8 {
	return (*[fitClasses]uint8)(r.fitTable[typ*fitClasses:])
}

// turnsOntoItself reports whether tile t (of type typ) turned q quarter
// turns is the same tile: each feature lies, once turned, where a feature
// of the same kind and attributes lay before (a feature that touches no
// edge, such as a cloister, onto itself), the compiled feature at each edge
// slot follows that mapping, and the features the mapping pairs refer to
// the tile's other features alike (a field's cities, the links a unit compiles,
// the city a cloister stands in or a road passes under).
func (r *Ruleset) turnsOntoItself(t *tilekit.Tile, typ, q int) bool {
	onto := make([]int, len(t.Features))
	used := make([]bool, len(t.Features))
	for i := range t.Features {
		j := turnedFeature(t, i, q, used)
		if j < 0 {
			return false
		}
		onto[i], used[j] = j, true
	}
	for s := range numSlots {
		turned, before := r.slots[(4*typ+q)*numSlots+s], r.slots[4*typ*numSlots+s]
		if (turned < 0) != (before < 0) || turned >= 0 && int(before) != onto[turned] {
			return false
		}
	}
	for i := range t.Features {
		if !sameLinks(t, &t.Features[i], &t.Features[onto[i]], onto) {
			return false
		}
	}
	return true
}

// turnedFeature returns the unused feature of t that feature i becomes
// once the tile is turned q quarter turns: of the same kind and
// attributes, touching the turned positions of feature i; a feature that
// touches no position becomes itself. It returns -1 when there is none.
func turnedFeature(t *tilekit.Tile, i, q int, used []bool) int {
	f := &t.Features[i]
	if len(f.Sides) == 0 {
		if used[i] {
			return -1
		}
		return i
	}
	turned := make([]tilekit.EdgePoint, len(f.Sides))
	for k, p := range f.Sides {
		turned[k] = p.Rotate(q)
	}
	for j := range t.Features {
		g := &t.Features[j]
		if used[j] || g.Kind != f.Kind || !sameSet(g.Attributes, f.Attributes) || !sameSet(g.Sides, turned) {
			continue
		}
		return j
	}
	return -1
}

// sameLinks reports whether feature g refers to the features that those
// feature f refers to become under the mapping onto.
func sameLinks(t *tilekit.Tile, f, g *tilekit.Feature, onto []int) bool {
	mapped := func(ids []string) []string {
		out := make([]string, len(ids))
		for k, id := range ids {
			out[k] = id
			if i := slices.IndexFunc(t.Features, func(c tilekit.Feature) bool { return c.ID == id }); i >= 0 {
				out[k] = t.Features[onto[i]].ID
			}
		}
		return out
	}
	for _, key := range tilekit.LinkKeys {
		if !sameSet(mapped(f.Links(key)), g.Links(key)) {
			return false
		}
	}
	return true
}

// sameSet reports whether two lists hold the same values, each as often.
func sameSet[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	left := slices.Clone(b)
	for _, v := range a {
		k := slices.Index(left, v)
		if k < 0 {
			return false
		}
		left = slices.Delete(left, k, k+1)
	}
	return true
}
