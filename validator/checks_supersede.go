package validator

import (
	"slices"

	"github.com/tilekit/tilekit"
)

// The checks of rows and steps that supersede others. A row says which
// row overturned it (superseded_by, in its own folder), or a row or step
// of a later folder says what it supersedes of the built-in data or an
// earlier folder (supersedes, such as a group's house rule). The links
// are tilekit.LinkRows' and tilekit.LinkSteps', which the catalog uses
// too; these checks report where they link nothing, and walk the chains
// of rows once.

// checkRowSupersedes reports each row whose supersedes key links nothing.
func (l *loader) checkRowSupersedes(rows []tilekit.Row, links tilekit.RowLinks) {
	for i := range rows {
		r, s := &rows[i], links.Supersedes[i]
		at := r.Origin.At("supersedes")
		switch s.Fault {
		case tilekit.SupersedeUnknown:
			if !l.wasDroppedRow(r.Table, r.Supersedes) {
				l.report(at, "unknown-row", Error, "no earlier data folder has a row %q in table %s%s", r.Supersedes, r.Table, otherTable(rows, r))
			}
		case tilekit.SupersedeSameFolder:
			l.report(at, "supersede-same-folder", Error, "row %s is in this folder too (%s): write superseded_by = %q on it instead; supersedes names a row of the built-in data or an earlier folder",
				r.Supersedes, l.locate(rows[s.Other].Origin), r.ID)
		case tilekit.SupersedeTwice:
			l.report(at, "superseded-twice", Error, "row %s of table %s is already superseded by row %s (%s); supersede that row, which is in force, instead",
				r.Supersedes, r.Table, rows[s.Other].ID, l.locate(rows[s.Other].Origin))
		case tilekit.SupersedeMismatch:
			o := &rows[s.Other]
			l.report(at, "supersede-mismatch", Error, "row %s of table %s is about %s, this row about %s: a row supersedes only a row of its own subject",
				o.ID, o.Table, o.Subject, r.Subject)
		}
	}
}

// otherTable names, for a message, a table of another row with the id a
// row supersedes, since a row supersedes only a row of its own table.
func otherTable(rows []tilekit.Row, r *tilekit.Row) string {
	for i := range rows {
		if o := &rows[i]; o.ID == r.Supersedes && o.Table != r.Table && o.Folder < r.Folder {
			return "; table " + o.Table + " has one, but a row supersedes only a row of its own table"
		}
	}
	return ""
}

// checkSupersedesByID reports each step or table (kind) whose supersedes
// key links nothing; n entries, each read by entry (its supersedes key and
// origin).
func (l *loader) checkSupersedesByID(kind string, n int, links []tilekit.Supersession, entry func(i int) (string, tilekit.Origin)) {
	for i := 0; i < n; i++ {
		sup, origin := entry(i)
		at := origin.At("supersedes")
		switch s := links[i]; s.Fault {
		case tilekit.SupersedeUnknown:
			if !l.wasDropped(kind, sup) {
				l.report(at, "unknown-"+kind, Error, "no earlier data folder defines the %s %q", kind, sup)
			}
		case tilekit.SupersedeSameFolder:
			_, other := entry(s.Other)
			l.report(at, "supersede-same-folder", Error, "%s %s is in this folder too (%s): change it there; supersedes names a %s of the built-in data or an earlier folder",
				kind, sup, l.locate(other), kind)
		case tilekit.SupersedeTwice:
			_, other := entry(s.Other)
			l.report(at, "superseded-twice", Error, "%s %s is already superseded by the %s at %s; change that one instead", kind, sup, kind, l.locate(other))
		case tilekit.SupersedeMismatch:
			l.report(origin.At("id"), "supersede-mismatch", Error, "a %s that supersedes %s keeps its id, by which the engine and the other entries know it: write id = %q",
				kind, sup, sup)
		}
	}
}

// checkSupersession checks that every chain of superseded rows ends at a
// row in force, and returns which rows are in force. Each row is visited
// a bounded number of times, so a chain of any length takes linear time,
// and a circle is reported once.
func (l *loader) checkSupersession(rows []tilekit.Row, links tilekit.RowLinks) []bool {
	live := make([]bool, len(rows))
	const (
		unseen = iota
		onPath
		done
	)
	state := make([]int8, len(rows))
	for i := range rows {
		r := &rows[i]
		live[i] = links.Next[i] < 0 && r.SupersededBy == ""
		switch {
		case links.UnknownSuccessor[i] && !l.wasDroppedRow(r.Table, r.SupersededBy):
			l.report(r.Origin.At("superseded_by"), "unknown-row", Error, "table %s has no row %q", r.Table, r.SupersededBy)
		case r.SupersededBy != "" && links.Next[i] >= 0 && rows[links.Next[i]].Subject != r.Subject:
			o := &rows[links.Next[i]]
			l.report(r.Origin.At("superseded_by"), "supersede-mismatch", Error, "row %s of table %s is about %s, this row about %s: a row is superseded only by a row of its own subject",
				o.ID, o.Table, o.Subject, r.Subject)
		}
		var path []int
		j := i
		for j >= 0 && state[j] == unseen {
			state[j] = onPath
			path = append(path, j)
			j = links.Next[j]
		}
		if j >= 0 && state[j] == onPath {
			// The walk came back to a row of its own path: a circle.
			l.reportCircle(rows, links.Next, j)
		}
		for _, k := range path {
			state[k] = done
		}
	}
	return live
}

// reportCircle reports the circle of superseding rows through row start,
// at the key that closes it: of the keys that make the circle (a row's
// superseded_by, or its successor's supersedes), the first written in the
// folder loaded last.
func (l *loader) reportCircle(rows []tilekit.Row, next []int, start int) {
	members := []int{start}
	for j := next[start]; j != start; j = next[j] {
		members = append(members, j)
	}
	names := make([]string, 0, len(members))
	for _, m := range members {
		names = append(names, rows[m].ID)
	}
	var at tilekit.Origin
	folder := -1
	for _, m := range slices.Sorted(slices.Values(members)) {
		owner, key := m, "superseded_by" // the row whose key makes the link
		if rows[m].SupersededBy == "" {
			owner, key = next[m], "supersedes"
		}
		if f := rows[owner].Folder; f > folder {
			folder, at = f, rows[owner].Origin.At(key)
		}
	}
	l.report(at, "supersede-cycle", Error, "rows of table %s supersede each other in a circle (%s); one of them must be in force",
		rows[start].Table, listSome(names, 5))
}
