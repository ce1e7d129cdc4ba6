package game_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// houseRow is a house-rule row of a user's data folder: a table, a
// subject, a verdict and the keys it needs beside them.
type houseRow struct{ table, subject, verdict, more string }

// houseFolder validates a data folder holding one house-rule row on top of
// the built-in data, requires it to be clean and returns the catalog.
func houseFolder(t *testing.T, row houseRow) *tilekit.Catalog {
	t.Helper()
	src := fmt.Sprintf(`[[row]]
table = %q
subject = %q
verdict = %q
%s
source = { kind = "house-rule", title = "Our table's rules" }
explanation = "The way we play it."
`, row.table, row.subject, row.verdict, row.more)
	fsys := fstest.MapFS{"interactions/house.toml": {Data: []byte(src)}}
	res, err := validator.Validate(validator.BuiltinFolder(), validator.Folder{Name: "house", FS: fsys})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics, "%v: the row validates clean", row)
	return res.Catalog
}

// playsClean plays random games of a catalog's selection and requires no
// break: a rule the data allows is never a break.
func playsClean(t *testing.T, cat *tilekit.Catalog, ids []string, pub tilekit.Publisher, games int, what string) {
	t.Helper()
	sel, err := rules.Select(cat, ids)
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.DefaultEdition, Publisher: pub})
	require.NoError(t, err)
	p, err := game.NewPlayout(r, 2, true)
	require.NoError(t, err)
	for seed := range uint64(games) {
		_, err := p.Play(seed)
		require.NoError(t, err, "%s, %s seed %d", what, pub, seed)
	}
}

// A house-rule row that validates clean plays random games without a
// break: the dragon spares the farmers (or every follower, or those that
// came through the portal), and the fairy then joins a follower on the
// dragon's tile, which the data allows.
func TestHouseRulesBreakNothing(t *testing.T) {
	for _, row := range []houseRow{
		{"dragon-protection", "field", "conditional", `condition = "the follower lies in a field"`},
		{"dragon-protection", "occupied-feature", "yes", "exception = true"},
		{"dragon-protection", "magic-portal", "yes", "exception = true"},
		{"dragon-protection", "completed-feature", "yes", "exception = true"},
		{"black-dragon-protection", "field", "yes", "exception = true"},
		{"black-dragon-protection", "occupied-feature", "yes", "exception = true"},
	} {
		cat := houseFolder(t, row)
		what := row.table + " " + row.subject
		for _, pub := range []tilekit.Publisher{tilekit.HansImGlueck, tilekit.RioGrande} {
			playsClean(t, cat, []string{"princess-dragon"}, pub, 300, what)
			playsClean(t, cat, []string{"princess-dragon", "black-dragon"}, pub, 150, what)
		}
	}
}

// A dragon-diet that spares the meeple leaves the followers on the
// dragon's tile, and random games play without a break.
func TestDietWithoutTheMeepleBreaksNothing(t *testing.T) {
	cat := changedCatalog(t, 6, tilekit.No)
	for _, pub := range []tilekit.Publisher{tilekit.HansImGlueck, tilekit.RioGrande} {
		playsClean(t, cat, []string{"princess-dragon"}, pub, 1000, "dragon-diet meeple no")
	}
}

// withVerdicts copies the built-in data with every row of a table and
// subject set to a verdict, as a copy of the data folder edited by hand
// could be; a subject with no row gets one.
func withVerdicts(t *testing.T, table, subject string, v tilekit.Verdict) *tilekit.Catalog {
	t.Helper()
	d := catalog(t).Data
	d.Rows = slices.Clone(d.Rows)
	found := false
	for i := range d.Rows {
		if r := &d.Rows[i]; r.Table == table && r.Subject == subject {
			r.Verdict, r.Condition, found = v, "", true
		}
	}
	if !found {
		d.Rows = append(d.Rows, tilekit.Row{Table: table, Subject: subject, Verdict: v, Source: tilekit.Citation{Kind: "house-rule", Title: "Ours"}})
	}
	return tilekit.NewCatalog(d)
}

// Verdicts changed in a copy of the data, beyond what a folder on top of
// the built-in data can say, play random games without a break either.
func TestChangedVerdictsBreakNothing(t *testing.T) {
	for _, tc := range []struct {
		table, subject string
		v              tilekit.Verdict
	}{
		{"volcano-deploy", "meeple", tilekit.Yes},
		{"volcano-deploy", "fairy", tilekit.Yes},
		{"portal-destinations", "occupied-feature", tilekit.Yes},
		{"portal-destinations", "completed-feature", tilekit.Yes},
		{"portal-destinations", "fairy-tile", tilekit.Yes},
		{"dragon-diet", "fairy", tilekit.Yes},
		{"dragon-protection", "fairy-tile", tilekit.No},
		{"black-dragon-diet", "meeple", tilekit.No},
		{"fairy-companions", "meeple", tilekit.No},
	} {
		cat := withVerdicts(t, tc.table, tc.subject, tc.v)
		what := fmt.Sprintf("%s %s %s", tc.table, tc.subject, tc.v)
		for _, pub := range []tilekit.Publisher{tilekit.HansImGlueck, tilekit.RioGrande} {
			playsClean(t, cat, []string{"princess-dragon", "black-dragon"}, pub, 150, what)
		}
	}
}

