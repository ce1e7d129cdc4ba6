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

// orderOptions are what tilekit order is asked: the flags.
type orderOptions struct {
	data   dataFlags
	sel    selectionFlags
	format string
}

func newOrderCmd() *cobra.Command {
	opts := &orderOptions{}
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
			return runOrder(cmd, opts)
		},
	}
	opts.data.register(cmd)
	opts.sel.register(cmd, true)
	cmd.Flags().StringVar(&opts.format, "format", "text", "output format: text or json")
	return cmd
}

func runOrder(cmd *cobra.Command, opts *orderOptions) error {
	res, s, p, err := opts.sel.load(cmd, &opts.data, opts.format)
	if err != nil {
		return err
	}
	steps, err := rules.Order(res.Catalog, s, p)
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %v\n", err)
		return errProblems
	}
	if opts.format == "json" {
		return validator.WriteJSON(cmd.OutOrStdout(), orderJSON(s, p, steps))
	}
	return writeOrderText(cmd.OutOrStdout(), res.Catalog, s, p, steps)
}

type stepJSON struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Expansion   string       `json:"expansion"`
	Phase       int          `json:"phase"`
	Explanation string       `json:"explanation"`
	Source      citationJSON `json:"source"`
	Variant     string       `json:"variant,omitempty"`
	Notes       []noteJSON   `json:"notes"`
}

type orderResultJSON struct {
	// Variant is the publisher whose rules were followed, or null for the
	// standard rules.
	Variant    *string    `json:"variant"`
	Expansions []string   `json:"expansions"`
	Steps      []stepJSON `json:"steps"`
}

func orderJSON(sel rules.Selection, p tilekit.Publisher, steps []rules.PlayedStep) orderResultJSON {
	out := orderResultJSON{Expansions: sel.IDs(), Steps: []stepJSON{}}
	if p != "" {
		v := string(p)
		out.Variant = &v
	}
	for _, ps := range steps {
		j := stepJSON{ID: ps.Step.ID, Name: ps.Step.Name, Expansion: ps.Step.Expansion, Phase: ps.Step.Phase,
			Explanation: ps.Step.Explanation, Source: newCitationJSON(ps.Step.Source), Notes: notesJSON(ps.Notes)}
		if ps.Variant != nil {
			j.Variant = ps.Variant.Explanation
			j.Source = newCitationJSON(ps.Variant.Source)
		}
		out.Steps = append(out.Steps, j)
	}
	return out
}

func writeOrderText(w io.Writer, cat *tilekit.Catalog, sel rules.Selection, p tilekit.Publisher, steps []rules.PlayedStep) error {
	whose := "the standard rules"
	if p != "" {
		whose = p.Possessive() + " rules"
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
