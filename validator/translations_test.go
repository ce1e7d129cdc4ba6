package validator

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// TestBuiltinTranslationsAreCurrent checks that every built-in English
// rules text has a German translation made from it as it is now: each
// German heading, in the English order, marks the English section it
// translates with that section's digest, and no English section is left
// out.
func TestBuiltinTranslationsAreCurrent(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)
	english := 0
	for _, x := range cat.Texts {
		if x.Lang != "en" {
			continue
		}
		english++
		de := cat.Text(x.Expansion, "de")
		if !assert.NotNil(t, de, "the English text of %s has no German translation", x.Expansion) {
			continue
		}
		sections := tilekit.TextSections(x.Markdown)
		states := tilekit.CheckTranslation(*de, func(lang string) *tilekit.Text { return cat.Text(x.Expansion, lang) })
		require.Len(t, states, len(sections), "%s: one mark per English section", de.Origin.File)
		for i, st := range states {
			assert.Equal(t, tilekit.TranslationCurrent, st.Problem, "%s:%d: the mark of #%s", de.Origin.File, st.Mark.Line, st.Mark.Section)
			assert.Equal(t, sections[i].ID, st.Mark.Section, "%s:%d: the German headings follow the English order", de.Origin.File, st.Mark.Line)
			assert.Equal(t, i, st.Mark.Heading, "%s:%d: each German heading has its mark", de.Origin.File, st.Mark.Line)
		}
	}
	assert.NotZero(t, english, "the built-in data has English rules texts")
}

// TestDataTranslationsLoad checks that the translations of a folder's
// entries reach the catalog as written, that a table or step that
// supersedes a built-in one keeps the built-in translations of the fields
// it keeps and drops those of the fields it writes anew, and that the
// built-in data's German texts load.
func TestDataTranslationsLoad(t *testing.T) {
	res, err := Validate(BuiltinFolder(), Folder{Name: "fan", FS: mapFS(map[string]string{
		"expansions/fan.toml": `[[expansion]]
id = "castle-fan"
name = "The Fan Castle"
translations.de = { name = "Die Fan-Burg" }
kind = "fan"

[[expansion.part]]
id = "castle-fan/keep"
name = "Keep"
translations.de = { name = "Bergfried" }

[[figure]]
id = "castellan"
name = "Castellan"
translations.de = { name = "Burgvogt" }
translations.fr = { name = "Châtelain" }
expansion = "castle-fan"
category = "special"
owner = "player"
living = true
footprint = "tile"

[[location]]
id = "keep-top"
name = "On top of the keep"
translations.de = { name = "Oben auf dem Bergfried" }
expansion = "castle-fan/keep"
footprint = "tile"

[[action]]
id = "keep-climb"
name = "Climb the keep"
translations.de = { name = "Den Bergfried erklimmen" }
expansion = "castle-fan/keep"
`,
		"interactions/house.toml": `[[table]]
id = "dragon-diet"
supersedes = "dragon-diet"
question = "Does the red dragon eat it at our table?"
translations.de = { question = "Frisst der rote Drache ihn an unserem Tisch?" }
`,
	})})
	require.NoError(t, err)
	for _, d := range res.Diagnostics {
		t.Error(d)
	}
	cat := res.Catalog
	x := cat.Expansion("castle-fan")
	require.NotNil(t, x)
	assert.Equal(t, tilekit.Translations{"de": {"name": "Die Fan-Burg"}}, x.Translations)
	assert.Equal(t, "Bergfried", x.Parts[0].Translations.Text("de", "name", x.Parts[0].Name))
	f := cat.Figure("castellan")
	require.NotNil(t, f)
	assert.Equal(t, tilekit.Translations{"de": {"name": "Burgvogt"}, "fr": {"name": "Châtelain"}}, f.Translations)
	assert.Equal(t, "Burgvogt", cat.SubjectTranslations(tilekit.Subject{Kind: tilekit.SubjectKind(tilekit.Special), ID: "castellan"}).Text("de", "name", ""))
	assert.Equal(t, "Oben auf dem Bergfried", cat.Location("keep-top").Translations.Text("de", "name", ""))
	assert.Equal(t, "Den Bergfried erklimmen", cat.Action("keep-climb").Translations.Text("de", "name", ""))
	diet := cat.Table("dragon-diet")
	require.NotNil(t, diet)
	assert.Equal(t, "Frisst der rote Drache ihn an unserem Tisch?", diet.Translations.Text("de", "question", diet.Question))
	assert.Equal(t, "Was der rote Drache frisst", diet.Translations.Text("de", "name", diet.Name), "the built-in German name is kept")
	assert.Equal(t, "Kann der rote Drache ihn fressen?", diet.Replaces.Translations.Text("de", "question", ""), "the table it replaced keeps its own")

	builtin, err := BuiltinCatalog()
	require.NoError(t, err)
	assert.Equal(t, "Burgfräulein und Drache", builtin.Expansion("princess-dragon").Translations.Text("de", "name", ""))
	assert.Equal(t, "Fee", builtin.Figure("fairy").Translations.Text("de", "name", ""))
	assert.Equal(t, "Kloster mit Straße", builtin.Tile("base/A").Translations.Text("de", "name", ""))
	step := builtin.Step("dragon-move")
	require.NotNil(t, step)
	assert.Equal(t, "Der Drache zieht", step.Translations.Text("de", "name", ""))
	require.NotEmpty(t, step.Variants)
	assert.True(t, step.Variants[0].Translations.Has("de", "explanation"), "a step variant's explanation")
}

