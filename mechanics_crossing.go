package tilekit

import "fmt"

// Crossing says how a step lets followers cross from a feature just scored
// into a feature linked to it: after a completed feature of one kind is
// scored, the followers of its sole majority that stand on a tile whose
// feature links (a key of the tile data, such as a road's list of the
// cities it reaches) to an incomplete feature of another kind are held
// back, and their owner moves each into such a feature or sends it home.
// Who chooses, whether they must, and where a follower sent home goes are
// the step's choice and removals.
type Crossing struct {
	// Word is the word of the step's moves in the move notation, such as
	// "WORD x,y:city" and "WORD home"; it also names the decision the game
	// waits for.
	Word MoveWord
	// From is the kind of the feature scored whose followers may cross.
	From FeatureKind
	// Into is the kind of the linked feature they cross into, which must
	// still be incomplete.
	Into FeatureKind
	// Link is the key of a feature of the tile data that lists the
	// features of its tile it links to (one of LinkKeys).
	Link string
	// Table is the table whose verdict for a kind of follower says whether
	// it may cross.
	Table  string
	Source Citation
	Origin Origin
}

// Describe says what the crossing does, in a sentence for a reader, such
// as "followers of a completed road may cross into an incomplete city its
// drawbridges link, as drawbridge-figures allows (moves: drawbridge)".
func (c *Crossing) Describe() string {
	out := fmt.Sprintf("followers of a completed %s may cross into an incomplete %s its %s link", c.From, c.Into, c.Link)
	if c.Table != "" {
		out += ", as " + c.Table + " allows"
	}
	return out + " (moves: " + string(c.Word) + ")"
}
