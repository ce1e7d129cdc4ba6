package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// The unit of the volcano of The Princess & the Dragon (Wikicarpedia: The
// Princess and The Dragon (1st edition)/de, Der Vulkan): the volcano's
// step moves the dragon onto its tile (a movement, unit_moving.go), and
// the table volcano-deploy, which no step's data names, says which figures
// may still be deployed to that tile.

// volcanoStep is the id of the volcano's step.
const volcanoStep = "volcano-dragon"

// volcanoRules are the unit's compiled data: the volcano's movement (1 +
// its index in the turn's movements, 0 for none).
type volcanoRules struct {
	volcano int
}

var volcanoUnit = unit{
	rulings: readVolcanoRulings,
	playing: func(r *Ruleset) bool { return r.volcano > 0 },
	hooks: unitHooks{
		blocks: &blockHook{blocks: func(g *Game) bool { return g.volcanoBlocks(FigureMeeple) }, why: (*Game).whyVolcanoBlocks},
	},
}

// readVolcanoRulings finds the volcano's movement and reads
// volcano-deploy.
func readVolcanoRulings(r *Ruleset, read rulingReader) error {
	for k := range r.moves {
		if r.moves[k].id == volcanoStep {
			r.volcano = k + 1
		}
	}
	if r.volcano == 0 {
		return nil
	}
	ids := figureIDs()
	r.figures.volcanoDeploy = make([]verdict, len(ids))
	return read("volcano-deploy", r.figures.volcanoDeploy, ids)
}

// volcanoBlocks reports whether volcano-deploy keeps a figure off the
// volcano tile just placed.
func (g *Game) volcanoBlocks(f figure) bool {
	r := g.rules
	return r.volcano > 0 && g.tile >= 0 && r.tileBits[g.tile]&r.moves[r.volcano-1].trigger.bit != 0 && !r.figures.volcanoDeploy[f].yes
}

// whyVolcanoBlocks says why volcanoBlocks.
func (g *Game) whyVolcanoBlocks() error {
	return fmt.Errorf("no follower may be deployed to the %s tile at %s (%s)", tilekit.SymbolVolcano, notationPos(g.last.Pos),
		reasonText(g.rules.figures.volcanoDeploy[FigureMeeple].reason))
}
