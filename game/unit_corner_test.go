package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// cornerPlayout returns a checked playout of Abbey & Mayor's barn with the
// base game, in the 2nd edition.
func cornerPlayout(t *testing.T) *Playout {
	t.Helper()
	cat, err := validator.BuiltinCatalog()
	require.NoError(t, err)
	sel, err := rules.Select(cat, []string{"abbey-mayor/barn"})
	require.NoError(t, err)
	r, err := Compile(cat, sel, Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	p, err := NewPlayout(r, 2, true)
	require.NoError(t, err)
	return p
}

// Random games put figures at corners, keep the corner invariants, and a
// position with them round-trips through the snapshot notation, corners
// section included.
func TestCornerFiguresInRandomGames(t *testing.T) {
	p := cornerPlayout(t)
	placed := 0
	for seed := range uint64(40) {
		_, err := p.Play(seed)
		require.NoError(t, err, "seed %d", seed)
		g := p.g
		placed += len(g.spots)
		if len(g.spots) == 0 {
			continue
		}
		text := g.Snapshot()
		assert.Contains(t, text, " / corners ")
		back, err := ParseSnapshot(g.rules, text)
		require.NoError(t, err, text)
		assert.Equal(t, text, back.Snapshot())
		assert.Len(t, back.spots, len(g.spots))
		require.NoError(t, checkCorners(&invariants{g: back}))
	}
	assert.Positive(t, placed, "no random game put a figure at a corner")
}

// The corner invariant finds a figure at a corner whose place was lost,
// and one noted at a corner where four field quarters do not meet.
func TestCornerInvariantBreaks(t *testing.T) {
	p := cornerPlayout(t)
	var g *Game
	for seed := range uint64(40) {
		_, err := p.Play(seed)
		require.NoError(t, err)
		if g = p.g; len(g.spots) > 0 {
			break
		}
	}
	require.NotEmpty(t, g.spots)
	iv := &p.inv
	iv.g = g
	s := g.spots[0]
	g.spots[0].corner = s.corner.Rotate(2)
	assert.ErrorContains(t, checkCorners(iv), "do not meet")
	g.spots = g.spots[:0]
	assert.ErrorContains(t, checkCorners(iv), "figures stand at corners")
}
