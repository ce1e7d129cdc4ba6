package game_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// Random games of Traders & Builders read back from their snapshot at
// every move, the extra turn due or under way and the goods tokens
// included: the same position, players and legal moves. The games must
// come upon both sections, so that the check cannot pass by missing them.
func TestSnapshotRoundTripsTheExtraTurnAndTokens(t *testing.T) {
	cat := catalog(t)
	sel, err := rules.Select(cat, []string{"traders-builders"})
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	seen := map[string]bool{}
	for seed := range uint64(12) {
		g, err := game.NewGame(r, 2+int(seed%3), seed)
		require.NoError(t, err)
		for step := 0; !g.Over(); step++ {
			moves := g.Legal(nil)
			switch {
			case len(moves) > 0:
				_, err = g.Apply(moves[(seed*7+uint64(step))%uint64(len(moves))], nil)
				require.NoError(t, err)
			default:
				if _, ok := g.Draw(); !ok {
					g.EndGame(nil)
				}
			}
			text := g.Snapshot()
			for _, key := range []string{"/ extra-turn due", "/ extra-turn now", "/ tokens "} {
				seen[key] = seen[key] || strings.Contains(text, key)
			}
			assertRoundTrip(t, g)
		}
	}
	require.True(t, seen["/ extra-turn due"] && seen["/ extra-turn now"] && seen["/ tokens "], "the games showed %v", seen)
}

// A figure that joins its owner's followers is never legal on a feature
// without one of theirs, and random games keep the invariant that none
// stands alone (the engine's invariants check it after every move).
func TestJoiningFiguresNeverStandAlone(t *testing.T) {
	cat := catalog(t)
	sel, err := rules.Select(cat, []string{"traders-builders", "princess-dragon", "black-dragon"})
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	p, err := game.NewPlayout(r, 3, true)
	require.NoError(t, err)
	placed := 0
	for seed := range uint64(40) {
		res, err := p.Play(seed)
		require.NoError(t, err, "seed %d", seed)
		placed += res.Placements
	}
	require.NotZero(t, placed)
}
