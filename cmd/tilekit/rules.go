package main

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// selectionFlags are the flags that choose the expansions and the
// publisher's rules a rules question is asked for.
type selectionFlags struct {
	expansions []string
	variant    string
}

func (f *selectionFlags) register(cmd *cobra.Command, variant bool) {
	cmd.Flags().StringSliceVar(&f.expansions, "expansions", nil, "expansion or part ids played with, comma-separated (default all; the base game is always in)")
	if variant {
		cmd.Flags().StringVar(&f.variant, "variant", "", "a publisher's rules: hig (Hans im Glück), rgg (Rio Grande) or zmg (Z-Man)")
	}
}

func (f *selectionFlags) resolve(cat *tilekit.Catalog) (rules.Selection, tilekit.Publisher, error) {
	sel, err := rules.Select(cat, f.expansions)
	if err != nil {
		return sel, "", usageError{err}
	}
	var p tilekit.Publisher
	if f.variant != "" {
		if p, err = rules.PublisherByName(f.variant); err != nil {
			return sel, "", usageError{err}
		}
	}
	return sel, p, nil
}

// load checks the format, loads the data free of errors and resolves the
// selection, for the commands that answer rules questions.
func (f *selectionFlags) load(cmd *cobra.Command, data *dataFlags, format string) (*validator.Result, rules.Selection, tilekit.Publisher, error) {
	res, err := loadFormatted(cmd, data, format, "text", "json")
	if err != nil {
		return nil, rules.Selection{}, "", err
	}
	s, p, err := f.resolve(res.Catalog)
	return res, s, p, err
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

var month = regexp.MustCompile(`^[0-9]{4}-(0[1-9]|1[0-2])$`)

func newQueryCmd() *cobra.Command {
	var (
		data    dataFlags
		sel     selectionFlags
		format  string
		history bool
		asOf    string
	)
	cmd := &cobra.Command{
		Use:   "query TABLE [SUBJECT]",
		Short: "Answer a rules question from an interaction table",
		Long: `query answers an interaction table's question (can the red dragon eat it?
is a figure there safe?) for every figure, location or action of the
selected expansions, or for one SUBJECT, with where each answer comes from.
Subjects without an explicit ruling are answered by the table's rule of
thumb, and say so. Superseded rulings are left out unless --history; --as-of
answers as the rules stood in that month. Run "tilekit query" for the tables.`,
		Example: `  tilekit query dragon-diet
  tilekit query black-dragon-diet teacher
  tilekit query dragon-diet mage --as-of 2014-12
  tilekit query fairy-companions --variant rgg --format json
  tilekit query dragon-protection --expansions princess-dragon,count-king-robber --history`,
		Args: cobra.RangeArgs(0, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if asOf != "" && !month.MatchString(asOf) {
				return usagef("--as-of %q: want a month as YYYY-MM", asOf)
			}
			res, err := loadFormatted(cmd, &data, format, "text", "json")
			if err != nil {
				return err
			}
			cat := res.Catalog
			if len(args) == 0 {
				return listTables(cmd.OutOrStdout(), cat, format)
			}
			s, p, err := sel.resolve(cat)
			if err != nil {
				return err
			}
			subject := ""
			if len(args) == 2 {
				subject = args[1]
			}
			result, err := rules.Query(cat, args[0], subject, rules.QueryOptions{Selection: s, Publisher: p, History: history, AsOf: asOf})
			if err != nil {
				return usageError{err}
			}
			if format == "json" {
				return writeJSON(cmd.OutOrStdout(), queryJSON(cat, result))
			}
			return writeQueryText(cmd.OutOrStdout(), cat, result)
		},
	}
	data.register(cmd)
	sel.register(cmd, true)
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().BoolVar(&history, "history", false, "also show rulings that were superseded")
	cmd.Flags().StringVar(&asOf, "as-of", "", "answer as the rules stood in this month (YYYY-MM)")
	return cmd
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
		return writeJSON(w, out)
	}
	for _, t := range out {
		fmt.Fprintf(w, "%-24s %s\n", t.ID, t.Question)
	}
	return nil
}

type sourceJSON struct {
	Kind      string `json:"kind"`
	Publisher string `json:"publisher,omitempty"`
	Date      string `json:"date,omitempty"`
	Page      string `json:"page,omitempty"`
	Ref       string `json:"ref,omitempty"`
	Text      string `json:"text"`
}

func newSourceJSON(s tilekit.Citation) sourceJSON {
	return sourceJSON{string(s.Kind), string(s.Publisher), s.Date, s.Page, s.Ref, s.String()}
}

type noteJSON struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Text  string `json:"text"`
	Open  bool   `json:"open,omitempty"`
}

func notesJSON(notes []*tilekit.Note) []noteJSON {
	out := []noteJSON{}
	for _, n := range notes {
		out = append(out, noteJSON{n.ID, n.Title, n.Text, n.Open})
	}
	return out
}

