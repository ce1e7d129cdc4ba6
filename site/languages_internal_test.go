package site

import (
	"io/fs"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/validator"
)

// withMarkedLanguage makes the interface strings of the test language xx
// the English ones marked ⟦...⟧, beside English, for the length of a test.
func withMarkedLanguage(t *testing.T) {
	t.Helper()
	en, err := fs.ReadFile(embeddedStrings, "strings/en.toml")
	require.NoError(t, err)
	var table map[string]any
	require.NoError(t, toml.Unmarshal(en, &table))
	var english []string
	var xx strings.Builder
	require.NoError(t, toml.NewEncoder(&xx).Encode(markStrings(table, &english)))
	old := stringFiles
	stringFiles = fstest.MapFS{"strings/en.toml": {Data: en}, "strings/xx.toml": {Data: []byte(xx.String())}}
	t.Cleanup(func() { stringFiles = old })
}

// A translation is built in a folder of its own beside the first language,
// with the same pages, and every page links to itself in the other
// language; the sitemap lists both.
func TestTranslationsAreBuiltBeside(t *testing.T) {
	withMarkedLanguage(t)
	s, err := Build(builtinCatalog(t), Options{Translations: []string{"xx"}, BaseURL: "https://rules.example.org/"})
	require.NoError(t, err)
	index, ok := s.File("index.html")
	require.True(t, ok)
	assert.Contains(t, string(index), `<a class="language" href="./xx/index.html" hreflang="xx" lang="xx">⟦English⟧</a>`)
	xx, ok := s.File("xx/index.html")
	require.True(t, ok)
	assert.Contains(t, string(xx), `<html lang="xx">`)
	assert.Contains(t, string(xx), `<a class="language" href="../index.html" hreflang="en" lang="en">English</a>`)
	assert.Contains(t, string(xx), "<p>⟦Names, questions and explanations from the rules data that have no translation into this language yet are shown in English.⟧</p>", "a note that the data is English")
	assert.NotContains(t, string(index), "Names, questions and explanations from the rules data that have no translation into this language yet are shown in English.")
	table, ok := s.File("xx/tables/dragon-diet.html")
	require.True(t, ok)
	assert.Contains(t, string(table), `<link rel="alternate" hreflang="en" href="../../tables/dragon-diet.html">`)
	assert.Contains(t, string(table), `<link rel="canonical" href="https://rules.example.org/xx/tables/dragon-diet.html">`)
	for _, p := range s.Paths() {
		if p == MarkerFile || strings.HasPrefix(p, "xx/") || p == "sitemap.xml" {
			continue
		}
		_, ok := s.File("xx/" + p)
		assert.True(t, ok, "%s has no translation", p)
	}
	_, ok = s.File("xx/" + MarkerFile)
	assert.False(t, ok)
	sitemap, _ := s.File("sitemap.xml")
	assert.Contains(t, string(sitemap), "<loc>https://rules.example.org/xx/tables/dragon-diet.html</loc>")
	assert.Contains(t, string(sitemap), "<loc>https://rules.example.org/tables/dragon-diet.html</loc>")
	one, err := Build(builtinCatalog(t), Options{})
	require.NoError(t, err)
	page, _ := one.File("index.html")
	assert.NotContains(t, string(page), `class="language"`, "a site in one language links to no other")

	_, err = Build(builtinCatalog(t), Options{Translations: []string{"en"}})
	assert.ErrorContains(t, err, `the language "en" is given twice`)
	_, err = Build(builtinCatalog(t), Options{Format: Markdown, Layout: LayoutWiki, Translations: []string{"xx"}})
	assert.ErrorContains(t, err, "a wiki holds one language")
	md, err := Build(builtinCatalog(t), Options{Format: Markdown, Translations: []string{"xx"}})
	require.NoError(t, err)
	home, _ := md.File("xx/index.md")
	assert.Contains(t, string(home), "[English](../index.md)")
}

