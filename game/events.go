package game

import (
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

// atEnd reports whether the rule scores at the end of the game: the rules
// from RuleEndRoad to RuleFieldFirstEdition do.
func (r ScoringRule) atEnd() bool { return r >= RuleEndRoad && r <= RuleFieldFirstEdition }

// EventRule is the rule an event follows, as values: an id, which a
// language's interface strings word (site/strings/<lang>.toml, [event.rule]),
// and the sources where a reader finds it.
type EventRule struct {
	ID      string
	Sources []tilekit.Citation
}

// The sources the engine's messages cite.
const (
	sourcePD       = "Wikicarpedia: The Princess and The Dragon (1st edition)/de"
	sourceFairy    = sourcePD + ", Die Fee"
	sourceDragon   = sourcePD + ", Der Drache"
	sourceVolcano  = sourcePD + ", Der Vulkan"
	sourcePrincess = sourcePD + ", Das Burgfräulein"
)

// The sources of the engine's rules.
var (
	citeScoring = tilekit.Citation{Kind: tilekit.Rulebook, Title: "Carcassonne rulebook (2nd edition)", Section: "Scoring"}
	citeEnd     = tilekit.Citation{Kind: tilekit.Rulebook, Title: "Carcassonne rulebook (2nd edition)", Section: "Scoring at the end of the game"}
	citeFirst   = []tilekit.Citation{
		{Kind: tilekit.Community, Title: "Carcassonne Central: What are your favourite Base Game Rules?", Section: "Small City Scoring"},
		citeWikipedia,
	}
	citeFirstField = []tilekit.Citation{
		{Kind: tilekit.Community, Title: "Carcassonne Central: What are your favourite Base Game Rules?", Section: "Farmer Scoring - 1st Edition"},
		citeWikipedia,
	}
	citeWikipedia = tilekit.Citation{Kind: tilekit.Community, Title: "Wikipedia: Carcassonne (board game)", Section: "Scoring",
		URL: "https://en.wikipedia.org/wiki/Carcassonne_(board_game)"}
	citeFairy       = citePD("Die Fee")
	citeDragon      = citePD("Der Drache")
	citeDragonNote  = citePD("Der Drache, Note")
	citeVolcano     = citePD("Der Vulkan")
	citePrincess    = citePD("Das Burgfräulein")
	citeBlackMove   = citeBlack("Step 1: Movement of the Black Dragon")
	citeBlackPlace  = citeBlack("Step 3: Placement of the Black Dragon")
	citeBlackEats   = citeBlack("Step 1 and Step 3")
	citeBridgeScore = tilekit.Citation{Kind: tilekit.Rulebook, Title: "Wikicarpedia: The Drawbridges", Section: "3. Scoring a feature",
		URL: "https://wikicarpedia.com/car/The_Drawbridges"}
)

// citePD cites a section of the German rules of The Princess and The
// Dragon on Wikicarpedia.
func citePD(section string) tilekit.Citation {
	return tilekit.Citation{Kind: tilekit.Rulebook, Title: "Wikicarpedia: The Princess and The Dragon (1st edition)/de", Section: section,
		URL: "https://wikicarpedia.com/car/The_Princess_and_The_Dragon_(1st_edition)/de"}
}

// citeBlack cites a section of the Black Dragon's rules on Wikicarpedia.
func citeBlack(section string) tilekit.Citation {
	return tilekit.Citation{Kind: tilekit.FanRules, Title: "Wikicarpedia: Black Dragon (Fan Expansion)", Section: section,
		URL: "https://wikicarpedia.com/car/Black_Dragon_(Fan_Expansion)"}
}

// one returns a list of one source.
func one(c tilekit.Citation) []tilekit.Citation { return []tilekit.Citation{c} }

// scoringRules holds, by ScoringRule, the rule's id and sources.
var scoringRules = [...]EventRule{
	RuleRoad:                  {"road", one(citeScoring)},
	RuleCity:                  {"city", one(citeScoring)},
	RuleSmallCityFirstEdition: {"city-1st-edition", citeFirst},
	RuleCloister:              {"cloister", one(citeScoring)},
	RuleEndRoad:               {"end-road", one(citeEnd)},
	RuleEndCity:               {"end-city", one(citeEnd)},
	RuleEndCloister:           {"end-cloister", one(citeEnd)},
	RuleField:                 {"field", one(citeEnd)},
	RuleFieldFirstEdition:     {"field-1st-edition", citeFirstField},
	RuleFairyTurn:             {"fairy-turn", one(citeFairy)},
	RuleFairyFeature:          {"fairy-feature", one(citeFairy)},
}

// Rule returns the rule's id and sources; RuleNone has an empty id.
func (r ScoringRule) Rule() EventRule {
	if int(r) >= len(scoringRules) {
		return EventRule{}
	}
	return scoringRules[r]
}

// eventRules holds, by event kind, the rule of the events whose rule
// depends on their kind alone; movedRules and eatenRules hold, by actor,
// those of a figure's move and meal.
var eventRules = [numEventKinds]EventRule{
	EventCompleted:    {"complete", one(citeScoring)},
	EventReturned:     {"return", one(citeScoring)},
	EventEntered:      {"enter", one(citeBlackPlace)},
	EventPrincess:     {"princess", one(citePrincess)},
	EventCrossed:      {"cross", one(citeBridgeScore)},
	EventSetAside:     {"set-aside", one(citeDragonNote)},
	EventShuffledBack: {"shuffle-back", one(citeDragonNote)},
}

var movedRules = [numFigures]EventRule{
	figDragon:      {"move-dragon", one(citeDragon)},
	figFairy:       {"move-fairy", one(citeFairy)},
	figBlackDragon: {"move-black-dragon", one(citeBlackMove)},
}

var eatenRules = [numFigures]EventRule{
	figDragon:      {"eat-dragon", one(citeDragon)},
	figBlackDragon: {"eat-black-dragon", one(citeBlackEats)},
}

// ruleVolcano is the rule of the dragon's move to a volcano.
var ruleVolcano = EventRule{"volcano", one(citeVolcano)}

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
	// Reason is the ruling that decided an eaten or spared figure, or the
	// engine's default it stands in for.
	Reason Reason
}

// String returns the event in the event notation (see MarshalText), such
// as "score p1 4 city" or "move dragon 2,-1"; the site words events for a
// reader, in a language.
func (e Event) String() string { return e.Notation() }

// Rule returns the rule that made the event, as its id and sources: for an
// EventScored its Scoring rule's, for a completion when a feature is
// complete, for a return that followers go back after scoring, and for an
// event about a figure the rule of its page (an eaten or spared figure's
// event also carries the ruling that decided it, Reason).
func (e Event) Rule() EventRule {
	switch e.Kind {
	case EventScored:
		return e.Scoring.Rule()
	case EventMoved:
		if e.Volcano {
			return ruleVolcano
		}
		return movedRules[e.Actor%numFigures]
	case EventEaten, EventSpared:
		return eatenRules[e.Actor%numFigures]
	}
	return eventRules[e.Kind%numEventKinds]
}
