package tilekit

import "fmt"

// Dismissal is a step's mechanic that removes one follower from a feature
// the tile placed this turn extends: when a feature of the tile of a kind
// (Feature) that carries an attribute (Attribute) joins a feature with
// followers, the player may, or must (the step's choice), remove one of
// them, as a table allows (Table), and the follower goes where the step's
// removals say. The seed's is the princess of The Princess & the Dragon
// (interactions/order.toml, step princess-remove).
type Dismissal struct {
	// Word is the word of the step's moves in the move notation ("WORD
	// x,y:FEATURE", the follower removed) and of its events in the event
	// notation ("WORD pN KIND").
	Word MoveWord
	// Feature is the kind of the features the mechanic concerns.
	Feature FeatureKind
	// Attribute marks the features of the tile placed that set the
	// mechanic off.
	Attribute Attribute
	// Table is the interaction table that says which figures the
	// mechanic may remove.
	Table  string
	Source Citation
	Origin Origin
}

// Describe says what the mechanic does, in a sentence for a reader, such
// as "when a city of the tile placed that carries the princess attribute
// extends a city with followers, one of them is removed, as princess-removal
// allows (moves: princess X,Y:FEATURE)".
func (d *Dismissal) Describe() string {
	return fmt.Sprintf("when a %[1]s of the tile placed that carries the %[2]s attribute extends a %[1]s with followers, one of them is removed, as %[3]s allows (moves: %[4]s X,Y:FEATURE)",
		d.Feature, d.Attribute, d.Table, d.Word)
}
