package validator

import (
	"slices"
	"strconv"

	"github.com/tilekit/tilekit"
)

// The checks of a turn's moves (moves = ["city"], ["portal 0,0:city"],
// ["none", "dragon N"]): each is read in the root package's move notation
// (tilekit.ParseMoveText), as the game engine reads it, and what it names
// is checked where the validator knows the board: the tile placed for a
// follower's feature, the tile at a position for the other moves. Whether
// a move is legal is the engine's to say, when the scenario runs.

// turnPlay is what the checks of a turn's moves know: the board once the
// turn's tile is laid (nil when not known), the tile laid (nil when not
// known) and when that is, for messages.
type turnPlay struct {
	board scenarioBoard
	tile  *tilekit.Tile
	when  string
}

// checkTurnMoves checks each move of a turn at its element of moves: its
// notation, the part of the selection its figure needs and what it names.
func (l *loader) checkTurnMoves(s *tilekit.Scenario, setup scenarioSetup, play turnPlay, t *tilekit.ScenarioTurn) {
	follower, elsewhere, by := false, -1, ""
	for k, text := range t.Moves {
		at := t.Origin.At("moves", strconv.Itoa(k))
		m, err := tilekit.ParseMoveText(text)
		switch {
		case err != nil:
			l.report(at, "move-syntax", Error, "%v", err)
			continue
		case m.Tile:
			l.report(at, "move-syntax", Error, "move %q is a tile move: the turn's at and rotation lay its tile, and moves gives the decisions after it", text)
			continue
		}
		if m.Word != "" {
			l.moveSelected(s, setup, m.Word, at)
		}
		second := l.deploysSecond(m.Figure)
		follower = follower || (m.Word == "" && m.Feature != "" && !second)
		if id := l.deploysElsewhere(m.Word); id != "" && !second {
			elsewhere, by = k, id
		}
		l.moveNames(play, m, at)
	}
	if follower && elsewhere >= 0 {
		l.report(t.Origin.At("moves", strconv.Itoa(elsewhere)), "portal-with-follower", Error,
			"the turn's moves put its follower on the placed tile and elsewhere, by step %s's deployment: a player places one follower, so drop one of the two", by)
	}
}

// deploysElsewhere returns the id of the step of the data whose
// deployment elsewhere, which places the turn's follower, has a move
// word, or "".
func (l *loader) deploysElsewhere(word tilekit.MoveWord) string {
	for i := range l.data.Steps {
		if d := l.data.Steps[i].Mechanics.Deployment; word != "" && d != nil && d.Word == word {
			return l.data.Steps[i].ID
		}
	}
	return ""
}

// deploysSecond reports whether a kind of figure is the one a step's
// second deployment deploys: its move is the turn's second follower, which
// may go onto the placed tile beside a deployment elsewhere, or elsewhere
// beside a follower on the tile.
func (l *loader) deploysSecond(figure string) bool {
	for i := range l.data.Steps {
		if d := l.data.Steps[i].Mechanics.SecondDeployment; figure != "" && d != nil && d.Figure == figure {
			return true
		}
	}
	return false
}

// moveSelected reports a move of a figure whose part the setup does not
// select.
func (l *loader) moveSelected(s *tilekit.Scenario, setup scenarioSetup, word tilekit.MoveWord, at tilekit.Origin) {
	if !setup.selected {
		return // the selection's own error is enough
	}
	for _, k := range figureKeys {
		if k.key == string(word) && !setup.sel.Has(k.part) {
			l.report(at, "figure-not-selected", Error,
				"a %s move moves %s, of %s, which scenario %s does not select: add %q to its expansions", word, k.figure, k.part, s.ID, k.part)
		}
	}
	var unselected *tilekit.Step
	for i := range l.data.Steps {
		st := &l.data.Steps[i]
		switch {
		case !slices.Contains(st.Mechanics.Words(), word):
		case setup.sel.Has(st.Expansion):
			return // a step the scenario selects gives the word
		case unselected == nil:
			unselected = st
		}
	}
	if st := unselected; st != nil {
		l.report(at, "figure-not-selected", Error,
			"a %s move is a move of step %s, of %s, which scenario %s does not select: add %q to its expansions", word, st.ID, st.Expansion, s.ID, st.Expansion)
	}
}

// moveNames checks the tile and the feature a move names: a follower's
// feature on the tile placed, another move's tile on the board and its
// feature on that tile.
func (l *loader) moveNames(play turnPlay, m tilekit.MoveText, at tilekit.Origin) {
	tile := play.tile
	if m.HasAt {
		if play.board == nil {
			return
		}
		if tile = play.board[m.At]; tile == nil {
			l.report(at, "move-off-board", Error, "move %q names the tile at %d,%d, where no tile lies %s", m.String(), m.At.X, m.At.Y, play.when)
			return
		}
	}
	if tile == nil || m.Feature == "" {
		return
	}
	if (m.IsIndex && m.Index >= len(tile.Features)) || (!m.IsIndex && tileFeature(tile, m.Feature) == nil) {
		l.report(at, "move-unknown-feature", Error, "move %q: tile %s has no feature %q%s", m.String(), tile.ID, m.Feature, featureHint(tile))
	}
}