// A dragon that the fairy does not block, and that lets followers come
// onto its tile, plays random games without a break: the invariants read
// the step's data as the legal moves do.
func TestChangedDragonMovementBreaksNothing(t *testing.T) {
	d := catalog(t).Data
	d.Steps = slices.Clone(d.Steps)
	changed := 0
	for i := range d.Steps {
		if s := &d.Steps[i]; s.ID == "dragon-move" || s.ID == "volcano-dragon" {
			if s.Mechanics.Movement != nil {
				mv := *s.Mechanics.Movement
				mv.BlockedBy, mv.NoDeploy = nil, false
				s.Mechanics.Movement = &mv
				changed++
			}
		}
	}
	require.Equal(t, 2, changed, "the movements of dragon-move and volcano-dragon")
	cat := tilekit.NewCatalog(d)
	for _, pub := range []tilekit.Publisher{tilekit.HansImGlueck, tilekit.RioGrande} {
		playsClean(t, cat, []string{"princess-dragon", "black-dragon"}, pub, 300, "no blocking, no no-deploy")
	}
}

// houseRulesFolder reads the house-rule folder of the command's script
// testdata/script/house-rules.txtar, with its scenario spared.toml (under
// the house rules the dragon moves one tile and spares the farmer) as a
// scenario of the folder, validates it on top of the built-in data and
// returns the catalog.
func houseRulesFolder(t *testing.T) *tilekit.Catalog {
	t.Helper()
	ar, err := txtar.ParseFile("../testdata/script/house-rules.txtar")
	require.NoError(t, err)
	fsys := fstest.MapFS{}
	for _, f := range ar.Files {
		if name, ok := strings.CutPrefix(f.Name, "house/"); ok {
			fsys[name] = &fstest.MapFile{Data: f.Data}
		} else if f.Name == "spared.toml" {
			fsys["scenarios/princess-dragon/spared.toml"] = &fstest.MapFile{Data: f.Data}
		}
	}
	require.Len(t, fsys, 2)
	res, err := validator.Validate(validator.BuiltinFolder(), validator.Folder{Name: "house", FS: fsys})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	return res.Catalog
}

// The events of a house step cite the house step's source, not the
// built-in step's: the dragon's move and meal under the house dragon-move
// name "Our house rules", with the rule's id kept, while the built-in
// scenario under the built-in data cites the rulebook; Event.Rule, which
// knows no ruleset, gives the rule's id alone.
func TestHouseStepEventsCiteTheHouseSource(t *testing.T) {
	house := tilekit.Citation{Kind: "house-rule", Title: "Our house rules"}
	builtin, spared := catalog(t), houseRulesFolder(t)
	for _, tc := range []struct {
		cat      *tilekit.Catalog
		scenario string
		want     func(tilekit.Citation) bool
	}{
		{spared, "princess-dragon/house-dragon-spares-farmer", func(c tilekit.Citation) bool { return c == house }},
		{builtin, "princess-dragon/dragon-eats-farmer", func(c tilekit.Citation) bool {
			return c.Kind == tilekit.Rulebook && c.Section == "Der Drache"
		}},
	} {
		s := tc.cat.Scenario(tc.scenario)
		require.NotNil(t, s, tc.scenario)
		run := game.RunScenario(tc.cat, s)
		require.True(t, run.Passed(), "%v", run.Failures)
		kinds := 0
		for _, e := range run.Events[0] {
			if e.Actor != figDragon {
				continue
			}
			kinds |= 1 << e.Kind
			rule := run.EventRule(e)
			assert.Equal(t, e.Rule().ID, rule.ID)
			require.Len(t, rule.Sources, 1)
			assert.True(t, tc.want(rule.Sources[0]), "%s: %+v", e.Notation(), rule.Sources[0])
			assert.Empty(t, e.Rule().Sources, "Event.Rule knows no ruleset: a moving figure's rule is its id alone")
		}
		assert.NotZero(t, kinds&(1<<game.EventMoved), "%s: the dragon moves", tc.scenario)
		assert.NotZero(t, kinds&(1<<game.EventEaten|1<<game.EventSpared), "%s: the dragon eats or spares", tc.scenario)
	}
}

// Every rule a unit's event of the built-in worked examples follows names
// the step of the order of play that states it, one the engine plays, so
// that a house step superseding it is cited; the base game's rules and
// the fairy's points for a feature, which the scoring states, name none.
func TestUnitEventRulesNameTheirStep(t *testing.T) {
	cat := catalog(t)
	steps := map[string]bool{}
	for i := range cat.Scenarios {
		run := game.RunScenario(cat, &cat.Scenarios[i])
		for _, events := range run.Events {
			for _, e := range events {
				rule := run.EventRule(e)
				if rule.Step == "" {
					assert.True(t, e.Kind <= game.EventReturned, "%s: rule %s names no step", e.Notation(), rule.ID)
					continue
				}
				st := cat.Step(rule.Step)
				assert.True(t, st != nil && rules.StepPlayed(st), "%s: rule %s names %s", e.Notation(), rule.ID, rule.Step)
				steps[rule.Step] = true
			}
		}
	}
	for i := range cat.Steps {
		id := cat.Steps[i].ID
		// A deployment elsewhere or a second one places a follower, as
		// place-figure does, with no event of its own; a symbol's feature
		// is a place of the tiles, scored by its kind's rules; a held tile
		// is laid by the tile move.
		m := &cat.Steps[i].Mechanics
		if rules.StepPlayed(&cat.Steps[i]) && id != "place-tile" && id != "place-figure" && id != "score-features" && m.Deployment == nil && m.SecondDeployment == nil && m.SymbolFeature == nil && m.HeldTile == nil {
			assert.True(t, steps[id], "a rule of the examples' events names the unit step %s", id)
		}
	}
}
