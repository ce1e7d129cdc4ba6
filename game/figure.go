package game

import (
	"cmp"
	"fmt"
	"iter"
	"slices"

	"github.com/tilekit/tilekit"
)

// Figure is a figure the engine plays: the players' meeple and the neutral
// dragon, fairy and Black Dragon. An Event names the figures it is about by
// this value (Event.Actor, Event.Victim), and Game.Figures lists them on
// the board.
type Figure uint8

// The figures, as values of Figure.
const (
	FigureMeeple      = figMeeple
	FigureDragon      = figDragon
	FigureFairy       = figFairy
	FigureBlackDragon = figBlackDragon
)

// ID returns the figure's id in the rules data (expansions/figures.toml):
// "meeple", "dragon", "fairy" or "black-dragon".
func (f Figure) ID() string { return figureIDs[f%numFigures] }

// String returns the figure's name as events write it: "meeple", "dragon",
// "fairy" or "black dragon".
func (f Figure) String() string { return figureNames[f%numFigures] }

// sourcePD is the source of the rules of The Princess & the Dragon.
const sourcePD = "Wikicarpedia: The Princess and The Dragon (1st edition)/de"

// citePD cites a section of the German rules of The Princess and The
// Dragon on Wikicarpedia.
func citePD(section string) tilekit.Citation {
	return tilekit.Citation{Kind: tilekit.Rulebook, Title: "Wikicarpedia: The Princess and The Dragon (1st edition)/de", Section: section,
		URL: "https://wikicarpedia.com/car/The_Princess_and_The_Dragon_(1st_edition)/de"}
}

// neutral is a neutral figure a moving figure may eat: where it stands
// (a board cell, -1 beside the board) and what being eaten does to it.
type neutral struct {
	who   figure
	cell  func(g *Game) int32
	eaten func(g *Game)
}

// neutrals are the neutral figures, in the order a figure eats them.
var neutrals = [...]neutral{
	{figFairy, func(g *Game) int32 { return g.fairyCell }, func(g *Game) { g.fairyCell, g.fairyNode = -1, -1 }},
	{figDragon, func(g *Game) int32 { return g.dragonCell }, func(g *Game) { g.dragonCell, g.dragon = -1, dragonWaiting }},
	{figBlackDragon, func(g *Game) int32 { return g.blackCell }, func(g *Game) { g.blackCell = -1 }},
}

// FigureAt returns where a neutral figure stands: "dragon", "fairy" or
// "black-dragon"; ok is false when it stands beside the board.
func (g *Game) FigureAt(id string) (p tilekit.BoardPosition, ok bool) {
	for _, n := range neutrals {
		if figureIDs[n.who] == id {
			if cell := n.cell(g); cell > 0 {
				return g.board.position(int(cell)), true
			}
		}
	}
	return p, false
}

// PlacedTile is a tile on a board: where it lies, its type (a tile type of
// the Ruleset) and its rotation.
type PlacedTile struct {
	Placement
	Type int
}

// Placed returns the tiles on the board in the order Board.String writes
// them: by row from the top, then by column from the left.
func (b *Board) Placed() iter.Seq[PlacedTile] {
	return func(yield func(PlacedTile) bool) {
		for _, idx := range slices.Sorted(slices.Values(b.placed)) {
			c := b.cells[idx]
			if !yield(PlacedTile{Placement: Placement{Pos: b.position(int(idx)), Rot: int(c.rot)}, Type: int(c.tile) - 1}) {
				return
			}
		}
	}
}

// PlacedFigure is a figure on the board: a player's follower on a feature
// of a tile, or a neutral figure on a tile.
type PlacedFigure struct {
	Figure Figure
	// Player is the follower's owner, from 0; -1 for a neutral figure.
	Player int
	// Pos is the tile the figure stands on.
	Pos tilekit.BoardPosition
	// Feature is the index of the follower's feature in its tile type's
	// features (Ruleset.FeatureName names it); -1 for a neutral figure.
	Feature int
	// Portal says that the follower came onto its feature through a magic
	// portal.
	Portal bool
	// Kind is the follower's kind, an index into the ruleset's kinds
	// (Ruleset.Kind), 0 the meeple; 0 for a neutral figure.
	Kind int
}

// Figures returns the figures on the board: the players' followers in the
// order Game.Snapshot writes them (by tile as Board.Placed gives them, then
// by feature, then by player), then the dragon, the fairy and the Black
// Dragon, those of them that stand on a tile.
func (g *Game) Figures() iter.Seq[PlacedFigure] {
	return func(yield func(PlacedFigure) bool) {
		cellOf := func(f follower) int32 { return g.board.cellOf(f.node) }
		on := slices.SortedFunc(slices.Values(g.followers), func(a, b follower) int {
			return cmp.Or(cmp.Compare(cellOf(a), cellOf(b)), cmp.Compare(a.node, b.node), cmp.Compare(a.player, b.player))
		})
		for _, f := range on {
			pos := g.board.position(int(g.board.cellOf(f.node)))
			if !yield(PlacedFigure{Figure: FigureMeeple, Player: int(f.player), Pos: pos, Feature: g.board.indexOf(f.node), Portal: f.via == MovePortal, Kind: int(f.kind)}) {
				return
			}
		}
		for _, n := range [...]struct {
			fig  Figure
			cell int32
		}{{FigureDragon, g.dragonCell}, {FigureFairy, g.fairyCell}, {FigureBlackDragon, g.blackCell}} {
			if n.cell > 0 && !yield(PlacedFigure{Figure: n.fig, Player: -1, Pos: g.board.position(int(n.cell)), Feature: -1}) {
				return
			}
		}
	}
}

// parseFigure reads a figure by its id.
func parseFigure(word string) (Figure, error) {
	for f, id := range figureIDs {
		if id == word {
			return Figure(f), nil
		}
	}
	return 0, fmt.Errorf("figure %q: the engine plays meeple, dragon, fairy and black-dragon", word)
}

// readPlayerFeature reads the feature kind of an event about a player's
// follower on a feature (the player is read already).
func readPlayerFeature(n tilekit.EventNotation, e *Event) error {
	var err error
	e.Feature.Kind, err = parseEventKind(n.Word)
	return err
}

// notedPlayerFeature sets the values the notation holds of an event about
// a player's follower on a feature.
func notedPlayerFeature(e Event, n *Event) { n.Player, n.Feature.Kind = e.Player, e.Feature.Kind }
