package game_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// fanWolf compiles the fan expansion of testdata/fan-wolf, written in data
// alone.
func fanWolf(t *testing.T) *game.Ruleset {
	t.Helper()
	res, err := validator.Validate(validator.BuiltinFolder(), validator.Folder{Name: "fan-wolf", FS: os.DirFS("../testdata/fan-wolf")})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	sel, err := rules.Select(res.Catalog, []string{"wolf-pack"})
	require.NoError(t, err)
	r, err := game.Compile(res.Catalog, sel, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	return r
}

// A fan's neutral figure is a figure of its ruleset, numbered as its steps
// name it: the wolf's steps are read and written as "wolf SIDE", its place
// as the snapshot section "wolf x,y", and it moves and eats from its data.
func TestFanFigurePlaysFromTheData(t *testing.T) {
	r := fanWolf(t)
	wolf, ok := r.FigureByID("wolf")
	require.True(t, ok, "the wolf is a figure of the ruleset")
	assert.Equal(t, "wolf", r.FigureID(wolf))
	lantern, ok := r.FigureByID("lantern")
	require.True(t, ok, "the lantern is a figure of the ruleset")
	assert.Equal(t, []game.Figure{game.FigureMeeple, wolf, lantern}, r.Figures())
	_, ok = r.FigureByID("dragon")
	assert.False(t, ok, "the dragon is no figure of the wolf's game")

	g, err := game.ParseSnapshot(r, "-1,0:base/U@0 0,0:base/D@0[2:city] 1,0:wolf-pack/wolf-road@0 / scores 0,0 / wolf 1,0")
	require.NoError(t, err)
	at, on := g.FigureAt("wolf")
	require.True(t, on)
	assert.Equal(t, tilekit.BoardPosition{X: 1}, at)
	assert.Contains(t, g.Snapshot(), " / wolf 1,0")

	m, err := g.ParseMove("wolf W")
	require.NoError(t, err)
	assert.Equal(t, game.StepMove(wolf, tilekit.West), m)
	assert.Equal(t, "wolf W", m.String())
}

// The wolf comes to its tile, runs west twice and eats the knight on the
// tile it runs onto; the events name it by its id.
func TestFanFigureRunsAndEats(t *testing.T) {
	r := fanWolf(t)
	g, err := game.ParseSnapshot(r, "-1,0:base/U@0 0,0:base/D@0[2:city] / scores 0,0 / turn 1 / drawn wolf-pack/wolf-road")
	require.NoError(t, err)
	var notes []string
	for _, text := range []string{"1,0@0", "none", "wolf W", "wolf W"} {
		m, err := g.ParseMove(text)
		require.NoError(t, err, text)
		events, err := g.Apply(m, nil)
		require.NoError(t, err, text)
		for _, e := range events {
			notes = append(notes, e.Notation())
		}
	}
	assert.Equal(t, []string{"move wolf 1,0 wolf", "move wolf 0,0", "eat wolf p2/meeple 0,0 wolf-diet/thumb/house-rule", "move wolf -1,0"}, notes)
	rule := r.EventRule(mustEvent(t, "eat wolf p2/meeple 0,0 wolf-diet/thumb/house-rule"))
	assert.Equal(t, "eat-wolf", rule.ID)
	assert.Equal(t, "wolf-move", rule.Step)
}

// mustEvent reads an event in the event notation.
func mustEvent(t *testing.T, text string) game.Event {
	t.Helper()
	e, err := game.ParseEvent(text)
	require.NoError(t, err)
	return e
}
