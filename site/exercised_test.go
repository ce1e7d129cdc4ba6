package site_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/tilekit/tilekit/site"
)

// exampleLinks returns the worked examples a table row of a page links
// under its "Examples:" line, as their targets and texts; nil for a row
// without one, and ok false for no such row.
func exampleLinks(t *testing.T, pages map[string]*parsedPage, page, row string) (links map[string]string, ok bool) {
	t.Helper()
	pg := pages[page]
	require.NotNil(t, pg, page)
	n := findByID(pg.doc, row)
	if n == nil {
		return nil, false
	}
	walk(n, func(span *html.Node) {
		if attr(span, "class") != "examples" {
			return
		}
		// A few links follow "Examples:"; more are folded under their
		// count.
		text := textOf(span)
		assert.True(t, strings.HasPrefix(text, "Examples: ") || regexp.MustCompile(`^\d+ worked examples: show them`).MatchString(text), "%s#%s: %q", page, row, text)
		walk(span, func(a *html.Node) {
			if a.Data == "a" {
				if links == nil {
					links = map[string]string{}
				}
				links[attr(a, "href")] = textOf(a)
			}
		})
	})
	return links, true
}

// TestTableRowsLinkTheExamplesThatExerciseThem checks that the dragon's
// diet's row of the meeple links the worked example in which the engine
// let the dragon eat a farmer, by its title, and that the example's page
// links the row back from the meal; and that a row no example exercises
// (the dragon and the fairy: it never enters the fairy's tile) has no
// such line.
func TestTableRowsLinkTheExamplesThatExerciseThem(t *testing.T) {
	cat, s := builtinBuild(t)
	pages := parseSite(t, s)
	links, ok := exampleLinks(t, pages, "tables/dragon-diet.html", "follower-meeple")
	require.True(t, ok, "no row of the meeple")
	title := "The dragon eats a farmer in a field like any other follower"
	assert.Equal(t, title, links["../examples/princess-dragon-dragon-eats-farmer.html"], "%v", links)
	for href := range links {
		assert.NotNil(t, pages[strings.TrimPrefix(href, "../")], "%s links an example page the site lacks", href)
	}
	example := pages["examples/princess-dragon-dragon-eats-farmer.html"]
	assert.True(t, example.ids["turns"], "the engine played the example")
	var back []string
	walk(example.doc, func(a *html.Node) {
		if a.Data == "a" && attr(a, "class") == "ruling" {
			back = append(back, attr(a, "href")+" "+textOf(a))
		}
	})
	assert.Equal(t, []string{"../tables/dragon-diet.html#follower-meeple see “" + cat.Table("dragon-diet").Name + "”: Meeple"}, back)

	none, ok := exampleLinks(t, pages, "tables/dragon-diet.html", "neutral-fairy")
	require.True(t, ok, "no row of the fairy")
	assert.Nil(t, none, "a row no example exercises")
	// The deployments through the magic portal, which no event reports,
	// and its refusals count too.
	portal, _ := exampleLinks(t, pages, "tables/portal-destinations.html", "location-occupied-feature")
	assert.Contains(t, portal, "../examples/princess-dragon-portal-occupied-refused.html")
	portal, _ = exampleLinks(t, pages, "tables/portal-destinations.html", "location-field")
	assert.Contains(t, portal, "../examples/princess-dragon-portal-to-field.html")
}

// TestMarkdownTableRowsLinkTheirExamples checks the Markdown site's row
// of the meeple in the dragon's diet: its examples follow its
// explanation, as .md links.
func TestMarkdownTableRowsLinkTheirExamples(t *testing.T) {
	cat, _ := builtinBuild(t)
	md, err := site.Build(cat, site.Options{Format: site.Markdown})
	require.NoError(t, err)
	table, _ := md.File("tables/dragon-diet.md")
	line := markdownRow(table, "| [Meeple]")
	assert.Contains(t, line, " · Examples: ")
	assert.Contains(t, line, "[The dragon eats a farmer in a field like any other follower](../examples/princess-dragon-dragon-eats-farmer.md)")
	example, _ := md.File("examples/princess-dragon-dragon-eats-farmer.md")
	assert.Contains(t, string(example), "([see “What the red dragon eats”: Meeple](../tables/dragon-diet.md#follower-meeple))")
}

