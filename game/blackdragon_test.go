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

// selRules compiles a selection in an edition under a publisher's rules.
func selRules(t *testing.T, cat *tilekit.Catalog, edition tilekit.Edition, pub tilekit.Publisher, ids ...string) *game.Ruleset {
	t.Helper()
	sel, err := rules.Select(cat, ids)
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: edition, Publisher: pub})
	require.NoError(t, err)
	return r
}

// feature returns the index of a named feature of a tile id.
func feature(t *testing.T, r *game.Ruleset, id, name string) int {
	t.Helper()
	i, err := r.FeatureIndex(typeOf(t, r, id), name)
	require.NoError(t, err)
	return i
}

// The Black Dragon's examples 1 and 2 (Wikicarpedia: Black Dragon (Fan
// Expansion), Step 1 and Step 2): the tile placed completes features (here
// a road and a city, so two steps), the active player moves the Black
// Dragon one tile per completed feature and it eats the meeples on the
// tiles it enters; a meeple on the completed road off its way survives
// and scores.
func TestBlackDragonMovesOneStepPerCompletedFeature(t *testing.T) {
	r := selRules(t, catalog(t), tilekit.C2, "", "black-dragon")
	// The road runs from the cloister's road end at 1,0 through the start
	// tile; two city caps lie north; player 3's farmer south of the start
	// tile's road, player 2's beside the city cap at 0,-1; the Black
	// Dragon on the cloister.
	g, err := game.ParseSnapshot(r, "0,0:base/D@0[3:field2] 1,0:base/A@90 0,-1:base/E@180[2:field] -1,-1:base/E@180 "+
		"/ scores 0,0,0 / black-dragon 1,0")
	require.NoError(t, err)
	take(t, g, "base/L")
	require.NoError(t, place(g, -1, 0, 0), "its city meets the cap at -1,-1 and its east road the start tile's road")
	apply(t, g, game.FollowerMove(feature(t, r, "base/L", "road@E")))
	require.Equal(t, "black-dragon", g.Decision())
	assert.Equal(t, []string{"black-dragon W"}, legalStrings(g))
	assert.Equal(t, []string{"move black-dragon 0,0", "eat black-dragon p3/meeple 0,0 black-dragon-diet/fan-rules"},
		apply(t, g, game.StepMove(figBlack, tilekit.West)))
	assert.ElementsMatch(t, []string{"black-dragon N", "black-dragon W"}, legalStrings(g), "never back to 1,0")
	assert.Equal(t, 0, g.Decider(), "the active player moves it")
	events := apply(t, g, game.StepMove(figBlack, tilekit.North))
	assert.Equal(t, []string{"move black-dragon 0,-1", "eat black-dragon p2/meeple 0,-1 black-dragon-diet/fan-rules",
		"complete city", "complete road", "score p1 3 road", "return p1 1 road"}, events)
	assert.Equal(t, "draw", g.Decision(), "two completed features, two steps")
	assert.Equal(t, []int{game.Followers, game.Followers, game.Followers}, supplies(g))
}

// supplies lists each player's followers at hand.
func supplies(g *game.Game) []int {
	out := make([]int, g.NumPlayers())
	for i := range out {
		out[i] = g.Player(i).Supply
	}
	return out
}

// The Black Dragon's examples 4a and 4b (Step 3: Placement of the Black
// Dragon): red scores 3 points, from 47 to 50, and the Black Dragon is
// placed on the tile placed this turn, eating each figure there. A score
// of 50 or more at the start of the turn does not set it off; the fairy's
// point at the start of the turn counts.
func TestBlackDragonEntersWhenAScoreReachesFifty(t *testing.T) {
	const board = "0,0:base/D@0 1,0:base/A@90[1:road]"
	for _, tc := range []struct {
		name   string
		scores string
		enters bool
	}{{"47 to 50", "47,0", true}, {"already 50", "50,0", false}, {"46 to 49", "46,0", false}} {
		r := selRules(t, catalog(t), tilekit.C2, "", "black-dragon")
		g, err := game.ParseSnapshot(r, board+" / scores "+tc.scores)
		require.NoError(t, err)
		take(t, g, "base/A")
		require.NoError(t, place(g, -1, 0, 3))
		events := apply(t, g, game.FollowerMove(feature(t, r, "base/A", "field")))
		entered := slices.Contains(events, "enter black-dragon -1,0")
		assert.Equal(t, tc.enters, entered, "%s: %v", tc.name, events)
		if tc.enters {
			assert.Equal(t, []string{"complete road", "score p1 3 road", "return p1 1 road",
				"enter black-dragon -1,0", "eat black-dragon p1/meeple -1,0 black-dragon-diet/fan-rules"}, events)
			assert.Equal(t, game.Followers, g.Player(0).Supply)
		}
	}
}

