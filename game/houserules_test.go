package game_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// houseRow is a house-rule row of a user's data folder: a table, a
// subject, a verdict and the keys it needs beside them.
type houseRow struct{ table, subject, verdict, more string }

// houseFolder validates a data folder holding one house-rule row on top of
// the built-in data, requires it to be clean and returns the catalog.
func houseFolder(t *testing.T, row houseRow) *tilekit.Catalog {
	t.Helper()
	src := fmt.Sprintf(`[[row]]
table = %q
subject = %q
verdict = %q
%s
source = { kind = "house-rule", title = "Our table's rules" }
explanation = "The way we play it."
`, row.table, row.subject, row.verdict, row.more)
	fsys := fstest.MapFS{"interactions/house.toml": {Data: []byte(src)}}
	res, err := validator.Validate(validator.BuiltinFolder(), validator.Folder{Name: "house", FS: fsys})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics, "%v: the row validates clean", row)
	return res.Catalog
}

// playsClean plays random games of a catalog's selection and requires no
// break: a rule the data allows is never a break.
func playsClean(t *testing.T, cat *tilekit.Catalog, ids []string, pub tilekit.Publisher, games int, what string) {
	t.Helper()
	sel, err := rules.Select(cat, ids)
	require.NoError(t, err)
	r, err := game.CompileSetup(cat, sel, game.Setup{Edition: tilekit.DefaultEdition, Publisher: pub})
	require.NoError(t, err)
	p, err := game.NewPlayout(r, 2, true)
	require.NoError(t, err)
	for seed := range uint64(games) {
		_, err := p.Play(seed)
		require.NoError(t, err, "%s, %s seed %d", what, pub, seed)
	}
}

// A house-rule row that validates clean plays random games without a
// break: the dragon spares the farmers (or every follower, or those that
// came through the portal), and the fairy then joins a follower on the
// dragon's tile, which the data allows.
func TestHouseRulesBreakNothing(t *testing.T) {
	for _, row := range []houseRow{
		{"dragon-protection", "field", "conditional", `condition = "the follower lies in a field"`},
		{"dragon-protection", "occupied-feature", "yes", "exception = true"},
		{"dragon-protection", "magic-portal", "yes", "exception = true"},
		{"dragon-protection", "completed-feature", "yes", "exception = true"},
		{"black-dragon-protection", "field", "yes", "exception = true"},
		{"black-dragon-protection", "occupied-feature", "yes", "exception = true"},
	} {
		cat := houseFolder(t, row)
		what := row.table + " " + row.subject
		for _, pub := range []tilekit.Publisher{tilekit.HansImGlueck, tilekit.RioGrande} {
			playsClean(t, cat, []string{"princess-dragon"}, pub, 300, what)
			playsClean(t, cat, []string{"princess-dragon", "black-dragon"}, pub, 150, what)
		}
	}
}

// A dragon-diet that spares the meeple leaves the followers on the
// dragon's tile, and random games play without a break.
func TestDietWithoutTheMeepleBreaksNothing(t *testing.T) {
	cat := changedCatalog(t, 6, tilekit.No)
	for _, pub := range []tilekit.Publisher{tilekit.HansImGlueck, tilekit.RioGrande} {
		playsClean(t, cat, []string{"princess-dragon"}, pub, 1000, "dragon-diet meeple no")
	}
}
