package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// The event notation writes an Event as one line of values, words
// separated by single spaces, with no sentence of any language: scenario
// files expect events in it, and reports and errors show events in it.
// Players are p1 to p6 (Event.Player plus one), figures their ids in the
// rules data (meeple, dragon, fairy, black-dragon), tiles x,y, features
// their kind (road, city, field, cloister). An event of the end of the game
// starts with "end ". The forms, by kind:
//
//	complete KIND                   a placement completed a feature
//	score pN POINTS RULE            pN scored by a rule (see below)
//	return pN COUNT KIND            COUNT followers went back from a feature
//	move FIGURE X,Y [volcano]       a figure moved to a tile (to a volcano)
//	enter FIGURE X,Y                the Black Dragon entered the game
//	eat FIGURE VICTIM X,Y REASON    a figure ate a victim on a tile
//	spare FIGURE VICTIM X,Y REASON  a figure did not eat a victim
//	princess pN KIND                the princess sent pN's meeple home
//	cross pN KIND                   pN's meeple crossed a drawbridge
//	set-aside                       a dragon tile was set aside
//	shuffle-back COUNT              COUNT dragon tiles went back to the pile
//
// RULE is the feature kind scored for the ordinary rules (road, city,
// cloister, and field at the end; "end score p1 2 road" is an unfinished
// road), or city-1st-edition (RuleSmallCityFirstEdition),
// field-1st-edition (RuleFieldFirstEdition), fairy-turn or fairy-feature.
// VICTIM is pN/meeple, a player's meeple, or a neutral figure's id. REASON
// is the ruling that decided: the table's id, then "thumb" when its rule of
// thumb decided rather than a row, the kind of its source
// (tilekit.CitationKind), the source's date when it has one, and "default"
// when the engine's default, no, decided, each part after a slash:
// "dragon-diet/rulebook", "dragon-diet/thumb/community",
// "dragon-diet/faq/2015-03", "dragon-diet/open-question/default", or
// "dragon-diet/default" where no ruling answers.
//
// Examples: "score p1 4 city", "end score p2 3 field", "return p1 1 road",
// "move dragon 2,-1", "eat dragon p1/meeple 2,-1 dragon-diet/rulebook".
//
// The grammar is the root package's (tilekit.ParseEventNotation), which the
// validator checks scenario files by; this file turns its words into the
// engine's values and back.

// Reason is what decided an eaten or spared figure: the ruling of a table
// (rules.Ruling) as values, or the engine's default where the table leaves
// the subject open or does not answer it.
type Reason = tilekit.EventReason

// reasonText writes a reason in English for the engine's messages, such as
// "dragon-diet, rulebook", "dragon-diet, rule of thumb, community
// interpretation" or "dragon-diet, open question: the engine's default,
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

// eventWords are the first words of the kinds of events in the notation,
// by EventKind.
var eventWords = [numEventKinds]string{"complete", "score", "return", "move", "enter", "eat", "spare",
	"princess", "cross", "set-aside", "shuffle-back"}

// ruleWords are the words of the scoring rules in the notation, by
// ScoringRule; the rules of the end of the game are written as the kind
// they score, after "end ".
var ruleWords = [...]string{
	RuleRoad: "road", RuleCity: "city", RuleSmallCityFirstEdition: "city-1st-edition", RuleCloister: "cloister",
	RuleEndRoad: "road", RuleEndCity: "city", RuleEndCloister: "cloister", RuleField: "field",
	RuleFieldFirstEdition: "field-1st-edition", RuleFairyTurn: "fairy-turn", RuleFairyFeature: "fairy-feature",
}

// ruleKinds are the feature kinds the scoring rules score, by ScoringRule:
// the kind an EventScored's Feature has (the farmers' points of the 1st
// edition are for a city); the fairy's rules score no feature of their own.
var ruleKinds = [len(ruleWords)]Kind{
	RuleRoad: KindRoad, RuleCity: KindCity, RuleSmallCityFirstEdition: KindCity, RuleCloister: KindCloister,
	RuleEndRoad: KindRoad, RuleEndCity: KindCity, RuleEndCloister: KindCloister, RuleField: KindField,
	RuleFieldFirstEdition: KindCity,
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
	n := tilekit.EventNotation{End: e.End, Kind: eventWords[e.Kind], Player: e.Player + 1, Word: e.Feature.Kind.String()}
	switch e.Kind {
	case EventScored:
		if int(e.Scoring) >= len(ruleWords) || e.Scoring == RuleNone {
			return n, fmt.Errorf("no scoring rule %d", e.Scoring)
		}
		n.Number, n.Word = e.Points, ruleWords[e.Scoring]
	case EventReturned, EventShuffledBack:
		n.Number = e.Count
	case EventMoved, EventEntered, EventEaten, EventSpared:
		n.Figure, n.Victim, n.Pos, n.Volcano, n.Reason = e.Actor.ID(), e.Victim.ID(), e.Pos, e.Volcano, e.Reason
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
	for k, w := range eventWords {
		if w == n.Kind {
			e.Kind = EventKind(k)
		}
	}
	switch e.Kind {
	case EventScored:
		e.Points = n.Number
		for r, word := range ruleWords {
			if rule := ScoringRule(r); word == n.Word && rule != RuleNone && (rule.atEnd() == e.End || rule == RuleFairyFeature) {
				e.Scoring, e.Feature.Kind = rule, ruleKinds[r]
			}
		}
	case EventReturned, EventShuffledBack:
		e.Count = n.Number
	case EventMoved, EventEntered, EventEaten, EventSpared:
		e.Pos, e.Volcano, e.Reason = n.Pos, n.Volcano, n.Reason
		if e.Actor, err = parseFigure(n.Figure); err == nil && n.Victim != "" {
			e.Victim, err = parseFigure(n.Victim)
		}
	}
	if e.Kind == EventCompleted || e.Kind == EventReturned || e.Kind == EventPrincess || e.Kind == EventCrossed {
		e.Feature.Kind, err = parseEventKind(n.Word)
	}
	if err != nil {
		return Event{}, fmt.Errorf("event %q: %w", text, err)
	}
	return e, nil
}

// parseEventKind reads a feature kind the engine plays.
func parseEventKind(word string) (Kind, error) {
	k, ok := kindOf[tilekit.FeatureKind(word)]
	if !ok {
		return 0, fmt.Errorf("feature kind %q: the engine plays road, city, field and cloister", word)
	}
	return k, nil
}

// parseFigure reads a figure by its id.
func parseFigure(word string) (Figure, error) {
	for f, id := range figureIDs {
		if id == word {
			return Figure(f), nil
		}
	}
	return 0, fmt.Errorf("figure %q: the engine plays meeple, dragon, fairy and black-dragon", word)
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
		if int(e.Scoring) < len(ruleKinds) {
			n.Feature.Kind = ruleKinds[e.Scoring]
		}
	case EventReturned:
		n.Player, n.Count, n.Feature.Kind = e.Player, e.Count, e.Feature.Kind
	case EventMoved, EventEntered:
		n.Actor, n.Pos, n.Volcano = e.Actor, e.Pos, e.Volcano && e.Kind == EventMoved
	case EventEaten, EventSpared:
		n.Actor, n.Victim, n.Pos, n.Reason = e.Actor, e.Victim, e.Pos, e.Reason
		if e.Victim == figMeeple {
			n.Player = e.Player
		}
	case EventPrincess, EventCrossed:
		n.Player, n.Feature.Kind = e.Player, e.Feature.Kind
	case EventShuffledBack:
		n.Count = e.Count
	}
	return n
}
