package site

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The reader may choose an edition and a month (the rules as they stood
// then), as `tilekit query --edition --as-of` does. The site computes at
// build time what is in force for every edition and every era, the months
// between two dates of the data at which an answer or the turn changes,
// and marks what is not in force for every choice with data-in: for each
// edition ("*" for every edition) the ranges of eras, by index, in which it
// is, such as "*:0-19 C2:3-19". The script shows an element when the
// reader's edition and era are among them; an element without data-in holds
// for every choice.

// era is the start of a span of months in which nothing of the data
// changes: its month, written as the selector writes it (YYYY-MM), and as
// the data dates it, for its label.
type era struct {
	Month rules.Month
	Value string
	Date  string
}

// everyEdition is the edition key of data-in for the choice of every
// edition.
const everyEdition = "*"

// choiceEditions are the editions the reader may choose, "" for every
// edition first.
func choiceEditions() []tilekit.Edition {
	return append([]tilekit.Edition{""}, tilekit.Editions...)
}

// editionKey is an edition's key in data-in.
func editionKey(e tilekit.Edition) string {
	if e == "" {
		return everyEdition
	}
	return string(e)
}

// computeEras finds the months at which the answers of the site's tables
// or its turn change, from every date of the data, and keeps each month at
// which something does; the last era is today's rules.
func (b *builder) computeEras() error {
	var candidates []era
	seen := map[string]bool{}
	for _, d := range b.dataDates() {
		m, err := rules.ParseDate(d)
		if err != nil {
			continue // checked by the validator; an odd date changes nothing here
		}
		value := d
		if m.YearOnly() {
			value += "-01"
		}
		if seen[value] {
			continue
		}
		seen[value] = true
		if at, err := rules.ParseMonth(value); err == nil {
			candidates = append(candidates, era{Month: at, Value: value, Date: d})
		}
	}
	slices.SortFunc(candidates, func(x, y era) int { return strings.Compare(x.Value, y.Value) })
	prev := ""
	for _, c := range candidates {
		sig, err := b.signature(c.Month)
		if err != nil {
			return err
		}
		if sig != prev || len(b.eras) == 0 {
			b.eras = append(b.eras, c)
		}
		prev = sig
	}
	return nil
}

// dataDates lists every date of the data that may change what is in force:
// the sources of rows, rules of thumb and their variants, notes, steps and
// their variants, and the expansions' publication.
func (b *builder) dataDates() []string {
	var out []string
	for i := range b.cat.Rows {
		out = append(out, b.cat.Rows[i].Source.Date)
	}
	for i := range b.cat.Tables {
		if r := b.cat.Tables[i].Rule; r != nil {
			out = append(out, r.Source.Date)
			for _, v := range r.Variants {
				out = append(out, v.Source.Date)
			}
		}
	}
	for i := range b.cat.Notes {
		out = append(out, b.cat.Notes[i].Source.Date)
	}
	for i := range b.cat.Steps {
		out = append(out, b.cat.Steps[i].Source.Date)
		for _, v := range b.cat.Steps[i].Variants {
			out = append(out, v.Source.Date)
		}
	}
	for i := range b.cat.Expansions {
		out = append(out, b.cat.Expansions[i].Published)
	}
	return out
}

// signature sums up what is in force at a month, for every edition: the
// answers of the site's tables and the steps of its turn.
func (b *builder) signature(m rules.Month) (string, error) {
	var sig strings.Builder
	for _, e := range choiceEditions() {
		for _, t := range b.tables {
			if !rules.InEdition(b.cat, t.Expansion, e) {
				continue
			}
			res, err := b.shared.query(t.ID, rules.QueryOptions{Selection: b.sel, Edition: e, AsOf: m})
			if err != nil {
				return "", err
			}
			for i := range res.Answers {
				sig.WriteString(answerKey(&res.Answers[i]))
				sig.WriteString(string(res.Answers[i].Verdict))
			}
		}
		played, err := b.shared.order(b.sel, rules.OrderOptions{Edition: e, AsOf: m})
		if err != nil {
			return "", err
		}
		for _, s := range played {
			sig.WriteString(s.Step.ID)
		}
	}
	return sig.String(), nil
}

// answerKey tells an answer apart from the others of its table across
// queries: its row, or for a rule-of-thumb answer its subject and the
// wording of the rule that answers.
func answerKey(a *rules.Answer) string {
	if a.Row != nil {
		return fmt.Sprintf("row:%p|", a.Row) // rows are the catalog's own, one pointer each
	}
	key := "thumb:" + string(a.Subject.Kind) + ":" + a.Subject.ID
	if a.RuleVariant != nil {
		key += ":" + strings.Join(publisherIDs(a.RuleVariant.Publishers), ",")
	}
	return key + "|"
}

// publisherIDs lists publishers by their ids.
func publisherIDs(ps []tilekit.Publisher) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p)
	}
	return out
}

// inForce collects, for the elements of a page, the choices of edition
// and era under which each is in force, by a key of the element's own.
type inForce struct {
	eras int
	in   map[string][]bool // by key: edition index * eras + era
	keys []string          // in the order first seen
}

func newInForce(eras int) *inForce {
	return &inForce{eras: max(eras, 1), in: map[string][]bool{}}
}

// add notes that the element of a key is in force for an edition (its
// index in choiceEditions) and era.
func (f *inForce) add(key string, edition, era int) {
	in, ok := f.in[key]
	if !ok {
		in = make([]bool, len(choiceEditions())*f.eras)
		f.in[key] = in
		f.keys = append(f.keys, key)
	}
	in[edition*f.eras+era] = true
}

// attr returns the data-in of a key: "" when it is in force for every
// choice, else each edition's ranges of eras ("*:0-19 C2:3-19"), and
// "-" for a key never in force.
func (f *inForce) attr(key string) string {
	in, ok := f.in[key]
	if !ok {
		return "-"
	}
	if !slices.Contains(in, false) {
		return ""
	}
	var parts []string
	for ei, e := range choiceEditions() {
		var ranges []string
		for i := 0; i < f.eras; i++ {
			if !in[ei*f.eras+i] {
				continue
			}
			j := i
			for j+1 < f.eras && in[ei*f.eras+j+1] {
				j++
			}
			ranges = append(ranges, strconv.Itoa(i)+"-"+strconv.Itoa(j))
			i = j
		}
		if len(ranges) > 0 {
			parts = append(parts, editionKey(e)+":"+strings.Join(ranges, ","))
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// eachChoice calls fn for every edition and era the reader may choose,
// with their indexes and the query options they stand for.
func (b *builder) eachChoice(fn func(edition, era int, e tilekit.Edition, m rules.Month) error) error {
	for ei, e := range choiceEditions() {
		for i := range max(len(b.eras), 1) {
			var m rules.Month
			if i < len(b.eras)-1 {
				m = b.eras[i].Month // the last era is today's rules: no month
			}
			if err := fn(ei, i, e, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// editionIn returns the data-in of what holds for one edition at every
// month, such as a worked example played with its tiles and rules: the
// choice of every edition and of that one; "" for a site without the
// choice.
func (b *builder) editionIn(e tilekit.Edition) string {
	if len(b.eras) == 0 {
		return ""
	}
	if e == "" {
		e = tilekit.C2 // a scenario's edition when it names none
	}
	all := "0-" + strconv.Itoa(len(b.eras)-1)
	return everyEdition + ":" + all + " " + string(e) + ":" + all
}
