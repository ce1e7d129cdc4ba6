package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tilekit/tilekit"
)

// QueryOptions says how to answer a table's question.
type QueryOptions struct {
	// Selection is the expansions played with; subjects of others are left
	// out. The zero Selection is the base game alone.
	Selection Selection
	// Publisher keeps only rows (and the wording of a rule of thumb) that
	// hold for this publisher's rules; empty keeps all.
	Publisher tilekit.Publisher
	// Edition keeps only rows that hold for this edition, and only
	// subjects (and tables) of expansions published in it; empty keeps
	// all.
	Edition tilekit.Edition
	// History adds the rows that were superseded.
	History bool
	// AsOf, unless zero, answers as the rules stood in that month: later
	// rows are left out and rows they superseded are in force again; a
	// rule of thumb, rule variant or note dated later is not in force; and
	// a subject of an expansion published later did not exist yet. An
	// undated source (an FAQ with undated = true, say) is in force at any
	// month.
	AsOf Month
}

// Answer is one answer to a table's question: an explicit row, or the
// table's rule of thumb for a subject without one.
type Answer struct {
	Subject tilekit.Subject
	// Row is the explicit row, or nil for a rule-of-thumb answer, whose
	// Source is the rule's.
	Row *tilekit.Row
	// RuleVariant is the publishers' wording of the rule of thumb that
	// gave a rule-of-thumb answer, or nil for the rule's own.
	RuleVariant *tilekit.RuleVariant
	Verdict     tilekit.Verdict
	Condition   string
	Source      tilekit.Citation
	Explanation string
	// Scope names the editions and publishers the answer holds for; empty
	// for all.
	Scope string
	// SupersededBy is set on a superseded row shown with History: the row
	// in force that overturned it.
	SupersededBy *tilekit.Row
	// Supersedes is set on a row that overturned a row of the built-in data
	// or an earlier data folder by naming it (a house rule, say): that row.
	Supersedes *tilekit.Row
	// Notes are the notes on timing and side effects that go with it.
	Notes []*tilekit.Note
}

// TableAnswers is a table's answers.
type TableAnswers struct {
	Table   *tilekit.Table
	Answers []Answer
	// Unanswered lists the subjects asked about that neither a row nor the
	// table's rule of thumb answers: the questions still open.
	Unanswered []tilekit.Subject
	// NotYet lists the subjects asked about whose expansion was published
	// after the as-of month: they did not exist yet, so nothing answers for
	// them.
	NotYet []Unpublished
	// TableNotYet is set when the table's own expansion was published
	// after the as-of month: the question did not exist yet.
	TableNotYet *Unpublished
	// Notes are the notes about the table as a whole.
	Notes []*tilekit.Note
}

// Unpublished is a subject, or the expansion of a table, that did not
// exist yet in the as-of month.
type Unpublished struct {
	Subject tilekit.Subject
	// Expansion is the expansion (or part) id; Published is the month it
	// was first published (YYYY-MM, or YYYY where only the year is known).
	Expansion, Published string
}

