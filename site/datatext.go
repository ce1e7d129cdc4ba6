package site

import (
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The data's reader-facing text (the names of expansions, parts, boxes,
// figures, places, actions and tiles, the tables' questions and
// descriptions, the steps' names and explanations, the rows' explanations
// and conditions, the notes' titles and texts and their readings, the
// worked examples' titles) is written in English, with translations beside
// it in the entry (translations.de = {...}).
// Every page shows it through text, which picks the site's language.

// text returns a field of an entry of the data in the language of the site
// being built: its translation, or the English text when it has none.
func (b *builder) text(tr tilekit.Translations, field, english string) string {
	return tr.Text(b.opt.Lang, field, english)
}

// name returns an entry's name in the site's language (see text).
func (b *builder) name(tr tilekit.Translations, english string) string {
	return b.text(tr, "name", english)
}

// scenarioTitle returns a scenario's title, a worked example's, in the
// site's language (see text).
func (b *builder) scenarioTitle(s *tilekit.Scenario) string {
	return b.text(s.Translations, "title", s.Title)
}

// subjectName returns the name of a table's subject, a figure, location or
// action, in the site's language (see text).
func (b *builder) subjectName(s tilekit.Subject) string {
	return b.name(b.cat.SubjectTranslations(s), s.Name)
}

// untranslated reports whether a page of the site shows the English text
// of a field because the entry has no translation into the site's
// language: the element that holds it is then marked lang="en".
func (b *builder) untranslated(tr tilekit.Translations, field, english string) bool {
	return b.opt.Lang != dataLang && english != "" && !tr.Has(b.opt.Lang, field)
}

// textLang returns the language of a field's text as a page shows it:
// dataLang when it is the English of a page in another language, else "".
func (b *builder) textLang(tr tilekit.Translations, field, english string) string {
	if b.untranslated(tr, field, english) {
		return dataLang
	}
	return ""
}

// answerText returns a field of an answer's row, its explanation or
// condition, in the site's language (see text); an answer of the rule of
// thumb, which has no row, takes its condition from the publisher's
// wording that gave it and keeps any other text it was given.
func (b *builder) answerText(a *rules.Answer, field, english string) string {
	switch {
	case a.Row != nil:
		return b.text(a.Row.Translations, field, english)
	case a.RuleVariant != nil && field == "condition":
		return b.text(a.RuleVariant.Translations, field, english)
	}
	return english
}

// answerVerdict says an answer's verdict for a reader, with its condition
// in the site's language.
func (b *builder) answerVerdict(a *rules.Answer) string {
	return b.verdictText(a.Verdict, b.answerText(a, "condition", a.Condition))
}
