package validator

import "github.com/tilekit/tilekit"

// The checks of the keys that place the expansions' figures in a
// scenario: the red dragon, the fairy, the magic portal and the princess
// (The Princess and the Dragon), the Black Dragon (a fan expansion) and the
// drawbridges (The Drawbridges). A turn's moves of the figures are checked
// in scenarios_moves.go.

// figureKey is a scenario key that needs a part of an expansion.
type figureKey struct {
	key    string // the key, at any level it is written at
	part   string // the expansion or part id the scenario must select
	figure string // what the key moves, for the message
}

// figureKeys lists the keys of the figures and the part each needs; the
// moves of the figures (fairy, dragon, black-dragon) need the part their
// word's key does, and a move whose word a step's mechanics give
// (Mechanics.Words) the step's expansion.
var figureKeys = []figureKey{
	{"dragon", "princess-dragon/dragon", "the red dragon"},
	{"dragon-options", "princess-dragon/dragon", "the red dragon"},
	{"fairy", "princess-dragon/fairy", "the fairy"},
	{"black-dragon", "black-dragon", "the Black Dragon"},
}

// figuresSelected reports each figure key written at an Origin (given
// tells which are) whose part the setup does not select.
func (l *loader) figuresSelected(s *tilekit.Scenario, setup scenarioSetup, given func(key string) bool, at tilekit.Origin) {
	if !setup.selected {
		return // the selection's own error is enough
	}
	for _, k := range figureKeys {
		if given(k.key) && !setup.sel.Has(k.part) {
			l.report(at.At(k.key), "figure-not-selected", Error,
				"%s moves %s, of %s, which scenario %s does not select: add %q to its expansions", k.key, k.figure, k.part, s.ID, k.part)
		}
	}
}

// scenarioFigureGiven reports which figure keys a scenario's setup gives.
func scenarioFigureGiven(s *tilekit.Scenario) func(string) bool {
	return func(key string) bool {
		switch key {
		case "dragon":
			return s.Dragon != nil
		case "black-dragon":
			return s.BlackDragon != nil
		case "fairy":
			return s.Fairy != nil
		}
		return false
	}
}

// turnFigureGiven reports which figure keys a turn gives: dragon-options
// (its moves are checked one by one).
func turnFigureGiven(t *tilekit.ScenarioTurn) func(string) bool {
	return func(key string) bool { return key == "dragon-options" && t.DragonOptions != nil }
}

// expectFigureGiven reports which figure keys an expectation gives.
func expectFigureGiven(e *tilekit.ScenarioExpect) func(string) bool {
	return func(key string) bool {
		switch key {
		case "dragon":
			return e.Dragon != nil
		case "black-dragon":
			return e.BlackDragon != nil
		case "fairy":
			return e.Fairy != nil
		}
		return false
	}
}

// checkScenarioFiguresSelected checks that every figure key of a scenario,
// its turns and its expectations names a figure of the selection.
func (l *loader) checkScenarioFiguresSelected(s *tilekit.Scenario, setup scenarioSetup) {
	l.figuresSelected(s, setup, scenarioFigureGiven(s), s.Origin)
	for j := range s.Turns {
		t := &s.Turns[j]
		l.figuresSelected(s, setup, turnFigureGiven(t), t.Origin)
		l.figuresSelected(s, setup, expectFigureGiven(&t.Expect), t.Expect.Origin)
	}
	l.figuresSelected(s, setup, expectFigureGiven(&s.Expect), s.Expect.Origin)
}

// figuresBeforeTheFirstTurn checks that the red dragon, the Black Dragon
// and the fairy of a scenario's setup stand on tiles of its position.
func (l *loader) figuresBeforeTheFirstTurn(board scenarioBoard, s *tilekit.Scenario) {
	const when = "before the first turn"
	if s.Dragon != nil {
		l.figureOnBoard(board, *s.Dragon, "the red dragon", s.Origin.At("dragon"), when)
	}
	if s.BlackDragon != nil {
		l.figureOnBoard(board, *s.BlackDragon, "the Black Dragon", s.Origin.At("black-dragon"), when)
	}
	if s.Fairy != nil && l.figureOnBoard(board, s.Fairy.At, "the fairy", s.Fairy.Origin.At("at"), when) && s.Fairy.Feature != "" {
		l.placeFeature(board, *s.Fairy)
	}
}

// expectedFiguresOnBoard checks that the positions an expectation gives
// for the red dragon, the fairy and the Black Dragon are tiles of the
// board; "" (beside the board) needs none.
func (l *loader) expectedFiguresOnBoard(board scenarioBoard, e *tilekit.ScenarioExpect, when string) {
	for _, f := range []struct {
		at          *string
		key, figure string
	}{{e.Dragon, "dragon", "the red dragon"}, {e.Fairy, "fairy", "the fairy"}, {e.BlackDragon, "black-dragon", "the Black Dragon"}} {
		if f.at != nil && *f.at != "" {
			l.figureOnBoard(board, parseBoardPosition(*f.at), f.figure, e.Origin.At(f.key), when)
		}
	}
}

// figureOnBoard reports a figure at a position where no tile lies, and
// tells whether a tile lies there.
func (l *loader) figureOnBoard(board scenarioBoard, p tilekit.BoardPosition, figure string, at tilekit.Origin, when string) bool {
	if board[p] == nil {
		l.report(at, "figure-off-board", Error, "%s stands at %d,%d, where no tile lies %s", figure, p.X, p.Y, when)
		return false
	}
	return true
}

// placeFeature checks that the tile at a place, which lies on the board,
// has the place's feature.
func (l *loader) placeFeature(board scenarioBoard, p tilekit.ScenarioPlace) {
	tile := board[p.At]
	if tileFeature(tile, p.Feature) == nil {
		l.report(p.Origin.At("feature"), "unknown-feature", Error, "tile %s at %d,%d has no feature %q%s", tile.ID, p.At.X, p.At.Y, p.Feature, featureHint(tile))
	}
}
