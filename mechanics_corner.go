package tilekit

import "fmt"

// CornerFigure is a step's mechanic that puts a player's figure at a
// corner of the tile placed instead of deploying a follower: where four
// tiles meet and the four quarters at the corner (on each tile, the
// feature that touches the corner) are of a kind (Quarters). The figure
// joins the feature of those quarters, which may hold followers but no
// figure of a kind that stands at a corner (FollowerPlay.StandsAt); the
// followers there are scored at once by the kind's rule for the end of
// the game and go home. Followers whose feature joins the figure's later
// are scored by the kind's rule for a completed feature (a field is never
// completed, so a step states that rule) and go home; the figure stays to
// the end and weighs in the end's majority. The seed's is the barn of
// Abbey & Mayor (interactions/abbey-mayor-barn.toml, step barn-place).
type CornerFigure struct {
	// Figure is the kind of the player's figure; it stands at corners.
	Figure string
	// Word is the word of the moves in the move notation: "WORD
	// x,y:CORNER", such as "barn 1,0:NE".
	Word MoveWord
	// Quarters is the kind of feature each of the four quarters at the
	// corner must be.
	Quarters FeatureKind
	Source   Citation
	Origin   Origin
}

// Describe says what the mechanic does, in a sentence for a reader.
func (c *CornerFigure) Describe() string {
	return fmt.Sprintf("instead of a follower the player may put a %[1]s at a corner of the tile placed where four %[2]s quarters meet, in a %[2]s without one; the %[2]s's followers are scored at once and go home, and those that join it later too (moves: %[3]s X,Y:CORNER)", c.Figure, c.Quarters, c.Word)
}
