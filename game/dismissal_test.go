package game_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// dismissalCatalog copies the built-in data and changes the step with the
// princess's dismissal (princess-remove) as a user's data folder could.
func dismissalCatalog(t *testing.T, change func(s *tilekit.Step)) *tilekit.Catalog {
	t.Helper()
	return changedStep(t, "with a dismissal", func(s *tilekit.Step) bool { return s.Mechanics.Dismissal != nil }, change)
}

// dismissalTurn places a tile north of the start tile, whose city holds
// player 2's knight, and returns the game waiting for the figure decision.
func dismissalTurn(t *testing.T, r *game.Ruleset, tile string, rot int) *game.Game {
	t.Helper()
	g, err := game.ParseSnapshot(r, "0,0:base/D@0[2:city] / scores 0,0")
	require.NoError(t, err)
	take(t, g, tile)
	require.NoError(t, place(g, 0, -1, rot), "its city meets the start tile's city")
	return g
}

// The engine plays the dismissal from its data: the word of its moves and
// events, the attribute that sets it off and the table that says whom it
// may remove are the step's, and changing them changes the game (Das
// Burgfräulein in the data: the princess tile sends the knight home).
func TestChangedDismissalDataChangesTheGame(t *testing.T) {
	const princess, pennant = "princess-dragon/princess-city-corner-garden", "base/C"
	for _, tc := range []struct {
		name   string
		change func(s *tilekit.Step)
		tile   string
		rot    int
		want   []string // the dismissal's moves among the legal ones
		events []string
	}{
		{"as built in", func(*tilekit.Step) {}, princess, 2, []string{"princess 0,0:f0"}, []string{"princess p2 city"}},
		{"as built in, a pennant sets nothing off", func(*tilekit.Step) {}, pennant, 0, nil, nil},
		{"another word", func(s *tilekit.Step) { s.Mechanics.Dismissal.Word = "lady" }, princess, 2, []string{"lady 0,0:f0"}, []string{"lady p2 city"}},
		{"another attribute", func(s *tilekit.Step) { s.Mechanics.Dismissal.Attribute = tilekit.Pennant }, pennant, 0,
			[]string{"princess 0,0:f0"}, []string{"princess p2 city"}},
		{"another attribute, the princess sets nothing off", func(s *tilekit.Step) { s.Mechanics.Dismissal.Attribute = tilekit.Pennant }, princess, 2, nil, nil},
		{"a table that spares the meeple", func(s *tilekit.Step) { s.Mechanics.Dismissal.Table = "volcano-deploy" }, princess, 2, nil, nil},
	} {
		r := pdRules(t, dismissalCatalog(t, tc.change), tilekit.HansImGlueck)
		g := dismissalTurn(t, r, tc.tile, tc.rot)
		word := string(r.DismissalMove(pos(0, 0), 0).Word.ID())
		var got []string
		for _, m := range legalStrings(g) {
			if strings.HasPrefix(m, word+" ") {
				got = append(got, m)
			}
		}
		require.Equal(t, tc.want, got, tc.name)
		if len(tc.want) == 0 {
			continue
		}
		m, err := g.ParseMove(tc.want[0])
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.events, apply(t, g, m), tc.name)
		assert.Equal(t, game.Followers, g.Player(1).Supply, "%s: the knight went home", tc.name)
	}
}

// The engine finds the dismissal's step by its part, not by its id: the
// step under another id plays the same, its errors citing the data's
// source, and the id without the part is a step the engine cannot play.
func TestDismissalStepOfAnotherIDPlaysTheSame(t *testing.T) {
	renamed := dismissalCatalog(t, func(s *tilekit.Step) {
		s.ID = "lady-remove"
		s.Mechanics.Dismissal.Source.Section = "Die Dame"
	})
	const tile = "princess-dragon/princess-city-corner-garden"
	for _, pub := range []tilekit.Publisher{tilekit.HansImGlueck, tilekit.RioGrande} {
		built, other := dismissalTurn(t, pdRules(t, catalog(t), pub), tile, 2), dismissalTurn(t, pdRules(t, renamed, pub), tile, 2)
		assert.Contains(t, other.Ruleset().Steps(), "lady-remove", pub)
		assert.NotContains(t, other.Ruleset().Steps(), "princess-remove", pub)
		assert.Equal(t, legalStrings(built), legalStrings(other), pub)
		if pub == tilekit.RioGrande {
			_, err := other.Apply(game.NoFollower, nil)
			assert.ErrorContains(t, err, "the princess must send a knight of the city home: no follower may be placed (Wikicarpedia: The Princess and The Dragon (1st edition)/de, Die Dame)", pub)
		}
		m := other.Ruleset().DismissalMove(pos(0, 0), 0)
		assert.Equal(t, apply(t, built, built.Ruleset().DismissalMove(pos(0, 0), 0)), apply(t, other, m), pub)
	}
	gone := dismissalCatalog(t, func(s *tilekit.Step) { s.Mechanics.Dismissal = nil })
	sel, err := rules.Select(gone, []string{"princess-dragon"})
	require.NoError(t, err)
	_, err = game.Compile(gone, sel, game.Setup{Edition: tilekit.C2})
	assert.ErrorContains(t, err, "the step princess-remove (The princess sends a knight home, of expansion princess-dragon/princess) has no implementation in the game engine")
}

// The dismissal's table decides for each kind of follower: with the rows
// of princess-removal for the large meeple turned to no, a large meeple
// in the city stays, and under Rio Grande's must the player may place a
// follower instead.
func TestDismissalTableDecidesPerKind(t *testing.T) {
	d := catalog(t).Data
	d.Rows = slices.Clone(d.Rows)
	changed := 0
	for i := range d.Rows {
		if r := &d.Rows[i]; r.Table == "princess-removal" && r.Subject == "large-meeple" {
			r.Verdict = tilekit.No
			changed++
		}
	}
	require.Positive(t, changed)
	const tile = "princess-dragon/princess-city-corner-garden"
	for _, tc := range []struct {
		name string
		cat  *tilekit.Catalog
		want []string
	}{{"as built in", catalog(t), []string{"princess 0,0:f0"}}, {"the large meeple spared", tilekit.NewCatalog(d), nil}} {
		r := pdRules(t, tc.cat, tilekit.RioGrande, "inns-cathedrals/large-meeple")
		g, err := game.ParseSnapshot(r, "0,0:base/D@0[2:city:large-meeple] / scores 0,0")
		require.NoError(t, err)
		take(t, g, tile)
		require.NoError(t, place(g, 0, -1, 2))
		var got []string
		for _, m := range legalStrings(g) {
			if strings.HasPrefix(m, "princess ") {
				got = append(got, m)
			}
		}
		assert.Equal(t, tc.want, got, tc.name)
		assert.Equal(t, tc.want == nil, slices.Contains(legalStrings(g), "none"), "%s: the must binds only when a follower can go", tc.name)
	}
}
