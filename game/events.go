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
	// EventMoved: Actor (the dragon, the fairy or the Black Dragon) moved
	// to the tile at Pos; Volcano says the dragon came to a volcano.
	EventMoved
	// EventEntered: the Black Dragon entered the game at Pos.
	EventEntered
	// EventEaten: Actor ate Victim (of Player, for a meeple) at Pos, by
	// Reason.
	EventEaten
	// EventSpared: Actor did not eat Victim (of Player, for a meeple) at
	// Pos, by Reason.
	EventSpared
	// EventPrincess: the princess sent Player's meeple home from Feature.
	EventPrincess
	// EventCrossed: Player's meeple crossed a drawbridge into Feature.
	EventCrossed
	// EventSetAside: a dragon tile drawn before the dragon was in play was
	// set aside.
	EventSetAside
	// EventShuffledBack: Count dragon tiles set aside went back into the
	// pile.
	EventShuffledBack
	numEventKinds
)

var eventNames = [numEventKinds]string{"completed", "scored", "returned", "moved", "entered", "eaten", "spared",
	"princess", "crossed", "set-aside", "shuffled-back"}

// String returns the name of the kind.
func (k EventKind) String() string { return eventNames[k%numEventKinds] }

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
	// RuleFairyTurn scores the fairy's point at the start of a turn.
	RuleFairyTurn
	// RuleFairyFeature scores the fairy's 3 points when its follower's
	// feature is scored.
	RuleFairyFeature
)

// The sources the rule texts cite.
const (
	sourceScoring    = "Carcassonne rulebook (2nd edition), Scoring"
	sourceEnd        = "Carcassonne rulebook (2nd edition), Scoring at the end of the game"
	sourceFirst      = "Carcassonne Central: What are your favourite Base Game Rules?, Small City Scoring; Wikipedia: Carcassonne (board game), Scoring"
	sourceFirstField = "Carcassonne Central: What are your favourite Base Game Rules?, Farmer Scoring - 1st Edition; Wikipedia: Carcassonne (board game), Scoring"
	sourcePD         = "Wikicarpedia: The Princess and The Dragon (1st edition)/de"
	sourceFairy      = sourcePD + ", Die Fee"
	sourceDragon     = sourcePD + ", Der Drache"
	sourceVolcano    = sourcePD + ", Der Vulkan"
	sourcePrincess   = sourcePD + ", Das Burgfräulein"
	sourceBlack      = "Wikicarpedia: Black Dragon (Fan Expansion)"
	sourceBridge     = "Wikicarpedia: The Drawbridges, 3. Scoring a feature"
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
	RuleFairyTurn:    "the fairy next to one of your followers (on its tile, Rio Grande and Z-Man) at the start of your turn: 1 point (" + sourceFairy + ")",
	RuleFairyFeature: "the fairy next to a follower (on its tile, Rio Grande and Z-Man) in a feature being scored: 3 points to its owner (" + sourceFairy + ")",
}

// atEnd reports whether the rule scores at the end of the game: the rules
// from RuleEndRoad to RuleFieldFirstEdition do.
func (r ScoringRule) atEnd() bool { return r >= RuleEndRoad && r <= RuleFieldFirstEdition }

// String returns what the rule says, with its source in parentheses, such
// as "completed road: 1 point a tile (Carcassonne rulebook (2nd edition),
// Scoring)"; RuleNone is the empty string.
func (r ScoringRule) String() string {
	if int(r) >= len(ruleTexts) {
		return ""
	}
	return ruleTexts[r]
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
	// Actor is the figure that moved, entered, ate or spared, and the
	// meeple (FigureMeeple) of an EventCrossed; Victim the figure eaten or
	// spared.
	Actor, Victim Figure
	// Volcano says that the dragon moved to a volcano.
	Volcano bool
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
// event's Feature is the city they score for. The fairy's points are
// "player 2 scores 1 for the fairy". The figures' events are written as
// game/doc.go lists them, such as "dragon moves to 2,-1" and "dragon eats
// player 1's meeple at 2,-1 (dragon-diet, rulebook)".
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
		return string(e.appendFigureEvent(b))
	}
	return string(append(b, e.kindName()...))
}

// appendPlayer appends "player N", N from 1.
func appendPlayer(b []byte, player int) []byte {
	b = append(b, "player "...)
	return strconv.AppendInt(b, int64(player)+1, 10)
}