// Points from the start of the turn count towards the 50 (Step 3: "from
// begin of this turn"): the fairy's point at the start of a turn takes
// player 1 from 49 to 50, and the Black Dragon enters on the tile that
// player places, though the turn scores nothing else.
func TestBlackDragonCountsTheFairysPoint(t *testing.T) {
	r := selRules(t, catalog(t), tilekit.C2, tilekit.HansImGlueck, "princess-dragon", "black-dragon")
	g, err := game.ParseSnapshot(r, "0,0:base/D@0 1,0:base/A@90[1:road] / scores 49,0 / fairy 1,0:road")
	require.NoError(t, err)
	take(t, g, "base/B")
	events := apply(t, g, game.TileMove(game.Placement{Pos: pos(0, 1)}))
	assert.Equal(t, []string{"score p1 1 fairy-turn"}, events)
	events = apply(t, g, game.NoFollower)
	assert.Equal(t, []string{"enter black-dragon 0,1"}, events)
}

// The Drawbridges, example 1 (Wikicarpedia: The Drawbridges, 3. Scoring a
// feature): the road that leads to a drawbridge is completed and scored,
// then the meeple of its majority moves into the incomplete city; who
// completed the road does not matter.
func TestDrawbridgeMeepleCrossesIntoTheCity(t *testing.T) {
	r := selRules(t, catalog(t), tilekit.C3, "", "drawbridges")
	g, err := game.ParseSnapshot(r, "0,0:base/D@0[1:road] -1,0:base/A@270 / scores 0,0 / turn 2")
	require.NoError(t, err)
	bridge := "drawbridges/city-cap-road-from-south"
	take(t, g, bridge)
	require.NoError(t, place(g, 1, 0, 1), "its road to the west meets the start tile's, its city to the east")
	events := apply(t, g, game.NoFollower)
	assert.Equal(t, []string{"complete road", "score p1 3 road"}, events)
	require.Equal(t, "drawbridge", g.Decision())
	assert.Equal(t, 0, g.Decider(), "player 1 holds the majority, though player 2 completed the road")
	city := feature(t, r, bridge, "city")
	assert.Equal(t, []string{"drawbridge home", r.CrossMove(pos(1, 0), city).String()}, legalStrings(g))
	assert.Equal(t, []string{"cross p1 city"}, apply(t, g, r.CrossMove(pos(1, 0), city)))
	assert.Equal(t, []game.PlacedFollower{{Player: 0, Pos: pos(1, 0), Index: city}}, g.Followers(nil))
}

// The Drawbridges, example 2 and the special case: with two meeples on
// the road the majority decides for each one, moving one into the city
// and taking the other back; blue, without the majority, scores nothing
// and takes its meeple back. A shared majority lets nobody cross
// (footnote 1).
func TestDrawbridgeEachMeepleAndTies(t *testing.T) {
	const road = "-2,0:base/A@270[2:road] -1,0:base/U@0[1:road] 0,0:base/D@0[1:road]"
	r := selRules(t, catalog(t), tilekit.C3, "", "drawbridges")
	bridge := "drawbridges/city-cap-road-from-south"
	city := feature(t, r, bridge, "city")
	g, err := game.ParseSnapshot(r, road+" / scores 0,0")
	require.NoError(t, err)
	take(t, g, bridge)
	require.NoError(t, place(g, 1, 0, 1))
	assert.Equal(t, []string{"complete road", "score p1 4 road", "return p2 1 road"}, apply(t, g, game.NoFollower))
	assert.Equal(t, []string{"cross p1 city"}, apply(t, g, r.CrossMove(pos(1, 0), city)))
	assert.Equal(t, "drawbridge", g.Decision(), "the second meeple's choice")
	assert.Equal(t, []string{"return p1 1 road"}, apply(t, g, r.CrossHome()))
	assert.Equal(t, []int{game.Followers - 1, game.Followers}, supplies(g))

	tie, err := game.ParseSnapshot(r, "-2,0:base/A@270[2:road] -1,0:base/U@0 0,0:base/D@0[1:road] / scores 0,0")
	require.NoError(t, err)
	take(t, tie, bridge)
	require.NoError(t, place(tie, 1, 0, 1))
	events := apply(t, tie, game.NoFollower)
	assert.Equal(t, "draw", tie.Decision(), "a tie lets nobody cross: %v", events)
	assert.Equal(t, []int{game.Followers, game.Followers}, supplies(tie))
}

