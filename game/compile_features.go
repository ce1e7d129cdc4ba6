package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// Kind is the kind of a feature as the engine knows it: a small integer
// standing for one of the catalog's feature kinds.
type Kind uint8

// The feature kinds of the base game.
const (
	KindField Kind = iota
	KindRoad
	KindCity
	KindCloister
)

// kindNames maps a Kind back to the catalog's feature kind.
var kindNames = [4]tilekit.FeatureKind{KindField: tilekit.Field, KindRoad: tilekit.Road, KindCity: tilekit.City, KindCloister: tilekit.Cloister}

// kindOf maps a catalog feature kind to its Kind.
var kindOf = map[tilekit.FeatureKind]Kind{
	tilekit.Field: KindField, tilekit.Road: KindRoad, tilekit.City: KindCity, tilekit.Cloister: KindCloister,
}

// FeatureKind returns the catalog's name of the kind, such as "road".
func (k Kind) FeatureKind() tilekit.FeatureKind { return kindNames[k&3] }

// String returns the catalog's name of the kind.
func (k Kind) String() string { return string(k.FeatureKind()) }

// numSlots is the number of edge positions of a tile a feature can touch:
// the four sides (slots 0 to 3, by Side), where roads meet the middle and
// cities cover the whole side, then the eight halves (slots 4 to 11, by
// Half), which fields touch.
const numSlots = 12

// maxFeatures is the number of features a tile type can have, since a
// feature index is kept in an int8.
const maxFeatures = 127

// halfTouch holds, for each half, the half of the neighbouring tile it lies
// against (Half.Touching), so that Place asks no method.
var halfTouch = func() (out [8]uint8) {
	for _, h := range tilekit.Halves {
		out[h] = uint8(h.Touching())
	}
	return out
}()

// slotOf returns the slot a feature of a kind touches at a position; ok is
// false when the kind does not meet the border there (a road at a half, a
// field at a whole side, a cloister anywhere).
func slotOf(kind Kind, p tilekit.EdgePoint) (slot int, ok bool) {
	switch {
	case (kind == KindRoad || kind == KindCity) && !p.IsHalf:
		return int(p.Side), true
	case kind == KindField && p.IsHalf:
		return 4 + int(p.Half), true
	}
	return 0, false
}

// addFeatures compiles the features of a tile type, in the order of the
// catalog, so that feature i of the type is t.Features[i]. When two
// features claim one slot the later one holds it, as in Tile.Edges.
func (r *Ruleset) addFeatures(t *tilekit.Tile) error {
	if len(t.Features) > maxFeatures {
		return fmt.Errorf("tile %s: more than %d features", t.ID, maxFeatures)
	}
	var base [numSlots]int8
	for s := range base {
		base[s] = -1
	}
	cloister := int8(-1)
	for i := range t.Features {
		f := &t.Features[i]
		kind, ok := kindOf[f.Kind]
		if !ok {
			return fmt.Errorf("tile %s: feature %d has the unknown kind %q", t.ID, i+1, f.Kind)
		}
		for _, p := range f.Sides {
			if s, ok := slotOf(kind, p); ok {
				base[s] = int8(i)
			}
		}
		switch {
		case kind == KindCloister && cloister < 0:
			cloister = int8(i)
		case kind == KindCloister:
			return fmt.Errorf("tile %s: feature %d is a second cloister (a symbol's feature, maybe): the engine plays one a tile", t.ID, i+1)
		}
		r.featKind = append(r.featKind, kind)
		r.featOnly = append(r.featOnly, ^uint32(0))
		r.featPennants = append(r.featPennants, uint8(countPennants(f)))
		r.featAttrs = append(r.featAttrs, attributeMask(f))
		r.addCityLinks(t, f, kind)
	}
	first := r.featStart[len(r.featStart)-1]
	r.featEdges = append(r.featEdges, make([]uint8, len(t.Features))...)
	for _, i := range base {
		if i >= 0 {
			r.featEdges[first+int32(i)]++
		}
	}
	r.featStart = append(r.featStart, first+int32(len(t.Features)))
	r.cloister = append(r.cloister, cloister)
	r.maxFeatures = max(r.maxFeatures, len(t.Features))
	for rot := range 4 {
		for s := range numSlots {
			r.slots = append(r.slots, base[unrotateSlot(s, rot)])
		}
	}
	return nil
}

