package tilekit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const englishText = "# The Dragon\n\nIt eats.\n\n## Moves\n\nSix steps.\n\n## Where\n\nAnywhere.\n"

// The sections of a text: each heading's anchor and line, and a digest
// that changes with the section's text and no other.
func TestTextSections(t *testing.T) {
	s := TextSections(englishText)
	require.Len(t, s, 3)
	assert.Equal(t, []string{"the-dragon", "moves", "where"}, []string{s[0].ID, s[1].ID, s[2].ID})
	assert.Equal(t, []int{1, 5, 9}, []int{s[0].Line, s[1].Line, s[2].Line})
	assert.Equal(t, "Moves", s[1].Title)
	assert.Equal(t, SectionDigest("## Moves\n\nSix steps."), s[1].Digest)
	assert.Len(t, s[1].Digest, DigestLength)

	changed := TextSections("# The Dragon\n\nIt eats.\n\n## Moves\n\nSeven steps.\n\n## Where\n\nAnywhere.\n")
	assert.Equal(t, s[0].Digest, changed[0].Digest)
	assert.NotEqual(t, s[1].Digest, changed[1].Digest)
	assert.Equal(t, s[2].Digest, changed[2].Digest)
	// Blank space at the end of a section does not change it.
	assert.Equal(t, s[2].Digest, TextSections(englishText + "\n\n")[2].Digest)
	assert.Nil(t, TextSections("# T\n\n"+string(make([]byte, MaxTextSize))))
}

// A mark is a link reference definition of its form, under a heading; the
// same line in a code block is none.
func TestTranslationMarks(t *testing.T) {
	src := "# Der Drache\n\n[translated from en#the-dragon]: 0123456789ab\n\nEr frisst.\n\n## Züge\n\n```\n[translated from en#moves]: 0123456789ab\n```\n"
	marks := TranslationMarks(src)
	assert.Equal(t, []TranslationMark{{Lang: "en", Section: "the-dragon", Digest: "0123456789ab", Line: 3, Heading: 0}}, marks)
}

// A translation's marks are compared with the sections of the texts they
// name: current, changed, gone, a section of the English no mark names,
// a mark naming no text, and a digest of the wrong form.
func TestCheckTranslation(t *testing.T) {
	en := Text{Expansion: "x", Lang: "en", Markdown: englishText}
	sections := TextSections(englishText)
	de := Text{Expansion: "x", Lang: "de", Markdown: "# Der Drache\n\n[translated from en#the-dragon]: " + sections[0].Digest +
		"\n\nEr frisst.\n\n## Züge\n\n[translated from en#moves]: 0123456789ab\n\nSechs.\n\n## Alt\n\n[translated from en#old]: 0123456789ab\n\n" +
		"## Fremd\n\n[translated from fr#x]: 0123456789ab\n\n## Eigen\n\n[translated from de#x]: 0123456789ab\n\n## Kurz\n\n[translated from en#the-dragon]: abc\n"}
	states := CheckTranslation(de, func(lang string) *Text {
		if lang == "en" {
			return &en
		}
		return nil
	})
	var problems []TranslationProblem
	for _, s := range states {
		problems = append(problems, s.Problem)
	}
	assert.Equal(t, []TranslationProblem{TranslationCurrent, TranslationChanged, TranslationGone, TranslationNoSource, TranslationNoSource, TranslationBadDigest, TranslationMissing}, problems)
	assert.Equal(t, sections[1], states[1].Source, "a changed section gives the English section, with its digest now")
	assert.Equal(t, 1, states[1].Mark.Heading)
	assert.Equal(t, "where", states[6].Source.ID)
	assert.Empty(t, CheckTranslation(en, func(string) *Text { return &en }), "a text without marks is no translation")
}
