package game_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// pdParts are the parts of The Princess & the Dragon.
var pdParts = []string{"princess-dragon/princess", "princess-dragon/dragon", "princess-dragon/fairy", "princess-dragon/magic-portal"}

// Every subset of The Princess & the Dragon's parts, alone and with the
// Black Dragon, the Drawbridges or both, sets up, plays random games
// without a break, and replays one of them as a scenario: a table is read
// only when its part is selected, and a symbol of a part not selected
// does nothing.
func TestEveryPartSelectionPlays(t *testing.T) {
	cat := catalog(t)
	others := [][]string{nil, {"black-dragon"}, {"drawbridges"}, {"black-dragon", "drawbridges"}}
	for mask := 1; mask < 1<<len(pdParts); mask++ {
		var parts []string
		for i, p := range pdParts {
			if mask&(1<<i) != 0 {
				parts = append(parts, p)
			}
		}
		for _, o := range others {
			ids := append(append([]string{}, parts...), o...)
			sel, err := rules.Select(cat, ids)
			require.NoError(t, err)
			r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.DefaultEdition, Publisher: tilekit.HansImGlueck})
			require.NoError(t, err, "%v", ids)
			p, err := game.NewPlayout(r, 3, true)
			require.NoError(t, err)
			for seed := range uint64(12) {
				res, err := p.Play(seed)
				require.NoError(t, err, "%v seed %d", ids, seed)
				if seed > 0 {
					continue
				}
				s := p.Scenario("replay")
				s.End, s.CheckInvariants = true, true
				s.Expect.Scores = res.Scores[:res.Players]
				run := game.RunScenario(cat, &s)
				require.Empty(t, run.Failures, "%v", ids)
				require.Equal(t, p.Game().Snapshot(), run.Snapshot, "%v", ids)
			}
		}
	}
}
