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
	asOf   string
}

func newOrderCmd() *cobra.Command {
	opts := &orderOptions{}
	cmd := &cobra.Command{
		Use:   "order",
		Short: "Show the order of play for a selection of expansions",
		Long: `order composes the steps of a turn from the steps each selected expansion
adds, keeping every ordering constraint, with the timing notes that apply.
Steps that no rule orders against each other come by phase, then as they
were written, and each says so ("Unordered: ..."). Without --variant the
turn follows Hans im Glück's rules, the pages' rule text. --variant follows
a publisher's rules where they move a step or word it differently: with
rgg the dragon moves after scoring, and the princess must send a knight
home. --edition follows an edition's rules (C1, C2, C3)
where a step differs by edition. --as-of composes the turn as the rules
stood in that month: a step, variant, choice or note dated later, or a
step of an expansion published later, is left out.`,
		Example: `  tilekit order
  tilekit order --expansions princess-dragon,black-dragon,drawbridges
  tilekit order --expansions princess-dragon --variant rgg --format json
  tilekit order --expansions princess-dragon --edition C2
  tilekit order --as-of 2004-12`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runOrder(cmd, opts)
		},
	}
	opts.data.register(cmd)
	opts.sel.register(cmd, true)
	addFormatFlag(cmd, &opts.format, "output format: text or json", textOrJSON...)
	cmd.Flags().StringVar(&opts.asOf, "as-of", "", "compose the turn as the rules stood in this month (YYYY-MM)")
	return cmd
}

func runOrder(cmd *cobra.Command, opts *orderOptions) error {
	asOf, e, err := opts.sel.checked(opts.asOf)
	if err != nil {
		return err
	}
	res, s, p, err := opts.sel.load(cmd, &opts.data, opts.format)
	if err != nil {
		return err
	}
	opt := rules.OrderOptions{Publisher: p, Edition: e, AsOf: asOf}
	steps, err := rules.Order(res.Catalog, s, opt)
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %v\n", err)
		return errProblems
	}
	if opts.format == "json" {
		return validator.WriteJSON(cmd.OutOrStdout(), orderJSON(s, opt, steps))
	}
	return writeOrderText(cmd.OutOrStdout(), res.Catalog, s, opt, steps)
}

type stepJSON struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Expansion   string       `json:"expansion"`
	Phase       int          `json:"phase"`
	Explanation string       `json:"explanation"`
	Source      citationJSON `json:"source"`
	Variant     string       `json:"variant,omitempty"`
	// VariantScope names the publishers and editions of the variant.
	VariantScope string     `json:"variant_scope,omitempty"`
	Notes        []noteJSON `json:"notes"`
	// Supersedes is the source of the step of the built-in data or an
	// earlier folder that this one replaced, such as by a house rule.
	Supersedes *citationJSON `json:"supersedes,omitempty"`
	// Mechanics are the step's engine data, each a sentence with its
	// source; the choice is the one in force under the rules followed.
	Mechanics []mechanicJSON `json:"mechanics,omitempty"`
	// Unordered lists the steps of the turn that no rule orders against
	// this one: their order comes from the tie-break alone.
	Unordered []string `json:"unordered,omitempty"`
}

// mechanicJSON is one part of a step's engine data: trigger, movement,
// crossing, choice or removal.
type mechanicJSON struct {
	Part   string       `json:"part"`
	Text   string       `json:"text"`
	Source citationJSON `json:"source"`
}

// mechanics lists a played step's engine data, in the order trigger,
// movement, deployment, crossing, dismissal, corner figure, relocation,
// symbol feature, recall, held tile, choice,
// removals, scoring rules, bonuses.
func mechanics(ps rules.PlayedStep) []mechanicJSON {
	var out []mechanicJSON
	m := &ps.Step.Mechanics
	if m.Trigger != nil {
		out = append(out, mechanicJSON{"trigger", m.Trigger.Describe(), newCitationJSON(m.Trigger.Source)})
	}
	if m.Movement != nil {
		out = append(out, mechanicJSON{"movement", m.Movement.Describe(), newCitationJSON(m.Movement.Source)})
	}
	if m.Deployment != nil {
		out = append(out, mechanicJSON{"deployment", m.Deployment.Describe(), newCitationJSON(m.Deployment.Source)})
	}
	if m.Crossing != nil {
		out = append(out, mechanicJSON{"crossing", m.Crossing.Describe(), newCitationJSON(m.Crossing.Source)})
	}
	if m.Dismissal != nil {
		out = append(out, mechanicJSON{"dismissal", m.Dismissal.Describe(), newCitationJSON(m.Dismissal.Source)})
	}
	if m.CornerFigure != nil {
		out = append(out, mechanicJSON{"corner-figure", m.CornerFigure.Describe(), newCitationJSON(m.CornerFigure.Source)})
	}
	if m.Relocation != nil {
		out = append(out, mechanicJSON{"relocation", m.Relocation.Describe(), newCitationJSON(m.Relocation.Source)})
	}
	if m.SymbolFeature != nil {
		out = append(out, mechanicJSON{"symbol-feature", m.SymbolFeature.Describe(), newCitationJSON(m.SymbolFeature.Source)})
	}
	if m.Recall != nil {
		out = append(out, mechanicJSON{"recall", m.Recall.Describe(), newCitationJSON(m.Recall.Source)})
	}
	if m.HeldTile != nil {
		out = append(out, mechanicJSON{"held-tile", m.HeldTile.Describe(), newCitationJSON(m.HeldTile.Source)})
	}
	if ps.Choice != nil {
		out = append(out, mechanicJSON{"choice", ps.Choice.Describe(), newCitationJSON(ps.Choice.Source)})
	}
	for i := range m.Removals {
		out = append(out, mechanicJSON{"removal", m.Removals[i].Describe(), newCitationJSON(m.Removals[i].Source)})
	}
	for i := range m.Scoring {
		out = append(out, mechanicJSON{"scoring", m.Scoring[i].Describe(), firstCitationJSON(m.Scoring[i].Sources)})
	}
	for i := range m.Bonuses {
		out = append(out, mechanicJSON{"bonus", m.Bonuses[i].Describe(), firstCitationJSON(m.Bonuses[i].Sources)})
	}
	return out
}

