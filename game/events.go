package game

import (
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
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

// atEnd reports whether the rule scores at the end of the game: the rules
// from RuleEndRoad to RuleFieldFirstEdition do, and the data's rules of
// that moment.
func (r ScoringRule) atEnd() bool {
	if i, ok := dataRuleIndex(r); ok {
		return ruleEnd[i]
	}
	return r >= RuleEndRoad && r <= RuleFieldFirstEdition
}

// EventRule is the rule an event follows, as values: an id, which a
// language's interface strings word (site/strings/<lang>.toml, [event.rule]),
// the sources where a reader finds it, and the id of the step of the order
// of play that states it, if one does (Ruleset.EventRule then cites a step
// that supersedes it in the data).
type EventRule struct {
	ID      string
	Sources []tilekit.Citation
	Step    string
	// Score and Bonus are, under the rules compiled (Ruleset.EventRule),
	// the data's scoring rule or bonus that scored the event, for a reader
	// that words it from its values; nil otherwise.
	Score *tilekit.ScoreRule
	Bonus *tilekit.Bonus
}

// citeScoring is the source of the base game's rules of the events that
// score nothing; the scoring rules' sources are the data's
// (tilekit.ScoreRule, on the step score-features).
var citeScoring = tilekit.Citation{Kind: tilekit.Rulebook, Title: "Carcassonne rulebook (2nd edition)", Section: "Scoring"}

// one returns a list of one source.
func one(c tilekit.Citation) []tilekit.Citation { return []tilekit.Citation{c} }

// stepRule returns the rule of an id that the step of an id states, with
// its source.
func stepRule(id, step string, c tilekit.Citation) EventRule {
	return EventRule{ID: id, Sources: one(c), Step: step}
}

// baseScoringRules holds, by ScoringRule, the ids of the base game's
// rules, which the data's scoring rules (tilekit.ScoreRule) name, and the
// step whose data states them; Ruleset.EventRule gives their sources.
var baseScoringRules = [numBaseRules]EventRule{
	RuleRoad:                  {ID: "road", Step: scoreStep},
	RuleCity:                  {ID: "city", Step: scoreStep},
	RuleSmallCityFirstEdition: {ID: "city-1st-edition", Step: scoreStep},
	RuleCloister:              {ID: "cloister", Step: scoreStep},
	RuleEndRoad:               {ID: "end-road", Step: scoreStep},
	RuleEndCity:               {ID: "end-city", Step: scoreStep},
	RuleEndCloister:           {ID: "end-cloister", Step: scoreStep},
	RuleField:                 {ID: "field", Step: scoreStep},
	RuleFieldFirstEdition:     {ID: "field-1st-edition", Step: scoreStep},
}

// Rule returns the rule's id and the step that states it, without its
// sources, which are the data's (Ruleset.EventRule); RuleNone has an
// empty id.
func (r ScoringRule) Rule() EventRule {
	if r < numBaseRules {
		return baseScoringRules[r]
	}
	if i, ok := bonusIndex(r); ok {
		return EventRule{ID: bonusTable.list()[i], Step: bonusStep[i]}
	}
	if i, ok := dataRuleIndex(r); ok {
		return EventRule{ID: ruleTable.list()[i], Step: ruleStep[i]}
	}
	return EventRule{}
}

// baseEventRules holds, by event kind, the rules of the base game's
// events that score nothing.
var baseEventRules = [numBaseEvents]EventRule{
	EventCompleted: {ID: "complete", Sources: one(citeScoring)},
	EventReturned:  {ID: "return", Sources: one(citeScoring)},
}

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
	// Called is the symbol of the tile that called the figure there, not
	// by a step; empty for none.
	Called tilekit.Symbol
	// Pos is the tile a figure moved to, entered, ate or spared on.
	Pos tilekit.BoardPosition
	// Reason is the ruling that decided an eaten or spared figure, or the
	// engine's default it stands in for.
	Reason Reason
	// Ruling is the table's answer that decided the event, as values (its
	// table, its subject and its row, nil for the rule of thumb), for a
	// reader that links it: an eaten or spared figure's (the answer
	// Reason names), a companion's move beside a follower, a dismissal's
	// follower, a follower that crossed. The notation does not write it;
	// nil where no answer decided.
	Ruling *rules.Ruling
	// Word is the word of the step whose mechanic made the event, for a
	// kind of event that the notation writes with its step's word.
	Word Word
	// From and To are, for a follower that crossed (EventCrossed), the
	// feature of a tile it stood on and the one of the tile it crossed
	// onto, which belongs to Feature; zero for the other kinds. The
	// notation writes neither.
	From, To TileFeature
}

// TileFeature names one feature of a placed tile: the feature Index of
// the tile type at Pos, as PlacedFollower does.
type TileFeature struct {
	Pos   tilekit.BoardPosition
	Index int
}

// String returns the event in the event notation (see MarshalText), such
// as "score p1 4 city" or "return p1 1 road"; the site words events for a
// reader, in a language.
func (e Event) String() string { return e.Notation() }

// Rule returns the rule that made the event, as its id and sources: for an
// EventScored its Scoring rule's (its id alone: the sources are the
// data's, see Ruleset.EventRule), for a completion when a feature is
// complete, for a return that followers go back after scoring, and for a
// unit's event the rule its unit gives (an eaten or spared figure's event
// also carries the ruling that decided it, Reason).
func (e Event) Rule() EventRule {
	switch {
	case e.Kind == EventScored:
		return e.Scoring.Rule()
	case e.Kind < numBaseEvents:
		return baseEventRules[e.Kind]
	}
	if u := eventKinds[e.Kind%numEventKinds]; u != nil {
		return u.rule(e)
	}
	return EventRule{}
}

// EventRule returns the rule that made an event under the rules compiled,
// as Event.Rule does, with the sources the data give a scoring rule or a
// bonus (tilekit.ScoreRule, tilekit.Bonus); and for another rule a step states (EventRule.Step) whose
// step in the turn supersedes another in the data (a house rule, or a
// correction of a later data folder): that step's source then stands in
// place of the sources of the rule it superseded. A nil Ruleset gives
// Event.Rule.
func (r *Ruleset) EventRule(e Event) EventRule {
	if r == nil {
		return e.Rule()
	}
	if d, ok := r.scoring.data[e.Scoring]; ok && e.Kind == EventScored {
		rule := e.Rule()
		rule.Score, rule.Bonus = d.rule, d.bonus
		if d.rule != nil {
			rule.Sources = d.rule.Sources
		} else {
			rule.Sources = d.bonus.Sources
		}
		return rule
	}
	rule, ok := EventRule{}, false
	if e.Kind == EventReturned && e.Word != 0 {
		// A follower a unit's move sent home, by the step of the move's
		// word (a recall's).
		m := Move{Kind: wordKinds[e.Word], Word: e.Word}
		if k := moveKinds[m.Kind%numMoveKinds]; k != nil && k.step != nil {
			if st := k.step(r, m); st != "" {
				rule, ok = EventRule{ID: e.Word.String(), Step: st}, true
			}
		}
	}
	if u := eventKinds[e.Kind%numEventKinds]; !ok && u != nil && u.ruled != nil {
		rule, ok = u.ruled(r, e)
	}
	if !ok {
		rule = e.Rule()
	}
	if rule.Step == "" {
		return rule
	}
	if i := r.stepIndex(rule.Step); i >= 0 {
		if st := r.turn[i].data; st != nil && (st.Replaces != nil || len(rule.Sources) == 0) {
			rule.Sources = one(st.Source)
		}
	}
	return rule
}
