package site

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

// EventWords words the game engine's events and the rules they follow in
// one language, from the [event] section of its interface strings
// (site/strings/<lang>.toml): each event's kind and values pick a string
// and fill its named placeholders, such as {player} and {points}, so that
// another language needs a strings file and no code. The worked examples'
// pages and `tilekit play --explain` word events through it.
type EventWords struct {
	tr *translator
	// cat, when set (ForData), words what the strings do not name: a
	// figure by its name in the data, a rule by its step's explanation,
	// as for a fan's own figure and step.
	cat *tilekit.Catalog
	// forReaders, when set (ForReaders), names players by their colour and
	// tables by their names.
	forReaders bool
}

// ForData returns the event words for the data of a catalog: a figure or
// a step's rule that the strings file has no words for (a fan's own) is
// worded from the data, by the figure's name and the step's explanation.
func (w *EventWords) ForData(cat *tilekit.Catalog) *EventWords {
	return &EventWords{tr: w.tr, cat: cat, forReaders: w.forReaders}
}

// ForReaders returns the event words for a reader of the rules
// reference: each player named by the colour of their figures ("Blue
// scores 4 for city"), as the rulebooks' examples do and as a worked
// example's board shows them, and each table that decided an event by its
// name, where the words of NewEventWords number the players ("player 2
// scores 4 for city") and give the table's id, which the command line
// takes.
func (w *EventWords) ForReaders() *EventWords {
	return &EventWords{tr: w.tr, cat: w.cat, forReaders: true}
}

// table words the table that decided an event: by its name in the data for
// a reader (ForReaders), else by its id.
func (w *EventWords) table(id string) string {
	if w.forReaders && w.cat != nil {
		if t := w.cat.Table(id); t != nil && t.Name != "" {
			return t.Translations.Text(w.tr.lang, "name", t.Name)
		}
	}
	return id
}

// player words a player, from 0 (see playerName).
func (w *EventWords) player(i int) string { return playerName(w.tr, i, w.forReaders) }

// playerName words a player, from 0: by colour (event.colour.N, for the
// colours the language has strings for) or by number (event.player).
func playerName(tr *translator, i int, byColour bool) string {
	if byColour {
		if key := "event.colour." + strconv.Itoa(i+1); tr.has(key) {
			return tr.must(key)
		}
	}
	return tr.must("event.player", i+1)
}

// inSentence returns a name of the data as it reads inside a sentence in
// a language: its translation as written (a German noun keeps its
// capital), else the English name starting in lower case ("the lantern",
// "the Black Dragon").
func inSentence(tr tilekit.Translations, lang, english string) string {
	if tr.Has(lang, "name") {
		return tr.Text(lang, "name", english)
	}
	r, n := utf8.DecodeRuneInString(english)
	return string(unicode.ToLower(r)) + english[n:]
}

// figure words a figure: its string, else its name in the data.
func (w *EventWords) figure(f game.Figure) string { return w.figureByID(f.ID()) }

// figureByID words a figure by its id: its string, else its name in the
// data.
func (w *EventWords) figureByID(id string) string {
	return w.word("event.figure."+id, func(cat *tilekit.Catalog) (string, bool) {
		if fig := cat.Figure(id); fig != nil {
			return inSentence(fig.Translations, w.tr.lang, fig.Name), true
		}
		return "", false
	})
}

// scoredFor words what a score is for, by its rule's id: its string, else
// for a bonus of the data the figure the follower stands with, and for a
// scoring rule of the data its feature, with the attribute its condition
// asks for ("road with an inn").
func (w *EventWords) scoredFor(id string) string {
	return w.word("event.scored."+id, func(cat *tilekit.Catalog) (string, bool) {
		for i := range cat.Steps {
			m := &cat.Steps[i].Mechanics
			if c := m.Collection; c != nil && c.ID == id {
				names := make([]string, len(c.Attributes))
				for j, a := range c.Attributes {
					names[j] = w.tr.must("event.attribute." + string(a))
				}
				return w.tr.must("event.majority", strings.Join(names, w.tr.must("event.or"))), true
			}
			if rc := m.Recall; rc != nil && string(rc.Word) == id {
				return w.tr.must("event.recalled", w.figureByID(rc.Figure)), true
			}
			for _, b := range m.Bonuses {
				if b.ID == id {
					return w.tr.must("event.bonus-figure", w.figureByID(b.Figure)), true
				}
			}
			for _, r := range m.Scoring {
				if r.ID != id {
					continue
				}
				kind := w.tr.must("event.kind." + string(r.Feature))
				if r.When != nil && r.When.Has != "" {
					return w.tr.must("event.scored-with", kind, w.tr.must("event.attribute."+string(r.When.Has))), true
				}
				return kind, true
			}
		}
		return "", false
	})
}

