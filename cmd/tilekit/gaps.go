package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// gapsOptions are what tilekit gaps is asked: the flags.
type gapsOptions struct {
	data   dataFlags
	sel    selectionFlags
	format string
	asOf   string
	// failOnGaps makes the run exit 1 when any question is listed.
	failOnGaps bool
}

func newGapsCmd() *cobra.Command {
	opts := &gapsOptions{}
	cmd := &cobra.Command{
		Use:   "gaps",
		Short: "List the rules questions the data does not answer yet",
		Long: `gaps lists the rules questions no row answers yet: every interaction table
of the selected expansions asked about every figure, location and action of
the selected expansions it covers. Where the table has a rule of thumb, gaps
says what it would answer.

The expansions defined in --data folders are the author's own, and ask
more, because a fan expansion can be played with any other: every table, of
any expansion, selected or not, is asked about their figures, locations and
actions, and their own tables are asked about every selected subject. A
subject whose id names both a figure and a location of one table is listed
twice, as "castle (figure)" and "castle (location)"; a row answers one of
them with kind = "figure" or kind = "location".

--as-of, --variant and --edition mean what they mean for query: a row
answers only where it holds for that publisher and edition and was in force
in that month; a subject of an expansion not yet published then, or not
published in that edition, is not asked about; and under --variant a
subject that the publisher's wording of a rule of thumb answers is not a
gap.

--fail-on-gaps exits 1 when any question is listed, so that a CI job can
require every question an expansion raises to be answered.`,
		Example: `  tilekit gaps
  tilekit gaps --expansions princess-dragon,black-dragon
  tilekit gaps --as-of 2014-12 --variant rgg --edition C2
  tilekit gaps --data ./my-expansion --expansions my-expansion --format json
  tilekit gaps --data . --expansions my-expansion --fail-on-gaps`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runGaps(cmd, opts)
		},
	}
	opts.data.register(cmd)
	opts.sel.register(cmd, true)
	addFormatFlag(cmd, &opts.format, "output format: text or json", textOrJSON...)
	cmd.Flags().StringVar(&opts.asOf, "as-of", "", "ask as the rules stood in this month (YYYY-MM)")
	cmd.Flags().BoolVar(&opts.failOnGaps, "fail-on-gaps", false, "exit 1 when any question is unanswered (for CI)")
	return cmd
}

// ownExpansions returns the ids of the expansions the --data folders
// define, that is everything not built in.
func ownExpansions(res *validator.Result) []string {
	var out []string
	for _, x := range res.Catalog.Expansions {
		if !strings.HasPrefix(x.Origin.File, validator.BuiltinName) && !slices.Contains(out, x.ID) {
			out = append(out, x.ID)
		}
	}
	return out
}

// gapLabel names a gap's subject, with its entry kind when the table
// covers another subject of the same id.
func gapLabel(g rules.Gap) string {
	if g.SharedID {
		return fmt.Sprintf("%s (%s)", g.Subject.ID, g.Subject.Kind.Entry())
	}
	return g.Subject.ID
}

func runGaps(cmd *cobra.Command, opts *gapsOptions) error {
	asOf, e, err := opts.sel.checked(opts.asOf)
	if err != nil {
		return err
	}
	res, s, p, err := opts.sel.load(cmd, &opts.data, opts.format)
	if err != nil {
		return err
	}
	gaps := rules.Gaps(res.Catalog, rules.QueryOptions{Selection: s, Publisher: p, Edition: e, AsOf: asOf}, ownExpansions(res)...)
	fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %d unanswered questions\n", len(gaps))
	if err := writeGaps(cmd, res, gaps, opts, p, e, asOf); err != nil {
		return err
	}
	if opts.failOnGaps && len(gaps) > 0 && !deferProblems(cmd) {
		return errProblems
	}
	return nil
}

// writeGaps prints the gaps in the format asked for.
func writeGaps(cmd *cobra.Command, res *validator.Result, gaps []rules.Gap, opts *gapsOptions, p tilekit.Publisher, e tilekit.Edition, asOf rules.Month) error {
	if opts.format == "json" {
		type gapJSON struct {
			Table       string `json:"table"`
			Subject     string `json:"subject"`
			Kind        string `json:"kind"`
			Entry       string `json:"entry"`
			Expansion   string `json:"expansion"`
			RuleOfThumb string `json:"rule_of_thumb,omitempty"`
		}
		out := []gapJSON{}
		for _, g := range gaps {
			out = append(out, gapJSON{g.Table.ID, g.Subject.ID, string(g.Subject.Kind), string(g.Subject.Kind.Entry()), g.Subject.Expansion, string(g.RuleOfThumb)})
		}
		return validator.WriteJSON(cmd.OutOrStdout(), out)
	}
	w := cmd.OutOrStdout()
	if writeRulesScope(w, p, e, asOf) && len(gaps) > 0 {
		fmt.Fprintln(w)
	}
	var last *tilekit.Table
	for _, g := range gaps {
		if g.Table != last {
			fmt.Fprintf(w, "%s: %s\n", g.Table.ID, g.Table.Question)
			last = g.Table
		}
		hint := ""
		if g.RuleOfThumb != "" {
			hint = fmt.Sprintf(" (rule of thumb: %s)", g.RuleOfThumb)
		}
		fmt.Fprintf(w, "  %-22s %s%s\n", gapLabel(g), expansionName(res.Catalog, g.Subject.Expansion), hint)
	}
	return nil
}