// firstCitationJSON returns the first of a list of sources, which the
// schema requires.
func firstCitationJSON(cs []tilekit.Citation) citationJSON {
	if len(cs) == 0 {
		return citationJSON{}
	}
	return newCitationJSON(cs[0])
}

type orderResultJSON struct {
	// Variant is the publisher whose rules were followed, or null for the
	// standard rules.
	Variant *string `json:"variant"`
	// Edition is the edition whose rules were followed, or null.
	Edition *string `json:"edition"`
	// AsOf is the month the turn was composed as of, if any.
	AsOf       string     `json:"as_of,omitempty"`
	Expansions []string   `json:"expansions"`
	Steps      []stepJSON `json:"steps"`
}

func orderJSON(sel rules.Selection, opt rules.OrderOptions, steps []rules.PlayedStep) orderResultJSON {
	out := orderResultJSON{Expansions: sel.IDs(), Steps: []stepJSON{}, AsOf: opt.AsOf.String()}
	if opt.Publisher != "" {
		v := string(opt.Publisher)
		out.Variant = &v
	}
	if opt.Edition != "" {
		e := string(opt.Edition)
		out.Edition = &e
	}
	for _, ps := range steps {
		j := stepJSON{ID: ps.Step.ID, Name: ps.Step.Name, Expansion: ps.Step.Expansion, Phase: ps.Step.Phase,
			Explanation: ps.Step.Explanation, Source: newCitationJSON(ps.Step.Source), Notes: notesJSON(ps.Notes), Mechanics: mechanics(ps),
			Unordered: ps.Unordered}
		if old := ps.Step.Replaces; old != nil {
			c := newCitationJSON(old.Source)
			j.Supersedes = &c
		}
		if ps.Variant != nil {
			j.Variant = ps.Variant.Explanation
			j.VariantScope = ps.Variant.Scope()
			j.Source = newCitationJSON(ps.Variant.Source)
		}
		out.Steps = append(out.Steps, j)
	}
	return out
}

// mechanicLabel heads each part of a step's engine data in the text output.
var mechanicLabel = map[string]string{"trigger": "Trigger", "movement": "Movement", "deployment": "Deployment", "crossing": "Crossing", "dismissal": "Dismissal", "corner-figure": "Corner figure", "relocation": "Relocation", "symbol-feature": "Symbol feature", "recall": "Recall", "held-tile": "Held tile", "choice": "Choice", "removal": "Removed", "scoring": "Scoring", "bonus": "Bonus"}

func writeOrderText(w io.Writer, cat *tilekit.Catalog, sel rules.Selection, opt rules.OrderOptions, steps []rules.PlayedStep) error {
	whose := "the standard rules"
	if opt.Publisher != "" {
		whose = opt.Publisher.Possessive() + " rules"
	}
	if opt.Edition != "" {
		whose += " for " + string(opt.Edition)
	}
	if !opt.AsOf.IsZero() {
		whose += " as of " + opt.AsOf.String()
	}
	fmt.Fprintf(w, "Order of play (%s) with: %s\n", whose, strings.Join(sel.IDs(), ", "))
	for i, ps := range steps {
		fmt.Fprintf(w, "\n%2d. %s [%s] (%s)\n", i+1, ps.Step.Name, ps.Step.ID, expansionName(cat, ps.Step.Expansion))
		fmt.Fprintf(w, "    %s\n", strings.TrimSpace(ps.Step.Explanation))
		if ps.Variant != nil {
			fmt.Fprintf(w, "    %s: %s\n", ps.Variant.Scope(), strings.TrimSpace(ps.Variant.Explanation))
		}
		if old := ps.Step.Replaces; old != nil {
			fmt.Fprintf(w, "    %s Source: %s\n", supersedesText(ps.Step.Source, old.Source), ps.Step.Source)
		}
		for _, m := range mechanics(ps) {
			label := mechanicLabel[m.Part]
			if m.Source.Kind == string(tilekit.HouseRule) {
				label += " (house rule)"
			}
			fmt.Fprintf(w, "    %s: %s\n", label, sentence(m.Text))
		}
		for _, n := range ps.Notes {
			fmt.Fprintf(w, "    Note: %s\n", sentence(n.Title))
		}
		if len(ps.Unordered) > 0 {
			fmt.Fprintf(w, "    Unordered: no rule orders it against %s; the order shown is by phase, then as written.\n", strings.Join(ps.Unordered, ", "))
		}
	}
	return nil
}
