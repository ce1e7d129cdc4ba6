package game_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

// scenarioOrigin is where the test scenarios claim to be written.
var scenarioOrigin = tilekit.Origin{File: "scenarios/base/test.toml", Path: []string{"scenario", "0"}}

// newScenario returns a scenario of two players with its origins set as
// a loader sets them.
func newScenario(turns ...tilekit.ScenarioTurn) *tilekit.Scenario {
	s := &tilekit.Scenario{ID: "base/test", Players: 2, Origin: scenarioOrigin, Turns: turns}
	for i := range s.Turns {
		s.Turns[i].Origin = scenarioOrigin.At("turn", strconv.Itoa(i))
		s.Turns[i].Expect.Origin = s.Turns[i].Origin.At("expect")
	}
	s.Expect.Origin = scenarioOrigin.At("expect")
	return s
}

func intp(n int) *int    { return &n }
func boolp(b bool) *bool { return &b }

// roadClosedByTwoCloisters: player 1 puts a follower on the road of base/U
// east of the start tile; player 2 ends the road east of it with base/A
// (a cloister whose road, turned a quarter, leaves west); player 1 ends it
// west of the start tile with base/A turned three quarters (its road leaves
// east). The road spans 4 tiles: 4 points to player 1, whose follower comes
// back (Carcassonne rulebook (2nd edition), Scoring).
func roadClosedByTwoCloisters() *tilekit.Scenario {
	s := newScenario(
		tilekit.ScenarioTurn{Tile: "base/U", At: pos(1, 0), Moves: []string{"road"}, Placements: intp(6), FollowerOptions: intp(4)},
		tilekit.ScenarioTurn{Tile: "base/A", At: pos(2, 0), Rotation: 90},
		tilekit.ScenarioTurn{Tile: "base/A", At: pos(-1, 0), Rotation: 270},
	)
	s.Turns[0].Expect.Supply = []int{6, 7}
	s.Expect.Scores = []int{4, 0}
	s.Expect.Supply = []int{7, 7}
	s.Expect.Followers = []tilekit.ScenarioFollower{}
	s.Expect.Ended = boolp(false)
	s.Expect.Events = []string{"complete road", "score p1 4 road", "return p1 1 road"}
	s.Expect.Board = "-1,0:base/A@270 0,0:base/D@0 1,0:base/U@0 2,0:base/A@90"
	return s
}

func TestScenarioPasses(t *testing.T) {
	cat := catalog(t)
	res := game.RunScenario(cat, roadClosedByTwoCloisters())
	assert.Empty(t, res.Failures)
	assert.True(t, res.Passed())
	assert.Equal(t, "base/test", res.ID)
	board, rest, _ := strings.Cut(res.Snapshot, " / pile ")
	assert.Equal(t, "-1,0:base/A@270 0,0:base/D@0 1,0:base/U@0 2,0:base/A@90 / scores 4,0 / turn 2", board)
	// The C2 pile has 2 base/A, 4 base/D (one the start tile) and 7 base/U.
	assert.NotContains(t, rest, "base/A*")
	assert.Contains(t, rest, "base/D*3,")
	assert.Contains(t, rest, "base/U*6,")
	require.Len(t, res.Events, 3)
	assert.Empty(t, res.Events[0])
}

// RunScenarioWithStart shows the game the scenario set up, once, before
// its first turn (the start tile alone, no follower), and plays on to the
// same end as RunScenario; a setup that fails shows nothing.
func TestScenarioWithStart(t *testing.T) {
	cat := catalog(t)
	var starts []string
	res := game.RunScenarioWithStart(cat, roadClosedByTwoCloisters(), func(g *game.Game) {
		board, _, _ := strings.Cut(g.Snapshot(), " / pile ")
		starts = append(starts, board)
	})
	assert.True(t, res.Passed(), "%v", res.Failures)
	assert.Equal(t, []string{"0,0:base/D@0 / scores 0,0 / turn 1"}, starts)
	assert.Equal(t, game.RunScenario(cat, roadClosedByTwoCloisters()).Snapshot, res.Snapshot)

	bad := roadClosedByTwoCloisters()
	bad.Position = "0,0:base/nope@0"
	res = game.RunScenarioWithStart(cat, bad, func(*game.Game) { t.Error("a failed setup shows no game") })
	assert.False(t, res.Passed())
}

// failureAt returns the failures of a result by the last elements of
// their origin's path, joined with dots, such as "expect.scores".
func failureAt(res game.ScenarioResult) map[string]game.ScenarioFailure {
	out := map[string]game.ScenarioFailure{}
	for _, f := range res.Failures {
		path := f.Origin.Path[len(scenarioOrigin.Path):]
		out[strings.Join(path, ".")] = f
	}
	return out
}