// TestTranslationsSchema checks that the schema takes a figure's name in
// German and refuses a translation into English, a language code that is
// not two letters, a field the entry's kind does not translate, and an
// empty text.
func TestTranslationsSchema(t *testing.T) {
	codes := func(line string) []string {
		_, out := validateFile(t, "expansions/fan.toml", "[[figure]]\nid = \"castellan\"\nname = \"Castellan\"\n"+line+"\nexpansion = \"base\"\ncategory = \"special\"\nowner = \"player\"\nliving = true\nfootprint = \"tile\"\n")
		return out
	}
	assert.Empty(t, codes(`translations.de = { name = "Burgvogt" }`))
	assertSchemaRefuses(t, codes, map[string]string{
		"english":     `translations.en = { name = "Castellan" }`,
		"not a code":  `translations.deu = { name = "Burgvogt" }`,
		"other field": `translations.de = { question = "Wer?" }`,
		"empty":       `translations.de = { name = "" }`,
	})
}

// validateFile validates the built-in data and a folder of one file, and
// returns the catalog and the codes of the diagnostics.
func validateFile(t *testing.T, path, text string) (*tilekit.Catalog, []string) {
	t.Helper()
	res, err := Validate(BuiltinFolder(), Folder{Name: "u", FS: mapFS(map[string]string{path: text})})
	require.NoError(t, err, text)
	var codes []string
	for _, d := range res.Diagnostics {
		codes = append(codes, d.Code)
	}
	return res.Catalog, codes
}

// assertSchemaRefuses checks that each named line, given to codes, gives
// diagnostics, and only the schema's.
func assertSchemaRefuses(t *testing.T, codes func(line string) []string, lines map[string]string) {
	t.Helper()
	for name, line := range lines {
		got := codes(line)
		assert.NotEmpty(t, got, name)
		for _, c := range got {
			assert.True(t, strings.HasPrefix(c, "schema-"), "%s: %s", name, c)
		}
	}
}

// TestScenarioTranslations checks that a scenario's translated title
// reaches the catalog as written, that the built-in scenarios' German
// titles load, and that the schema refuses a field a scenario does not
// translate, a translation into English and an empty title.
func TestScenarioTranslations(t *testing.T) {
	scenario := func(line string) (*tilekit.Catalog, []string) {
		return validateFile(t, "scenarios/base/least.toml", "[[scenario]]\nid = \"base/least\"\ntitle = \"The least\"\n"+line+"\nplayers = 2\n")
	}
	cat, codes := scenario(`translations.de = { title = "Das Wenigste" }`)
	require.Empty(t, codes)
	s := cat.Scenario("base/least")
	require.NotNil(t, s)
	assert.Equal(t, tilekit.Translations{"de": {"title": "Das Wenigste"}}, s.Translations)

	builtin, err := BuiltinCatalog()
	require.NoError(t, err)
	road := builtin.Scenario("base/road-loop")
	require.NotNil(t, road)
	assert.Equal(t, "Eine Straße, die sich zu einem Ring schließt, ist fertig", road.Translations.Text("de", "title", road.Title))

	assertSchemaRefuses(t, func(line string) []string { _, codes := scenario(line); return codes }, map[string]string{
		"other field": `translations.de = { name = "Das Wenigste" }`,
		"english":     `translations.en = { title = "The least" }`,
		"empty":       `translations.de = { title = "" }`,
	})
}

// houseRowAndNote is a folder with a row that answers a built-in table
// for a figure of its own, and an open note with a reading, each with its
// German text; extra is written into the row.
func houseRowAndNote(extra string) Folder {
	return Folder{Name: "house", FS: mapFS(map[string]string{
		"expansions/house.toml": `[[figure]]
id = "castellan"
name = "Castellan"
expansion = "princess-dragon/dragon"
category = "special"
owner = "player"
living = true
footprint = "tile"
`,
		"interactions/house.toml": `[[row]]
table = "dragon-diet"
subject = "castellan"
verdict = "conditional"
condition = "it stands outside a castle"
source = { kind = "house-rule", title = "Our table's house rules" }
explanation = "The castellan is eaten outside his castle."
translations.de = { explanation = "Der Burgvogt wird außerhalb seiner Burg gefressen.", condition = "wenn er außerhalb einer Burg steht" }
` + extra + `

[[note]]
id = "castellan-hides"
title = "The castellan hides"
text = "The castellan hides from the dragon."
source = { kind = "house-rule", title = "Our table's house rules" }
expansions = ["princess-dragon/dragon"]
tables = ["dragon-diet"]
subjects = ["castellan"]
open = true
translations.de = { title = "Der Burgvogt versteckt sich", text = "Der Burgvogt versteckt sich vor dem Drachen." }

[[note.readings]]
id = "always"
text = "He always hides."
translations.de = { text = "Er versteckt sich immer." }
`,
	})}
}

