package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

// crossingCatalog copies the built-in data and changes the step with the
// crossing (the drawbridges') as a user's data folder could.
func crossingCatalog(t *testing.T, change func(s *tilekit.Step, c *tilekit.Crossing)) *tilekit.Catalog {
	t.Helper()
	return changedStep(t, "with a crossing", func(s *tilekit.Step) bool { return s.Mechanics.Crossing != nil },
		func(s *tilekit.Step) { change(s, s.Mechanics.Crossing) })
}

// crossingTurn lays the drawbridges' example 1 (Wikicarpedia: The
// Drawbridges, 3. Scoring a feature) under a ruleset: player 2 completes
// player 1's road, which leads to the drawbridge of an incomplete city.
// It returns the game, the index of the tile's city and the events of
// the turn's last move.
func crossingTurn(t *testing.T, r *game.Ruleset) (*game.Game, int, []string) {
	t.Helper()
	g, err := game.ParseSnapshot(r, "0,0:base/D@0[1:road] -1,0:base/A@270 / scores 0,0 / turn 2")
	require.NoError(t, err)
	bridge := "drawbridges/city-cap-road-from-south"
	take(t, g, bridge)
	require.NoError(t, place(g, 1, 0, 1))
	events := apply(t, g, game.NoFollower)
	return g, feature(t, r, bridge, "city"), events
}

// The crossing's word is the data's: with the word raft, the decision,
// the legal moves and the notation read "raft", and a move written so is
// read back and played.
func TestChangedCrossingWordChangesTheMoves(t *testing.T) {
	cat := crossingCatalog(t, func(_ *tilekit.Step, c *tilekit.Crossing) { c.Word = "raft" })
	r := selRules(t, cat, tilekit.C3, "", "drawbridges")
	g, city, events := crossingTurn(t, r)
	assert.Equal(t, []string{"complete road", "score p1 3 road"}, events)
	require.Equal(t, "raft", g.Decision())
	assert.Equal(t, []string{"raft home", "raft 1,0:f" + string(rune('0'+city))}, legalStrings(g))
	selRules(t, catalog(t), tilekit.C3, "", "drawbridges") // names the built-in word in the process
	old, err := g.ParseMove("drawbridge home")
	require.NoError(t, err, "the built-in word reads in the process")
	_, err = g.Apply(old, nil)
	assert.ErrorContains(t, err, "not a legal move", "a move of another ruleset's word is not this game's")
	m, err := g.ParseMove("raft 1,0:city")
	require.NoError(t, err)
	assert.Equal(t, r.CrossMove(pos(1, 0), city), m)
	assert.Equal(t, []string{"cross p1 city"}, apply(t, g, m))
}

// The crossing's link and table are the data's: over a key the tile's
// road does not have (under), or by a table of a part not selected
// (whose verdicts are the default, no), the road's follower is not held
// and goes home as in the base game.
func TestChangedCrossingLinkOrTableHoldsNobody(t *testing.T) {
	for name, change := range map[string]func(*tilekit.Step, *tilekit.Crossing){
		"link":  func(_ *tilekit.Step, c *tilekit.Crossing) { c.Link = "under" },
		"table": func(_ *tilekit.Step, c *tilekit.Crossing) { c.Table = "dragon-diet" },
	} {
		g, _, events := crossingTurn(t, selRules(t, crossingCatalog(t, change), tilekit.C3, "", "drawbridges"))
		assert.Equal(t, []string{"complete road", "score p1 3 road", "return p1 1 road"}, events, name)
		assert.Equal(t, "draw", g.Decision(), name)
	}
}

// The engine plays a crossing by its part, not by its step's id: the step
// renamed plays the same, and the crossed event cites the renamed step
// and the crossing's source.
func TestCrossingStepOfAnotherIDPlaysTheSame(t *testing.T) {
	cat := crossingCatalog(t, func(s *tilekit.Step, c *tilekit.Crossing) {
		s.ID = "ferry-crossing"
		c.Source.Section = "a section of our own"
	})
	r := selRules(t, cat, tilekit.C3, "", "drawbridges")
	assert.Contains(t, r.Steps(), "ferry-crossing")
	g, city, _ := crossingTurn(t, r)
	require.Equal(t, "drawbridge", g.Decision())
	held, ok := g.Held()
	require.True(t, ok)
	assert.Equal(t, 0, held.Player)
	events, err := g.Apply(r.CrossMove(pos(1, 0), city), nil)
	require.NoError(t, err)
	require.Len(t, events, 1)
	assert.Equal(t, "cross p1 city", events[0].String())
	rule := r.EventRule(events[0])
	assert.Equal(t, "ferry-crossing", rule.Step)
	assert.Equal(t, "ferry-crossing", r.MoveStep(tilekit.MoveText{Word: "drawbridge", Home: true}), "a crossing's move plays the renamed step")
	require.Len(t, rule.Sources, 1)
	assert.Equal(t, "a section of our own", rule.Sources[0].Section)
}

// The crossed event says where the follower stood and where it stands
// now, as values, and its notation stays "cross p1 city": player 1's
// meeple on the road of the start tile at 0,0 crosses into the city of the
// drawbridge tile at 1,0.
func TestCrossedEventSaysFromWhereToWhere(t *testing.T) {
	r := selRules(t, catalog(t), tilekit.C3, "", "drawbridges")
	g, city, _ := crossingTurn(t, r)
	events, err := g.Apply(r.CrossMove(pos(1, 0), city), nil)
	require.NoError(t, err)
	require.Len(t, events, 1)
	e := events[0]
	assert.Equal(t, game.EventCrossed, e.Kind)
	assert.Equal(t, game.TileFeature{Pos: pos(0, 0), Index: feature(t, r, "base/D", "road")}, e.From)
	assert.Equal(t, game.TileFeature{Pos: pos(1, 0), Index: city}, e.To)
	assert.Equal(t, "cross p1 city", e.String())
	assert.Equal(t, []game.PlacedFollower{{Player: 0, Pos: e.To.Pos, Index: e.To.Index}}, g.Followers(nil))
}
