package site

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// The English strings word each kind of event as the scenario reports
// always have, from the event's values alone.
func TestEventWordsInEnglish(t *testing.T) {
	w, err := NewEventWords("")
	require.NoError(t, err)
	meal := game.Reason{Table: "dragon-diet", Source: tilekit.Rulebook}
	sel, err := rules.Select(builtinCatalog(t), []string{"princess-dragon"})
	require.NoError(t, err)
	pd, err := game.Compile(builtinCatalog(t), sel, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	princess := pd.DismissalMove(tilekit.BoardPosition{}, 0).Word
	for want, e := range map[string]game.Event{
		"completed road":                          {Kind: game.EventCompleted, Feature: game.Feature{Kind: game.KindRoad}, Player: -1},
		"player 2 scores 4 for city":              {Kind: game.EventScored, Feature: game.Feature{Kind: game.KindCity}, Player: 1, Points: 4, Scoring: game.RuleCity},
		"end: player 1 scores 4 for field":        {Kind: game.EventScored, Feature: game.Feature{Kind: game.KindCity}, Points: 4, End: true, Scoring: game.RuleFieldFirstEdition},
		"player 1 scores 1 for the fairy":         {Kind: game.EventScored, Points: 1, Scoring: siteBonus(t, "fairy-turn")},
		"player 3 takes back 2 from road":         {Kind: game.EventReturned, Feature: game.Feature{Kind: game.KindRoad}, Player: 2, Count: 2},
		"dragon moves to the volcano tile at 2,0": {Kind: game.EventMoved, Actor: siteFigure("dragon"), Called: tilekit.SymbolVolcano, Pos: tilekit.BoardPosition{X: 2}},
		"black dragon enters at -1,0":             {Kind: game.EventEntered, Actor: siteFigure("black-dragon"), Pos: tilekit.BoardPosition{X: -1}},
		"dragon eats player 2's meeple at 1,0 (dragon-diet, rulebook)": {Kind: game.EventEaten, Actor: siteFigure("dragon"),
			Player: 1, Pos: tilekit.BoardPosition{X: 1}, Reason: meal},
		"dragon does not eat the black dragon at 2,1 (dragon-diet, open question: the engine's default, no)": {Kind: game.EventSpared,
			Actor: siteFigure("dragon"), Victim: siteFigure("black-dragon"), Pos: tilekit.BoardPosition{X: 2, Y: 1},
			Reason: game.Reason{Table: "dragon-diet", Source: tilekit.OpenQuestion, Default: true}},
		"dragon does not eat the fairy at 0,0 (dragon-diet, rule of thumb, official FAQ 2015-03)": {Kind: game.EventSpared,
			Actor: siteFigure("dragon"), Victim: siteFigure("fairy"), Reason: game.Reason{Table: "dragon-diet", Thumb: true, Source: tilekit.FAQ, Date: "2015-03"}},
		"dragon does not eat the fairy at 0,0 (dragon-diet, no ruling: the engine's default, no)": {Kind: game.EventSpared,
			Actor: siteFigure("dragon"), Victim: siteFigure("fairy"), Reason: game.Reason{Table: "dragon-diet", Default: true}},
		"princess sends player 2's meeple home from city":    {Kind: game.EventDismissal, Player: 1, Feature: game.Feature{Kind: game.KindCity}, Word: princess},
		"player 1's meeple crosses the drawbridge into city": {Kind: game.EventCrossed, Feature: game.Feature{Kind: game.KindCity}},
		"dragon tile set aside":                              {Kind: game.EventSetAside, Player: -1},
		"dragon tiles shuffled back":                         {Kind: game.EventShuffledBack, Count: 1, Player: -1},
	} {
		assert.Equal(t, want, w.Event(e))
	}
	road := game.Event{Kind: game.EventScored, Feature: game.Feature{Kind: game.KindRoad}, Points: 3, Scoring: game.RuleRoad}
	r, err := game.Compile(builtinCatalog(t), rules.Selection{}, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	assert.Equal(t, "completed road: 1 point a tile (Carcassonne rulebook (2nd edition), Scoring)", w.Rule(r.EventRule(road)))
	require.NoError(t, w.Check())
}

// Every event of the built-in worked examples, and every rule they follow,
// is worded by the strings file: no key is missing and no placeholder is
// left unfilled.
func TestEventWordsCoverTheExamples(t *testing.T) {
	words, err := NewEventWords("en")
	require.NoError(t, err)
	cat := builtinCatalog(t)
	w := words.ForData(cat)
	seen := map[game.EventKind]bool{}
	for i := range cat.Scenarios {
		res := game.RunScenario(cat, &cat.Scenarios[i])
		for _, events := range res.Events {
			for _, e := range events {
				for _, text := range []string{w.Event(e), w.Rule(res.EventRule(e))} {
					assert.NotContains(t, text, "{", e.Notation())
					assert.NotContains(t, text, "[event.", e.Notation())
				}
				seen[e.Kind] = true
			}
		}
	}
	assert.Len(t, seen, 13, "every kind of event comes up")
	require.NoError(t, w.Check())
}

// Another language words events by its own strings file, its words in its
// own order, with no code: here a test language that puts the points first,
// has a form for one point and one for more, and names the first player by
// colour for a reader.
func TestEventWordsOfAnotherLanguage(t *testing.T) {
	old := stringFiles
	stringFiles = fstest.MapFS{"strings/xx.toml": {Data: []byte(`[event]
score = { one = "{points} Punkt für {feature} an {player}", many = "{points} Punkte für {feature} an {player}" }
player = "Spieler %d"
colour = { 1 = "Gelb" }
[event.scored]
city = "Stadt"
[event.kind]
city = "Stadt"
[event.figure]
meeple = "Gefolgsmann"
dragon = "Drache"
`)}}
	defer func() { stringFiles = old }()
	w, err := NewEventWords("xx")
	require.NoError(t, err)
	e := game.Event{Kind: game.EventScored, Feature: game.Feature{Kind: game.KindCity}, Player: 0, Points: 4, Scoring: game.RuleCity}
	assert.Equal(t, "4 Punkte für Stadt an Spieler 1", w.Event(e))
	one := e
	one.Points = 1
	assert.Equal(t, "1 Punkt für Stadt an Spieler 1", w.Event(one))
	assert.Equal(t, "4 Punkte für Stadt an Gelb", w.ForReaders().Event(e))
	second := e
	second.Player = 1
	assert.Equal(t, "4 Punkte für Stadt an Spieler 2", w.ForReaders().Event(second), "a player without a colour of the language's is numbered")
	require.NoError(t, w.Check())
	assert.Equal(t, "[event.complete]", w.Event(game.Event{Kind: game.EventCompleted, Feature: game.Feature{Kind: game.KindCity}}))
	assert.True(t, strings.Contains(w.Check().Error(), "event.complete"), w.Check().Error())
}

// siteFigure returns the figure of an id.
func siteFigure(id string) game.Figure {
	f, err := game.FigureOf(id)
	if err != nil {
		panic(err)
	}
	return f
}

// siteBonus returns the scoring rule of a bonus of the built-in data's
// rules of The Princess & the Dragon, by its id.
func siteBonus(t testing.TB, id string) game.ScoringRule {
	t.Helper()
	cat := builtinCatalog(t)
	sel, err := rules.Select(cat, []string{"princess-dragon"})
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	rule, ok := r.BonusByID(id)
	require.True(t, ok, id)
	return rule
}
