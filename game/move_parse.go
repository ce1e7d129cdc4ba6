package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

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
	m, err := moveOf(text, mt, mt.Index)
	if err != nil {
		return m, err
	}
	return withFigure(m, text, mt, nil)
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
	i, err := g.moveFeature(text, mt)
	if err != nil {
		return Move{}, err
	}
	m, err := moveOf(text, mt, i)
	if err != nil {
		return m, err
	}
	return withFigure(m, text, mt, g.rules)
}

// moveFeature returns the index of the feature a move's text names on the
// tile it names.
func (g *Game) moveFeature(text string, mt tilekit.MoveText) (int, error) {
	typ, err := g.moveTile(mt)
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", text, err)
	}
	i := mt.Index
	switch {
	case !mt.IsIndex:
		if i, err = g.rules.FeatureIndex(typ, mt.Feature); err != nil {
			return 0, fmt.Errorf("move %q: %w", text, err)
		}
	case i >= g.rules.NumFeatures(typ):
		return 0, fmt.Errorf("move %q: %w", text, g.rules.noFeature(typ, i))
	}
	return i, nil
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
	if mt.Feature == "" {
		feature = -1
	}
	if feature >= maxFeatures {
		return Move{}, fmt.Errorf("move %q: feature %d: no tile type has more than %d features", text, feature, maxFeatures)
	}
	if mt.Word == "" {
		if mt.Tile {
			return TileMove(Placement{Pos: mt.At, Rot: mt.Rotation / 90}), nil
		}
		return FollowerMove(feature), nil
	}
	for _, k := range moveKinds {
		if k != nil && mt.Step && k.readStep != nil {
			m, err := k.readStep(mt)
			if err != nil {
				return Move{}, fmt.Errorf("move %q: %w", text, err)
			}
			return m, nil
		}
	}
	w, kind, ok := lookupWord(mt.Word)
	if _, figure := lookupFigure(string(mt.Word)); !ok && figure {
		return Move{}, fmt.Errorf("move %q: %s is followed by the side it steps to: N, E, S or W", text, mt.Word)
	}
	if !ok || mt.Step {
		return Move{}, fmt.Errorf("move %q: no step of the rules data gives its moves the word %q", text, mt.Word)
	}
	k := moveKinds[kind%numMoveKinds]
	switch {
	case mt.Home && !k.home:
		return Move{}, fmt.Errorf("move %q: a %s move sends no figure home: it names a tile and a feature, %s x,y:FEATURE", text, mt.Word, mt.Word)
	case k.corner != mt.HasCorner:
		return Move{}, fmt.Errorf("move %q: a %s move names a tile and a corner of it, %s x,y:NE (NW, NE, SE or SW), and nothing else", text, mt.Word, mt.Word)
	case mt.HasAt && mt.Feature == "" && !k.bare && !k.corner:
		return Move{}, fmt.Errorf("move %q: %s names a feature of the tile after \":\", such as %s %s:city", text, mt.Word, mt.Word, notationPos(mt.At))
	case mt.Figure != "" && !k.deploys:
		return Move{}, fmt.Errorf("move %q: a %s move deploys no follower: nothing follows its feature", text, mt.Word)
	}
	m := k.parse(mt, feature)
	m.Word = w
	return m, nil
}

// withFigure returns a follower move, or a unit's move that deploys one,
// with the kind of follower its text names after the feature: by its
// index in the ruleset's kinds as Move.String writes it ("figure1"), or,
// with a ruleset, by its id ("large-meeple"); the meeple when the text
// names none.
func withFigure(m Move, text string, mt tilekit.MoveText, r *Ruleset) (Move, error) {
	if mt.Figure == "" {
		return m, nil
	}
	if rest, ok := strings.CutPrefix(mt.Figure, figureWord); ok {
		if k, err := strconv.Atoi(rest); err == nil && k > 0 && strconv.Itoa(k) == rest && (r == nil || k < r.NumKinds()) {
			m.Figure = int8(k)
			return m, nil
		}
	}
	if r == nil {
		return Move{}, fmt.Errorf("move %q: the kind of follower %q is named, not given by its index (figure1): a name is read by the game the move is played in (Game.ParseMove)", text, mt.Figure)
	}
	k, ok := r.KindIndex(mt.Figure)
	if !ok {
		return Move{}, fmt.Errorf("move %q: no kind of follower %q in this game: it plays %s", text, mt.Figure, strings.Join(r.kindIDs(), ", "))
	}
	m.Figure = int8(k)
	return m, nil
}

// figureWord begins the index form of a kind of follower, "figure1".
const figureWord = "figure"

// figureText writes kind k of follower in its index form, "figure1", or
// by a ruleset's id; empty for the meeple.
func figureText(k int, r *Ruleset) string {
	switch {
	case k == 0:
		return ""
	case r != nil && k < r.NumKinds():
		return r.kinds[k].ID
	}
	return figureWord + strconv.Itoa(k)
}

// notation returns a move in the move notation, its feature and the kind
// of follower it deploys written as texts (the kind only for a follower
// move, or a unit's move that deploys one, onto a feature).
func (m Move) notation(feature, figure string) tilekit.MoveText {
	if m.Kind == MoveBase && !m.Follower {
		return tilekit.MoveText{Tile: true, HasAt: true, At: m.Placement.Pos, Rotation: tilekit.Rotations[m.Placement.Rot&3]}
	}
	k := moveKinds[m.Kind%numMoveKinds]
	if k.word != nil {
		return tilekit.MoveText{Word: k.word(m), Step: true, Side: tilekit.Side(m.Dir & 3)}
	}
	mt := tilekit.MoveText{Word: tilekit.MoveWord(m.Word.String()), Side: tilekit.Side(m.Dir & 3)}
	if k.notation(m, &mt) && m.Feature >= 0 {
		mt.Feature = feature
		if k.deploys {
			mt.Figure = figure
		}
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
	return m.notation(feature, figureText(int(m.Figure), g.rules)).String()
}

// featureText names the feature of a move on the tile it names, or by its
// index where no tile lies there.
func (g *Game) featureText(m Move) string {
	typ, err := g.moveTile(m.notation("", ""))
	if err != nil {
		return indexText(int(m.Feature))
	}
	return g.rules.moveFeature(typ, int(m.Feature))
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
