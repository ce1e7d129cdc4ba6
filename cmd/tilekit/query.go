package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// queryOptions are what tilekit query is asked: the flags and arguments.
type queryOptions struct {
	data    dataFlags
	sel     selectionFlags
	format  string
	history bool
	asOf    string
	// table and subject are the arguments; table is empty to list the
	// tables.
	table, subject string
}

func newQueryCmd() *cobra.Command {
	opts := &queryOptions{}
	cmd := &cobra.Command{
		Use:   "query TABLE [SUBJECT]",
		Short: "Answer a rules question from an interaction table",
		Long: `query answers an interaction table's question (can the red dragon eat it?
is a figure there safe?) for every figure, location or action of the
selected expansions, or for one SUBJECT, with where each answer comes from.
Subjects without an explicit ruling are answered by the table's rule of
thumb, and say so; those it does not reach are listed as having no ruling
yet (tilekit gaps lists them all). Superseded rulings are left out unless
--history; --as-of answers as the rules stood in that month (rulings,
rules of thumb and notes dated later are not in force, an undated FAQ is
in force at any month, and a subject of an expansion published later did
not exist yet). --variant answers under a publisher's rules, --edition for
one edition's (C1, C2, C3): subjects of expansions not published in that
edition are left out. Run
"tilekit query" for the tables.`,
		Example: `  tilekit query dragon-diet
  tilekit query black-dragon-diet teacher
  tilekit query dragon-diet mage --as-of 2014-12
  tilekit query fairy-companions --variant rgg --format json
  tilekit query princess-obligation meeple --variant rgg
  tilekit query dragon-diet meeple --as-of 2004-12
  tilekit query dragon-protection --expansions princess-dragon,count-king-robber --history`,
		Args: cobra.RangeArgs(0, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				opts.table = args[0]
			}
			if len(args) > 1 {
				opts.subject = args[1]
			}
			return runQuery(cmd, opts)
		},
	}
	opts.data.register(cmd)
	opts.sel.register(cmd, true)
	addFormatFlag(cmd, &opts.format, "output format: text or json", textOrJSON...)
	cmd.Flags().BoolVar(&opts.history, "history", false, "also show rulings that were superseded")
	cmd.Flags().StringVar(&opts.asOf, "as-of", "", "answer as the rules stood in this month (YYYY-MM)")
	return cmd
}

func runQuery(cmd *cobra.Command, opts *queryOptions) error {
	asOf, e, err := opts.sel.checked(opts.asOf)
	if err != nil {
		return err
	}
	res, err := loadFormatted(cmd, &opts.data, opts.format, textOrJSON...)
	if err != nil {
		return err
	}
	cat := res.Catalog
	if opts.table == "" {
		return listTables(cmd.OutOrStdout(), cat, opts.format)
	}
	s, p, err := opts.sel.resolve(cat)
	if err != nil {
		return err
	}
	result, err := rules.Query(cat, opts.table, opts.subject, rules.QueryOptions{Selection: s, Publisher: p, Edition: e, History: opts.history, AsOf: asOf})
	if err != nil {
		return usageError{err}
	}
	if opts.format == "json" {
		return validator.WriteJSON(cmd.OutOrStdout(), queryJSON(result, p, e, asOf))
	}
	return writeQueryText(cmd.OutOrStdout(), cat, result, p, e, asOf)
}

func listTables(w io.Writer, cat *tilekit.Catalog, format string) error {
	type tableJSON struct {
		ID        string   `json:"id"`
		Name      string   `json:"name"`
		Question  string   `json:"question"`
		Expansion string   `json:"expansion"`
		Subjects  []string `json:"subjects"`
	}
	out := []tableJSON{}
	for _, t := range cat.Tables {
		var kinds []string
		for _, k := range t.Subjects {
			kinds = append(kinds, string(k))
		}
		out = append(out, tableJSON{t.ID, t.Name, t.Question, t.Expansion, kinds})
	}
	if format == "json" {
		return validator.WriteJSON(w, out)
	}
	for _, t := range out {
		fmt.Fprintf(w, "%-24s %s\n", t.ID, t.Question)
	}
	return nil
}

type supersededJSON struct {
	Row    string       `json:"row"`
	Source citationJSON `json:"source"`
}

type answerJSON struct {
	Subject      string          `json:"subject"`
	Kind         string          `json:"kind"`
	Expansion    string          `json:"expansion"`
	Verdict      string          `json:"verdict"`
	Condition    string          `json:"condition,omitempty"`
	Scope        string          `json:"scope,omitempty"`
	Source       citationJSON    `json:"source"`
	Explanation  string          `json:"explanation"`
	SupersededBy *supersededJSON `json:"superseded_by"`
	RuleOfThumb  bool            `json:"rule_of_thumb"`
	Exception    bool            `json:"exception"`
	// Notes are the ids of the answer's notes, found in the result's notes.
	Notes []string `json:"notes"`
}

type subjectJSON struct {
	Subject   string `json:"subject"`
	Kind      string `json:"kind"`
	Expansion string `json:"expansion"`
}

// notYetJSON is a subject, or a table's expansion, that did not exist yet
// in the as-of month.
type notYetJSON struct {
	Subject   string `json:"subject,omitempty"`
	Kind      string `json:"kind,omitempty"`
	Expansion string `json:"expansion"`
	Published string `json:"published"`
}

