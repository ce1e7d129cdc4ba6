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

// pdRules compiles The Princess & the Dragon (2nd edition) under a
// publisher's rules, from a catalog.
func pdRules(t *testing.T, cat *tilekit.Catalog, pub tilekit.Publisher, extra ...string) *game.Ruleset {
	t.Helper()
	sel, err := rules.Select(cat, append([]string{"princess-dragon"}, extra...))
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.C2, Publisher: pub})
	require.NoError(t, err)
	return r
}

// apply applies a move and returns the events' strings.
func apply(t *testing.T, g *game.Game, m game.Move) []string {
	t.Helper()
	events, err := g.Apply(m, nil)
	require.NoError(t, err, "move %s", m)
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.String()
	}
	return out
}

// legalStrings lists the legal moves of the decision as strings.
func legalStrings(g *game.Game) []string {
	var out []string
	for _, m := range g.Legal(nil) {
		out = append(out, m.String())
	}
	return out
}

// dragonGrid is a 3 by 3 grid of cloisters (base/B shows fields on every
// side, so the dragon may step anywhere on it), with player 2's follower
// on the cloister at 1,1, player 3's at 0,1 and player 4's at 2,0, and the
// dragon at 2,2.
const dragonGrid = "0,0:base/B@0 1,0:base/B@0 2,0:base/B@0[4:cloister] 0,1:base/B@0[3:cloister] 1,1:base/B@0[2:cloister] " +
	"2,1:base/B@0 0,2:base/B@0 1,2:base/B@0 2,2:base/B@0 / scores 0,0,0,0 / dragon 2,2"

// The page's example of the dragon's movement with four players
// (Wikicarpedia: The Princess and The Dragon (1st edition)/de, Der Drache,
// the example picture): A moves the dragon up, B left, C down, D left (it
// cannot move right, back onto its start), A up again and B up once more;
// the six steps are over and the blue and red followers on its way go
// back to their owners. Players A to D are 1 to 4; B's follower is blue,
// C's red.
func TestDragonMovesSixStepsEachPlayerInTurn(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	g, err := game.ParseSnapshot(r, dragonGrid)
	require.NoError(t, err)
	take(t, g, "princess-dragon/dragon-city-cap-garden")
	require.NoError(t, place(g, 3, 1, 0), "the dragon tile east of 2,1, its city to the north")
	var events []string
	events = append(events, apply(t, g, game.NoFollower)...)
	steps := []struct {
		side    tilekit.Side
		decider int
		options int
	}{
		{tilekit.North, 0, 2}, // from 2,2: north 2,1 or west 1,2
		{tilekit.West, 1, 3},  // from 2,1: west 1,1, north 2,0, east 3,1 (the dragon tile)
		{tilekit.South, 2, 3}, // from 1,1: north 1,0, west 0,1, south 1,2
		{tilekit.West, 3, 1},  // from 1,2: east is its start, north visited, south empty
		{tilekit.North, 0, 1}, // from 0,2: north 0,1
		{tilekit.North, 1, 1}, // from 0,1: north 0,0 (east 1,1 was visited)
	}
	for i, st := range steps {
		require.Equal(t, "dragon", g.Decision(), "step %d", i+1)
		assert.Equal(t, st.decider, g.Decider(), "step %d is chosen by player %d", i+1, st.decider+1)
		assert.Len(t, g.Legal(nil), st.options, "step %d: %v", i+1, legalStrings(g))
		events = append(events, apply(t, g, game.StepMove(figDragon, st.side))...)
	}
	assert.Equal(t, "draw", g.Decision(), "six steps end the move and the turn")
	assert.Equal(t, []string{
		"move dragon 2,1", "move dragon 1,1", "eat dragon p2/meeple 1,1 dragon-diet/rulebook",
		"move dragon 1,2", "move dragon 0,2", "move dragon 0,1",
		"eat dragon p3/meeple 0,1 dragon-diet/rulebook", "move dragon 0,0",
	}, events)
	assert.Equal(t, game.Followers, g.Player(1).Supply, "blue's follower is back")
	assert.Equal(t, game.Followers, g.Player(2).Supply, "red's follower is back")
	assert.Equal(t, game.Followers-1, g.Player(3).Supply, "the follower off the dragon's way stays")
	at, ok := g.FigureAt("dragon")
	require.True(t, ok)
	assert.Equal(t, pos(0, 0), at)
}

