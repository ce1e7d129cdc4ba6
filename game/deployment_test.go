package game_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

// portalData copies the built-in data so that a test can change its
// deployment step, its tables and its locations as a user's data folder
// could.
func portalData(t *testing.T) tilekit.Data {
	t.Helper()
	d := catalog(t).Data
	d.Expansions, d.Tiles, d.Figures = slices.Clone(d.Expansions), slices.Clone(d.Tiles), slices.Clone(d.Figures)
	d.Locations, d.Actions, d.Tables = slices.Clone(d.Locations), slices.Clone(d.Actions), slices.Clone(d.Tables)
	d.Notes, d.Steps, d.Rows = slices.Clone(d.Notes), slices.Clone(d.Steps), slices.Clone(d.Rows)
	d.Scenarios = nil
	for _, s := range catalog(t).Scenarios {
		if strings.HasPrefix(s.ID, "princess-dragon/portal-") {
			d.Scenarios = append(d.Scenarios, s)
		}
	}
	return d
}

// deploymentOf returns the deployment step of the data, changed in place
// by a copy of its deployment and trigger.
func deploymentOf(t *testing.T, d *tilekit.Data) *tilekit.Step {
	t.Helper()
	for i := range d.Steps {
		if s := &d.Steps[i]; s.Mechanics.Deployment != nil {
			dep, tr := *s.Mechanics.Deployment, *s.Mechanics.Trigger
			s.Mechanics.Deployment, s.Mechanics.Trigger = &dep, &tr
			return s
		}
	}
	t.Fatal("the built-in data has no step with a deployment")
	return nil
}

// setRow sets the verdict of a table's row of a subject.
func setRow(t *testing.T, d *tilekit.Data, table, subject string, v tilekit.Verdict) {
	t.Helper()
	for i := range d.Rows {
		if r := &d.Rows[i]; r.Table == table && r.Subject == subject {
			r.Verdict = v
			return
		}
	}
	t.Fatalf("no row of %s for %s", table, subject)
}

// portalResults runs the portal scenarios of the data and returns each
// one's failures, joined, by id ("" for a pass).
func portalResults(t *testing.T, d tilekit.Data) map[string]string {
	t.Helper()
	cat := tilekit.NewCatalog(d)
	require.NotEmpty(t, cat.Scenarios)
	out := map[string]string{}
	for i := range cat.Scenarios {
		res := game.RunScenario(cat, &cat.Scenarios[i])
		var msgs []string
		for _, f := range res.Failures {
			msgs = append(msgs, f.Message)
		}
		out[res.ID] = strings.Join(msgs, "; ")
	}
	return out
}

// The engine plays the deployment from the data: its word, the symbol of
// its trigger, its figures and destinations tables and the locations that
// mean something to it (tile-of) are the data's, and the game follows
// when a copy of the data changes them.
func TestChangedDeploymentDataChangesTheGame(t *testing.T) {
	all := func(want string) func(string) bool { return func(got string) bool { return got == want } }
	for _, tc := range []struct {
		name   string
		change func(d *tilekit.Data)
		id     string
		want   func(got string) bool
	}{
		{"the built-in data", func(*tilekit.Data) {}, "", all("")},
		{"another word, which the moves use", func(d *tilekit.Data) {
			deploymentOf(t, d).Mechanics.Deployment.Word = "tunnel"
			for i := range d.Scenarios {
				s := &d.Scenarios[i]
				s.Turns = slices.Clone(s.Turns)
				for j := range s.Turns {
					moves := slices.Clone(s.Turns[j].Moves)
					for k := range moves {
						moves[k] = strings.Replace(moves[k], "portal ", "tunnel ", 1)
					}
					s.Turns[j].Moves = moves
				}
			}
		}, "", all("")},
		{"another symbol", func(d *tilekit.Data) {
			deploymentOf(t, d).Mechanics.Trigger.Symbol = tilekit.SymbolVolcano
		}, "", func(got string) bool { return strings.Contains(got, "shows no volcano symbol") }},
		{"a figures table that lets no meeple through", func(d *tilekit.Data) {
			setRow(t, d, "portal-figures", "meeple", tilekit.No)
		}, "", func(got string) bool { return strings.Contains(got, "not a legal move") }},
		{"a destinations table that refuses the tile of a neutral figure", func(d *tilekit.Data) {
			setRow(t, d, "portal-destinations", "fairy-tile", tilekit.No)
		}, "princess-dragon/portal-fairy-tile", func(got string) bool { return strings.Contains(got, "lies on the fairy's tile (portal-destinations") }},
		{"the same table, with the location meaning nothing to the engine", func(d *tilekit.Data) {
			setRow(t, d, "portal-destinations", "fairy-tile", tilekit.No)
			for i := range d.Locations {
				if d.Locations[i].TileOf != "" {
					d.Locations[i].TileOf = ""
				}
			}
		}, "", all("")},
	} {
		d := portalData(t)
		tc.change(&d)
		for id, got := range portalResults(t, d) {
			if tc.id == "" || id == tc.id {
				assert.True(t, tc.want(got), "%s: %s: %s", tc.name, id, got)
			} else {
				assert.Empty(t, got, "%s: %s", tc.name, id)
			}
		}
	}
}