func TestScenarioFailuresAreLocated(t *testing.T) {
	cat := catalog(t)
	s := roadClosedByTwoCloisters()
	s.Turns[0].Placements = intp(5)
	s.Turns[0].FollowerOptions = intp(3)
	s.Turns[0].Expect.Supply = []int{7, 7}
	s.Expect.Scores = []int{3, 0}
	s.Expect.Events = []string{"complete road"}
	s.Expect.Followers = []tilekit.ScenarioFollower{{Player: 1, At: pos(1, 0), Feature: "road"}}
	s.Expect.Ended = boolp(true)
	s.Expect.Board = "0,0:base/D@0"
	res := game.RunScenario(cat, s)
	got := failureAt(res)
	assert.Len(t, res.Failures, 8)
	assert.Equal(t, game.ScenarioFailure{
		Origin: scenarioOrigin.At("expect", "scores"), Message: "scores at the end: want [3, 0], got [4, 0]", Want: "[3, 0]", Got: "[4, 0]",
	}, got["expect.scores"])
	assert.Equal(t, "turn 1: base/U has 6 legal placements, want 5: 1,0@0, 1,0@180, 0,1@0, 0,1@180, -1,0@0, -1,0@180", got["turn.0.placements"].Message)
	assert.Equal(t, "turn 1: 4 follower moves (none included) after base/U, want 3", got["turn.0.follower-options"].Message)
	assert.Equal(t, "followers at hand after turn 1: want [7, 7], got [6, 7]", got["turn.0.expect.supply"].Message)
	assert.Equal(t, "events at the end: want complete road, got complete road; score p1 4 road; return p1 1 road",
		got["expect.events"].Message)
	assert.Equal(t, "followers on the board at the end: want player 1 at 1,0 on road, got nothing", got["expect.followers"].Message)
	assert.Equal(t, "game over at the end: want true, got false", got["expect.ended"].Message)
	assert.Contains(t, got["expect.board"].Message, "board at the end: want 0,0:base/D@0, got -1,0:base/A@270")
}

func TestScenarioIllegalMoves(t *testing.T) {
	cat := catalog(t)
	// base/U north of the start tile shows a field to its city.
	s := newScenario(tilekit.ScenarioTurn{Tile: "base/U", At: pos(0, -1), Illegal: "meets the city"})
	s.Expect.Scores = []int{99, 99}
	res := game.RunScenario(cat, s)
	assert.Empty(t, res.Failures, "the refusal is expected; the scenario stops there")

	s.Turns[0].Illegal = "is a road"
	got := failureAt(game.RunScenario(cat, s))
	assert.Equal(t, `turn 1: the move was refused, but not with "is a road": the south side of base/U at 0,-1 is a field and meets the city of base/D at 0,0`,
		got["turn.0.illegal"].Message)

	s.Turns[0].Illegal = ""
	got = failureAt(game.RunScenario(cat, s))
	assert.Equal(t, "turn 1: the south side of base/U at 0,-1 is a field and meets the city of base/D at 0,0", got["turn.0.at"].Message)

	s.Turns[0] = tilekit.ScenarioTurn{Tile: "base/U", At: pos(1, 0), Moves: []string{"road"}, Illegal: "taken", Origin: s.Turns[0].Origin}
	s.Followers = []tilekit.ScenarioFollower{{Player: 2, At: pos(0, 0), Feature: "road"}}
	res = game.RunScenario(cat, s)
	assert.Empty(t, res.Failures, "the road is player 2's already")

	s.Turns[0].Moves = []string{"field1"}
	got = failureAt(game.RunScenario(cat, s))
	assert.Equal(t, `turn 1: want a move refused with "taken", but the turn was played`, got["turn.0.illegal"].Message)
}

func TestScenarioDiscardAndEnd(t *testing.T) {
	cat := catalog(t)
	// With the start tile's city closed the four-sided city fits nowhere:
	// it is set aside and player 1 takes the next tile too. The pile then
	// holds base/B alone, laid south of the start tile with a monk: the
	// pile is empty, the game ends, and the cloister, with one tile of the
	// eight around it, scores 2 points.
	s := newScenario(
		tilekit.ScenarioTurn{Tile: "base/C", Discard: true, Placements: intp(0)},
		tilekit.ScenarioTurn{Tile: "base/B", At: pos(0, 1), Moves: []string{"cloister"}},
	)
	s.Position = "0,0:base/D@0 0,-1:base/E@180"
	s.Pile = []string{"base/C", "base/B"}
	s.Turns[1].Expect.Followers = []tilekit.ScenarioFollower{{Player: 1, At: pos(0, 1), Feature: "cloister"}}
	s.Expect.Ended = boolp(true)
	s.Expect.Scores = []int{2, 0}
	s.Expect.Events = []string{"end score p1 2 cloister"}
	res := game.RunScenario(cat, s)
	assert.Empty(t, res.Failures)
	assert.True(t, strings.HasSuffix(res.Snapshot, "/ pile none / over"), res.Snapshot)

	s.Turns[0].Tile = "base/U"
	got := failureAt(game.RunScenario(cat, s))
	assert.Equal(t, "turn 1: no copy of base/U is left in the pile", got["turn.0.tile"].Message)
	s.Pile = nil
	got = failureAt(game.RunScenario(cat, s))
	assert.Equal(t, "turn 1: base/U fits on the board (12 placements), so it cannot be set aside", got["turn.0.discard"].Message)

	s = newScenario()
	s.End = true
	s.Followers = []tilekit.ScenarioFollower{{Player: 2, At: pos(0, 0), Feature: "city"}}
	s.Scores = []int{1, 2}
	s.Expect.Events = []string{"end score p2 1 city"}
	s.Expect.Scores = []int{1, 3}
	s.Expect.Supply = []int{7, 6}
	assert.Empty(t, game.RunScenario(cat, s).Failures, "end = true scores the end with tiles left")
}

