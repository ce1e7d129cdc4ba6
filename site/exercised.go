package site

import (
	"slices"

	"github.com/tilekit/tilekit/rules"
)

// The worked examples that exercise the tables' answers: while the
// examples are played (playExamples, before the tables' pages are
// written), each answer of a table that decided something in an example
// (game.ScenarioResult.Rulings, values the engine gives: the table, the
// subject and the row) notes the example, and the table's page lists the
// examples under the answer; an answer of the rule of thumb notes it under
// the subject's answer and in the rule's box too.

// exampleRef is a worked example that an answer decided something in: its
// page, without extension, its title in the site's language and that
// title's language when it is not the page's (see builder.textLang).
type exampleRef struct{ page, title, lang string }

// exercised holds the examples each answer of the tables' pages decided
// something in, in the order they were played, and those each table's
// rule of thumb did, by table id.
type exercised struct {
	answers map[*rules.Answer][]exampleRef
	thumbs  map[string][]exampleRef
}

// noteExercised notes a worked example, ref, under the answers of the
// tables' pages that the rulings of its run are: the row's answer, or for
// the rule of thumb the subject's answer and the table's rule.
func (b *builder) noteExercised(ref exampleRef, rulings []*rules.Ruling) {
	if b.exercised.answers == nil {
		b.exercised = exercised{answers: map[*rules.Answer][]exampleRef{}, thumbs: map[string][]exampleRef{}}
	}
	for _, r := range rulings {
		if a := b.answerOf(r); a != nil && !slices.Contains(b.exercised.answers[a], ref) {
			b.exercised.answers[a] = append(b.exercised.answers[a], ref)
		}
		if id := r.Table.ID; r.Row == nil && !slices.Contains(b.exercised.thumbs[id], ref) {
			b.exercised.thumbs[id] = append(b.exercised.thumbs[id], ref)
		}
	}
}

// answerOf returns the answer of a table's page that a ruling of a run is:
// the answer of its row (the same row id of the same data folder: a run
// plays by a copy of the catalog, Catalog.UpToFolder), or for the rule of
// thumb the subject's answer in force by the rule from the same source,
// else the subject's first by the rule; nil when the page has none.
func (b *builder) answerOf(r *rules.Ruling) *rules.Answer {
	res := b.answers[r.Table.ID]
	if res == nil {
		return nil
	}
	var byRule *rules.Answer
	for i := range res.Answers {
		a := &res.Answers[i]
		switch {
		case r.Row != nil:
			if a.Row != nil && a.Row.ID == r.Row.ID && a.Row.Folder == r.Row.Folder {
				return a
			}
		case a.Row == nil && a.Subject.Kind == r.Subject.Kind && a.Subject.ID == r.Subject.ID:
			if a.Source == r.Source {
				return a
			}
			if byRule == nil {
				byRule = a
			}
		}
	}
	return byRule
}

// exampleLinks links the examples of refs from a page.
func (b *builder) exampleLinks(from string, refs []exampleRef) []link {
	var out []link
	for _, ref := range refs {
		out = append(out, link{Href: b.pageLink(from, ref.page, ""), Text: ref.title, Lang: ref.lang})
	}
	return out
}

// rulingLink links, from an example's page, the answer of a table's page
// that a ruling is, named by its table and subject; for the rule of thumb
// with no answer of its own there, the table's rule. It is nil for no
// ruling.
func (b *builder) rulingLink(page string, r *rules.Ruling) *link {
	if r == nil || b.answers[r.Table.ID] == nil {
		return nil
	}
	t := b.answers[r.Table.ID].Table
	var anchor string
	switch a := b.answerOf(r); {
	case a != nil:
		anchor = b.rowIDs[a]
	case r.Row == nil && t.Rule != nil:
		anchor = "rule-of-thumb"
	default:
		return nil
	}
	return &link{Href: b.pageLink(page, "tables/"+t.ID, anchor), Text: b.tr.must("example.ruling", b.name(t.Translations, t.Name), b.subjectName(r.Subject))}
}
