package validator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// figuresScenario uses every key of the expansions' figures and a move of
// each; the line numbers in the comments are those the test expects
// Locate to give.
const figuresScenario = `[[scenario]]
id = "princess-dragon/everything"
title = "Every figure key of a scenario"
players = 2
expansions = ["princess-dragon", "black-dragon", "drawbridges"]
edition = "C3"
position = "0,0:base/D@0 1,0:base/U@90 2,0:base/A@0"
dragon = "1,0"
black-dragon = "2,0"
fairy = { at = "1,0" }

[[scenario.turn]]
tile = "base/U"
at = "0,1"
moves = [
  "portal 0,0:city",
  "princess 0,0:city",
  "fairy 0,0:city",
  "dragon N",
  "black-dragon W",
  "drawbridge 0,0:city",
  "drawbridge home",
]
dragon-options = [3, 2, 1, 0]
expect = { dragon = "0,1", fairy = "", black-dragon = "1,0" }

[[scenario.turn]]
tile = "base/V"
at = "-1,0"
moves = []

[scenario.expect]
dragon = ""
`

// TestScenarioBuildFigures checks that every figure key and the moves
// reach their fields at each level they are written at, that the keys
// left out stay nil, and that the Origins of the moves lead back to their
// lines.
func TestScenarioBuildFigures(t *testing.T) {
	res, err := Validate(BuiltinFolder(), Folder{Name: "u", FS: mapFS(map[string]string{"scenarios/princess-dragon/all.toml": figuresScenario})})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	s := res.Catalog.Scenario("princess-dragon/everything")
	require.NotNil(t, s)
	at := s.Origin
	turn0 := at.At("turn", "0")
	str := func(s string) *string { return &s }

	assert.Equal(t, &tilekit.BoardPosition{X: 1}, s.Dragon)
	assert.Equal(t, &tilekit.BoardPosition{X: 2}, s.BlackDragon)
	assert.Equal(t, &tilekit.ScenarioPlace{At: tilekit.BoardPosition{X: 1}, Origin: at.At("fairy")}, s.Fairy, "the fairy on the tile: no feature")
	t0 := s.Turns[0]
	assert.Equal(t, []string{"portal 0,0:city", "princess 0,0:city", "fairy 0,0:city", "dragon N", "black-dragon W",
		"drawbridge 0,0:city", "drawbridge home"}, t0.Moves)
	assert.Equal(t, []int{3, 2, 1, 0}, t0.DragonOptions)
	assert.Equal(t, str("0,1"), t0.Expect.Dragon)
	assert.Equal(t, str(""), t0.Expect.Fairy, `"" is not the key left out`)
	assert.Equal(t, str("1,0"), t0.Expect.BlackDragon)

	t1 := s.Turns[1]
	assert.Equal(t, []string{}, t1.Moves, "moves = [] is no move, not the key left out")
	assert.Nil(t, t1.DragonOptions)
	assert.Nil(t, t1.Expect.Dragon)
	assert.Equal(t, str(""), s.Expect.Dragon)
	assert.Nil(t, s.Expect.Fairy)
	assert.Nil(t, s.Expect.BlackDragon)

	for _, c := range []struct {
		at   tilekit.Origin
		line int
	}{
		{at.At("dragon"), 8},
		{s.Fairy.Origin.At("at"), 10},
		{turn0.At("moves", "0"), 16},
		{turn0.At("moves", "3"), 19},
		{turn0.At("moves", "6"), 22},
		{turn0.At("dragon-options", "1"), 24},
		{t0.Expect.Origin.At("black-dragon"), 25},
		{s.Expect.Origin.At("dragon"), 33},
	} {
		line, _ := res.Locate(c.at)
		assert.Equal(t, c.line, line, "%v", c.at.Path)
	}
}

// TestScenarioFiguresFollowTheBoard checks when the figure checks look at
// the board: a turn's moves once its own tile is laid, the setup's
// figures before any turn, and an expectation after its turn; and that a
// selected expansion, as a whole or by its part, lets its figures in.
func TestScenarioFiguresFollowTheBoard(t *testing.T) {
	head := "[[scenario]]\nid = \"princess-dragon/b\"\ntitle = \"b\"\nplayers = 2\n"
	pd := "expansions = [\"princess-dragon\"]\n"
	for _, c := range []struct {
		name, body string
		want       []string // codes and messages
	}{
		{"portal to the tile just laid", pd + "[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nmoves = [\"portal 0,1:road\"]", nil},
		{"portal to a tile laid later", pd + "[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nmoves = [\"portal 0,2:road\"]",
			[]string{`move-off-board: move "portal 0,2:road" names the tile at 0,2, where no tile lies on turn 1`}},
		{"follower on the tile laid, by index", pd + "[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nmoves = [\"f2\", \"f3\"]",
			[]string{`move-unknown-feature: move "f3": tile base/U has no feature "f3"; its features are road, field1, field2`}},
		{"setup's fairy on a tile a turn lays later", pd + "fairy = { at = \"0,1\" }\n[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"",
			[]string{"figure-off-board: the fairy stands at 0,1, where no tile lies before the first turn"}},
		{"expected dragon on the tile laid", pd + "[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nexpect = { dragon = \"0,1\" }", nil},
		{"expected dragon beside the board", pd + "[scenario.expect]\ndragon = \"\"", nil},
		{"turn's fairy on a tile with no such feature", pd + "[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nmoves = [\"fairy 0,0:road@N\"]",
			[]string{`move-unknown-feature: move "fairy 0,0:road@N": tile base/D has no feature "road@N"; its features are city, road, field1, field2`}},
		{"the part alone", "expansions = [\"princess-dragon/magic-portal\"]\n[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nmoves = [\"portal 0,0:city\"]", nil},
		{"another part", "expansions = [\"princess-dragon/fairy\"]\n[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nmoves = [\"princess 0,0:city\"]",
			[]string{"figure-not-selected: a princess move is a move of step princess-remove, of princess-dragon/princess, which scenario princess-dragon/b does not select: add \"princess-dragon/princess\" to its expansions"}},
		{"an unknown expansion says nothing more", "expansions = [\"no-such\"]\ndragon = \"0,0\"",
			[]string{`unknown-expansion: no loaded file defines the expansion or part "no-such"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Validate(BuiltinFolder(), Folder{Name: "u", FS: mapFS(map[string]string{"scenarios/princess-dragon/b.toml": head + c.body + "\n"})})
			require.NoError(t, err)
			var got []string
			for _, d := range res.Diagnostics {
				got = append(got, d.Code+": "+d.Message)
			}
			assert.Equal(t, c.want, got)
		})
	}
}