type queryResultJSON struct {
	Table    string `json:"table"`
	Question string `json:"question"`
	// Variant is the publisher whose rules were followed, or null for all.
	Variant *string `json:"variant"`
	// Edition is the edition whose rules were followed, or null for all.
	Edition *string `json:"edition"`
	// AsOf is the month answered as of, if any.
	AsOf string       `json:"as_of,omitempty"`
	Rows []answerJSON `json:"rows"`
	// Unanswered lists the subjects asked about that have no ruling yet.
	Unanswered []subjectJSON `json:"unanswered"`
	// NotYet lists the subjects asked about that did not exist yet in the
	// as-of month, and TableNotYet the table's expansion when it did not.
	NotYet      []notYetJSON `json:"not_yet,omitempty"`
	TableNotYet *notYetJSON  `json:"table_not_yet,omitempty"`
	// Notes holds every note of the rows and of the table, each once.
	Notes      []noteJSON `json:"notes"`
	TableNotes []string   `json:"table_notes"`
}

func queryJSON(r *rules.TableAnswers, p tilekit.Publisher, e tilekit.Edition, asOf rules.Month) queryResultJSON {
	out := queryResultJSON{Table: r.Table.ID, Question: r.Table.Question, Rows: []answerJSON{}, Unanswered: []subjectJSON{},
		Notes: notesJSON(r.AllNotes()), TableNotes: noteIDs(r.Notes), AsOf: asOf.String()}
	if p != "" {
		v := string(p)
		out.Variant = &v
	}
	if e != "" {
		v := string(e)
		out.Edition = &v
	}
	if t := r.TableNotYet; t != nil {
		out.TableNotYet = &notYetJSON{Expansion: t.Expansion, Published: t.Published}
	}
	for _, n := range r.NotYet {
		out.NotYet = append(out.NotYet, notYetJSON{n.Subject.ID, string(n.Subject.Kind), n.Expansion, n.Published})
	}
	for _, a := range r.Answers {
		j := answerJSON{
			Subject: a.Subject.ID, Kind: string(a.Subject.Kind), Expansion: a.Subject.Expansion,
			Verdict: string(a.Verdict), Condition: a.Condition, Scope: a.Scope, Source: newCitationJSON(a.Source),
			Explanation: a.Explanation, RuleOfThumb: a.Row == nil, Exception: a.Row != nil && a.Row.Exception,
			Notes: noteIDs(a.Notes),
		}
		if a.SupersededBy != nil {
			j.SupersededBy = &supersededJSON{a.SupersededBy.ID, newCitationJSON(a.SupersededBy.Source)}
		}
		out.Rows = append(out.Rows, j)
	}
	for _, s := range r.Unanswered {
		out.Unanswered = append(out.Unanswered, subjectJSON{s.ID, string(s.Kind), s.Expansion})
	}
	return out
}

// verdictText writes a verdict as the answer to a yes-or-no question: a
// conditional one as "Yes, when <condition>".
func verdictText(v tilekit.Verdict, condition string) string {
	switch v {
	case tilekit.Yes:
		return "Yes"
	case tilekit.No:
		return "No"
	case tilekit.Conditional:
		return "Yes, when " + strings.TrimSuffix(strings.TrimSpace(condition), ".")
	case tilekit.Open:
		return "Open question"
	}
	return string(v)
}

func writeQueryText(w io.Writer, cat *tilekit.Catalog, r *rules.TableAnswers, p tilekit.Publisher, e tilekit.Edition, asOf rules.Month) error {
	fmt.Fprintf(w, "%s\n", r.Table.Question)
	writeRulesScope(w, p, e, asOf)
	if t := r.TableNotYet; t != nil {
		fmt.Fprintf(w, "\nNot yet: %s was first published in %s, so in %s this question did not exist yet.\n", expansionName(cat, t.Expansion), t.Published, asOf)
	}
	for _, n := range r.NotYet {
		if r.TableNotYet == nil {
			fmt.Fprintf(w, "\n%s (%s): did not exist yet: first published in %s\n", n.Subject.Name, expansionName(cat, n.Expansion), n.Published)
		}
	}
	notes := r.AllNotes()
	number := map[*tilekit.Note]int{}
	for i, n := range notes {
		number[n] = i + 1
	}
	for _, a := range r.Answers {
		fmt.Fprintf(w, "\n%s (%s): %s\n", a.Subject.Name, expansionName(cat, a.Subject.Expansion), verdictText(a.Verdict, a.Condition))
		if a.Scope != "" {
			fmt.Fprintf(w, "  Holds for: %s\n", a.Scope)
		}
		if a.SupersededBy != nil {
			fmt.Fprintf(w, "  Superseded by %s.\n", a.SupersededBy.Source.Ruling())
		}
		fmt.Fprintf(w, "  %s\n", strings.TrimSpace(a.Explanation))
		if a.Row == nil {
			fmt.Fprintf(w, "  Source: the table's rule of thumb; %s\n", a.Source)
		} else {
			fmt.Fprintf(w, "  Source: %s\n", a.Source)
		}
		if len(a.Notes) > 0 {
			var refs []string
			for _, n := range a.Notes {
				refs = append(refs, fmt.Sprint(number[n]))
			}
			fmt.Fprintf(w, "  See note %s below.\n", strings.Join(refs, ", "))
		}
	}
	if len(r.Unanswered) > 0 {
		var ids []string
		for _, s := range r.Unanswered {
			ids = append(ids, s.ID)
		}
		fmt.Fprintf(w, "\nNo ruling yet for %s (see tilekit gaps).\n", strings.Join(ids, ", "))
	}
	if len(r.Answers) == 0 && len(r.Unanswered) == 0 && len(r.NotYet) == 0 {
		fmt.Fprintln(w, "\nNo subject of the selected expansions.")
	}
	if len(notes) > 0 {
		fmt.Fprintln(w, "\nNotes:")
	}
	for _, n := range notes {
		fmt.Fprintf(w, "\n%d. %s %s\n   Source: %s\n", number[n], sentence(n.Title), strings.TrimSpace(n.Text), n.Source)
	}
	return nil
}