// A dead end stops the dragon early (Der Drache: Dead ends): at 0,0 of a
// row of three cloisters, the dragon from 2,0 steps west twice and has
// nowhere left to go.
func TestDragonStopsAtADeadEnd(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	g, err := game.ParseSnapshot(r, "0,0:base/B@0 1,0:base/B@0 2,0:base/B@0 / scores 0,0 / dragon 2,0")
	require.NoError(t, err)
	take(t, g, "princess-dragon/dragon-city-cap-garden")
	require.NoError(t, place(g, 2, 1, 2), "south of 2,0, its city turned to the south")
	apply(t, g, game.NoFollower)
	assert.ElementsMatch(t, []string{"dragon W", "dragon S"}, legalStrings(g))
	apply(t, g, game.StepMove(figDragon, tilekit.West))
	assert.Equal(t, []string{"dragon W"}, legalStrings(g), "back east is its start")
	apply(t, g, game.StepMove(figDragon, tilekit.West))
	assert.Equal(t, "draw", g.Decision(), "a dead end at 0,0 ends the move after two steps")
	assert.Equal(t, 1, g.Turn())
}

// The dragon cannot enter the fairy's tile (Die Fee: Protection from the
// Dragon), so the fairy protects every figure on it.
func TestDragonNeverEntersTheFairysTile(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	g, err := game.ParseSnapshot(r, dragonGrid+" / fairy 1,1:cloister")
	require.NoError(t, err)
	take(t, g, "princess-dragon/dragon-city-cap-garden")
	require.NoError(t, place(g, 3, 1, 0))
	apply(t, g, game.NoFollower)
	apply(t, g, game.StepMove(figDragon, tilekit.North))
	assert.Equal(t, []string{"dragon N", "dragon E"}, legalStrings(g), "west is the fairy's tile")
}

// A volcano brings the dragon onto its tile, where no follower may be
// deployed, though the fairy may be moved (Der Vulkan); the dragon tiles
// set aside before the dragon was in play are shuffled back (Der Drache,
// Note).
func TestVolcanoCallsTheDragonAndShufflesTheDragonTilesBack(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	g, err := game.ParseSnapshot(r, "0,0:base/B@0[1:cloister] 1,0:base/B@0 / scores 0,0")
	require.NoError(t, err)
	take(t, g, "princess-dragon/dragon-road-curve")
	assert.Empty(t, g.Legal(nil), "a dragon tile before the dragon is in play is not placed")
	assert.ErrorContains(t, place(g, 0, 1, 0), "is set aside, not placed")
	require.NoError(t, g.Discard())
	left := g.Left()
	take(t, g, "princess-dragon/volcano-field")
	events := apply(t, g, game.TileMove(game.Placement{Pos: pos(2, 0)}))
	assert.Equal(t, []string{"set-aside", "move dragon 2,0 volcano", "shuffle-back 1"}, events)
	assert.Equal(t, []string{"none", "fairy 0,0:f0"}, legalStrings(g), "no follower on the volcano; the fairy may move")
	assert.Empty(t, apply(t, g, game.NoFollower))
	assert.Equal(t, left, g.Left(), "the volcano left the pile and the dragon tile came back")
	at, ok := g.FigureAt("dragon")
	require.True(t, ok)
	assert.Equal(t, pos(2, 0), at)
}

