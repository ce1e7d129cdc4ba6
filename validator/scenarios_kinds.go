package validator

import (
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// KindCodes lists the codes of the checks on the kinds of follower a
// scenario names.
var KindCodes = []Code{
	{"unknown-kind", "A scenario names a kind of follower (a follower's figure, a key of supply, the kind after a move's feature) that no loaded file defines as a follower a player owns."},
}

// checkScenarioKinds checks each kind of follower a scenario names: a
// follower a player owns, of a selected expansion or part (else
// figure-not-selected), and its supply one number per player.
func (l *loader) checkScenarioKinds(cat *tilekit.Catalog, s *tilekit.Scenario) {
	sel, err := rules.Select(cat, s.Expansions)
	selected := err == nil
	kind := func(id string, at tilekit.Origin) {
		f := cat.Figure(id)
		switch {
		case id == "":
		case f == nil || !f.Played():
			l.report(at, "unknown-kind", Error, "no loaded file defines %q as a follower a player owns or a figure that joins followers%s", id, l.nearest(cat, "figure", id))
		case selected && !sel.Has(f.Expansion):
			l.report(at, "figure-not-selected", Error, "%s is a follower of %s, which scenario %s does not select: add %q to its expansions", id, f.Expansion, s.ID, f.Expansion)
		}
	}
	supply := func(ks []tilekit.ScenarioSupply) {
		for _, k := range ks {
			kind(k.Figure, k.Origin)
			l.playerList(s, k.Counts, "supply of "+k.Figure, k.Origin)
		}
	}
	followers := func(fs []tilekit.ScenarioFollower) {
		for _, f := range fs {
			kind(f.Figure, f.Origin.At("figure"))
		}
	}
	supply(s.Supply)
	followers(s.Followers)
	followers(s.Expect.Followers)
	supply(s.Expect.SupplyByKind)
	for j := range s.Turns {
		t := &s.Turns[j]
		for k, text := range t.Moves {
			if mt, err := tilekit.ParseMoveText(text); err == nil && !isKindIndex(mt.Figure) {
				kind(mt.Figure, s.Origin.At("turn", strconv.Itoa(j), "moves", strconv.Itoa(k)))
			}
		}
		followers(t.Expect.Followers)
		supply(t.Expect.SupplyByKind)
	}
}

// isKindIndex reports whether a move's kind of follower is written by its
// index in the game's kinds ("figure1"), which the engine checks.
func isKindIndex(figure string) bool {
	rest, ok := strings.CutPrefix(figure, "figure")
	_, err := strconv.Atoi(rest)
	return ok && err == nil
}