func TestScenarioOptions(t *testing.T) {
	cat := catalog(t)
	s := newScenario(tilekit.ScenarioTurn{Tile: "base/E", At: pos(0, -1), Rotation: 180, Moves: []string{"city"}})
	s.Options.FirstEditionScoring = true
	s.Expect.Events = []string{"complete city", "score p1 2 city-1st-edition", "return p1 1 city"}
	assert.Empty(t, game.RunScenario(cat, s).Failures)

	s = newScenario(tilekit.ScenarioTurn{Tile: "base/U", At: pos(1, 0), FollowerOptions: intp(2), Moves: []string{"field1"}, Illegal: "without farmers"})
	s.Options.NoFarmers = true
	assert.Empty(t, game.RunScenario(cat, s).Failures)

	s = newScenario()
	s.Edition = tilekit.C1
	s.Position = "0,0:base/D@0 1,0:base/E-garden@0"
	got := failureAt(game.RunScenario(cat, s))
	assert.Contains(t, got["position"].Message, `unknown tile "base/E-garden"`, "the 1st edition has no garden tiles")
}

func TestScenarioBadInputFailsWhereItIs(t *testing.T) {
	cat := catalog(t)
	for key, change := range map[string]func(s *tilekit.Scenario){
		"players":    func(s *tilekit.Scenario) { s.Players = 7 },
		"expansions": func(s *tilekit.Scenario) { s.Expansions = []string{"nowhere"} },
		"position":   func(s *tilekit.Scenario) { s.Position = "0,0:base/D@0 5,5:base/U@0" },
		"scores":     func(s *tilekit.Scenario) { s.Scores = []int{1} },
		"pile.1":     func(s *tilekit.Scenario) { s.Pile = []string{"base/U", "base/ZZ"} },
		"followers.0": func(s *tilekit.Scenario) {
			s.Followers = []tilekit.ScenarioFollower{{Player: 1, At: pos(3, 3), Feature: "road"}}
		},
		"turn.0.tile":     func(s *tilekit.Scenario) { s.Turns[0].Tile = "base/ZZ" },
		"turn.0.rotation": func(s *tilekit.Scenario) { s.Turns[0].Rotation = 45 },
		"turn.0.moves.0":  func(s *tilekit.Scenario) { s.Turns[0].Moves = []string{"tower"} },
		"turn.1.expect.followers.0": func(s *tilekit.Scenario) {
			s.Turns[1].Expect.Followers = []tilekit.ScenarioFollower{{Player: 1, At: pos(1, 0), Feature: "moat"}}
		},
	} {
		s := roadClosedByTwoCloisters()
		change(s)
		res := game.RunScenario(cat, s)
		require.NotEmpty(t, res.Failures, key)
		assert.Contains(t, failureAt(res), key, "%s: %v", key, res.Failures)
	}
}

// FuzzScenario runs scenarios of one turn from fuzzed positions and moves
// (separated by ";"):
// RunScenario must report bad input as failures and never fail inside the
// engine.
func FuzzScenario(f *testing.F) {
	f.Add("0,0:base/D@0 0,-1:base/E@180", "base/U", int8(1), int8(0), int16(0), "road", "")
	f.Add("", "base/C", int8(0), int8(-1), int16(90), "city", "meets")
	f.Add("0,0:base/D@0[1:road] / scores 1,2", "base/B", int8(0), int8(1), int16(0), "#0;dragon N", "taken")
	cat := catalog(f)
	f.Fuzz(func(t *testing.T, position, tile string, x, y int8, rot int16, moves, illegal string) {
		s := newScenario(tilekit.ScenarioTurn{Tile: tile, At: pos(int(x), int(y)), Rotation: int(rot), Moves: strings.Split(moves, ";"), Illegal: illegal})
		s.Position = position
		s.Expect.Scores = []int{0, 0}
		res := game.RunScenario(cat, s)
		for _, fl := range res.Failures {
			require.NotContains(t, fl.Message, "the engine failed", "%+v", s)
		}
	})
}
