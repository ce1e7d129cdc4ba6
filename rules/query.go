package rules

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
)

// QueryOptions says how to answer a table's question.
type QueryOptions struct {
	// Selection is the expansions played with; subjects of others are left
	// out.
	Selection Selection
	// Publisher keeps only rows that hold for this publisher's rules; empty
	// keeps all.
	Publisher tilekit.Publisher
	// History adds the rows that were superseded.
	History bool
	// AsOf, a month as YYYY-MM, answers as the rules stood then: later rows
	// are left out and rows they superseded are in force again.
	AsOf string
}

// Answer is one answer to a table's question: an explicit row, or the
// table's rule of thumb for a subject without one.
type Answer struct {
	Subject tilekit.Subject
	// Row is the explicit row, or nil for a rule-of-thumb answer, whose
	// Source is the rule's.
	Row         *tilekit.Row
	Verdict     tilekit.Verdict
	Condition   string
	Source      tilekit.Citation
	Explanation string
	// Scope names the editions and publishers the answer holds for; empty
	// for all.
	Scope string
	// SupersededBy is set on a superseded row shown with History.
	SupersededBy string
	// Notes are the notes on timing and side effects that go with it.
	Notes []*tilekit.Note
}

// TableAnswers is a table's answers.
type TableAnswers struct {
	Table   *tilekit.Table
	Answers []Answer
	// Notes are the notes about the table as a whole.
	Notes []*tilekit.Note
}

// Query answers a table's question for every selected subject, or for one
// subject when subjectID is not empty.
func Query(cat *tilekit.Catalog, tableID, subjectID string, opt QueryOptions) (*TableAnswers, error) {
	t := cat.Table(tableID)
	if t == nil {
		return nil, fmt.Errorf("unknown table %q", tableID)
	}
	if !opt.Selection.Has(t.Expansion) {
		return nil, fmt.Errorf("table %s is about %s, which is not selected", t.ID, t.Expansion)
	}
	var subjects []tilekit.Subject
	for _, s := range cat.Subjects() {
		if t.Covers(s.Kind) && opt.Selection.Has(s.Expansion) && (subjectID == "" || s.ID == subjectID) {
			subjects = append(subjects, s)
		}
	}
	if subjectID != "" && len(subjects) == 0 {
		return nil, subjectError(cat, t, subjectID)
	}
	visible := visibleRows(cat, t.ID, opt)
	res := &TableAnswers{Table: t, Notes: notesFor(cat, opt.Selection, t.ID, "")}
	for _, s := range subjects {
		answered := false
		for _, r := range visible {
			if r.row.Subject != s.ID || (!r.live && !opt.History) {
				continue
			}
			answered = answered || r.live
			a := Answer{
				Subject: s, Row: r.row, Verdict: r.row.Verdict, Condition: r.row.Condition,
				Source: r.row.Source, Explanation: r.row.Explanation, Scope: r.row.Scope(),
				Notes: notesFor(cat, opt.Selection, t.ID, s.ID, r.row.Notes...),
			}
			if !r.live {
				a.SupersededBy = r.row.SupersededBy
			}
			res.Answers = append(res.Answers, a)
		}
		if v, ok := t.Rule.Answer(s); ok && !answered {
			res.Answers = append(res.Answers, Answer{
				Subject: s, Verdict: v, Explanation: ruleExplanation(t.Rule, s), Source: t.Rule.Source,
				Notes: notesFor(cat, opt.Selection, t.ID, s.ID),
			})
		}
	}
	return res, nil
}

func ruleExplanation(r *tilekit.Rule, s tilekit.Subject) string {
	if r.When.Matches(s) {
		return fmt.Sprintf("No explicit ruling; the rule of thumb applies (%s): %s", r.When, r.Text)
	}
	return fmt.Sprintf("No explicit ruling; the rule of thumb does not reach it (not %s): %s", r.When, r.Text)
}

func subjectError(cat *tilekit.Catalog, t *tilekit.Table, id string) error {
	for _, s := range cat.Subjects() {
		if s.ID != id {
			continue
		}
		if t.Covers(s.Kind) {
			return fmt.Errorf("%s belongs to %s, which is not selected", id, s.Expansion)
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
	row  *tilekit.Row
	live bool
}

// visibleRows returns the table's rows that hold for the options'
// publisher and were written by their date, each marked live unless a row
// also visible supersedes it.
func visibleRows(cat *tilekit.Catalog, tableID string, opt QueryOptions) []visibleRow {
	seen := map[string]bool{}
	var out []visibleRow
	for i := range cat.Rows {
		r := &cat.Rows[i]
		if r.Table != tableID || !r.HoldsFor(opt.Publisher) || (opt.AsOf != "" && r.Source.Date > opt.AsOf) {
			continue
		}
		seen[r.ID] = true
		out = append(out, visibleRow{row: r})
	}
	for i := range out {
		out[i].live = out[i].row.SupersededBy == "" || !seen[out[i].row.SupersededBy]
	}
	return out
}

// notesFor returns the notes that apply to the selection and are about a
// table's subject (or, with an empty subject, about the table as a whole),
// together with the notes named explicitly.
func notesFor(cat *tilekit.Catalog, sel Selection, tableID, subjectID string, named ...string) []*tilekit.Note {
	var out []*tilekit.Note
	for i := range cat.Notes {
		n := &cat.Notes[i]
		if !sel.HasAll(n.Expansions) {
			continue
		}
		explicit := slices.Contains(named, n.ID)
		about := (len(n.Tables) == 0 || slices.Contains(n.Tables, tableID)) && len(n.Tables)+len(n.Subjects) > 0
		if subjectID == "" {
			about = about && len(n.Subjects) == 0
		} else {
			about = about && slices.Contains(n.Subjects, subjectID)
		}
		if explicit || about {
			out = append(out, n)
		}
	}
	return out
}

// Gap is a subject of a selected expansion that a table has no answer for.
type Gap struct {
	Table   *tilekit.Table
	Subject tilekit.Subject
	// RuleOfThumb is what the table's rule of thumb would answer, if it
	// speaks for the subject; empty otherwise.
	RuleOfThumb tilekit.Verdict
}

// Gaps returns, for every table of the selection, the selected subjects it
// covers that no row answers, in table and subject order: the rules
// questions still to be answered.
func Gaps(cat *tilekit.Catalog, sel Selection) []Gap {
	answered := map[string]bool{}
	for _, r := range cat.Rows {
		answered[r.Table+"\x00"+r.Subject] = true
	}
	var out []Gap
	subjects := cat.Subjects()
	for i := range cat.Tables {
		t := &cat.Tables[i]
		if !sel.Has(t.Expansion) {
			continue
		}
		for _, s := range subjects {
			if t.Covers(s.Kind) && sel.Has(s.Expansion) && !answered[t.ID+"\x00"+s.ID] {
				v, _ := t.Rule.Answer(s)
				out = append(out, Gap{Table: t, Subject: s, RuleOfThumb: v})
			}
		}
	}
	return out
}
