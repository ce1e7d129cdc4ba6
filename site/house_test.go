package site_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
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
	line := markdownRow(table, "| [Meeple]")
	assert.Contains(t, line, "**no** (exception) (in place of the rulebook ruling)")
	assert.Contains(t, line, "~~yes~~")
}

// houseScenario is a worked example of a house-rule folder: the built-in
// one of the dragon and the farmer, the dragon moving one tile.
const houseScenario = `[[scenario]]
id = "princess-dragon/house-dragon-moves-one-tile"
title = "Under our house rules the dragon moves one tile"
players = 2
expansions = ["princess-dragon"]
position = "0,0:princess-dragon/volcano-field@0 1,0:base/B@0"
dragon = "0,0"
followers = [{ player = 2, at = "1,0", feature = "field" }]
source = { kind = "house-rule", title = "Our house rules" }

[[scenario.turn]]
tile = "princess-dragon/dragon-road-curve"
at = "2,0"
rotation = 180
moves = ["none", "dragon E"]

[scenario.expect]
dragon = "1,0"
`

// TestHouseStepOnExamplePage checks that a worked example of a house-rule
// folder, played under its house step, cites the house step's source for
// the rules of the step's events (the dragon's move and meal), where a
// built-in example cites the rulebook.
func TestHouseStepOnExamplePage(t *testing.T) {
	cat := userFolder(t, map[string]string{"interactions/house.toml": houseStep,
		"scenarios/princess-dragon/house.toml": houseScenario})
	s, err := site.Build(cat, site.Options{})
	require.NoError(t, err)
	pages := parseSite(t, s)
	page := pages["examples/princess-dragon-house-dragon-moves-one-tile.html"]
	require.NotNil(t, page)
	for _, n := range []string{"rule-1", "rule-2"} {
		rule := findByID(page.doc, n)
		require.NotNil(t, rule, n)
		assert.Contains(t, textOf(rule), "house rule Our house rules", n)
		assert.NotContains(t, textOf(rule), "Der Drache", n)
	}
	builtin := findByID(pages["examples/princess-dragon-dragon-eats-farmer.html"].doc, "rule-1")
	require.NotNil(t, builtin)
	assert.Contains(t, textOf(builtin), "Der Drache")
}

// houseScoring supersedes the scoring step with a city of 3 points a tile
// and the fairy's step with a bonus of 5.
const houseScoring = `[[step]]
id = "score-features"
supersedes = "score-features"
source = { kind = "house-rule", title = "Our house rules" }

[[step.scoring]]
id = "city"
feature = "city"
at = "completed"
term = [{ per = "tile", points = 3 }, { per = "pennant", points = 2 }]
sources = [{ kind = "house-rule", title = "Our house rules" }]

[[step]]
id = "fairy-move"
supersedes = "fairy-move"
source = { kind = "house-rule", title = "Our house rules" }

[[step.bonus]]
id = "fairy-feature"
figure = "fairy"
on = "feature-scored"
points = 5
sources = [{ kind = "house-rule", title = "Our house rules" }]
`

// The order of play words the scoring rules and bonuses from the values
// of the data: a house rule's city and fairy points show on the page, the
// rules it did not change as before.
func TestOrderWordsTheScoringValues(t *testing.T) {
	cat := userFolder(t, map[string]string{"interactions/house.toml": houseScoring})
	s, err := site.Build(cat, site.Options{})
	require.NoError(t, err)
	page, ok := s.File("order.html")
	require.True(t, ok)
	text := string(page)
	assert.Contains(t, text, "completed city: 3 points a tile and 2 points a pennant")
	assert.NotContains(t, text, "completed city: 2 points a tile")
	assert.Contains(t, text, "completed road: 1 point a tile")
	assert.Contains(t, text, "as its feature scores, 5 points to the owner of the follower with the fairy")
	assert.Contains(t, text, "at the start of their turn, 1 point to the owner of the follower with the fairy")
}

// An event's rule is worded from the values of the data's rule that
// scored it: under the house rule, a completed city's event says 3 points
// a tile, and the fairy's 5.
func TestEventRuleWordsTheScoringValues(t *testing.T) {
	cat := userFolder(t, map[string]string{"interactions/house.toml": houseScoring})
	sel, err := rules.Select(cat, []string{"princess-dragon"})
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	w, err := site.NewEventWords("")
	require.NoError(t, err)
	city := game.Event{Kind: game.EventScored, Feature: game.Feature{Kind: game.KindCity}, Points: 6, Scoring: game.RuleCity}
	assert.Equal(t, "completed city: 3 points a tile and 2 points a pennant (Our house rules)", w.Rule(r.EventRule(city)))
	bonus, ok := r.BonusByID("fairy-feature")
	require.True(t, ok)
	fairy := game.Event{Kind: game.EventScored, Points: 5, Scoring: bonus}
	assert.Contains(t, w.RuleText(r.EventRule(fairy)), "5 points to the owner of the follower with the fairy")
}

// markdownRow returns the line of a Markdown page that starts with prefix
// (the last, when several do), or "".
func markdownRow(page []byte, prefix string) string {
	line := ""
	for _, l := range strings.Split(string(page), "\n") {
		if strings.HasPrefix(l, prefix) {
			line = l
		}
	}
	return line
}
