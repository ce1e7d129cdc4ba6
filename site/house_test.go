package site_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/site"
)

const houseRow = `[[row]]
table = "dragon-diet"
subject = "meeple"
supersedes = "meeple"
verdict = "no"
exception = true
source = { kind = "house-rule", title = "Our house rules" }
explanation = "At our table the dragon spares the meeples."
`

// TestHouseRuleOnTablePage checks that a house rule of a user's folder
// shows on its table's page as the answer in force, marked as a house rule
// in place of the built-in ruling, which is folded under it as history;
// the built-in worked examples, which the house rule would fail (the
// dragon eats meeples in them), still play by the built-in rules.
func TestHouseRuleOnTablePage(t *testing.T) {
	cat := userFolder(t, map[string]string{"interactions/house.toml": houseRow})
	s, err := site.Build(cat, site.Options{})
	require.NoError(t, err)
	pages := parseSite(t, s)
	row := findByID(pages["tables/dragon-diet.html"].doc, "follower-meeple")
	require.NotNil(t, row)
	text := textOf(row)
	assert.Contains(t, text, "in place of the rulebook ruling")
	assert.Contains(t, text, "house rule Our house rules")
	assert.Contains(t, text, "At our table the dragon spares the meeples.")
	assert.Contains(t, text, "1 earlier ruling")
	assert.Contains(t, text, "The dragon eats the followers on every tile it enters")
	if old := findByID(pages["tables/dragon-diet.html"].doc, "follower-meeple-2"); assert.NotNil(t, old) {
		assert.Equal(t, "li", old.Data, "the superseded row is folded under the house rule, not a row of its own")
	}

	md, err := site.Build(cat, site.Options{Format: site.Markdown})
	require.NoError(t, err)
	table, _ := md.File("tables/dragon-diet.md")
	line := ""
	for _, l := range strings.Split(string(table), "\n") {
		if strings.HasPrefix(l, "| [Meeple]") {
			line = l
		}
	}
	assert.Contains(t, line, "**no** (exception) (in place of the rulebook ruling)")
	assert.Contains(t, line, "~~yes~~")
}
