package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// Every legal move of random games, of every selection of the three
// expansions in the editions that have their tiles, reads back from its
// text: ParseMove from Move.String, and the game's ParseMove from both
// Move.String and MoveText (its features by name).
func TestParseMoveReadsEveryLegalMove(t *testing.T) {
	cat := catalog(t)
	expansions := []string{"princess-dragon", "black-dragon", "drawbridges"}
	kinds := map[game.MoveKind]int{}
	played := 0
	for subset := range 1 << len(expansions) {
		var ids []string
		for i, id := range expansions {
			if subset&(1<<i) != 0 {
				ids = append(ids, id)
			}
		}
		sel, err := rules.Select(cat, ids)
		require.NoError(t, err)
		for _, edition := range []tilekit.Edition{tilekit.C2, tilekit.C3} {
			r, err := game.Compile(cat, sel, game.Setup{Edition: edition, Publisher: tilekit.HansImGlueck})
			if err != nil {
				continue // an expansion without tiles in this edition
			}
			for seed := range uint64(4) {
				playReadingMoves(t, r, seed, kinds)
				played++
			}
		}
	}
	assert.GreaterOrEqual(t, played, 12)
	for k := game.MoveBase; k <= game.MoveCross; k++ {
		assert.NotZero(t, kinds[k], "no legal move of kind %d was read", k)
	}
}

// playReadingMoves plays a random game, reading every legal move of each
// decision back from its texts, and counts the moves by kind.
func playReadingMoves(t *testing.T, r *game.Ruleset, seed uint64, kinds map[game.MoveKind]int) {
	t.Helper()
	// Scores near 50 bring the Black Dragon in early.
	g, err := game.ParseSnapshot(r, "/ scores 44,46")
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 7))
	var legal []game.Move
	for {
		if _, ok := g.Draw(); !ok {
			return
		}
		for g.Decision() != "draw" && g.Decision() != "over" {
			legal = g.Legal(legal[:0])
			require.NotEmpty(t, legal)
			for _, m := range legal {
				kinds[m.Kind]++
				for _, text := range []string{m.String(), g.MoveText(m)} {
					if got, err := g.ParseMove(text); err != nil || got != m {
						t.Fatalf("%q in %s reads as %+v, %v; want %+v", text, g.Snapshot(), got, err, m)
					}
				}
				if got, err := game.ParseMove(m.String()); err != nil || got != m {
					t.Fatalf("%q reads as %+v, %v; want %+v", m.String(), got, err, m)
				}
			}
			// Never "none" when there is a follower to place, so that the
			// scores reach the Black Dragon's threshold.
			k := rng.IntN(len(legal))
			if legal[k] == game.NoFollower && len(legal) > 1 {
				k = 1 + rng.IntN(len(legal)-1)
			}
			_, err := g.Apply(legal[k], nil)
			require.NoError(t, err)
		}
	}
}

// The game's ParseMove reads feature names of the tile a move names and
// says what is wrong with a text; MoveText writes the names.
func TestGameParseMoveNamesFeatures(t *testing.T) {
	_, r := baseRules(t)
	g, err := game.ParseSnapshot(r, "0,0:base/D@0 1,0:base/U@0 / scores 0,0")
	require.NoError(t, err)
	u, ok := r.Type("base/U")
	require.True(t, ok)
	require.NoError(t, g.Take(u))
	_, err = g.Apply(game.TileMove(game.Placement{Pos: tilekit.BoardPosition{X: 2, Y: 0}}), nil)
	require.NoError(t, err)
	road, err := r.FeatureIndex(u, "road")
	require.NoError(t, err)

	m, err := g.ParseMove("road")
	require.NoError(t, err)
	assert.Equal(t, game.FollowerMove(road), m)
	assert.Equal(t, "road", g.MoveText(m))
	m, err = g.ParseMove("#1")
	require.NoError(t, err)
	assert.Equal(t, game.FollowerMove(1), m)
	pd := pdRules(t, catalog(t), tilekit.HansImGlueck) // the data's deployment names its word, portal
	m, err = g.ParseMove("portal 0,0:city")
	require.NoError(t, err)
	d, _ := r.Type("base/D")
	city, _ := r.FeatureIndex(d, "city")
	assert.Equal(t, pd.DeployMove(tilekit.BoardPosition{}, city), m)
	assert.Equal(t, "portal 0,0:city", g.MoveText(m))

	for text, want := range map[string]string{
		"portal 5,5:city": `move "portal 5,5:city": no tile lies at 5,5`,
		"cloister":        `move "cloister": base/U: no cloister (its features are road, field1, field2)`,
		"f9":              `move "f9": base/U has no feature #9 (its features are road, field1, field2)`,
		"portal 0,0":      `move "portal 0,0": portal names a feature of the tile after ":", such as portal 0,0:city`,
		"dragon X":        `move "dragon X": dragon is followed by the side it steps to: side "X": want N, E, S or W`,
		"road abbot":      `move "road abbot": no kind of follower "abbot" in this game: it plays meeple`,
		"1,0@45":          `move "1,0@45": a tile move is x,y@ROT, ROT one of 0, 90, 180 or 270 (degrees clockwise), not "45"`,
	} {
		_, err := g.ParseMove(text)
		require.Error(t, err, text)
		assert.Equal(t, want, err.Error(), text)
	}
	_, err = game.ParseMove("road")
	require.ErrorContains(t, err, "is named, not given by its index", "a name is not read without a game")
}

// Any text either fails to parse or parses to a move whose text parses
// back to the same move; it never panics.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1,-1@90", "f3", "#2", "none", "portal 2,1:f0", "princess 0,-1:f0", "fairy 1,0:f1",
		"fairy 1,0", "dragon N", "black-dragon E", "drawbridge 1,-1:f0", "drawbridge home", "f1 large-meeple", "-0,01@0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := game.ParseMove(text)
		if err != nil {
			return
		}
		again, err := game.ParseMove(m.String())
		if err != nil {
			t.Fatalf("%q parses to %+v, whose text %q does not parse: %v", text, m, m.String(), err)
		}
		if again != m {
			t.Fatalf("%q parses to %+v, whose text %q parses to %+v", text, m, m.String(), again)
		}
	})
}
