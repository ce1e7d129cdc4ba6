package tilekit

import "fmt"

// DeploymentTarget says where a deployment puts the turn's follower.
type DeploymentTarget string

// DeployElsewhere puts the follower on a feature of a tile other than the
// one placed this turn, anywhere on the board.
const DeployElsewhere DeploymentTarget = "elsewhere"

// DeploymentTargets lists the deployment targets in the schema's order.
var DeploymentTargets = []DeploymentTarget{DeployElsewhere}

// Deployment is a step that offers another place for the turn's one
// follower: instead of on the tile placed, the player may deploy it
// where the step says (To), when the step's trigger fires. Its moves are
// written with its word ("WORD x,y:feature"); Figures names the table
// that says which followers may be deployed so, and Destinations the
// table that says which places (expansions/places.toml) they may go to.
type Deployment struct {
	// Word is the word of the step's moves in the move notation.
	Word MoveWord
	// To says where the follower goes (one of DeploymentTargets).
	To DeploymentTarget
	// Figures is the id of the table of the followers that may be
	// deployed so, and Destinations the id of the table of the places
	// they may go to.
	Figures, Destinations string
	Source                Citation
	Origin                Origin
}

// Describe says what the deployment lets the player do, in a sentence for
// a reader.
func (d *Deployment) Describe() string {
	out := "the turn's follower may be deployed, instead of on the tile placed, "
	switch d.To {
	case DeployElsewhere:
		out += "on a feature of any other tile"
	default:
		out += string(d.To)
	}
	out += fmt.Sprintf(", written %q; %s says which followers may, %s where they may go", string(d.Word)+" x,y:feature", d.Figures, d.Destinations)
	return out
}
