package site

import "github.com/tilekit/tilekit/rules"

// openData is the content of the open questions page: the questions no
// row answers, by table, and the notes marked open.
type openData struct {
	Tables []openTable
	Notes  []noteView
	Count  int
}

// openTable is a table's unanswered subjects.
type openTable struct {
	Anchor   string
	Table    link
	Question string
	Subjects []openSubject
}

// openSubject is a subject a table has no answer for.
type openSubject struct {
	Name, Href, KindName, RuleOfThumb string
	Needs                             needs
}

// writeOpenQuestions writes open-questions: what rules.Gaps lists and the
// open notes.
func (b *builder) writeOpenQuestions() error {
	const p = "open-questions"
	d := &openData{}
	byTable := map[string]int{}
	for _, g := range rules.Gaps(b.cat, rules.QueryOptions{Selection: b.sel}) {
		k, ok := byTable[g.Table.ID]
		if !ok {
			k = len(d.Tables)
			byTable[g.Table.ID] = k
			d.Tables = append(d.Tables, openTable{Anchor: "gaps-" + anchorID(g.Table.ID), Question: b.text(g.Table.Translations, "question", g.Table.Question),
				Table: link{Href: b.pageLink(p, "tables/"+g.Table.ID, ""), Text: b.name(g.Table.Translations, g.Table.Name), Needs: b.needsOf([]string{g.Table.Expansion}, nil)}})
		}
		s := openSubject{Name: b.subjectName(g.Subject), Href: b.subjectLink(p, g.Subject), KindName: b.tr.must("category." + string(g.Subject.Kind)),
			Needs: b.needsOf([]string{g.Table.Expansion, g.Subject.Expansion}, nil)}
		if g.RuleOfThumb != "" {
			s.RuleOfThumb = b.tr.must("verdict." + string(g.RuleOfThumb))
		}
		d.Tables[k].Subjects = append(d.Tables[k].Subjects, s)
		d.Count++
	}
	for i := range b.cat.Notes {
		if n := &b.cat.Notes[i]; n.Open && b.coversAll(n.Expansions) {
			d.Notes = append(d.Notes, b.noteOf(n))
			b.addSearch(b.text(n.Translations, "title", n.Title), p, "note-"+anchorID(n.ID), "answer", b.text(n.Translations, "text", n.Text))
		}
	}
	return b.writePage("open", b.newPage(p, b.tr.must("open.title"), d))
}
