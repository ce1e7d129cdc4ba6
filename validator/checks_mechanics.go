package validator

import (
	"strconv"

	"github.com/tilekit/tilekit"
)

// MechanicsCodes lists the codes of the checks on the steps' engine data.
var MechanicsCodes = []Code{
	{"unknown-figure", "A step's engine data names a figure that no loaded file defines."},
	{"movement-distance", "An orthogonal movement gives neither a fixed number of steps nor a per, or both."},
	{"trigger-incomplete", "A trigger lacks what its kind needs: a symbol, or a threshold."},
	{"movement-trigger", "A step with a movement has a trigger its figure cannot start on: road-completed, or tiles set aside (before-in-play) without a tile-symbol trigger."},
	{"movement-steps", "An orthogonal movement takes more steps than the engine's 64 in one move."},
	{"movement-beside", "A beside-follower movement names no table of the followers it may stand next to (beside), or another movement names one."},
}

// checkBeside checks that a movement names the table of the followers its
// figure stands next to when, and only when, it goes beside a follower.
func (l *loader) checkBeside(s *tilekit.Step, v *tilekit.Movement) {
	switch {
	case v.To == tilekit.MoveBesideFollower && v.Beside == "":
		l.report(v.Origin.At("to"), "movement-beside", Error, "step %s sets %s beside a follower: give beside, the table of the followers it may stand next to", s.ID, v.Figure)
	case v.To != tilekit.MoveBesideFollower && v.Beside != "":
		l.report(v.Origin.At("beside"), "movement-beside", Error, "step %s moves %s to %s: beside is for a beside-follower movement only", s.ID, v.Figure, v.To)
	}
}

// maxMovementSteps is the most steps a figure takes in one move in the
// game engine (game's maxSteps).
const maxMovementSteps = 64

// checkMechanics checks a step's engine data: what it names exists, and a
// movement and a trigger say all the engine needs.
func (l *loader) checkMechanics(cat *tilekit.Catalog, s *tilekit.Step) {
	m := &s.Mechanics
	if t := m.Trigger; t != nil {
		l.checkSource(t.Source, t.Origin.At("source"))
		l.noteRefs(cat, t.Notes, t.Origin.At("notes"))
		if t.CountedUntil != "" {
			l.stepRefs(cat, []string{t.CountedUntil}, t.Origin.At("counted-until"))
		}
		l.checkTrigger(t)
		l.symbolRef(cat, t.Symbol, t.Origin.At("symbol"))
	}
	if v := m.Movement; v != nil {
		l.checkSource(v.Source, v.Origin.At("source"))
		l.noteRefs(cat, v.Notes, v.Origin.At("notes"))
		l.figureRefs(cat, []string{v.Figure}, v.Origin.At("figure"), false)
		l.figureRefs(cat, v.BlockedBy, v.Origin.At("blocked-by"), true)
		l.tableRef(cat, v.Eats, v.Origin.At("eats"))
		l.tableRef(cat, v.Spares, v.Origin.At("spares"))
		l.tableRef(cat, v.Deploy, v.Origin.At("deploy"))
		l.tableRef(cat, v.Beside, v.Origin.At("beside"))
		l.checkBeside(s, v)
		if v.To == tilekit.MoveOrthogonalSteps && (v.Steps == 0) == (v.Per == "") {
			l.report(v.Origin.At("to"), "movement-distance", Error, "step %s moves %s tile by tile: give either steps, a fixed number, or per, not %s", s.ID, v.Figure, map[bool]string{true: "neither", false: "both"}[v.Steps == 0])
		}
		// The engine keeps a move's path in a fixed array: more steps
		// cannot be played.
		if v.Steps > maxMovementSteps {
			l.report(v.Origin.At("steps"), "movement-steps", Error, "step %s moves %s %d steps: the game engine moves a figure at most %d steps in one move", s.ID, v.Figure, v.Steps, maxMovementSteps)
		}
		if m.Trigger != nil {
			l.checkMovementTrigger(s, m.Trigger)
		}
	}
	l.checkCrossing(cat, s)
	if c := m.Choice; c != nil {
		l.checkChoice(cat, c)
	}
	for _, v := range s.Variants {
		if v.Choice != nil {
			l.checkChoice(cat, v.Choice)
		}
		for j, id := range v.With {
			l.expansionRef(cat, id, v.Origin.At("with", strconv.Itoa(j)))
		}
	}
	for _, r := range m.Removals {
		l.checkSource(r.Source, r.Origin.At("source"))
		l.figureRefs(cat, r.Figures, r.Origin.At("figures"), true)
	}
	l.checkScoring(cat, s)
	l.checkDismissal(cat, s)
	l.checkExtraTurn(cat, s)
	l.checkCollection(s)
	l.checkSecondDeployment(cat, s)
	l.checkCornerFigure(cat, s)
	l.checkRelocation(cat, s)
	l.checkSymbolFeature(cat, s)
	l.checkRecall(cat, s)
	l.checkHeldTile(cat, s)
}

