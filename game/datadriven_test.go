package game_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// changedCatalog copies the built-in data and changes it as a user's data
// folder could: the dragon moves steps tiles instead of six, and
// dragon-diet says verdict for the meeple.
func changedCatalog(t *testing.T, steps int, verdict tilekit.Verdict) *tilekit.Catalog {
	t.Helper()
	d := catalog(t).Data
	d.Expansions, d.Tiles, d.Figures = slices.Clone(d.Expansions), slices.Clone(d.Tiles), slices.Clone(d.Figures)
	d.Locations, d.Actions, d.Tables = slices.Clone(d.Locations), slices.Clone(d.Actions), slices.Clone(d.Tables)
	d.Notes, d.Scenarios = slices.Clone(d.Notes), slices.Clone(d.Scenarios)
	d.Steps, d.Rows = slices.Clone(d.Steps), slices.Clone(d.Rows)
	changed := 0
	for i := range d.Steps {
		if s := &d.Steps[i]; s.ID == "dragon-move" {
			mv := *s.Mechanics.Movement
			mv.Steps = steps
			s.Mechanics.Movement = &mv
			changed++
		}
	}
	for i := range d.Rows {
		if r := &d.Rows[i]; r.Table == "dragon-diet" && r.Subject == "meeple" {
			r.Verdict = verdict
			changed++
		}
	}
	require.Equal(t, 2, changed, "the dragon-move step and the meeple's dragon-diet row")
	return tilekit.NewCatalog(d)
}

// The engine reads the dragon's steps and its diet from the data: with two
// steps and a dragon-diet row that spares the meeple, the dragon of the
// page's example stops after two steps and leaves blue's follower where it
// stands, and the event names the row that decided it.
func TestChangedDataChangesTheGame(t *testing.T) {
	for _, tc := range []struct {
		steps   int
		verdict tilekit.Verdict
		want    []string
	}{
		{6, tilekit.Yes, []string{"move dragon 2,1", "move dragon 1,1", "eat dragon p2/meeple 1,1 dragon-diet/rulebook"}},
		{2, tilekit.No, []string{"move dragon 2,1", "move dragon 1,1", "spare dragon p2/meeple 1,1 dragon-diet/rulebook"}},
	} {
		r := pdRules(t, changedCatalog(t, tc.steps, tc.verdict), tilekit.HansImGlueck)
		g, err := game.ParseSnapshot(r, dragonGrid)
		require.NoError(t, err)
		take(t, g, "princess-dragon/dragon-city-cap-garden")
		require.NoError(t, place(g, 3, 1, 0))
		apply(t, g, game.NoFollower)
		var events []string
		events = append(events, apply(t, g, game.StepMove(figDragon, tilekit.North))...)
		events = append(events, apply(t, g, game.StepMove(figDragon, tilekit.West))...)
		assert.Equal(t, tc.want, events, "%d steps, meeple %s", tc.steps, tc.verdict)
		assert.Equal(t, tc.steps == 2, g.Decision() == "draw", "%d steps: the move is over after two", tc.steps)
	}
}

// A step the engine has no implementation for is a setup error that names
// it and its expansion.
func TestUnknownStepIsASetupError(t *testing.T) {
	cat := catalog(t)
	_, err := game.Compile(cat, mustSelect(t, cat, "tower"), game.Setup{Edition: tilekit.C2})
	assert.ErrorContains(t, err, "the step tower-capture (Build a tower and take a prisoner, of expansion tower) has no implementation")
	_, err = game.Compile(cat, mustSelect(t, cat, "inns-cathedrals"), game.Setup{Edition: tilekit.C2})
	assert.NoError(t, err, "an expansion that adds only tiles plays as the base game")
	_, err = game.Compile(cat, rules.Selection{}, game.Setup{Edition: tilekit.C2, Publisher: "abc"})
	assert.EqualError(t, err, `unknown publisher "abc" (want hig, rgg or zmg)`)
}

// mustSelect reads a selection of expansion ids.
func mustSelect(t *testing.T, cat *tilekit.Catalog, ids ...string) rules.Selection {
	t.Helper()
	sel, err := rules.Select(cat, ids)
	require.NoError(t, err)
	return sel
}

