package validator

import (
	"slices"

	"github.com/tilekit/tilekit"
)

// CrossingCodes lists the codes of the checks on a step's crossing: the
// followers of a scored feature crossing into a linked one.
var CrossingCodes = []Code{
	{"crossing-unknown-link", "A crossing's link is no key by which a feature of the tile data names other features of its tile."},
	{"crossing-link-kind", "A crossing's link is not a key of its from kind's features, or names features of another kind than its into kind."},
	{"crossing-word-taken", "A crossing's word is already the id of a figure or the word of another step's moves."},
	{"crossing-chooser", "The choice of a step with a crossing is by another chooser than the sole majority, which is the one the engine plays."},
}

// checkCrossing checks a step's crossing: its source, its table, that its
// link is a key of its from kind that names features of its into kind,
// that its word names nothing else, and who takes the step's choice.
func (l *loader) checkCrossing(cat *tilekit.Catalog, s *tilekit.Step) {
	c := s.Mechanics.Crossing
	if c == nil {
		return
	}
	l.checkSource(c.Source, c.Origin.At("source"))
	l.tableRef(cat, c.Table, c.Origin.At("table"))
	i := slices.IndexFunc(cityRefs, func(r cityRef) bool { return r.key == c.Link })
	switch {
	case i < 0:
		l.report(c.Origin.At("link"), "crossing-unknown-link", Error, "step %s crosses over %q, which is no key of a feature of the tile data: use one of %v%s",
			s.ID, c.Link, tilekit.LinkKeys, Suggest(c.Link, tilekit.LinkKeys))
	case cityRefs[i].kind != c.From || c.Into != tilekit.City:
		l.report(c.Origin.At("link"), "crossing-link-kind", Error, "step %s crosses from a %s into a %s over %s, but %s is a key of a %s and names cities",
			s.ID, c.From, c.Into, c.Link, c.Link, cityRefs[i].kind)
	}
	if cat.Figure(string(c.Word)) != nil {
		l.report(c.Origin.At("word"), "crossing-word-taken", Error, "step %s writes its moves %q, the id of a figure, whose moves are its steps: choose another word", s.ID, c.Word)
	}
	for j := range cat.Steps {
		other := &cat.Steps[j]
		if other.Origin.String() == s.Origin.String() {
			break // a step earlier in the data keeps its word
		}
		if other.ID != s.ID && slices.Contains(other.Mechanics.Words(), c.Word) {
			l.report(c.Origin.At("word"), "crossing-word-taken", Error, "step %s writes its moves %q, the word of the moves of step %s: choose another word", s.ID, c.Word, other.ID)
			break
		}
	}
	if ch := s.Mechanics.Choice; ch != nil && ch.By != "" && ch.By != tilekit.ChooserSoleMajority {
		l.report(ch.Origin.At("by"), "crossing-chooser", Error, "step %s lets followers cross, chosen by %s: the game engine lets the sole majority choose, by = \"sole-majority\"", s.ID, ch.By)
	}
}