// mealScenario is a worked example of a user's folder: the built-in one
// of the dragon and the farmer under another id and title, with the
// followers it starts with.
func mealScenario(followers string) string {
	return `[[scenario]]
id = "princess-dragon/test-dragon-and-farmer"
title = "A test: the dragon flies over the cloister tile"
players = 2
expansions = ["princess-dragon"]
edition = "C2"
position = "0,0:princess-dragon/volcano-field@0 1,0:base/B@0"
dragon = "0,0"
followers = ` + followers + `
source = { kind = "house-rule", title = "A test's house rules" }

[[scenario.turn]]
tile = "princess-dragon/dragon-road-curve"
at = "2,0"
rotation = 180
moves = ["none", "dragon E", "dragon E"]

[scenario.expect]
supply = [7, 7]
followers = []
dragon = "2,0"
`
}

// TestChangedExampleChangesTheRowsItLinks checks, with a worked example of
// an in-memory folder, that a row links an example while the engine's
// play of it is decided by the row: the dragon eats player 2's farmer, by
// the dragon's diet's row of the meeple; with no farmer on the board the
// same flight eats nothing, and the row no longer links it.
func TestChangedExampleChangesTheRowsItLinks(t *testing.T) {
	const href = "../examples/princess-dragon-test-dragon-and-farmer.html"
	for _, tc := range []struct {
		followers string
		linked    bool
	}{
		{`[{ player = 2, at = "1,0", feature = "field" }]`, true},
		{`[]`, false},
	} {
		cat := userFolder(t, map[string]string{"scenarios/princess-dragon/test.toml": mealScenario(tc.followers)})
		s, err := site.Build(cat, site.Options{})
		require.NoError(t, err)
		pages := parseSite(t, s)
		require.NotNil(t, pages["examples/princess-dragon-test-dragon-and-farmer.html"], "the engine played the example")
		links, ok := exampleLinks(t, pages, "tables/dragon-diet.html", "follower-meeple")
		require.True(t, ok)
		if tc.linked {
			assert.Equal(t, "A test: the dragon flies over the cloister tile", links[href], "followers %s", tc.followers)
		} else {
			assert.NotContains(t, links, href, "followers %s", tc.followers)
		}
		assert.Contains(t, links, "../examples/princess-dragon-dragon-eats-farmer.html", "the built-in example links the row either way")
	}
}

// TestHouseRuleKeepsTheExamplesOfTheRowItOverturned checks that the
// built-in examples, which play by the built-in rules under a user's house
// rule, link the built-in row the house rule overturned, folded under it,
// and not the house rule, which no example played.
func TestHouseRuleKeepsTheExamplesOfTheRowItOverturned(t *testing.T) {
	cat := userFolder(t, map[string]string{"interactions/house.toml": houseRow})
	s, err := site.Build(cat, site.Options{})
	require.NoError(t, err)
	pages := parseSite(t, s)
	old, ok := exampleLinks(t, pages, "tables/dragon-diet.html", "follower-meeple-2")
	require.True(t, ok, "no superseded row")
	assert.Contains(t, old, "../examples/princess-dragon-dragon-eats-farmer.html")
	house := findByID(pages["tables/dragon-diet.html"].doc, "follower-meeple")
	require.NotNil(t, house)
	var own []string
	walk(house, func(n *html.Node) {
		if attr(n, "class") == "examples" && n.Parent.Data != "li" {
			own = append(own, textOf(n))
		}
	})
	assert.Empty(t, own, "the house rule's own examples")
}

// TestLongExampleListsAreFolded checks that a row exercised by many
// worked examples folds their links under their count, so that the row
// stays short on a phone, and that a row of a few lists them.
func TestLongExampleListsAreFolded(t *testing.T) {
	_, s := builtinBuild(t)
	pages := parseSite(t, s)
	folded := map[string]int{}
	walk(pages["tables/dragon-diet.html"].doc, func(n *html.Node) {
		if n.Type == html.ElementNode && attr(n, "class") == "examples" {
			links := 0
			walk(n, func(a *html.Node) {
				if a.Type == html.ElementNode && a.Data == "a" {
					links++
				}
			})
			folded[n.Data] = max(folded[n.Data], links)
			if n.Data == "details" {
				assert.Greater(t, links, 3)
			} else {
				assert.LessOrEqual(t, links, 3)
			}
		}
	})
	assert.Contains(t, folded, "details", "no folded list of examples")
	assert.Contains(t, folded, "div", "no short list of examples")
}
