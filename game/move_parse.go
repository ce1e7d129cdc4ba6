package game

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/tilekit/tilekit"
)

// Moves as text. A move reads and writes itself in the root package's
// move notation (tilekit.ParseMoveText): ParseMove reads what Move.String
// writes, features by their index ("f3"); a game's ParseMove also reads
// feature names ("city", "field2", "road@W") of the tile the move names,
// and its MoveText writes them.

// ParseMove reads a move as Move.String writes it: "x,y@ROT", "f3",
// "none", or a unit's move as its kind writes it (its word, then what it
// names, such as "WORD x,y:f3" or "WORD N"; see the package doc).
// A feature is named by its index ("f3" or "#3"); a feature name needs
// the game the move is played in (Game.ParseMove). An error says what is
// wrong with the text; whether the move is legal is Apply's to say.
func ParseMove(text string) (Move, error) {
	mt, err := tilekit.ParseMoveText(text)
	if err != nil {
		return Move{}, err
	}
	if mt.Feature != "" && !mt.IsIndex {
		return Move{}, fmt.Errorf("move %q: the feature %q is named, not given by its index (f3): a name is read by the game the move is played in (Game.ParseMove)", text, mt.Feature)
	}
	return moveOf(text, mt, mt.Index)
}

// ParseMove reads a move as ParseMove does, and also with its feature
// named in the feature grammar (tilekit.ParseFeatureRef: "city",
// "field2", "#3", "road@W"): a feature of the tile just placed for a
// follower move ("city"), of the tile at x,y otherwise ("WORD 0,0:city").
// An error says what is wrong with the text: its syntax, no tile where it
// names one, no such feature on that tile. Whether the move is legal is
// Apply's to say.
func (g *Game) ParseMove(text string) (Move, error) {
	mt, err := tilekit.ParseMoveText(text)
	if err != nil {
		return Move{}, err
	}
	if mt.Feature == "" {
		return moveOf(text, mt, -1)
	}
	typ, err := g.moveTile(mt)
	if err != nil {
		return Move{}, fmt.Errorf("move %q: %w", text, err)
	}
	i := mt.Index
	switch {
	case !mt.IsIndex:
		if i, err = g.rules.FeatureIndex(typ, mt.Feature); err != nil {
			return Move{}, fmt.Errorf("move %q: %w", text, err)
		}
	case i >= g.rules.NumFeatures(typ):
		return Move{}, fmt.Errorf("move %q: %w", text, g.rules.noFeature(typ, i))
	}
	return moveOf(text, mt, i)
}

// moveTile returns the tile type whose feature a move names: the tile at
// its position, or for a follower move the tile just placed (the drawn
// tile before it is, the last tile placed once the turn is over).
func (g *Game) moveTile(mt tilekit.MoveText) (int, error) {
	if !mt.HasAt {
		switch {
		case g.tile >= 0:
			return g.tile, nil
		case g.lastCell >= 0: // the turn is over: its tile
			return int(g.board.cells[g.lastCell].tile) - 1, nil
		}
		return 0, errors.New("no tile is placed this turn for a follower to go on")
	}
	typ, _, ok := g.board.At(mt.At)
	if !ok {
		return 0, fmt.Errorf("no tile lies at %s", notationPos(mt.At))
	}
	return typ, nil
}

// moveOf returns the move a text in the notation gives, with the index of
// the feature it names (-1 for none).
func moveOf(text string, mt tilekit.MoveText, feature int) (Move, error) {
	if mt.Figure != "" {
		return Move{}, fmt.Errorf("move %q: the engine plays one kind of follower, so a move names no figure kind (%q)", text, mt.Figure)
	}
	if mt.Feature == "" {
		feature = -1
	}
	if mt.Word == "" {
		if mt.Tile {
			return TileMove(Placement{Pos: mt.At, Rot: mt.Rotation / 90}), nil
		}
		return FollowerMove(feature), nil
	}
	for _, k := range moveKinds {
		if k.name == mt.Word && k.parse != nil {
			return k.parse(mt, feature), nil
		}
	}
	return Move{}, fmt.Errorf("move %q: the engine plays no move %q", text, mt.Word)
}

// notation returns a move in the move notation, its feature written as a
// text.
func (m Move) notation(feature string) tilekit.MoveText {
	if m.Kind == MoveBase && !m.Follower {
		return tilekit.MoveText{Tile: true, HasAt: true, At: m.Placement.Pos, Rotation: tilekit.Rotations[m.Placement.Rot&3]}
	}
	k := moveKinds[m.Kind%numMoveKinds]
	mt := tilekit.MoveText{Word: k.name, Side: tilekit.Side(m.Dir & 3)}
	if k.notation(m, &mt) && m.Feature >= 0 {
		mt.Feature = feature
	}
	return mt
}

// indexText writes feature i in the engine's index form, "f3".
func indexText(i int) string { return "f" + strconv.Itoa(i) }

// MoveText returns a move as a scenario author writes it: as Move.String
// does, but with its feature named as FeatureName names it ("city",
// "field2", a local id) on the tile the move names, "WORD 2,1:city"; by
// its index where no tile lies there or the name would read as an index.
// Game.ParseMove reads it back.
func (g *Game) MoveText(m Move) string {
	feature := ""
	if m.Feature >= 0 {
		feature = g.featureText(m)
	}
	return m.notation(feature).String()
}

// featureText names the feature of a move on the tile it names, or by its
// index where no tile lies there.
func (g *Game) featureText(m Move) string {
	typ, err := g.moveTile(m.notation(""))
	if err != nil {
		return indexText(m.Feature)
	}
	return g.rules.moveFeature(typ, m.Feature)
}

// moveFeature names feature i of a tile type in a move: as FeatureName
// names it, or by its index where it has none or the name would read as
// another move's text ("f3", "none").
func (r *Ruleset) moveFeature(typ, i int) string {
	if i >= r.NumFeatures(typ) {
		return indexText(i)
	}
	name := r.FeatureName(typ, i)
	if parsed, err := tilekit.ParseMoveText(name); err != nil || parsed.IsIndex || parsed.Feature != name {
		return indexText(i)
	}
	return name
}
