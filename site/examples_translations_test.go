package site_test

import (
	"html"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/site"
)

// TestGermanSiteShowsExampleTitlesInGerman checks that the German site
// shows a worked example's German title (translations.de) on its page, in
// its breadcrumbs and board pictures, in the examples index, in a table
// row's example links, on its expansion's page and in the search, and an
// example without a German title (mealScenario's) in English marked
// lang="en"; the English site, built beside it, shows no German title and
// marks nothing.
func TestGermanSiteShowsExampleTitlesInGerman(t *testing.T) {
	cat := userFolder(t, map[string]string{"scenarios/princess-dragon/test.toml": mealScenario(`[{ player = 2, at = "1,0", feature = "field" }]`)})
	s, err := site.Build(cat, site.Options{Translations: []string{"de"}})
	require.NoError(t, err)
	const (
		german       = "Der Drache frisst einen Bauern auf einer Wiese wie jeden anderen Gefolgsmann"
		english      = "The dragon eats a farmer in a field like any other follower"
		mine         = "princess-dragon-dragon-eats-farmer.html"
		untranslated = "A test: the dragon flies over the cloister tile"
		theirs       = "princess-dragon-test-dragon-and-farmer.html"
	)
	link := func(page, text string) string { return page + `">` + text + "</a>" }
	englishLink := func(page, text string) string { return page + `" lang="en">` + text + "</a>" }
	for _, c := range []struct{ path, de, en string }{
		{"examples/" + mine, "<h1>" + german + "</h1>", "<h1>" + english + "</h1>"},
		{"examples/" + mine, `<li aria-current="page">` + german + "</li>", `<li aria-current="page">` + english + "</li>"},
		{"examples/" + mine, `alt="Das Spielfeld nach dem letzten Zug: ` + german + `"`, english},
		{"examples/index.html", link(mine, german), link(mine, english)},
		{"tables/dragon-diet.html", link(mine, german), link(mine, english)},
		{"expansions/princess-dragon.html", link(mine, german), link(mine, english)},
		{"assets/search-index.js", `"title":"` + german + `"`, `"title":"` + english + `"`},
		{"examples/" + theirs, `<h1 lang="en">` + untranslated + "</h1>", "<h1>" + untranslated + "</h1>"},
		{"examples/" + theirs, `<li aria-current="page" lang="en">` + untranslated + "</li>", `<li aria-current="page">` + untranslated + "</li>"},
		{"examples/index.html", englishLink(theirs, untranslated), link(theirs, untranslated)},
		{"tables/dragon-diet.html", englishLink(theirs, untranslated), link(theirs, untranslated)},
		{"expansions/princess-dragon.html", englishLink(theirs, untranslated), link(theirs, untranslated)},
	} {
		de, en := unescapedFile(t, s, "de/"+c.path), unescapedFile(t, s, c.path)
		assert.Contains(t, de, c.de, "the German %s", c.path)
		assert.NotContains(t, en, c.de, "the English %s", c.path)
		assert.Contains(t, en, c.en, "the English %s", c.path)
	}
}

// unescapedFile returns a file of a site, its character references
// unescaped.
func unescapedFile(t *testing.T, s *site.Site, path string) string {
	t.Helper()
	data, ok := s.File(path)
	require.True(t, ok, path)
	return html.UnescapeString(string(data))
}
