package rules

import (
	"fmt"
	"sort"

	"github.com/tilekit/tilekit"
)

// Ruling is what a game plays by for one subject of a table: the verdict in
// force under the game's rules and the row, or rule of thumb, that decided
// it. The game engine compiles rulings into flags once per game, and the
// events a ruling decides carry it, so that a reader sees why the game went
// the way it went.
type Ruling struct {
	Table   *tilekit.Table
	Subject tilekit.Subject
	Verdict tilekit.Verdict
	// Condition is the condition of a conditional verdict.
	Condition string
	// Row is the explicit row that decided, or nil for the rule of thumb.
	Row    *tilekit.Row
	Source tilekit.Citation
}

// Reason names what decided the ruling, for an event: the table and the
// source's kind, with the date of a dated source, such as "dragon-diet,
// rulebook", "dragon-diet, official FAQ 2015-03" or "dragon-diet, rule of
// thumb, community interpretation".
func (r Ruling) Reason() string {
	out := r.Table.ID + ", "
	if r.Row == nil {
		out += "rule of thumb, "
	}
	out += r.Source.Kind.Name()
	if r.Source.Date != "" {
		out += " " + r.Source.Date
	}
	return out
}

// String gives the ruling as "subject: verdict (reason)", such as
// "fairy: no (dragon-diet, rulebook)".
func (r Ruling) String() string {
	return fmt.Sprintf("%s: %s (%s)", r.Subject.ID, r.Verdict, r.Reason())
}

// Rulings answers a table for every subject of the options' selection as a
// game plays it: one ruling per subject that an answer in force covers,
// sorted by subject kind and id. Where several answers are in force for one
// subject (rows for other publishers, when the options name none), the one
// that holds for every publisher and edition is taken, else the first. A
// subject no answer covers has no ruling: the engine decides it by its
// documented default.
func Rulings(cat *tilekit.Catalog, tableID string, opt QueryOptions) ([]Ruling, error) {
	opt.History = false
	ans, err := Query(cat, tableID, "", opt)
	if err != nil {
		return nil, err
	}
	chosen := map[tilekit.Subject]int{}
	var out []Ruling
	for _, a := range ans.Answers {
		r := Ruling{Table: ans.Table, Subject: a.Subject, Verdict: a.Verdict, Condition: a.Condition, Row: a.Row, Source: a.Source}
		i, seen := chosen[a.Subject]
		switch {
		case !seen:
			chosen[a.Subject] = len(out)
			out = append(out, r)
		case a.Scope == "" && out[i].scoped(ans.Answers):
			out[i] = r
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Subject.Kind != out[j].Subject.Kind {
			return out[i].Subject.Kind < out[j].Subject.Kind
		}
		return out[i].Subject.ID < out[j].Subject.ID
	})
	return out, nil
}

// scoped reports whether the ruling came from an answer limited to some
// publishers or editions.
func (r Ruling) scoped(answers []Answer) bool {
	for _, a := range answers {
		if a.Subject == r.Subject && a.Row == r.Row {
			return a.Scope != ""
		}
	}
	return false
}
