package game_test

import (
	"cmp"
	"encoding"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit/game"
)

func TestPositionReadsAndWrites(t *testing.T) {
	_, r := baseRules(t)
	text := "0,0:base/D@0 1,0:base/U@0[1:road] / scores 3,0 / turn 2 / pile base/A*2,base/B*4"
	g, err := game.ParseSnapshot(r, text)
	require.NoError(t, err)
	assert.Equal(t, text, g.Snapshot())
	assert.Equal(t, 2, g.NumPlayers())
	assert.Equal(t, game.Player{Score: 3, Supply: 6}, g.Player(0))
	assert.Equal(t, 1, g.Turn())
	assert.Equal(t, 6, g.Left())
	assert.Equal(t, []game.PlacedFollower{{Player: 0, Pos: pos(1, 0), Index: 0}}, g.Followers(nil))

	// Spacing, token order and a count of 1 left out are free; the
	// position is then written in its one form.
	g, err = game.ParseSnapshot(r, "  1,0:base/U@0[1:road]\t0,0:base/D@0 / scores 3,0 / pile base/B*4, base/A*2 / turn 2")
	require.NoError(t, err)
	assert.Equal(t, text, g.Snapshot())
}

func TestPositionDefaults(t *testing.T) {
	_, r := baseRules(t)
	g, err := game.ParseSnapshot(r, "/ scores 0,0,0")
	require.NoError(t, err)
	assert.Equal(t, "0,0:base/D@0", g.Board().String(), "an empty board is the start tile alone")
	assert.Equal(t, r.Total()-1, g.Left(), "the pile is every tile but the start tile")
	assert.Equal(t, 0, g.Turn())
	g, err = game.ParseSnapshot(r, "0,0:base/D@0 1,0:base/U@0 / scores 0,0 / drawn base/U")
	require.NoError(t, err)
	assert.Equal(t, r.Total()-3, g.Left(), "less the tiles on the board and the drawn one")
	typ, _ := r.Type("base/U")
	assert.Equal(t, typ, g.Tile())
	assert.Len(t, g.Placements(nil), 10, "rotations 0 and 180 east and west of the road, south of both tiles, north of base/U")
}

func TestPositionMidTurnAndOver(t *testing.T) {
	_, r := baseRules(t)
	for _, text := range []string{
		"0,0:base/D@0 1,0:base/U@0 / scores 0,0 / turn 1 / pile none / drawn base/V",
		"0,0:base/D@0 1,0:base/U@0 / scores 0,0 / turn 1 / pile base/V*1 / placed 0,0",
		"0,0:base/D@0[2:city] 1,0:base/U@0 / scores 0,5 / turn 2 / pile none / over / options no-farmers,first-edition-scoring",
	} {
		g, err := game.ParseSnapshot(r, text)
		require.NoError(t, err, text)
		assert.Equal(t, text, g.Snapshot())
	}
	g, err := game.ParseSnapshot(r, "0,0:base/D@0 1,0:base/U@0 / scores 0,0 / placed 0,0")
	require.NoError(t, err)
	// The start tile is the tile just placed: its follower move is due.
	assert.Equal(t, []game.Move{game.NoFollower, game.FollowerMove(0), game.FollowerMove(1), game.FollowerMove(2), game.FollowerMove(3)}, g.Legal(nil))
}

