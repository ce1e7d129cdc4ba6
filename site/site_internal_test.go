package site

import (
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// TestInterfaceStringsComeFromTheLanguageFile builds the site in a test
// language whose every string is the English one marked ⟦...⟧: no page may
// still show an English interface string unmarked, so that the German
// edition needs only de.toml and German texts; and it builds.
func TestInterfaceStringsComeFromTheLanguageFile(t *testing.T) {
	en, err := fs.ReadFile(embeddedStrings, "strings/en.toml")
	require.NoError(t, err)
	var table map[string]any
	require.NoError(t, toml.Unmarshal(en, &table))
	var english []string
	marked := markStrings(table, &english)
	var test strings.Builder
	require.NoError(t, toml.NewEncoder(&test).Encode(marked))
	old := stringFiles
	stringFiles = fstest.MapFS{"strings/xx.toml": {Data: []byte(test.String())}}
	defer func() { stringFiles = old }()

	s, err := Build(builtinCatalog(t), Options{Lang: "xx"})
	require.NoError(t, err)
	index, _ := s.File("index.html")
	assert.Contains(t, string(index), `<html lang="xx">`)
	assert.Contains(t, string(index), "⟦Carcassonne rules reference⟧")
	// The longer English strings (the short ones, "yes", "Rules", could be
	// data) must not be on any page unmarked.
	for _, p := range stringPages {
		page, ok := s.File(p)
		require.True(t, ok, p)
		text := strings.ReplaceAll(string(page), "&#39;", "'")
		for _, e := range english {
			for _, piece := range longPieces(e) {
				for i := 0; ; {
					at := strings.Index(text[i:], piece)
					if at < 0 {
						break
					}
					at += i
					// Inside a mark, which may hold another (a kind of
					// feature in a crossing), more marks open than close.
					assert.True(t, strings.Count(text[:at], "⟦") > strings.Count(text[:at], "⟧"), "%s: %q is shown without the test language's marks", p, piece)
					i = at + len(piece)
				}
			}
		}
	}
	stringFiles = old
	_, err = Build(builtinCatalog(t), Options{Lang: "de"})
	assert.NoError(t, err, "the German site builds from site/strings/de.toml")
}

// stringPages are the pages the tests of the interface strings look at:
// one of each kind, with a table, an expansion, the order of play and the
// examples.
var stringPages = []string{"index.html", "tables/dragon-diet.html", "expansions/princess-dragon.html", "order.html", "open-questions.html", "tiles.html", "examples/index.html",
	"examples/princess-dragon-dragon-example-four-players.html", "examples/black-dragon-enters-and-eats.html"}

// placeholder matches what a page fills into a string: %s, %d, {name}.
var placeholder = regexp.MustCompile(`%[ds]|\{[a-z][a-z-]*\}`)

// longPieces returns the pieces of a string between its placeholders that
// are long enough (24 bytes) to be an interface string and not a word the
// data could also hold, such as "yes" or "Rules".
func longPieces(s string) []string {
	var out []string
	for _, piece := range placeholder.Split(s, -1) {
		if len(piece) >= 24 {
			out = append(out, piece)
		}
	}
	return out
}

// markStrings returns the table with every string marked ⟦...⟧ and
// collects the English strings.
func markStrings(table map[string]any, english *[]string) map[string]any {
	out := map[string]any{}
	for k, v := range table {
		switch v := v.(type) {
		case string:
			out[k] = "⟦" + v + "⟧"
			*english = append(*english, v)
		case map[string]any:
			out[k] = markStrings(v, english)
		default:
			panic(fmt.Sprintf("%s: %T", k, v))
		}
	}
	return out
}

// TestRulesTextRendering checks the Markdown of a rules text: headings one
// level down with prefixed, unique ids; raw HTML, inline or as a block,
// shown as text; the Markdown for a wiki with the same headings and raw
// HTML escaped.
func TestRulesTextRendering(t *testing.T) {
	src := "# The Dragon\n\nIt eats <b>followers</b>.\n\n[a trap](javascript:alert(1))\n\n<script>alert(1)</script>\n\n## Moves\n\nSix steps.\n\n## Moves\n\nAgain.\n\n```\n<kept> in code\n```\n"
	r, err := renderRulesText(src, "rules-", 1, nil)
	require.NoError(t, err)
	html := string(r.HTML)
	assert.Contains(t, html, `<h2 id="rules-the-dragon">The Dragon</h2>`)
	assert.Contains(t, html, `<h3 id="rules-moves">Moves</h3>`)
	assert.Contains(t, html, `<h3 id="rules-moves-2">Moves</h3>`)
	assert.Contains(t, html, "It eats &lt;b&gt;followers&lt;/b&gt;.")
	assert.Contains(t, html, "&lt;script&gt;alert(1)&lt;/script&gt;")
	assert.NotContains(t, html, "<script")
	assert.NotContains(t, html, "<b>")
	assert.Contains(t, html, "&lt;kept&gt; in code")
	assert.NotContains(t, html, "javascript:")
	require.Len(t, r.Headings, 3)
	assert.Equal(t, rulesHeading{Level: 2, ID: "rules-the-dragon", Title: "The Dragon", Text: "It eats <b>followers</b>. a trap <script>alert(1)</script>"}, r.Headings[0])
	assert.Equal(t, "Six steps.", r.Headings[1].Text)

	assert.Equal(t, "## The Dragon\n\nIt eats &lt;b>followers&lt;/b>.\n\n[a trap](javascript:alert(1))\n\n&lt;script>alert(1)&lt;/script>\n\n### Moves\n\nSix steps.\n\n### Moves\n\nAgain.\n\n```\n<kept> in code\n```\n", r.Markdown)
}

// A source's date is worded with the precision the data gives it.
func TestDateWords(t *testing.T) {
	b, err := newBuilder(builtinCatalog(t), Options{}, newShared(builtinCatalog(t)))
	require.NoError(t, err)
	for date, want := range map[string]string{"2015": "2015", "2015-03": "March 2015", "2014-12-07": "7 December 2014", "soon": "soon", "": ""} {
		assert.Equal(t, want, b.dateWords(date), date)
	}
}

// A turn of an example is played by the players in turn from the one the
// engine set up to play first.
func TestActivePlayer(t *testing.T) {
	for i, want := range []int{3, 4, 1, 2} {
		assert.Equal(t, turnPlayers{active: want, players: 4}, activePlayer(2, 4, i), "turn %d", i+1)
	}
	assert.Equal(t, 2, activePlayer(0, 2, 1).active)
}

// TestNamesSortAsAReaderLooksThemUp checks that the selector's names sort
// by their letters, accents and case aside: German umlauts sort beside
// their plain letters, not after Z.
func TestNamesSortAsAReaderLooksThemUp(t *testing.T) {
	names := []string{"Zugbrücken", "hans", "Händler und Baumeister", "Hügel und Schafe", "Hans", "Abt"}
	slices.SortStableFunc(names, nameOrder)
	assert.Equal(t, []string{"Abt", "Händler und Baumeister", "Hans", "hans", "Hügel und Schafe", "Zugbrücken"}, names)
}

// TestScoreRuleWordsEveryAttributeAndNothing words a scoring rule that
// asks for each attribute of the vocabulary, and one that scores nothing,
// in every language: none falls back to a key in brackets.
func TestScoreRuleWordsEveryAttributeAndNothing(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		tr, err := loadStrings(lang)
		require.NoError(t, err)
		for _, a := range tilekit.Attributes {
			r := &tilekit.ScoreRule{ID: "x", Feature: tilekit.City, At: tilekit.ScoreEndOfGame, When: &tilekit.ScoreCondition{Has: a}}
			words := scoreRuleWords(tr, r)
			assert.NotContains(t, words, "[", "%s: %s", lang, a)
		}
	}
	tr, err := loadStrings("en")
	require.NoError(t, err)
	r := &tilekit.ScoreRule{ID: "x", Feature: tilekit.Road, At: tilekit.ScoreEndOfGame, When: &tilekit.ScoreCondition{Has: tilekit.Inn}}
	assert.Equal(t, "road at the end of the game: no points, when one of its tiles shows an inn", scoreRuleWords(tr, r))
}
