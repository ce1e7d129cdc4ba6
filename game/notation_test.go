package game_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

func TestNotationOfStartBoard(t *testing.T) {
	_, r := baseRules(t)
	b := game.StartBoard(r)
	assert.Equal(t, "0,0:base/D@0", b.String())
	e, _ := r.Type("base/E")
	k, _ := r.Type("base/K")
	require.True(t, b.CanPlace(tilekit.BoardPosition{Y: -1}, e, 2))
	require.NoError(t, b.Place(tilekit.BoardPosition{Y: -1}, e, 2))
	require.True(t, b.CanPlace(tilekit.BoardPosition{X: 1}, k, 1))
	require.NoError(t, b.Place(tilekit.BoardPosition{X: 1}, k, 1))
	assert.Equal(t, "0,-1:base/E@180 0,0:base/D@0 1,0:base/K@90", b.String())
	empty, err := game.ParseBoard(r, " \n")
	require.NoError(t, err)
	assert.Equal(t, 0, empty.Len())
	assert.Empty(t, game.NewBoard(r).String())
}

func TestNotationRoundTrip(t *testing.T) {
	cat, r := baseRules(t)
	p := newPlayer(r, 5)
	shuffle := rand.New(rand.NewPCG(6, 0))
	for round := range 30 {
		rb := randomBoard(cat, p, 3*round)
		text := p.board.String()
		tokens := strings.Fields(text)
		shuffle.Shuffle(len(tokens), func(i, j int) { tokens[i], tokens[j] = tokens[j], tokens[i] })
		back, err := game.ParseBoard(r, strings.Join(tokens, "\n "))
		require.NoError(t, err, text)
		assert.Equal(t, text, back.String())
		assert.Equal(t, p.board.Len(), back.Len())
		for pos, c := range rb.cells {
			typ, rot, ok := back.At(pos)
			assert.True(t, ok, "%s", pos)
			assert.Equal(t, c.tile.ID, r.ID(typ), "%s", pos)
			assert.Equal(t, c.rot, rot, "%s", pos)
		}
		for typ := range r.NumTypes() {
			got := back.LegalPlacements(typ, nil)
			sortPlacements(got)
			want := rb.legal(typ)
			assert.Equal(t, len(want), len(got), "%s on %q", r.ID(typ), text)
			if len(want) > 0 {
				assert.Equal(t, want, got, "%s on %q", r.ID(typ), text)
			}
		}
	}
}

func TestParseBoardErrors(t *testing.T) {
	_, r := baseRules(t)
	for _, tc := range []struct{ text, want string }{
		{"0,0:base/D@0 1,0base/K@0", `token 2 "1,0base/K@0": want x,y:TILE@ROT, such as 0,0:base/D@90`},
		{"0,0:base/D", `token 1 "0,0:base/D": want x,y:TILE@ROT`},
		{"0,0:base/D@0 a,0:base/K@0", `token 2 "a,0:base/K@0": x "a" is not a whole number`},
		{"0,0:base/D@0 1,:base/K@0", `token 2 "1,:base/K@0": y "" is not a whole number`},
		{"0,0:base/D@0 0,-1:base/E@180 0,1:base/Z@90", `token 3 "0,1:base/Z@90": unknown tile "base/Z"`},
		{"0,0:base/D@45", `token 1 "0,0:base/D@45": rotation 45: want 0, 90, 180 or 270`},
		{"0,0:base/D@right", `token 1 "0,0:base/D@right": rotation "right" is not a number of degrees`},
		{"0,0:base/D@0 0,0:base/B@0", `token 2 "0,0:base/B@0": position (0,0) already holds base/D`},
		{"0,0:base/D@0 100,0:base/B@0", `token 2 "100,0:base/B@0": position (100,0) lies off the board (at most 72 from (0,0) on each axis)`},
		{"0,0:base/D@0 0,1:base/C@0", `token 2 "0,1:base/C@0": its N side shows city but touches the S side of token 1 "0,0:base/D@0", which shows field`},
		{"0,1:base/C@0 0,0:base/D@0", `token 2 "0,0:base/D@0": its S side shows field but touches the N side of token 1 "0,1:base/C@0", which shows city`},
		{"0,0:base/D@0 3,3:base/B@0", `token 2 "3,3:base/B@0": not connected to token 1 "0,0:base/D@0"`},
	} {
		_, err := game.ParseBoard(r, tc.text)
		if assert.Error(t, err, tc.text) {
			assert.True(t, strings.HasPrefix(err.Error(), tc.want), "%s\ngot  %s\nwant %s", tc.text, err, tc.want)
		}
	}
}
