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

// selectionFlags are the flags that choose the expansions and the
// publisher's rules a rules question is asked for.
type selectionFlags struct {
	expansions []string
	variant    string
	edition    string
}

func (f *selectionFlags) register(cmd *cobra.Command, variant bool) {
	cmd.Flags().StringSliceVar(&f.expansions, "expansions", nil, "expansion or part ids played with, comma-separated (default all; the base game is always in)")
	if variant {
		cmd.Flags().StringVar(&f.variant, "variant", "", "a publisher's rules: hig (Hans im Glück), rgg (Rio Grande Games) or zmg (Z-Man Games)")
		cmd.Flags().StringVar(&f.edition, "edition", "", "an edition's rules: C1 (1st edition), C2 (2nd edition) or C3 (3rd edition)")
	}
}

// resolve reads the flags: no --expansions selects every expansion, and
// --variant names a publisher. A mistake is a usage error.
func (f *selectionFlags) resolve(cat *tilekit.Catalog) (rules.Selection, tilekit.Publisher, error) {
	sel := rules.SelectAll()
	if len(f.expansions) > 0 {
		var err error
		if sel, err = rules.Select(cat, f.expansions); err != nil {
			return sel, "", usageError{unknownIDError{err}}
		}
	}
	var p tilekit.Publisher
	if f.variant != "" {
		var err error
		if p, err = publisherByName(f.variant); err != nil {
			return sel, "", usageError{err}
		}
	}
	return sel, p, nil
}

// editionFlag reads the --edition flag: C1, C2, C3 or nothing.
func (f *selectionFlags) editionFlag() (tilekit.Edition, error) {
	if f.edition == "" {
		return "", nil
	}
	for _, e := range tilekit.Editions {
		if string(e) == f.edition {
			return e, nil
		}
	}
	return "", usagef("unknown edition %q (want C1, C2 or C3)", f.edition)
}

// checked reads --as-of and --edition, which every rules command checks
// before it loads anything.
func (f *selectionFlags) checked(asOf string) (rules.Month, tilekit.Edition, error) {
	m, err := parseAsOf(asOf)
	if err != nil {
		return m, "", err
	}
	e, err := f.editionFlag()
	return m, e, err
}

// parseAsOf reads an --as-of month; empty is the zero month.
func parseAsOf(s string) (rules.Month, error) {
	if s == "" {
		return rules.Month{}, nil
	}
	m, err := rules.ParseMonth(s)
	if err != nil {
		return m, usagef("--as-of: %v", err)
	}
	return m, nil
}

// writeRulesScope says whose rules, which edition's and which month's a
// rules answer follows, one line each; nothing for the defaults.
func writeRulesScope(w io.Writer, p tilekit.Publisher, e tilekit.Edition, asOf rules.Month) (wrote bool) {
	switch {
	case p != "" && e != "":
		fmt.Fprintf(w, "Under %s rules, %s.\n", p.Possessive(), e)
	case p != "":
		fmt.Fprintf(w, "Under %s rules.\n", p.Possessive())
	case e != "":
		fmt.Fprintf(w, "For %s.\n", e)
	}
	if !asOf.IsZero() {
		fmt.Fprintf(w, "As the rules stood in %s.\n", asOf)
	}
	return p != "" || e != "" || !asOf.IsZero()
}

// publisherByName reads a --variant value: hig, rgg or zmg.
func publisherByName(name string) (tilekit.Publisher, error) {
	for _, p := range tilekit.Publishers {
		if string(p) == name {
			return p, nil
		}
	}
	return "", fmt.Errorf("unknown variant %q (want hig, rgg or zmg)", name)
}

// load checks the format, loads the data free of errors and resolves the
// selection, for the commands that answer rules questions.
func (f *selectionFlags) load(cmd *cobra.Command, data *dataFlags, format string) (*validator.Result, rules.Selection, tilekit.Publisher, error) {
	res, err := loadFormatted(cmd, data, format, textOrJSON...)
	if err != nil {
		return nil, rules.Selection{}, "", err
	}
	s, p, err := f.resolve(res.Catalog)
	return res, s, p, err
}

// citationJSON is a citation as the JSON outputs write it.
type citationJSON struct {
	Kind      string `json:"kind"`
	Title     string `json:"title"`
	Section   string `json:"section,omitempty"`
	URL       string `json:"url,omitempty"`
	Date      string `json:"date,omitempty"`
	Undated   bool   `json:"undated,omitempty"`
	Publisher string `json:"publisher,omitempty"`
	// Text is the citation as the text output prints it.
	Text string `json:"text"`
}

func newCitationJSON(s tilekit.Citation) citationJSON {
	return citationJSON{string(s.Kind), s.Title, s.Section, s.URL, s.Date, s.Undated, string(s.Publisher), s.String()}
}

type noteJSON struct {
	ID     string       `json:"id"`
	Title  string       `json:"title"`
	Text   string       `json:"text"`
	Source citationJSON `json:"source"`
	Open   bool         `json:"open,omitempty"`
}

func notesJSON(notes []*tilekit.Note) []noteJSON {
	out := []noteJSON{}
	for _, n := range notes {
		out = append(out, noteJSON{n.ID, n.Title, n.Text, newCitationJSON(n.Source), n.Open})
	}
	return out
}

func noteIDs(notes []*tilekit.Note) []string {
	out := []string{}
	for _, n := range notes {
		out = append(out, n.ID)
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

// sentence ends a title with a full stop unless it has its own.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") {
		return s
	}
	return s + "."
}
