package game

import "github.com/tilekit/tilekit"

// MoveStep returns the id of the step of the order of play whose rule a
// move written in the move notation plays under the ruleset: the tile
// move's step for a tile move, the figure decision's for a follower move
// or "none", and for a unit's move the step of its mechanic (the step
// that deploys, dismisses, moves a companion or crosses by the move's
// word, or that moves the neutral figure step by step). It returns ""
// for a move of no step of the ruleset, or one that does not read. A
// site groups worked examples by it.
func (r *Ruleset) MoveStep(mt tilekit.MoveText) string {
	switch {
	case mt.Tile:
		return coreSteps[stepPlaceTile]
	case mt.Word == "":
		return coreSteps[stepPlaceFigure]
	}
	m, err := moveOf("", mt, -1)
	if err != nil {
		return ""
	}
	if k := moveKinds[m.Kind%numMoveKinds]; k != nil && k.step != nil {
		return k.step(r, m)
	}
	return ""
}

// stepOfWord returns the id of a unit's step when a move is written with
// the step's word, "" otherwise.
func stepOfWord(m Move, word Word, step string) string {
	if step == "" || m.Word != word {
		return ""
	}
	return step
}