// The engine finds the deployment by its part, not by its step's id: the
// step under another id (and the location it brings followers to under
// that id) plays every portal scenario as before, and the turn names it.
func TestDeploymentStepOfAnotherIDPlaysTheSame(t *testing.T) {
	d := portalData(t)
	s := deploymentOf(t, &d)
	old := s.ID
	s.ID = "tunnel"
	for i := range d.Locations {
		if d.Locations[i].DeployedBy == old {
			d.Locations[i].DeployedBy = s.ID
		}
	}
	for id, got := range portalResults(t, d) {
		assert.Empty(t, got, id)
	}
	r := pdRules(t, tilekit.NewCatalog(d), tilekit.HansImGlueck)
	assert.Contains(t, r.Steps(), "tunnel")
	assert.NotContains(t, r.Steps(), old)
}

// portalGrid is dragonGrid without player 2's follower: the first player
// sends a follower through a portal onto the cloister at 2,1, beside the
// dragon.
const portalGrid = "0,0:base/B@0 1,0:base/B@0 2,0:base/B@0[4:cloister] 0,1:base/B@0[3:cloister] 1,1:base/B@0 " +
	"2,1:base/B@0 0,2:base/B@0 1,2:base/B@0 2,2:base/B@0 / scores 0,0,0,0 / dragon 2,2"

// placeAnywhere lays the drawn tile at the first of the positions, in the
// first rotation, where it fits.
func placeAnywhere(t *testing.T, g *game.Game, at ...tilekit.BoardPosition) {
	t.Helper()
	for _, p := range at {
		for rot := range 4 {
			if place(g, p.X, p.Y, rot) == nil {
				return
			}
		}
	}
	t.Fatal("the tile fits none of the positions")
}

// A location that says it is deployed by the deployment's step
// (deployed-by) is the place of a follower that step brought: a dragon's
// protection table that spares it spares the follower that came through
// the portal, and only while the location says so.
func TestDeployedByLocationProtectsTheDeployedFollower(t *testing.T) {
	for _, tc := range []struct {
		name          string
		row, deployed bool
		want          string
	}{
		{"the built-in data", false, true, "eat dragon p1/meeple 2,1"},
		{"a protection row for the place", true, true, "spare dragon p1/meeple 2,1 dragon-protection"},
		{"the row, with the location meaning nothing", true, false, "eat dragon p1/meeple 2,1"},
	} {
		d := portalData(t)
		if tc.row {
			d.Rows = append(d.Rows, tilekit.Row{Table: "dragon-protection", Subject: "magic-portal", Verdict: tilekit.Yes,
				Source: tilekit.Citation{Kind: tilekit.HouseRule, Title: "Our house rules"}})
		}
		if !tc.deployed {
			for i := range d.Locations {
				d.Locations[i].DeployedBy = ""
			}
		}
		r := pdRules(t, tilekit.NewCatalog(d), tilekit.HansImGlueck)
		g, err := game.ParseSnapshot(r, portalGrid)
		require.NoError(t, err)
		take(t, g, "princess-dragon/portal-city-road-curve-es")
		placeAnywhere(t, g, pos(-1, 0), pos(-1, 1), pos(-1, 2), pos(0, -1), pos(1, -1), pos(0, 3), pos(1, 3))
		cloister, err := r.FeatureIndex(typeOf(t, r, "base/B"), "cloister")
		require.NoError(t, err)
		apply(t, g, r.DeployMove(pos(2, 1), cloister))
		take(t, g, "princess-dragon/dragon-city-cap-garden")
		require.NoError(t, place(g, 3, 1, 0))
		apply(t, g, game.NoFollower)
		var events []string
		events = append(events, apply(t, g, game.StepMove(figDragon, tilekit.North))...)
		assert.True(t, slices.ContainsFunc(events, func(e string) bool { return strings.HasPrefix(e, tc.want) }), "%s: %v", tc.name, events)
	}
}

// The engine plays one deployment in a turn, set off by a tile's symbol:
// a second step with a deployment, or one without a tile-symbol trigger,
// is a setup error that names the step.
func TestDeploymentTheEngineCannotPlayIsASetupError(t *testing.T) {
	d := portalData(t)
	second := *deploymentOf(t, &d)
	second.ID = "tunnel"
	dep := *second.Mechanics.Deployment
	dep.Word = "tunnel"
	second.Mechanics.Deployment = &dep
	d.Steps = append(d.Steps, second)
	cat := tilekit.NewCatalog(d)
	_, err := game.Compile(cat, mustSelect(t, cat, "princess-dragon"), game.Setup{Edition: tilekit.C2})
	assert.ErrorContains(t, err, "the turn has two steps with a deployment (magic-portal and tunnel)")

	d = portalData(t)
	deploymentOf(t, &d).Mechanics.Trigger.On = tilekit.TriggerTurnStart
	cat = tilekit.NewCatalog(d)
	_, err = game.Compile(cat, mustSelect(t, cat, "princess-dragon"), game.Setup{Edition: tilekit.C2})
	assert.ErrorContains(t, err, "step magic-portal: a deployment is set off by a tile-symbol trigger")
}
