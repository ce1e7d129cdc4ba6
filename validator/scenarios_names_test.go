package validator_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// TestFeatureNamesMatchTheEngine checks the scenario checks' reading of
// feature names against the game engine's, which runs the scenarios: the
// validator cannot link the engine, so it reads the names itself, and a
// name one accepts and the other refuses would be a scenario that
// validates and fails, or the other way round. Every name form is tried on
// every feature of every built-in tile.
func TestFeatureNamesMatchTheEngine(t *testing.T) {
	cat, err := validator.BuiltinCatalog()
	require.NoError(t, err)
	// The tiles alone: the base game's turn, whatever steps the engine
	// does not implement yet.
	r, err := game.Compile(cat, rules.SelectAll(), game.Setup{Edition: tilekit.C3, BaseTurn: true})
	require.NoError(t, err)
	checked := 0
	for typ := range r.NumTypes() {
		tile := cat.PlayedTile(cat.Tile(r.ID(typ)), rules.SelectAll().Has)
		require.NotNil(t, tile)
		require.Equal(t, len(tile.Features), r.NumFeatures(typ), tile.ID)
		var names []string
		for i := range tile.Features {
			f := &tile.Features[i]
			assert.Equal(t, r.FeatureName(typ, i), tilekit.FeatureName(tile, i), "%s feature %d", tile.ID, i)
			names = append(names, f.ID, string(f.Kind), fmt.Sprintf("#%d", i), "#99")
			for rank := 0; rank <= 4; rank++ {
				names = append(names, fmt.Sprintf("%s%d", f.Kind, rank))
			}
			for _, p := range append(append([]tilekit.EdgePoint{}, f.Sides...), tilekit.EdgePoint{IsHalf: true}) {
				names = append(names, string(f.Kind)+"@"+p.String())
			}
		}
		for _, name := range append(names, "castle", "field@X", "", "field01", "#03", "#+1", "field2@SL", "road01") {
			i, engineErr := r.FeatureIndex(typ, name)
			f := validator.TileFeature(tile, name)
			if engineErr != nil {
				assert.Nil(t, f, "%s %q: the engine refuses it (%v)", tile.ID, name, engineErr)
				continue
			}
			if assert.NotNil(t, f, "%s %q: the engine reads feature %d", tile.ID, name, i) {
				assert.Same(t, &tile.Features[i], f, "%s %q", tile.ID, name)
			}
			checked++
		}
	}
	assert.Greater(t, checked, 500)
}

// TestFeatureNamesOneSpelling checks that the scenario checks refuse the
// spellings of a name the grammar does not write: a leading zero, a sign,
// an ordinal before an edge position.
func TestFeatureNamesOneSpelling(t *testing.T) {
	cat, err := validator.BuiltinCatalog()
	require.NoError(t, err)
	d := cat.Tile("base/D")
	for _, name := range []string{"field01", "#03", "#+3", "field2@SL"} {
		assert.Nil(t, validator.TileFeature(d, name), name)
	}
	assert.Same(t, &d.Features[3], validator.TileFeature(d, "field2"))
	assert.Same(t, &d.Features[3], validator.TileFeature(d, "#3"))
	assert.Same(t, &d.Features[3], validator.TileFeature(d, "field@SL"))
}
