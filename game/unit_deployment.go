package game

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The mechanic of a deployment elsewhere: a step with a deployment in the
// rules data ([step.deployment]), whatever its id, lets the player who
// places a tile showing its trigger's symbol deploy the turn's follower,
// instead of on that tile, on a feature of any other tile in play. Its
// figures table says which kinds of follower may be deployed so, its
// destinations table which places they may go to (a field, a completed
// feature, an occupied feature, the tile of a neutral figure); a tile
// that keeps followers off stays closed. The follower is the turn's one
// follower.

// deploymentRules are the mechanic's compiled data: whether a step with
// a deployment plays, its step and word, the symbol that sets it off,
// which tile types show it, and the error of a follower placed after it.
type deploymentRules struct {
	deployAny    bool
	deployStep   *tilekit.Step
	deployWord   Word
	deploySymbol tilekit.Symbol
	deployTiles  []bool
	deployTaken  error
}

// MoveDeploy deploys the turn's follower elsewhere: on a feature of
// another tile than the one placed.
const MoveDeploy MoveKind = 1

// DeployMove deploys the turn's follower, by the ruleset's step with a
// deployment, on feature i of the tile at a position (the move's word is
// that step's).
func (r *Ruleset) DeployMove(p tilekit.BoardPosition, i int) Move {
	return Move{Kind: MoveDeploy, Follower: true, Placement: Placement{Pos: p}, Feature: int16(i), Word: r.deployWord}
}

var (
	deploymentUnit = unit{
		steps:   []unitStep{{figure: true, part: func(m *tilekit.Mechanics) bool { return m.Deployment != nil }, compile: compileDeployment}},
		rulings: readDeploymentRulings,
		playing: func(r *Ruleset) bool { return r.deployAny },
		hooks: unitHooks{
			figure: &figureHook{kind: MoveDeploy, moves: (*Game).deployMoves, apply: (*Game).deployElsewhere, refuse: (*Game).deployRefusal,
				second: (*Game).deployMovesOf},
		},
	}
	deploymentKind = moveKind{notation: placeNotation, parse: placeMove(MoveDeploy), deploys: true,
		takenBy: func(r *Ruleset, _ Word) error { return r.deployTaken },
		step: func(r *Ruleset, m Move) string {
			if r.deployStep == nil {
				return ""
			}
			return stepOfWord(m, r.deployWord, r.deployStep.ID)
		}}
)

// compileDeployment compiles a step with a deployment: its word, which
// names the kind's moves, and the symbol of its trigger.
func compileDeployment(r *Ruleset, ps rules.PlayedStep) error {
	d, t := ps.Step.Mechanics.Deployment, ps.Step.Mechanics.Trigger
	if r.deployStep != nil {
		return fmt.Errorf("the turn has two steps with a deployment (%s and %s): the engine plays one", r.deployStep.ID, ps.Step.ID)
	}
	if d.To != tilekit.DeployElsewhere {
		return fmt.Errorf("deployment to %q: the engine deploys to %s only", d.To, tilekit.DeployElsewhere)
	}
	if t == nil || t.On != tilekit.TriggerTileSymbol {
		return fmt.Errorf("a deployment is set off by a tile-symbol trigger, which the step lacks")
	}
	w, err := nameWord(d.Word, MoveDeploy)
	if err != nil {
		return err
	}
	r.deployStep, r.deployWord, r.deploySymbol = ps.Step, w, t.Symbol
	r.deployTaken = fmt.Errorf("the follower of this turn was deployed by step %s (%s)", ps.Step.ID, citationText(d.Source))
	return nil
}

