package game

import (
	"errors"
	"fmt"

	"github.com/tilekit/tilekit"
)

// figureMoves lists the figure decision of a turn with expansions: when
// the princess must remove a knight and can, only her moves; else none,
// a follower on each free feature of the tile just placed (not on the
// dragon's tile nor a volcano tile), through a magic portal, the
// princess's moves, and the fairy's.
func (g *Game) figureMoves(dst []Move) []Move {
	if g.rules.princess.must && g.hasPrincessMove() {
		return g.princessMoves(dst)
	}
	dst = append(dst, NoFollower)
	if g.players[g.turn].Supply > 0 && !g.deployBlocked() {
		base := g.lastBase()
		noFarmers := g.rules.opts.NoFarmers
		for i := range int32(g.rules.NumFeatures(g.tile)) {
			n := &g.board.nodes[g.board.find(base+i)]
			if n.followers == 0 && !(noFarmers && n.kind == KindField) {
				dst = append(dst, FollowerMove(int(i)))
			}
		}
	}
	dst = g.portalMoves(dst)
	dst = g.princessMoves(dst)
	return g.fairyMoves(dst)
}

// deployBlocked reports whether no follower may be deployed to the tile
// just placed: a volcano tile, when volcano-deploy does not allow the
// meeple (Wikicarpedia: The Princess and The Dragon (1st edition)/de, Der
// Vulkan), or the dragon's tile when a step's movement forbids it (At no
// point may followers occupy the same tile as the dragon).
func (g *Game) deployBlocked() bool {
	r := g.rules
	if !r.expansions {
		return false
	}
	volcano := r.hasStep[stepVolcano] && r.hasSymbol(g.tile, symVolcano) && !r.figures.volcanoDeploy[figMeeple].yes
	return volcano || g.dragonKeepsOff(g.lastCell)
}

// dragonKeepsOff reports whether no follower may come onto a cell because
// the red dragon stands there and a step's movement forbids it (no-deploy):
// the rule the deployment, the magic portal, the drawbridges and the
// Playout's invariants all read.
func (g *Game) dragonKeepsOff(cell int32) bool {
	r := g.rules
	return g.dragonCell >= 0 && cell == g.dragonCell && (r.dragon.noDeploy || r.volcanoNoDeploy)
}

// whyBlocked says why deployBlocked, or "".
func (g *Game) whyBlocked() string {
	r := g.rules
	if !g.deployBlocked() {
		return ""
	}
	if r.hasStep[stepVolcano] && r.hasSymbol(g.tile, symVolcano) && !r.figures.volcanoDeploy[figMeeple].yes {
		return fmt.Sprintf("no follower may be deployed to the volcano tile at %s (%s)", notationPos(g.last.Pos), reasonText(r.figures.volcanoDeploy[figMeeple].reason))
	}
	return fmt.Sprintf("no follower may stand on the dragon's tile at %s (%s)", notationPos(g.last.Pos), sourceVolcano)
}

// applyFigure plays the figure decision.
func (g *Game) applyFigure(m Move, events []Event) ([]Event, error) {
	switch m.Kind {
	case MoveBase:
		if g.rules.princess.must && g.hasPrincessMove() {
			return events, errors.New("the princess must send a knight of the city home: no follower may be placed (" + sourcePrincess + ")")
		}
		if m.Feature >= 0 {
			if err := g.putFollower(m.Feature); err != nil {
				return events, err
			}
		}
	case MovePortal, MovePrincess, MoveFairy:
		if err := g.checkLegal(m); err != nil {
			return events, g.refusal(m, err)
		}
		events = g.playFigure(m, events)
		g.figureKind = m.Kind
	default:
		return events, fmt.Errorf("%s is not a legal move now (%s)", g.MoveText(m), g.decisionText())
	}
	return g.resume(events), nil
}

// playFigure plays a legal portal, princess or fairy move.
func (g *Game) playFigure(m Move, events []Event) []Event {
	idx, _ := g.board.index(m.Placement.Pos)
	x := g.board.cells[idx].slot*int32(g.rules.maxFeatures) + int32(max(m.Feature, 0))
	switch m.Kind {
	case MovePortal:
		g.board.nodes[g.board.find(x)].followers++
		g.players[g.turn].Supply--
		g.followers = append(g.followers, follower{player: int32(g.turn), node: x, portal: true})
	case MovePrincess:
		i := g.followerAt(x)
		f := g.followers[i]
		events = append(events, Event{Kind: EventPrincess, Player: int(f.player), Feature: g.board.feature(g.board.find(x))})
		g.removeFollower(i, g.rules.princessOut)
	case MoveFairy:
		g.fairyCell, g.fairyNode, g.fairyPlayer = int32(idx), -1, -1
		if m.Feature >= 0 {
			g.fairyNode, g.fairyPlayer = x, int32(g.turn)
		}
		events = append(events, Event{Kind: EventMoved, Actor: figFairy, Pos: m.Placement.Pos, Player: -1})
	}
	return events
}

// followerAt returns the index of the first follower on an instance, or
// -1.
func (g *Game) followerAt(x int32) int {
	for i, f := range g.followers {
		if f.node == x {
			return i
		}
	}
	return -1
}

