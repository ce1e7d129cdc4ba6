package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// Feature names. Scenario files and the position notation name a feature
// of a tile by a short text, which FeatureIndex reads and FeatureName
// writes:
//
//   - the feature's local id in the catalog (tiles/*.toml), such as "city"
//     or "north";
//   - the name of its kind (road, city, cloister or field) when the tile
//     has one feature of that kind, such as "road" on base/U;
//   - the kind and its rank among the tile's features of that kind, in
//     the catalog's order, from 1, such as "field2" on base/D;
//   - the kind and an edge position it touches at rotation 0, as
//     tiles/*.toml writes it, such as "field@SL" or "road@W";
//   - "#" and the feature's index, from 0, such as "#3".
//
// A local id comes first: a tile whose feature has the id "road" names that
// feature by it even when another road has no id.

// FeatureName returns the canonical name of feature i of a tile type: its
// local id when it has one, else its kind when the tile has one feature of
// that kind, else the kind and its rank ("field2"), else "#i"; each form
// is used only when FeatureIndex reads it back as i.
func (r *Rules) FeatureName(typ, i int) string {
	first := int(r.featStart[typ])
	if id := r.featIDs[first+i]; id != "" && r.byLocalID(typ, id) == i {
		return id
	}
	kind := r.featKind[first+i]
	rank, count := r.kindRank(typ, i)
	if name := kind.String(); count == 1 && r.byLocalID(typ, name) < 0 {
		return name
	}
	if name := kind.String() + strconv.Itoa(rank); r.byLocalID(typ, name) < 0 {
		return name
	}
	return "#" + strconv.Itoa(i)
}

// kindRank returns the rank of feature i among the features of its kind
// on a tile type, from 1, and how many features of that kind it has.
func (r *Rules) kindRank(typ, i int) (rank, count int) {
	first := int(r.featStart[typ])
	kind := r.featKind[first+i]
	for j := range r.NumFeatures(typ) {
		if r.featKind[first+j] == kind {
			count++
			if j <= i {
				rank++
			}
		}
	}
	return rank, count
}

// byLocalID returns the index of the first feature of a tile type with a
// local id, or -1.
func (r *Rules) byLocalID(typ int, id string) int {
	first := int(r.featStart[typ])
	for j := range r.NumFeatures(typ) {
		if r.featIDs[first+j] == id {
			return j
		}
	}
	return -1
}

// FeatureIndex returns the index of the feature of a tile type that a name
// names (see FeatureName for the forms). An error says why none does and
// lists the tile's features by their names.
func (r *Rules) FeatureIndex(typ int, name string) (int, error) {
	if typ < 0 || typ >= r.NumTypes() {
		return 0, fmt.Errorf("no tile type %d", typ)
	}
	if i := r.byLocalID(typ, name); i >= 0 && name != "" {
		return i, nil
	}
	i, err := r.featureByForm(typ, name)
	if err != nil {
		return 0, fmt.Errorf("%s: %w (its features are %s)", r.ID(typ), err, r.featureList(typ))
	}
	return i, nil
}

// featureByForm reads the forms of a feature name other than a local id.
func (r *Rules) featureByForm(typ int, name string) (int, error) {
	n := r.NumFeatures(typ)
	if rest, ok := strings.CutPrefix(name, "#"); ok {
		i, err := strconv.Atoi(rest)
		if err != nil || i < 0 || i >= n {
			return 0, fmt.Errorf("no feature %q", name)
		}
		return i, nil
	}
	kindText, at, hasAt := strings.Cut(name, "@")
	word := strings.TrimRight(kindText, "0123456789")
	kind, ok := kindOf[tilekit.FeatureKind(word)]
	if !ok {
		return 0, fmt.Errorf("no feature %q", name)
	}
	switch {
	case hasAt:
		return r.featureAt(typ, kind, name, at)
	case word != kindText:
		rank, err := strconv.Atoi(kindText[len(word):])
		if err == nil {
			for j := range n {
				if got, _ := r.kindRank(typ, j); r.FeatureKind(typ, j) == kind && got == rank {
					return j, nil
				}
			}
		}
		return 0, fmt.Errorf("no feature %q", name)
	}
	found, count := -1, 0
	for j := range n {
		if r.FeatureKind(typ, j) == kind {
			found, count = j, count+1
		}
	}
	switch count {
	case 0:
		return 0, fmt.Errorf("no %s", kind)
	case 1:
		return found, nil
	}
	return 0, fmt.Errorf("%d features are a %s: %q names none of them", count, kind, name)
}

// featureAt finds the feature of a kind that touches an edge position (at
// rotation 0) of a tile type.
func (r *Rules) featureAt(typ int, kind Kind, name, at string) (int, error) {
	p, err := tilekit.ParsePosition(at)
	if err != nil {
		return 0, fmt.Errorf("feature %q: %w", name, err)
	}
	if i := r.FeatureAtEdge(typ, 0, p); i >= 0 && r.FeatureKind(typ, i) == kind {
		return i, nil
	}
	return 0, fmt.Errorf("no %s touches %s", kind, p)
}

// featureList lists the names of a tile type's features, comma-separated.
func (r *Rules) featureList(typ int) string {
	names := make([]string, r.NumFeatures(typ))
	for i := range names {
		names[i] = r.FeatureName(typ, i)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// moveText returns a move as String does, but with its feature named as
// FeatureName names it (a local id, a kind, a kind and its rank from 1),
// never by its index: "portal 2,1:city", "road", for the messages of a
// refused move.
func (g *Game) moveText(m Move) string {
	s := m.String()
	if m.Feature < 0 || (m.Kind == MoveBase && !m.Follower) {
		return s
	}
	typ := g.tile
	if m.Kind != MoveBase {
		idx, ok := g.board.index(m.Placement.Pos)
		if !ok || g.board.cells[idx].tile == 0 {
			return s
		}
		typ = int(g.board.cells[idx].tile) - 1
	}
	if typ < 0 || m.Feature >= g.rules.NumFeatures(typ) {
		return s
	}
	name := g.rules.FeatureName(typ, m.Feature)
	if m.Kind == MoveBase {
		return name
	}
	return strings.TrimSuffix(s, ":f"+strconv.Itoa(m.Feature)) + ":" + name
}