func TestPositionErrorsNameTheToken(t *testing.T) {
	_, r := baseRules(t)
	for text, want := range map[string]string{
		"0,0:base/D@0":                                    "no scores section",
		"0,0:base/D@0 / scores 0":                         `section 2 "scores 0": 1 scores: want one per player, 2 to 6 players`,
		"0,0:base/D@0 / scores 0,x":                       `section 2 "scores 0,x": score "x" is not a whole number of points`,
		"0,0:base/D@0 / scores 0,0 / turn 3":              "turn 3: there are 2 players",
		"0,0:base/D@0 / scores 0,0 / pile base/Z":         `section 3 "pile base/Z": unknown tile "base/Z"`,
		"0,0:base/D@0 / scores 0,0 / colour red":          `section 3 "colour red": unknown section "colour"`,
		"0,0:base/D@0 / scores 0,0 / scores 1,1":          `section 3 "scores 1,1": a second scores section`,
		"0,0:base/D@0 / scores 0,0 / drawn base/U / over": "drawn, placed and over exclude each other",
		"0,0:base/D@0 1,0:base/U@0[1:wall] / scores 0,0":  `token 2 "1,0:base/U@0[1:wall]": follower "1:wall": base/U: no feature "wall" (its features are road, field1, field2)`,
		"0,0:base/D@0 1,0:base/U@0[1:field] / scores 0,0": `base/U: 2 features are a field: "field" names none of them`,
		"0,0:base/D@0 1,0:base/U@0[3:road] / scores 0,0":  `follower "3:road": player 3: want 1 to 2`,
		"0,0:base/D@0 1,0:base/U@0[1:road / scores 0,0":   `token 2 "1,0:base/U@0[1:road": the followers' list must end in ]`,
		"0,0:base/D@0 0,1:base/U@90 / scores 0,0":         `token 2 "0,1:base/U@90": its N side shows road but touches the S side of token 1 "0,0:base/D@0", which shows field`,
		"0,0:base/D@0 / scores 0,0 / placed 4,4":          "placed 4,4: no tile lies there",
	} {
		_, err := game.ParseSnapshot(r, text)
		assert.ErrorContains(t, err, want, text)
	}
}

func TestFeatureNames(t *testing.T) {
	_, r := baseRules(t)
	d, _ := r.Type("base/D")
	h, _ := r.Type("base/H")
	// base/D: a city with the id "city", a road, the field north of the
	// road (touching EL and WR) and the field south of it.
	names := map[string]int{"city": 0, "road": 1, "field1": 2, "field2": 3, "field@EL": 2, "field@SL": 3, "road@W": 1, "#3": 3}
	for name, want := range names {
		got, err := r.FeatureIndex(d, name)
		require.NoError(t, err, name)
		assert.Equal(t, want, got, name)
	}
	assert.Equal(t, []string{"city", "road", "field1", "field2"}, []string{r.FeatureName(d, 0), r.FeatureName(d, 1), r.FeatureName(d, 2), r.FeatureName(d, 3)})
	// base/H: two cities with the ids north and south.
	assert.Equal(t, "north", r.FeatureName(h, 0))
	_, err := r.FeatureIndex(h, "city")
	assert.EqualError(t, err, `base/H: 2 features are a city: "city" names none of them (its features are north, south, field)`)
	_, err = r.FeatureIndex(d, "field@N")
	assert.ErrorContains(t, err, "no field touches N")
	_, err = r.FeatureIndex(d, "cloister")
	assert.ErrorContains(t, err, "base/D: no cloister")
	_, err = r.FeatureIndex(d, "#4")
	assert.ErrorContains(t, err, `no feature "#4"`)
	// One spelling per name: the engine once read these as field1, #3 and
	// field@SL; the grammar of the root package refuses them, as the
	// validator does.
	for name, want := range map[string]string{
		"field01":   `base/D: no feature "field01" (its features are city, road, field1, field2)`,
		"#03":       `base/D: feature name "#03": an index is "#" and a number from 0 without leading zeros, such as #3 (its features are city, road, field1, field2)`,
		"#+3":       `base/D: feature name "#+3": an index is "#" and a number from 0 without leading zeros, such as #3 (its features are city, road, field1, field2)`,
		"field2@SL": `base/D: feature name "field2@SL": before "@" comes a feature kind (city, road, field, cloister), without an ordinal (its features are city, road, field1, field2)`,
	} {
		_, err = r.FeatureIndex(d, name)
		assert.EqualError(t, err, want, name)
	}
	for typ := range r.NumTypes() {
		for i := range r.NumFeatures(typ) {
			got, err := r.FeatureIndex(typ, r.FeatureName(typ, i))
			require.NoError(t, err)
			assert.Equal(t, i, got, "%s %s", r.ID(typ), r.FeatureName(typ, i))
		}
	}
}

