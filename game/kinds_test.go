package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// kindRules compiles the base game with the kinds of follower of the
// given expansions or parts.
func kindRules(t testing.TB, ids ...string) *game.Ruleset {
	cat := catalog(t)
	sel, err := rules.Select(cat, ids)
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	return r
}

func TestKindsComeFromTheSelection(t *testing.T) {
	_, base := baseRules(t)
	require.Equal(t, 1, base.NumKinds(), "the base game plays the meeple alone")
	assert.Equal(t, "meeple", base.Kind(0).ID)
	assert.Equal(t, 7, base.Kind(0).PerPlayer)

	r := kindRules(t, "inns-cathedrals/large-meeple", "abbey-mayor/mayor", "abbot")
	var ids []string
	for i := range r.NumKinds() {
		ids = append(ids, r.Kind(i).ID)
	}
	assert.Equal(t, []string{"meeple", "abbot", "large-meeple", "mayor"}, ids, "the meeple first, then the catalog's order, by id")
	large, _ := r.KindIndex("large-meeple")
	assert.Equal(t, 2, r.Kind(large).Weight)
	mayor, _ := r.KindIndex("mayor")
	assert.Equal(t, tilekit.StrengthPennants, r.Kind(mayor).Strength)
	assert.Equal(t, uint8(1<<game.KindCity), r.Kind(mayor).StandsOn)

	g, err := game.NewGame(r, 2, 1)
	require.NoError(t, err)
	assert.Equal(t, 10, g.Player(0).Supply, "7 meeples, a large meeple, an abbot and a mayor")
	assert.Equal(t, 1, g.SupplyOf(1, mayor))

	cat := catalog(t)
	sel, err := rules.Select(cat, []string{"inns-cathedrals/large-meeple"})
	require.NoError(t, err)
	plain, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.C2, BaseTurn: true})
	require.NoError(t, err)
	assert.Equal(t, 1, plain.NumKinds(), "the base game's turn plays the meeple alone")
}

func TestFollowerMovesListEachKindWhereItStands(t *testing.T) {
	r := kindRules(t, "abbot")
	abbot, _ := r.KindIndex("abbot")
	g, err := game.NewGame(r, 2, 1)
	require.NoError(t, err)
	a, _ := r.Type("base/A")
	require.NoError(t, g.Take(a))
	_, err = g.Apply(game.TileMove(game.Placement{Pos: pos(1, 0), Rot: 1}), nil)
	require.NoError(t, err)
	cloister, _ := r.FeatureIndex(a, "cloister")
	road, _ := r.FeatureIndex(a, "road")
	field, _ := r.FeatureIndex(a, "field")
	assert.Equal(t, []game.Move{game.NoFollower, game.FollowerMove(cloister), game.KindMove(cloister, abbot), game.FollowerMove(road), game.FollowerMove(field)},
		g.FollowerMoves(nil), "the abbot only in the cloister")

	_, err = g.Apply(game.KindMove(road, abbot), nil)
	assert.EqualError(t, err, "no abbot may stand on the road of base/A at 1,0: it stands on cloister")
	_, err = g.Apply(game.KindMove(cloister, abbot), nil)
	require.NoError(t, err)
	assert.Equal(t, 0, g.SupplyOf(0, abbot))
	assert.Equal(t, 7, g.SupplyOf(0, 0))
	assert.Equal(t, 7, g.Player(0).Supply)
	assert.Equal(t, []game.PlacedFollower{{Player: 0, Pos: pos(1, 0), Index: cloister, Figure: abbot}}, g.Followers(nil))
}

func TestMovesNameTheirKind(t *testing.T) {
	r := kindRules(t, "inns-cathedrals/large-meeple")
	g, err := game.ParseSnapshot(r, "0,0:base/D@0 0,1:base/E@180 / scores 0,0 / placed 0,1")
	require.NoError(t, err)
	e, _ := r.Type("base/E")
	city, _ := r.FeatureIndex(e, "city")
	m := game.KindMove(city, 1)
	assert.Equal(t, "f0 figure1", m.String(), "without a game the kind is its index")
	assert.Equal(t, "city large-meeple", g.MoveText(m))
	for _, text := range []string{"city large-meeple", "f0 figure1", "#0 large-meeple"} {
		got, err := g.ParseMove(text)
		require.NoError(t, err, text)
		assert.Equal(t, m, got, text)
	}
	got, err := game.ParseMove("f0 figure1")
	require.NoError(t, err)
	assert.Equal(t, m, got)
	_, err = g.ParseMove("city mayor")
	assert.EqualError(t, err, `move "city mayor": no kind of follower "mayor" in this game: it plays meeple, large-meeple`)
	_, err = game.ParseMove("f0 large-meeple")
	assert.ErrorContains(t, err, "is named, not given by its index (figure1)")
}