// word returns the string of a key; for a key the language does not have,
// the data's word (fromData, with the catalog of ForData) when it gives
// one, else the missing string is noted as must notes it.
func (w *EventWords) word(key string, fromData func(*tilekit.Catalog) (string, bool)) string {
	if _, ok := w.tr.strings[key]; !ok && w.cat != nil {
		if text, ok := fromData(w.cat); ok {
			return text
		}
	}
	return w.tr.must(key)
}

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
//
// A language whose string for an event is a pair of forms, one and many
// (as German's "1 Punkt", "2 Punkte"), picks the form by the event's
// number: the points of a score, else its count.
func (w *EventWords) Event(e game.Event) string {
	key := "event." + eventKey(e)
	if w.tr.has(key + ".one") {
		n := e.Count
		if e.Kind == game.EventScored {
			n = e.Points
		}
		key += pluralForm(n)
	}
	text := w.tr.fill(key, func(name string) (string, bool) {
		switch name {
		case "player":
			return w.player(e.Player), true
		case "points":
			return strconv.Itoa(e.Points), true
		case "count":
			return strconv.Itoa(e.Count), true
		case "tile":
			return strconv.Itoa(e.Pos.X) + "," + strconv.Itoa(e.Pos.Y), true
		case "word":
			return string(e.Word.ID()), true
		case "feature":
			if e.Kind == game.EventScored {
				return w.scoredFor(e.Rule().ID), true
			}
			return w.tr.must("event.kind." + string(e.Feature.Kind.FeatureKind())), true
		case "figure":
			return w.figure(e.Actor), true
		case "victim":
			return w.figure(e.Victim), true
		case "symbol":
			return w.symbol(e.Called), true
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
// a move onto a tile whose symbol called the figure adds -called, a meal
// of a player's meeple -meeple.
var eventKeys = map[game.EventKind]string{
	game.EventCompleted: "complete", game.EventScored: "score", game.EventReturned: "return", game.EventMoved: "move",
	game.EventEntered: "enter", game.EventEaten: "eat", game.EventSpared: "spare", game.EventDismissal: "dismissal",
	game.EventCrossed: "cross", game.EventSetAside: "set-aside", game.EventShuffledBack: "shuffle-back",
	game.EventExtraTurn: "extra-turn", game.EventMovedOn: "moved-on",
}

// eventKey returns the key of an event's string under [event].
func eventKey(e game.Event) string {
	key := eventKeys[e.Kind]
	switch {
	case e.Kind == game.EventMoved && e.Called != "":
		return key + "-called"
	case (e.Kind == game.EventEaten || e.Kind == game.EventSpared) && e.Victim == game.FigureMeeple:
		return key + "-meeple"
	}
	return key
}

// reason words what decided a meal: the table, the rule of thumb, the
// kind of source and its date, and the engine's default.
func (w *EventWords) reason(r game.Reason) string {
	if r.Source == "" {
		return w.tr.fill("event.reason.none", values(map[string]string{"table": w.table(r.Table)}))
	}
	key := "event.reason.ruling"
	if r.Thumb {
		key = "event.reason.thumb"
	}
	if r.Date != "" {
		key += "-dated"
	}
	text := w.tr.fill(key, values(map[string]string{"table": w.table(r.Table), "source": w.tr.must("kind." + string(r.Source)), "date": r.Date}))
	if r.Default {
		text = w.tr.fill("event.reason.default", values(map[string]string{"reason": text}))
	}
	return text
}

// symbol words a tile symbol that called a figure: its string, else its
// name in the data, else its id.
func (w *EventWords) symbol(s tilekit.Symbol) string {
	return w.word("event.symbol."+string(s), func(cat *tilekit.Catalog) (string, bool) {
		if def := cat.DeclaredSymbol(s); def != nil {
			return inSentence(def.Translations, w.tr.lang, def.Name), true
		}
		return string(s), true
	})
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
		return bonusWords(w.tr, rule.Bonus, w.figureByID(rule.Bonus.Figure))
	}
	return w.word("event.rule."+rule.ID, func(cat *tilekit.Catalog) (string, bool) {
		if st := cat.Step(rule.Step); rule.Step != "" && st != nil && st.Explanation != "" {
			return st.Translations.Text(w.tr.lang, "explanation", st.Explanation), true
		}
		return "", false
	})
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
