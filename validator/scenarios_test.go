package validator

import (
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// fullScenario uses every key of a scenario file; the line numbers in the
// comments are those the test expects Locate to give.
const fullScenario = `[[scenario]]
id = "base/everything"
title = "Every key of a scenario"
players = 2
expansions = ["base"]
edition = "C1"
publisher = "hig"
options = { farmers = false, first-edition-scoring = true }
position = "0,0:base/D@0 1,0:base/U@0"
scores = [1, 2]
followers = [{ player = 1, at = "1,0", feature = "road" }]
pile = ["base/U", "base/V"]
end = true
source = { kind = "rulebook", title = "Carcassonne rulebook (2nd edition)", section = "Scoring" }

[[scenario.turn]]
tile = "base/U"
at = "2,0"
rotation = 180
moves = ["field2"]
placements = 12
follower-options = 3
expect = { scores = [1, 2], followers = [], ended = false }

[[scenario.turn]]
tile = "base/V"
discard = true
illegal = "fits"

[scenario.expect]
scores = [4, 2]
supply = [7, 7]
followers = [{ player = 2, at = "0,0", feature = "city" }]
ended = true
events = ["complete road"]
board = "0,0:base/D@0 1,0:base/U@0"
`

// TestScenarioBuild checks that every key of a scenario file reaches its
// field, that a key left out stays nil where nil means "not checked", and
// that the Origins lead back to the lines of the keys.
func TestScenarioBuild(t *testing.T) {
	res, err := Validate(BuiltinFolder(), Folder{Name: "u", FS: mapFS(map[string]string{"scenarios/base/all.toml": fullScenario})})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	s := res.Catalog.Scenario("base/everything")
	require.NotNil(t, s)
	twelve, three, no, yes := 12, 3, false, true
	file := "u/scenarios/base/all.toml"
	at := tilekit.Origin{File: file, Path: []string{"scenario", "0"}}
	turn0, turn1 := at.At("turn", "0"), at.At("turn", "1")
	want := tilekit.Scenario{
		ID: "base/everything", Title: "Every key of a scenario", Expansions: []string{"base"}, Edition: tilekit.C1,
		Publisher: tilekit.HansImGlueck, Players: 2, Options: tilekit.ScenarioOptions{NoFarmers: true, FirstEditionScoring: true},
		Position: "0,0:base/D@0 1,0:base/U@0", Scores: []int{1, 2},
		Followers: []tilekit.ScenarioFollower{{Player: 1, At: tilekit.BoardPosition{X: 1}, Feature: "road", Origin: at.At("followers", "0")}},
		Pile:      []string{"base/U", "base/V"}, End: true,
		Source: tilekit.Citation{Kind: tilekit.Rulebook, Title: "Carcassonne rulebook (2nd edition)", Section: "Scoring"},
		Turns: []tilekit.ScenarioTurn{
			{Tile: "base/U", At: tilekit.BoardPosition{X: 2}, Rotation: 180, Moves: []string{"field2"}, Placements: &twelve, FollowerOptions: &three,
				Expect: tilekit.ScenarioExpect{Scores: []int{1, 2}, Followers: []tilekit.ScenarioFollower{}, Ended: &no, Origin: turn0.At("expect")},
				Origin: turn0},
			{Tile: "base/V", Discard: true, Illegal: "fits", Expect: tilekit.ScenarioExpect{Origin: turn1.At("expect")}, Origin: turn1},
		},
		Expect: tilekit.ScenarioExpect{
			Scores: []int{4, 2}, Supply: []int{7, 7}, Ended: &yes, Events: []string{"complete road"}, Board: "0,0:base/D@0 1,0:base/U@0",
			Followers: []tilekit.ScenarioFollower{{Player: 2, Feature: "city", Origin: at.At("expect", "followers", "0")}},
			Origin:    at.At("expect"),
		},
		Folder: 1, // the second folder, after the built-in data
		Origin: at,
	}
	assert.Equal(t, want, *s)
	for _, c := range []struct {
		at   tilekit.Origin
		line int
	}{
		{s.Origin, 1},
		{s.Origin.At("scores"), 10},
		{s.Followers[0].Origin.At("feature"), 11},
		{s.Turns[0].Origin, 16},
		{s.Turns[0].Expect.Origin.At("scores"), 23},
		{s.Turns[1].Origin.At("illegal"), 28},
		{s.Expect.Origin.At("events"), 35},
	} {
		line, _ := res.Locate(c.at)
		assert.Equal(t, c.line, line, "%v", c.at.Path)
	}
}

// TestScenarioBuildDefaults checks the zero values a scenario that gives
// only its required keys is built with.
func TestScenarioBuildDefaults(t *testing.T) {
	res, err := Validate(BuiltinFolder(), Folder{Name: "u", FS: mapFS(map[string]string{
		"scenarios/base/min.toml": "[[scenario]]\nid = \"base/least\"\ntitle = \"The least\"\nplayers = 3\n",
	})})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	s := res.Catalog.Scenario("base/least")
	require.NotNil(t, s)
	assert.Nil(t, s.Expansions, "the base game alone")
	assert.Empty(t, s.Edition, "C2")
	assert.Equal(t, tilekit.ScenarioOptions{}, s.Options, "farmers on, 2nd-edition scoring")
	assert.Nil(t, s.Scores)
	assert.Nil(t, s.Pile, "the edition's pile")
	assert.Nil(t, s.Expect.Followers, "followers not checked")
	assert.Nil(t, s.Expect.Ended)
	assert.Nil(t, s.Expect.Events)
}

// TestValidateScenariosLeavesSourcesOut checks that the scenarios of the
// data folders are not among those of the files given on their own, so
// that a file given by its path is not a duplicate of itself, while the
// files' own duplicates are reported.
func TestValidateScenariosLeavesSourcesOut(t *testing.T) {
	one := "[[scenario]]\nid = \"base/one\"\ntitle = \"One\"\nplayers = 2\n"
	two := "[[scenario]]\nid = \"base/two\"\ntitle = \"Two\"\nplayers = 2\n"
	data := Folder{Name: "data", FS: mapFS(map[string]string{"scenarios/base/one.toml": one})}
	loose := mapFS(map[string]string{"one.toml": one, "two.toml": two})
	res, err := ValidateScenarios([]ScenarioFile{{Name: "x/one.toml", FS: loose, Path: "one.toml"}, {Name: "x/two.toml", FS: loose, Path: "two.toml"}}, BuiltinFolder(), data)
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	var ids []string
	for _, s := range res.Catalog.Scenarios {
		ids = append(ids, s.ID+" "+s.Origin.File)
	}
	assert.Equal(t, []string{"base/one x/one.toml", "base/two x/two.toml"}, ids)

	res, err = ValidateScenarios([]ScenarioFile{{Name: "a.toml", FS: loose, Path: "one.toml"}, {Name: "b.toml", FS: loose, Path: "one.toml"}}, BuiltinFolder())
	require.NoError(t, err)
	require.Len(t, res.Diagnostics, 1)
	assert.Equal(t, "duplicate-id", res.Diagnostics[0].Code)
	assert.Equal(t, "b.toml", res.Diagnostics[0].File)

	res, err = ValidateScenarios([]ScenarioFile{{Name: "gone.toml", FS: loose, Path: "gone.toml"}}, BuiltinFolder())
	require.NoError(t, err)
	require.Len(t, res.Diagnostics, 1)
	assert.Equal(t, "file-skipped", res.Diagnostics[0].Code, "a file gone before it is read is named")
}

func TestScenarioFolder(t *testing.T) {
	for _, c := range []struct {
		file, folder string
		in           bool
	}{
		{"<builtin>/scenarios/base/roads.toml", "base", true},
		{"my-data/scenarios/fan/a.toml", "fan", true},
		{"scenarios/base/deeper/a.toml", "base", true},
		{"scenarios/a.toml", "", true},
		{"a.toml", "", false},
		{"/tmp/my-scenarios/a.toml", "", false},
	} {
		folder, in := scenarioFolder(c.file)
		assert.Equal(t, c.folder, folder, c.file)
		assert.Equal(t, c.in, in, c.file)
	}
}

// FuzzValidateScenarios runs arbitrary text through the load pipeline and
// the scenario checks, as a scenario file of a user folder and as a file
// given on its own. It must never panic, and every diagnostic must be
// located in the file, from line and column 1.
func FuzzValidateScenarios(f *testing.F) {
	for _, p := range fixturePaths(f) {
		ar, err := txtar.ParseFile(p)
		require.NoError(f, err)
		for _, file := range ar.Files {
			if strings.HasPrefix(file.Name, "scenarios/") {
				f.Add(string(file.Data))
			}
		}
	}
	f.Add(fullScenario)
	f.Add("[[scenario]]\nid = \"base/x\"\ntitle = \"x\"\nplayers = 2\nposition = \"0,0:base/D@0 0,0:base/D@0\"\nfollowers = [{ player = 1, at = \"0,0\", feature = \"#9\" }]\n")
	f.Fuzz(func(t *testing.T, src string) {
		fsys := mapFS(map[string]string{"scenarios/base/fuzz.toml": src})
		res, err := Validate(BuiltinFolder(), Folder{Name: "fuzz", FS: fsys})
		require.NoError(t, err)
		for _, d := range res.Diagnostics {
			if d.File != "fuzz/scenarios/base/fuzz.toml" || d.Line < 1 || d.Column < 1 || d.Code == "" {
				t.Fatalf("badly located diagnostic: %+v", d)
			}
		}
		res, err = ValidateScenarios([]ScenarioFile{{Name: "fuzz.toml", FS: fsys, Path: "scenarios/base/fuzz.toml"}}, BuiltinFolder())
		require.NoError(t, err)
		for _, d := range res.Diagnostics {
			if d.File != "fuzz.toml" || d.Line < 1 || d.Column < 1 || d.Code == "" {
				t.Fatalf("badly located diagnostic: %+v", d)
			}
		}
	})
}

// TestScenarioSchemaVocabulary keeps the closed vocabularies of the
// scenarios schema in step with the domain types and with the citations
// of interactions files, whose shape a scenario's source shares.
func TestScenarioSchemaVocabulary(t *testing.T) {
	const s = "scenarios.schema.json"
	assert.Equal(t, sorted(tilekit.Editions), enumOf(t, s, "definitions/scenario/properties/edition"))
	assert.Equal(t, sorted(tilekit.Publishers), enumOf(t, s, "definitions/scenario/properties/publisher"))
	assert.Equal(t, sorted(tilekit.Publishers), enumOf(t, s, "definitions/citation/properties/publisher"))
	assert.Equal(t, enumOf(t, "interactions.schema.json", "definitions/citation/properties/kind"), enumOf(t, s, "definitions/citation/properties/kind"))
	rotations := loadSchemaJSON(t, s)["definitions"].(map[string]any)["turn"].(map[string]any)["properties"].(map[string]any)["rotation"].(map[string]any)["enum"]
	assert.Equal(t, []any{0.0, 90.0, 180.0, 270.0}, rotations)
	assert.Equal(t, [4]int{0, 90, 180, 270}, tilekit.Rotations)
}

// TestScenarioBoardFollowsTheTurns checks where the follower checks look
// for tiles: the start tile when there is no position, the tiles the turns
// laid so far, never a discarded tile, and nowhere past a tile no file
// defines (its error is enough).
func TestScenarioBoardFollowsTheTurns(t *testing.T) {
	head := "[[scenario]]\nid = \"base/b\"\ntitle = \"b\"\nplayers = 2\n"
	for _, c := range []struct {
		name, body string
		want       []string // codes and messages
	}{
		{"start tile", `followers = [{ player = 1, at = "0,0", feature = "city" }]`, nil},
		{"beside the start tile", `followers = [{ player = 1, at = "1,0", feature = "road" }]`,
			[]string{"follower-off-board: no tile lies at 1,0 before the first turn"}},
		{"laid by a turn", "[[scenario.turn]]\ntile = \"base/U\"\nat = \"1,0\"\nexpect = { followers = [{ player = 1, at = \"1,0\", feature = \"road\" }] }", nil},
		{"before the turn lays it", "followers = [{ player = 1, at = \"1,0\", feature = \"road\" }]\n[[scenario.turn]]\ntile = \"base/U\"\nat = \"1,0\"",
			[]string{"follower-off-board: no tile lies at 1,0 before the first turn"}},
		{"discarded", "[[scenario.turn]]\ntile = \"base/U\"\ndiscard = true\n[scenario.expect]\nfollowers = [{ player = 1, at = \"0,0\", feature = \"road\" }]", nil},
		{"feature of the laid tile", "[[scenario.turn]]\ntile = \"base/E\"\nat = \"0,-1\"\nrotation = 180\n[scenario.expect]\nfollowers = [{ player = 1, at = \"0,-1\", feature = \"road\" }]",
			[]string{`unknown-feature: tile base/E at 0,-1 has no feature "road"; its features are city, field`}},
		{"past an unknown tile", "[[scenario.turn]]\ntile = \"base/Q\"\nat = \"0,-1\"\n[[scenario.turn]]\ntile = \"fan/nothing-here\"\nat = \"1,0\"\n[scenario.expect]\nfollowers = [{ player = 1, at = \"5,5\", feature = \"road\" }]",
			[]string{`unknown-tile: no loaded file defines the tile "fan/nothing-here"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Validate(BuiltinFolder(), Folder{Name: "u", FS: mapFS(map[string]string{"scenarios/base/b.toml": head + c.body + "\n"})})
			require.NoError(t, err)
			var got []string
			for _, d := range res.Diagnostics {
				got = append(got, d.Code+": "+d.Message)
			}
			assert.Equal(t, c.want, got)
		})
	}
}
