package tilekit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTextPathOfExpansionAndPart(t *testing.T) {
	assert.Equal(t, "expansions/text/en/drawbridges.md", TextPath("drawbridges", "en"))
	assert.Equal(t, "expansions/text/de/princess-dragon--fairy.md", TextPath("princess-dragon/fairy", "de"))
}

func TestParseTextPath(t *testing.T) {
	for _, c := range []struct {
		path, expansion, lang string
		ok                    bool
	}{
		{"expansions/text/en/drawbridges.md", "drawbridges", "en", true},
		{"expansions/text/de/princess-dragon--fairy.md", "princess-dragon/fairy", "de", true},
		// The language is not checked here: the validator reports it.
		{"expansions/text/english/base.md", "base", "english", true},
		{"expansions/text/base.md", "", "", false},              // no language folder
		{"expansions/text/en/extra/base.md", "", "", false},     // one folder too deep
		{"expansions/text/en/base.txt", "", "", false},          // not Markdown
		{"expansions/text/en/.md", "", "", false},               // no name
		{"expansions/base.md", "", "", false},                   // not below text/
		{"tiles/text/en/base.md", "", "", false},                // not below expansions/
		{"expansions/text//base.md", "", "", false},             // empty language
		{"expansions/texts/en/base.md", "", "", false},          // near miss of the folder
		{"expansions/text/en/a--b--c.md", "a/b--c", "en", true}, // only the first -- separates
	} {
		exp, lang, ok := ParseTextPath(c.path)
		assert.Equal(t, c.ok, ok, c.path)
		assert.Equal(t, c.expansion, exp, c.path)
		assert.Equal(t, c.lang, lang, c.path)
	}
}

func TestCatalogText(t *testing.T) {
	first := Text{Expansion: "princess-dragon", Lang: "en", Markdown: "# First", Origin: Origin{File: "a"}}
	cat := NewCatalog(Data{Texts: []Text{
		{Expansion: "princess-dragon/fairy", Lang: "en", Markdown: "# Fairy"},
		{Expansion: "princess-dragon", Lang: "de", Markdown: "# Drache"},
		first,
		{Expansion: "princess-dragon", Lang: "en", Markdown: "# Second", Origin: Origin{File: "b"}},
		{Expansion: "base", Lang: "en", Markdown: "# Base"},
	}})
	var order []string
	for _, x := range cat.Texts {
		order = append(order, x.Expansion+" "+x.Lang)
	}
	assert.Equal(t, []string{"base en", "princess-dragon de", "princess-dragon en", "princess-dragon en", "princess-dragon/fairy en"}, order,
		"sorted by expansion, its parts after it, then by language, keeping the load order of a duplicate")
	got := cat.Text("princess-dragon", "en")
	require.NotNil(t, got)
	assert.Equal(t, first, *got, "the first text loaded wins")
	require.NotNil(t, cat.Text("princess-dragon/fairy", "en"))
	assert.Equal(t, "# Fairy", cat.Text("princess-dragon/fairy", "en").Markdown)
	assert.Nil(t, cat.Text("princess-dragon/fairy", "de"))
	assert.Nil(t, cat.Text("tower", "en"))
	assert.Nil(t, NewCatalog(Data{}).Text("base", "en"))
}