// hasPrincessMove reports whether the princess can send a knight home: a
// princess's city of the tile just placed joins a city with a follower.
func (g *Game) hasPrincessMove() bool {
	r := g.rules
	if !r.hasStep[stepPrincess] || !r.figures.princessTakes.yes {
		return false
	}
	base := g.lastBase()
	for i := range r.NumFeatures(g.tile) {
		if r.isPrincess(g.tile, i) && g.board.nodes[g.board.find(base+int32(i))].followers > 0 {
			return true
		}
	}
	return false
}

// princessMoves appends a move for each knight the princess may send home:
// each follower on a city joined to a princess's city of the tile just
// placed, when princess-removal allows the meeple (Wikicarpedia: The
// Princess and The Dragon (1st edition)/de, Das Burgfräulein).
func (g *Game) princessMoves(dst []Move) []Move {
	r := g.rules
	if !r.hasStep[stepPrincess] || !r.figures.princessTakes.yes {
		return dst
	}
	base := g.lastBase()
	maxF := int32(r.maxFeatures)
	for i := range r.NumFeatures(g.tile) {
		if !r.isPrincess(g.tile, i) || g.sameRootBefore(base, i) {
			continue
		}
		root := g.board.find(base + int32(i))
		if g.board.nodes[root].followers == 0 {
			continue
		}
		for _, f := range g.followers {
			if g.board.find(f.node) == root {
				pos := g.board.position(int(g.board.placed[f.node/maxF]))
				dst = append(dst, PrincessMove(pos, int(f.node%maxF)))
			}
		}
	}
	return dst
}

// sameRootBefore reports whether an earlier princess's city of the tile
// just placed belongs to the same joined city as feature i.
func (g *Game) sameRootBefore(base int32, i int) bool {
	root := g.board.find(base + int32(i))
	for j := range i {
		if g.rules.isPrincess(g.tile, j) && g.board.find(base+int32(j)) == root {
			return true
		}
	}
	return false
}

// portalMoves appends, when the tile just placed shows a magic portal and
// portal-figures allows the meeple, a move for each feature of every other
// placed tile that portal-destinations allows: an unoccupied, incomplete
// feature, a field, not on a tile with a magic portal nor the fairy's,
// never on the dragon's tile (Wikicarpedia: The Princess and The Dragon
// (1st edition)/de, Der Zaubergang).
func (g *Game) portalMoves(dst []Move) []Move {
	r := g.rules
	fr := &r.figures
	if !r.anyPortal || !r.hasSymbol(g.tile, symPortal) || !fr.portalFigure.yes || g.players[g.turn].Supply == 0 {
		return dst
	}
	maxF := int32(r.maxFeatures)
	for slot := range int32(len(g.board.placed) - 1) {
		cell := g.board.placed[slot]
		c := g.board.cells[cell]
		typ := int(c.tile) - 1
		if g.dragonKeepsOff(cell) || (cell == g.fairyCell && !fr.portalTo[placeFairyTile].yes) {
			continue
		}
		pos := g.board.position(int(cell))
		for i := range int32(r.NumFeatures(typ)) {
			if g.portalAllows(slot*maxF + i) {
				dst = append(dst, PortalMove(pos, int(i)))
			}
		}
	}
	return dst
}

// portalAllows reports whether portal-destinations allows a follower onto
// an instance by its kind, completion and occupation.
func (g *Game) portalAllows(x int32) bool {
	fr := &g.rules.figures
	n := &g.board.nodes[x]
	root := &g.board.nodes[g.board.find(x)]
	switch {
	case n.kind == KindField && (g.rules.opts.NoFarmers || !fr.portalTo[placeField].yes):
		return false
	case root.followers > 0 && !fr.portalTo[placeOccupied].yes:
		return false
	}
	return !g.instanceComplete(x) || fr.portalTo[placeCompleted].yes
}

// fairyMoves appends the fairy's moves, instead of a deployment, when
// fairy-companions allows the meeple: next to each of the player's
// followers (Hans im Glück), or onto each tile with one (a conditional
// verdict: Rio Grande, Z-Man); not where it stands already, and not on a
// volcano turn unless volcano-deploy allows the fairy (Wikicarpedia: The
// Princess and The Dragon (1st edition)/de, Die Fee; Der Vulkan).
func (g *Game) fairyMoves(dst []Move) []Move {
	r := g.rules
	fr := &r.figures
	if !r.hasStep[stepFairyMove] || !fr.companion.yes {
		return dst
	}
	if r.hasSymbol(g.tile, symVolcano) && r.hasStep[stepVolcano] && !fr.volcanoDeploy[figFairy].yes {
		return dst
	}
	maxF := int32(r.maxFeatures)
	for i, f := range g.followers {
		if int(f.player) != g.turn {
			continue
		}
		cell := g.board.placed[f.node/maxF]
		pos := g.board.position(int(cell))
		if !fr.companionOnTile {
			if f.node != g.fairyNode || f.player != g.fairyPlayer {
				dst = append(dst, FairyMove(pos, int(f.node%maxF)))
			}
			continue
		}
		if cell != g.fairyCell && !g.playerOnCellBefore(i, cell) {
			dst = append(dst, FairyMove(pos, -1))
		}
	}
	return dst
}

