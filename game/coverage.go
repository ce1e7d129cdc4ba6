package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// RowUse says how the engine and the scenarios use one row of a table.
type RowUse struct {
	Row *tilekit.Row
	// Played says that the engine reads the row's verdict: a game of the
	// expansions it plays, under some publisher's rules in some edition,
	// compiles its verdict for the row's subject from the row
	// (Ruleset.Answers).
	Played bool
	// Scenarios are the ids of the scenarios whose play the row decided
	// (ScenarioResult.Rulings), in the catalog's order.
	Scenarios []string
}

// Coverage says, for every row of the catalog's tables, whether the
// engine plays it and which scenarios exercise it.
type Coverage struct {
	// Rows are the rows of the tables, in the catalog's order.
	Rows []RowUse
	// Played lists the expansions and parts played together to find the
	// rows the engine reads: each whose steps the engine plays.
	Played []string
	// Failed lists the scenarios that did not pass, whose rulings count
	// all the same.
	Failed []string
}

// Unexercised returns the rows the engine plays that no scenario
// exercises.
func (c *Coverage) Unexercised() []RowUse {
	var out []RowUse
	for _, u := range c.Rows {
		if u.Played && len(u.Scenarios) == 0 {
			out = append(out, u)
		}
	}
	return out
}

// rowKey names a row across copies of a catalog (Catalog.UpToFolder): its
// table, its id and the data folder it came from.
type rowKey struct {
	table, id string
	folder    int
}

func keyOf(r *tilekit.Row) rowKey { return rowKey{r.Table, r.ID, r.Folder} }

// RowCoverage works out which rows of the catalog's tables the engine
// plays and which scenarios exercise them. The rows played are those
// whose verdict a game compiles (Ruleset.Answers) when every expansion and
// part whose steps the engine plays is selected together, under each
// publisher's rules (and the data's own) in each edition; the scenarios
// are the catalog's, each run as RunScenario runs it. It is an error when
// the expansions played together do not compile.
func RowCoverage(cat *tilekit.Catalog) (Coverage, error) {
	var c Coverage
	played, err := playedRows(cat, &c)
	if err != nil {
		return c, err
	}
	exercised := map[rowKey][]string{}
	for i := range cat.Scenarios {
		s := &cat.Scenarios[i]
		res := RunScenario(cat, s)
		if !res.Passed() {
			c.Failed = append(c.Failed, s.ID)
		}
		for _, r := range res.Rulings {
			if r.Row == nil {
				continue
			}
			k := keyOf(r.Row)
			if !slices.Contains(exercised[k], s.ID) {
				exercised[k] = append(exercised[k], s.ID)
			}
		}
	}
	for i := range cat.Rows {
		r := &cat.Rows[i]
		c.Rows = append(c.Rows, RowUse{Row: r, Played: played[keyOf(r)], Scenarios: exercised[keyOf(r)]})
	}
	return c, nil
}

// playedRows compiles the expansions the engine plays together under
// every publisher and edition and returns the rows their answers are,
// noting the selection in c.
func playedRows(cat *tilekit.Catalog, c *Coverage) (map[rowKey]bool, error) {
	c.Played = playableIDs(cat)
	sel, err := rules.Select(cat, c.Played)
	if err != nil {
		return nil, err
	}
	played := map[rowKey]bool{}
	for _, ed := range tilekit.Editions {
		for _, pub := range append([]tilekit.Publisher{""}, tilekit.Publishers...) {
			r, err := Compile(cat, sel, Setup{Edition: ed, Publisher: pub})
			if err != nil {
				return nil, fmt.Errorf("the expansions the engine plays, together in %s under %s: %w", ed, publisherText(pub), err)
			}
			for _, a := range r.answers {
				if a.Row != nil {
					played[keyOf(a.Row)] = true
				}
			}
		}
	}
	return played, nil
}

// publisherText names a publisher's rules for an error.
func publisherText(p tilekit.Publisher) string {
	if p == "" {
		return "the data's own rules"
	}
	return string(p) + "'s rules"
}

// playableIDs lists the expansions other than the base game whose steps
// the engine plays in every edition (rules.UnplayedSteps), and of the
// others each part it plays, in the catalog's order.
func playableIDs(cat *tilekit.Catalog) []string {
	var out []string
	plays := func(id string) bool {
		sel, err := rules.Select(cat, []string{id})
		return err == nil && len(rules.UnplayedSteps(cat, sel, "")) == 0
	}
	for i := range cat.Expansions {
		x := &cat.Expansions[i]
		if x.ID == tilekit.BaseGame {
			continue
		}
		if plays(x.ID) {
			out = append(out, x.ID)
			continue
		}
		for _, p := range x.Parts {
			if plays(p.ID) {
				out = append(out, p.ID)
			}
		}
	}
	return out
}
