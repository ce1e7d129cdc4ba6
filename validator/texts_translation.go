package validator

import (
	"strings"

	"github.com/tilekit/tilekit"
)

// checkTranslation reports the marks of a translated rules text whose
// section of the text translated has changed or is gone, the sections of
// that text no mark names, and the marks that name no text or have a
// digest of the wrong form (tilekit.CheckTranslation).
func (l *loader) checkTranslation(cat *tilekit.Catalog, t tilekit.Text) {
	file := t.Origin.File
	source := func(lang string) *tilekit.Text { return cat.Text(t.Expansion, lang) }
	for _, st := range tilekit.CheckTranslation(t, source) {
		m, s := st.Mark, st.Source
		where := ""
		if src := source(m.Lang); src != nil {
			where = src.Origin.File
		}
		switch st.Problem {
		case tilekit.TranslationChanged:
			l.textProblem(file, m.Line, 1, "text-translation-stale", Warning, "this section was translated from the %s section #%s (%s:%d) when its digest was %s; that section has changed since (its digest is now %s): bring the translation up to date, then write %s in this mark", m.Lang, m.Section, where, s.Line, m.Digest, s.Digest, s.Digest)
		case tilekit.TranslationGone:
			l.textProblem(file, m.Line, 1, "text-translation-stale", Warning, "the %s text %s has no section #%s (its sections: %s): its heading was changed or removed; point this mark at the section this one now translates", m.Lang, where, m.Section, sectionIDs(source(m.Lang)))
		case tilekit.TranslationMissing:
			l.textProblem(file, 1, 1, "text-translation-stale", Warning, "the %s section #%s (%s:%d) has no translation here: translate it under a heading of its own and mark it [translated from %s#%s]: %s", m.Lang, s.ID, where, s.Line, m.Lang, s.ID, s.Digest)
		case tilekit.TranslationNoSource:
			msg := "this mark names the " + m.Lang + " text of " + t.Expansion + ", which no loaded file holds"
			if m.Lang == t.Lang {
				msg = "this mark names the text's own language, " + m.Lang + ": a translation names the language it was made from"
			}
			l.textProblem(file, m.Line, 1, "text-translation-source", Warning, "%s", msg)
		case tilekit.TranslationBadDigest:
			l.textProblem(file, m.Line, 1, "text-translation-source", Warning, "the digest %q of this mark is not %d hexadecimal digits in lower case; the section's digest is %s", m.Digest, tilekit.DigestLength, s.Digest)
		}
	}
}

// sectionIDs lists the anchors of a text's sections, comma-separated.
func sectionIDs(t *tilekit.Text) string {
	var ids []string
	for _, s := range tilekit.TextSections(t.Markdown) {
		ids = append(ids, "#"+s.ID)
	}
	return strings.Join(ids, ", ")
}
