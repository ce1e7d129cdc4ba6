package validator

import (
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
