package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/validator"
)

// tilesOptions holds what "tilekit tiles" was asked for.
type tilesOptions struct {
	data   dataFlags
	filter expansionFilter
	format string
	// expansion is the deprecated --expansion, read as one more id of
	// --expansions.
	expansion string
}

// editionsHelp explains the edition codes, for the help of the commands
// that show copies per edition.
const editionsHelp = `The editions are C1, the 1st edition (2000, Hans im Glück), C2, the 2nd
edition (2014/2015, the new artwork), and C3, the 3rd edition
(2021).`

func newTilesCmd() *cobra.Command {
	opts := &tilesOptions{}
	cmd := &cobra.Command{
		Use:   "tiles",
		Short: "List tiles with their edges, copies and symbols",
		Long: `tiles lists the tiles of the built-in data and of any --data folders: id,
edges at rotation 0 (N E S W; C city, R road, F field), copies per edition,
marks (symbols, start tile, PROVISIONAL for a layout not checked against the
printed tile, note for a tile with a note to read, rules for a tile with
rules of its own, which follow the table with their sources) and name.
--format json gives every tile with its features and rules. --expansions lists only the tiles of
some expansions ("tilekit list expansions" shows the ids).

` + editionsHelp + `

When some data has errors, they are printed to stderr and the tiles that
loaded are still listed; the exit status is then 1.`,
		Example: `  tilekit tiles
  tilekit tiles --expansions base --format json
  tilekit tiles --data ./my-expansion --expansions my-expansion`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runTiles(cmd, opts)
		},
	}
	opts.data.register(cmd)
	opts.filter.register(cmd)
	addFormatFlag(cmd, &opts.format, "output format: text or json", textOrJSON...)
	cmd.Flags().StringVar(&opts.expansion, "expansion", "", "list only the tiles of this expansion id")
	_ = cmd.Flags().MarkDeprecated("expansion", "use --expansions, which takes a comma-separated list")
	return cmd
}

// runTiles lists the tiles of the selected expansions.
func runTiles(cmd *cobra.Command, opts *tilesOptions) error {
	res, err := loadFormatted(cmd, &opts.data, opts.format, textOrJSON...)
	if err != nil {
		return err
	}
	if opts.expansion != "" {
		opts.filter.expansions = append(opts.filter.expansions, opts.expansion)
	}
	has, err := opts.filter.resolve(res.Catalog)
	if err != nil {
		return err
	}
	tiles := make([]*tilekit.Tile, 0, len(res.Catalog.Tiles))
	for i := range res.Catalog.Tiles {
		if t := &res.Catalog.Tiles[i]; has(t.Expansion()) {
			tiles = append(tiles, t)
		}
	}
	if opts.format == "json" {
		return writeTilesJSON(cmd.OutOrStdout(), tiles)
	}
	return writeTilesText(cmd.OutOrStdout(), tiles)
}

func edgeLetters(t *tilekit.Tile) string {
	var b strings.Builder
	for _, e := range t.Edges() {
		b.WriteString(strings.ToUpper(string(e[:1])))
	}
	return b.String()
}

