package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tilekit/tilekit"
)

// The unit of the magic portal of The Princess & the Dragon
// (Wikicarpedia: The Princess and The Dragon (1st edition)/de, Der
// Zaubergang): a player who places a tile with a magic portal may put
// their follower, instead of on that tile, on a free incomplete feature of
// any other tile.

// portalRules are the unit's compiled data: whether the magic portal
// plays, and which tile types show one.
type portalRules struct {
	anyPortal   bool
	portalTiles []bool
}

// MovePortal puts the follower through the magic portal on a feature of
// another tile.
const MovePortal MoveKind = 1

// PortalMove puts the follower through the magic portal on feature i of
// the tile at a position.
func PortalMove(p tilekit.BoardPosition, i int) Move {
	return Move{Kind: MovePortal, Follower: true, Placement: Placement{Pos: p}, Feature: i, Word: portalWord}
}

var (
	portalUnit = unit{
		tile: func(r *Ruleset, t *tilekit.Tile) {
			r.portalTiles = append(r.portalTiles, slices.Contains(t.Symbols, tilekit.SymbolMagicPortal))
		},
		rulings: readPortalRulings,
		playing: func(r *Ruleset) bool { return r.anyPortal },
		hooks: unitHooks{
			figure: &figureHook{kind: MovePortal, moves: (*Game).portalMoves, apply: (*Game).throughPortal, refuse: (*Game).portalRefusal},
		},
	}
	portalWord = mustNameWord("portal", MovePortal)
	portalKind = moveKind{notation: placeNotation, parse: placeMove(MovePortal), deploys: true,
		taken: fmt.Errorf("the follower of this turn went through the magic portal (%s, Der Zaubergang)", sourcePD)}
)

// readPortalRulings reads portal-figures and portal-destinations when a
// tile type shows a magic portal and the turn has the figure decision; a
// magic portal plays only when its table's part is selected (else its
// tiles are plain tiles).
func readPortalRulings(r *Ruleset, read rulingReader) error {
	r.anyPortal = false
	if !r.hasStep(coreSteps[stepPlaceFigure]) {
		return nil
	}
	for _, p := range r.portalTiles {
		r.anyPortal = r.anyPortal || p
	}
	if !r.anyPortal {
		return nil
	}
	fr := &r.figures
	var err error
	var through [MaxKinds]verdict
	if err = read("portal-figures", through[:len(r.kinds)], r.kindIDs()); err != nil {
		return err
	}
	if err := read("portal-destinations", fr.portalTo[:], placeIDs[:]); err != nil {
		return err
	}
	fr.portalThrough = 0
	for k, v := range through[:len(r.kinds)] {
		if v.yes {
			fr.portalThrough |= 1 << k
		}
	}
	r.anyPortal = fr.portalThrough != 0
	return nil
}

// portalMoves appends, when the tile just placed shows a magic portal, a
// move for each feature of every other placed tile that
// portal-destinations allows and each kind of follower at hand that
// portal-figures allows and that may stand on it: an unoccupied, incomplete
// feature, a field, not on a tile with a magic portal nor the fairy's,
// never where a unit keeps followers off (the dragon's tile)
// (Wikicarpedia: The Princess and The Dragon (1st edition)/de, Der
// Zaubergang).
func (g *Game) portalMoves(dst []Move) []Move {
	r := g.rules
	fr := &r.figures
	if !r.portalTiles[g.tile] {
		return dst
	}
	at, stands := g.kindsAtHand(fr.portalThrough)
	if !fr.portalTo[placeField].yes {
		stands &^= 1 << KindField
	}
	if stands == 0 {
		return dst
	}
	occupied, completed := fr.portalTo[placeOccupied].yes, fr.portalTo[placeCompleted].yes
	b := g.board
	for slot := range int32(len(b.placed) - 1) {
		cell := b.placed[slot]
		if g.closedToFollowers(cell) || (cell == g.figureTileOfPlace() && !fr.portalTo[placeFairyTile].yes) {
			continue
		}
		pos := b.position(int(cell))
		for i := range int32(r.NumFeatures(int(b.cells[cell].tile) - 1)) {
			x := b.instance(slot, i)
			n := &b.nodes[x]
			on := uint8(1) << n.kind
			if stands&on == 0 {
				continue
			}
			root := &b.nodes[b.find(x)]
			if root.followers > 0 && !occupied || !completed && n.completeWith(root) {
				continue
			}
			dst = g.appendPortalKinds(dst, at, on, pos, int(i))
		}
	}
	return dst
}

// appendPortalKinds appends a portal move onto feature i of the tile at a
// position for each kind at hand that may stand on its kind (on).
func (g *Game) appendPortalKinds(dst []Move, at [MaxKinds]uint8, on uint8, pos tilekit.BoardPosition, i int) []Move {
	if len(g.rules.kinds) == 1 { // the meeple alone
		return append(dst, PortalMove(pos, i))
	}
	for k := range g.rules.kinds {
		if at[k]&on != 0 {
			dst = append(dst, Move{Kind: MovePortal, Follower: true, Placement: Placement{Pos: pos}, Feature: i, Figure: k, Word: portalWord})
		}
	}
	return dst
}

// throughPortal plays a legal portal move: the follower goes onto the
// feature it names.
func (g *Game) throughPortal(m Move, events []Event) []Event {
	idx, _ := g.board.index(m.Placement.Pos)
	x := g.board.instance(int32(g.board.cells[idx].slot), int32(m.Feature))
	g.deploy(x, uint8(m.Figure), MovePortal)
	return events
}

// portalRefusal says why a portal move onto an instance of the tile of a
// cell is not legal, where the reason is known, or nil.
func (g *Game) portalRefusal(cell, x int32) error {
	fr := &g.rules.figures
	what := g.board.describe(x)
	switch {
	case !g.rules.portalTiles[g.tile]:
		return fmt.Errorf("%s shows no magic portal (%s, Der Zaubergang)", g.rules.ID(g.tile), sourcePD)
	case cell == g.lastCell:
		return fmt.Errorf("%s is on the tile just placed: put the follower there as usual", what)
	case g.keepsOff(cell) >= 0:
		return fmt.Errorf("%s %w", what, g.whyClosed(cell))
	case g.board.nodes[g.board.find(x)].followers > 0 && !fr.portalTo[placeOccupied].yes:
		return fmt.Errorf("%s is already occupied (%s)", what, reasonText(fr.portalTo[placeOccupied].reason))
	case g.instanceComplete(x) && !fr.portalTo[placeCompleted].yes:
		return fmt.Errorf("%s is complete (%s)", what, reasonText(fr.portalTo[placeCompleted].reason))
	case cell == g.figureTileOfPlace() && !fr.portalTo[placeFairyTile].yes:
		return fmt.Errorf("%s lies on the fairy's tile (%s)", what, reasonText(fr.portalTo[placeFairyTile].reason))
	}
	return nil
}

// figureTileOfPlace returns the cell of the figure of the place on a figure's
// tile that portal-destinations answers for, -1 for none. (Temporary:
// the mechanic's data names it.)
func (g *Game) figureTileOfPlace() int32 {
	id, _ := strings.CutSuffix(placeIDs[placeFairyTile], "-tile")
	if f, ok := g.rules.FigureByID(id); ok && f != FigureMeeple {
		return g.at[f]
	}
	return -1
}
