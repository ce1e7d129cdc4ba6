package validator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// translatedFrom is how the label of the link reference definition that
// follows each heading of a translation starts; the English heading's id
// comes after it.
const translatedFrom = "translated from en#"

// textHeading is one heading of a rules text: its level, its id, and the
// label of the link reference definition right after it ("" for none).
type textHeading struct {
	level int
	id    string
	label string
}

// textHeadings parses a rules text as the validator does and returns its
// top-level headings in order, each with the definition that follows it.
func textHeadings(t *testing.T, src string) []textHeading {
	t.Helper()
	var ids tilekit.TextIDs
	doc := textParser.Parse(text.NewReader([]byte(src)), parser.WithContext(parser.NewContext(parser.WithIDs(&ids))))
	var out []textHeading
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		id, _ := h.AttributeString("id")
		idText, _ := id.([]byte)
		heading := textHeading{level: h.Level, id: string(idText)}
		if d, ok := n.NextSibling().(*ast.LinkReferenceDefinition); ok {
			heading.label = string(d.Label)
		}
		out = append(out, heading)
	}
	return out
}

// TestBuiltinTranslationsFollowTheEnglish checks that every built-in
// English rules text has a German translation, and that each translation
// has the English text's headings, at the same levels and in the same
// order, each followed by a definition naming the English heading it was
// made from.
func TestBuiltinTranslationsFollowTheEnglish(t *testing.T) {
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
		want, got := textHeadings(t, x.Markdown), textHeadings(t, de.Markdown)
		require.Len(t, got, len(want), "%s: the German text has as many headings as the English", de.Origin.File)
		for i, h := range got {
			assert.Equal(t, want[i].level, h.level, "%s: heading %d (%s) is at the English heading's level", de.Origin.File, i+1, h.id)
			assert.Equal(t, translatedFrom+want[i].id, h.label, "%s: heading %d (%s) names the English heading it was made from", de.Origin.File, i+1, h.id)
		}
	}
	assert.NotZero(t, english, "the built-in data has English rules texts")
}

// TestTextHeadingsReadTheDefinitions checks the reading of headings that
// TestBuiltinTranslationsFollowTheEnglish relies on: a definition right
// after a heading is its label, one further down is not, and a heading's id
// is the one its text makes.
func TestTextHeadingsReadTheDefinitions(t *testing.T) {
	src := "# Die Zugbrücken\n\n[translated from en#the-drawbridges]: 000000000000\n\nText.\n\n## Gleichstand\n\nText.\n\n[translated from en#ties]: 000000000000\n"
	got := textHeadings(t, src)
	assert.Equal(t, []textHeading{
		{level: 1, id: "die-zugbr-cken", label: "translated from en#the-drawbridges"},
		{level: 2, id: "gleichstand"},
	}, got)
}
