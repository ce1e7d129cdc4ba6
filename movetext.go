package tilekit

import (
	"fmt"
	"strings"
)

// Move notation. Scenario files write the moves of a turn, and the game
// engine reads and writes them (game.ParseMove, game.Move.String), in one
// grammar, each move one text:
//
//   - a tile move: "x,y@ROT", the position and the rotation in degrees
//     clockwise, such as "1,-1@90";
//   - a follower move: "none", or the feature of the tile just placed that
//     a follower goes on: "f3" (its index, as the engine writes it) or a
//     feature name (ParseFeatureRef: "city", "field2", "#3", "road@W");
//   - a move of a step of the rules data: the word its data gives it
//     (MoveWord), then what it names: a tile and a feature of it,
//     "WORD x,y:FEATURE"; a tile and a corner of it, "WORD x,y:NE" (NW,
//     NE, SE or SW); a tile, "WORD x,y"; or "WORD home";
//   - a step of a neutral figure that moves tile by tile: its id, then the
//     side it steps to, "dragon N", "black-dragon E" (MoveText.Step).
//
// A follower move and a move onto a feature may end with one more word,
// after a space: the kind of figure deployed (Figure), such as "city
// large-meeple"; the game engine reads it as a kind of follower of the
// game, by its id or by its index, "figure1", as game.Move.String writes
// it, and refuses it on a move that deploys no follower. A position is
// two integers without leading zeros or a plus sign. Which words a game
// plays is its rules data's to say: the notation reads any id as a word
// when a position, "home" or a side follows it.

// MoveWord is the first word of a move of a step of the rules data: a
// step's own word, or the id of a figure it moves.
type MoveWord string

// MoveText is a move read by ParseMoveText, as it is written: which tile and
// feature it names is found by the game it is played in.
type MoveText struct {
	// Word is empty for a tile move and a follower move, else the word of
	// a step's move, or for a side the figure's id.
	Word MoveWord
	// Step says that the move steps the figure Word to the side Side.
	Step bool
	// Tile says that the move is a tile move, laid at At and Rotation.
	Tile bool
	// HasAt says that the move names a tile by its position, At: a tile
	// move, and every step's move but a side's and a home's.
	HasAt bool
	// Home says that the move is "WORD home": it sends a figure home.
	Home bool
	At   BoardPosition
	// Rotation is a tile move's rotation in degrees: 0, 90, 180 or 270.
	Rotation int
	// Feature is the feature the move names, empty for none ("none",
	// "WORD x,y", "WORD home"). Index says that it is written
	// as an index ("f3" or "#3"), Ref holds the name otherwise.
	Feature string
	Index   int
	IsIndex bool
	Ref     FeatureRef
	// Side is the side a step goes to.
	Side Side
	// HasCorner says that the move names a corner of its tile, Corner,
	// instead of a feature ("WORD x,y:NE").
	HasCorner bool
	Corner    Corner
	// Figure is the kind of figure a follower or portal move deploys, as
	// written after the feature; empty for the first kind.
	Figure string
}

// ParseMoveText reads a move in the notation above. An error says what is
// wrong with the text.
func ParseMoveText(text string) (MoveText, error) {
	m, err := parseMoveText(text)
	if err != nil {
		return MoveText{}, fmt.Errorf("move %q: %w", text, err)
	}
	return m, nil
}

// parseMoveText reads a move; its errors do not repeat the text.
func parseMoveText(text string) (MoveText, error) {
	head, rest, spaced := strings.Cut(text, " ")
	word := MoveWord(head)
	if !spaced || !isLocalID(head) || !wordFollows(rest) {
		return parseBaseMove(text)
	}
	m := MoveText{Word: word}
	switch {
	case len(rest) == 1:
		s, err := ParseSide(rest)
		if err != nil {
			return MoveText{}, fmt.Errorf("%s is followed by the side it steps to: %w", word, err)
		}
		return MoveText{Word: word, Step: true, Side: s}, nil
	case rest == homeWord:
		m.Home = true
		return m, nil
	}
	place, figure, _ := strings.Cut(rest, " ")
	at, feature, hasFeature := strings.Cut(place, ":")
	p, err := parseMovePosition(at)
	if err != nil {
		return m, fmt.Errorf("%s names a tile: %w", word, err)
	}
	m.HasAt, m.At = true, p
	if c, ok := parseCorner(feature); hasFeature && ok {
		m.HasCorner, m.Corner = true, c
		return m, m.setFigure(figure, false)
	}
	if hasFeature {
		if err := m.setFeature(feature); err != nil {
			return m, err
		}
	}
	return m, m.setFigure(figure, hasFeature)
}

// homeWord follows a word for a move that sends a figure home.
const homeWord = "home"

