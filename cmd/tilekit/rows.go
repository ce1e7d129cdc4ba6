package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/validator"
)

// rowsOptions are what tilekit rows is asked: the flags.
type rowsOptions struct {
	data   dataFlags
	format string
	// failOnUnexercised makes the run exit 1 when a row the engine plays
	// is exercised by no scenario.
	failOnUnexercised bool
}

func newRowsCmd() *cobra.Command {
	opts := &rowsOptions{}
	cmd := &cobra.Command{
		Use:   "rows",
		Short: "Say which rows of the tables the scenarios exercise",
		Long: `rows plays every scenario and says, for each row of the interaction tables,
whether a scenario exercises it: a scenario whose play the row's verdict
decided (a figure eaten or spared, a follower refused or allowed, a move
offered), so that the scenario fails if the verdict changes.

The rows fall into three groups:

  exercised       the engine plays the row and scenarios exercise it (they
                  are listed);
  not exercised   the engine plays the row, but no scenario exercises it;
  not played      the engine plays no game in which the row decides: its
                  subject is a figure or place of an expansion the engine
                  does not play yet, or the row is not in force (superseded,
                  or another publisher's rule the engine reads elsewhere).

A row is played when a game of every expansion whose steps the engine plays,
selected together, compiles its verdict from the row, under some
publisher's rules in some edition.

--fail-on-unexercised exits 1 when a row the engine plays is exercised by no
scenario, so that a CI job can require every played row to be exercised.`,
		Example: `  tilekit rows
  tilekit rows --format json
  tilekit rows --data ./my-expansion --fail-on-unexercised`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRows(cmd, opts)
		},
	}
	opts.data.register(cmd)
	addFormatFlag(cmd, &opts.format, "output format: text or json", textOrJSON...)
	cmd.Flags().BoolVar(&opts.failOnUnexercised, "fail-on-unexercised", false, "exit 1 when a row the engine plays is exercised by no scenario (for CI)")
	return cmd
}

func runRows(cmd *cobra.Command, opts *rowsOptions) error {
	res, err := loadClean(cmd, &opts.data)
	if err != nil {
		return err
	}
	c, err := game.RowCoverage(res.Catalog)
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %v\n", err)
		return errProblems
	}
	unexercised := len(c.Unexercised())
	fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %d rows, %d played by the engine, %d of them not exercised by a scenario\n", len(c.Rows), countPlayed(c), unexercised)
	for _, id := range c.Failed {
		fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: scenario %s does not pass (tilekit play shows why)\n", id)
	}
	if err := writeRows(cmd.OutOrStdout(), res, &c, opts.format); err != nil {
		return err
	}
	if (len(c.Failed) > 0 || opts.failOnUnexercised && unexercised > 0) && !deferProblems(cmd) {
		return errProblems
	}
	return nil
}

// countPlayed returns the number of rows the engine plays.
func countPlayed(c game.Coverage) int {
	n := 0
	for _, u := range c.Rows {
		if u.Played {
			n++
		}
	}
	return n
}

// rowGroups are the groups rows falls into, in the order printed.
var rowGroups = []struct {
	name string
	in   func(u game.RowUse) bool
}{
	{"not exercised", func(u game.RowUse) bool { return u.Played && len(u.Scenarios) == 0 }},
	{"exercised", func(u game.RowUse) bool { return len(u.Scenarios) > 0 }},
	{"not played", func(u game.RowUse) bool { return !u.Played && len(u.Scenarios) == 0 }},
}

// writeRows prints the rows by group in the format asked for.
func writeRows(w io.Writer, res *validator.Result, c *game.Coverage, format string) error {
	if format == "json" {
		type rowJSON struct {
			Table     string   `json:"table"`
			Row       string   `json:"row"`
			Subject   string   `json:"subject"`
			Verdict   string   `json:"verdict"`
			File      string   `json:"file"`
			Line      int      `json:"line"`
			Played    bool     `json:"played"`
			Scenarios []string `json:"scenarios"`
		}
		out := struct {
			Played []string  `json:"played_expansions"`
			Rows   []rowJSON `json:"rows"`
		}{Played: c.Played, Rows: []rowJSON{}}
		for _, u := range c.Rows {
			file, line := rowPlace(res, u)
			out.Rows = append(out.Rows, rowJSON{u.Row.Table, u.Row.ID, u.Row.Subject, string(u.Row.Verdict), file, line, u.Played, append([]string{}, u.Scenarios...)})
		}
		return validator.WriteJSON(w, out)
	}
	for gi, g := range rowGroups {
		if gi > 0 {
			fmt.Fprintln(w)
		}
		n := 0
		for _, u := range c.Rows {
			if g.in(u) {
				n++
			}
		}
		fmt.Fprintf(w, "%s: %d rows\n", g.name, n)
		for _, u := range c.Rows {
			if !g.in(u) {
				continue
			}
			file, line := rowPlace(res, u)
			fmt.Fprintf(w, "  %-26s %-28s %-11s %s:%d\n", u.Row.Table, u.Row.ID, u.Row.Verdict, file, line)
			for _, s := range u.Scenarios {
				fmt.Fprintf(w, "      %s\n", s)
			}
		}
	}
	return nil
}

// rowPlace returns the file and line a row was written at.
func rowPlace(res *validator.Result, u game.RowUse) (string, int) {
	line, _ := res.Locate(u.Row.Origin)
	return u.Row.Origin.File, line
}