func writeTilesText(w io.Writer, tiles []*tilekit.Tile) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tEDGES\tC1\tC2\tC3\tMARKS\tNAME")
	for _, t := range tiles {
		var counts []string
		for _, e := range tilekit.Editions {
			if n, ok := t.Counts[e]; ok {
				counts = append(counts, fmt.Sprint(n))
			} else {
				counts = append(counts, "-")
			}
		}
		var symbols []string
		for _, s := range t.AllSymbols() {
			symbols = append(symbols, string(s))
		}
		if len(t.Start) > 0 {
			symbols = append(symbols, "start")
		}
		if t.Provisional {
			symbols = append(symbols, "PROVISIONAL")
		} else if t.Note != "" {
			symbols = append(symbols, "note")
		}
		if len(t.Rules) > 0 {
			symbols = append(symbols, "rules")
		}
		sym := strings.Join(symbols, ",")
		if sym == "" {
			sym = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", t.ID, edgeLetters(t), strings.Join(counts, "\t"), sym, t.Name)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return writeTileRules(w, tiles)
}

// writeTileRules lists the rules of the tiles that have some, each with its
// source, after the table.
func writeTileRules(w io.Writer, tiles []*tilekit.Tile) error {
	first := true
	for _, t := range tiles {
		for _, r := range t.Rules {
			if first {
				if _, err := fmt.Fprint(w, "\nTile rules:\n"); err != nil {
					return err
				}
				first = false
			}
			if _, err := fmt.Fprintf(w, "  %s: %s\n    Source: %s\n", t.ID, r.Text, r.Source); err != nil {
				return err
			}
		}
	}
	return nil
}

// tileJSON is the JSON form of a tile in "tilekit tiles --format json".
type tileJSON struct {
	ID        string         `json:"id"`
	Expansion string         `json:"expansion"`
	Name      string         `json:"name"`
	Counts    map[string]int `json:"counts"`
	Start     []string       `json:"start"`
	Edges     edgesJSON      `json:"edges"`
	Symbols   []string       `json:"symbols"`
	Note      string         `json:"note,omitempty"`
	// Provisional is true when the layout is not checked against the
	// printed tile.
	Provisional bool          `json:"provisional"`
	Features    []featureJSON `json:"features"`
	// Rules are the tile's own rules, with their sources.
	Rules []tileRuleJSON `json:"rules,omitempty"`
}

// tileRuleJSON is a tile's rule in "tilekit tiles --format json".
type tileRuleJSON struct {
	Text   string       `json:"text"`
	Source citationJSON `json:"source"`
}

type edgesJSON struct {
	N tilekit.EdgeKind `json:"N"`
	E tilekit.EdgeKind `json:"E"`
	S tilekit.EdgeKind `json:"S"`
	W tilekit.EdgeKind `json:"W"`
}

type featureJSON struct {
	Kind        string   `json:"kind"`
	ID          string   `json:"id,omitempty"`
	Sides       []string `json:"sides"`
	Attributes  []string `json:"attributes"`
	Cities      []string `json:"cities,omitempty"`
	Inside      string   `json:"inside,omitempty"`
	Under       string   `json:"under,omitempty"`
	Drawbridges []string `json:"drawbridges,omitempty"`
}

func newTileJSON(t *tilekit.Tile) tileJSON {
	edges := t.Edges()
	j := tileJSON{
		ID:          t.ID,
		Expansion:   t.Expansion(),
		Name:        t.Name,
		Counts:      map[string]int{},
		Start:       []string{},
		Edges:       edgesJSON{N: edges[tilekit.North], E: edges[tilekit.East], S: edges[tilekit.South], W: edges[tilekit.West]},
		Symbols:     []string{},
		Note:        t.Note,
		Provisional: t.Provisional,
		Features:    []featureJSON{},
	}
	for e, n := range t.Counts {
		j.Counts[string(e)] = n
	}
	for _, e := range t.Start {
		j.Start = append(j.Start, string(e))
	}
	for _, s := range t.AllSymbols() {
		j.Symbols = append(j.Symbols, string(s))
	}
	for _, f := range t.Features {
		fj := featureJSON{Kind: string(f.Kind), ID: f.ID, Sides: []string{}, Attributes: []string{},
			Cities: f.Cities, Inside: f.Inside, Under: f.Under, Drawbridges: f.Drawbridges}
		for _, p := range f.Sides {
			fj.Sides = append(fj.Sides, p.String())
		}
		for _, a := range f.Attributes {
			fj.Attributes = append(fj.Attributes, string(a))
		}
		j.Features = append(j.Features, fj)
	}
	for _, r := range t.Rules {
		j.Rules = append(j.Rules, tileRuleJSON{Text: r.Text, Source: newCitationJSON(r.Source)})
	}
	sort.Strings(j.Start)
	return j
}

func writeTilesJSON(w io.Writer, tiles []*tilekit.Tile) error {
	out := make([]tileJSON, 0, len(tiles))
	for _, t := range tiles {
		out = append(out, newTileJSON(t))
	}
	return validator.WriteJSON(w, out)
}
