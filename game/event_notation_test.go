package game

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// randomGameEvents plays a seeded random game, every decision chosen
// uniformly among the legal moves, and returns every event it gave.
func randomGameEvents(t *testing.T, r *Ruleset, seed uint64) []Event {
	t.Helper()
	g, err := NewGame(r, 3, seed)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 7))
	var all, events []Event
	var moves []Move
	for {
		if _, ok := g.Draw(); !ok {
			break
		}
		for g.Decision() != "draw" && !g.Over() {
			moves = g.Legal(moves[:0])
			require.NotEmpty(t, moves, "seed %d: the %s decision has no legal move", seed, g.Decision())
			events, err = g.Apply(moves[rng.IntN(len(moves))], events[:0])
			require.NoError(t, err)
			all = append(all, events...)
		}
	}
	return append(all, g.EndGame(nil)...)
}

// roundTrip checks that an event is written in the notation and read back
// as the event with the values the notation writes.
func roundTrip(t *testing.T, e Event) {
	t.Helper()
	text, err := e.MarshalText()
	require.NoError(t, err, "%+v", e)
	back, err := ParseEvent(string(text))
	require.NoError(t, err, text)
	require.Equal(t, e.noted(), back, text)
	var u Event
	require.NoError(t, u.UnmarshalText(text))
	require.Equal(t, back, u)
}

// Every event of random games of every expansion, under each publisher's
// rules and both scorings, and of the built-in scenarios round-trips
// through the notation; each kind of event comes up.
func TestEventNotationRoundTripsRandomGames(t *testing.T) {
	cat, err := validator.BuiltinCatalog()
	require.NoError(t, err)
	seen := map[EventKind]bool{}
	for _, c := range []struct {
		expansions []string
		pub        tilekit.Publisher
		opts       Options
	}{
		{nil, "", Options{}},
		{nil, "", Options{FirstEditionScoring: true}},
		{[]string{"princess-dragon"}, tilekit.HansImGlueck, Options{}},
		{[]string{"princess-dragon"}, tilekit.RioGrande, Options{}},
		{[]string{"black-dragon"}, "", Options{}},
		{[]string{"drawbridges"}, "", Options{}},
		{[]string{"traders-builders"}, "", Options{}},
		{[]string{"princess-dragon", "black-dragon", "drawbridges"}, tilekit.ZMan, Options{FirstEditionScoring: true}},
	} {
		sel, err := rules.Select(cat, c.expansions)
		require.NoError(t, err)
		r, err := Compile(cat, sel, Setup{Edition: tilekit.C2, Publisher: c.pub, Options: c.opts})
		require.NoError(t, err)
		for seed := range uint64(12) {
			for _, e := range randomGameEvents(t, r, seed) {
				roundTrip(t, e)
				seen[e.Kind] = true
			}
		}
	}
	for i := range cat.Scenarios {
		for _, events := range RunScenario(cat, &cat.Scenarios[i]).Events {
			for _, e := range events {
				roundTrip(t, e)
				seen[e.Kind] = true
			}
		}
	}
	for k := range numEventKinds {
		assert.True(t, seen[k], "no random game gave an event %s", k)
	}
}

