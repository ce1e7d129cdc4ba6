package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/validator"
)

// listKinds are the kinds of ids "tilekit list" shows, in the order its
// help names them.
var listKinds = []string{"expansions", "figures", "locations", "actions", "tables", "tiles", "steps"}

// listOptions holds what "tilekit list" was asked for.
type listOptions struct {
	data   dataFlags
	filter expansionFilter
	format string
	kind   string
}

func newListCmd() *cobra.Command {
	opts := &listOptions{}
	cmd := &cobra.Command{
		Use:   "list " + strings.Join(listKinds, "|"),
		Short: "List the ids of expansions, figures, tiles and more",
		Long: `list shows the ids a data author refers to, with their names: the
expansions and their parts (for "expansion" keys and every --expansions
flag), the figures, locations and actions (the subjects of interaction rows),
the interaction tables, the tiles and the steps of a turn. --expansions
limits the list to what some expansions or parts define; --data adds your
folders, and --format json gives id, name and expansion.`,
		Example: `  tilekit list expansions
  tilekit list figures --expansions princess-dragon
  tilekit list tiles --data ./my-expansion --expansions my-expansion
  tilekit list tables --format json`,
		ValidArgs: listKinds,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 || !slices.Contains(listKinds, args[0]) {
				return usagef("list takes one of: %s", strings.Join(listKinds, ", "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.kind = args[0]
			return runList(cmd, opts)
		},
	}
	opts.data.register(cmd)
	opts.filter.register(cmd)
	addFormatFlag(cmd, &opts.format, "output format: text or json", textOrJSON...)
	return cmd
}

// listEntry is one line of "tilekit list", and its JSON form.
type listEntry struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Expansion is the expansion or part the entry belongs to; for an
	// expansion it is empty, for a part it is the part's expansion.
	Expansion string `json:"expansion,omitempty"`
}

// runList prints the ids of one kind.
func runList(cmd *cobra.Command, opts *listOptions) error {
	res, err := loadFormatted(cmd, &opts.data, opts.format, textOrJSON...)
	if err != nil {
		return err
	}
	cat := res.Catalog
	has, err := opts.filter.resolve(cat)
	if err != nil {
		return err
	}
	entries := listEntries(cat, opts.kind)
	out := []listEntry{}
	for _, e := range entries {
		id := e.Expansion
		if id == "" {
			id = e.ID
		}
		if has(id) {
			out = append(out, e)
		}
	}
	if opts.format == "json" {
		return validator.WriteJSON(cmd.OutOrStdout(), out)
	}
	return writeListText(cmd.OutOrStdout(), out)
}

// listEntries returns every id of a kind in the catalog, sorted by id
// (an expansion is followed by its parts).
func listEntries(cat *tilekit.Catalog, kind string) []listEntry {
	var out []listEntry
	switch kind {
	case "expansions":
		for _, x := range cat.Expansions {
			out = append(out, listEntry{ID: x.ID, Name: x.Name})
			for _, p := range x.Parts {
				out = append(out, listEntry{ID: p.ID, Name: p.Name, Expansion: x.ID})
			}
		}
	case "figures":
		for _, f := range cat.Figures {
			out = append(out, listEntry{f.ID, f.Name, f.Expansion})
		}
	case "locations":
		for _, l := range cat.Locations {
			out = append(out, listEntry{l.ID, l.Name, l.Expansion})
		}
	case "actions":
		for _, a := range cat.Actions {
			out = append(out, listEntry{a.ID, a.Name, a.Expansion})
		}
	case "tables":
		for _, t := range cat.Tables {
			out = append(out, listEntry{t.ID, t.Name, t.Expansion})
		}
	case "tiles":
		for _, t := range cat.Tiles {
			out = append(out, listEntry{t.ID, t.Name, t.Expansion()})
		}
	case "steps":
		for _, s := range cat.Steps {
			out = append(out, listEntry{s.ID, s.Name, s.Expansion})
		}
		slices.SortStableFunc(out, func(a, b listEntry) int { return strings.Compare(a.ID, b.ID) })
	}
	return out
}

func writeListText(w io.Writer, entries []listEntry) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME")
	for _, e := range entries {
		fmt.Fprintf(tw, "%s\t%s\n", e.ID, e.Name)
	}
	return tw.Flush()
}

// expansionFilter is the --expansions flag of the commands that list what
// the data defines (list, tiles). It reads the ids as every --expansions
// flag does (selectionFlags, rules.Select: expansion or part ids,
// comma-separated, an unknown id is a usage error), but lists only what
// is named: the base game too only when it is named.
type expansionFilter struct {
	selectionFlags
}

func (f *expansionFilter) register(cmd *cobra.Command) {
	f.selectionFlags.register(cmd, false)
	cmd.Flags().Lookup("expansions").Usage = "list only what these expansion or part ids define, comma-separated (default all; see tilekit list expansions)"
}

// resolve reads the selection against the catalog and returns whether an
// expansion or part id is in it.
func (f *expansionFilter) resolve(cat *tilekit.Catalog) (func(id string) bool, error) {
	sel, _, err := f.selectionFlags.resolve(cat)
	if err != nil {
		return nil, err
	}
	all := len(f.expansions) == 0
	base := all || slices.ContainsFunc(f.expansions, func(id string) bool { return strings.TrimSpace(id) == tilekit.BaseGame })
	return func(id string) bool {
		if all {
			return true
		}
		if tilekit.ParentExpansion(id) == tilekit.BaseGame && !base {
			return false
		}
		return sel.Has(id)
	}, nil
}