// The fairy scores 1 point at the start of its follower's owner's turn
// and 3 points when that follower's feature is scored, whatever the
// feature scores (Die Fee).
func TestFairyScoresOneAtTheTurnAndThreeAtScoring(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	// Player 1's follower on the road of the cloister base/A east of the
	// start tile, the road open to the west; player 2 to play.
	g, err := game.ParseSnapshot(r, "0,0:base/D@0 1,0:base/A@90[1:road] / scores 0,0 / turn 2")
	require.NoError(t, err)
	take(t, g, "base/B")
	require.NoError(t, place(g, 0, 1, 0))
	assert.Equal(t, []string{"none", "f0", "f1"}, legalStrings(g), "player 2 has no follower for the fairy to stand by")
	apply(t, g, game.NoFollower)
	take(t, g, "base/E")
	require.NoError(t, place(g, 0, -1, 2))
	assert.Contains(t, legalStrings(g), "fairy 1,0:f1")
	assert.Equal(t, []string{"move fairy 1,0", "complete city"}, apply(t, g, parseMove(t, g, "fairy 1,0:f1")))
	take(t, g, "base/B")
	require.NoError(t, place(g, 1, 1, 0))
	apply(t, g, game.NoFollower)
	take(t, g, "base/A")
	events := apply(t, g, game.TileMove(game.Placement{Pos: pos(-1, 0), Rot: 3}))
	assert.Equal(t, []string{"score p1 1 fairy-turn"}, events, "the fairy's point at the start of the turn")
	events = apply(t, g, game.NoFollower)
	assert.Equal(t, []string{"complete road", "score p1 3 road", "score p1 3 fairy-feature", "return p1 1 road"}, events)
	assert.Equal(t, 7, g.Player(0).Score)
	at, ok := g.FigureAt("fairy")
	require.True(t, ok, "the fairy stays where it is")
	assert.Equal(t, pos(1, 0), at)
}

// Rio Grande and Z-Man put the fairy on a tile with one of the player's
// followers rather than next to one (Die Fee, footnotes; fairy-companions
// answers conditionally for them): the moves name the tile.
func TestFairyOnTheTileForRioGrande(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.RioGrande)
	g, err := game.ParseSnapshot(r, "0,0:base/D@0[1:road,1:city] 1,0:base/U@0[1:road] / scores 0,0")
	require.NoError(t, err)
	take(t, g, "base/B")
	require.NoError(t, place(g, 0, 1, 0))
	moves := legalStrings(g)
	assert.Contains(t, moves, "fairy 0,0")
	assert.Contains(t, moves, "fairy 1,0")
	assert.NotContains(t, moves, "fairy 0,0:f0")
}

// The magic portal: the follower may go to any unoccupied, incomplete
// feature of a tile in play (Der Zaubergang, the example: red puts his
// follower on the previously unoccupied city on the right), never to an
// occupied one.
func TestMagicPortalReachesAnyFreeIncompleteFeature(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	g, err := game.ParseSnapshot(r, "0,0:base/D@0[2:road] 0,1:base/E@90 / scores 0,0")
	require.NoError(t, err)
	take(t, g, "princess-dragon/portal-road-junction")
	require.NoError(t, place(g, -1, 0, 0), "west of the start tile, a road meeting its road")
	moves := legalStrings(g)
	cityE, err := r.FeatureIndex(typeOf(t, r, "base/E"), "city")
	require.NoError(t, err)
	assert.Contains(t, moves, r.DeployMove(pos(0, 1), cityE).String(), "the open city of base/E")
	roadD, err := r.FeatureIndex(r.Start(), "road")
	require.NoError(t, err)
	assert.NotContains(t, moves, r.DeployMove(pos(0, 0), roadD).String(), "the start tile's road is taken")
	apply(t, g, r.DeployMove(pos(0, 1), cityE))
	assert.Equal(t, game.Followers-1, g.Player(0).Supply)
	followers := g.Followers(nil)
	assert.Contains(t, followers, game.PlacedFollower{Player: 0, Pos: pos(0, 1), Index: cityE})
}

// typeOf returns the type of a tile id.
func typeOf(t *testing.T, r *game.Ruleset, id string) int {
	t.Helper()
	typ, ok := r.Type(id)
	require.True(t, ok, id)
	return typ
}