// Each form of the notation reads back as its values; a text that is not
// in the notation, or not as MarshalText writes it, is refused with what
// is wrong.
func TestParseEvent(t *testing.T) {
	princess, err := nameWord("princess", MoveDismissal)
	require.NoError(t, err)
	for text, want := range map[string]Event{
		"complete city":         {Kind: EventCompleted, Feature: Feature{Kind: KindCity}, Player: -1},
		"score p2 5 road":       {Kind: EventScored, Feature: Feature{Kind: KindRoad}, Player: 1, Points: 5, Scoring: RuleRoad},
		"end score p1 3 field":  {Kind: EventScored, Player: 0, Points: 3, End: true, Scoring: RuleField},
		"end score p1 4 road":   {Kind: EventScored, Feature: Feature{Kind: KindRoad}, Points: 4, End: true, Scoring: RuleEndRoad},
		"score p1 1 fairy-turn": {Kind: EventScored, Points: 1, Scoring: testBonusTurn},
		"return p3 2 cloister":  {Kind: EventReturned, Feature: Feature{Kind: KindCloister}, Player: 2, Count: 2},
		"move dragon 2,-1":      {Kind: EventMoved, Actor: testDragon, Pos: tilekit.BoardPosition{X: 2, Y: -1}, Player: -1},
		"move dragon 0,3 volcano": {Kind: EventMoved, Actor: testDragon, Pos: tilekit.BoardPosition{Y: 3}, Called: tilekit.SymbolVolcano,
			Player: -1},
		"enter black-dragon -1,0": {Kind: EventEntered, Actor: testBlack, Pos: tilekit.BoardPosition{X: -1}, Player: -1},
		"eat dragon p1/meeple 2,-1 dragon-diet/rulebook": {Kind: EventEaten, Actor: testDragon, Victim: FigureMeeple,
			Pos: tilekit.BoardPosition{X: 2, Y: -1}, Reason: Reason{Table: "dragon-diet", Source: tilekit.Rulebook}},
		"spare dragon black-dragon 2,1 dragon-diet/thumb/faq/2015-03/default": {Kind: EventSpared, Actor: testDragon,
			Victim: testBlack, Pos: tilekit.BoardPosition{X: 2, Y: 1}, Player: -1,
			Reason: Reason{Table: "dragon-diet", Thumb: true, Source: tilekit.FAQ, Date: "2015-03", Default: true}},
		"spare dragon fairy 0,0 dragon-diet/default": {Kind: EventSpared, Actor: testDragon, Victim: testFairy, Player: -1,
			Reason: Reason{Table: "dragon-diet", Default: true}},
		"princess p2 city":                 {Kind: EventDismissal, Feature: Feature{Kind: KindCity}, Player: 1, Word: princess},
		"cross p1 city":                    {Kind: EventCrossed, Feature: Feature{Kind: KindCity}, Player: 0},
		"set-aside":                        {Kind: EventSetAside, Player: -1},
		"shuffle-back 2":                   {Kind: EventShuffledBack, Count: 2, Player: -1},
		"score p1 2 city-1st-edition":      {Kind: EventScored, Feature: Feature{Kind: KindCity}, Points: 2, Scoring: RuleSmallCityFirstEdition},
		"end score p2 4 field-1st-edition": {Kind: EventScored, Feature: Feature{Kind: KindCity}, Player: 1, Points: 4, End: true, Scoring: RuleFieldFirstEdition},
		"end score p2 3 fairy-feature":     {Kind: EventScored, Player: 1, Points: 3, End: true, Scoring: testBonusFeature},
		"eat black-dragon dragon 0,0 black-dragon-diet/fan-rules": {Kind: EventEaten, Actor: testBlack, Victim: testDragon, Player: -1,
			Reason: Reason{Table: "black-dragon-diet", Source: tilekit.FanRules}},
	} {
		got, err := ParseEvent(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
		assert.Equal(t, text, got.String(), "the notation writes it back")
	}
	for text, why := range map[string]string{
		"":                                     "want an event such as",
		"completed road":                       "want an event such as",
		"complete":                             "complete takes 1 values after it, not 0",
		"complete lake":                        `feature kind "lake"`,
		"score p0 4 city":                      `player "p0": want p1 to p6`,
		"score p7 4 city":                      `player "p7"`,
		"score 1 4 city":                       `player "1"`,
		"score p1 04 city":                     `number "04"`,
		"score p1 -4 city":                     `number "-4"`,
		"score p1 4 field":                     `scoring rule "field"`,
		"end score p1 4 fairy-turn":            `scoring rule "fairy-turn"`,
		"score p1 4 city now":                  "score takes 3 values after it, not 4",
		"move dragon 2,-1 Lava":                "a move ends with the symbol of the tile that called the figure, an id",
		"move dragon 2,+1":                     `tile "2,+1"`,
		"move unicorn 2,1":                     `figure "unicorn"`,
		"eat dragon meeple 0,0 t/rulebook":     `victim "meeple"`,
		"eat dragon p1/meeple 0,0 dragon-diet": `reason "dragon-diet"`,
		"eat dragon p1/meeple 0,0 dragon-diet/gossip":           `reason "dragon-diet/gossip"`,
		"eat dragon p1/meeple 0,0 dragon-diet/default/rulebook": `write it "eat dragon p1/meeple 0,0 dragon-diet/rulebook/default"`,
		"score  p1 4 city":        "score takes 3 values after it, not 4",
		"end end score p1 4 road": "want an event such as",
	} {
		_, err := ParseEvent(text)
		require.Error(t, err, text)
		assert.Contains(t, err.Error(), why, text)
	}
}

// Every text that ParseEvent reads is written back by MarshalText as it
// was, and every event it reads marshals without error.
func FuzzParseEvent(f *testing.F) {
	for _, s := range []string{"complete city", "end score p2 3 field", "return p1 1 road", "move dragon 2,-1 volcano",
		"eat dragon p1/meeple 2,-1 dragon-diet/rulebook", "spare black-dragon fairy 0,0 d/thumb/faq/2015-03/default",
		"shuffle-back 3", "set-aside", "cross p6 city", "score p1 1 fairy-turn"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		e, err := ParseEvent(text)
		if err != nil {
			return
		}
		out, err := e.MarshalText()
		require.NoError(t, err, text)
		require.Equal(t, text, string(out))
		again, err := ParseEvent(string(out))
		require.NoError(t, err)
		require.Equal(t, e, again)
		require.Equal(t, e, e.noted(), "a parsed event holds only values of the notation")
	})
}

// The neutral figures and bonuses of the built-in data, by their ids,
// for the tests of the package.
var (
	testDragon       = mustNameFigure("dragon")
	testBlack        = mustNameFigure("black-dragon")
	testFairy        = mustNameFigure("fairy")
	testBonusTurn    = mustNameBonus("fairy-turn", tilekit.BonusTurnStart, "fairy-point")
	testBonusFeature = mustNameBonus("fairy-feature", tilekit.BonusFeatureScored, "fairy-move")
)

// mustNameBonus names a bonus of the built-in data for a test.
func mustNameBonus(id string, on tilekit.BonusTrigger, step string) ScoringRule {
	r, err := nameBonus(&tilekit.Bonus{ID: id, On: on}, step)
	if err != nil {
		panic(err)
	}
	return r
}
