package game_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// cornerCatalog copies the built-in data with the barn's step under
// another id, its word another, and the rule its joining farmers score by
// at points a completed city.
func cornerCatalog(t *testing.T, points int) *tilekit.Catalog {
	t.Helper()
	d := catalog(t).Data
	d.Steps = slices.Clone(d.Steps)
	changed := 0
	for i := range d.Steps {
		s := &d.Steps[i]
		if s.Mechanics.CornerFigure == nil {
			continue
		}
		s.ID = "fan-corner"
		c := *s.Mechanics.CornerFigure
		c.Word = "fan-at"
		s.Mechanics.CornerFigure = &c
		s.Mechanics.Scoring = slices.Clone(s.Mechanics.Scoring)
		s.Mechanics.Scoring[0].Terms = []tilekit.ScoreTerm{{Per: tilekit.TermPerCompletedCity, Points: points}}
		changed++
	}
	for i := range d.Steps {
		if s := &d.Steps[i]; slices.Contains(s.After, "barn-place") {
			s.After = []string{"fan-corner"}
		}
	}
	require.Equal(t, 1, changed, "the barn's step")
	return tilekit.NewCatalog(d)
}

// The corner figure is the data's: under another step id and word it plays
// the same, and the farmers whose field joins it score what the step's
// rule gives.
func TestCornerFigureIsTheData(t *testing.T) {
	for _, points := range []int{1, 2} {
		cat := cornerCatalog(t, points)
		sel, err := rules.Select(cat, []string{"abbey-mayor/barn"})
		require.NoError(t, err)
		r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.C2})
		require.NoError(t, err)
		g, err := game.ParseSnapshot(r, "0,-1:base/E@180 0,0:base/D@0[2:field2] 1,0:base/U@0 1,-1:base/B@0 2,0:base/U@0 / scores 0,0 / turn 1")
		require.NoError(t, err)
		take(t, g, "base/B")
		require.NoError(t, place(g, 2, -1, 0))
		m, err := g.ParseMove("fan-at 2,-1:SW")
		require.NoError(t, err)
		_, err = g.Apply(m, nil)
		require.NoError(t, err)
		assert.Contains(t, g.Snapshot(), "corners 2,-1:SW")
		take(t, g, "base/A")
		require.NoError(t, place(g, 3, 0, 1))
		_, err = g.Apply(game.NoFollower, nil)
		require.NoError(t, err)
		assert.Equal(t, points, g.Player(1).Score, "the farmer joining the barn's field, %d a city", points)
		assert.Equal(t, 7, g.SupplyOf(1, 0), "the farmer goes home")
	}
}
