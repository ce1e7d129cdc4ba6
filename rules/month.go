package rules

import (
	"fmt"
	"strconv"

	"github.com/tilekit/tilekit"
)

// Month is a calendar month, such as the month a ruling was published or
// the month a question is answered as of. The zero Month is no month.
type Month struct {
	year, month int
}

// ParseMonth reads a month written as YYYY-MM, such as "2015-03". Anything
// else, "2015-13" or "2015" say, is an error.
func ParseMonth(s string) (Month, error) {
	bad := fmt.Errorf("%q is not a month written as YYYY-MM", s)
	if len(s) != 7 || s[4] != '-' {
		return Month{}, bad
	}
	y, err1 := strconv.Atoi(s[:4])
	m, err2 := strconv.Atoi(s[5:])
	if err1 != nil || err2 != nil || y < 1 || s[0] == '+' || s[5] == '+' || m < 1 || m > 12 {
		return Month{}, bad
	}
	return Month{year: y, month: m}, nil
}

// IsZero reports whether m is no month.
func (m Month) IsZero() bool { return m == Month{} }

// Before reports whether m comes before o.
func (m Month) Before(o Month) bool {
	return m.year < o.year || (m.year == o.year && m.month < o.month)
}

// String writes the month as YYYY-MM, or "" for the zero Month.
func (m Month) String() string {
	if m.IsZero() {
		return ""
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