// readDeploymentRulings reads the deployment's figures and destinations
// tables when a tile type shows its symbol and the turn has the figure
// decision; the deployment plays only when its figures table lets some
// kind of follower be deployed so.
func readDeploymentRulings(r *Ruleset, read rulingReader) error {
	r.deployAny = false
	if r.deployStep == nil || !r.hasStep(coreSteps[stepPlaceFigure]) {
		return nil
	}
	r.deployTiles = make([]bool, len(r.tiles))
	for typ, t := range r.tiles {
		r.deployTiles[typ] = slices.Contains(t.Symbols, r.deploySymbol)
		r.deployAny = r.deployAny || r.deployTiles[typ]
	}
	if !r.deployAny {
		return nil
	}
	d := r.deployStep.Mechanics.Deployment
	fr := &r.figures
	var through [MaxKinds]verdict
	if err := read(d.Figures, through[:len(r.kinds)], r.kindIDs()); err != nil {
		return err
	}
	// A destination is a free feature, so the place of a follower the
	// deployment brought is never one: that verdict is not read.
	to := slices.Clone(fr.places)
	if fr.deployedBy >= 0 {
		to[fr.deployedBy] = ""
	}
	if err := read(d.Destinations, fr.deployTo[:len(to)], to); err != nil {
		return err
	}
	fr.deployThrough, fr.deployVia = 0, slices.Clone(through[:len(r.kinds)])
	for k, v := range through[:len(r.kinds)] {
		if v.yes {
			fr.deployThrough |= 1 << k
		}
	}
	r.deployAny = fr.deployThrough != 0
	return nil
}

// deployMoves appends, when the tile just placed shows the deployment's
// symbol, a move for each feature of every other placed tile that the
// destinations table allows and each kind of follower at hand that the
// figures table allows and that may stand on it: by default an
// unoccupied, incomplete feature, not a field, not on the tile of a
// neutral figure, never where a unit keeps followers off.
func (g *Game) deployMoves(dst []Move) []Move { return g.deployMovesOf(dst, ^uint32(0)) }

// deployMovesOf appends the deployment's moves of the kinds of a mask (bit
// k for kind k), as deployMoves does.
func (g *Game) deployMovesOf(dst []Move, only uint32) []Move {
	r := g.rules
	fr := &r.figures
	if !r.deployTiles[g.tile] {
		return dst
	}
	// byKind holds, by kind of feature, the kinds at hand that stand on it.
	byKind, stands := g.kindsAtHand(fr.deployThrough & only)
	if !fr.deployTo[placeField].yes {
		stands &^= 1 << KindField
	}
	if stands == 0 {
		return dst
	}
	occupied, completed := fr.deployTo[placeOccupied].yes, fr.deployTo[placeCompleted].yes
	// joinAtHand says that a kind that joins its owner's followers may be
	// deployed so and is at hand.
	joinAtHand := false
	for _, kinds := range byKind {
		joinAtHand = joinAtHand || kinds&r.joining != 0
	}
	b := g.board
	for slot := range int32(len(b.placed) - 1) {
		cell := b.placed[slot]
		if g.closedToFollowers(cell) || g.tileOfRefusing(cell) >= 0 {
			continue
		}
		pos, typ := b.placedAt[slot], int(b.cells[cell].tile)-1
		only := r.featOnly[r.featStart[typ]:r.featStart[typ+1]]
		for i := range int32(len(only)) {
			x := b.instance(slot, i)
			n := &b.nodes[x]
			on := uint8(1) << n.kind
			if stands&on == 0 {
				continue
			}
			ri := b.find(x)
			root := &b.nodes[ri]
			if !completed && n.completeWith(root) {
				continue
			}
			kinds := ^r.joining
			if root.followers > 0 && !occupied {
				kinds = 0
			}
			if joinAtHand && root.followers > 0 && g.joinable(ri, int32(g.turn)) {
				kinds |= r.joining
			}
			if kinds &= byKind[n.kind] & only[i]; kinds != 0 {
				dst = g.appendDeployKinds(dst, kinds, pos, int(i))
			}
		}
	}
	return dst
}

// tileOfRefusing returns the place of the tile of a neutral figure that
// stands on a cell and that the destinations table refuses, or -1.
func (g *Game) tileOfRefusing(cell int32) int {
	fr := &g.rules.figures
	for _, p := range fr.tileOf {
		if cell == g.at[p.figure] && !fr.deployTo[p.place].yes {
			return int(p.place)
		}
	}
	return -1
}