type answerJSON struct {
	Subject      string     `json:"subject"`
	Kind         string     `json:"kind"`
	Expansion    string     `json:"expansion"`
	Verdict      string     `json:"verdict"`
	Condition    string     `json:"condition,omitempty"`
	Scope        string     `json:"scope,omitempty"`
	Source       sourceJSON `json:"source"`
	Explanation  string     `json:"explanation"`
	SupersededBy *string    `json:"superseded_by"`
	RuleOfThumb  bool       `json:"rule_of_thumb"`
	Exception    bool       `json:"exception"`
	Notes        []noteJSON `json:"notes"`
}

type queryResultJSON struct {
	Table    string       `json:"table"`
	Question string       `json:"question"`
	Rows     []answerJSON `json:"rows"`
	Notes    []noteJSON   `json:"notes"`
}

func queryJSON(cat *tilekit.Catalog, r *rules.TableAnswers) queryResultJSON {
	out := queryResultJSON{Table: r.Table.ID, Question: r.Table.Question, Rows: []answerJSON{}, Notes: notesJSON(r.Notes)}
	for _, a := range r.Answers {
		j := answerJSON{
			Subject: a.Subject.ID, Kind: string(a.Subject.Kind), Expansion: a.Subject.Expansion,
			Verdict: string(a.Verdict), Condition: a.Condition, Scope: a.Scope, Source: newSourceJSON(a.Source),
			Explanation: a.Explanation, RuleOfThumb: a.Row == nil, Exception: a.Row != nil && a.Row.Exception,
			Notes: notesJSON(a.Notes),
		}
		if a.SupersededBy != "" {
			s := a.SupersededBy
			j.SupersededBy = &s
		}
		out.Rows = append(out.Rows, j)
	}
	return out
}

// expansionName names an expansion or part for a reader.
func expansionName(cat *tilekit.Catalog, id string) string {
	if x := cat.Expansion(id); x != nil {
		return x.Name
	}
	if p := cat.Part(id); p != nil {
		if x := cat.Expansion(tilekit.ParentExpansion(id)); x != nil {
			return x.Name + ": " + p.Name
		}
		return p.Name
	}
	return id
}

var verdictWords = map[tilekit.Verdict]string{
	tilekit.Yes: "yes", tilekit.No: "no", tilekit.Conditional: "only if", tilekit.Open: "open question",
}

func writeQueryText(w io.Writer, cat *tilekit.Catalog, r *rules.TableAnswers) error {
	fmt.Fprintf(w, "%s\n", r.Table.Question)
	if len(r.Answers) == 0 {
		fmt.Fprintln(w, "\n  No subject of the selected expansions.")
	}
	for _, a := range r.Answers {
		answer := verdictWords[a.Verdict]
		if a.Condition != "" {
			answer += ": " + a.Condition
		}
		fmt.Fprintf(w, "\n%s (%s): %s\n", a.Subject.Name, expansionName(cat, a.Subject.Expansion), strings.ToUpper(answer[:1])+answer[1:])
		if a.Scope != "" {
			fmt.Fprintf(w, "  Holds for: %s\n", a.Scope)
		}
		if a.SupersededBy != "" {
			fmt.Fprintf(w, "  Superseded by ruling %q.\n", a.SupersededBy)
		}
		fmt.Fprintf(w, "  %s\n", strings.TrimSpace(a.Explanation))
		if a.Row == nil {
			fmt.Fprintf(w, "  Source: the table's rule of thumb; %s\n", a.Source)
		} else {
			fmt.Fprintf(w, "  Source: %s\n", a.Source)
		}
		for _, n := range a.Notes {
			fmt.Fprintf(w, "  Note: %s %s\n", sentence(n.Title), strings.TrimSpace(n.Text))
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "\nNote: %s %s\n", sentence(n.Title), strings.TrimSpace(n.Text))
	}
	return nil
}

