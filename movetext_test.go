package tilekit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every form of the notation reads and writes back unchanged, with what it
// names.
func TestParseMoveTextForms(t *testing.T) {
	for text, want := range map[string]MoveText{
		"-1,2@270":              {Tile: true, HasAt: true, At: BoardPosition{X: -1, Y: 2}, Rotation: 270},
		"none":                  {},
		"f3":                    {Feature: "f3", Index: 3, IsIndex: true},
		"#3":                    {Feature: "#3", Index: 3, IsIndex: true, Ref: IndexRef(3)},
		"field2":                {Feature: "field2", Ref: FeatureRef{Kind: Field, Ordinal: 2}},
		"road@W":                {Feature: "road@W", Ref: FeatureRef{Kind: Road, HasAt: true, At: mustEdgePoint(t, "W")}},
		"city large-meeple":     {Feature: "city", Ref: FeatureRef{Kind: City}, Figure: "large-meeple"},
		"portal 0,0:city abbot": {Word: "portal", HasAt: true, Feature: "city", Ref: FeatureRef{Kind: City}, Figure: "abbot"},
		"princess 0,-1:f0":      {Word: "princess", HasAt: true, At: BoardPosition{Y: -1}, Feature: "f0", IsIndex: true},
		"fairy 1,0":             {Word: "fairy", HasAt: true, At: BoardPosition{X: 1}},
		"fairy 1,0:north":       {Word: "fairy", HasAt: true, At: BoardPosition{X: 1}, Feature: "north", Ref: FeatureRef{ID: "north"}},
		"dragon N":              {Word: "dragon", Step: true},
		"black-dragon E":        {Word: "black-dragon", Step: true, Side: East},
		"drawbridge 1,-1:city":  {Word: "drawbridge", HasAt: true, At: BoardPosition{X: 1, Y: -1}, Feature: "city", Ref: FeatureRef{Kind: City}},
		"drawbridge home":       {Word: "drawbridge", Home: true},
		"barn-at 1,-1:SW":       {Word: "barn-at", HasAt: true, At: BoardPosition{X: 1, Y: -1}, HasCorner: true, Corner: SW},
	} {
		got, err := ParseMoveText(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
		assert.Equal(t, text, got.String())
	}
}

func mustEdgePoint(t *testing.T, name string) EdgePoint {
	p, err := ParseEdgePoint(name)
	require.NoError(t, err)
	return p
}

// A text that is no move is refused with what is wrong with it.
func TestParseMoveTextErrors(t *testing.T) {
	for text, want := range map[string]string{
		"":                  `move "": not a tile move (x,y@ROT), none, a follower's feature or a step's move (WORD x,y:FEATURE, WORD x,y, WORD home, ID SIDE): feature name "" is none of`,
		"01,0@0":            `move "01,0@0": a tile move is x,y@ROT: position "01,0": want x,y, such as 1,-2`,
		"-0,0@0":            `position "-0,0"`,
		"1,0@360":           `ROT one of 0, 90, 180 or 270`,
		"none road":         `none puts no follower and takes nothing after it`,
		"portal 0,0 abbot":  `portal takes a figure kind only after a feature, not "abbot"`,
		"dragon u":          `side "u": want N, E, S or W`,
		"drawbridge 1,away": `drawbridge names a tile: position "1,away"`,
		"city Large":        `the figure kind after the feature is lower-case letters and digits`,
		"fairy 1,0:field@X": `feature name "field@X"`,
	} {
		_, err := ParseMoveText(text)
		require.Error(t, err, text)
		assert.Contains(t, err.Error(), want, text)
	}
}
