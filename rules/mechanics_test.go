package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The tests in this file check the engine data of the built-in steps
// against the rules pages (issue 9, "Data the engine will need"), and how
// rules reads it: the choice under each publisher's rules, and the order of
// play that depends on the selection.

func stepOrFail(t *testing.T, cat *tilekit.Catalog, id string) *tilekit.Step {
	t.Helper()
	s := cat.Step(id)
	require.NotNil(t, s, "step %s", id)
	return s
}

// The red dragon: six steps, one per player in turn, never back, never onto
// the fairy, a dead end stops it; dragon tiles before the first volcano are
// set aside (The Princess and The Dragon, Der Drache).
func TestMechanicsRedDragon(t *testing.T) {
	cat := builtin(t)
	s := stepOrFail(t, cat, "dragon-move")
	tr, mv := s.Mechanics.Trigger, s.Mechanics.Movement
	require.NotNil(t, tr)
	require.NotNil(t, mv)
	assert.Equal(t, tilekit.TriggerTileSymbol, tr.On)
	assert.Equal(t, tilekit.SymbolDragon, tr.Symbol)
	assert.Equal(t, tilekit.EarlySetAside, tr.BeforeInPlay)
	assert.Equal(t, tilekit.OffBoardIgnoreSymbol, tr.OffBoard, "an eaten red dragon: the symbol is ignored (Black Dragon page)")
	assert.Equal(t, tilekit.MoveOrthogonalSteps, mv.To)
	assert.Equal(t, 6, mv.Steps)
	assert.Equal(t, tilekit.ChooserEachPlayerInTurn, mv.Mover)
	assert.False(t, mv.Revisit)
	assert.False(t, mv.ReturnToStart)
	assert.Equal(t, tilekit.DeadEndStop, mv.DeadEnd)
	assert.Equal(t, []string{"fairy"}, mv.BlockedBy)
	assert.Equal(t, "dragon-diet", mv.Eats)
	assert.Equal(t, "dragon-protection", mv.Spares)
	assert.True(t, mv.NoDeploy, "no follower may ever stand on the dragon's tile")
	assert.Equal(t, tilekit.Rulebook, mv.Source.Kind)

	v := stepOrFail(t, cat, "volcano-dragon").Mechanics
	require.NotNil(t, v.Movement)
	assert.Equal(t, tilekit.MoveToPlacedTile, v.Movement.To)
	assert.True(t, v.Movement.NoDeploy)
}

// The Black Dragon: one step per completed feature by the active player,
// never back onto a tile of this turn; it enters at 50 since the turn began,
// points after the scoring phase not counting; once, the later laps an open
// question.
func TestMechanicsBlackDragon(t *testing.T) {
	cat := builtin(t)
	mv := stepOrFail(t, cat, "black-dragon-move").Mechanics.Movement
	require.NotNil(t, mv)
	assert.Equal(t, tilekit.PerCompletedFeature, mv.Per)
	assert.Zero(t, mv.Steps)
	assert.Equal(t, tilekit.ChooserActivePlayer, mv.Mover)
	assert.False(t, mv.Revisit)
	assert.Equal(t, "black-dragon-diet", mv.Eats)
	assert.Contains(t, mv.Notes, "black-dragon-dead-end")
	assert.True(t, noteOrFail(t, cat, "black-dragon-dead-end").Open)

	place := stepOrFail(t, cat, "black-dragon-place").Mechanics
	tr := place.Trigger
	require.NotNil(t, tr)
	assert.Equal(t, tilekit.TriggerScoreReached, tr.On)
	assert.Equal(t, 50, tr.Threshold)
	assert.Equal(t, tilekit.CountFromTurnStart, tr.CountedFrom)
	assert.Equal(t, "score-features", tr.CountedUntil)
	assert.Equal(t, tilekit.LapsOnce, tr.Laps)
	assert.Contains(t, tr.Notes, "black-dragon-later-laps")
	require.NotNil(t, place.Movement)
	assert.Equal(t, tilekit.MoveToPlacedTile, place.Movement.To)
}

