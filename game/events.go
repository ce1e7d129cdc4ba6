package game

import (
	"strconv"

	"github.com/tilekit/tilekit"
)

// EventKind says what an Event reports.
type EventKind uint8

// The kinds of events.
const (
	// EventCompleted: a placement completed Feature.
	EventCompleted EventKind = iota
	// EventScored: Player scored Points for Feature, during the game when
	// it was completed or at the end of the game.
	EventScored
	// EventReturned: Count followers of Player on Feature went back to the
	// player's supply.
	EventReturned
	// numBaseEvents is the number of the base game's kinds; the units'
	// kinds follow (units.go lists them).
	numBaseEvents
)

// baseEventNames are the names of the base game's kinds.
var baseEventNames = [numBaseEvents]string{"completed", "scored", "returned"}

// String returns the name of the kind.
func (k EventKind) String() string {
	if k < numBaseEvents {
		return baseEventNames[k]
	}
	if u := eventKinds[k%numEventKinds]; u != nil {
		return u.name
	}
	return ""
}

// ScoringRule names the rule by which an EventScored scored: the feature
// scored and when, and the edition's scoring where the editions differ.
type ScoringRule uint8

// The scoring rules.
const (
	// RuleNone is the rule of the events that score nothing.
	RuleNone ScoringRule = iota
	// RuleRoad scores a completed road.
	RuleRoad
	// RuleCity scores a completed city.
	RuleCity
	// RuleSmallCityFirstEdition scores a completed city of two tiles by the
	// 1st edition's rules (Options.FirstEditionScoring).
	RuleSmallCityFirstEdition
	// RuleCloister scores a completed cloister.
	RuleCloister
	// RuleEndRoad scores an unfinished road at the end of the game; it and
	// the rules after it score at the end.
	RuleEndRoad
	// RuleEndCity scores an unfinished city at the end of the game.
	RuleEndCity
	// RuleEndCloister scores an unfinished cloister at the end of the game.
	RuleEndCloister
	// RuleField scores a field at the end of the game.
	RuleField
	// RuleFieldFirstEdition scores the farmers around a completed city at
	// the end of the game by the 1st edition's rules
	// (Options.FirstEditionScoring).
	RuleFieldFirstEdition
	// numBaseRules is the number of the base game's rules; the units'
	// rules follow (units.go lists them).
	numBaseRules
)

// The sources the rule texts cite.
const (
	sourceScoring    = "Carcassonne rulebook (2nd edition), Scoring"
	sourceEnd        = "Carcassonne rulebook (2nd edition), Scoring at the end of the game"
	sourceFirst      = "Carcassonne Central: What are your favourite Base Game Rules?, Small City Scoring; Wikipedia: Carcassonne (board game), Scoring"
	sourceFirstField = "Carcassonne Central: What are your favourite Base Game Rules?, Farmer Scoring - 1st Edition; Wikipedia: Carcassonne (board game), Scoring"
)

// ruleTexts holds, by ScoringRule, what the rule says and where.
var ruleTexts = [...]string{
	RuleNone:                  "",
	RuleRoad:                  "completed road: 1 point a tile (" + sourceScoring + ")",
	RuleCity:                  "completed city: 2 points a tile and 2 a pennant (" + sourceScoring + ")",
	RuleSmallCityFirstEdition: "completed city of two tiles, 1st edition: 1 point a tile and 1 a pennant (" + sourceFirst + ")",
	RuleCloister:              "completed cloister: 9 points, 1 for the cloister and 1 for each tile around it (" + sourceScoring + ")",
	RuleEndRoad:               "unfinished road at the end: 1 point a tile (" + sourceEnd + ")",
	RuleEndCity:               "unfinished city at the end: 1 point a tile and 1 a pennant (" + sourceEnd + ")",
	RuleEndCloister:           "unfinished cloister at the end: 1 point and 1 for each tile around it (" + sourceEnd + ")",
	RuleField:                 "field at the end: 3 points for each completed city it borders (" + sourceEnd + ")",
	RuleFieldFirstEdition: "farmers at the end, 1st edition: 4 points for each completed city to the players with the most " +
		"farmers in the fields that border it (" + sourceFirstField + ")",
}

