package site

import (
	"html"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// The German site shows the data's German names, questions and step
// names (translations.de), in the pages and in the search; the English
// site, built beside it, shows none of them.
func TestGermanSiteShowsTheDataInGerman(t *testing.T) {
	page := bilingualPages(t, builtinCatalog(t))
	german := map[string][]string{
		"tables/dragon-diet.html":         {"<h1>Was der rote Drache frisst</h1>", "<strong>Kann der rote Drache ihn fressen?</strong>", ">Fee</a>"},
		"expansions/princess-dragon.html": {"<h1>Burgfräulein und Drache</h1>", ">Fee</li>", "<dt id=\"figure-fairy\">Fee"},
		"order.html":                      {"<strong>Eine Karte legen</strong>", "<strong>Der Drache zieht</strong>"},
		"assets/search-index.js":          {"Kann der rote Drache ihn fressen?", `"title":"Was der rote Drache frisst"`},
	}
	assertOnlyGerman(t, page, german)
	assert.Contains(t, page("tables/dragon-diet.html"), "<strong>Can the red dragon eat it?</strong>")
	assert.Contains(t, page("expansions/princess-dragon.html"), "<h1>The Princess & the Dragon</h1>")
	// An expansion without a German name keeps its English one, marked
	// as English on the German page only.
	assert.Contains(t, page("de/expansions/ghosts-castles-cemeteries.html"), `<h1 lang="en">Ghosts, Castles & Cemeteries</h1>`)
	assert.Contains(t, page("expansions/ghosts-castles-cemeteries.html"), `<h1>Ghosts, Castles & Cemeteries</h1>`)
	// The footer's note says that what has no translation is English.
	assert.Contains(t, page("de/order.html"), "die noch keine deutsche Übersetzung haben, werden auf Englisch gezeigt")
	assert.NotContains(t, page("order.html"), "no translation into this language")
}

// A step's name inside a sentence starts in lower case in English and as
// it is written in a translation.
func TestStepNameInASentence(t *testing.T) {
	cat := builtinCatalog(t)
	for lang, want := range map[string]string{"en": "the dragon moves", "de": "Der Drache zieht"} {
		b, err := newBuilder(cat, Options{Lang: lang}, newShared(cat))
		require.NoError(t, err)
		assert.Equal(t, want, b.stepName("dragon-move"), lang)
		assert.Equal(t, "no-such-step", b.stepName("no-such-step"))
	}
}

// The builder's one lookup falls back to the English for a language or a
// field without a translation, and says when it does.
func TestBuilderTextFallsBackToEnglish(t *testing.T) {
	cat := builtinCatalog(t)
	tr := tilekit.Translations{"de": {"name": "Fee"}}
	b, err := newBuilder(cat, Options{Lang: "de"}, newShared(cat))
	require.NoError(t, err)
	assert.Equal(t, "Fee", b.name(tr, "Fairy"))
	assert.Equal(t, "A fairy.", b.text(tr, "description", "A fairy."))
	assert.Empty(t, b.textLang(tr, "name", "Fairy"))
	assert.Equal(t, "en", b.textLang(tr, "description", "A fairy."))
	assert.True(t, strings.HasPrefix(b.subjectName(tilekit.Subject{Kind: tilekit.SubjectKind(tilekit.Special), ID: "fairy", Name: "Fairy"}), "Fee"))
	en, err := newBuilder(cat, Options{}, newShared(cat))
	require.NoError(t, err)
	assert.Equal(t, "Fairy", en.name(tr, "Fairy"))
	assert.Empty(t, en.textLang(tr, "description", "A fairy."), "an English page marks nothing")
}

// The German site shows the rows' German explanations and conditions and
// the notes' German titles, texts and readings: on the tables' pages, the
// open questions, the order of play's timing notes and in the search; the
// English site shows none of them. A note without a German text keeps its
// English, marked as English on the German page only.
func TestGermanSiteShowsRowsAndNotesInGerman(t *testing.T) {
	cat := *builtinCatalog(t)
	cat.Notes = slices.Clone(cat.Notes)
	i := slices.IndexFunc(cat.Notes, func(n tilekit.Note) bool { return n.ID == "tower-before-dragon" })
	require.GreaterOrEqual(t, i, 0)
	cat.Notes[i].Translations = nil
	page := bilingualPages(t, &cat)
	german := map[string][]string{
		"tables/dragon-diet.html": {
			"Der Drache kann keine Karte betreten, auf der die Fee steht, daher frisst er die Fee nie.",
			"<strong>Ein Baumeister oder Schwein geht nach Hause, wenn der Drache den letzten Gefolgsmann seines Besitzers dort frisst</strong>",
			"<p>Frisst der Drache den letzten Ritter eines Spielers in einer Stadt",
		},
		"tables/princess-removal.html": {"je nachdem: wenn kein anderer Ritter in der Stadt steht"},
		"open-questions.html":          {"Wird der Schwarze Drache bei 100, 150, ... Punkten erneut eingesetzt?", "Der Schwarze Drache wird einmal eingesetzt, wenn eine Zählfigur zum ersten Mal 50 Punkte erreicht"},
		"order.html":                   {"<strong>Der Schäfer handelt, bevor der Drache zieht</strong>"},
		"assets/search-index.js":       {"daher frisst er die Fee nie", "Wird der Schwarze Drache bei 100, 150"},
	}
	assertOnlyGerman(t, page, german)
	assert.Contains(t, page("tables/dragon-diet.html"), "The dragon cannot enter a tile with the fairy on it, so it never eats the fairy.")
	assert.Contains(t, page("de/order.html"), `<strong lang="en">A tower piece is placed, and its prisoner taken, before the dragon moves</strong>`)
	assert.Contains(t, page("order.html"), `<strong>A tower piece is placed, and its prisoner taken, before the dragon moves</strong>`)
	assert.Contains(t, page("de/expansions/tower.html"), `<strong lang="en">A tower piece is placed, and its prisoner taken, before the dragon moves</strong>`)
	assert.Contains(t, page("de/expansions/tower.html"), `<p lang="en">Placing a tower piece is an alternative to deploying a follower`)
	assert.Contains(t, page("expansions/tower.html"), `<p>Placing a tower piece is an alternative to deploying a follower`)
}

// bilingualPages builds the site in English and German and returns a
// lookup of its pages' text, HTML entities decoded.
func bilingualPages(t *testing.T, cat *tilekit.Catalog) func(string) string {
	t.Helper()
	s, err := Build(cat, Options{Translations: []string{"de"}})
	require.NoError(t, err)
	return func(p string) string {
		t.Helper()
		data, ok := s.File(p)
		require.True(t, ok, p)
		return html.UnescapeString(string(data))
	}
}

// assertOnlyGerman checks that each text, by page, is on the German page
// and not on the English one.
func assertOnlyGerman(t *testing.T, page func(string) string, german map[string][]string) {
	t.Helper()
	for p, texts := range german {
		de, en := page("de/"+p), page(p)
		for _, text := range texts {
			assert.Contains(t, de, text, "the German %s", p)
			assert.NotContains(t, en, text, "the English %s", p)
		}
	}
}
