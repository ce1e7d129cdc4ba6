package tilekit

import "fmt"

// SecondDeployment is a step's mechanic that lets the player deploy a
// second follower in the turn: after the figure decision, one follower of
// a kind (Figure) onto a free feature of the tile placed, as a follower is
// placed there, or by a deployment elsewhere (Deployment) that the figure
// decision did not use: a way of deploying serves one follower a turn. A
// figure decision taken by a step whose choice replaces
// place-figure (Choice.InsteadOf) allows it only when that choice
// excepts the figure (Choice.Except). The seed's is the phantom of The
// Phantom (interactions/phantom.toml, step phantom-deploy).
type SecondDeployment struct {
	Figure string
	Source Citation
	Origin Origin
}

// Describe says what the mechanic does, in a sentence for a reader.
func (s *SecondDeployment) Describe() string {
	return fmt.Sprintf("after the figure decision the player may also deploy a %s on a free feature of the tile placed, or elsewhere by a deployment the figure decision did not use, unless a step's action replaced the deployment without excepting it", s.Figure)
}
