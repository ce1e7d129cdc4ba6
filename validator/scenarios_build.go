package validator

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// Building scenario entries ([[scenario]] in the files below scenarios/).
// A key left out stays nil where the domain type tells "not given" from
// "empty": an expect's followers = [] says there is no follower on the
// board, and leaving followers out says nothing about them.

// ints reads a list of integers, nil when the key is left out.
func ints(m map[string]any, key string) []int {
	items, ok := m[key].([]any)
	if !ok {
		return nil
	}
	out := make([]int, len(items))
	for i, it := range items {
		out[i] = integer(it)
	}
	return out
}

// optionalStrs reads a list of strings, nil when the key is left out.
func optionalStrs(m map[string]any, key string) []string {
	if _, ok := m[key]; !ok {
		return nil
	}
	return strs(m, key)
}

// optionalInt reads an integer, nil when the key is left out.
func optionalInt(m map[string]any, key string) *int {
	if _, ok := m[key]; !ok {
		return nil
	}
	n := integer(m[key])
	return &n
}

// parseBoardPosition reads "x,y"; the schema has checked its form.
func parseBoardPosition(s string) tilekit.BoardPosition {
	xs, ys, _ := strings.Cut(s, ",")
	x, _ := strconv.Atoi(xs)
	y, _ := strconv.Atoi(ys)
	return tilekit.BoardPosition{X: x, Y: y}
}

func buildScenario(m map[string]any, at tilekit.Origin) tilekit.Scenario {
	options := table(m, "options")
	s := tilekit.Scenario{
		ID: str(m, "id"), Title: str(m, "title"), Expansions: optionalStrs(m, "expansions"),
		Edition: tilekit.Edition(str(m, "edition")), Publisher: tilekit.Publisher(str(m, "publisher")),
		Players: integer(m["players"]), Position: str(m, "position"), Scores: ints(m, "scores"),
		Pile: optionalStrs(m, "pile"), End: boolean(m, "end"), Origin: at,
		CheckInvariants: boolean(m, "check-invariants"), Translations: translations(m),
	}
	if farmers, ok := options["farmers"].(bool); ok && !farmers {
		s.Options.NoFarmers = true
	}
	s.Options.FirstEditionScoring = boolean(options, "first-edition-scoring")
	if src := table(m, "source"); src != nil {
		s.Source = buildCitation(src)
	}
	s.Followers = buildScenarioFollowers(m, at)
	s.Supply = buildScenarioSupply(table(m, "supply"), at.At("supply"))
	s.Dragon, s.BlackDragon = optionalBoardPosition(m, "dragon"), optionalBoardPosition(m, "black-dragon")
	s.Fairy = buildScenarioPlace(table(m, "fairy"), at.At("fairy"))
	for j, t := range list(m["turn"]) {
		s.Turns = append(s.Turns, buildScenarioTurn(t, at.At("turn", strconv.Itoa(j))))
	}
	s.Expect = buildScenarioExpect(table(m, "expect"), at.At("expect"))
	return s
}

// buildScenarioFollowers reads the followers listed under m's followers
// key, nil when it is left out.
func buildScenarioFollowers(m map[string]any, at tilekit.Origin) []tilekit.ScenarioFollower {
	if _, ok := m["followers"]; !ok {
		return nil
	}
	items := list(m["followers"])
	out := make([]tilekit.ScenarioFollower, 0, len(items))
	for k, f := range items {
		out = append(out, tilekit.ScenarioFollower{
			Player: integer(f["player"]), At: parseBoardPosition(str(f, "at")), Feature: str(f, "feature"),
			Figure: str(f, "figure"), Origin: at.At("followers", strconv.Itoa(k)),
		})
	}
	return out
}

func buildScenarioTurn(m map[string]any, at tilekit.Origin) tilekit.ScenarioTurn {
	t := tilekit.ScenarioTurn{
		Tile: str(m, "tile"), Pass: boolean(m, "pass"), Discard: boolean(m, "discard"), Rotation: integer(m["rotation"]),
		Moves: optionalStrs(m, "moves"), Placements: optionalInt(m, "placements"),
		FollowerOptions: optionalInt(m, "follower-options"), DragonOptions: ints(m, "dragon-options"),
		Illegal: str(m, "illegal"), Origin: at,
	}
	if s := str(m, "at"); s != "" {
		t.At = parseBoardPosition(s)
	}
	t.Expect = buildScenarioExpect(table(m, "expect"), at.At("expect"))
	return t
}

// buildScenarioExpect reads an expect table; one left out expects nothing.
func buildScenarioExpect(m map[string]any, at tilekit.Origin) tilekit.ScenarioExpect {
	e := tilekit.ScenarioExpect{
		Scores: ints(m, "scores"), Supply: ints(m, "supply"), SupplyByKind: buildScenarioSupply(table(m, "supply"), at.At("supply")),
		Followers: buildScenarioFollowers(m, at),
		Events:    optionalStrs(m, "events"), Board: str(m, "board"), Origin: at,
	}
	if ended, ok := m["ended"].(bool); ok {
		e.Ended = &ended
	}
	e.Dragon, e.Fairy, e.BlackDragon = optionalStr(m, "dragon"), optionalStr(m, "fairy"), optionalStr(m, "black-dragon")
	return e
}

// buildScenarioSupply reads a supply table by kind, its kinds in order of
// their ids; nil when there is none (or the supply is a list of totals).
func buildScenarioSupply(m map[string]any, at tilekit.Origin) []tilekit.ScenarioSupply {
	var out []tilekit.ScenarioSupply
	for _, id := range slices.Sorted(maps.Keys(m)) {
		out = append(out, tilekit.ScenarioSupply{Figure: own(id), Counts: ints(m, id), Origin: at.At(id)})
	}
	return out
}

// buildScenarioPlace reads a place ({ at, feature }), nil when its table is
// left out.
func buildScenarioPlace(m map[string]any, at tilekit.Origin) *tilekit.ScenarioPlace {
	if m == nil {
		return nil
	}
	return &tilekit.ScenarioPlace{At: parseBoardPosition(str(m, "at")), Feature: str(m, "feature"), Origin: at}
}

// optionalBoardPosition reads an "x,y" position, nil when the key is left
// out.
func optionalBoardPosition(m map[string]any, key string) *tilekit.BoardPosition {
	s, ok := m[key].(string)
	if !ok {
		return nil
	}
	p := parseBoardPosition(s)
	return &p
}

// optionalStr reads a string, nil when the key is left out.
func optionalStr(m map[string]any, key string) *string {
	s, ok := m[key].(string)
	if !ok {
		return nil
	}
	s = own(s)
	return &s
}