// The princess: a player who extends an occupied city with a princess
// tile removes one knight of it, their own included, and then places no
// follower (Das Burgfräulein, the example: red removes the blue knight).
// Hans im Glück let the player choose (may); Rio Grande and Z-Man make it
// a must.
func TestPrincessSendsAKnightHomeMayOrMust(t *testing.T) {
	const board = "0,0:base/D@0[2:city] / scores 0,0"
	for _, tc := range []struct {
		pub  tilekit.Publisher
		must bool
	}{{tilekit.HansImGlueck, false}, {tilekit.RioGrande, true}, {tilekit.ZMan, true}} {
		r := pdRules(t, catalog(t), tc.pub)
		g, err := game.ParseSnapshot(r, board)
		require.NoError(t, err)
		take(t, g, "princess-dragon/princess-city-corner-garden")
		require.NoError(t, place(g, 0, -1, 2), "its city corner turned to meet the start tile's city")
		moves := legalStrings(g)
		assert.Contains(t, moves, "princess 0,0:f0", tc.pub)
		assert.Equal(t, !tc.must, slices.Contains(moves, "none"), "%s: the princess is a may only for Hans im Glück", tc.pub)
		if tc.must {
			assert.Equal(t, []string{"princess 0,0:f0"}, moves, tc.pub)
			_, err := g.Apply(game.NoFollower, nil)
			assert.ErrorContains(t, err, "the princess must send a knight", tc.pub)
		}
		events := apply(t, g, r.DismissalMove(pos(0, 0), 0))
		assert.Equal(t, []string{"princess p2 city"}, events, tc.pub)
		assert.Equal(t, game.Followers, g.Player(1).Supply, tc.pub)
		assert.Equal(t, game.Followers, g.Player(0).Supply, "%s: no follower placed after the princess", tc.pub)
	}
}

// A position in the middle of a turn resumes it where it stands: the
// volcano placed and the dragon on it, the figure decision comes next and
// the volcano does not call the dragon again.
func TestPositionResumesTheTurn(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	g, err := game.ParseSnapshot(r, "0,0:base/B@0[1:cloister] 1,0:princess-dragon/volcano-field@0 / scores 0,0 / placed 1,0 / dragon 1,0")
	require.NoError(t, err)
	assert.Equal(t, []string{"none", "fairy 0,0:f0"}, legalStrings(g))
	assert.Empty(t, apply(t, g, game.NoFollower))
	assert.Equal(t, 1, g.Turn())
}

// The same moves, two outcomes: Hans im Glück and Z-Man move the dragon
// before scoring, so it may eat a follower on the road the dragon tile
// completes before the road scores; Rio Grande's Big Box text scores
// first (Wikicarpedia: The Princess and The Dragon (1st edition)/de, Der
// Drache, footnote; the dragon-move step's Rio Grande variant).
func TestDragonBeforeOrAfterScoringByPublisher(t *testing.T) {
	const board = "0,0:base/D@0 1,0:base/A@90[2:road] / scores 0,0 / dragon 0,0"
	for _, tc := range []struct {
		pub                  tilekit.Publisher
		afterTile, afterMove []string
		score                int
	}{
		{tilekit.HansImGlueck, nil, []string{"move dragon 1,0", "eat dragon p2/meeple 1,0 dragon-diet/rulebook", "complete road"}, 0},
		{tilekit.RioGrande, []string{"complete road", "score p2 3 road", "return p2 1 road"}, []string{"move dragon 1,0"}, 3},
	} {
		r := pdRules(t, catalog(t), tc.pub)
		g, err := game.ParseSnapshot(r, board)
		require.NoError(t, err)
		take(t, g, "princess-dragon/dragon-cloister-roads")
		require.NoError(t, place(g, -1, 0, 0), "its east road end closes the road")
		assert.Equal(t, tc.afterTile, nilIfEmpty(apply(t, g, game.NoFollower)), tc.pub)
		assert.Equal(t, tc.afterMove, apply(t, g, game.StepMove(figDragon, tilekit.East)), tc.pub)
		assert.Equal(t, "draw", g.Decision(), "%s: a dead end at 1,0", tc.pub)
		assert.Equal(t, tc.score, g.Player(1).Score, tc.pub)
	}
}

// nilIfEmpty returns nil for an empty list.
func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}
