package validator

import (
	"math"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNormalize(t *testing.T) {
	var doc map[string]any
	_, err := toml.Decode(`
n = 4
[[tile]]
id = "a"
[[tile]]
id = "b"
nested = [[1], ["x"]]
`, &doc)
	require.NoError(t, err)
	got, problems := normalize(doc)
	assert.Empty(t, problems)
	assert.Equal(t, map[string]any{
		"n": int64(4),
		"tile": []any{
			map[string]any{"id": "a"},
			map[string]any{"id": "b", "nested": []any{[]any{int64(1)}, []any{"x"}}},
		},
	}, got)
}

// TestNormalizeNotesFloatsAndDates checks that every float and TOML date
// is noted: the schema validator takes 1e300 for an integer and a date's
// text for a string, and no field of the data holds either.
func TestNormalizeNotesFloatsAndDates(t *testing.T) {
	var doc map[string]any
	_, err := toml.Decode(`
day = 2015-03-01
at = 1979-05-27T07:32:00Z
local = 1979-05-27T07:32:00
clock = 07:32:00
[[tile]]
counts = { C3 = 1e300 }
nested = [[1], [2.5]]
`, &doc)
	require.NoError(t, err)
	got, problems := normalize(doc)
	assert.Equal(t, "2015-03-01", got["day"], "a date becomes its text, for the schema")
	assert.Equal(t, "07:32:00", got["clock"])
	noted := map[string]string{}
	for _, p := range problems {
		assert.Equal(t, "schema-type", p.code)
		if strings.Contains(p.message, "float") {
			assert.Equal(t, rankUnlessType, p.rank, "a float yields only to a type problem the schema finds")
		} else {
			assert.Equal(t, rankUnlessOther, p.rank, "a date yields to any problem the schema finds")
		}
		noted[formatPath(p.path)] = p.message
	}
	assert.Len(t, noted, 6)
	assert.Contains(t, noted["tile[0].counts.C3"], "expected integer, but got the float 1e+300")
	assert.Contains(t, noted["tile[0].nested[1][0]"], "float 2.5")
	assert.Contains(t, noted["at"], "TOML date or time 1979-05-27T07:32:00Z: put text in quotes")
	for _, k := range []string{"day", "local", "clock"} {
		assert.Contains(t, noted, k)
	}
}

func TestNormalizeRejectsNonFinite(t *testing.T) {
	doc := map[string]any{
		"a": math.NaN(),
		"t": []map[string]any{{"x": []any{int64(1), math.Inf(-1)}}},
	}
	got, problems := normalize(doc)
	require.Len(t, problems, 2)
	paths := []string{formatPath(problems[0].path), formatPath(problems[1].path)}
	assert.ElementsMatch(t, []string{"a", "t[0].x[1]"}, paths)
	for _, p := range problems {
		assert.Equal(t, "toml-nonfinite", p.code)
		assert.Equal(t, rankValue, p.rank)
	}
	assert.Nil(t, got["a"], "a value the schema cannot check is replaced")
}

// TestDedupeProblems checks that one fault gives one problem: at each path
// only the problems of the highest rank are kept.
func TestDedupeProblems(t *testing.T) {
	ps := dedupeProblems([]problem{
		{path: []string{"a"}, code: "schema-type", message: "date", rank: rankUnlessOther},
		{path: []string{"a"}, code: "schema-pattern", rank: rankSchema},
		{path: []string{"b"}, code: "schema-type", message: "date", rank: rankUnlessOther},
		{path: []string{"c"}, code: "schema-type", rank: rankSchema},
		{path: []string{"c"}, code: "toml-nonfinite", rank: rankValue},
		{path: []string{"d"}, code: "schema-type", message: "float", rank: rankUnlessType},
		{path: []string{"d"}, code: "schema-maximum", rank: rankSchema},
		{path: []string{"e"}, code: "schema-type", message: "float", rank: rankUnlessType},
		{path: []string{"e"}, code: "schema-type", message: "expected string", rank: rankSchema},
	})
	var got []string
	for _, p := range ps {
		got = append(got, formatPath(p.path)+" "+p.code+" "+p.message)
	}
	assert.Equal(t, []string{"a schema-pattern ", "b schema-type date", "c toml-nonfinite ", "d schema-type float", "e schema-type expected string"}, got)
}

func TestFormatPath(t *testing.T) {
	assert.Equal(t, "tile[3].feature[1].sides[0]", formatPath([]string{"tile", "3", "feature", "1", "sides", "0"}))
	assert.Equal(t, "", formatPath(nil))
}