// stepChanged copies the built-in data with the step of an id changed
// as a user's data folder could (changedStep).
func stepChanged(t *testing.T, id string, change func(*tilekit.Mechanics)) *tilekit.Catalog {
	t.Helper()
	return changedStep(t, id, func(s *tilekit.Step) bool { return s.ID == id }, func(s *tilekit.Step) { change(&s.Mechanics) })
}

// The engine reads the Black Dragon's threshold and its steps from the
// data: with a threshold of 3 it enters on a turn that scores 3 from 0
// (the built-in 50 lets it wait), and with one step a move instead of one
// per completed feature it stops after one step though the tile completed
// two features.
func TestChangedBlackDragonDataChangesTheGame(t *testing.T) {
	for _, threshold := range []int{50, 3} {
		cat := stepChanged(t, "black-dragon-place", func(m *tilekit.Mechanics) { m.Trigger.Threshold = threshold })
		r := selRules(t, cat, tilekit.C2, "", "black-dragon")
		g, err := game.ParseSnapshot(r, "0,0:base/D@0 1,0:base/A@90[1:road] / scores 0,0")
		require.NoError(t, err)
		take(t, g, "base/A")
		require.NoError(t, place(g, -1, 0, 3))
		events := apply(t, g, game.FollowerMove(feature(t, r, "base/A", "field")))
		assert.Equal(t, threshold == 3, slices.Contains(events, "enter black-dragon -1,0"), "threshold %d: %v", threshold, events)
	}
	for _, steps := range []int{0, 1} {
		cat := stepChanged(t, "black-dragon-move", func(m *tilekit.Mechanics) {
			if steps > 0 {
				m.Movement.Per, m.Movement.Steps = "", steps
			}
		})
		r := selRules(t, cat, tilekit.C2, "", "black-dragon")
		g, err := game.ParseSnapshot(r, "0,0:base/D@0[3:field2] 1,0:base/A@90 0,-1:base/E@180[2:field] -1,-1:base/E@180 "+
			"/ scores 0,0,0 / black-dragon 1,0")
		require.NoError(t, err)
		take(t, g, "base/L")
		require.NoError(t, place(g, -1, 0, 0))
		apply(t, g, game.FollowerMove(feature(t, r, "base/L", "road@E")))
		apply(t, g, game.StepMove(figBlack, tilekit.West))
		want := "black-dragon" // one step per completed feature: two
		if steps == 1 {
			want = "draw"
		}
		assert.Equal(t, want, g.Decision(), "steps %d: after one step", steps)
	}
}

// The fairy's move and the volcano's deploy table are the data's: the
// fairy may move onto the volcano tile the dragon was just called to, as
// volcano-deploy allows; with the volcano step's deploy table one that
// answers no for the fairy it may not, and with the fairy's beside table
// one that answers no for the meeple it never moves.
func TestCompanionAndDeployTablesAreTheData(t *testing.T) {
	for _, c := range []struct {
		step, deploy, beside string
		fairy                bool
	}{
		{"volcano-dragon", "volcano-deploy", "", true},
		{"volcano-dragon", "princess-removal", "", false},
		{"fairy-move", "", "volcano-deploy", false},
	} {
		cat := stepChanged(t, c.step, func(m *tilekit.Mechanics) {
			if c.deploy != "" {
				m.Movement.Deploy = c.deploy
			}
			if c.beside != "" {
				m.Movement.Beside = c.beside
			}
		})
		r := selRules(t, cat, tilekit.C2, tilekit.HansImGlueck, "princess-dragon")
		g, err := game.ParseSnapshot(r, "0,0:base/B@0[1:cloister] 1,0:base/B@0 / scores 0,0")
		require.NoError(t, err)
		take(t, g, "princess-dragon/volcano-field")
		require.NoError(t, place(g, 2, 0, 0))
		assert.Equal(t, c.fairy, slices.Contains(legalStrings(g), "fairy 0,0:f0"), "%s with %s%s: %v", c.step, c.deploy, c.beside, legalStrings(g))
	}
}