// No page says whether the red dragon eats the Black Dragon: dragon-diet
// leaves it open, so the engine's default spares it and the event says so.
// The Black Dragon eats the red dragon, which then waits beside the board
// for the next volcano; a dragon tile drawn meanwhile is placed as a
// normal tile (Wikicarpedia: Black Dragon (Fan Expansion), Other
// Expansions: Exp. 3 - The Princess & the Dragon).
func TestTheTwoDragons(t *testing.T) {
	r := selRules(t, catalog(t), tilekit.C2, tilekit.HansImGlueck, "princess-dragon", "black-dragon")
	g, err := game.ParseSnapshot(r, dragonGrid+" / black-dragon 2,1")
	require.NoError(t, err)
	take(t, g, "princess-dragon/dragon-city-cap-garden")
	require.NoError(t, place(g, 3, 1, 0))
	apply(t, g, game.NoFollower)
	assert.Equal(t, []string{"move dragon 2,1",
		"spare dragon black-dragon 2,1 dragon-diet/open-question/default"},
		apply(t, g, game.StepMove(figDragon, tilekit.North)))

	g, err = game.ParseSnapshot(r, "0,0:base/D@0 1,0:base/A@90[1:road] / scores 0,0 / dragon 0,0 / black-dragon 1,0")
	require.NoError(t, err)
	take(t, g, "base/A")
	require.NoError(t, place(g, -1, 0, 3))
	apply(t, g, game.NoFollower)
	assert.Equal(t, []string{"move black-dragon 0,0",
		"eat black-dragon dragon 0,0 black-dragon-diet/fan-rules",
		"complete road", "score p1 3 road", "return p1 1 road"},
		apply(t, g, game.StepMove(figBlack, tilekit.West)))
	_, on := g.FigureAt("dragon")
	assert.False(t, on)
	assert.Contains(t, g.Snapshot(), "/ dragon waiting")
	take(t, g, "princess-dragon/dragon-road-curve")
	assert.NotEmpty(t, g.Legal(nil), "the dragon symbol is ignored: the tile is placed")
}

// The figures' sections of the snapshot notation read and write back.
func TestPositionWithFigures(t *testing.T) {
	r := selRules(t, catalog(t), tilekit.C2, tilekit.HansImGlueck, "princess-dragon", "black-dragon")
	for _, text := range []string{
		"0,0:base/D@0 1,0:base/A@90[1:road] / scores 0,0 / turn 1 / pile base/B*1 / dragon 0,0 / fairy 1,0:road / black-dragon 1,0 / set-aside princess-dragon/dragon-road-curve*2",
		"0,0:base/D@0 1,0:base/A@90[1:road] / scores 0,0 / turn 1 / pile base/B*1 / dragon waiting / fairy 1,0",
	} {
		g, err := game.ParseSnapshot(r, text)
		require.NoError(t, err)
		assert.Equal(t, text, g.Snapshot())
	}
	_, err := game.ParseSnapshot(r, "0,0:base/D@0 / scores 0,0 / fairy 0,0:road")
	assert.ErrorContains(t, err, "no follower stands there")
	_, err = game.ParseSnapshot(r, "0,0:base/D@0 / scores 0,0 / dragon 5,5")
	assert.ErrorContains(t, err, "dragon 5,5: no tile lies there")
}
