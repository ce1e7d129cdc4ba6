package tilekit

import "fmt"

// ExtraTurn is a step's mechanic that gives the active player another
// turn: when the tile placed extends a feature on which a figure of theirs
// of a kind (Figure) stands, they place a second tile once the turn ends.
// The second tile's turn gives no further one, and the steps before the
// tile move are not played again in it. The seed's is the builder's double
// turn of Traders & Builders (interactions/traders-builders.toml, step
// builder-double-turn).
type ExtraTurn struct {
	// Figure is the id of the player's figure whose feature, extended by
	// the tile, gives the turn.
	Figure string
	Source Citation
	Origin Origin
}

// Describe says what the mechanic does, in a sentence for a reader.
func (e *ExtraTurn) Describe() string {
	return fmt.Sprintf("when the tile placed extends a feature with the active player's %s, they place another tile after this turn (once a turn; the steps before the tile move are not played again)", e.Figure)
}
