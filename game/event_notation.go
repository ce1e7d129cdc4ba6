package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// The event notation writes an Event as one line of values, words
// separated by single spaces, with no sentence of any language: scenario
// files expect events in it, and reports and errors show events in it.
// Players are p1 to p6 (Event.Player plus one), figures their ids in the
// rules data, tiles x,y, features their kind (road, city, field,
// cloister). An event of the end of the game starts with "end ". The base
// game's forms are:
//
//	complete KIND                   a placement completed a feature
//	score pN POINTS RULE            pN scored by a rule (see below)
//	return pN COUNT KIND            COUNT followers went back from a feature
//
// and each unit's kinds of events have their own word and form (units.go
// lists them, the package doc shows them). RULE is the feature kind scored
// for the ordinary rules (road, city, cloister, and field at the end; "end
// score p1 2 road" is an unfinished road), city-1st-edition
// (RuleSmallCityFirstEdition), field-1st-edition (RuleFieldFirstEdition),
// or a unit's rule's word. A REASON is the ruling that decided: the
// table's id, then "thumb" when its rule of thumb decided rather than a
// row, the kind of its source (tilekit.CitationKind), the source's date
// when it has one, and "default" when the engine's default, no, decided,
// each part after a slash: "TABLE/rulebook", "TABLE/thumb/community",
// "TABLE/faq/2015-03", "TABLE/open-question/default", or "TABLE/default"
// where no ruling answers.
//
// Examples: "score p1 4 city", "end score p2 3 field", "return p1 1 road".
//
// The grammar is the root package's (tilekit.ParseEventNotation), which the
// validator checks scenario files by; this file turns its words into the
// engine's values and back.

// Reason is what decided an eaten or spared figure: the ruling of a table
// (rules.Ruling) as values, or the engine's default where the table leaves
// the subject open or does not answer it.
type Reason = tilekit.EventReason

// reasonText writes a reason in English for the engine's messages, such as
// "TABLE, rulebook", "TABLE, rule of thumb, community
// interpretation" or "TABLE, open question: the engine's default,
// no", as rules.Ruling.Reason does.
func reasonText(r Reason) string {
	out := r.Table
	if r.Source == "" {
		return out + ", no ruling: the engine's default, no"
	}
	if r.Thumb {
		out += ", rule of thumb"
	}
	out += ", " + r.Source.Name()
	if r.Date != "" {
		out += " " + r.Date
	}
	if r.Default {
		out += ": the engine's default, no"
	}
	return out
}

// baseEventWords are the first words of the base game's kinds of events
// in the notation, by EventKind; a unit's kind has its own (units.go).
var baseEventWords = [numBaseEvents]string{"complete", "score", "return"}

// ruleWords are the words of the base game's scoring rules in the
// notation, by ScoringRule; the rules of the end of the game are written
// as the kind they score, after "end ". A unit's rule has its own.
var ruleWords = [numBaseRules]string{
	RuleRoad: "road", RuleCity: "city", RuleSmallCityFirstEdition: "city-1st-edition", RuleCloister: "cloister",
	RuleEndRoad: "road", RuleEndCity: "city", RuleEndCloister: "cloister", RuleField: "field",
	RuleFieldFirstEdition: "field-1st-edition",
}

// ruleKinds are the feature kinds the base game's scoring rules score, by
// ScoringRule: the kind an EventScored's Feature has (the farmers' points
// of the 1st edition are for a city); a unit's rules score no feature of
// their own.
var ruleKinds = [numBaseRules]Kind{
	RuleRoad: KindRoad, RuleCity: KindCity, RuleSmallCityFirstEdition: KindCity, RuleCloister: KindCloister,
	RuleEndRoad: KindRoad, RuleEndCity: KindCity, RuleEndCloister: KindCloister, RuleField: KindField,
	RuleFieldFirstEdition: KindCity,
}

// eventWord returns the first word of a kind of event in the notation.
func eventWord(k EventKind) string {
	if k < numBaseEvents {
		return baseEventWords[k]
	}
	if u := eventKinds[k%numEventKinds]; u != nil {
		return u.word
	}
	return ""
}

// ruleWord returns the word of a scoring rule in the notation, or "".
func ruleWord(r ScoringRule) string {
	if r < numBaseRules {
		return ruleWords[r]
	}
	if i, ok := bonusIndex(r); ok {
		return bonusTable.list()[i]
	}
	if i, ok := dataRuleIndex(r); ok {
		return ruleTable.list()[i]
	}
	return ""
}

// ruleKind returns the feature kind a scoring rule scores.
func ruleKind(r ScoringRule) Kind {
	if r < numBaseRules {
		return ruleKinds[r]
	}
	if i, ok := dataRuleIndex(r); ok {
		return ruleKindOf[i]
	}
	return 0
}

// ruleOfWord returns the scoring rule a word of the notation names, in an
// event of the end of the game or not, or RuleNone.
func ruleOfWord(word string, end bool) ScoringRule {
	for r, w := range ruleWords {
		if rule := ScoringRule(r); w == word && rule != RuleNone && rule.atEnd() == end {
			return rule
		}
	}
	if i, ok := bonusTable.lookup(word); ok && (!end || bonusOn[i] == tilekit.BonusFeatureScored) {
		return numBaseRules + ScoringRule(i)
	}
	if i, ok := ruleTable.lookup(word); ok && ruleEnd[i] == end {
		return dataRuleBase + ScoringRule(i)
	}
	return RuleNone
}