// checkTrigger checks that a trigger gives what its kind needs.
func (l *loader) checkTrigger(t *tilekit.Trigger) {
	switch {
	case (t.On == tilekit.TriggerTileSymbol || t.On == tilekit.TriggerRoadCompleted) && t.Symbol == "":
		l.report(t.Origin.At("on"), "trigger-incomplete", Error, "a %s trigger needs the symbol it waits for", t.On)
	case t.On == tilekit.TriggerScoreReached && t.Threshold == 0:
		l.report(t.Origin.At("on"), "trigger-incomplete", Error, "a score-reached trigger needs its threshold")
	}
}

// checkMovementTrigger checks that a step's movement can start on its
// trigger: a road completed is scored before any figure could go there,
// and only a tile-symbol trigger has tiles with the symbol to set aside.
func (l *loader) checkMovementTrigger(s *tilekit.Step, t *tilekit.Trigger) {
	switch {
	case t.On == tilekit.TriggerRoadCompleted:
		l.report(t.Origin.At("on"), "movement-trigger", Error, "step %s moves a figure on a road-completed trigger: a movement starts on tile-symbol, score-reached, features-completed or turn-start", s.ID)
	case t.BeforeInPlay != "" && t.On != tilekit.TriggerTileSymbol:
		l.report(t.Origin.At("before-in-play"), "movement-trigger", Error, "step %s sets tiles aside before its figure is in play, but only a tile-symbol trigger has tiles with a symbol to set aside", s.ID)
	}
}

// symbolRef reports a symbol, when given, that is neither built in nor
// declared.
func (l *loader) symbolRef(cat *tilekit.Catalog, s tilekit.Symbol, at tilekit.Origin) {
	if s != "" && !cat.KnownSymbol(s) && !l.wasDropped("symbol", string(s)) {
		l.report(at, "unknown-symbol", Error, "the symbol %q is neither built in nor declared by a loaded [[symbol]] entry%s", s, l.nearest(cat, "symbol", string(s)))
	}
}

// checkChoice checks the steps and figures a choice names.
func (l *loader) checkChoice(cat *tilekit.Catalog, c *tilekit.Choice) {
	l.checkSource(c.Source, c.Origin.At("source"))
	l.stepRefs(cat, c.InsteadOf, c.Origin.At("instead-of"))
	l.figureRefs(cat, c.Except, c.Origin.At("except"), true)
}

// figureRefs reports each id that names no loaded figure; listed says
// whether the ids are a list, located by index.
func (l *loader) figureRefs(cat *tilekit.Catalog, ids []string, at tilekit.Origin, listed bool) {
	for j, id := range ids {
		if cat.Figure(id) != nil || l.wasDropped("figure", id) {
			continue
		}
		where := at
		if listed {
			where = at.At(strconv.Itoa(j))
		}
		l.report(where, "unknown-figure", Error, "no loaded file defines the figure %q%s", id, l.nearest(cat, "figure", id))
	}
}

// tableRef reports a table id, when given, that names no loaded table.
func (l *loader) tableRef(cat *tilekit.Catalog, id string, at tilekit.Origin) {
	if id != "" && cat.Table(id) == nil && !l.wasDropped("table", id) {
		l.report(at, "unknown-table", Error, "no loaded file defines the table %q%s", id, l.nearest(cat, "table", id))
	}
}
