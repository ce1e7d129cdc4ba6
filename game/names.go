package game

import (
	"fmt"
	"strings"

	"github.com/tilekit/tilekit"
)

// Feature names. Scenario files and the snapshot notation name a feature
// of a tile by a short text in the grammar of the root package
// (tilekit.ParseFeatureRef: "#3", "road", "field2", "field@SL" or a local
// id), which FeatureIndex reads and FeatureName writes.

// FeatureName returns the canonical name of feature i of a tile type
// (tilekit.FeatureName): its local id, else its kind when the tile has one
// feature of that kind, else the kind and its rank ("field2"), else "#i".
func (r *Ruleset) FeatureName(typ, i int) string { return tilekit.FeatureName(r.tiles[typ], i) }

// FeatureIndex returns the index of the feature of a tile type that a name
// names (see FeatureName for the forms). An error says why none does and
// lists the tile's features by their names.
func (r *Ruleset) FeatureIndex(typ int, name string) (int, error) {
	if typ < 0 || typ >= r.NumTypes() {
		return 0, fmt.Errorf("no tile type %d", typ)
	}
	ref, err := tilekit.ParseFeatureRef(name)
	i := 0
	if err == nil {
		i, err = r.tiles[typ].FeatureIndex(ref)
	}
	if err != nil {
		return 0, fmt.Errorf("%s: %w (its features are %s)", r.ID(typ), err, r.featureList(typ))
	}
	return i, nil
}

// noFeature is the error for an index i that names no feature of a tile
// type: it lists the tile's features by their names.
func (r *Ruleset) noFeature(typ, i int) error {
	return fmt.Errorf("%s has no feature %s (its features are %s)", r.ID(typ), tilekit.IndexRef(i), r.featureList(typ))
}

// featureList lists the names of a tile type's features, comma-separated.
func (r *Ruleset) featureList(typ int) string {
	names := make([]string, r.NumFeatures(typ))
	for i := range names {
		names[i] = r.FeatureName(typ, i)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
