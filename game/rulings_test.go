package game_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// builtinScenario returns a scenario of the built-in data by its id.
func builtinScenario(t *testing.T, id string) *tilekit.Scenario {
	t.Helper()
	cat := catalog(t)
	i := slices.IndexFunc(cat.Scenarios, func(s tilekit.Scenario) bool { return s.ID == id })
	require.GreaterOrEqual(t, i, 0, "no built-in scenario %s", id)
	return &cat.Scenarios[i]
}

// rulingAbout returns the ruling of a table about a subject id among a
// run's, or nil.
func rulingAbout(rs []*rules.Ruling, table, subject string) *rules.Ruling {
	for _, r := range rs {
		if r.Table.ID == table && r.Subject.ID == subject {
			return r
		}
	}
	return nil
}

// TestScenarioRulingsNameTheRowsThatDecided checks that a run names, as
// values, the answers of the tables that decided what happened in it: a
// meal's and a spared figure's, a companion's move, a dismissal, a
// crossing, a follower sent home instead of crossing, a deployment
// through the portal onto a place its destinations table allows (no event
// carries those), and a refusal by a table's verdict; each the answer's
// own row, or none for the rule of thumb.
func TestScenarioRulingsNameTheRowsThatDecided(t *testing.T) {
	for _, tc := range []struct {
		scenario, table, subject string
		thumb                    bool
	}{
		{"princess-dragon/dragon-eats-farmer", "dragon-diet", "meeple", false},
		{"black-dragon/eats-fairy", "black-dragon-diet", "fairy", false},
		{"princess-dragon/fairy-move-offered", "fairy-companions", "meeple", false},
		{"princess-dragon/princess-example", "princess-removal", "meeple", false},
		{"drawbridges/example-1", "drawbridge-figures", "meeple", false},
		{"princess-dragon/portal-to-field", "portal-destinations", "field", false},
		{"princess-dragon/portal-to-field", "portal-figures", "meeple", false},
		{"princess-dragon/portal-fairy-tile", "portal-destinations", "fairy-tile", false},
		{"princess-dragon/portal-occupied-refused", "portal-destinations", "occupied-feature", false},
		{"princess-dragon/portal-completed-refused", "portal-destinations", "completed-feature", false},
		{"princess-dragon/volcano-no-follower", "volcano-deploy", "meeple", false},
	} {
		res := game.RunScenario(catalog(t), builtinScenario(t, tc.scenario))
		require.True(t, res.Passed(), "%s: %v", tc.scenario, res.Failures)
		r := rulingAbout(res.Rulings, tc.table, tc.subject)
		if !assert.NotNil(t, r, "%s: no ruling of %s about %s in %v", tc.scenario, tc.table, tc.subject, res.Rulings) {
			continue
		}
		assert.Equal(t, tc.thumb, r.Row == nil, "%s: %s", tc.scenario, r)
		if r.Row != nil {
			assert.Equal(t, tc.table, r.Row.Table, tc.scenario)
			assert.True(t, r.Row.About(r.Subject), "%s: the row %s is about %s", tc.scenario, r.Row.ID, r.Subject.ID)
		}
	}
	// A deployment to an unoccupied, incomplete city that is no field
	// needs no ruling of the destinations table.
	res := game.RunScenario(catalog(t), builtinScenario(t, "princess-dragon/portal-example"))
	require.True(t, res.Passed(), "%v", res.Failures)
	assert.NotNil(t, rulingAbout(res.Rulings, "portal-figures", "meeple"))
	for _, r := range res.Rulings {
		assert.NotEqual(t, "portal-destinations", r.Table.ID, "%s", r)
	}
	// A base game's example consults no table.
	res = game.RunScenario(catalog(t), builtinScenario(t, "base/city-two-tiles"))
	require.True(t, res.Passed(), "%v", res.Failures)
	assert.Empty(t, res.Rulings)
}

// TestEventRulingIsNoPartOfTheNotation checks that a meal's event carries
// the row that decided it, the one its Reason names, and that the event
// notation neither writes nor needs it: the event reads back equal to
// itself but for the ruling.
func TestEventRulingIsNoPartOfTheNotation(t *testing.T) {
	res := game.RunScenario(catalog(t), builtinScenario(t, "princess-dragon/dragon-eats-farmer"))
	require.True(t, res.Passed(), "%v", res.Failures)
	var meal *game.Event
	for _, events := range res.Events {
		for i := range events {
			if events[i].Kind == game.EventEaten {
				meal = &events[i]
			}
		}
	}
	require.NotNil(t, meal, "the dragon eats the farmer")
	require.NotNil(t, meal.Ruling)
	assert.Equal(t, meal.Reason.Table, meal.Ruling.Table.ID)
	assert.Equal(t, meal.Victim.ID(), meal.Ruling.Subject.ID)
	assert.Equal(t, meal.Reason.Source, meal.Ruling.Source.Kind)
	text := meal.Notation()
	back, err := game.ParseEvent(text)
	require.NoError(t, err)
	assert.Nil(t, back.Ruling)
	assert.Equal(t, text, back.Notation())
}

// TestRefusalCarriesItsRuling checks that a deployment the destinations
// table refuses is a RulingError naming the row, with the engine's
// words unchanged.
func TestRefusalCarriesItsRuling(t *testing.T) {
	s := *builtinScenario(t, "princess-dragon/portal-occupied-refused")
	s.Turns = slices.Clone(s.Turns)
	s.Turns[0].Illegal = ""
	res := game.RunScenario(catalog(t), &s)
	require.Len(t, res.Failures, 1, "the refused move fails the scenario without its illegal key")
	assert.Contains(t, res.Failures[0].Message, "already occupied (portal-destinations, rulebook)")
	assert.Empty(t, res.Rulings, "a refusal the scenario does not expect is no ruling of the run")

	cat := catalog(t)
	r, err := game.Compile(cat, mustSelect(t, cat, "princess-dragon"), game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	g, err := game.ParseSnapshot(r, "0,-1:base/F@90[2:city] 0,0:base/D@0 / scores 0,0")
	require.NoError(t, err)
	require.NoError(t, g.Take(mustType(t, r, "princess-dragon/portal-city-road-curve-es")))
	_, err = g.Apply(game.TileMove(game.Placement{Pos: tilekit.BoardPosition{X: -1}}), nil)
	require.NoError(t, err)
	typ, _, _ := g.Board().At(tilekit.BoardPosition{})
	city, err := r.FeatureIndex(typ, "city")
	require.NoError(t, err)
	_, err = g.Apply(r.DeployMove(tilekit.BoardPosition{}, city), nil)
	assert.ErrorContains(t, err, "already occupied (portal-destinations, rulebook)")
	var refused *game.RulingError
	require.True(t, errors.As(err, &refused), "%v", err)
	require.NotNil(t, refused.Ruling)
	assert.Equal(t, "portal-destinations", refused.Ruling.Table.ID)
	assert.Equal(t, "occupied-feature", refused.Ruling.Subject.ID)
	assert.Equal(t, tilekit.No, refused.Ruling.Verdict)
}