// playerOnCellBefore reports whether a follower before follower i of the
// same player stands on a cell's tile.
func (g *Game) playerOnCellBefore(i int, cell int32) bool {
	maxF := int32(g.rules.maxFeatures)
	for _, f := range g.followers[:i] {
		if f.player == g.followers[i].player && g.board.placed[f.node/maxF] == cell {
			return true
		}
	}
	return false
}

// fairyPoint scores 1 point at the start of a turn for the player whose
// follower the fairy stands next to, or with one on the fairy's tile under
// Rio Grande's and Z-Man's rules (Wikicarpedia: The Princess and The
// Dragon (1st edition)/de, Die Fee: 1 Point at the beginning of a turn).
func (g *Game) fairyPoint(events []Event) []Event {
	if g.fairyCell < 0 || !g.hasFairyFollower(g.turn, -1) {
		return events
	}
	g.players[g.turn].Score++
	return append(events, Event{Kind: EventScored, Player: g.turn, Points: 1, Scoring: RuleFairyTurn})
}

// hasFairyFollower reports whether a player has the follower the fairy
// stands next to (on its tile, Rio Grande and Z-Man), on the joined
// feature of a root when root is not -1.
func (g *Game) hasFairyFollower(player int, root int32) bool {
	if !g.rules.figures.companionOnTile {
		return g.fairyNode >= 0 && int(g.fairyPlayer) == player && (root < 0 || g.board.find(g.fairyNode) == root)
	}
	maxF := int32(g.rules.maxFeatures)
	for _, f := range g.followers {
		if int(f.player) == player && g.board.placed[f.node/maxF] == g.fairyCell && (root < 0 || g.board.find(f.node) == root) {
			return true
		}
	}
	return false
}

// fairyBonus scores 3 points to the owner of the follower next to the
// fairy (each player with a follower on its tile, Rio Grande and Z-Man)
// when that follower's feature is scored, whatever the feature scores
// (Wikicarpedia: The Princess and The Dragon (1st edition)/de, Die Fee: 3
// Points at scoring).
func (g *Game) fairyBonus(f Feature, end bool, events []Event) []Event {
	for p := range g.players {
		if g.hasFairyFollower(p, int32(f.ID)) {
			g.players[p].Score += 3
			events = append(events, Event{Kind: EventScored, Feature: f, Player: p, Points: 3, End: end, Scoring: RuleFairyFeature})
		}
	}
	return events
}

// FigureAt returns where a neutral figure stands: "dragon", "fairy" or
// "black-dragon"; ok is false when it stands beside the board.
func (g *Game) FigureAt(id string) (p tilekit.BoardPosition, ok bool) {
	cell := map[string]int32{"dragon": g.dragonCell, "fairy": g.fairyCell, "black-dragon": g.blackCell}[id]
	if cell <= 0 {
		return p, false
	}
	return g.board.position(int(cell)), true
}

// refusal says why a portal, princess or fairy move is not legal, where
// the reason is known, else returns err.
func (g *Game) refusal(m Move, err error) error {
	idx, ok := g.board.index(m.Placement.Pos)
	if !ok || g.board.cells[idx].tile == 0 {
		return fmt.Errorf("%s: no tile at %s", g.MoveText(m), notationPos(m.Placement.Pos))
	}
	typ := int(g.board.cells[idx].tile) - 1
	if m.Feature >= g.rules.NumFeatures(typ) {
		return fmt.Errorf("%s: %w", g.MoveText(m), g.rules.noFeature(typ, m.Feature))
	}
	if m.Kind != MovePortal {
		return err
	}
	fr := &g.rules.figures
	x := g.board.cells[idx].slot*int32(g.rules.maxFeatures) + int32(max(m.Feature, 0))
	what := g.board.describe(x)
	switch {
	case !g.rules.hasSymbol(g.tile, symPortal):
		return fmt.Errorf("%s shows no magic portal (%s, Der Zaubergang)", g.rules.ID(g.tile), sourcePD)
	case int32(idx) == g.lastCell:
		return fmt.Errorf("%s is on the tile just placed: put the follower there as usual", what)
	case g.dragonKeepsOff(int32(idx)):
		return fmt.Errorf("%s lies on the dragon's tile: no follower may stand with the dragon (%s)", what, sourceVolcano)
	case g.board.nodes[g.board.find(x)].followers > 0 && !fr.portalTo[placeOccupied].yes:
		return fmt.Errorf("%s is already occupied (%s)", what, reasonText(fr.portalTo[placeOccupied].reason))
	case g.instanceComplete(x) && !fr.portalTo[placeCompleted].yes:
		return fmt.Errorf("%s is complete (%s)", what, reasonText(fr.portalTo[placeCompleted].reason))
	case int32(idx) == g.fairyCell && !fr.portalTo[placeFairyTile].yes:
		return fmt.Errorf("%s lies on the fairy's tile (%s)", what, reasonText(fr.portalTo[placeFairyTile].reason))
	}
	return err
}
