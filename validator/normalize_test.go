package validator

import (
	"math"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNormalize(t *testing.T) {
	var doc map[string]any
	_, err := toml.Decode(`
day = 2015-03-01
at = 1979-05-27T07:32:00Z
local = 1979-05-27T07:32:00
clock = 07:32:00
n = 4
[[tile]]
id = "a"
[[tile]]
id = "b"
nested = [[1], [2.5]]
`, &doc)
	require.NoError(t, err)
	got, problems := normalize(doc)
	assert.Empty(t, problems)
	assert.Equal(t, map[string]any{
		"day":   "2015-03-01",
		"at":    "1979-05-27T07:32:00Z",
		"local": "1979-05-27T07:32:00",
		"clock": "07:32:00",
		"n":     int64(4),
		"tile": []any{
			map[string]any{"id": "a"},
			map[string]any{"id": "b", "nested": []any{[]any{int64(1)}, []any{2.5}}},
		},
	}, got)
}

func TestNormalizeRejectsNonFinite(t *testing.T) {
	doc := map[string]any{
		"a": math.NaN(),
		"t": []map[string]any{{"x": []any{1.0, math.Inf(-1)}}},
	}
	_, problems := normalize(doc)
	require.Len(t, problems, 2)
	paths := []string{formatPath(problems[0].path), formatPath(problems[1].path)}
	assert.ElementsMatch(t, []string{"a", "t[0].x[1]"}, paths)
	for _, p := range problems {
		assert.Equal(t, "toml-nonfinite", p.code)
	}
}

func TestFormatPath(t *testing.T) {
	assert.Equal(t, "tile[3].feature[1].sides[0]", formatPath([]string{"tile", "3", "feature", "1", "sides", "0"}))
	assert.Equal(t, "", formatPath(nil))
}
