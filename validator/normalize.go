package validator

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// problem is a diagnostic before it is attached to a file, with its data
// path relative to what was checked.
type problem struct {
	path    []string
	code    string
	message string
	rank    problemRank
	// suggests is, for an unknown key, the key it is probably a
	// misspelling of; missing lists, for a missing required key, the keys.
	suggests string
	missing  []string
}

// problemRank orders the problems found at one data path: only those of
// the highest rank there are reported, so that one fault gives one
// diagnostic.
type problemRank int

const (
	// rankUnlessOther is a value the schema may have let through, such as
	// a date where text belongs: reported unless the schema found
	// something wrong at the same place.
	rankUnlessOther problemRank = iota
	// rankUnlessType is a float, which the schema takes for an integer
	// when it is whole: reported unless the schema found the value of
	// another type, and then instead of what the schema found, such as a
	// maximum that 1e300 exceeds.
	rankUnlessType
	// rankSchema is a schema problem.
	rankSchema
	// rankValue is a value that cannot be checked at all, such as nan.
	rankValue
)

// normalize turns what the TOML decoder returns into the JSON-like values
// the schema validator accepts, in place: arrays of tables become []any,
// dates and times become their text, integers stay int64. Nothing in the
// data is a float or a date (a test keeps the schemas so), and the schema
// validator cannot tell 1e300 from an integer or a date from a string, so
// each float and date is noted as a problem of rankUnlessOther. NaN and
// infinities have no JSON form and break numeric keywords: they are
// reported and replaced by nil.
func normalize(doc map[string]any) (map[string]any, []problem) {
	v, problems := normalizeEntry(doc)
	return v.(map[string]any), problems
}

// normalizeEntry normalises one value and everything below it.
func normalizeEntry(v any) (any, []problem) {
	n := normalizer{path: make([]string, 0, 16)}
	return n.walk(v), n.problems
}

type normalizer struct {
	path     []string // the path being walked, reused
	problems []problem
}

func (n *normalizer) report(code, message string, rank problemRank) {
	n.problems = append(n.problems, problem{path: slices.Clone(n.path), code: code, message: message, rank: rank})
}

func (n *normalizer) walk(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			n.path = append(n.path, k)
			if y := n.walk(x); !same(x, y) {
				v[k] = y
			}
			n.path = n.path[:len(n.path)-1]
		}
		return v
	case []map[string]any:
		out := make([]any, len(v))
		for i, x := range v {
			n.path = append(n.path, strconv.Itoa(i))
			out[i] = n.walk(x)
			n.path = n.path[:len(n.path)-1]
		}
		return out
	case []any:
		for i, x := range v {
			n.path = append(n.path, strconv.Itoa(i))
			v[i] = n.walk(x)
			n.path = n.path[:len(n.path)-1]
		}
		return v
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			n.report("toml-nonfinite", fmt.Sprintf("%v is not a number tilekit can use; write a finite number", v), rankValue)
			return nil
		}
		n.report("schema-type", fmt.Sprintf("expected integer, but got the float %v: write a whole number, without a decimal point or exponent", v), rankUnlessType)
		return v
	case time.Time:
		text := formatTime(v)
		n.report("schema-type", fmt.Sprintf("expected text, but got the TOML date or time %s: put text in quotes", text), rankUnlessOther)
		return text
	default:
		return v
	}
}

// same reports whether a walked value is the one that was there, for the
// kinds of values walk changes in place or keeps.
func same(a, b any) bool {
	switch a.(type) {
	case map[string]any, []any:
		return true
	case []map[string]any, float64, time.Time:
		return false
	}
	return true
}

// dedupeProblems keeps, at each data path, only the problems that say
// best what is wrong there, in path order: a value that cannot be checked;
// else a float, unless the schema found another type; else what the
// schema found; else the rest.
func dedupeProblems(ps []problem) []problem {
	type found struct{ value, float, schemaType, schema bool }
	at := map[string]*found{}
	for _, p := range ps {
		k := pathKey(p.path)
		f := at[k]
		if f == nil {
			f = &found{}
			at[k] = f
		}
		switch p.rank {
		case rankValue:
			f.value = true
		case rankUnlessType:
			f.float = true
		case rankSchema:
			f.schema = true
			f.schemaType = f.schemaType || p.code == "schema-type"
		}
	}
	keep := func(p problem) bool {
		f := at[pathKey(p.path)]
		switch {
		case f.value:
			return p.rank == rankValue
		case f.float && !f.schemaType:
			return p.rank == rankUnlessType
		case f.schema:
			return p.rank == rankSchema
		}
		return true
	}
	out := ps[:0:0]
	for _, p := range ps {
		if keep(p) {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b problem) int { return slices.Compare(a.path, b.path) })
	return out
}

// formatTime writes a TOML date or time back as the text it was written as.
func formatTime(t time.Time) string {
	switch t.Location().String() {
	case "date-local":
		return t.Format("2006-01-02")
	case "time-local":
		return t.Format("15:04:05.999999999")
	case "datetime-local":
		return t.Format("2006-01-02T15:04:05.999999999")
	}
	return t.Format(time.RFC3339Nano)
}

// pathKey joins the segments of a data path into one string, for use as a
// map key.
func pathKey(path []string) string { return strings.Join(path, "\x00") }
