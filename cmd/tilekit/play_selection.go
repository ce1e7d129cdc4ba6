package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// pileShare is what one expansion of a selection brings to random games:
// its tiles in the pile, the steps of the turn the engine plays from it
// and the kinds of follower it gives the players.
type pileShare struct {
	expansion string
	tiles     int
	steps     int
	kinds     int
}

// pileShares returns, for the base game and each selected expansion (a
// part counts as its expansion), in the order the selection lists them,
// the copies of its tiles in the pile (the start tile left out), the
// number of steps of the turn that are its own and of kinds of follower.
func pileShares(cat *tilekit.Catalog, sel rules.Selection, r *game.Ruleset) []pileShare {
	shares := []pileShare{{expansion: tilekit.BaseGame}}
	index := func(exp string) int {
		i := slices.IndexFunc(shares, func(s pileShare) bool { return s.expansion == exp })
		if i < 0 {
			shares = append(shares, pileShare{expansion: exp})
			i = len(shares) - 1
		}
		return i
	}
	for _, id := range sel.IDs() {
		if id != tilekit.AllExpansions {
			index(tilekit.ParentExpansion(id))
		}
	}
	pile := r.Pile()
	for typ, n := range pile {
		shares[index(tilekit.ParentExpansion(r.ID(typ)))].tiles += n
	}
	for _, id := range r.Steps() {
		if st := cat.Step(id); st != nil {
			shares[index(tilekit.ParentExpansion(st.Expansion))].steps++
		}
	}
	for k := range r.NumKinds() {
		if f := cat.Figure(r.Kind(k).ID); f != nil && f.Expansion != tilekit.BaseGame {
			shares[index(tilekit.ParentExpansion(f.Expansion))].kinds++
		}
	}
	return shares
}

// pileLine says what each expansion puts in the pile, for the summary.
func pileLine(shares []pileShare) string {
	parts := make([]string, len(shares))
	for i, s := range shares {
		parts[i] = fmt.Sprintf("%s %d", s.expansion, s.tiles)
	}
	return "pile: " + strings.Join(parts, ", ")
}

// warnUnplayed warns of each selected expansion that random games in an
// edition do not play whole: one with tiles in other editions but none in
// this one (only its steps are played, if any), and one with no tile in
// the edition, no step the engine plays and no kind of follower, which is
// ignored.
func warnUnplayed(w io.Writer, cat *tilekit.Catalog, shares []pileShare, edition tilekit.Edition) {
	for _, s := range shares[1:] {
		if s.tiles > 0 {
			continue
		}
		var elsewhere []string
		for _, e := range tilekit.Editions {
			for _, t := range cat.TilesOf(s.expansion) {
				if e != edition && t.Copies(e) > 0 && !slices.Contains(elsewhere, string(e)) {
					elsewhere = append(elsewhere, string(e))
				}
			}
		}
		switch {
		case s.kinds > 0 && s.steps == 0:
		case s.steps == 0 && len(elsewhere) > 0:
			fmt.Fprintf(w, "tilekit: warning: %s has no tiles in edition %s (it has in %s) and no step the engine plays: it is ignored\n",
				s.expansion, edition, strings.Join(elsewhere, ", "))
		case s.steps == 0:
			fmt.Fprintf(w, "tilekit: warning: %s has no tiles and no step the engine plays: it is ignored\n", s.expansion)
		case len(elsewhere) > 0:
			fmt.Fprintf(w, "tilekit: warning: %s has no tiles in edition %s (it has in %s): only its steps are played\n",
				s.expansion, edition, strings.Join(elsewhere, ", "))
		}
	}
}