func TestSnapshotWritesKindsAndSupplies(t *testing.T) {
	r := kindRules(t, "inns-cathedrals/large-meeple")
	text := "0,0:base/D@0[1:city:large-meeple,2:road] / scores 0,0 / turn 1 / pile base/A*1"
	g, err := game.ParseSnapshot(r, text)
	require.NoError(t, err)
	assert.Equal(t, text, g.Snapshot(), "the defaults write no supply")
	assert.Equal(t, 0, g.SupplyOf(0, 1))
	assert.Equal(t, 7, g.SupplyOf(0, 0))

	text = "0,0:base/D@0[1:city:large-meeple,1:road:large-meeple] / scores 0,0 / supply meeple:0,7 large-meeple:0,1 / turn 1 / pile base/A*1"
	g, err = game.ParseSnapshot(r, text)
	require.NoError(t, err, "a supply section gives what is at hand, whatever stands on the board")
	assert.Equal(t, text, g.Snapshot())
	assert.Equal(t, 0, g.Player(0).Supply)
	assert.Equal(t, 8, g.Player(1).Supply)

	for text, want := range map[string]string{
		"0,0:base/D@0[1:city:mayor] / scores 0,0":         `follower "1:city:mayor": no kind of follower "mayor": the game plays meeple, large-meeple`,
		"0,0:base/D@0 / scores 0,0 / supply meeple:7":     "supply of meeple: 1 numbers, but the scores give 2 players",
		"0,0:base/D@0 / scores 0,0 / supply 7,7":          `"7,7": want KIND:N,N,..., such as meeple:5,7`,
		"0,0:base/D@0 / scores 0,0 / supply abbot:1,1":    `no kind of follower "abbot": the game plays meeple, large-meeple`,
		"0,0:base/D@0 / scores 0,0 / supply meeple:7,101": `"101": want a number of followers from 0 to 100`,
	} {
		_, err := game.ParseSnapshot(r, text)
		assert.ErrorContains(t, err, want, text)
	}
}

// Random games with every kind of the selection keep the invariants (each
// kind's followers add up, the totals too) and deploy every kind.
func TestPlayoutDeploysEveryKind(t *testing.T) {
	r := kindRules(t, "inns-cathedrals/large-meeple", "abbey-mayor/mayor", "abbey-mayor/wagon", "abbot", "phantom")
	p, err := game.NewPlayout(r, 3, true)
	require.NoError(t, err)
	seen := map[int]bool{}
	for seed := range uint64(20) {
		_, err := p.Play(seed)
		require.NoError(t, err, "seed %d", seed)
		for _, f := range p.Game().Followers(nil) {
			seen[f.Figure] = true
		}
	}
	for k := range r.NumKinds() {
		assert.True(t, seen[k], "no %s deployed in 20 games", r.Kind(k).ID)
	}
}

// The magic portal sends a follower of any kind that portal-figures allows
// (followers may use it: Wikicarpedia, The Princess and The Dragon (1st
// edition)/de, Other Expansions: Der Zaubergang, whose list names the
// large meeple and the abbot), onto a feature that kind may stand on:
// the abbot only onto a cloister, the large meeple anywhere the meeple
// may go, and a kind with none at hand not at all.
func TestPortalSendsEveryKind(t *testing.T) {
	r := kindRules(t, "princess-dragon", "inns-cathedrals/large-meeple", "abbot")
	large, _ := r.KindIndex("large-meeple")
	abbot, _ := r.KindIndex("abbot")
	g, err := game.ParseSnapshot(r, "0,0:base/D@0 0,1:base/B@0 / scores 0,0")
	require.NoError(t, err)
	take(t, g, "princess-dragon/portal-road-junction")
	require.NoError(t, place(g, -1, 0, 0))
	byKind := map[int][]string{}
	for _, m := range g.FollowerMoves(nil) {
		if m.Kind == game.MoveDeploy {
			byKind[int(m.Figure)] = append(byKind[int(m.Figure)], g.MoveText(m))
		}
	}
	assert.Equal(t, []string{"portal 0,1:cloister abbot"}, byKind[abbot], "the abbot goes only onto a cloister")
	assert.Equal(t, len(byKind[0]), len(byKind[large]), "the large meeple goes wherever the meeple goes")
	assert.Contains(t, byKind[large], "portal 0,1:cloister large-meeple")

	m, err := g.ParseMove("portal 0,1:cloister large-meeple")
	require.NoError(t, err)
	apply(t, g, m)
	assert.Zero(t, g.SupplyOf(0, large), "the large meeple went through the portal")
	assert.Equal(t, 7, g.SupplyOf(0, 0))
	assert.Contains(t, g.Snapshot(), "0,1:base/B@0[1:cloister:large-meeple]")
}
