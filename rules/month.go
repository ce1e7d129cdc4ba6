package rules

import (
	"fmt"
	"strconv"

	"github.com/tilekit/tilekit"
)

// Month is a calendar month, such as the month a ruling was published or
// the month a question is answered as of, or a whole year where a source
// gives no month (an expansion published "2005"). The zero Month is no
// month.
//
// A year keeps its precision: it is written "2005", and a date known only
// to the year holds from the year's first month on, so that an as-of month
// in 2005 sees an expansion published in 2005, and 2004-12 does not.
type Month struct {
	// month is 0 for a date known only to the year.
	year, month int
}

// ParseMonth reads a month written as YYYY-MM, such as "2015-03", as an
// as-of month is written. Anything else, "2015-13" or "2015" say, is an
// error.
func ParseMonth(s string) (Month, error) {
	if len(s) != 7 || s[4] != '-' {
		return Month{}, fmt.Errorf("%q is not a month written as YYYY-MM", s)
	}
	y, ok := parseYear(s[:4])
	m, err := strconv.Atoi(s[5:])
	if !ok || err != nil || s[5] == '+' || m < 1 || m > 12 {
		return Month{}, fmt.Errorf("%q is not a month written as YYYY-MM", s)
	}
	return Month{year: y, month: m}, nil
}

// ParseDate reads a date of the data: a month written as YYYY-MM, or a
// year written as YYYY where the source gives no month, such as "2005".
func ParseDate(s string) (Month, error) {
	if len(s) == 4 {
		if y, ok := parseYear(s); ok {
			return Month{year: y}, nil
		}
	}
	m, err := ParseMonth(s)
	if err != nil {
		return Month{}, fmt.Errorf("%q is not a date written as YYYY-MM or YYYY", s)
	}
	return m, nil
}

func parseYear(s string) (int, bool) {
	y, err := strconv.Atoi(s)
	return y, err == nil && y >= 1 && s[0] != '+' && s[0] != '-'
}

// IsZero reports whether m is no month.
func (m Month) IsZero() bool { return m == Month{} }

// YearOnly reports whether m is a date known only to the year.
func (m Month) YearOnly() bool { return !m.IsZero() && m.month == 0 }

// first returns the first month m covers: January for a year.
func (m Month) first() Month {
	if m.YearOnly() {
		return Month{year: m.year, month: 1}
	}
	return m
}

// Before reports whether m comes before o, each taken at its first month
// (a year at its January).
func (m Month) Before(o Month) bool {
	a, b := m.first(), o.first()
	return a.year < b.year || (a.year == b.year && a.month < b.month)
}

// String writes the month as YYYY-MM, a year as YYYY, or "" for the zero
// Month.
func (m Month) String() string {
	switch {
	case m.IsZero():
		return ""
	case m.YearOnly():
		return fmt.Sprintf("%04d", m.year)
	}
	return fmt.Sprintf("%04d-%02d", m.year, m.month)
}

// Published returns the month an expansion (or the expansion of a part)
// was first published, "" when unknown, and whether it existed by an
// as-of month: always for a zero month, an unknown date or an expansion
// not loaded.
func Published(cat *tilekit.Catalog, id string, asOf Month) (month string, exists bool) {
	x := cat.Expansion(tilekit.ParentExpansion(id))
	if x == nil || x.Published == "" {
		return "", true
	}
	return x.Published, !later(x.Published, asOf)
}

// inForce reports whether a note was in force in an as-of month: its
// source is not dated later and every expansion it is about existed.
func inForce(cat *tilekit.Catalog, n *tilekit.Note, asOf Month) bool {
	if asOf.IsZero() {
		return true
	}
	if later(n.Source.Date, asOf) {
		return false
	}
	for _, id := range n.Expansions {
		if _, exists := Published(cat, id, asOf); !exists {
			return false
		}
	}
	return true
}
