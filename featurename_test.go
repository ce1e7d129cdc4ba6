package tilekit_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/validator"
)

// ExampleParseFeatureRef reads feature names of base/D (a city, a road and
// two fields) and writes the canonical name of each of its features.
func ExampleParseFeatureRef() {
	cat, err := validator.BuiltinCatalog()
	if err != nil {
		panic(err)
	}
	d := cat.Tile("base/D")
	for _, name := range []string{"road", "field2", "field@EL", "#0", "field", "field01"} {
		ref, err := tilekit.ParseFeatureRef(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		i, err := d.FeatureIndex(ref)
		fmt.Println(name, i, err)
	}
	for i := range d.Features {
		fmt.Print(tilekit.FeatureName(d, i), " ")
	}
	fmt.Println()
	// Output:
	// road 1 <nil>
	// field2 3 <nil>
	// field@EL 2 <nil>
	// #0 0 <nil>
	// field 0 2 features are a field: "field" names none of them
	// field01 0 no feature "field01"
	// city road field1 field2
}

// TestFeatureNamesRoundTrip names every feature of every built-in tile and
// reads the name back, in every form that names it: its canonical name,
// its index, its kind and ordinal, its kind at each edge it alone of its
// kind touches, and its local id.
func TestFeatureNamesRoundTrip(t *testing.T) {
	cat, err := validator.BuiltinCatalog()
	require.NoError(t, err)
	checked := 0
	for ti := range cat.Tiles {
		tile := &cat.Tiles[ti]
		ordinal := map[tilekit.FeatureKind]int{}
		for i := range tile.Features {
			f := &tile.Features[i]
			ordinal[f.Kind]++
			names := []string{tilekit.FeatureName(tile, i), fmt.Sprintf("#%d", i)}
			if f.ID == "" {
				names = append(names, fmt.Sprintf("%s%d", f.Kind, ordinal[f.Kind]))
			} else {
				names = append(names, f.ID)
			}
			for _, p := range f.Sides {
				if touchedBy(tile, f.Kind, p) == i {
					names = append(names, string(f.Kind)+"@"+p.String())
				}
			}
			for _, name := range names {
				ref, err := tilekit.ParseFeatureRef(name)
				require.NoError(t, err, "%s %q", tile.ID, name)
				assert.Equal(t, name, ref.String(), "%s %q", tile.ID, name)
				got, err := tile.FeatureIndex(ref)
				if assert.NoError(t, err, "%s %q", tile.ID, name) {
					assert.Equal(t, i, got, "%s %q", tile.ID, name)
				}
				checked++
			}
		}
	}
	assert.Greater(t, checked, 1000)
}

// touchedBy returns the index of the first feature of a kind on a tile that
// lists an edge position, or -1.
func touchedBy(t *tilekit.Tile, kind tilekit.FeatureKind, p tilekit.EdgePoint) int {
	for i := range t.Features {
		for _, s := range t.Features[i].Sides {
			if t.Features[i].Kind == kind && s == p {
				return i
			}
		}
	}
	return -1
}

// TestFeatureNameGrammar checks what each form accepts and the errors of
// what it refuses.
func TestFeatureNameGrammar(t *testing.T) {
	good := map[string]tilekit.FeatureRef{
		"#0":          tilekit.IndexRef(0),
		"#12":         tilekit.IndexRef(12),
		"road":        {Kind: tilekit.Road},
		"city3":       {Kind: tilekit.City, Ordinal: 3},
		"field@SL":    {Kind: tilekit.Field, HasAt: true, At: tilekit.EdgePoint{IsHalf: true, Half: tilekit.SL, Side: tilekit.South}},
		"north":       {ID: "north"},
		"field0":      {ID: "field0"},
		"field01":     {ID: "field01"},
		"inner-city2": {ID: "inner-city2"},
	}
	for name, want := range good {
		got, err := tilekit.ParseFeatureRef(name)
		if assert.NoError(t, err, name) {
			assert.Equal(t, want, got, name)
			assert.Equal(t, name, got.String())
		}
	}
	bad := map[string]string{
		"#":         `an index is "#" and a number from 0`,
		"#03":       `without leading zeros`,
		"#+3":       `an index is`,
		"#-1":       `an index is`,
		"field2@SL": `before "@" comes a feature kind (city, road, field, cloister), without an ordinal`,
		"castle@N":  `before "@" comes a feature kind`,
		"field@X":   `unknown side or half "X"`,
		"":          `is none of a local id`,
		"North":     `is none of a local id`,
		"a--b":      `is none of a local id`,
	}
	for name, want := range bad {
		_, err := tilekit.ParseFeatureRef(name)
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), fmt.Sprintf("feature name %q", name))
			assert.Contains(t, err.Error(), want, name)
		}
	}
}

// TestFeatureIndexLocalIDFirst checks that a local id of a kind form names
// its feature before the kind form does, and that FeatureName then falls
// back to a form that reads back.
func TestFeatureIndexLocalIDFirst(t *testing.T) {
	tile := &tilekit.Tile{ID: "fan/x", Features: []tilekit.Feature{
		{Kind: tilekit.Road, Sides: []tilekit.EdgePoint{{Side: tilekit.North}}},
		{Kind: tilekit.Road, ID: "road", Sides: []tilekit.EdgePoint{{Side: tilekit.South}}},
		{Kind: tilekit.City, ID: "field2", Sides: []tilekit.EdgePoint{{Side: tilekit.East}}},
		{Kind: tilekit.Field},
		{Kind: tilekit.Field},
	}}
	for name, want := range map[string]int{"road": 1, "road1": 0, "road2": 1, "field2": 2, "field1": 3, "city": 2, "road@N": 0} {
		ref, err := tilekit.ParseFeatureRef(name)
		require.NoError(t, err, name)
		got, err := tile.FeatureIndex(ref)
		require.NoError(t, err, name)
		assert.Equal(t, want, got, name)
	}
	assert.Equal(t, []string{"road1", "road", "field2", "field1", "#4"},
		[]string{tilekit.FeatureName(tile, 0), tilekit.FeatureName(tile, 1), tilekit.FeatureName(tile, 2), tilekit.FeatureName(tile, 3), tilekit.FeatureName(tile, 4)})
	for name, want := range map[string]string{"#5": `no feature "#5"`, "cloister": "no cloister", "road3": `no feature "road3"`, "city@N": "no city touches N", "wall": `no feature "wall"`} {
		ref, err := tilekit.ParseFeatureRef(name)
		require.NoError(t, err, name)
		_, err = tile.FeatureIndex(ref)
		assert.EqualError(t, err, want, name)
	}
}

// FuzzParseFeatureRef checks that reading a feature name never panics, that
// a name read is written back unchanged, and that the value written reads
// back as itself.
func FuzzParseFeatureRef(f *testing.F) {
	for _, s := range []string{"#3", "road", "field2", "field@SL", "north", "#", "#03", "field2@N", "", "a-b", "city99999999999999999999", "#99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ref, err := tilekit.ParseFeatureRef(s)
		if err != nil {
			return
		}
		if ref.String() != s {
			t.Fatalf("%q reads as %+v, written %q", s, ref, ref.String())
		}
		again, err := tilekit.ParseFeatureRef(ref.String())
		if err != nil || again != ref {
			t.Fatalf("%+v is written %q, which reads as %+v, %v", ref, ref.String(), again, err)
		}
	})
}
