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

// newGame starts a game of the rules for a number of players.
func newGame(t *testing.T, r *game.Ruleset, players int) *game.Game {
	t.Helper()
	g, err := game.NewGame(r, players, 1)
	require.NoError(t, err)
	return g
}

// turn plays one turn of a hand-built game: it takes a tile from the pile,
// lays it, puts a follower on feature follower (-1 for none) and returns
// the events of the turn.
func turn(t *testing.T, g *game.Game, id string, p tilekit.BoardPosition, rot, follower int) []game.Event {
	t.Helper()
	typ, ok := g.Ruleset().Type(id)
	require.True(t, ok, id)
	require.NoError(t, g.Take(typ))
	events, err := g.Apply(game.TileMove(game.Placement{Pos: p, Rot: rot}), nil)
	require.NoError(t, err, "%s at %s rotation %d", id, p, rot)
	require.Contains(t, g.FollowerMoves(nil), game.FollowerMove(follower))
	events, err = g.Apply(game.FollowerMove(follower), events)
	require.NoError(t, err)
	return events
}

// scored sums the points each player scored in events.
func scored(events []game.Event, players int) []int {
	out := make([]int, players)
	for _, e := range events {
		if e.Kind == game.EventScored {
			out[e.Player] += e.Points
		}
	}
	return out
}

// kinds lists the kinds of events, in order.
func kinds(events []game.Event) []game.EventKind {
	var out []game.EventKind
	for _, e := range events {
		out = append(out, e.Kind)
	}
	return out
}

func scores(g *game.Game) []int {
	var out []int
	for p := range g.NumPlayers() {
		out = append(out, g.Player(p).Score)
	}
	return out
}

func TestRoadOfThreeTilesScoresThree(t *testing.T) {
	_, r := baseRules(t)
	g := newGame(t, r, 2)
	// The start tile's road runs west to east; player 0 puts a follower on
	// the road of a cloister tile east of it, player 1 closes it on the west.
	assert.Empty(t, turn(t, g, "base/A", pos(1, 0), 1, 1))
	assert.Equal(t, 6, g.Player(0).Supply)
	events := turn(t, g, "base/A", pos(-1, 0), 3, -1)
	require.Equal(t, []game.EventKind{game.EventCompleted, game.EventScored, game.EventReturned}, kinds(events))
	assert.Equal(t, game.KindRoad, events[0].Feature.Kind)
	assert.Equal(t, 3, events[0].Feature.Tiles)
	assert.Equal(t, game.Event{Kind: game.EventScored, Feature: events[0].Feature, Player: 0, Points: 3, Scoring: game.RuleRoad}, events[1])
	assert.Equal(t, game.Event{Kind: game.EventReturned, Feature: events[0].Feature, Player: 0, Count: 1}, events[2])
	assert.Equal(t, []string{"complete road", "score p1 3 road", "return p1 1 road"}, eventTexts(events))
	rule := g.Ruleset().EventRule(events[1])
	assert.Equal(t, game.EventRule{ID: "road", Sources: []tilekit.Citation{{Kind: tilekit.Rulebook, Title: "Carcassonne rulebook (2nd edition)", Section: "Scoring"}}, Step: "score-features", Score: rule.Score}, rule)
	require.NotNil(t, rule.Score, "the event's rule is the data's")
	assert.Equal(t, []tilekit.ScoreTerm{{Per: tilekit.TermPerTile, Points: 1}}, rule.Score.Terms)
	assert.Equal(t, []int{3, 0}, scores(g))
	assert.Equal(t, game.Player{Score: 3, Supply: game.Followers}, g.Player(0))
	assert.Empty(t, g.Followers(nil))
}

// pennantCapRules compiles the start tile with a city cap that carries a
// pennant, which the base game lacks: no two base tiles close a city with
// a pennant.
func pennantCapRules(t *testing.T) *game.Ruleset {
	cat := catalog(t)
	cap := *cat.Tile("base/E")
	cap.ID, cap.Features = "base/E-pennant", slices.Clone(cap.Features)
	cap.Features[0].Attributes = []tilekit.Attribute{tilekit.Pennant}
	own := tilekit.NewCatalog(tilekit.Data{Tiles: []tilekit.Tile{*cat.Tile("base/D"), cap}, Steps: []tilekit.Step{*cat.Step("score-features")}})
	r, err := game.Compile(own, rules.Selection{}, game.Setup{Edition: tilekit.C2, BaseTurn: true})
	require.NoError(t, err)
	return r
}

