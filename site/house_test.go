package site_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/site"
)

const houseStep = `[[step]]
id = "dragon-move"
supersedes = "dragon-move"
source = { kind = "house-rule", title = "Our house rules" }
explanation = "At our table the dragon moves one tile."

[step.movement]
figure = "dragon"
to = "orthogonal-steps"
steps = 1
mover = "each-player-in-turn"
dead-end = "stop"
eats = "dragon-diet"
spares = "dragon-protection"
source = { kind = "house-rule", title = "Our house rules" }
`

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
// the built-in worked examples, which the house rules would fail (the
// dragon eats meeples and moves six tiles in them), still play by the
// built-in rules; and the order of play marks the house rule's step.
func TestHouseRuleOnTablePage(t *testing.T) {
	cat := userFolder(t, map[string]string{"interactions/house.toml": houseRow + "\n" + houseStep})
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

	step := findByID(pages["order.html"].doc, "step-dragon-move")
	if assert.NotNil(t, step) {
		assert.Contains(t, textOf(step), "At our table the dragon moves one tile.")
		assert.Contains(t, textOf(step), "house rule Our house rules in place of the rulebook ruling")
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
