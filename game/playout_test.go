package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

func TestPlayoutManySeedsBreakNothing(t *testing.T) {
	_, r := baseRules(t)
	for players := game.MinPlayers; players <= game.MaxPlayers; players++ {
		p, err := game.NewPlayout(r, players, true)
		require.NoError(t, err)
		for seed := range uint64(60) {
			res, err := p.Play(seed)
			require.NoError(t, err, "%d players, seed %d", players, seed)
			assert.Equal(t, r.Total()-1, res.Placements+res.Discarded, "every tile is placed or discarded")
			assert.Equal(t, players, res.Players)
			assert.LessOrEqual(t, res.Winning(), res.Total())
			assert.True(t, p.Game().Over())
		}
	}
}

func TestPlayoutWithEveryExpansionBreaksNothing(t *testing.T) {
	r, err := game.Compile(catalog(t), rules.SelectAll(), game.Setup{Edition: tilekit.C2, BaseTurn: true})
	require.NoError(t, err)
	p, err := game.NewPlayout(r, 4, true)
	require.NoError(t, err)
	for seed := range uint64(10) {
		_, err := p.Play(seed)
		require.NoError(t, err, "seed %d", seed)
	}
}

func TestPlayoutIsDeterministicPerSeed(t *testing.T) {
	_, r := baseRules(t)
	a, err := game.NewPlayout(r, 3, true)
	require.NoError(t, err)
	b, err := game.NewPlayout(r, 3, false)
	require.NoError(t, err)
	seen := map[[game.MaxPlayers]int]bool{}
	for seed := range uint64(20) {
		ra, err := a.Play(seed)
		require.NoError(t, err)
		_, err = b.Play(seed + 1000)
		require.NoError(t, err)
		rb, err := b.Play(seed)
		require.NoError(t, err)
		assert.Equal(t, ra, rb, "seed %d: the same game with or without checks, after another game", seed)
		assert.Equal(t, a.Game().Board().String(), b.Game().Board().String())
		seen[ra.Scores] = true
	}
	assert.Greater(t, len(seen), 10, "different seeds play different games")
}

func TestPlayoutAllocatesNothing(t *testing.T) {
	_, r := baseRules(t)
	p, err := game.NewPlayout(r, 2, true)
	require.NoError(t, err)
	seed := uint64(0)
	_, _ = p.Play(99)
	allocs := testing.AllocsPerRun(20, func() {
		seed++
		if _, err := p.Play(seed); err != nil {
			panic(err)
		}
	})
	assert.Zero(t, allocs)
}

func TestNewPlayoutRejectsPlayers(t *testing.T) {
	_, r := baseRules(t)
	_, err := game.NewPlayout(r, 7, false)
	assert.EqualError(t, err, "7 players: want 2 to 6")
}

// FuzzPlayout plays a checked random game for each fuzzed seed and number of
// players, with the base game or every expansion, in each edition that has
// a start tile: no invariant may break, and the same seed must play the
// same game twice.
func FuzzPlayout(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed, uint8(2+seed%5), seed%2 == 0, uint8(seed%3))
	}
	cat := catalog(f)
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, all bool, edition uint8) {
		sel := rules.Selection{}
		if all {
			var err error
			sel, err = rules.Select(cat, []string{"princess-dragon", "black-dragon", "drawbridges"})
			require.NoError(t, err)
		}
		r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.Editions[int(edition)%len(tilekit.Editions)]})
		if err != nil {
			t.Skip(err) // an edition without a start tile in the selection
		}
		p, err := game.NewPlayout(r, 2+int(players)%5, true)
		require.NoError(t, err)
		first, err := p.Play(seed)
		require.NoError(t, err)
		again, err := p.Play(seed)
		require.NoError(t, err)
		require.Equal(t, first, again, "the same seed plays the same game")
	})
}

// TestRecordedGameReplaysAsScenario replays random games, with each rule
// option, as the scenarios their record makes, and checks that the
// scenario reaches the same position: the board, the followers, the
// scores and the end. One of the games sets a tile aside.
func TestRecordedGameReplaysAsScenario(t *testing.T) {
	cat, r := baseRules(t)
	discarding := uint64(0)
	p, err := game.NewPlayout(r, 2, false)
	require.NoError(t, err)
	for seed := range uint64(2000) {
		if res, err := p.Play(seed); err == nil && res.Discarded > 0 {
			discarding = seed
			break
		}
	}
	require.NotZero(t, discarding, "some game of the first 2000 seeds sets a tile aside")
	for i, opts := range []game.Options{{}, {NoFarmers: true}, {FirstEditionScoring: true}, {}} {
		_, r := baseRulesWith(t, opts)
		p, err := game.NewPlayout(r, 2+i, true)
		require.NoError(t, err)
		seed := uint64(i) + 11
		if i == 3 {
			seed = discarding
		}
		res, err := p.Play(seed)
		require.NoError(t, err)
		s := p.Scenario("replay")
		s.End = true
		s.Expect.Scores = res.Scores[:res.Players]
		ended := true
		s.Expect.Ended = &ended
		run := game.RunScenario(cat, &s)
		require.Empty(t, run.Failures, "seed %d", seed)
		assert.Equal(t, p.Game().Snapshot(), run.Snapshot, "seed %d", seed)
		assert.Equal(t, res.Placements+res.Discarded, len(s.Turns))
		assert.Equal(t, game.MinPlayers+i, s.Players)
		assert.Equal(t, opts.NoFarmers, s.Options.NoFarmers)
		assert.Equal(t, tilekit.C2, s.Edition)
		assert.Empty(t, s.Pile)
		assert.Empty(t, s.Expansions)
	}
}

func TestRecordingAllocatesNothing(t *testing.T) {
	_, r := baseRules(t)
	p, err := game.NewPlayout(r, 2, false)
	require.NoError(t, err)
	seed := uint64(0)
	assert.Zero(t, testing.AllocsPerRun(5, func() {
		seed++
		_, _ = p.Play(seed)
	}))
}