// appendDeployKinds appends a deployment onto feature i of the tile at a
// position for each kind of a mask (bit k for kind k): the kinds at hand
// that may stand on it (a kind that joins its owner's followers only
// where the player has one).
func (g *Game) appendDeployKinds(dst []Move, kinds uint32, pos tilekit.BoardPosition, i int) []Move {
	r := g.rules
	if len(r.kinds) == 1 { // the meeple alone
		return append(dst, r.DeployMove(pos, i))
	}
	for ; kinds != 0; kinds &= kinds - 1 {
		dst = append(dst, Move{Kind: MoveDeploy, Follower: true, Placement: Placement{Pos: pos}, Feature: int16(i), Figure: int8(bits.TrailingZeros32(kinds)), Word: r.deployWord})
	}
	return dst
}

// deployElsewhere plays a legal deployment: the follower goes onto the
// feature it names. It notes the rulings that let it go there (the
// figures table's for its kind, and the destinations table's for each
// place it goes to that the default would refuse: a field, an occupied or
// completed feature, a neutral figure's tile), since no event carries
// them.
func (g *Game) deployElsewhere(m Move, events []Event) []Event {
	idx, _ := g.board.index(m.Placement.Pos)
	x := g.board.instance(int32(g.board.cells[idx].slot), int32(m.Feature))
	if g.ruled != nil {
		g.noteDeployRulings(int32(idx), x, int(m.Figure))
	}
	g.deploy(x, uint8(m.Figure), MoveDeploy)
	return events
}

// noteDeployRulings notes the rulings that let a follower of a kind be
// deployed onto an instance of the tile of a cell, before it goes there.
func (g *Game) noteDeployRulings(cell, x int32, kind int) {
	fr := &g.rules.figures
	if kind < len(fr.deployVia) {
		g.noteRuling(fr.deployVia[kind])
	}
	n := &g.board.nodes[x]
	if n.kind == KindField {
		g.noteRuling(fr.deployTo[placeField])
	}
	if g.board.nodes[g.board.find(x)].followers > 0 {
		g.noteRuling(fr.deployTo[placeOccupied])
	}
	if g.instanceComplete(x) {
		g.noteRuling(fr.deployTo[placeCompleted])
	}
	for _, p := range fr.tileOf {
		if cell == g.at[p.figure] {
			g.noteRuling(fr.deployTo[p.place])
		}
	}
}

// deployRefusal says why a deployment onto an instance of the tile of a
// cell is not legal, where the reason is known, or nil.
func (g *Game) deployRefusal(m Move, cell, x int32) error {
	r := g.rules
	fr := &r.figures
	what := g.board.describe(x)
	switch {
	case int(m.Figure) > 0 && int(m.Figure) < len(fr.deployVia) && !fr.deployVia[m.Figure].yes:
		v := fr.deployVia[m.Figure]
		return refusedBy(v, fmt.Errorf("no %s may be deployed elsewhere (%s)", r.kinds[m.Figure].ID, reasonText(v.reason)))
	case !r.deployTiles[g.tile]:
		return fmt.Errorf("%s shows no %s symbol (%s)", r.ID(g.tile), r.deploySymbol, citationText(r.deployStep.Mechanics.Trigger.Source))
	case cell == g.lastCell:
		return fmt.Errorf("%s is on the tile just placed: put the follower there as usual", what)
	case g.keepsOff(cell) >= 0:
		return fmt.Errorf("%s %w", what, g.whyClosed(cell))
	case g.board.nodes[g.board.find(x)].followers > 0 && !fr.deployTo[placeOccupied].yes:
		v := fr.deployTo[placeOccupied]
		return refusedBy(v, fmt.Errorf("%s is already occupied (%s)", what, reasonText(v.reason)))
	case g.instanceComplete(x) && !fr.deployTo[placeCompleted].yes:
		v := fr.deployTo[placeCompleted]
		return refusedBy(v, fmt.Errorf("%s is complete (%s)", what, reasonText(v.reason)))
	}
	if p := g.tileOfRefusing(cell); p >= 0 {
		v := fr.deployTo[p]
		return refusedBy(v, fmt.Errorf("%s lies on the %s's tile (%s)", what, fr.tileOfFigure(p), reasonText(v.reason)))
	}
	return nil
}