func TestCityOfTwoTilesWithAPennantScoresSix(t *testing.T) {
	g := newGame(t, pennantCapRules(t), 2)
	events := turn(t, g, "base/E-pennant", pos(0, -1), 2, 0)
	require.Equal(t, []game.EventKind{game.EventCompleted, game.EventScored, game.EventReturned}, kinds(events))
	assert.Equal(t, []int{2, 1, 1}, []int{events[0].Feature.Tiles, events[0].Feature.Pennants, events[0].Feature.Followers})
	assert.Equal(t, []int{6, 0}, scores(g), "2 per tile and 2 per pennant, also for a city of two tiles")
	assert.Equal(t, game.Followers, g.Player(0).Supply)
}

func TestCloisterCompletedScoresNine(t *testing.T) {
	_, r := baseRules(t)
	g := newGame(t, r, 2)
	assert.Empty(t, turn(t, g, "base/B", pos(0, 1), 0, 0))
	assert.Empty(t, turn(t, g, "base/A", pos(-1, 0), 3, -1))
	events := turn(t, g, "base/A", pos(1, 0), 1, -1)
	assert.Equal(t, []game.EventKind{game.EventCompleted}, kinds(events), "the road closes with no one on it")
	for _, p := range []tilekit.BoardPosition{pos(-1, 1), pos(1, 1), pos(-1, 2)} {
		assert.Empty(t, turn(t, g, "base/B", p, 0, -1))
	}
	assert.Empty(t, turn(t, g, "base/E", pos(0, 2), 2, -1))
	events = turn(t, g, "base/E", pos(1, 2), 2, -1)
	require.Equal(t, []game.EventKind{game.EventCompleted, game.EventScored, game.EventReturned}, kinds(events))
	assert.Equal(t, game.KindCloister, events[0].Feature.Kind)
	assert.Equal(t, []int{9, 0}, scores(g))
	assert.Equal(t, game.Followers, g.Player(0).Supply)
}

func TestTiedCityScoresForBoth(t *testing.T) {
	_, r := baseRules(t)
	g := newGame(t, r, 3)
	// Player 0 extends the start tile's city north, player 1 starts a city
	// beside it, player 2 and player 0 join and close the two.
	assert.Empty(t, turn(t, g, "base/G", pos(0, -1), 1, 0))
	assert.Empty(t, turn(t, g, "base/E", pos(1, -1), 0, 0))
	typ, _ := r.Type("base/N")
	require.NoError(t, g.Take(typ))
	_, err := g.Apply(game.TileMove(game.Placement{Pos: pos(0, -2), Rot: 2}), nil)
	require.NoError(t, err)
	assert.NotContains(t, g.FollowerMoves(nil), game.FollowerMove(0), "the city already has player 0's follower")
	_, err = g.Apply(game.FollowerMove(0), nil)
	require.EqualError(t, err, "the city of base/N at 0,-2 is already taken by a follower of player 1 (at 0,-1)")
	_, err = g.Apply(game.NoFollower, nil)
	require.NoError(t, err)
	events := turn(t, g, "base/N", pos(1, -2), 3, -1)
	require.Equal(t, []game.EventKind{game.EventCompleted, game.EventScored, game.EventScored, game.EventReturned, game.EventReturned}, kinds(events))
	assert.Equal(t, []int{5, 0, 2}, []int{events[0].Feature.Tiles, events[0].Feature.Pennants, events[0].Feature.Followers})
	assert.Equal(t, []int{10, 10, 0}, scores(g))
	for p := range 3 {
		assert.Equal(t, game.Followers, g.Player(p).Supply)
	}
}

