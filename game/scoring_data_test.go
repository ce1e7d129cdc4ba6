package game_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/validator"
)

// changedData returns the built-in data as a copy (fstest.MapFS) in which
// each old text of interactions/order.toml is replaced by its new one,
// validated without error (the steps no engine plays warn, as in any
// folder but the built-in one).
func changedData(t *testing.T, edits map[string]string) *tilekit.Catalog {
	t.Helper()
	copied := fstest.MapFS{}
	require.NoError(t, fs.WalkDir(tilekit.Builtin(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(tilekit.Builtin(), path)
		copied[path] = &fstest.MapFile{Data: data}
		return err
	}))
	order := string(copied["interactions/order.toml"].Data)
	for old, new := range edits {
		require.Equal(t, 1, strings.Count(order, old), "order.toml holds %q once", old)
		order = strings.Replace(order, old, new, 1)
	}
	copied["interactions/order.toml"] = &fstest.MapFile{Data: []byte(order)}
	res, err := validator.Validate(validator.Folder{Name: "copy", FS: copied})
	require.NoError(t, err)
	for _, d := range res.Diagnostics {
		require.NotEqual(t, validator.Error, d.Severity, "the changed data validate without error: %v", d)
	}
	return res.Catalog
}

// In a copy of the data where a completed city scores 3 points a tile
// (not 2) and the fairy brings 2 points at the start of a turn (not 1) and
// 5 when its follower's feature is scored (not 3), the worked examples
// score by the changed values: each completed city's event scores 3 a tile
// and 2 a pennant, each fairy event the new points, every other event as
// before, and the final scores move by the difference.
func TestScoresFollowTheScoringData(t *testing.T) {
	cat := catalog(t)
	changed := changedData(t, map[string]string{
		`id = "city"` + "\n" + `feature = "city"` + "\n" + `at = "completed"` + "\n" + `term = [{ per = "tile", points = 2 }`: `id = "city"` + "\n" + `feature = "city"` + "\n" + `at = "completed"` + "\n" + `term = [{ per = "tile", points = 3 }`,
		`on = "turn-start"` + "\npoints = 1\n":     `on = "turn-start"` + "\npoints = 2\n",
		`on = "feature-scored"` + "\npoints = 3\n": `on = "feature-scored"` + "\npoints = 5\n",
	})
	want := map[string]func(game.Event) int{
		"city":          func(e game.Event) int { return 3*e.Feature.Tiles + 2*e.Feature.Pennants },
		"fairy-turn":    func(game.Event) int { return 2 },
		"fairy-feature": func(game.Event) int { return 5 },
	}
	checked := map[string]int{}
	for i := range cat.Scenarios {
		s := &cat.Scenarios[i]
		before, after := game.RunScenario(cat, s), game.RunScenario(changed, changed.Scenario(s.ID))
		if before.Game == nil || after.Game == nil || len(before.Events) != len(after.Events) {
			continue
		}
		var moved [game.MaxPlayers]int
		for turn := range before.Events {
			if len(before.Events[turn]) != len(after.Events[turn]) {
				t.Fatalf("%s turn %d: the changed points changed the game's events, not only their points", s.ID, turn)
			}
			for j, e := range after.Events[turn] {
				old := before.Events[turn][j]
				if e.Kind != game.EventScored {
					continue
				}
				id := e.Rule().ID
				points := old.Points
				if f := want[id]; f != nil {
					points = f(e)
					checked[id]++
				}
				assert.Equal(t, points, e.Points, "%s turn %d: %s", s.ID, turn, e.Notation())
				moved[e.Player] += e.Points - old.Points
			}
		}
		for p := range before.Game.NumPlayers() {
			assert.Equal(t, before.Game.Player(p).Score+moved[p], after.Game.Player(p).Score, "%s: player %d's score", s.ID, p+1)
		}
	}
	for id := range want {
		assert.NotZero(t, checked[id], "a worked example scores by %s", id)
	}
}
