package site

import (
	"fmt"
	"html"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGermanStringsMatchTheEnglish compares de.toml with en.toml: the same
// keys, and in each string the same %s and %d in the same order (a page
// fills them in order) and the same {names} (in any order), and the German
// stop words hold the English ones. The check is first shown to catch a
// broken translation, in memory.
func TestGermanStringsMatchTheEnglish(t *testing.T) {
	english := map[string]string{
		"a":    "player {player} scores {points}",
		"b":    "%d tiles of %s",
		"c":    "Rules",
		"d":    "%s and %s",
		"e":    "{figure} eats the {victim}",
		"f":    "{player} scores {points}",
		"g":    "{count} taken back",
		"gone": "kept in English only",
	}
	broken := map[string]string{
		"a":      "{points} für Spieler {player}", // the {names} may change places
		"b":      "%s: %d Karten",                 // but %s and %d may not
		"c":      "Regeln",
		"d":      "%s",                      // a %s dropped
		"e":      "{figure} frisst {opfer}", // a {name} renamed
		"extra":  "nur auf Deutsch",
		"f.one":  "{player} erhält {points} Punkt", // two forms for one string
		"f.many": "{player} erhält {points} Punkte",
		"g.one":  "{count} Figur",
		"g.many": "{anzahl} Figuren",
	}
	assert.Equal(t, []string{
		`b: the English has %d %s, the translation %s %d`,
		`d: the English has %s %s, the translation %s`,
		`e: the English has {figure} {victim}, the translation {figure} {opfer}`,
		`extra: not in the English`,
		`g.many: the English has {count}, the translation {anzahl}`,
		`gone: not in the translation`,
	}, compareStrings(english, broken))
	assert.Empty(t, compareStrings(english, english))

	en, de := embeddedStringsOf(t, "en"), embeddedStringsOf(t, "de")
	for _, problem := range compareStrings(en, de) {
		t.Error("site/strings/de.toml: " + problem)
	}
	// A German reader may ask in English too.
	german := strings.Fields(de["search.stop-words"])
	for _, word := range strings.Fields(en["search.stop-words"]) {
		assert.Contains(t, german, word, "the German stop words")
	}
}

// compareStrings reports, sorted by key, each key that only one of two
// strings files has, and each string whose %s and %d sequence or whose
// set of {names} differs from the English.
func compareStrings(en, tr map[string]string) []string {
	var out []string
	compare := func(key, e, s string) {
		if want, got := verbs(e), verbs(s); want != got {
			out = append(out, fmt.Sprintf("%s: the English has %s, the translation %s", key, want, got))
		}
		if want, got := names(e), names(s); want != got {
			out = append(out, fmt.Sprintf("%s: the English has %s, the translation %s", key, want, got))
		}
	}
	for key, e := range en {
		s, ok := tr[key]
		one, hasOne := tr[key+".one"]
		many, hasMany := tr[key+".many"]
		switch {
		case ok:
			compare(key, e, s)
		case hasOne && hasMany:
			// A translation may have two forms, one and many, for the
			// English's one string (an event's "1 Punkt", "2 Punkte").
			compare(key+".one", e, one)
			compare(key+".many", e, many)
		default:
			out = append(out, key+": not in the translation")
		}
	}
	for key := range tr {
		base := strings.TrimSuffix(strings.TrimSuffix(key, ".one"), ".many")
		if _, ok := en[key]; !ok && (base == key || en[base] == "") {
			out = append(out, key+": not in the English")
		}
	}
	slices.Sort(out)
	return out
}

// verbs returns the %s and %d of a string in their order, space-separated.
func verbs(s string) string {
	var out []string
	for _, p := range placeholder.FindAllString(s, -1) {
		if strings.HasPrefix(p, "%") {
			out = append(out, p)
		}
	}
	return strings.Join(out, " ")
}

// names returns the set of {names} of a string, sorted, space-separated.
func names(s string) string {
	var out []string
	for _, p := range placeholder.FindAllString(s, -1) {
		if strings.HasPrefix(p, "{") && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// embeddedStringsOf reads the embedded strings file of a language by its
// dotted keys, as the site reads it.
func embeddedStringsOf(t *testing.T, lang string) map[string]string {
	data, err := fs.ReadFile(embeddedStrings, "strings/"+lang+".toml")
	require.NoError(t, err)
	var raw map[string]any
	require.NoError(t, toml.Unmarshal(data, &raw))
	tr := &translator{lang: lang, strings: map[string]string{}}
	require.NoError(t, tr.flatten("", raw))
	return tr.strings
}

// TestGermanSiteHasNoEnglishInterfaceString builds the site in German and
// looks for the English interface strings on the pages the test of the
// marked language reads (the order of play among them), and on the sheet:
// no longer piece of an English string (between its placeholders) may be
// on a page, unless the German string of its key is the same text. The
// data's own texts are English and are not looked for.
func TestGermanSiteHasNoEnglishInterfaceString(t *testing.T) {
	en, de := embeddedStringsOf(t, "en"), embeddedStringsOf(t, "de")
	index := germanPage(t, "index.html")
	assert.Contains(t, index, `<html lang="de">`)
	assert.Contains(t, index, "<h1>"+de["index.title"]+"</h1>")
	pages := append(slices.Clone(stringPages), "sheet.html")
	for _, p := range pages {
		text := germanPage(t, p)
		for key, e := range en {
			if de[key] == e {
				continue
			}
			for _, piece := range longPieces(e) {
				assert.False(t, strings.Contains(text, piece), "%s shows the English of %s: %q", p, key, piece)
			}
		}
	}
}

// TestGermanSiteHasNoWordBuiltInGo looks on the German pages for what Go
// would word in English instead of the strings file: a publisher's rules
// by its English possessive; a figure's German word in lower case, as an
// English name in a sentence is written; a symbol, a feature's attribute
// or the kinds of feature a crossing links by their ids; the attributes a
// rule of thumb looks at as tilekit.Match.String words them; a search
// result's kind by its id.
func TestGermanSiteHasNoWordBuiltInGo(t *testing.T) {
	shows(t, "order.html", "<h2>Nach den Regeln von Hans im Glück</h2>", "<h2>Nach den Regeln von Rio Grande Games, mit Schwarzer Drache</h2>")
	hides(t, "order.html", "mit Black Dragon")
	hides(t, "order.html", "Glück's", "Games'")
	shows(t, "order.html", "Nach dem Entfernen – der Drache: neben das Spielfeld")
	hides(t, "order.html", "der drache")
	shows(t, "order.html", "Wenn die gelegte Karte das Symbol Zaubergang zeigt", "Wenn eine fertige Straße am Symbol Zugbrücke endet", "(die Stadt mit dem Burgfräulein)")
	hides(t, "order.html", "Symbol dragon", "Symbol magic portal", "Symbol princess", "Symbol drawbridge", "mit princess")
	shows(t, "order.html", "nachdem die Straße fertiggestellt und gewertet wurde", "in die Stadt ziehen")
	hides(t, "order.html", "nachdem road", "in city")
	shows(t, "tables/dragon-diet.html", "Hat ein Gegenstand diese Merkmale – lebendig, steht auf einer Karte –, lautet die Antwort ja, sonst nein.")
	shows(t, "tables/fairy-companions.html", "Merkmale – Kategorie Gefolgsmann –")
	hides(t, "tables/dragon-diet.html", "living, stands on one tile", "No explicit ruling")
	shows(t, "tables/dragon-diet.html", "die Faustregel erfasst ihn nicht (nicht zugleich lebendig, steht auf einer Karte)")
	// The search shows a result's kind by the page's word for it.
	index := germanPage(t, "assets/search-index.js")
	kinds := map[string]bool{}
	for _, kind := range regexp.MustCompile(`"kind":"([a-z-]+)"`).FindAllStringSubmatch(index, -1) {
		kinds[kind[1]] = true
	}
	assert.Len(t, kinds, 6, "the kinds of search result")
	for kind := range kinds {
		shows(t, "index.html", ` data-kind-`+kind+`="`)
	}
	shows(t, "index.html", ` data-kind-answer="Antwort"`)
	// The summary of the choice says "1 Erweiterung", not quoted as script.
	shows(t, "index.html", ` data-one="{n} Erweiterung" data-many="{n} Erweiterungen"`)
}

// TestGermanExamplesTellTheirMoves checks that a German worked example
// words its moves and events in German: players by colour, the moves'
// words and features by the strings' German words, and one point or
// follower in the singular.
func TestGermanExamplesTellTheirMoves(t *testing.T) {
	shows(t, "examples/drawbridges-example-1.html", "Gelb zieht die Karte", "ein Gefolgsmann wechselt über die Zugbrücke in die Stadt bei")
	hides(t, "examples/drawbridges-example-1.html", "per drawbridge", "das Gebiet city", "Spieler 1", "Punkt(e)")
	shows(t, "examples/princess-dragon-princess-example.html", "das Burgfräulein schickt den Ritter bei 0,0 nach Hause")
	shows(t, "examples/abbey-mayor-mayor-no-pennant.html", "Gelb nimmt 1 Figur zurück (die Stadt)")
	hides(t, "examples/abbey-mayor-mayor-no-pennant.html", "Figur(en)", "1 Figuren")
	// The table that decided a meal by its German name.
	shows(t, "examples/princess-dragon-dragon-example-four-players.html", "frisst den Gefolgsmann von Blau bei -1,-1 (Was der rote Drache frisst, Spielregel)")
	hides(t, "examples/princess-dragon-dragon-example-four-players.html", "What the red dragon eats")
}

// shows checks that a page of the German site shows each text.
func shows(t *testing.T, path string, texts ...string) {
	t.Helper()
	page := germanPage(t, path)
	for _, text := range texts {
		assert.True(t, strings.Contains(page, text), "%s does not show %q", path, text)
	}
}

// hides checks that a page of the German site shows none of the texts.
func hides(t *testing.T, path string, texts ...string) {
	t.Helper()
	page := germanPage(t, path)
	for _, text := range texts {
		assert.False(t, strings.Contains(page, text), "%s shows %q", path, text)
	}
}

var (
	germanOnce  sync.Once
	germanBuilt *Site
	germanErr   error
)

// germanPage returns a page of the German site, built once for the
// tests, its HTML's character references unescaped.
func germanPage(t *testing.T, path string) string {
	t.Helper()
	germanOnce.Do(func() { germanBuilt, germanErr = Build(builtinCatalog(t), Options{Lang: "de"}) })
	require.NoError(t, germanErr)
	page, ok := germanBuilt.File(path)
	require.True(t, ok, path)
	return html.UnescapeString(string(page))
}

// The German site builds in every format and layout, with the statistics
// page, and its Markdown home page is German.
func TestGermanSiteBuildsInEveryFormat(t *testing.T) {
	for _, opt := range []Options{{Format: Markdown}, {Format: Markdown, Layout: LayoutWiki}, {Stats: 2}} {
		opt.Lang = "de"
		s, err := Build(builtinCatalog(t), opt)
		require.NoError(t, err, "%+v", opt)
		if opt.Format == Markdown && opt.Layout == "" {
			index, ok := s.File("index.md")
			require.True(t, ok)
			assert.Contains(t, string(index), "# Carcassonne-Regelreferenz")
		}
		if opt.Stats > 0 {
			stats, ok := s.File("stats.html")
			require.True(t, ok)
			assert.Contains(t, string(stats), "<h1>Statistik zufälliger Partien</h1>")
			// Averages have a decimal comma.
			assert.Regexp(t, `<td>\d+,\d [A-Za-zä]+</td>`, string(stats))
			assert.NotRegexp(t, `<td>\d+\.\d+ `, string(stats))
		}
	}
}

// A source's date is worded in German, the day before the month.
func TestGermanDateWords(t *testing.T) {
	b, err := newBuilder(builtinCatalog(t), Options{Lang: "de"}, newShared(builtinCatalog(t)))
	require.NoError(t, err)
	for date, want := range map[string]string{"2015": "2015", "2015-03": "März 2015", "2014-12-07": "7. Dezember 2014"} {
		assert.Equal(t, want, b.dateWords(date), date)
	}
}

// TestGermanRulesOfThumb checks that a table's rule of thumb and a
// publisher's wording of it, with its condition, are German on a German
// page.
func TestGermanRulesOfThumb(t *testing.T) {
	shows(t, "tables/dragon-diet.html", "<p>Der Drache frisst alles aus Fleisch und Blut, was auf einer einzelnen Karte steht.</p>")
	hides(t, "tables/dragon-diet.html", "The dragon eats everything of flesh and blood")
	shows(t, "tables/fairy-companions.html", "Die Fee wird auf die Karte eines Gefolgsmanns des Spielers gestellt", "je nachdem: wenn er auf der Karte steht, auf die die Fee gestellt wird")
	hides(t, "tables/fairy-companions.html", "The fairy is placed on the tile", "it stands on the tile where the fairy is put")
}
