package site

import (
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

// EventWords words the game engine's events and the rules they follow in
// one language, from the [event] section of its interface strings
// (site/strings/<lang>.toml): each event's kind and values pick a string
// and fill its named placeholders, such as {player} and {points}, so that
// another language needs a strings file and no code. The worked examples'
// pages and `tilekit play --explain` word events through it.
type EventWords struct{ tr *translator }

// NewEventWords reads the event strings of a language, "en" by default.
func NewEventWords(lang string) (*EventWords, error) {
	if lang == "" {
		lang = "en"
	}
	tr, err := loadStrings(lang)
	if err != nil {
		return nil, err
	}
	return &EventWords{tr: tr}, nil
}

// Check reports the event strings asked for that the language does not
// have.
func (w *EventWords) Check() error { return w.tr.check() }

// Event words an event, such as "player 1 scores 4 for city" or "dragon
// eats player 2's meeple at 1,0 (dragon-diet, rulebook)"; an event of the
// end of the game is wrapped in the "event.end" string. Only the values its
// string names are looked up.
func (w *EventWords) Event(e game.Event) string {
	text := w.tr.fill("event."+eventKey(e), func(name string) (string, bool) {
		switch name {
		case "player":
			return strconv.Itoa(e.Player + 1), true
		case "points":
			return strconv.Itoa(e.Points), true
		case "count":
			return strconv.Itoa(e.Count), true
		case "tile":
			return strconv.Itoa(e.Pos.X) + "," + strconv.Itoa(e.Pos.Y), true
		case "feature":
			if e.Kind == game.EventScored {
				return w.tr.must("event.scored." + e.Rule().ID), true
			}
			return w.tr.must("event.kind." + string(e.Feature.Kind.FeatureKind())), true
		case "figure":
			return w.tr.must("event.figure." + e.Actor.ID()), true
		case "victim":
			return w.tr.must("event.figure." + e.Victim.ID()), true
		case "reason":
			return w.reason(e.Reason), true
		}
		return "", false
	})
	if e.End {
		text = w.tr.fill("event.end", values(map[string]string{"event": text}))
	}
	return text
}

// values looks placeholders up in a map.
func values(m map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := m[name]
		return v, ok
	}
}

// eventKeys are the keys of the events' strings under [event], by kind;
// a move to a volcano adds -volcano, a meal of a player's meeple -meeple.
var eventKeys = map[game.EventKind]string{
	game.EventCompleted: "complete", game.EventScored: "score", game.EventReturned: "return", game.EventMoved: "move",
	game.EventEntered: "enter", game.EventEaten: "eat", game.EventSpared: "spare", game.EventPrincess: "princess",
	game.EventCrossed: "cross", game.EventSetAside: "set-aside", game.EventShuffledBack: "shuffle-back",
}

// eventKey returns the key of an event's string under [event].
func eventKey(e game.Event) string {
	key := eventKeys[e.Kind]
	switch {
	case e.Kind == game.EventMoved && e.Called:
		return key + "-volcano"
	case (e.Kind == game.EventEaten || e.Kind == game.EventSpared) && e.Victim == game.FigureMeeple:
		return key + "-meeple"
	}
	return key
}

// reason words what decided a meal: the table, the rule of thumb, the
// kind of source and its date, and the engine's default.
func (w *EventWords) reason(r game.Reason) string {
	if r.Source == "" {
		return w.tr.fill("event.reason.none", values(map[string]string{"table": r.Table}))
	}
	key := "event.reason.ruling"
	if r.Thumb {
		key = "event.reason.thumb"
	}
	if r.Date != "" {
		key += "-dated"
	}
	text := w.tr.fill(key, values(map[string]string{"table": r.Table, "source": w.tr.must("kind." + string(r.Source)), "date": r.Date}))
	if r.Default {
		text = w.tr.fill("event.reason.default", values(map[string]string{"reason": text}))
	}
	return text
}

// RuleText words the rule an event follows (Event.Rule, or under the
// rules played Ruleset.EventRule), without its sources, such as
// "completed road: 1 point a tile": a scoring rule or a bonus of the data
// from its values ([order.score]), another rule by its id ([event.rule]).
func (w *EventWords) RuleText(rule game.EventRule) string {
	switch {
	case rule.Score != nil:
		return scoreRuleWords(w.tr, rule.Score)
	case rule.Bonus != nil:
		name, ok := w.tr.strings["event.figure."+rule.Bonus.Figure]
		if !ok {
			name = rule.Bonus.Figure
		}
		return bonusWords(w.tr, rule.Bonus, name)
	}
	return w.tr.must("event.rule." + rule.ID)
}

// Rule words the rule an event follows with its sources in parentheses,
// each as its title and section, for text: "completed road: 1 point a
// tile (Carcassonne rulebook (2nd edition), Scoring)".
func (w *EventWords) Rule(rule game.EventRule) string {
	var sources []string
	for _, c := range rule.Sources {
		sources = append(sources, citationText(c))
	}
	return w.RuleText(rule) + " (" + strings.Join(sources, "; ") + ")"
}

// citationText writes a source as its title and section.
func citationText(c tilekit.Citation) string {
	if c.Section == "" {
		return c.Title
	}
	return c.Title + ", " + c.Section
}
