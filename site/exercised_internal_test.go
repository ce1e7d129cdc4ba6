package site

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit/rules"
)

// TestRuleOfThumbExamples checks where an example that the rule of thumb
// decided is linked (no built-in example is: their figures have rows of
// their own): under the subject's answer by the rule, and in the rule's
// box; and the example's page links the subject's answer.
func TestRuleOfThumbExamples(t *testing.T) {
	cat := builtinCatalog(t)
	rs, err := rules.Rulings(cat, "dragon-diet", rules.QueryOptions{Selection: rules.SelectAll()})
	require.NoError(t, err)
	var thumb, row *rules.Ruling
	for i := range rs {
		switch {
		case rs[i].Row == nil && thumb == nil:
			thumb = &rs[i]
		case rs[i].Row != nil && row == nil:
			row = &rs[i]
		}
	}
	require.NotNil(t, thumb, "a subject of the dragon's diet answered by its rule of thumb")
	require.NotNil(t, row)

	b, err := newBuilder(cat, Options{}, newShared(cat))
	require.NoError(t, err)
	b.noteExercised(exampleRef{page: "examples/by-rule", title: "By the rule"}, []*rules.Ruling{thumb})
	b.noteExercised(exampleRef{page: "examples/by-row", title: "By a row"}, []*rules.Ruling{row})
	d, err := b.tablePage(cat.Table("dragon-diet"))
	require.NoError(t, err)
	byRule := []link{{Href: "../examples/by-rule.html", Text: "By the rule"}}
	assert.Equal(t, byRule, d.Rule.Examples, "the rule's box")
	for _, a := range d.Answers {
		switch a.SubjectID {
		case thumb.Subject.ID:
			assert.Equal(t, byRule, a.Examples, "the subject's answer by the rule")
			assert.True(t, a.RuleOfThumb)
		case row.Subject.ID:
			assert.Equal(t, []link{{Href: "../examples/by-row.html", Text: "By a row"}}, a.Examples, "the row's answer")
		default:
			assert.Empty(t, a.Examples, "%s: no example", a.SubjectID)
		}
	}
	l := b.rulingLink("examples/by-rule", thumb)
	require.NotNil(t, l)
	assert.Equal(t, "../tables/dragon-diet.html#"+anchorID(string(thumb.Subject.Kind)+"-"+thumb.Subject.ID), l.Href)
	assert.Nil(t, b.rulingLink("examples/by-rule", nil))
}
