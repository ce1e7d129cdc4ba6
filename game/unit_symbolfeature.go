package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of the symbols' features (a step's tilekit.SymbolFeature): a
// tile showing the symbol has one more feature, which Compile adds to its
// tile type (tilekit.Catalog.PlayedTile), scored by its kind's rules; the
// unit keeps every kind of follower but the step's figures off it
// (Ruleset.featOnly), wherever a follower is put or moved.

var symbolFeatureUnit = unit{
	steps: []unitStep{{part: func(m *tilekit.Mechanics) bool { return m.SymbolFeature != nil }, compile: compileSymbolFeature}},
	hooks: unitHooks{check: checkSymbolFeatures},
}

// compileSymbolFeature compiles a step's symbol feature: the kinds of
// follower that may stand on the feature of each tile type that shows the
// symbol.
func compileSymbolFeature(r *Ruleset, ps rules.PlayedStep) error {
	sf := ps.Step.Mechanics.SymbolFeature
	kind, ok := kindOf[sf.Kind]
	if !ok {
		return fmt.Errorf("a %s feature of the %s symbol: the engine knows the kinds %v", sf.Kind, sf.Symbol, tilekit.FeatureKinds)
	}
	var mask uint32
	for _, id := range sf.Figures {
		if k, ok := r.KindIndex(id); ok {
			mask |= 1 << k
		}
	}
	for typ, t := range r.tiles {
		if !slices.Contains(t.Symbols, sf.Symbol) {
			continue
		}
		for i := range t.Features {
			if f := &t.Features[i]; f.ID == sf.ID && kindOf[f.Kind] == kind {
				r.featOnly[int(r.featStart[typ])+i] = mask
			}
		}
	}
	return nil
}

// checkSymbolFeatures checks that every follower stands on a feature its
// kind may stand on (Game.mayStandOn).
func checkSymbolFeatures(iv *invariants) error {
	g := iv.g
	for _, f := range g.followers {
		if !g.mayStandOn(f.node, int(f.kind)) {
			return iv.broken("a %s of player %d stands on %s, which only other figures may", g.rules.kinds[f.kind].ID, f.player+1, g.board.describe(f.node))
		}
	}
	return nil
}
