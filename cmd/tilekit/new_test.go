package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// uncomment turns the commented examples of a scaffolded file into data,
// as an author copying them does: from each commented [[header]] to the
// next empty line, a leading "# " is removed (a "# # x" line stays a
// comment) and a lone "#" becomes an empty line.
func uncomment(src string) string {
	lines := strings.Split(src, "\n")
	on := false
	for i, l := range lines {
		if strings.HasPrefix(l, "# [[") {
			on = true
		}
		switch {
		case l == "":
			on = false
		case !on:
		case l == "#":
			lines[i] = ""
		case strings.HasPrefix(l, "# "):
			lines[i] = l[2:]
		}
	}
	return strings.Join(lines, "\n")
}

// TestScaffoldExamplesAreData proves that the commented examples in a new
// expansion's files are data that validates clean once uncommented: one
// tile of the new expansion and its figures; that its scenario, played in
// the default edition, passes; and that the hound's rule of its own, in
// the interactions file, plays with no code.
func TestScaffoldExamplesAreData(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "moats")
	require.NoError(t, scaffold(dir, "moats"))
	folder := validator.Folder{Name: "moats", FS: os.DirFS(dir)}
	res, err := validator.Validate(validator.BuiltinFolder(), folder)
	require.NoError(t, err)
	assert.Empty(t, res.Diagnostics, "the scaffold validates clean")
	assert.Len(t, res.Catalog.TilesOf("moats"), 1, "the example tile")
	assert.Nil(t, res.Catalog.Figure("moats-knight"), "the example figures are commented out")

	for _, name := range []string{"expansions/moats.toml"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(uncomment(string(data))), 0o644))
	}
	res, err = validator.Validate(validator.BuiltinFolder(), folder)
	require.NoError(t, err)
	assert.Empty(t, res.Diagnostics, "the uncommented examples validate clean")
	assert.Len(t, res.Catalog.TilesOf("moats"), 1)
	assert.NotNil(t, res.Catalog.Tile("moats/example"))
	assert.NotNil(t, res.Catalog.Figure("moats-knight"))
	assert.NotNil(t, res.Catalog.Figure("moats-stone"))
	assert.NotNil(t, res.Catalog.DeclaredSymbol("moats-mark"))

	files := []validator.ScenarioFile{{Name: "example.toml", FS: os.DirFS(dir), Path: "scenarios/moats/example.toml"}}
	res, err = validator.ValidateScenarios(files, validator.BuiltinFolder(), folder)
	require.NoError(t, err)
	assert.Empty(t, res.Diagnostics, "the scenario is valid")
	require.Len(t, res.Catalog.Scenarios, 1)
	s := &res.Catalog.Scenarios[0]
	assert.Empty(t, s.Edition, "played in the default edition")
	assert.Equal(t, []tilekit.Edition{tilekit.DefaultEdition}, res.Catalog.Expansion("moats").Editions)
	assert.Equal(t, map[tilekit.Edition]int{tilekit.DefaultEdition: 1}, res.Catalog.Tile("moats/example").Counts)
	assert.Empty(t, game.RunScenario(res.Catalog, s).Failures, "the scenario passes")

	// The interactions file's examples too: a row about the example
	// figure, and the hound's rule, which the engine plays.
	name := "interactions/moats.toml"
	data, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(uncomment(string(data))), 0o644))
	res, err = validator.Validate(validator.BuiltinFolder(), folder)
	require.NoError(t, err)
	assert.Empty(t, res.Diagnostics, "the uncommented interactions validate clean")
	require.NotNil(t, res.Catalog.Step("moats-hound-runs"), "the hound's rule")
	houndPlays(t, res.Catalog)
}

// houndPlays plays random games with the scaffold's hound, every move
// checked against the invariants: none breaks, and in every game the hound
// ran onto the board, since every game completes a feature.
func houndPlays(t *testing.T, cat *tilekit.Catalog) {
	t.Helper()
	sel, err := rules.Select(cat, []string{"moats"})
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.DefaultEdition})
	require.NoError(t, err, "the hound's rule compiles")
	p, err := game.NewPlayout(r, 2, true)
	require.NoError(t, err)
	_, ok := r.FigureByID("moats-hound")
	require.True(t, ok, "the ruleset plays the hound")
	ran := 0
	for seed := uint64(1); seed <= 20; seed++ {
		if _, err := p.Play(seed); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if strings.Contains(p.Game().Snapshot(), "/ moats-hound ") {
			ran++
		}
	}
	assert.Equal(t, 20, ran, "games that ended with the hound on the board")
}