// Where removed figures go: a removal that names the figure wins over the
// one for its owner (the Black Dragon page: player figures to the supply,
// neutral figures to the side, an eaten teacher out of the game, ghosts to
// the general supply, the red dragon waiting for the next volcano).
func TestMechanicsRemovals(t *testing.T) {
	cat := builtin(t)
	dest := func(step, figure string) (tilekit.Destination, tilekit.RemovalWait) {
		t.Helper()
		f := cat.Figure(figure)
		require.NotNil(t, f, figure)
		r := stepOrFail(t, cat, step).Mechanics.RemovalOf(f)
		require.NotNil(t, r, "%s removes %s", step, figure)
		return r.To, r.Then
	}
	for _, tc := range []struct {
		step, figure string
		to           tilekit.Destination
		then         tilekit.RemovalWait
	}{
		{"black-dragon-move", "meeple", tilekit.OwnerSupply, ""},
		{"black-dragon-move", "fairy", tilekit.BoardSide, ""},
		{"black-dragon-move", "dragon", tilekit.BoardSide, "next-volcano"},
		{"black-dragon-move", "teacher", tilekit.OutOfGame, ""},
		{"black-dragon-move", "ghost", tilekit.GeneralSupply, ""},
		{"black-dragon-move", "builder", tilekit.WithLastFollower, ""},
		{"black-dragon-place", "teacher", tilekit.OutOfGame, ""},
		{"dragon-move", "wagon", tilekit.OwnerSupply, ""},
		{"dragon-move", "mage", tilekit.BoardSide, ""},
		{"dragon-move", "pig", tilekit.WithLastFollower, ""},
		{"princess-remove", "mayor", tilekit.OwnerSupply, ""},
		{"princess-remove", "builder", tilekit.WithLastFollower, ""},
		{"drawbridge-move", "ghost", tilekit.GeneralSupply, ""},
	} {
		to, then := dest(tc.step, tc.figure)
		assert.Equal(t, tc.to, to, "%s removes %s", tc.step, tc.figure)
		assert.Equal(t, tc.then, then, "%s removes %s", tc.step, tc.figure)
	}
	assert.Nil(t, stepOrFail(t, cat, "princess-remove").Mechanics.RemovalOf(cat.Figure("fairy")), "the princess removes no neutral figure")
}

// The choices: the fairy instead of a figure, the Phantom excepted
// (12/2014); the princess may (Hans im Glück since 12/2013) or must (Rio
// Grande, Z-Man and the original rules); the drawbridge by the sole
// majority.
func TestMechanicsChoices(t *testing.T) {
	cat := builtin(t)
	withPhantom, err := rules.Select(cat, []string{"princess-dragon", "phantom"})
	require.NoError(t, err)
	fairy := rules.StepChoice(stepOrFail(t, cat, "fairy-move"), rules.OrderOptions{Selection: withPhantom})
	require.NotNil(t, fairy)
	assert.Equal(t, tilekit.May, fairy.Mode)
	assert.Equal(t, []string{"place-figure"}, fairy.InsteadOf)
	assert.Equal(t, []string{"phantom"}, fairy.Except)
	// The Phantom after a fairy move is a 12/2014 clarification: as the
	// rules stood in 2014-06 no figure was still allowed.
	before := rules.StepChoice(stepOrFail(t, cat, "fairy-move"), rules.OrderOptions{Selection: withPhantom, AsOf: asOf(t, "2014-06")})
	require.NotNil(t, before)
	assert.Equal(t, tilekit.May, before.Mode)
	assert.Empty(t, before.Except)
	steps, err := rules.Order(cat, withPhantom, rules.OrderOptions{AsOf: asOf(t, "2014-06")})
	require.NoError(t, err)
	for _, s := range steps {
		if s.Choice != nil {
			assert.NotContains(t, s.Choice.Except, "phantom", s.Step.ID)
		}
	}

	princess := stepOrFail(t, cat, "princess-remove")
	for _, tc := range []struct {
		name string
		opt  rules.OrderOptions
		want tilekit.ChoiceMode
	}{
		{"the default: the page's rule text, Hans im Glück's", rules.OrderOptions{}, tilekit.May},
		{"Hans im Glück", rules.OrderOptions{Publisher: tilekit.HansImGlueck}, tilekit.May},
		// Big Box 2 is named without its date; 12/2013 is only when the
		// footnote was last updated.
		{"Hans im Glück in 2013-06", rules.OrderOptions{Publisher: tilekit.HansImGlueck, AsOf: asOf(t, "2013-06")}, tilekit.May},
		{"Rio Grande in 2013-06", rules.OrderOptions{Publisher: tilekit.RioGrande, AsOf: asOf(t, "2013-06")}, tilekit.Must},
		{"Rio Grande", rules.OrderOptions{Publisher: tilekit.RioGrande}, tilekit.Must},
		{"Z-Man", rules.OrderOptions{Publisher: tilekit.ZMan}, tilekit.Must},
	} {
		c := rules.StepChoice(princess, tc.opt)
		require.NotNil(t, c, tc.name)
		assert.Equal(t, tc.want, c.Mode, tc.name)
	}

	bridge := rules.StepChoice(stepOrFail(t, cat, "drawbridge-move"), rules.OrderOptions{})
	require.NotNil(t, bridge)
	assert.Equal(t, tilekit.ChooserSoleMajority, bridge.By)
}

