package tilekit

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// EventNotation is an event of the game engine in the event notation, read
// into its words: the grammar that scenario files expect events in, which
// the validator checks and the game engine reads (game.ParseEvent and
// game/event_notation.go, which documents the forms) and writes. Which
// fields a kind uses is in the notation's forms; the others are zero.
type EventNotation struct {
	// End says that the event is of the end of the game.
	End bool
	// Kind is the first word: complete, score, return, move, enter, eat,
	// spare, cross, set-aside, shuffle-back or extra-turn, or the word of a step of
	// the rules data (Mechanics.Words), whose events name a player and a
	// feature kind ("WORD pN KIND").
	Kind string
	// Player is the player, from 1 (pN); 0 when the event names none.
	Player int
	// Number is the points scored or the number of followers or tiles.
	Number int
	// Word is the feature kind, or the scoring rule of a score.
	Word string
	// Figure is the figure that moved, entered, ate or spared; Victim the
	// figure eaten or spared: for a follower, its kind (Player's, written
	// pN/meeple or pN/large-meeple).
	Figure, Victim string
	Pos            BoardPosition
	// Called is the symbol of the tile that called the figure there,
	// which the notation writes after the move ("move dragon 0,3
	// volcano"); empty for none.
	Called Symbol
	// Reason is the ruling that decided an eaten or spared figure.
	Reason EventReason
}

// EventReason is what decided an eaten or spared figure in the event
// notation: table[/thumb][/source][/date][/default].
type EventReason struct {
	// Table is the id of the table.
	Table string
	// Thumb says that the table's rule of thumb decided, not a row.
	Thumb bool
	// Source is the kind of the ruling's source; empty when no ruling
	// answers.
	Source CitationKind
	// Date is the source's date, when it has one.
	Date string
	// Default says that the engine's default, no, decided.
	Default bool
}

// eventForms holds, by the first word of an event, the values after it,
// one letter each: p a player, n a number, k a feature kind, r a scoring
// rule, f a figure, v a victim, x a tile, w a reason.
var eventForms = map[string]string{
	"complete": "k", "score": "pnr", "return": "pnk", "move": "fx", "enter": "fx", "eat": "fvxw", "spare": "fvxw",
	"cross": "pk", "set-aside": "", "shuffle-back": "n", "extra-turn": "p",
}

// stepEventForm is the form of the events of a step of the rules data
// whose first word is the step's word (Mechanics.Words): a player and a
// feature kind.
const stepEventForm = "pk"

// eventForm returns the form of an event's first word and the words after
// it: a form of eventForms, else, for an id followed by as many words as
// a step's events have, the form of a step's event.
func eventForm(kind string, after int) (string, bool) {
	if form, ok := eventForms[kind]; ok {
		return form, true
	}
	return stepEventForm, isLocalID(kind) && after == len(stepEventForm)
}

// IsEventWord reports whether a word is the first word of one of the
// event notation's own forms (or "end"), which a step's events cannot
// take as theirs.
func IsEventWord(w string) bool {
	_, ok := eventForms[w]
	return ok || w == "end"
}

// EventScoringRules says, for each word of the base game's scoring rules
// in the notation, whether it scores during the game and whether at its
// end; any other id is the id of a bonus of the data (Bonus.ID), which the
// validator and the engine look up.
var EventScoringRules = map[string]struct{ During, AtEnd bool }{
	"road": {true, true}, "city": {true, true}, "cloister": {true, true}, "field": {false, true},
	"city-1st-edition": {true, false}, "field-1st-edition": {false, true},
}

// MaxEventPlayer is the highest player the event notation names.
const MaxEventPlayer = 6

// errNoEventForm says that a text is not in the event notation.
var errNoEventForm = errors.New(`want an event such as "score p1 4 city" or "move dragon 2,-1"`)

// ParseEventNotation reads an event in the event notation. The text must
// be as AppendText writes it, so that each event has one notation.
func ParseEventNotation(text string) (EventNotation, error) {
	words := strings.Split(text, " ")
	var n EventNotation
	if words[0] == "end" {
		n.End, words = true, words[1:]
	}
	form, ok := "", false
	if len(words) > 0 {
		form, ok = eventForm(words[0], len(words)-1)
	}
	if !ok {
		return n, fmt.Errorf("event %q: %w", text, errNoEventForm)
	}
	n.Kind, words = words[0], words[1:]
	if n.Kind == "move" && len(words) == 3 {
		if !isLocalID(words[2]) {
			return EventNotation{}, fmt.Errorf("event %q: a move ends with the symbol of the tile that called the figure, an id, not %q", text, words[2])
		}
		n.Called, words = Symbol(words[2]), words[:2]
	}
	if len(words) != len(form) {
		return EventNotation{}, fmt.Errorf("event %q: %s takes %d values after it, not %d", text, n.Kind, len(form), len(words))
	}
	for i, w := range words {
		if err := n.readWord(form[i], w); err != nil {
			return EventNotation{}, fmt.Errorf("event %q: %w", text, err)
		}
	}
	if canon := string(n.AppendText(nil)); canon != text {
		return EventNotation{}, fmt.Errorf("event %q: write it %q", text, canon)
	}
	return n, nil
}