// wordFollows reports whether what follows an id makes it a move's word:
// a side (one letter), "home", or a position (a digit or a minus sign
// first).
func wordFollows(rest string) bool {
	return len(rest) == 1 || rest == homeWord || rest != "" && (rest[0] == '-' || rest[0] >= '0' && rest[0] <= '9')
}

// parseBaseMove reads a tile move or a follower move.
func parseBaseMove(text string) (MoveText, error) {
	if at, rot, ok := strings.Cut(text, "@"); ok && strings.Contains(at, ",") {
		p, err := parseMovePosition(at)
		if err != nil {
			return MoveText{}, fmt.Errorf("a tile move is x,y@ROT: %w", err)
		}
		deg, ok := decimal(rot, 0)
		if _, err := RotationQuarters(deg); !ok || err != nil {
			return MoveText{}, fmt.Errorf("a tile move is x,y@ROT, ROT one of 0, 90, 180 or 270 (degrees clockwise), not %q", rot)
		}
		return MoveText{Tile: true, HasAt: true, At: p, Rotation: deg}, nil
	}
	if text == "none" {
		return MoveText{}, nil
	}
	feature, figure, _ := strings.Cut(text, " ")
	var m MoveText
	switch {
	case feature == "none":
		return m, fmt.Errorf("none puts no follower and takes nothing after it")
	}
	if err := m.setFeature(feature); err != nil {
		return m, fmt.Errorf("not a tile move (x,y@ROT), none, a follower's feature or a step's move (WORD x,y:FEATURE, WORD x,y, WORD home, ID SIDE): %w", err)
	}
	return m, m.setFigure(figure, true)
}

// setFeature reads the feature a move names: "f" and an index, as the
// engine writes it, or a feature name.
func (m *MoveText) setFeature(name string) error {
	if rest, ok := strings.CutPrefix(name, "f"); ok {
		if i, ok := decimal(rest, 0); ok {
			m.Feature, m.Index, m.IsIndex = name, i, true
			return nil
		}
	}
	ref, err := ParseFeatureRef(name)
	if err != nil {
		return err
	}
	m.Feature, m.Ref = name, ref
	if ref.IsIndex {
		m.Index, m.IsIndex = ref.Index, true
	}
	return nil
}

// setFigure reads the kind of figure written after the feature, where the
// move may give one.
func (m *MoveText) setFigure(figure string, allowed bool) error {
	switch {
	case figure == "":
		return nil
	case !allowed:
		return fmt.Errorf("%s takes a figure kind only after a feature, not %q", m.Word, figure)
	case !isLocalID(figure):
		return fmt.Errorf("the figure kind after the feature is lower-case letters and digits, words joined by dashes (such as large-meeple), not %q", figure)
	}
	m.Figure = figure
	return nil
}

// String returns the move in the notation ParseMoveText reads: its
// feature as written.
func (m MoveText) String() string {
	var b strings.Builder
	if m.Word != "" {
		b.WriteString(string(m.Word) + " ")
	}
	switch {
	case m.Tile:
		return fmt.Sprintf("%d,%d@%d", m.At.X, m.At.Y, m.Rotation)
	case m.Step:
		return b.String() + m.Side.String()
	case m.Home:
		return b.String() + homeWord
	case m.HasAt:
		fmt.Fprintf(&b, "%d,%d", m.At.X, m.At.Y)
		if m.HasCorner {
			b.WriteString(":" + m.Corner.String())
		}
		if m.Feature != "" {
			b.WriteString(":")
		}
	case m.Feature == "":
		return "none"
	}
	b.WriteString(m.Feature)
	if m.Figure != "" {
		b.WriteString(" " + m.Figure)
	}
	return b.String()
}

// parseMovePosition reads "x,y": two integers without a plus sign or
// leading zeros.
func parseMovePosition(text string) (BoardPosition, error) {
	xs, ys, ok := strings.Cut(text, ",")
	x, okX := signedDecimal(xs)
	y, okY := signedDecimal(ys)
	if !ok || !okX || !okY {
		return BoardPosition{}, fmt.Errorf("position %q: want x,y, such as 1,-2", text)
	}
	return BoardPosition{X: x, Y: y}, nil
}

// signedDecimal reads an integer: decimal digits without leading zeros,
// after a minus sign for a negative one.
func signedDecimal(s string) (int, bool) {
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		n, ok := decimal(rest, 1)
		return -n, ok
	}
	return decimal(s, 0)
}

// parseCorner reads a corner's name: NW, NE, SE or SW.
func parseCorner(name string) (Corner, bool) {
	for i, n := range cornerNames {
		if n == name {
			return Corner(i), true
		}
	}
	return 0, false
}

// ParseSide reads a side's one-letter name: N, E, S or W.
func ParseSide(name string) (Side, error) {
	for i, n := range sideNames {
		if n == name {
			return Side(i), nil
		}
	}
	return 0, fmt.Errorf("side %q: want N, E, S or W", name)
}