// appendFigureEvent appends the text of an event about a figure.
func (e Event) appendFigureEvent(b []byte) []byte {
	switch e.Kind {
	case EventSetAside:
		return append(b, "dragon tile set aside"...)
	case EventShuffledBack:
		return append(b, "dragon tiles shuffled back"...)
	case EventPrincess:
		b = appendPlayer(append(b, "princess sends "...), e.Player)
		return append(append(b, "'s meeple home from "...), e.Feature.Kind.String()...)
	case EventCrossed:
		b = appendPlayer(b, e.Player)
		return append(append(b, "'s meeple crosses the drawbridge into "...), e.Feature.Kind.String()...)
	}
	b = append(b, figureNames[e.Actor%numFigures]...)
	switch e.Kind {
	case EventMoved:
		b = append(b, " moves to "...)
		if e.Volcano {
			b = append(b, "the volcano at "...)
		}
		return append(b, notationPos(e.Pos)...)
	case EventEntered:
		return append(append(b, " enters at "...), notationPos(e.Pos)...)
	case EventEaten:
		b = append(b, " eats "...)
	default:
		b = append(b, " does not eat "...)
	}
	if e.Victim == figMeeple {
		b = append(appendPlayer(b, e.Player), "'s meeple"...)
	} else {
		b = append(append(b, "the "...), figureNames[e.Victim%numFigures]...)
	}
	b = append(append(b, " at "...), notationPos(e.Pos)...)
	return append(append(append(b, " ("...), e.Reason...), ')')
}

// kindName returns the name of the kind of feature the event is about.
func (e Event) kindName() string {
	switch e.Scoring {
	case RuleFieldFirstEdition:
		return KindField.String()
	case RuleFairyTurn, RuleFairyFeature:
		return "the fairy"
	}
	return e.Feature.Kind.String()
}

// figureRules holds, by event kind, the rule an event about a figure
// follows, with its source; movedRules and eatenRules hold, by actor, those
// of a figure's move and meal.
var figureRules = [numEventKinds]string{
	EventEntered: "the Black Dragon enters on the tile placed this turn when a score has reached or passed the threshold since the turn began (" +
		sourceBlack + ", Step 3: Placement of the Black Dragon)",
	EventPrincess:     "the princess sends one knight of the city she extends home (" + sourcePrincess + ")",
	EventCrossed:      "the sole majority of a completed road moves its meeples over a lowered drawbridge into the incomplete city (" + sourceBridge + ")",
	EventSetAside:     "a dragon tile drawn before the dragon is in play is set aside (" + sourceDragon + ", Note)",
	EventShuffledBack: "once the dragon is in play the dragon tiles set aside are shuffled back into the pile (" + sourceDragon + ", Note)",
}

var movedRules = [numFigures]string{
	figDragon: "after a dragon tile the players in turn, from the active player, move the dragon one tile at a time, " +
		"never twice onto a tile, nor onto the fairy's, nor back to its start (" + sourceDragon + ")",
	figFairy:       "instead of deploying a follower a player may move the fairy next to one of their followers (" + sourceFairy + ")",
	figBlackDragon: "at the start of scoring the active player moves the Black Dragon one tile per completed feature (" + sourceBlack + ", Step 1: Movement of the Black Dragon)",
}

var eatenRules = [numFigures]string{
	figDragon:      "the dragon eats the figures on each tile it enters, as its diet and protection tables say (" + sourceDragon + ")",
	figBlackDragon: "the Black Dragon eats the figures on each tile it enters, as its diet and protection tables say (" + sourceBlack + ", Step 1 and Step 3)",
}

// ruleVolcano is the rule of the dragon's move to a volcano.
const ruleVolcano = "a volcano tile calls the dragon onto it at once, from beside the board or from its tile (" + sourceVolcano + ")"

// Rule returns the rule that made the event, with its source: for an
// EventScored the text of its Scoring rule, for a completion when a
// feature is complete, for a return that followers go back after scoring,
// and for an event about a figure the rule of its page (an eaten or spared
// figure's event names the ruling that decided it in its String too).
func (e Event) Rule() string {
	switch e.Kind {
	case EventCompleted:
		return ruleCompleted
	case EventReturned:
		return ruleReturned
	case EventScored:
		return e.Scoring.String()
	case EventMoved:
		if e.Volcano {
			return ruleVolcano
		}
		return movedRules[e.Actor%numFigures]
	case EventEaten, EventSpared:
		return eatenRules[e.Actor%numFigures]
	}
	return figureRules[e.Kind%numEventKinds]
}
