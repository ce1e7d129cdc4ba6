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

// A scoring rule whose id is one of the base game's at the other moment
// is refused at Compile, at its place in the data: an id scores at one
// moment.
func TestCompileRefusesABaseRuleIDAtTheOtherMoment(t *testing.T) {
	data := strings.Replace(houseCityRule, `at = "completed"`, `at = "end-of-game"`, 1)
	fsys := fstest.MapFS{"interactions/house.toml": {Data: []byte(data)}}
	res, err := validator.Validate(validator.BuiltinFolder(), validator.Folder{Name: "house", FS: fsys})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	_, err = game.Compile(res.Catalog, rules.Selection{}, game.Setup{Edition: tilekit.C2})
	assert.ErrorContains(t, err, `house/interactions/house.toml: step[0].scoring[0]: scoring rule "city": the base game's rule of that id scores on completion, not at the end of the game`)
}

// innData is a fan expansion with one tile, a straight road with an inn
// (as Inns & Cathedrals prints them), and a step of its own whose rules
// score a road with an inn: 3 points a tile when completed, nothing when
// unfinished at the end. The ids are the data's own.
const innData = `[[expansion]]
id = "fan-inns"
name = "Fan inns"
kind = "fan"
editions = ["C2"]
-- tiles --
[[tile]]
id = "fan-inns/inn"
name = "Road with an inn"
counts = { C2 = 1 }

[[tile.feature]]
kind = "road"
sides = ["W", "E"]
attributes = ["inn"]

[[tile.feature]]
kind = "field"
sides = ["WR", "NL", "NR", "EL"]

[[tile.feature]]
kind = "field"
sides = ["ER", "SL", "SR", "WL"]
-- interactions --
[[step]]
id = "fan-inn-scoring"
name = "Inns"
expansion = "fan-inns"
phase = 3
after = ["place-figure"]
before = ["score-features"]
explanation = "A road with an inn scores 3 a tile, or nothing."
source = { kind = "fan-rules", title = "Fan inns" }

[[step.scoring]]
id = "fan-inn-road"
feature = "road"
at = "completed"
term = [{ per = "tile", points = 3 }]
when = { has = "inn" }
sources = [{ kind = "fan-rules", title = "Fan inns" }]

[[step.scoring]]
id = "fan-end-inn-road"
feature = "road"
at = "end-of-game"
term = []
when = { has = "inn" }
sources = [{ kind = "fan-rules", title = "Fan inns" }]
`

// innRules compiles the base game with the fan inns.
func innRules(t *testing.T) *game.Ruleset {
	t.Helper()
	parts := strings.Split(innData, "-- tiles --\n")
	tiles, steps, _ := strings.Cut(parts[1], "-- interactions --\n")
	fsys := fstest.MapFS{
		"expansions/fan.toml":   {Data: []byte(parts[0])},
		"tiles/fan.toml":        {Data: []byte(tiles)},
		"interactions/fan.toml": {Data: []byte(steps)},
	}
	res, err := validator.Validate(validator.BuiltinFolder(), validator.Folder{Name: "fan", FS: fsys})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	sel, err := rules.Select(res.Catalog, []string{"fan-inns"})
	require.NoError(t, err)
	r, err := game.Compile(res.Catalog, sel, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	return r
}

// A step of an expansion may state scoring rules of its own ids, which
// the engine tries before the base game's: a completed road of four tiles,
// one of them with an inn, scores 3 x 4 = 12 by the fan's rule, whose event
// names it and its step; a road of the same shape without an inn scores 4
// by the base game's; and at the end an unfinished road with an inn scores
// nothing, by the fan's rule, while one without scores a point a tile.
func TestExpansionScoringRulesByAttribute(t *testing.T) {
	r := innRules(t)
	// The start tile's road runs west-east; the inn tile east of it, with a
	// meeple of player 1 on its road, and a cloister with a road end
	// east of that.
	g, err := game.ParseSnapshot(r, "0,0:base/D@0 1,0:fan-inns/inn@0[1:road] 2,0:base/A@90 / scores 0,0")
	require.NoError(t, err)
	events := turn(t, g, "base/A", pos(-1, 0), 3, 0)
	assert.Equal(t, []string{"complete road", "score p1 12 fan-inn-road", "return p1 1 road"}, eventTexts(events))
	assert.Equal(t, "fan-inn-scoring", g.Ruleset().EventRule(events[1]).Step)
	assert.Equal(t, "fan-inn-road", g.Ruleset().EventRule(events[1]).Score.ID)

	g, err = game.ParseSnapshot(r, "0,0:base/D@0 1,0:base/U@0[1:road] 2,0:base/A@90 / scores 0,0")
	require.NoError(t, err)
	events = turn(t, g, "base/A", pos(-1, 0), 3, 0)
	assert.Equal(t, []string{"complete road", "score p1 4 road", "return p1 1 road"}, eventTexts(events))

	for _, c := range []struct{ tile, want string }{
		{"fan-inns/inn", "end score p1 0 fan-end-inn-road"},
		{"base/U", "end score p1 3 road"},
	} {
		g, err = game.ParseSnapshot(r, "0,0:base/D@0 1,0:"+c.tile+"@0[1:road] 2,0:base/A@90 / scores 0,0")
		require.NoError(t, err)
		events = g.EndGame(nil)
		assert.Contains(t, eventTexts(events), c.want)
		ev, err := game.ParseEvent(c.want)
		require.NoError(t, err, "the notation reads the data's rule back")
		assert.Equal(t, ev.Scoring, events[0].Scoring)
	}
}
