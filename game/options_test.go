package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit/game"
)

// closeStartCity closes the start tile's city with base/E turned half a
// turn north of it, player 1 putting a knight on it: a city of two tiles
// and no pennant.
func closeStartCity(t *testing.T, opts game.Options) []game.Event {
	t.Helper()
	_, r := baseRulesWith(t, opts)
	g, err := game.NewGame(r, 2, 1)
	require.NoError(t, err)
	return turn(t, g, "base/E", pos(0, -1), 2, 0)
}

func TestSmallCityScoresFourOrTwoByEdition(t *testing.T) {
	events := closeStartCity(t, game.Options{})
	assert.Equal(t, []string{"complete city", "score p1 4 city", "return p1 1 city"}, eventTexts(events))
	assert.Equal(t, game.RuleCity, events[1].Scoring)
	events = closeStartCity(t, game.Options{FirstEditionScoring: true})
	assert.Equal(t, []string{"complete city", "score p1 2 city-1st-edition", "return p1 1 city"}, eventTexts(events))
	assert.Equal(t, game.RuleSmallCityFirstEdition, events[1].Scoring)
	assert.Equal(t, "city-1st-edition", events[1].Rule().ID)
}

// farmersAroundOneCity is a position with one completed city of two tiles
// (the start tile's and base/E's north of it) bordered by two fields: the
// field of base/E, which the cloister tile west of it joins, holds two
// farmers of player 1; the field north of the road of the start tile and
// of base/U east of it holds one farmer of player 2.
const farmersAroundOneCity = "0,0:base/D@0 0,-1:base/E@180[1:field] 1,0:base/U@0[2:field1] -1,-1:base/B@0[1:field] / scores 0,0"

func TestFarmersScoreByField(t *testing.T) {
	_, r := baseRules(t)
	g, err := game.ParseSnapshot(r, farmersAroundOneCity)
	require.NoError(t, err)
	// Each field borders the one completed city: 3 points to the majority
	// of each field; the cloister has no monk.
	events := g.EndGame(nil)
	assert.Equal(t, []string{"end score p1 3 field", "end score p2 3 field"}, eventTexts(events))
	assert.Equal(t, []int{3, 3}, scores(g))
}

func TestFirstEditionFarmersScoreByCity(t *testing.T) {
	_, r := baseRules(t)
	g, err := game.ParseSnapshot(r, farmersAroundOneCity+" / options first-edition-scoring")
	require.NoError(t, err)
	// The city is scored once for the farmers of both fields together:
	// player 1 has two, player 2 one, so player 1 alone takes 4 points.
	events := g.EndGame(nil)
	assert.Equal(t, []string{"end score p1 4 field-1st-edition"}, eventTexts(events))
	assert.Equal(t, game.KindCity, events[0].Feature.Kind, "the event names the city scored")
	assert.Equal(t, game.RuleFieldFirstEdition, events[0].Scoring)
	assert.Equal(t, []int{4, 0}, scores(g))
}

func TestFirstEditionFarmersTieAroundACity(t *testing.T) {
	_, r := baseRules(t)
	// Without the cloister tile each player has one farmer by the city:
	// both take the 4 points.
	g, err := game.ParseSnapshot(r, "0,0:base/D@0 0,-1:base/E@180[1:field] 1,0:base/U@0[2:field1] / scores 0,0 / options first-edition-scoring")
	require.NoError(t, err)
	assert.Equal(t, []string{"end score p1 4 field-1st-edition", "end score p2 4 field-1st-edition"}, eventTexts(g.EndGame(nil)))
}

func TestNoFarmers(t *testing.T) {
	_, r := baseRulesWith(t, game.Options{NoFarmers: true})
	g, err := game.NewGame(r, 2, 1)
	require.NoError(t, err)
	take(t, g, "base/U")
	require.NoError(t, place(g, 1, 0, 0))
	// base/U's features are its road and two fields: only the road may take
	// a follower, besides none.
	assert.Equal(t, []game.Move{game.NoFollower, game.FollowerMove(0)}, g.FollowerMoves(nil))
	_, err = g.Apply(game.FollowerMove(1), nil)
	assert.EqualError(t, err, "the game is played without farmers: no follower may go on the field (field1) of base/U at 1,0")
	_, err = game.ParseSnapshot(r, "0,0:base/D@0[1:field1] / scores 0,0 / options no-farmers")
	assert.ErrorContains(t, err, `token 1 "0,0:base/D@0[1:field1]": follower "1:field1": the game is played without farmers`)

	_, err = game.ParseSnapshot(r, farmersAroundOneCity)
	assert.ErrorContains(t, err, "the game is played without farmers", "the ruleset's options hold for a snapshot that names none")
	_, first := baseRulesWith(t, game.Options{FirstEditionScoring: true})
	_, err = game.ParseSnapshot(first, farmersAroundOneCity+" / options no-farmers")
	assert.ErrorContains(t, err, "the game is played without farmers", "a snapshot's options add to the ruleset's")
	with, err := game.ParseSnapshot(first, farmersAroundOneCity)
	require.NoError(t, err)
	assert.Equal(t, game.Options{FirstEditionScoring: true}, with.Ruleset().Options())
	assert.Contains(t, with.Snapshot(), "/ options first-edition-scoring")
}

func TestEventStringsAreTheNotation(t *testing.T) {
	r := pdRules(t, catalog(t), "")
	road := game.Feature{Kind: game.KindRoad}
	for _, c := range []struct {
		e    game.Event
		want string
	}{
		{game.Event{Kind: game.EventCompleted, Feature: game.Feature{Kind: game.KindCloister}, Player: -1}, "complete cloister"},
		{game.Event{Kind: game.EventScored, Feature: road, Player: 1, Points: 5, Scoring: game.RuleRoad}, "score p2 5 road"},
		{game.Event{Kind: game.EventReturned, Feature: road, Player: 0, Count: 2}, "return p1 2 road"},
		{game.Event{Kind: game.EventScored, Feature: game.Feature{Kind: game.KindCity}, Player: 3, Points: 3, End: true, Scoring: game.RuleEndCity}, "end score p4 3 city"},
		{game.Event{Kind: game.EventScored, Feature: game.Feature{Kind: game.KindCity}, Points: 4, End: true, Scoring: game.RuleFieldFirstEdition}, "end score p1 4 field-1st-edition"},
	} {
		assert.Equal(t, c.want, c.e.String())
		rule := r.EventRule(c.e)
		assert.NotEmpty(t, rule.ID, c.want)
		assert.NotEmpty(t, rule.Sources, "every rule cites the data's source: %s", c.want)
	}
	ids := map[string]bool{}
	rules := []game.ScoringRule{}
	for rule := game.RuleRoad; rule <= game.RuleFieldFirstEdition; rule++ {
		rules = append(rules, rule)
	}
	require.NotEmpty(t, r.Bonuses())
	for _, rule := range append(rules, r.Bonuses()...) {
		e := r.EventRule(game.Event{Kind: game.EventScored, Scoring: rule})
		assert.Regexp(t, `^[a-z0-9-]+$`, e.ID)
		assert.False(t, ids[e.ID], "one id a rule: %s", e.ID)
		ids[e.ID] = true
		assert.Empty(t, rule.Rule().Sources, "the sources are the data's, not the engine's: %s", e.ID)
		assert.NotEmpty(t, e.Sources, e.ID)
		for _, src := range e.Sources {
			assert.NotEmpty(t, src.Title, e.ID)
			assert.NotEmpty(t, src.Kind, e.ID)
		}
	}
	assert.Empty(t, game.RuleNone.Rule().ID)
}