// MarshalText writes the event in the event notation.
func (e Event) MarshalText() ([]byte, error) { return e.AppendText(nil) }

// AppendText appends the event in the event notation to b.
func (e Event) AppendText(b []byte) ([]byte, error) {
	n, err := e.notation()
	if err != nil {
		return b, err
	}
	return n.AppendText(b), nil
}

// Notation returns the event in the event notation, or the error of
// MarshalText as text for an event that has none.
func (e Event) Notation() string {
	b, err := e.AppendText(nil)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// notation returns the words of the event's notation.
func (e Event) notation() (tilekit.EventNotation, error) {
	if e.Kind >= numEventKinds {
		return tilekit.EventNotation{}, fmt.Errorf("no event kind %d", e.Kind)
	}
	n := tilekit.EventNotation{End: e.End, Kind: eventWord(e.Kind), Player: e.Player + 1, Word: e.Feature.Kind.String()}
	if u := eventKinds[e.Kind]; u != nil && u.worded != MoveBase {
		n.Kind = e.Word.String()
	}
	switch e.Kind {
	case EventScored:
		if n.Word = ruleWord(e.Scoring); n.Word == "" {
			return n, fmt.Errorf("no scoring rule %d", e.Scoring)
		}
		n.Number = e.Points
	case EventReturned:
		n.Number = e.Count
	case EventCompleted:
	default:
		if u := eventKinds[e.Kind]; u != nil && u.note != nil {
			u.note(e, &n)
		}
	}
	return n, nil
}

// UnmarshalText reads an event in the event notation, as ParseEvent does.
func (e *Event) UnmarshalText(text []byte) error {
	ev, err := ParseEvent(string(text))
	if err != nil {
		return err
	}
	*e = ev
	return nil
}

// ParseEvent reads an event in the event notation. The event has the
// values the notation writes and no others: an event of the engine equals
// the parse of its notation once the values the notation leaves out are
// dropped (the joined feature but its kind, and the player of an event
// about a neutral figure, which is -1). The text must be as MarshalText
// writes it, so that each event has one notation.
func ParseEvent(text string) (Event, error) {
	n, err := tilekit.ParseEventNotation(text)
	if err != nil {
		return Event{}, err
	}
	e := Event{End: n.End, Player: n.Player - 1}
	if e.Kind, e.Word, err = eventKindOf(n.Kind); err != nil {
		return Event{}, fmt.Errorf("event %q: %w", text, err)
	}
	switch e.Kind {
	case EventScored:
		e.Points = n.Number
		e.Scoring = ruleOfWord(n.Word, e.End)
		e.Feature.Kind = ruleKind(e.Scoring)
		if e.Scoring == RuleNone {
			err = fmt.Errorf("scoring rule %q: no rule of the base game nor scoring rule or bonus of the rules data scores so %s", n.Word, map[bool]string{false: "during the game", true: "at the end of the game"}[e.End])
		}
	case EventReturned:
		e.Count = n.Number
		e.Feature.Kind, err = parseEventKind(n.Word)
	case EventCompleted:
		e.Feature.Kind, err = parseEventKind(n.Word)
	default:
		if u := eventKinds[e.Kind]; u != nil && u.read != nil {
			err = u.read(n, &e)
		}
	}
	if err != nil {
		return Event{}, fmt.Errorf("event %q: %w", text, err)
	}
	return e, nil
}

// eventKindOf returns the kind of event of a first word in the notation:
// a kind's own word, else the word of a step (with the word) whose moves'
// kind has a kind of event worded by its step.
func eventKindOf(first string) (EventKind, Word, error) {
	for k := range numEventKinds {
		if eventWord(k) == first {
			return k, 0, nil
		}
	}
	if w, mk, ok := lookupWord(tilekit.MoveWord(first)); ok {
		for k, u := range eventKinds {
			if u != nil && u.worded == mk {
				return EventKind(k), w, nil
			}
		}
	}
	return 0, 0, fmt.Errorf("no step of the rules data gives its events the word %q", first)
}

// parseEventKind reads a feature kind the engine plays.
func parseEventKind(word string) (Kind, error) {
	k, ok := kindOf[tilekit.FeatureKind(word)]
	if !ok {
		return 0, fmt.Errorf("feature kind %q: the engine plays road, city, field and cloister", word)
	}
	return k, nil
}

// noted returns the event with the values the notation writes and no
// others, as ParseEvent reads its notation back.
func (e Event) noted() Event {
	n := Event{Kind: e.Kind, End: e.End, Player: -1}
	switch e.Kind {
	case EventCompleted:
		n.Feature.Kind = e.Feature.Kind
	case EventScored:
		n.Player, n.Points, n.Scoring = e.Player, e.Points, e.Scoring
		n.Feature.Kind = ruleKind(e.Scoring)
	case EventReturned:
		n.Player, n.Count, n.Feature.Kind = e.Player, e.Count, e.Feature.Kind
	default:
		if u := eventKinds[e.Kind%numEventKinds]; u != nil && u.noted != nil {
			u.noted(e, &n)
		}
		if u := eventKinds[e.Kind%numEventKinds]; u != nil && u.worded != MoveBase {
			n.Word = e.Word
		}
	}
	return n
}