// readWord reads one value of an event, of the kind its form's letter
// says.
func (n *EventNotation) readWord(letter byte, w string) error {
	var err error
	switch letter {
	case 'p':
		n.Player, err = parseEventPlayer(w)
	case 'n':
		n.Number, err = parseEventNumber(w)
	case 'k':
		n.Word = w
		if !FeatureKind(w).Known() {
			err = fmt.Errorf("feature kind %q: want road, city, field or cloister", w)
		}
	case 'r':
		n.Word = w
		if r, ok := EventScoringRules[w]; ok && ((n.End && !r.AtEnd) || (!n.End && !r.During)) || !ok && !isLocalID(w) {
			err = fmt.Errorf("scoring rule %q: want road, city, cloister or city-1st-edition, "+
				"or after \"end\" road, city, cloister, field or field-1st-edition, or the id of a bonus of the data", w)
		}
	case 'f':
		n.Figure, err = w, eventFigure(w)
	case 'v':
		if p, fig, ok := strings.Cut(w, "/"); ok {
			if n.Victim, err = fig, eventFigure(fig); err == nil {
				n.Player, err = parseEventPlayer(p)
			}
		} else if n.Victim, err = w, eventFigure(w); err == nil && w == "meeple" {
			err = fmt.Errorf("victim %q: a meeple is written with its owner, such as p1/meeple", w)
		}
	case 'x':
		n.Pos, err = parseEventPos(w)
	case 'w':
		n.Reason, err = parseEventReason(w)
	}
	return err
}

// AppendText appends the event in the event notation to b.
func (n EventNotation) AppendText(b []byte) []byte {
	if n.End {
		b = append(b, "end "...)
	}
	b = append(b, n.Kind...)
	form, ok := eventForm(n.Kind, len(stepEventForm))
	if !ok {
		form = ""
	}
	for _, letter := range []byte(form) {
		b = append(b, ' ')
		switch letter {
		case 'p':
			b = strconv.AppendInt(append(b, 'p'), int64(n.Player), 10)
		case 'n':
			b = strconv.AppendInt(b, int64(n.Number), 10)
		case 'k', 'r':
			b = append(b, n.Word...)
		case 'f':
			b = append(b, n.Figure...)
		case 'v':
			if n.Player > 0 {
				b = append(strconv.AppendInt(append(b, 'p'), int64(n.Player), 10), '/')
			}
			b = append(b, n.Victim...)
		case 'x':
			b = strconv.AppendInt(append(strconv.AppendInt(b, int64(n.Pos.X), 10), ','), int64(n.Pos.Y), 10)
		case 'w':
			b = n.Reason.appendText(b)
		}
	}
	if n.Kind == "move" && n.Called != "" {
		b = append(append(b, ' '), n.Called...)
	}
	return b
}

// appendText appends the reason in the event notation.
func (r EventReason) appendText(b []byte) []byte {
	b = append(b, r.Table...)
	if r.Thumb {
		b = append(b, "/thumb"...)
	}
	if r.Source != "" {
		b = append(append(b, '/'), r.Source...)
	}
	if r.Date != "" {
		b = append(append(b, '/'), r.Date...)
	}
	if r.Default {
		b = append(b, "/default"...)
	}
	return b
}

// parseEventReason reads a reason: table[/thumb][/source][/date][/default].
func parseEventReason(text string) (EventReason, error) {
	parts := strings.Split(text, "/")
	r := EventReason{Table: parts[0]}
	for _, p := range parts[1:] {
		switch {
		case p == "thumb":
			r.Thumb = true
		case p == "default":
			r.Default = true
		case p != "" && p[0] >= '0' && p[0] <= '9':
			r.Date = p
		default:
			r.Source = CitationKind(p)
		}
	}
	if r.Table == "" || (r.Source == "" && !r.Default) || (r.Source != "" && !r.Source.Known()) {
		return EventReason{}, fmt.Errorf("reason %q: want table/source, such as dragon-diet/rulebook, "+
			"with /thumb, a date or /default where they apply", text)
	}
	return r, nil
}

// eventFigure checks a figure's id.
func eventFigure(w string) error {
	if w == "" || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz-") != "" {
		return fmt.Errorf("figure %q: want a figure's id, such as dragon", w)
	}
	return nil
}

// parseEventPlayer reads a player as pN, N from 1.
func parseEventPlayer(word string) (int, error) {
	n, ok := strings.CutPrefix(word, "p")
	p, err := parseEventNumber(n)
	if !ok || err != nil || p < 1 || p > MaxEventPlayer {
		return 0, fmt.Errorf("player %q: want p1 to p%d", word, MaxEventPlayer)
	}
	return p, nil
}

// parseEventNumber reads a number of zero or more, written without sign
// or leading zeros.
func parseEventNumber(word string) (int, error) {
	n, err := strconv.Atoi(word)
	if err != nil || n < 0 || strconv.Itoa(n) != word {
		return 0, fmt.Errorf("number %q: want 0 or more, such as 4", word)
	}
	return n, nil
}

// parseEventPos reads a tile as x,y.
func parseEventPos(word string) (BoardPosition, error) {
	xs, ys, ok := strings.Cut(word, ",")
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	p := BoardPosition{X: x, Y: y}
	if !ok || errX != nil || errY != nil || strconv.Itoa(x)+","+strconv.Itoa(y) != word {
		return p, fmt.Errorf("tile %q: want x,y, such as 2,-1", word)
	}
	return p, nil
}
