package tilekit

import (
	"fmt"
	"strconv"
	"strings"
)

// Feature names. Scenario files, the snapshot notation of the game engine
// and the messages of the validator, the engine and the command line name a
// feature of a tile by a short text, in one of these forms:
//
//   - an index: "#" and the feature's index among the tile's features, from
//     0, written without leading zeros, such as "#3";
//   - a kind: the name of a feature kind (road, city, cloister or field),
//     naming the tile's one feature of that kind, such as "road" on base/U;
//   - a kind and an ordinal: the kind and the feature's rank among the
//     tile's features of that kind, in the catalog's order, from 1 and
//     without leading zeros, such as "field2" on base/D;
//   - a kind at an edge: the kind, "@" and an edge position the feature
//     touches at rotation 0, as tiles/*.toml writes it, such as "field@SL"
//     or "road@W";
//   - a local id: the feature's id in the catalog (tiles/*.toml: letters,
//     digits and dashes), such as "north".
//
// A local id comes first: a tile whose feature has the id "road" (or
// "field2") names that feature by it even when another road has no id.
// Every name has one spelling: ParseFeatureRef accepts a text exactly when
// FeatureRef.String writes it back unchanged.

// FeatureRef is a feature name read by ParseFeatureRef: which feature of a
// tile it names is found by Tile.FeatureIndex. Exactly one form is set: an
// index (IsIndex), a kind at an edge (Kind and HasAt), a kind with or
// without an ordinal (Kind), or a local id (ID).
type FeatureRef struct {
	// ID is a local id, set for a name of no other form.
	ID string
	// Kind is the kind of the kind forms.
	Kind FeatureKind
	// Ordinal is the rank, from 1, among the tile's features of Kind; 0
	// names the one feature of the kind.
	Ordinal int
	// HasAt says that the name gives an edge position, At.
	HasAt bool
	// At is an edge position the feature touches at rotation 0.
	At EdgePoint
	// IsIndex says that the name is an index, Index.
	IsIndex bool
	// Index is the feature's index among the tile's features, from 0.
	Index int
}

// IndexRef returns the name of the feature with index i: "#" and i.
func IndexRef(i int) FeatureRef { return FeatureRef{IsIndex: true, Index: i} }

// String returns the feature name, as ParseFeatureRef reads it.
func (r FeatureRef) String() string {
	switch {
	case r.IsIndex:
		return "#" + strconv.Itoa(r.Index)
	case r.HasAt:
		return string(r.Kind) + "@" + r.At.String()
	case r.Kind != "" && r.Ordinal > 0:
		return string(r.Kind) + strconv.Itoa(r.Ordinal)
	case r.Kind != "":
		return string(r.Kind)
	}
	return r.ID
}

// ParseFeatureRef reads a feature name (see the forms above). An error says
// what is wrong with the text.
func ParseFeatureRef(name string) (FeatureRef, error) {
	if rest, ok := strings.CutPrefix(name, "#"); ok {
		i, ok := decimal(rest, 0)
		if !ok {
			return FeatureRef{}, fmt.Errorf("feature name %q: an index is \"#\" and a number from 0 without leading zeros, such as #3", name)
		}
		return IndexRef(i), nil
	}
	if word, at, ok := strings.Cut(name, "@"); ok {
		if !FeatureKind(word).Known() {
			return FeatureRef{}, fmt.Errorf("feature name %q: before \"@\" comes a feature kind (%s), without an ordinal", name, kindList())
		}
		p, err := ParseEdgePoint(at)
		if err != nil {
			return FeatureRef{}, fmt.Errorf("feature name %q: %w", name, err)
		}
		return FeatureRef{Kind: FeatureKind(word), HasAt: true, At: p}, nil
	}
	word := strings.TrimRight(name, "0123456789")
	if FeatureKind(word).Known() {
		if word == name {
			return FeatureRef{Kind: FeatureKind(word)}, nil
		}
		if n, ok := decimal(name[len(word):], 1); ok {
			return FeatureRef{Kind: FeatureKind(word), Ordinal: n}, nil
		}
	}
	if !isLocalID(name) {
		return FeatureRef{}, fmt.Errorf("feature name %q is none of a local id (lower-case letters and digits, words joined by dashes), a kind (%s) with or without an ordinal from 1 (field2), a kind at an edge (field@SL) or an index (#3)", name, kindList())
	}
	return FeatureRef{ID: name}, nil
}