func newGapsCmd() *cobra.Command {
	var (
		data   dataFlags
		sel    selectionFlags
		format string
	)
	cmd := &cobra.Command{
		Use:   "gaps",
		Short: "List the rules questions the data does not answer yet",
		Long: `gaps lists, for every interaction table of the selected expansions, the
figures, locations and actions it covers that no row answers. For a fan
folder that adds a figure or a location, this is the list of rules questions
its author must answer. Where the table has a rule of thumb, gaps says what
it would answer.`,
		Example: `  tilekit gaps
  tilekit gaps --expansions princess-dragon,black-dragon
  tilekit gaps --data ./my-expansion --expansions my-expansion --format json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			res, s, _, err := sel.load(cmd, &data, format)
			if err != nil {
				return err
			}
			gaps := rules.Gaps(res.Catalog, s)
			fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %d unanswered questions\n", len(gaps))
			if format == "json" {
				type gapJSON struct {
					Table       string `json:"table"`
					Subject     string `json:"subject"`
					Kind        string `json:"kind"`
					Expansion   string `json:"expansion"`
					RuleOfThumb string `json:"rule_of_thumb,omitempty"`
				}
				out := []gapJSON{}
				for _, g := range gaps {
					out = append(out, gapJSON{g.Table.ID, g.Subject.ID, string(g.Subject.Kind), g.Subject.Expansion, string(g.RuleOfThumb)})
				}
				return writeJSON(cmd.OutOrStdout(), out)
			}
			w := cmd.OutOrStdout()
			last := ""
			for _, g := range gaps {
				if g.Table.ID != last {
					fmt.Fprintf(w, "%s: %s\n", g.Table.ID, g.Table.Question)
					last = g.Table.ID
				}
				hint := ""
				if g.RuleOfThumb != "" {
					hint = fmt.Sprintf(" (rule of thumb: %s)", g.RuleOfThumb)
				}
				fmt.Fprintf(w, "  %-22s %s%s\n", g.Subject.ID, expansionName(res.Catalog, g.Subject.Expansion), hint)
			}
			return nil
		},
	}
	data.register(cmd)
	sel.register(cmd, false)
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

func newOrderCmd() *cobra.Command {
	var (
		data   dataFlags
		sel    selectionFlags
		format string
	)
	cmd := &cobra.Command{
		Use:   "order",
		Short: "Show the order of play for a selection of expansions",
		Long: `order composes the steps of a turn from the steps each selected expansion
adds, keeping every ordering constraint, with the timing notes that apply.
--variant follows a publisher's rules where they move a step: with rgg the
dragon moves after scoring.`,
		Example: `  tilekit order
  tilekit order --expansions princess-dragon,black-dragon,drawbridges
  tilekit order --expansions princess-dragon --variant rgg --format json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			res, s, p, err := sel.load(cmd, &data, format)
			if err != nil {
				return err
			}
			steps, err := rules.Order(res.Catalog, s, p)
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %v\n", err)
				return errProblems
			}
			if format == "json" {
				return writeJSON(cmd.OutOrStdout(), orderJSON(res.Catalog, s, p, steps))
			}
			return writeOrderText(cmd.OutOrStdout(), res.Catalog, s, p, steps)
		},
	}
	data.register(cmd)
	sel.register(cmd, true)
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

type stepJSON struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	Expansion   string     `json:"expansion"`
	Phase       int        `json:"phase"`
	Explanation string     `json:"explanation"`
	Source      sourceJSON `json:"source"`
	Variant     string     `json:"variant,omitempty"`
	Notes       []noteJSON `json:"notes"`
}

type orderResultJSON struct {
	// Variant is the publisher whose rules were followed, or null for the
	// standard rules.
	Variant    *string    `json:"variant"`
	Expansions []string   `json:"expansions"`
	Steps      []stepJSON `json:"steps"`
}

func orderJSON(cat *tilekit.Catalog, sel rules.Selection, p tilekit.Publisher, steps []rules.PlayedStep) orderResultJSON {
	out := orderResultJSON{Expansions: sel.IDs(), Steps: []stepJSON{}}
	if p != "" {
		v := string(p)
		out.Variant = &v
	}
	for _, ps := range steps {
		j := stepJSON{ID: ps.Step.ID, Name: ps.Step.Name, Expansion: ps.Step.Expansion, Phase: ps.Step.Phase,
			Explanation: ps.Step.Explanation, Source: newSourceJSON(ps.Step.Source), Notes: notesJSON(ps.Notes)}
		if ps.Variant != nil {
			j.Variant = ps.Variant.Explanation
			j.Source = newSourceJSON(ps.Variant.Source)
		}
		out.Steps = append(out.Steps, j)
	}
	return out
}

func writeOrderText(w io.Writer, cat *tilekit.Catalog, sel rules.Selection, p tilekit.Publisher, steps []rules.PlayedStep) error {
	whose := "the standard rules"
	if p != "" {
		whose = p.Name() + "'s rules"
	}
	fmt.Fprintf(w, "Order of play (%s) with: %s\n", whose, strings.Join(sel.IDs(), ", "))
	for i, ps := range steps {
		fmt.Fprintf(w, "\n%2d. %s [%s] (%s)\n", i+1, ps.Step.Name, ps.Step.ID, expansionName(cat, ps.Step.Expansion))
		fmt.Fprintf(w, "    %s\n", strings.TrimSpace(ps.Step.Explanation))
		if ps.Variant != nil {
			fmt.Fprintf(w, "    %s\n", strings.TrimSpace(ps.Variant.Explanation))
		}
		for _, n := range ps.Notes {
			fmt.Fprintf(w, "    Note: %s\n", sentence(n.Title))
		}
	}
	return nil
}

// sentence ends a title with a full stop unless it has its own.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") {
		return s
	}
	return s + "."
}
