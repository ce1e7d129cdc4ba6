package tilekit

import (
	"fmt"
	"strings"
)

// Relocation is a step's mechanic that lets a follower move on once its
// feature is scored, instead of going home: its owner may move it into a
// feature of one of the kinds Into that is still incomplete and holds no
// follower, on the tile the follower stood on or on a tile at most Reach
// tiles away in any of the eight directions, or take it back. Owners
// decide in turn order from the player whose turn it is. A follower that
// a crossing may also move (Crossing) does one or the other. The seed's is
// the wagon of Abbey & Mayor (interactions/abbey-mayor-barn.toml, step
// wagon-move).
type Relocation struct {
	// Figure is the kind of follower that moves on.
	Figure string
	// Word is the word of the moves in the move notation: "WORD
	// x,y:FEATURE" and "WORD home".
	Word MoveWord
	// Into are the kinds of feature it may move into.
	Into []FeatureKind
	// Reach is how many tiles away, in any of the eight directions, the
	// tile of the feature it moves into may be (1: the tile it stood on
	// and the eight around it).
	Reach  int
	Source Citation
	Origin Origin
}

// Describe says what the mechanic does, in a sentence for a reader.
func (r *Relocation) Describe() string {
	into := make([]string, len(r.Into))
	for i, k := range r.Into {
		into[i] = string(k)
	}
	return fmt.Sprintf("once its feature is scored a %s may move on to an incomplete %s without a follower, on its tile or up to %d tiles away, instead of going home (moves: %s x,y:FEATURE or %s home)",
		r.Figure, strings.Join(into, ", "), r.Reach, r.Word, r.Word)
}