// TestStepChoiceDatedLater checks that a choice is dated by its own source:
// a variant's choice dated later gives way to the step's own, and a step's
// own dated later to none.
func TestStepChoiceDatedLater(t *testing.T) {
	at := func(date string) tilekit.Citation { return tilekit.Citation{Kind: tilekit.FAQ, Date: date} }
	step := &tilekit.Step{ID: "s", Mechanics: tilekit.Mechanics{Choice: &tilekit.Choice{Mode: tilekit.Must, Source: at("2010-01")}},
		Variants: []tilekit.StepVariant{{Publishers: []tilekit.Publisher{tilekit.RioGrande}, Source: at("2008-01"),
			Choice: &tilekit.Choice{Mode: tilekit.May, Source: at("2012-01")}}}}
	mode := func(p tilekit.Publisher, month string) tilekit.ChoiceMode {
		c := rules.StepChoice(step, rules.OrderOptions{Publisher: p, AsOf: asOf(t, month)})
		if c == nil {
			return ""
		}
		return c.Mode
	}
	assert.Equal(t, tilekit.May, mode(tilekit.RioGrande, "2012-01"))
	assert.Equal(t, tilekit.Must, mode(tilekit.RioGrande, "2011-12"), "the variant's choice is dated later")
	assert.Equal(t, tilekit.ChoiceMode(""), mode(tilekit.RioGrande, "2009-12"), "the step's own is dated later too")
	assert.Equal(t, tilekit.Must, mode("", "2010-01"))
}

// Rio Grande moves the red dragon after scoring, but with the Black Dragon
// the red dragon moves first, as the Black Dragon page says (a variant that
// depends on the selection).
func TestOrderDependsOnSelection(t *testing.T) {
	cat := builtin(t)
	positions := func(ids []string) map[string]int {
		sel, err := rules.Select(cat, ids)
		require.NoError(t, err)
		steps, err := rules.Order(cat, sel, rules.OrderOptions{Publisher: tilekit.RioGrande})
		require.NoError(t, err)
		at := map[string]int{}
		for i, s := range steps {
			at[s.Step.ID] = i
		}
		return at
	}
	alone := positions([]string{"princess-dragon"})
	assert.Greater(t, alone["dragon-move"], alone["score-features"], "Rio Grande alone: the dragon after scoring")
	both := positions([]string{"princess-dragon", "black-dragon"})
	assert.Less(t, both["dragon-move"], both["black-dragon-move"], "with the Black Dragon: the red dragon first")
	assert.Less(t, both["black-dragon-move"], both["score-features"])
}

// The red dragon has eaten followers since the expansion came out (Der
// Drache: whenever it enters a tile occupied by any player's figure), not
// only since the 2015 meal plan, so a game as the rules stood in 2005 has a
// hungry dragon.
func TestDragonEatsFollowersFromTheStart(t *testing.T) {
	verdicts, notYet := answerOf(t, "dragon-diet", "meeple", rules.QueryOptions{AsOf: asOf(t, "2005-06")})
	assert.False(t, notYet)
	assert.Equal(t, []tilekit.Verdict{tilekit.Yes}, verdicts)
}