// AllNotes returns every note of the answers and of the table, each once,
// in the order they first come: the answers' in answer order, then the
// table's.
func (r *TableAnswers) AllNotes() []*tilekit.Note {
	var out []*tilekit.Note
	add := func(ns []*tilekit.Note) {
		for _, n := range ns {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	for _, a := range r.Answers {
		add(a.Notes)
	}
	add(r.Notes)
	return out
}

// Query answers a table's question for every selected subject, or for the
// subjects with an id when subjectID is not empty (a figure and a location
// may share one).
func Query(cat *tilekit.Catalog, tableID, subjectID string, opt QueryOptions) (*TableAnswers, error) {
	t := cat.Table(tableID)
	if t == nil {
		return nil, fmt.Errorf("unknown table %q", tableID)
	}
	if !opt.Selection.Has(t.Expansion) {
		return nil, fmt.Errorf("table %s is about %s, which is not selected", t.ID, t.Expansion)
	}
	if !InEdition(cat, t.Expansion, opt.Edition) {
		return nil, fmt.Errorf("table %s is about %s, which was not published in the %s edition", t.ID, t.Expansion, opt.Edition)
	}
	all := cat.Subjects()
	n := 0
	for _, s := range all {
		if t.Covers(s.Kind) {
			n++
		}
	}
	subjects := make([]tilekit.Subject, 0, n)
	for _, s := range all {
		if t.Covers(s.Kind) && opt.Selection.Has(s.Expansion) && InEdition(cat, s.Expansion, opt.Edition) && (subjectID == "" || s.ID == subjectID) {
			subjects = append(subjects, s)
		}
	}
	if subjectID != "" && len(subjects) == 0 {
		return nil, subjectError(cat, t, subjectID, opt)
	}
	visible := visibleRows(cat, t.ID, opt)
	res := &TableAnswers{Table: t, Notes: notesFor(cat, opt, t.ID, "")}
	if month, exists := Published(cat, t.Expansion, opt.AsOf); !exists {
		res.TableNotYet = &Unpublished{Expansion: t.Expansion, Published: month}
		res.Notes = nil
	}
	rule := ruleInForce(t.Rule, opt.AsOf)
	res.Answers = make([]Answer, 0, len(subjects)) // most subjects have one answer
	for _, s := range subjects {
		if month, exists := Published(cat, s.Expansion, opt.AsOf); !exists || res.TableNotYet != nil {
			if exists {
				month = res.TableNotYet.Published
			}
			res.NotYet = append(res.NotYet, Unpublished{Subject: s, Expansion: s.Expansion, Published: month})
			continue
		}
		answered := false
		for _, r := range visible {
			if !r.row.About(s) || (!r.inForce() && !opt.History) {
				continue
			}
			answered = answered || r.inForce()
			res.Answers = append(res.Answers, Answer{
				Subject: s, Row: r.row, Verdict: r.row.Verdict, Condition: r.row.Condition,
				Source: r.row.Source, Explanation: r.row.Explanation, Scope: r.row.Scope(),
				SupersededBy: r.successor, Supersedes: r.replaced, Notes: notesFor(cat, opt, t.ID, s.ID, r.row.Notes...),
			})
		}
		if answered {
			continue
		}
		if as := ruleAnswers(rule, s, opt.Publisher); len(as) > 0 {
			notes := notesFor(cat, opt, t.ID, s.ID)
			for _, a := range as {
				a.Notes = notes
				res.Answers = append(res.Answers, a)
			}
		} else {
			res.Unanswered = append(res.Unanswered, s)
		}
	}
	return res, nil
}

// ruleInForce returns the rule of thumb as it stood in a month: nil when
// its source is dated later, and without the variants dated later.
func ruleInForce(r *tilekit.Rule, asOf Month) *tilekit.Rule {
	if r == nil || later(r.Source.Date, asOf) {
		return nil
	}
	if asOf.IsZero() || len(r.Variants) == 0 {
		return r
	}
	cp := *r
	cp.Variants = slices.DeleteFunc(slices.Clone(r.Variants), func(v tilekit.RuleVariant) bool { return later(v.Source.Date, asOf) })
	return &cp
}

// ruleAnswers returns the rule of thumb's answers for a subject: under a
// publisher's rules one; for every publisher the rule's own answer and, for
// a subject it matches, one for each publishers' variant, each with the
// publishers it holds for.
func ruleAnswers(r *tilekit.Rule, s tilekit.Subject, p tilekit.Publisher) []Answer {
	v, cond, ok := r.AnswerFor(s, p)
	if !ok {
		return nil
	}
	own := Answer{Subject: s, Verdict: v, Condition: cond, Explanation: ruleExplanation(r, s), Source: r.Source}
	if vr := wordingFor(r, s, p); vr != nil {
		own.RuleVariant, own.Source = vr, vr.Source
		own.Explanation = fmt.Sprintf("No explicit ruling; the rule of thumb applies%s, as %s word it: %s", matchNote(r.When), publisherList(vr.Publishers), vr.Text)
		own.Scope = publisherList(vr.Publishers)
		return []Answer{own}
	}
	if p != "" || !r.When.Matches(s) || len(r.Variants) == 0 {
		return []Answer{own}
	}
	own.Scope = publisherList(r.OwnPublishers())
	out := []Answer{own}
	for i := range r.Variants {
		vr := &r.Variants[i]
		out = append(out, Answer{
			Subject: s, RuleVariant: vr, Verdict: vr.Verdict, Condition: vr.Condition, Source: vr.Source,
			Scope:       publisherList(vr.Publishers),
			Explanation: fmt.Sprintf("No explicit ruling; the rule of thumb applies%s, as %s word it: %s", matchNote(r.When), publisherList(vr.Publishers), vr.Text),
		})
	}
	return out
}

// wordingFor returns the publisher's wording of the rule of thumb that
// answers for a subject under that publisher's rules, or nil when the
// rule's own wording does (or the rule does not speak for the subject).
func wordingFor(r *tilekit.Rule, s tilekit.Subject, p tilekit.Publisher) *tilekit.RuleVariant {
	if _, ok := r.Answer(s); !ok || !r.When.Matches(s) {
		return nil
	}
	return r.Variant(p)
}

// publisherList names publishers for a reader, such as "Rio Grande Games,
// Z-Man Games".
func publisherList(ps []tilekit.Publisher) string {
	var names []string
	for _, p := range ps {
		names = append(names, p.Name())
	}
	return strings.Join(names, ", ")
}

func ruleExplanation(r *tilekit.Rule, s tilekit.Subject) string {
	if r.When.Matches(s) {
		return fmt.Sprintf("No explicit ruling; the rule of thumb applies%s: %s", matchNote(r.When), r.Text)
	}
	return fmt.Sprintf("No explicit ruling; the rule of thumb does not reach it (not %s): %s", r.When, r.Text)
}

func subjectError(cat *tilekit.Catalog, t *tilekit.Table, id string, opt QueryOptions) error {
	for _, s := range cat.Subjects() {
		if s.ID != id {
			continue
		}
		if t.Covers(s.Kind) && !opt.Selection.Has(s.Expansion) {
			return fmt.Errorf("%s belongs to %s, which is not selected", id, s.Expansion)
		}
		if t.Covers(s.Kind) {
			return fmt.Errorf("%s belongs to %s, which was not published in the %s edition", id, s.Expansion, opt.Edition)
		}
		return fmt.Errorf("%s is a %s; table %s answers for %s", id, s.Kind, t.ID, kinds(t.Subjects))
	}
	return fmt.Errorf("unknown figure, location or action %q", id)
}

func kinds(ks []tilekit.SubjectKind) string {
	out := ""
	for i, k := range ks {
		if i > 0 {
			out += ", "
		}
		out += string(k)
	}
	return out
}

// visibleRow is a row of a table as seen under some options.
type visibleRow struct {
	row *tilekit.Row
	// successor is the visible row that supersedes this one, or nil when
	// the row is in force.
	successor *tilekit.Row
	// replaced is the visible row this one supersedes by its Supersedes
	// key (a house rule over a built-in row, say), or nil.
	replaced *tilekit.Row
}

// inForce reports whether no visible row supersedes the row.
func (r visibleRow) inForce() bool { return r.successor == nil }

// visibleRows returns the table's rows that hold for the options'
// publisher and were written by their month, each with the visible row
// that supersedes it, if any (the catalog's links: see tilekit.LinkRows).
func visibleRows(cat *tilekit.Catalog, tableID string, opt QueryOptions) []visibleRow {
	visible := map[int]*tilekit.Row{}
	var out []visibleRow
	var index []int
	for i := range cat.Rows {
		r := &cat.Rows[i]
		if r.Table != tableID || !r.HoldsFor(opt.Publisher) || !r.HoldsForEdition(opt.Edition) || later(r.Source.Date, opt.AsOf) {
			continue
		}
		visible[i] = r
		out = append(out, visibleRow{row: r})
		index = append(index, i)
	}
	for k, i := range index {
		if j := cat.RowSuccessor(i); j >= 0 {
			out[k].successor = visible[j]
		}
		if j := cat.RowSupersedes(i); j >= 0 {
			out[k].replaced = visible[j]
		}
	}
	return out
}

// later reports whether a citation's date (YYYY-MM, YYYY, or empty when
// unknown) comes after an as-of month; a date known only to the year holds
// from its January. An undated source (an undated FAQ included) and a zero
// month never do.
func later(date string, asOf Month) bool {
	if asOf.IsZero() || date == "" {
		return false
	}
	m, err := ParseDate(date)
	return err == nil && asOf.Before(m)
}

// notesFor returns the notes that apply to the selection, were in force by
// the as-of month and are about a table's subject (or, with an empty
// subject, about the table as a whole), together with the notes named
// explicitly.
func notesFor(cat *tilekit.Catalog, opt QueryOptions, tableID, subjectID string, named ...string) []*tilekit.Note {
	var out []*tilekit.Note
	for i := range cat.Notes {
		n := &cat.Notes[i]
		explicit := slices.Contains(named, n.ID)
		about := (len(n.Tables) == 0 || slices.Contains(n.Tables, tableID)) && len(n.Tables)+len(n.Subjects) > 0
		if subjectID == "" {
			about = about && len(n.Subjects) == 0
		} else {
			about = about && slices.Contains(n.Subjects, subjectID)
		}
		if (explicit || about) && opt.Selection.HasAll(n.Expansions) && inForce(cat, n, opt.AsOf) {
			out = append(out, n)
		}
	}
	return out
}

// Gap is a rules question no row answers: a table asked about a subject.
type Gap struct {
	Table   *tilekit.Table
	Subject tilekit.Subject
	// SharedID is true when the table covers another subject with the
	// same id (a figure and a location, say), so that the subject's entry
	// kind tells the two questions apart.
	SharedID bool
	// RuleOfThumb is what the table's rule of thumb would answer, if it
	// speaks for the subject; empty otherwise.
	RuleOfThumb tilekit.Verdict
}

// Gaps returns the rules questions no row answers, in table and subject
// order, under the options as Query reads them (History aside): every
// table of the selection is asked about every selected subject it covers;
// a row answers only where it holds for the publisher and edition and was
// in force by the month; a subject (or a table) of an expansion not
// published in the edition, or not yet by the month, is not asked about;
// and under a publisher's rules a subject that the publisher's wording of
// the rule of thumb answers is not a gap.
//
// The expansions in own (an author's fan expansions, by id) ask more,
// since a fan expansion may be played with any other: every table of any
// expansion, selected or not, is asked about their subjects of the kinds
// it covers, and their own tables are asked about every selected subject
// even when the tables' expansion is not selected.
func Gaps(cat *tilekit.Catalog, opt QueryOptions, own ...string) []Gap {
	sel := opt.Selection
	isOwn := func(id string) bool { return slices.Contains(own, tilekit.ParentExpansion(id)) }
	exists := func(id string) bool {
		_, published := Published(cat, id, opt.AsOf)
		return published && InEdition(cat, id, opt.Edition)
	}
	var out []Gap
	subjects := cat.Subjects()
	for i := range cat.Tables {
		t := &cat.Tables[i]
		if !exists(t.Expansion) {
			continue
		}
		asks := sel.Has(t.Expansion) || isOwn(t.Expansion)
		covered := map[string]int{}
		for _, s := range subjects {
			if t.Covers(s.Kind) {
				covered[s.ID]++
			}
		}
		bySubject := map[string][]visibleRow{}
		for _, r := range visibleRows(cat, t.ID, opt) {
			bySubject[r.row.Subject] = append(bySubject[r.row.Subject], r)
		}
		rule := ruleInForce(t.Rule, opt.AsOf)
		for _, s := range subjects {
			if !t.Covers(s.Kind) || !(isOwn(s.Expansion) || (asks && sel.Has(s.Expansion))) || !exists(s.Expansion) {
				continue
			}
			if slices.ContainsFunc(bySubject[s.ID], func(r visibleRow) bool { return r.row.About(s) && r.inForce() }) ||
				wordingFor(rule, s, opt.Publisher) != nil {
				continue
			}
			v, _ := rule.Answer(s)
			out = append(out, Gap{Table: t, Subject: s, SharedID: covered[s.ID] > 1, RuleOfThumb: v})
		}
	}
	return out
}

// matchNote writes what a rule of thumb matches in parentheses after a
// space, or nothing for a rule that matches every subject it asks about.
func matchNote(m tilekit.Match) string {
	if s := m.String(); s != "" {
		return " (" + s + ")"
	}
	return ""
}
