package game_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// threeExpansions compiles The Princess & the Dragon, the Black Dragon and
// the Drawbridges (those of them with tiles in the edition) under a
// publisher's rules.
func threeExpansions(t testing.TB, edition tilekit.Edition, pub tilekit.Publisher) *game.Ruleset {
	t.Helper()
	cat := catalog(t)
	sel, err := rules.Select(cat, []string{"princess-dragon", "black-dragon", "drawbridges"})
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: edition, Publisher: pub})
	require.NoError(t, err)
	return r
}

// everyExpansion lists the expansions of issue 20 that the engine plays,
// with the three pages' expansions: Inns & Cathedrals, Traders & Builders, Abbey & Mayor, The
// Abbot, The Phantom, The Princess & the Dragon, the Black Dragon and the
// Drawbridges.
var everyExpansion = []string{"inns-cathedrals", "traders-builders", "abbey-mayor", "abbot", "phantom", "princess-dragon", "black-dragon", "drawbridges"}

// everything compiles everyExpansion in an edition under a publisher's
// rules.
func everything(t testing.TB, edition tilekit.Edition, pub tilekit.Publisher) *game.Ruleset {
	t.Helper()
	cat := catalog(t)
	sel, err := rules.Select(cat, everyExpansion)
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: edition, Publisher: pub})
	require.NoError(t, err)
	return r
}

// Random games of every expansion the engine plays, selected together,
// keep every invariant in each edition under each publisher's rules.
func TestPlayoutWithEveryExpansionPlayedBreaksNothing(t *testing.T) {
	for _, edition := range tilekit.Editions {
		for _, pub := range []tilekit.Publisher{"", tilekit.HansImGlueck, tilekit.RioGrande, tilekit.ZMan} {
			r := everything(t, edition, pub)
			for _, players := range []int{2, game.MaxPlayers} {
				p, err := game.NewPlayout(r, players, true)
				require.NoError(t, err)
				for seed := range uint64(6) {
					_, err := p.Play(seed)
					require.NoError(t, err, "%s %s, %d players, seed %d", edition, pub, players, seed)
				}
			}
		}
	}
}

func TestPlayoutWithTheThreeExpansionsBreaksNothing(t *testing.T) {
	for _, edition := range []tilekit.Edition{tilekit.C1, tilekit.C2, tilekit.C3} {
		for _, pub := range []tilekit.Publisher{"", tilekit.HansImGlueck, tilekit.RioGrande, tilekit.ZMan} {
			r := threeExpansions(t, edition, pub)
			for players := game.MinPlayers; players <= game.MaxPlayers; players++ {
				p, err := game.NewPlayout(r, players, true)
				require.NoError(t, err)
				for seed := range uint64(8) {
					_, err := p.Play(seed)
					require.NoError(t, err, "%s %s, %d players, seed %d", edition, pub, players, seed)
				}
			}
		}
	}
}

// BenchmarkRandomGameExpansions plays whole random 2-player games with
// the three expansions that exist in an edition, under Hans im Glück's
// rules: The Princess & the Dragon and the Black Dragon in the 2nd edition,
// the Black Dragon and the Drawbridges in the 3rd. Every decision is
// chosen uniformly among its legal moves, without the invariants' checks.
// Once set up a game allocates nothing; ns/placement is the time of a game
// over the tiles it placed.
func BenchmarkRandomGameExpansions(b *testing.B) {
	benchmarkRandomGames(b, threeExpansions)
}

// BenchmarkRandomGameEverything plays random games as
// BenchmarkRandomGameExpansions does, with every expansion the engine
// plays selected (everyExpansion).
func BenchmarkRandomGameEverything(b *testing.B) {
	benchmarkRandomGames(b, everything)
}

// benchmarkRandomGames plays random 2-player games of a selection compiled
// in the 2nd and the 3rd edition under Hans im Glück's rules, reporting
// ns/placement and games/s.
func benchmarkRandomGames(b *testing.B, compile func(testing.TB, tilekit.Edition, tilekit.Publisher) *game.Ruleset) {
	for _, edition := range []tilekit.Edition{tilekit.C2, tilekit.C3} {
		b.Run(string(edition), func(b *testing.B) {
			r := compile(b, edition, tilekit.HansImGlueck)
			p, err := game.NewPlayout(r, 2, false)
			require.NoError(b, err)
			placements := 0
			seed := uint64(0)
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			for b.Loop() {
				seed++
				res, err := p.Play(seed)
				if err != nil {
					b.Fatal(err)
				}
				placements += res.Placements
			}
			elapsed := time.Since(start)
			b.ReportMetric(float64(elapsed.Nanoseconds())/float64(placements), "ns/placement")
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "games/s")
		})
	}
}

// Random games of the three expansions replay as the scenarios their
// record makes, every decision included: the same position at the end.
func TestRecordedExpansionGamesReplayAsScenarios(t *testing.T) {
	cat := catalog(t)
	for _, tc := range []struct {
		edition tilekit.Edition
		pub     tilekit.Publisher
	}{{tilekit.C2, tilekit.HansImGlueck}, {tilekit.C1, tilekit.RioGrande}, {tilekit.C3, tilekit.ZMan}} {
		r := threeExpansions(t, tc.edition, tc.pub)
		p, err := game.NewPlayout(r, 3, true)
		require.NoError(t, err)
		for seed := range uint64(6) {
			res, err := p.Play(seed)
			require.NoError(t, err)
			s := p.Scenario("replay")
			s.End, s.CheckInvariants = true, true
			s.Expect.Scores = res.Scores[:res.Players]
			run := game.RunScenario(cat, &s)
			require.Empty(t, run.Failures, "%s %s seed %d", tc.edition, tc.pub, seed)
			require.Equal(t, p.Game().Snapshot(), run.Snapshot, "%s %s seed %d", tc.edition, tc.pub, seed)
		}
	}
}

func TestExpansionGamesAllocateNothing(t *testing.T) {
	for _, edition := range []tilekit.Edition{tilekit.C2, tilekit.C3} {
		r := threeExpansions(t, edition, tilekit.RioGrande)
		p, err := game.NewPlayout(r, 4, true)
		require.NoError(t, err)
		seed := uint64(0)
		allocs := testing.AllocsPerRun(20, func() {
			seed++
			if _, err := p.Play(seed); err != nil {
				t.Fatal(err)
			}
		})
		require.Zero(t, allocs, "%s", edition)
	}
}

// Random games with every expansion the engine plays replay as the
// scenarios their record makes, to the same position: each decision of a
// turn is written, the second deployment's "none" too (only the figure
// decision's may be left out).
func TestRecordedGameWithEveryExpansionReplaysAsScenario(t *testing.T) {
	cat := catalog(t)
	r := everything(t, tilekit.C2, tilekit.HansImGlueck)
	p, err := game.NewPlayout(r, 3, false)
	require.NoError(t, err)
	for seed := range uint64(4) {
		res, err := p.Play(seed)
		require.NoError(t, err)
		s := p.Scenario("replay")
		s.End = true
		s.Expect.Scores = res.Scores[:res.Players]
		run := game.RunScenario(cat, &s)
		require.Empty(t, run.Failures, "seed %d", seed)
		assert.Equal(t, p.Game().Snapshot(), run.Snapshot, "seed %d", seed)
	}
}