// An expansion without a rules text in the page's language shows the
// English one, marked as English with a note; a translation notes the
// sections whose English has changed since, and no others.
func TestRulesTextInAnotherLanguage(t *testing.T) {
	withMarkedLanguage(t)
	en := builtinCatalog(t).Text("drawbridges", "en")
	require.NotNil(t, en)
	sections := tilekit.TextSections(en.Markdown)
	require.Greater(t, len(sections), 2)
	var xx strings.Builder
	for i, s := range sections {
		heading, digest := "## Abschnitt "+s.ID, s.Digest
		switch i {
		case 0:
			heading = "# Die Zugbrücken"
		case 1:
			digest = "0123456789ab" // made from an earlier English text
		}
		xx.WriteString(heading + "\n\n[translated from en#" + s.ID + "]: " + digest + "\n\nText.\n\n")
	}
	src := xx.String()
	res, err := validator.Validate(validator.BuiltinFolder(), validator.Folder{Name: "user", FS: fstest.MapFS{"expansions/text/xx/drawbridges.md": {Data: []byte(src)}}})
	require.NoError(t, err)
	var stale int
	for _, d := range res.Diagnostics {
		require.NotEqual(t, validator.Error, d.Severity, "%v", d)
		if d.Code == "text-translation-stale" {
			stale++
		}
	}
	assert.Equal(t, 1, stale, "the one section made from an earlier English text")
	s, err := Build(res.Catalog, Options{Translations: []string{"xx"}})
	require.NoError(t, err)
	page, _ := s.File("xx/expansions/drawbridges.html")
	text := string(page)
	assert.Contains(t, text, "⟦"+"These sections were translated from an earlier English text")
	assert.Contains(t, text, `<a href="#rules-abschnitt-`+sections[1].ID+`">Abschnitt `+sections[1].ID+`</a></p>`)
	assert.NotContains(t, text, `<a href="#rules-abschnitt-`+sections[2].ID+`">`, "a section made from the English as it is now")
	assert.NotContains(t, text, "[translated from", "the marks are not shown")

	other, _ := s.File("xx/expansions/princess-dragon.html")
	assert.Contains(t, string(other), `<p class="text-note">⟦This text has not been translated`)
	assert.Contains(t, string(other), `<div lang="en"><h2 id="rules-the-princess-the-dragon">`)
	english, _ := s.File("expansions/drawbridges.html")
	assert.NotContains(t, string(english), "text-note", "the English page shows its own text")
}

// TestLanguagesShareTheEnginesRuns checks that the languages of one build,
// which share each worked example's run by the engine, each title its
// boards in its own language and draw the same board.
func TestLanguagesShareTheEnginesRuns(t *testing.T) {
	withMarkedLanguage(t)
	s, err := Build(builtinCatalog(t), Options{Translations: []string{"xx"}})
	require.NoError(t, err)
	title := regexp.MustCompile(`<title[^>]*>[^<]*</title>`)
	for _, p := range []string{"examples/base-road-completed-three-tiles-start.svg", "examples/princess-dragon-fairy-completed-city-start.svg"} {
		en, ok := s.File(p)
		require.True(t, ok, p)
		xx, ok := s.File("xx/" + p)
		require.True(t, ok, p)
		assert.Contains(t, string(en), ">The board before the first turn: ", p)
		assert.Contains(t, string(xx), ">⟦The board before the first turn: ", p)
		assert.Equal(t, title.ReplaceAllString(string(en), ""), title.ReplaceAllString(string(xx), ""), "%s: the languages draw other boards", p)
	}
}

// TestMemoWorksOutEachKeyOnce checks that concurrent callers of a key
// share one computation, and that other keys get their own.
func TestMemoWorksOutEachKeyOnce(t *testing.T) {
	var m memo[string, int]
	var calls atomic.Int32
	var wg sync.WaitGroup
	got := make([]int, 16)
	for i := range got {
		wg.Go(func() {
			key := "even"
			if i%2 == 1 {
				key = "odd"
			}
			got[i], _ = m.get(key, func() (int, error) { return int(calls.Add(1)), nil })
		})
	}
	wg.Wait()
	assert.EqualValues(t, 2, calls.Load(), "each key is worked out once")
	for i := range got {
		assert.Equal(t, got[i%2], got[i], "callers of one key get one value")
	}
	assert.NotEqual(t, got[0], got[1])
}