// addCityLinks notes the cities of its tile that a field borders (its
// Cities), as feature indices, for the farmers' score; other kinds border
// none. An id that names no city of the tile is passed over (the validator
// reports it).
func (r *Ruleset) addCityLinks(t *tilekit.Tile, f *tilekit.Feature, kind Kind) {
	if kind == KindField {
		for _, id := range f.Cities {
			for j := range t.Features {
				if c := &t.Features[j]; c.ID == id && c.Kind == tilekit.City {
					r.cityLinks = append(r.cityLinks, int8(j))
					break
				}
			}
		}
	}
	r.cityStart = append(r.cityStart, int32(len(r.cityLinks)))
}

// unrotateSlot returns the slot at rotation 0 that lies at slot s once the
// tile is turned rot quarter turns.
func unrotateSlot(s, rot int) int {
	if s < 4 {
		return int(tilekit.Side(s).Rotate(-rot))
	}
	return 4 + int(tilekit.Half(s-4).Rotate(-rot))
}

// attributeMask returns the attributes a feature carries, a bit each
// (attributeBit).
func attributeMask(f *tilekit.Feature) uint16 {
	var m uint16
	for _, a := range f.Attributes {
		m |= attributeBit(a)
	}
	return m
}

// countPennants returns the number of pennants a feature carries.
func countPennants(f *tilekit.Feature) int {
	n := 0
	for _, a := range f.Attributes {
		if a == tilekit.Pennant {
			n++
		}
	}
	return n
}

// NumFeatures returns the number of features of a tile type; feature i is
// the catalog tile's Features[i].
func (r *Ruleset) NumFeatures(typ int) int { return int(r.featStart[typ+1] - r.featStart[typ]) }

// FeatureKind returns the kind of feature i of a tile type.
func (r *Ruleset) FeatureKind(typ, i int) Kind { return r.featKind[int(r.featStart[typ])+i] }

// FeaturePennants returns the number of pennants feature i of a tile type
// carries.
func (r *Ruleset) FeaturePennants(typ, i int) int {
	return int(r.featPennants[int(r.featStart[typ])+i])
}

// FeatureAtEdge returns the index of the feature of a tile type, laid at a
// rotation, that touches an edge position: the road or city at a whole
// side, the field at a half. It returns -1 when no feature touches it
// there.
func (r *Ruleset) FeatureAtEdge(typ, rot int, p tilekit.EdgePoint) int {
	s := int(p.Side)
	if p.IsHalf {
		s = 4 + int(p.Half)
	}
	return int(r.slotsOf(typ, rot)[s])
}

// FieldCities appends to dst the indices of the cities of a tile type that
// its feature i, a field, borders (the catalog feature's Cities), and
// returns the extended slice; other kinds border none.
func (r *Ruleset) FieldCities(typ, i int, dst []int) []int {
	for _, c := range r.fieldCities(typ, i) {
		dst = append(dst, int(c))
	}
	return dst
}

// fieldCities returns the city indices feature i of a tile type borders.
func (r *Ruleset) fieldCities(typ, i int) []int8 {
	f := int(r.featStart[typ]) + i
	return r.cityLinks[r.cityStart[f]:r.cityStart[f+1]]
}

// slotsOf returns the feature index at each slot of a tile type at a
// rotation, -1 where there is none.
func (r *Ruleset) slotsOf(typ, rot int) []int8 {
	at := (4*typ + rot) * numSlots
	return r.slots[at : at+numSlots : at+numSlots]
}