// atEnd reports whether the rule scores at the end of the game: the rules
// from RuleEndRoad to RuleFieldFirstEdition do.
func (r ScoringRule) atEnd() bool { return r >= RuleEndRoad && r <= RuleFieldFirstEdition }

// String returns what the rule says, with its source in parentheses, such
// as "completed road: 1 point a tile (Carcassonne rulebook (2nd edition),
// Scoring)"; RuleNone is the empty string.
func (r ScoringRule) String() string {
	if r < numBaseRules {
		return ruleTexts[r]
	}
	if u := unitScoring(r); u != nil {
		return u.text
	}
	return ""
}

// The rules behind the events that score nothing.
const (
	ruleCompleted = "a road or city is complete when no side of it is left open, a cloister when the 8 tiles around it " +
		"are placed (" + sourceScoring + ")"
	ruleReturned = "the followers on a completed feature go back to their owners once it is scored (" + sourceScoring + ")"
)

// Event is something that happened in a move or at the end of the game.
type Event struct {
	Kind EventKind
	// Feature is the joined feature concerned, as it stood then; for
	// RuleFieldFirstEdition, the completed city whose farmers scored.
	Feature Feature
	// Player is the player who scored or got followers back, from 0; -1
	// for a completion and for an event about a neutral figure.
	Player int
	// Points is the number of points scored.
	Points int
	// Count is the number of followers returned, or of tiles shuffled back.
	Count int
	// End is true for the events of EndGame.
	End bool
	// Scoring is the rule an EventScored scored by; RuleNone for the other
	// kinds.
	Scoring ScoringRule
	// Actor is the figure a unit's event is about (that moved, entered or
	// ate), and Victim the figure it ate or spared.
	Actor, Victim Figure
	// Called says that the figure came to the tile because the tile's
	// symbol called it there, not by a step.
	Called bool
	// Pos is the tile a figure moved to, entered, ate or spared on.
	Pos tilekit.BoardPosition
	// Reason is the ruling that decided an eaten or spared figure, as
	// rules.Ruling.Reason gives it, or the engine's default it stands in
	// for.
	Reason string
}

// String writes the event as scenario files name it, players counted from
// 1 and features by their kind: "completed road", "player 1 scores 4 for
// city", "player 2 takes back 1 from road"; an event of the end of the game
// is prefixed "end: ", as in "end: player 2 scores 3 for field". The
// farmers' points of the 1st edition are "for field" too, although the
// event's Feature is the city they score for. The points of a unit's
// scoring rule are "for" what the rule says. The units' events are
// written as their units write them (game/doc.go lists them).
func (e Event) String() string {
	var b []byte
	if e.End {
		b = append(b, "end: "...)
	}
	switch e.Kind {
	case EventCompleted:
		b = append(b, "completed "...)
	case EventScored:
		b = appendPlayer(b, e.Player)
		b = append(b, " scores "...)
		b = strconv.AppendInt(b, int64(e.Points), 10)
		b = append(b, " for "...)
	case EventReturned:
		b = appendPlayer(b, e.Player)
		b = append(b, " takes back "...)
		b = strconv.AppendInt(b, int64(e.Count), 10)
		b = append(b, " from "...)
	default:
		if u := eventKinds[e.Kind%numEventKinds]; u != nil {
			return string(u.write(e, b))
		}
		return string(b)
	}
	return string(append(b, e.kindName()...))
}

// appendPlayer appends "player N", N from 1.
func appendPlayer(b []byte, player int) []byte {
	b = append(b, "player "...)
	return strconv.AppendInt(b, int64(player)+1, 10)
}

// kindName returns the name of the kind of feature the event is about.
func (e Event) kindName() string {
	if e.Scoring == RuleFieldFirstEdition {
		return KindField.String()
	}
	if u := unitScoring(e.Scoring); u != nil {
		return u.what
	}
	return e.Feature.Kind.String()
}

// Rule returns the rule that made the event, with its source: for an
// EventScored the text of its Scoring rule, for a completion when a
// feature is complete, for a return that followers go back after scoring,
// and for a unit's event the rule its unit gives.
func (e Event) Rule() string {
	switch e.Kind {
	case EventCompleted:
		return ruleCompleted
	case EventReturned:
		return ruleReturned
	case EventScored:
		return e.Scoring.String()
	}
	if u := eventKinds[e.Kind%numEventKinds]; u != nil {
		return u.rule(e)
	}
	return ""
}
