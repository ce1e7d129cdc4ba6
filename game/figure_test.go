package game_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
)

// Board.Placed gives the tiles as values, in the order and with the
// rotations Board.String writes them: writing its values back in the
// notation gives Board.String, whatever order the position listed them in.
func TestPlacedListsTheTilesAsBoardStringWritesThem(t *testing.T) {
	_, r := baseRules(t)
	g, err := game.ParseSnapshot(r, "1,0:base/A@90 0,1:base/E@90 0,0:base/D@0 0,-1:base/E@180 / scores 0,0")
	require.NoError(t, err)
	var got []game.PlacedTile
	var tokens []string
	for p := range g.Board().Placed() {
		got = append(got, p)
		tokens = append(tokens, fmt.Sprintf("%d,%d:%s@%d", p.Pos.X, p.Pos.Y, r.ID(p.Type), tilekit.Rotations[p.Rot]))
	}
	assert.Equal(t, g.Board().String(), strings.Join(tokens, " "))
	assert.Equal(t, []game.PlacedTile{
		{Placement: game.Placement{Pos: pos(0, -1), Rot: 2}, Type: typeOf(t, r, "base/E")},
		{Placement: game.Placement{Pos: pos(0, 0), Rot: 0}, Type: r.Start()},
		{Placement: game.Placement{Pos: pos(1, 0), Rot: 1}, Type: typeOf(t, r, "base/A")},
		{Placement: game.Placement{Pos: pos(0, 1), Rot: 1}, Type: typeOf(t, r, "base/E")},
	}, got)
	for range g.Board().Placed() {
		break // a range stopped early: the iterator yields no more (else Go panics)
	}
}

// Game.Figures gives every figure on the board as a value: the followers,
// by tile in the order of Board.Placed, then the neutral figures, each
// with its kind, owner and feature.
func TestFiguresListsFollowersAndNeutralFigures(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	g, err := game.ParseSnapshot(r, dragonGrid+" / fairy 2,0:cloister")
	require.NoError(t, err)
	cloister, err := r.FeatureIndex(typeOf(t, r, "base/B"), "cloister")
	require.NoError(t, err)
	got := slices.Collect(g.Figures())
	assert.Equal(t, []game.PlacedFigure{
		{Figure: game.FigureMeeple, Player: 3, Pos: pos(2, 0), Feature: cloister},
		{Figure: game.FigureMeeple, Player: 2, Pos: pos(0, 1), Feature: cloister},
		{Figure: game.FigureMeeple, Player: 1, Pos: pos(1, 1), Feature: cloister},
		{Figure: figDragon, Player: -1, Pos: pos(2, 2), Feature: -1},
		{Figure: figFairy, Player: -1, Pos: pos(2, 0), Feature: -1},
	}, got)
	for _, f := range got[3:] {
		at, ok := g.FigureAt(f.Figure.ID())
		assert.True(t, ok && at == f.Pos, "%s stands where FigureAt says", f.Figure)
	}
	assert.Len(t, g.Followers(nil), 3)
	for range g.Figures() {
		break // a range stopped early: the iterator yields no more (else Go panics)
	}
}

// The Black Dragon is among the figures once it is on the board.
func TestFiguresListsTheBlackDragon(t *testing.T) {
	r := selRules(t, catalog(t), tilekit.C2, "", "black-dragon")
	g, err := game.ParseSnapshot(r, "0,0:base/D@0 1,0:base/A@90[1:road] / scores 0,0 / black-dragon 1,0")
	require.NoError(t, err)
	road, err := r.FeatureIndex(typeOf(t, r, "base/A"), "road")
	require.NoError(t, err)
	assert.Equal(t, []game.PlacedFigure{
		{Figure: game.FigureMeeple, Player: 0, Pos: pos(1, 0), Feature: road},
		{Figure: figBlack, Player: -1, Pos: pos(1, 0), Feature: -1},
	}, slices.Collect(g.Figures()))
}

// A follower deployed through a magic portal is marked so among the
// figures; one placed on its own tile is not.
func TestFiguresMarkAPortalDeployment(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	g, err := game.ParseSnapshot(r, "0,0:base/D@0[2:road] 0,1:base/E@90 / scores 0,0")
	require.NoError(t, err)
	take(t, g, "princess-dragon/portal-road-junction")
	require.NoError(t, place(g, -1, 0, 0))
	cityE, err := r.FeatureIndex(typeOf(t, r, "base/E"), "city")
	require.NoError(t, err)
	apply(t, g, r.DeployMove(pos(0, 1), cityE))
	roadD, err := r.FeatureIndex(r.Start(), "road")
	require.NoError(t, err)
	assert.Equal(t, []game.PlacedFigure{
		{Figure: game.FigureMeeple, Player: 1, Pos: pos(0, 0), Feature: roadD},
		{Figure: game.FigureMeeple, Player: 0, Pos: pos(0, 1), Feature: cityE, Deployed: true},
	}, slices.Collect(g.Figures()))
}

// The figures' events carry the figure as a value, the same one their
// notation names.
func TestEventsCarryTheirFigure(t *testing.T) {
	r := pdRules(t, catalog(t), tilekit.HansImGlueck)
	g, err := game.ParseSnapshot(r, dragonGrid)
	require.NoError(t, err)
	take(t, g, "princess-dragon/dragon-city-cap-garden")
	require.NoError(t, place(g, 3, 1, 0))
	_, err = g.Apply(game.NoFollower, nil)
	require.NoError(t, err)
	events, err := g.Apply(game.StepMove(figDragon, tilekit.North), nil)
	require.NoError(t, err)
	require.Len(t, events, 1)
	e := events[0]
	assert.Equal(t, game.EventMoved, e.Kind)
	assert.Equal(t, figDragon, e.Actor)
	assert.Equal(t, pos(2, 1), e.Pos)
	assert.True(t, strings.HasPrefix(e.String(), "move "+e.Actor.ID()+" "), e.String())
	for f, want := range map[game.Figure][2]string{
		game.FigureMeeple: {"meeple", "meeple"}, figDragon: {"dragon", "dragon"},
		figFairy: {"fairy", "fairy"}, figBlack: {"black-dragon", "black dragon"},
	} {
		assert.Equal(t, want, [2]string{f.ID(), f.String()})
	}
}

// A drawbridge crossing carries its figure, the crossing player's meeple,
// and the city it crossed into as values, in every built-in example that
// crosses.
func TestCrossingsCarryTheirMeeple(t *testing.T) {
	cat := catalog(t)
	crossed := 0
	for i := range cat.Scenarios {
		s := &cat.Scenarios[i]
		if tilekit.ParentExpansion(s.ID) != "drawbridges" {
			continue
		}
		res := game.RunScenario(cat, s)
		require.True(t, res.Passed(), s.ID)
		for _, events := range res.Events {
			for _, e := range events {
				if e.Kind != game.EventCrossed {
					continue
				}
				crossed++
				assert.Equal(t, game.FigureMeeple, e.Actor, e.String())
				assert.Equal(t, game.KindCity, e.Feature.Kind, e.String())
				assert.GreaterOrEqual(t, e.Player, 0, e.String())
			}
		}
	}
	assert.Positive(t, crossed, "an example crosses a drawbridge")
}
