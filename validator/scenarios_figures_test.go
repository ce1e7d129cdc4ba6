package validator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// figuresScenario uses every key of the expansions' figures; the line
// numbers in the comments are those the test expects Locate to give.
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
portal = { at = "0,0", feature = "city" }
princess = { at = "0,0", feature = "city" }
fairy = { at = "0,0", feature = "city" }
dragon = ["N", "E", "S", "W"]
dragon-options = [3, 2, 1, 0]
black-dragon = ["W"]
drawbridge = [
  { from = { at = "1,0", feature = "road" }, to = { at = "0,0", feature = "city" } },
]
expect = { dragon = "0,1", fairy = "", black-dragon = "1,0" }

[[scenario.turn]]
tile = "base/V"
at = "-1,0"
dragon = []

[scenario.expect]
dragon = ""
`

// TestScenarioBuildFigures checks that every figure key reaches its field
// at each level it is written at, that the keys left out stay nil, and
// that the Origins of the places, crossings and steps lead back to their
// lines.
func TestScenarioBuildFigures(t *testing.T) {
	res, err := Validate(BuiltinFolder(), Folder{Name: "u", FS: mapFS(map[string]string{"scenarios/princess-dragon/all.toml": figuresScenario})})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	s := res.Catalog.Scenario("princess-dragon/everything")
	require.NotNil(t, s)
	at := s.Origin
	turn0 := at.At("turn", "0")
	crossing := turn0.At("drawbridge", "0")
	str := func(s string) *string { return &s }

	assert.Equal(t, &tilekit.BoardPosition{X: 1}, s.Dragon)
	assert.Equal(t, &tilekit.BoardPosition{X: 2}, s.BlackDragon)
	assert.Equal(t, &tilekit.ScenarioPlace{At: tilekit.BoardPosition{X: 1}, Origin: at.At("fairy")}, s.Fairy, "the fairy on the tile: no feature")
	t0 := s.Turns[0]
	city := func(o tilekit.Origin) *tilekit.ScenarioPlace {
		return &tilekit.ScenarioPlace{Feature: "city", Origin: o}
	}
	assert.Equal(t, city(turn0.At("portal")), t0.Portal)
	assert.Equal(t, city(turn0.At("princess")), t0.Princess)
	assert.Equal(t, city(turn0.At("fairy")), t0.Fairy)
	assert.Equal(t, []tilekit.Side{tilekit.North, tilekit.East, tilekit.South, tilekit.West}, t0.Dragon)
	assert.Equal(t, []int{3, 2, 1, 0}, t0.DragonOptions)
	assert.Equal(t, []tilekit.Side{tilekit.West}, t0.BlackDragon)
	assert.Equal(t, []tilekit.ScenarioCrossing{{
		From:   tilekit.ScenarioPlace{At: tilekit.BoardPosition{X: 1}, Feature: "road", Origin: crossing.At("from")},
		To:     tilekit.ScenarioPlace{Feature: "city", Origin: crossing.At("to")},
		Origin: crossing,
	}}, t0.Drawbridge)
	assert.Equal(t, str("0,1"), t0.Expect.Dragon)
	assert.Equal(t, str(""), t0.Expect.Fairy, `"" is not the key left out`)
	assert.Equal(t, str("1,0"), t0.Expect.BlackDragon)

	t1 := s.Turns[1]
	assert.Equal(t, []tilekit.Side{}, t1.Dragon, "dragon = [] is a dragon with no step, not the key left out")
	assert.Nil(t, t1.DragonOptions)
	assert.Nil(t, t1.BlackDragon)
	assert.Nil(t, t1.Drawbridge)
	assert.Nil(t, t1.Portal)
	assert.Nil(t, t1.Princess)
	assert.Nil(t, t1.Fairy)
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
		{t0.Portal.Origin.At("feature"), 15},
		{t0.Princess.Origin, 16},
		{turn0.At("dragon", "2"), 18},
		{crossing.At("to", "feature"), 22},
		{t0.Expect.Origin.At("black-dragon"), 24},
		{s.Expect.Origin.At("dragon"), 32},
	} {
		line, _ := res.Locate(c.at)
		assert.Equal(t, c.line, line, "%v", c.at.Path)
	}
}

// TestScenarioFiguresFollowTheBoard checks when the figure checks look at
// the board: a turn's places once its own tile is laid, the setup's
// figures before any turn, and an expectation after its turn; and that a
// selected expansion, as a whole or by its part, lets its figures in.
func TestScenarioFiguresFollowTheBoard(t *testing.T) {
	head := "[[scenario]]\nid = \"princess-dragon/b\"\ntitle = \"b\"\nplayers = 2\n"
	pd := "expansions = [\"princess-dragon\"]\n"
	for _, c := range []struct {
		name, body string
		want       []string // codes and messages
	}{
		{"portal to the tile just laid", pd + "[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nportal = { at = \"0,1\", feature = \"road\" }", nil},
		{"setup's fairy on a tile a turn lays later", pd + "fairy = { at = \"0,1\" }\n[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"",
			[]string{"figure-off-board: the fairy stands at 0,1, where no tile lies before the first turn"}},
		{"expected dragon on the tile laid", pd + "[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nexpect = { dragon = \"0,1\" }", nil},
		{"expected dragon beside the board", pd + "[scenario.expect]\ndragon = \"\"", nil},
		{"turn's fairy on a tile with no such feature", pd + "[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nfairy = { at = \"0,0\", feature = \"road@N\" }",
			[]string{`unknown-feature: tile base/D at 0,0 has no feature "road@N"; its features are city, road, field1, field2`}},
		{"the part alone", "expansions = [\"princess-dragon/magic-portal\"]\n[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nportal = { at = \"0,0\", feature = \"city\" }", nil},
		{"another part", "expansions = [\"princess-dragon/fairy\"]\n[[scenario.turn]]\ntile = \"base/U\"\nat = \"0,1\"\nprincess = { at = \"0,0\", feature = \"city\" }",
			[]string{"figure-not-selected: princess moves the princess, of princess-dragon/princess, which scenario princess-dragon/b does not select: add \"princess-dragon/princess\" to its expansions"}},
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

// TestScenarioStepsVocabulary keeps the directions of the schema's steps
// in step with the sides the builder reads them as: N is the side whose
// neighbour is at y-1, and so on clockwise.
func TestScenarioStepsVocabulary(t *testing.T) {
	assert.Equal(t, []string{"E", "N", "S", "W"}, enumOf(t, "scenarios.schema.json", "definitions/direction"))
	for name, side := range stepSides {
		assert.Equal(t, name, side.String())
	}
	assert.Len(t, stepSides, 4)
}
