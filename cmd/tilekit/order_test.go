package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// TestEveryMechanicHasALabel checks that the text output of order heads
// every part of a step's engine data: a part without a label printed as
// ": text".
func TestEveryMechanicHasALabel(t *testing.T) {
	step := tilekit.Step{ID: "all", Mechanics: tilekit.Mechanics{
		Trigger: &tilekit.Trigger{}, Movement: &tilekit.Movement{}, Deployment: &tilekit.Deployment{}, Crossing: &tilekit.Crossing{},
		Dismissal: &tilekit.Dismissal{}, CornerFigure: &tilekit.CornerFigure{}, Relocation: &tilekit.Relocation{},
		SymbolFeature: &tilekit.SymbolFeature{}, Recall: &tilekit.Recall{}, HeldTile: &tilekit.HeldTile{},
		Removals: []tilekit.Removal{{}}, Scoring: []tilekit.ScoreRule{{}}, Bonuses: []tilekit.Bonus{{}},
	}}
	parts := mechanics(rules.PlayedStep{Step: &step, Choice: &tilekit.Choice{}})
	assert.Len(t, parts, 14)
	for _, m := range parts {
		assert.NotEmpty(t, mechanicLabel[m.Part], "part %s has no label", m.Part)
	}
}
