package game_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// changedData returns the built-in data as a copy (fstest.MapFS) in which
// each old text of interactions/order.toml is replaced by its new one,
// validated without error (the steps no engine plays warn, as in any
// folder but the built-in one).
func changedData(t *testing.T, edits map[string]string) *tilekit.Catalog {
	t.Helper()
	copied := fstest.MapFS{}
	require.NoError(t, fs.WalkDir(tilekit.Builtin(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(tilekit.Builtin(), path)
		copied[path] = &fstest.MapFile{Data: data}
		return err
	}))
	order := string(copied["interactions/order.toml"].Data)
	for old, new := range edits {
		require.Equal(t, 1, strings.Count(order, old), "order.toml holds %q once", old)
		order = strings.Replace(order, old, new, 1)
	}
	copied["interactions/order.toml"] = &fstest.MapFile{Data: []byte(order)}
	res, err := validator.Validate(validator.Folder{Name: "copy", FS: copied})
	require.NoError(t, err)
	for _, d := range res.Diagnostics {
		require.NotEqual(t, validator.Error, d.Severity, "the changed data validate without error: %v", d)
	}
	return res.Catalog
}

// In a copy of the data where a completed city scores 3 points a tile
// (not 2) and the fairy brings 2 points at the start of a turn (not 1) and
// 5 when its follower's feature is scored (not 3), the worked examples
// score by the changed values: each completed city's event scores 3 a tile
// and 2 a pennant, each fairy event the new points, every other event as
// before, and the final scores move by the difference.
func TestScoresFollowTheScoringData(t *testing.T) {
	cat := catalog(t)
	changed := changedData(t, map[string]string{
		`id = "city"` + "\n" + `feature = "city"` + "\n" + `at = "completed"` + "\n" + `term = [{ per = "tile", points = 2 }`: `id = "city"` + "\n" + `feature = "city"` + "\n" + `at = "completed"` + "\n" + `term = [{ per = "tile", points = 3 }`,
		`on = "turn-start"` + "\npoints = 1\n":     `on = "turn-start"` + "\npoints = 2\n",
		`on = "feature-scored"` + "\npoints = 3\n": `on = "feature-scored"` + "\npoints = 5\n",
	})
	want := map[string]func(game.Event) int{
		"city":          func(e game.Event) int { return 3*e.Feature.Tiles + 2*e.Feature.Pennants },
		"fairy-turn":    func(game.Event) int { return 2 },
		"fairy-feature": func(game.Event) int { return 5 },
	}
	checked := map[string]int{}
	for i := range cat.Scenarios {
		s := &cat.Scenarios[i]
		before, after := game.RunScenario(cat, s), game.RunScenario(changed, changed.Scenario(s.ID))
		if before.Game == nil || after.Game == nil || len(before.Events) != len(after.Events) {
			continue
		}
		var moved [game.MaxPlayers]int
		for turn := range before.Events {
			if len(before.Events[turn]) != len(after.Events[turn]) {
				t.Fatalf("%s turn %d: the changed points changed the game's events, not only their points", s.ID, turn)
			}
			for j, e := range after.Events[turn] {
				old := before.Events[turn][j]
				if e.Kind != game.EventScored {
					continue
				}
				id := e.Rule().ID
				points := old.Points
				if f := want[id]; f != nil {
					points = f(e)
					checked[id]++
				}
				assert.Equal(t, points, e.Points, "%s turn %d: %s", s.ID, turn, e.Notation())
				moved[e.Player] += e.Points - old.Points
			}
		}
		for p := range before.Game.NumPlayers() {
			assert.Equal(t, before.Game.Player(p).Score+moved[p], after.Game.Player(p).Score, "%s: player %d's score", s.ID, p+1)
		}
	}
	for id := range want {
		assert.NotZero(t, checked[id], "a worked example scores by %s", id)
	}
}

// houseCityRule is a house rule that supersedes the step score-features
// with one scoring rule: a completed city scores 3 points a tile.
const houseCityRule = `[[step]]
id = "score-features"
supersedes = "score-features"
source = { kind = "house-rule", title = "Our table's rules" }

[[step.scoring]]
id = "city"
feature = "city"
at = "completed"
term = [{ per = "tile", points = 3 }, { per = "pennant", points = 2 }]
sources = [{ kind = "house-rule", title = "Our table's rules" }]
`

// A house rule that supersedes the scoring step with one rule changes that
// rule and keeps the others, in their order: a completed city scores 3
// points a tile, its event cites the house rule, and a road still scores by
// the built-in rule.
func TestHouseScoringRuleReplacesOneRule(t *testing.T) {
	fsys := fstest.MapFS{"interactions/house.toml": {Data: []byte(houseCityRule)}}
	res, err := validator.Validate(validator.BuiltinFolder(), validator.Folder{Name: "house", FS: fsys})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	builtin, house := catalog(t).Step("score-features").Mechanics.Scoring, res.Catalog.Step("score-features").Mechanics.Scoring
	require.Len(t, house, len(builtin))
	for i := range builtin {
		assert.Equal(t, builtin[i].ID, house[i].ID, "the rules keep their order")
		if builtin[i].ID != "city" {
			assert.Equal(t, builtin[i], house[i])
		}
	}
	seen := map[string]bool{}
	for i := range res.Catalog.Scenarios {
		run := game.RunScenario(res.Catalog, &res.Catalog.Scenarios[i])
		for _, events := range run.Events {
			for _, e := range events {
				if e.Kind != game.EventScored {
					continue
				}
				rule := run.EventRule(e)
				switch rule.ID {
				case "city":
					assert.Equal(t, 3*e.Feature.Tiles+2*e.Feature.Pennants, e.Points, run.ID)
					assert.Equal(t, tilekit.HouseRule, rule.Sources[0].Kind, run.ID)
				case "road":
					assert.Equal(t, e.Feature.Tiles, e.Points, run.ID)
					assert.Equal(t, tilekit.Rulebook, rule.Sources[0].Kind, run.ID)
				}
				seen[rule.ID] = true
			}
		}
	}
	assert.True(t, seen["city"] && seen["road"], "a city and a road scored: %v", seen)
}

// A scoring rule or a bonus whose id the engine's events do not know is
// refused at Compile, at its place in the data.
func TestCompileRefusesUnknownScoringIDs(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{strings.Replace(houseCityRule, `id = "city"`, `id = "big-city"`, 1), `house/interactions/house.toml: step[0].scoring[0]: scoring rule "big-city": the engine's events know no such rule on completion`},
		{strings.Replace(houseCityRule, `at = "completed"`, `at = "end-of-game"`, 1), `scoring rule "city": the engine's events know no such rule at the end of the game`},
	} {
		fsys := fstest.MapFS{"interactions/house.toml": {Data: []byte(c.data)}}
		res, err := validator.Validate(validator.BuiltinFolder(), validator.Folder{Name: "house", FS: fsys})
		require.NoError(t, err)
		require.Empty(t, res.Diagnostics)
		_, err = game.Compile(res.Catalog, rules.Selection{}, game.Setup{Edition: tilekit.C2})
		assert.ErrorContains(t, err, c.want)
	}
}
