package validator

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCutLongValues(t *testing.T) {
	long := strings.Repeat("a", 1_000_000)
	for _, tc := range []struct{ msg, want string }{
		{"short", "short"},
		{`unknown key "` + long + `"`, `unknown key "` + long[:cutKeep] + `…" (1,000,000 bytes)`},
		{`unknown key "` + long + `", "b"`, `unknown key "` + long[:cutKeep] + `…" (1,000,000 bytes), "b"`},
		{"tile fan/" + long + " is defined twice", "tile fan/" + long[:cutKeep-4] + "… (1,000,004 bytes) is defined twice"},
		{"Key '" + long + "' has already been defined.", "Key '" + long[:cutKeep] + "…' (1,000,000 bytes) has already been defined."},
		// A location stays whole, however long its file's path.
		{"first at " + long + ".toml:3:5", "first at " + long + ".toml:3:5"},
		{"row r (at " + long + ".toml:3:5); supersede", "row r (at " + long + ".toml:3:5); supersede"},
		// A cut never splits a character.
		{strings.Repeat("é", 100), strings.Repeat("é", cutKeep/2) + "… (200 bytes)"},
	} {
		assert.Equal(t, tc.want, cutLongValues(tc.msg))
	}
	assert.Equal(t, "tile[3]."+long[:cutKeep]+"…(1,000,000 bytes)", formatPath([]string{"tile", "3", long}))
}

// TestLongValuesAreCut feeds a folder keys and ids a megabyte long: the
// run ends in a few seconds and no diagnostic repeats one whole.
func TestLongValuesAreCut(t *testing.T) {
	long := func(c string) string { return strings.Repeat(c, 1_000_000) }
	table := func(id string) string {
		return "[[table]]\nid = \"" + id + "\"\nname = \"X\"\nquestion = \"X?\"\nexpansion = \"fan\"\nsubjects = [\"follower\"]\n"
	}
	fsys := mapFS(map[string]string{
		"expansions/fan.toml": goodExpansion + long("k") + " = 1\n",
		"interactions/x.toml": table(long("c")) + table(long("c")) + table(long("d")) +
			"[[row]]\ntable = \"" + long("b") + "\"\nsubject = \"meeple\"\nverdict = \"yes\"\n" +
			"source = { kind = \"house-rule\", title = \"Ours\" }\nexplanation = \"X.\"\n",
		"interactions/dup.toml": long("e") + " = 1\n" + long("e") + " = 2\n",
	})
	done := make(chan *Result, 1)
	go func() {
		res, err := Validate(BuiltinFolder(), Folder{Name: "fan", FS: fsys})
		assert.NoError(t, err)
		done <- res
	}()
	var res *Result
	select {
	case res = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("validation did not finish: long values are compared or copied whole")
	}
	got := codes(res.Diagnostics)
	for _, code := range []string{"schema-additionalProperties", "duplicate-id", "unknown-table", "toml-syntax"} {
		assert.Positive(t, got[code], "%s in %v", code, got)
	}
	for _, d := range res.Diagnostics {
		assert.Less(t, len(d.Message), 400, "%s: %.200s", d.Code, d.Message)
		assert.Less(t, len(d.Path), 200, "%s: %.200s", d.Code, d.Path)
	}
	require.NotEmpty(t, res.Diagnostics)
}
