package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit/game"
)

// A protection row whose verdict is no exercises the scenario in which it
// leaves a follower to the diet, as a yes one does the scenario in which
// it spares one: the Black Dragon eats a knight on the fairy's tile because
// black-dragon-protection says the fairy's tile protects no one.
func TestRowCoverageCountsAProtectionThatDoesNotProtect(t *testing.T) {
	cat := catalog(t)
	c, err := game.RowCoverage(cat)
	require.NoError(t, err)
	assert.Empty(t, c.Failed)
	found := false
	for _, u := range c.Rows {
		if u.Row.Table == "black-dragon-protection" && u.Row.Subject == "fairy-tile" {
			found = true
			assert.True(t, u.Played)
			assert.Contains(t, u.Scenarios, "black-dragon/eats-fairy")
		}
	}
	assert.True(t, found, "the table has a fairy-tile row")
}