// decimal reads a number of at least least, in decimal digits without
// leading zeros and within an int.
func decimal(s string, least int) (int, bool) {
	if s == "" || strings.Trim(s, "0123456789") != "" || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= least
}

// isLocalID reports whether s has the form of a feature's local id:
// lower-case letters and digits, in words joined by single dashes.
func isLocalID(s string) bool {
	for _, w := range strings.Split(s, "-") {
		if w == "" || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
			return false
		}
	}
	return true
}

// kindList lists the feature kinds, comma-separated.
func kindList() string {
	names := make([]string, len(FeatureKinds))
	for i, k := range FeatureKinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

// FeatureIndex returns the index of the feature of the tile that a feature
// name names. A name of a kind form is first a local id (see the forms
// above). An error says why the name names no feature of the tile: "no
// feature "wall"", "no cloister", "2 features are a field: "field" names
// none of them", "no field touches N".
func (t *Tile) FeatureIndex(ref FeatureRef) (int, error) {
	name := ref.String()
	if !ref.IsIndex && !ref.HasAt {
		for i := range t.Features {
			if t.Features[i].ID == name {
				return i, nil
			}
		}
	}
	switch {
	case ref.IsIndex:
		if ref.Index >= 0 && ref.Index < len(t.Features) {
			return ref.Index, nil
		}
	case ref.HasAt:
		for i := range t.Features {
			if f := &t.Features[i]; f.Kind == ref.Kind && touches(f, ref.At) {
				return i, nil
			}
		}
		return 0, fmt.Errorf("no %s touches %s", ref.Kind, ref.At)
	case ref.Kind != "":
		return t.featureOfKind(ref)
	}
	return 0, fmt.Errorf("no feature %q", name)
}

// featureOfKind finds the feature a name of the kind forms without an edge
// names.
func (t *Tile) featureOfKind(ref FeatureRef) (int, error) {
	found, count := -1, 0
	for i := range t.Features {
		if t.Features[i].Kind != ref.Kind {
			continue
		}
		if count++; count == ref.Ordinal {
			return i, nil
		}
		found = i
	}
	switch {
	case ref.Ordinal > 0:
		return 0, fmt.Errorf("no feature %q", ref.String())
	case count == 0:
		return 0, fmt.Errorf("no %s", ref.Kind)
	case count > 1:
		return 0, fmt.Errorf("%d features are a %s: %q names none of them", count, ref.Kind, ref.String())
	}
	return found, nil
}

// touches reports whether a feature lists an edge position among its
// sides: a whole side for a city or road, a half for a field.
func touches(f *Feature, p EdgePoint) bool {
	for _, s := range f.Sides {
		if s == p {
			return true
		}
	}
	return false
}

// FeatureName returns the canonical name of feature i of a tile: its local
// id, else its kind when it is the tile's one feature of that kind, else
// the kind and its ordinal ("field2"), else its index ("#3"); each form is
// used only when Tile.FeatureIndex reads it back as i (a local id "road"
// of another feature hides the kind form).
func FeatureName(t *Tile, i int) string {
	f := &t.Features[i]
	ordinal, count := 0, 0
	for j := range t.Features {
		if t.Features[j].Kind == f.Kind {
			count++
			if j <= i {
				ordinal++
			}
		}
	}
	var refs []FeatureRef
	if ref, err := ParseFeatureRef(f.ID); err == nil && f.ID != "" {
		refs = append(refs, ref)
	}
	if count == 1 {
		refs = append(refs, FeatureRef{Kind: f.Kind})
	}
	for _, ref := range append(refs, FeatureRef{Kind: f.Kind, Ordinal: ordinal}) {
		if got, err := t.FeatureIndex(ref); err == nil && got == i {
			return ref.String()
		}
	}
	return IndexRef(i).String()
}