// FuzzSnapshot plays a random game of a number of steps (a draw, a tile
// move or a follower move each; past the end of the pile the game is
// scored), with rule options chosen by the seed, and checks that ParseSnapshot reads its Snapshot back to the
// same position, with the same legal moves. It also reads the fuzzed text
// as a position, which must fail or round-trip, and never panic.
func FuzzSnapshot(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 8, 16, 42} {
		f.Add(seed, uint8(seed*37), "")
	}
	f.Add(uint64(7), uint8(255), "0,0:base/D@0 1,0:base/U@0[1:road] / scores 3,0 / turn 2 / pile base/A*2,base/B*4")
	f.Add(uint64(9), uint8(0), "/ scores 0,0 / placed 0,0")
	var byOptions [4]*game.Ruleset
	for i := range byOptions {
		_, byOptions[i] = baseRulesWith(f, game.Options{NoFarmers: i&1 != 0, FirstEditionScoring: i&2 != 0})
	}
	r := byOptions[0]
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, text string) {
		g, err := game.NewGame(byOptions[seed>>3&3], 2+int(seed%5), seed)
		require.NoError(t, err)
		for step := 0; step < int(steps)*2 && !g.Over(); step++ {
			moves := g.Legal(nil)
			switch {
			case len(moves) > 0:
				_, err = g.Apply(moves[(seed+uint64(step))%uint64(len(moves))], nil)
				require.NoError(t, err)
			default:
				if _, ok := g.Draw(); !ok {
					g.EndGame(nil)
				}
			}
		}
		assertRoundTrip(t, g)
		if parsed, err := game.ParseSnapshot(r, text); err == nil {
			assertRoundTrip(t, parsed)
		}
	})
}

// assertRoundTrip checks that a game's position reads back to the same
// position, players and legal moves.
func assertRoundTrip(t *testing.T, g *game.Game) {
	t.Helper()
	text := g.Snapshot()
	back, err := game.ParseSnapshot(g.Ruleset(), text)
	require.NoError(t, err, text)
	require.Equal(t, text, back.Snapshot())
	for i := range g.NumPlayers() {
		require.Equal(t, g.Player(i), back.Player(i))
	}
	require.Equal(t, sortedMoves(g.Legal(nil)), sortedMoves(back.Legal(nil)), text)
	require.Equal(t, g.Over(), back.Over())
	require.Equal(t, g.Left(), back.Left())
}

func sortedMoves(ms []game.Move) []game.Move {
	slices.SortFunc(ms, func(a, b game.Move) int {
		return cmp.Or(cmp.Compare(a.Placement.Pos.Y, b.Placement.Pos.Y), cmp.Compare(a.Placement.Pos.X, b.Placement.Pos.X),
			cmp.Compare(a.Placement.Rot, b.Placement.Rot), cmp.Compare(a.Feature, b.Feature))
	})
	return ms
}

// A Game is an encoding.TextMarshaler and TextUnmarshaler in the snapshot
// notation: a game read back by UnmarshalText writes the same snapshot and
// has the same legal moves, and a text that does not read leaves the game
// as it was.
func TestSnapshotText(t *testing.T) {
	_, r := baseRules(t)
	g, err := game.NewGame(r, 3, 5)
	require.NoError(t, err)
	for range 9 {
		_, ok := g.Draw()
		require.True(t, ok)
		moves := g.Legal(nil)
		_, err = g.Apply(moves[len(moves)/2], nil)
		require.NoError(t, err)
		moves = g.Legal(nil)
		_, err = g.Apply(moves[len(moves)-1], nil)
		require.NoError(t, err)
	}
	var _ encoding.TextMarshaler = g
	var _ encoding.TextUnmarshaler = g
	text, err := g.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, g.Snapshot(), string(text))

	back, err := game.NewGame(r, 2, 1)
	require.NoError(t, err)
	require.NoError(t, back.UnmarshalText(text))
	assert.Equal(t, string(text), back.Snapshot())
	assert.Equal(t, 3, back.NumPlayers())
	assert.Equal(t, sortedMoves(g.Legal(nil)), sortedMoves(back.Legal(nil)))

	before := back.Snapshot()
	assert.ErrorContains(t, back.UnmarshalText([]byte("0,0:base/D@0 / turn 1")), "scores")
	assert.Equal(t, before, back.Snapshot(), "a failed read changes nothing")
	assert.Error(t, new(game.Game).UnmarshalText(text), "a zero Game has no ruleset to read by")
}