// TestRowAndNoteTranslationsLoad checks that a row's explanation and
// condition, a note's title and text and a reading's text reach the
// catalog in German as written, and that the built-in rows and notes
// have theirs.
func TestRowAndNoteTranslationsLoad(t *testing.T) {
	res, err := Validate(BuiltinFolder(), houseRowAndNote(""))
	require.NoError(t, err)
	for _, d := range res.Diagnostics {
		t.Error(d)
	}
	cat := res.Catalog
	i := slices.IndexFunc(cat.Rows, func(r tilekit.Row) bool { return r.Subject == "castellan" })
	require.GreaterOrEqual(t, i, 0)
	assert.Equal(t, tilekit.Translations{"de": {"explanation": "Der Burgvogt wird außerhalb seiner Burg gefressen.", "condition": "wenn er außerhalb einer Burg steht"}}, cat.Rows[i].Translations)
	n := cat.Note("castellan-hides")
	require.NotNil(t, n)
	assert.Equal(t, tilekit.Translations{"de": {"title": "Der Burgvogt versteckt sich", "text": "Der Burgvogt versteckt sich vor dem Drachen."}}, n.Translations)
	require.Len(t, n.Readings, 1)
	assert.Equal(t, "Er versteckt sich immer.", n.Readings[0].Translations.Text("de", "text", n.Readings[0].Text))

	builtin, err := BuiltinCatalog()
	require.NoError(t, err)
	for _, r := range builtin.Rows {
		assert.True(t, r.Translations.Has("de", "explanation"), "row %s/%s has a German explanation", r.Table, r.ID)
		assert.Equal(t, r.Condition != "", r.Translations.Has("de", "condition"), "row %s/%s has a German condition just when it has one", r.Table, r.ID)
	}
	for _, n := range builtin.Notes {
		assert.True(t, n.Translations.Has("de", "title") && n.Translations.Has("de", "text"), "note %s has a German title and text", n.ID)
		for _, r := range n.Readings {
			assert.True(t, r.Translations.Has("de", "text"), "reading %s of note %s has a German text", r.ID, n.ID)
		}
	}
}

// TestRowTranslationsSchema checks that the schema takes a row's
// explanation and condition, a note's title and text and a reading's text
// in German, and refuses a row's translation of a field rows do not have,
// such as a name or a note's title.
func TestRowTranslationsSchema(t *testing.T) {
	res, err := Validate(BuiltinFolder(), houseRowAndNote(""))
	require.NoError(t, err)
	assert.Empty(t, res.Diagnostics)
	for _, extra := range []string{`translations.fr = { name = "Châtelain" }`, `translations.fr = { title = "Le châtelain" }`} {
		res, err := Validate(BuiltinFolder(), houseRowAndNote(extra))
		require.NoError(t, err)
		var got []string
		for _, d := range res.Diagnostics {
			got = append(got, d.Code)
		}
		require.NotEmpty(t, got, extra)
		for _, c := range got {
			assert.True(t, strings.HasPrefix(c, "schema-"), "%s: %s", extra, c)
		}
	}
}

// TestRuleOfThumbTranslationsLoad checks that a rule of thumb's text and a
// publisher's wording's text and condition reach the catalog in German.
func TestRuleOfThumbTranslationsLoad(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)
	diet, fairy := cat.Table("dragon-diet"), cat.Table("fairy-companions")
	require.True(t, diet != nil && diet.Rule != nil && fairy != nil && fairy.Rule != nil && len(fairy.Rule.Variants) > 0)
	assert.Equal(t, "Der Drache frisst alles aus Fleisch und Blut, was auf einer einzelnen Karte steht.", diet.Rule.Translations.Text("de", "text", diet.Rule.Text))
	v := fairy.Rule.Variants[0]
	assert.True(t, v.Translations.Has("de", "text"))
	assert.True(t, strings.HasPrefix(v.Translations.Text("de", "condition", v.Condition), "wenn "))
	for i := range cat.Tables {
		if r := cat.Tables[i].Rule; r != nil {
			assert.True(t, r.Translations.Has("de", "text"), "the rule of %s has no German", cat.Tables[i].ID)
		}
	}
}
