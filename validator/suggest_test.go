package validator

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "abc", 0}, {"abc", "abd", 1}, {"abc", "ab", 1},
		{"kitten", "sitting", 3}, {"feature", "features", 1}, {"ÿes", "yes", 1},
	} {
		assert.Equal(t, tc.want, editDistance(tc.a, tc.b, 100), "%s %s", tc.a, tc.b)
		assert.Equal(t, tc.want, editDistance(tc.b, tc.a, 100), "%s %s", tc.b, tc.a)
	}
	assert.Equal(t, 2, editDistance("abcdef", "uvwxyz", 2), "stops at the limit")
}

func TestSuggest(t *testing.T) {
	keys := []string{"id", "name", "counts", "feature", "start", "symbols"}
	assert.Equal(t, `; did you mean "feature"?`, Suggest("features", keys))
	assert.Equal(t, `; did you mean "counts"?`, Suggest("count", keys))
	assert.Equal(t, "", Suggest("colour", keys), "nothing near")
	assert.Equal(t, `; did you mean "dragon-diet"?`, Suggest("dragon-deit", []string{"dragon-diet", "fairy-companions"}))
	assert.Equal(t, "", Suggest("id", keys), "the word itself is no suggestion")
}

func TestPatternFault(t *testing.T) {
	const tileID = "^[a-z0-9]+(-[a-z0-9]+)*/[A-Za-z0-9]+(-[A-Za-z0-9]+)*$"
	const id = "^[a-z0-9]+(-[a-z0-9]+)*$"
	const partOrExpansion = "^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)?$"
	for _, tc := range []struct{ pattern, value, want string }{
		{tileID, "", "it is empty"},
		{tileID, "fanA", "the slash between the expansion id and the name is missing"},
		{tileID, "fan/B c", `the character " " is not allowed here`},
		{tileID, "../x", `the character "." is not allowed here`},
		{tileID, "fan/b/c", "it has more slashes than the expansion id and the name need"},
		{tileID, "fan-/b", "a dash joins two words: it cannot start or end a name, or stand twice"},
		{id, "Wolf", `"W" is upper-case; write it in lower case`},
		{id, "wolf--den", "a dash joins two words: it cannot start or end a name, or stand twice"},
		{partOrExpansion, "fan", ""},
		{partOrExpansion, "fan_x", `the character "_" is not allowed here`},
		{`\?$`, "Can it", ""},
		{"^[0-9]{4}-(0[1-9]|1[0-2])$", "2015-13", ""},
	} {
		assert.Equal(t, tc.want, patternFault(tc.pattern, tc.value), "%s %q", tc.pattern, tc.value)
	}
}

func TestNearestAllowed(t *testing.T) {
	sides := []string{"N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"}
	assert.Equal(t, "E", nearestAllowed("East", sides), "a side written as a word")
	assert.Equal(t, "NL", nearestAllowed("nl", sides), "another case")
	kinds := []string{"city", "road", "field", "cloister"}
	assert.Equal(t, "field", nearestAllowed("Field", kinds))
	assert.Equal(t, "cloister", nearestAllowed("Cloistr", kinds), "one edit in lower case")
	assert.Equal(t, "", nearestAllowed("castle", kinds), "nothing near")
}
