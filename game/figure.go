package game

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// Figure is a figure the engine plays: the players' meeple, or a neutral
// figure of the rules data (expansions/figures.toml) that a step of the
// turn names. A figure's value is given when a Ruleset first names it and
// stays the same in the process, so that an Event names the figures it is
// about by this value (Event.Actor, Event.Victim) and writes their ids
// without its Ruleset; Ruleset.Figures lists the figures a ruleset plays,
// and Game.Figures those on the board.
type Figure uint8

// FigureMeeple is the players' meeple, the base game's figure.
const FigureMeeple Figure = 0

// maxFigures is the number of figures a process can name: the meeple and
// the neutral figures of every ruleset compiled.
const maxFigures = 64

// figureTable holds the ids of the figures named so far, by value: the
// meeple first.
var figureTable = registry{first: []string{"meeple"}, max: maxFigures, what: "figures"}

// figureIDs returns the ids of the figures named so far, by value.
func figureIDs() []string { return figureTable.list() }

// lookupFigure returns the figure of an id, if one was named.
func lookupFigure(id string) (Figure, bool) {
	i, ok := figureTable.lookup(id)
	return Figure(i), ok
}

// nameFigure returns the figure of an id, giving it the next value when
// it has none yet.
func nameFigure(id string) (Figure, error) {
	i, err := figureTable.name(id, nil)
	if err != nil {
		return 0, fmt.Errorf("figure %w", err)
	}
	return Figure(i), nil
}

// FigureOf returns the figure of an id in the rules data, giving it its
// value when no ruleset has named it yet.
func FigureOf(id string) (Figure, error) { return nameFigure(id) }

// mustNameFigure names a figure a unit plays, at the package's start.
func mustNameFigure(id string) Figure {
	f, err := nameFigure(id)
	if err != nil {
		panic(err)
	}
	return f
}

// ID returns the figure's id in the rules data (expansions/figures.toml),
// such as "meeple".
func (f Figure) ID() string {
	if ids := figureIDs(); int(f) < len(ids) {
		return ids[f]
	}
	return "figure" + strconv.Itoa(int(f))
}

// String returns the figure's name as events write it: its id, words
// apart ("wolf-pack" is "wolf pack").
func (f Figure) String() string { return strings.ReplaceAll(f.ID(), "-", " ") }

// FigureByID returns the figure of an id that the ruleset plays: the
// meeple, or one of its neutral figures.
func (r *Ruleset) FigureByID(id string) (Figure, bool) {
	f, ok := lookupFigure(id)
	if !ok || (f != FigureMeeple && !slices.Contains(r.neutrals, f)) {
		return 0, false
	}
	return f, true
}

// FigureID returns the id of a figure in the rules data.
func (r *Ruleset) FigureID(f Figure) string { return f.ID() }

// Figures returns the figures the ruleset plays: the meeple, then its
// neutral figures in the order its steps name them.
func (r *Ruleset) Figures() []Figure { return append([]Figure{FigureMeeple}, r.neutrals...) }

// addNeutral adds a neutral figure of an id to the ruleset's figures.
func (r *Ruleset) addNeutral(id string) (Figure, error) {
	f, err := nameFigure(id)
	if err == nil && f != FigureMeeple && !slices.Contains(r.neutrals, f) {
		r.neutrals = append(r.neutrals, f)
	}
	return f, err
}

// FigureAt returns where a neutral figure of the game stands, by its id;
// ok is false when it stands beside the board.
func (g *Game) FigureAt(id string) (p tilekit.BoardPosition, ok bool) {
	f, known := g.rules.FigureByID(id)
	if !known || f == FigureMeeple || g.at[f] < 0 {
		return p, false
	}
	return g.board.position(int(g.at[f])), true
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
	// Deployed says that the follower came onto its feature by a step's
	// deployment elsewhere, not on the tile placed.
	Deployed bool
	// Kind is the follower's kind, an index into the ruleset's kinds
	// (Ruleset.Kind), 0 the meeple; 0 for a neutral figure.
	Kind int
	// AtCorner says that the follower stands at the corner Corner of its
	// tile (a kind that stands at a corner), not on the feature's spot.
	AtCorner bool
	Corner   tilekit.Corner
}

// Figures returns the figures on the board: the players' followers in the
// order Game.Snapshot writes them (by tile as Board.Placed gives them, then
// by feature, then by player), then the neutral figures that stand on a
// tile, in the order of Ruleset.Figures.
func (g *Game) Figures() iter.Seq[PlacedFigure] {
	return func(yield func(PlacedFigure) bool) {
		cellOf := func(f follower) int32 { return g.board.cellOf(f.node) }
		on := slices.SortedFunc(slices.Values(g.followers), func(a, b follower) int {
			return cmp.Or(cmp.Compare(cellOf(a), cellOf(b)), cmp.Compare(a.node, b.node), cmp.Compare(a.player, b.player))
		})
		for _, f := range on {
			pos := g.board.posOf(f.node)
			c, atCorner := g.cornerOf(f.node)
			if !yield(PlacedFigure{Figure: FigureMeeple, Player: int(f.player), Pos: pos, Feature: g.board.indexOf(f.node), Deployed: f.via == MoveDeploy, Kind: int(f.kind), AtCorner: atCorner, Corner: c}) {
				return
			}
		}
		for _, n := range g.rules.neutrals {
			if g.at[n] >= 0 && !yield(PlacedFigure{Figure: n, Player: -1, Pos: g.board.position(int(g.at[n])), Feature: -1}) {
				return
			}
		}
	}
}

// parseFigure reads a figure by its id.
func parseFigure(word string) (Figure, error) {
	if f, ok := lookupFigure(word); ok {
		return f, nil
	}
	return 0, fmt.Errorf("figure %q: no game has it: the engine plays the meeple and the neutral figures its steps name (%s)", word, strings.Join(figureIDs(), ", "))
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
