package validator

import (
	"strconv"

	"github.com/tilekit/tilekit"
)

// checkBoxes checks each boxed set: its id is unique among the boxes, each
// expansion or part it holds is one a loaded file defines and was
// published in the box's edition, and its source is a citation that
// holds together.
func (l *loader) checkBoxes(cat *tilekit.Catalog, seen map[string]tilekit.Origin) {
	for i := range l.data.Boxes {
		x := &l.data.Boxes[i]
		l.unique(seen, "box "+x.ID, x.Origin.At("id"))
		for j, id := range x.Expansions {
			at := x.Origin.At("expansions", strconv.Itoa(j))
			l.expansionRef(cat, id, at)
			if e := cat.Expansion(tilekit.ParentExpansion(id)); e != nil && !e.HasEdition(x.Edition) {
				l.report(at, "edition-not-in-expansion", Error,
					"box %s is of the %s edition, but %s was not published in %s", x.ID, x.Edition, e.ID, x.Edition)
			}
		}
		l.checkSource(x.Source, x.Origin.At("source"))
	}
}