func TestFieldBesideTwoCompletedCitiesScoresSixAtTheEnd(t *testing.T) {
	_, r := baseRules(t)
	g := newGame(t, r, 2)
	require.Equal(t, []game.EventKind{game.EventCompleted}, kinds(turn(t, g, "base/E", pos(0, -1), 2, -1)))
	// Player 1's farmer lies north of the road, beside the start tile's
	// city and the city of its own tile, which player 0 then closes.
	assert.Empty(t, turn(t, g, "base/D", pos(1, 0), 0, 2))
	require.Equal(t, []game.EventKind{game.EventCompleted}, kinds(turn(t, g, "base/E", pos(1, -1), 2, -1)))
	assert.Equal(t, []game.PlacedFollower{{Player: 1, Pos: pos(1, 0), Index: 2}}, g.Followers(nil), "farmers stay")
	events := g.EndGame(nil)
	require.Len(t, events, 1)
	assert.Equal(t, game.Event{Kind: game.EventScored, Feature: events[0].Feature, Player: 1, Points: 6, End: true, Scoring: game.RuleField}, events[0])
	assert.Equal(t, "end score p2 6 field", events[0].String())
	assert.Equal(t, game.KindField, events[0].Feature.Kind)
	assert.Equal(t, []int{0, 6}, scores(g))
	assert.True(t, g.Over())
	assert.Empty(t, g.EndGame(nil), "a game is scored once")
}

func TestIncompleteFeaturesAtTheEnd(t *testing.T) {
	_, r := baseRules(t)
	g := newGame(t, r, 2)
	assert.Empty(t, turn(t, g, "base/F", pos(0, -1), 1, 0))
	assert.Empty(t, turn(t, g, "base/B", pos(0, 1), 0, 0))
	assert.Empty(t, turn(t, g, "base/U", pos(1, 0), 0, 0))
	events := g.EndGame(nil)
	assert.Equal(t, []int{2 + 1 + 2, 1 + 2}, scores(g), "a city of 2 tiles and a pennant and a road of 2 tiles; a cloister and its two neighbours")
	assert.Equal(t, scores(g), scored(events, 2))
	for _, e := range events {
		assert.True(t, e.End)
		assert.False(t, e.Feature.Complete())
	}
}

func TestMovesOutOfTurnAreRefused(t *testing.T) {
	_, r := baseRules(t)
	_, err := game.NewGame(r, 1, 0)
	require.ErrorContains(t, err, "want 2 to 6")
	g := newGame(t, r, 2)
	_, err = g.Apply(game.TileMove(game.Placement{Pos: pos(1, 0)}), nil)
	require.Error(t, err, "no tile drawn")
	_, err = g.Apply(game.NoFollower, nil)
	require.Error(t, err)
	typ, ok := g.Draw()
	require.True(t, ok)
	assert.Equal(t, typ, g.Tile())
	require.Error(t, g.Take(typ), "a tile is drawn already")
	_, err = g.Apply(game.TileMove(game.Placement{Pos: pos(5, 5)}), nil)
	require.EqualError(t, err, "no placed tile next to 5,5")
	assert.Empty(t, g.FollowerMoves(nil), "no follower move before the tile move")
	assert.Empty(t, g.EndGame(nil), "not in the middle of a turn")
	assert.False(t, g.Over())
}

func TestSameSeedDrawsTheSameTiles(t *testing.T) {
	_, r := baseRules(t)
	a, b := newGame(t, r, 2), newGame(t, r, 2)
	a.Reset(99)
	b.Reset(99)
	var da, db []int
	for range 20 {
		ta, _ := a.Draw()
		tb, _ := b.Draw()
		da, db = append(da, ta), append(db, tb)
		for _, g := range []*game.Game{a, b} {
			pl := g.Placements(nil)
			_, err := g.Apply(game.TileMove(pl[0]), nil)
			require.NoError(t, err)
			_, err = g.Apply(game.NoFollower, nil)
			require.NoError(t, err)
		}
	}
	assert.Equal(t, da, db)
	b.Reset(100)
	var dc []int
	for range 20 {
		tc, _ := b.Draw()
		dc = append(dc, tc)
		_, _ = b.Apply(game.TileMove(b.Placements(nil)[0]), nil)
		_, _ = b.Apply(game.NoFollower, nil)
	}
	assert.NotEqual(t, da, dc)
}

// eventTexts writes events as scenario files name them.
func eventTexts(events []game.Event) []string {
	var out []string
	for _, e := range events {
		out = append(out, e.String())
	}
	return out
}
