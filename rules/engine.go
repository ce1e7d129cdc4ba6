package rules

import (
	"slices"

	"github.com/tilekit/tilekit"
)

// EngineSteps lists the ids of the steps of the order of play that the
// game engine plays by their id. The engine maps each to its
// implementation (a test of package game checks that the two lists
// agree); it also plays every step with a mechanic of the data (a
// movement, a deployment, a crossing, a dismissal, bonuses, scoring rules:
// Mechanics.Plays, StepPlayed), whatever its id. A step of the data that is neither, such as a fan expansion's
// own rule of another kind, is one the engine cannot play yet: the
// validator warns about it, and what plays games leaves out what needs it
// instead of failing.
var EngineSteps = []string{
	"place-tile", "place-figure", "score-features",
}

// EnginePlays reports whether the game engine plays the step with the id
// by its id.
func EnginePlays(id string) bool { return slices.Contains(EngineSteps, id) }

// StepPlayed reports whether the game engine plays a step: by its id, or
// by its mechanics (Mechanics.Plays), which the engine's general
// mechanics play from the data.
func StepPlayed(s *tilekit.Step) bool { return EnginePlays(s.ID) || s.Mechanics.Plays() }

// UnplayedSteps lists, in the order of the data, the steps of a selection
// in an edition (every edition for "") that the game engine does not play:
// a game of the selection cannot be played while it has any.
func UnplayedSteps(cat *tilekit.Catalog, sel Selection, edition tilekit.Edition) []*tilekit.Step {
	var out []*tilekit.Step
	for i := range cat.Steps {
		s := &cat.Steps[i]
		if sel.Has(s.Expansion) && InEdition(cat, s.Expansion, edition) && !StepPlayed(s) {
			out = append(out, s)
		}
	}
	return out
}
