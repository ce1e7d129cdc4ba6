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

// A figure eats only where it arrives, so the verdicts of a figure whose
// tile it may not enter are never read: the red dragon never enters the
// fairy's tile, so its diet's fairy row and its protection's fairy-tile
// row are not played, where the Black Dragon, which may, plays its own.
func TestRowCoverageSkipsTheTilesAMoverMayNotEnter(t *testing.T) {
	played := playedRows(t)
	assert.False(t, played[[2]string{"dragon-diet", "fairy"}])
	assert.False(t, played[[2]string{"dragon-protection", "fairy-tile"}])
	assert.True(t, played[[2]string{"dragon-diet", "meeple"}])
	assert.True(t, played[[2]string{"black-dragon-protection", "fairy-tile"}])
}

// A figure moved on a turn whose tile brought a mover there exercises the
// deploy row that let it move (the fairy on a volcano turn), and a place a
// free destination can never be (a follower the portal brought) is not
// played by the destinations table.
func TestRowCoverageOfArrivalsAndDestinations(t *testing.T) {
	cat := catalog(t)
	c, err := game.RowCoverage(cat)
	require.NoError(t, err)
	for _, u := range c.Rows {
		switch {
		case u.Row.Table == "volcano-deploy" && u.Row.Subject == "fairy" && u.Row.ID == "":
			assert.Contains(t, u.Scenarios, "princess-dragon/volcano-fairy-moves")
		case u.Row.Table == "portal-destinations" && u.Row.Subject == "magic-portal":
			assert.False(t, u.Played)
		}
	}
}

// A deploy row of a kind that stands on no feature of any tile showing the
// mover's symbol is not played (no volcano tile has a cloister for the
// abbot), while a kind that stands on one is (the meeple).
func TestRowCoverageSkipsDeployRowsNoTileReaches(t *testing.T) {
	played := playedRows(t)
	assert.False(t, played[[2]string{"volcano-deploy", "abbot"}])
	assert.True(t, played[[2]string{"volcano-deploy", "large-meeple"}])
}

// playedRows returns the table and subject of each built-in row the
// engine plays (RowCoverage).
func playedRows(t *testing.T) map[[2]string]bool {
	t.Helper()
	c, err := game.RowCoverage(catalog(t))
	require.NoError(t, err)
	played := map[[2]string]bool{}
	for _, u := range c.Rows {
		if u.Played {
			played[[2]string{u.Row.Table, u.Row.Subject}] = true
		}
	}
	return played
}
