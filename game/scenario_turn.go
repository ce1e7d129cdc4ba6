package game

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// turn plays turn i of the scenario and checks its expectations.
func (run *scenarioRun) turn(i int) {
	s, g := run.s, run.g
	t := &s.Turns[i]
	at := originOr(t.Origin, s.Origin.At("turn", strconv.Itoa(i)))
	run.events = run.events[:0]
	if t.Pass {
		if err := g.Pass(); err != nil {
			if t.Illegal != "" && strings.Contains(err.Error(), t.Illegal) {
				run.stopped = true
				return
			}
			run.stop(at.At("pass"), "", "", "turn %d: %v", i+1, err)
			return
		}
		run.res.Events = append(run.res.Events, nil)
		run.check(&t.Expect, originOr(t.Expect.Origin, at.At("expect")), fmt.Sprintf("after turn %d", i+1), run.events)
		return
	}
	typ, ok := g.rules.Type(t.Tile)
	if !ok {
		run.stop(at.At("tile"), "", t.Tile, "turn %d: unknown tile %q in this selection and edition", i+1, t.Tile)
		return
	}
	if err := g.Take(typ); err != nil {
		if t.Illegal != "" && strings.Contains(err.Error(), t.Illegal) {
			run.stopped = true // the turn expects the tile refused
			return
		}
		run.stop(at.At("tile"), "", "", "turn %d: %v", i+1, err)
		return
	}
	if t.Placements != nil {
		if pls := g.Placements(nil); len(pls) != *t.Placements {
			run.fail(at.At("placements"), strconv.Itoa(*t.Placements), strconv.Itoa(len(pls)),
				"turn %d: %s has %d legal placements, want %d: %s", i+1, t.Tile, len(pls), *t.Placements, placementList(pls))
		}
	}
	if t.Discard {
		if err := g.Discard(); err != nil {
			run.stop(at.At("discard"), "", "", "turn %d: %v", i+1, err)
			return
		}
		run.events = append(run.events, g.pending...)
		if run.inv != nil {
			run.inv.addPoints(g.pending) // the start of the turn's points
		}
		g.pending = g.pending[:0]
	} else if !run.moves(i, at) {
		return
	}
	if t.Illegal != "" {
		run.stop(at.At("illegal"), t.Illegal, "", "turn %d: want a move refused with %q, but the turn was played", i+1, t.Illegal)
		return
	}
	run.res.Events = append(run.res.Events, slices.Clone(run.events))
	run.check(&t.Expect, originOr(t.Expect.Origin, at.At("expect")), fmt.Sprintf("after turn %d", i+1), run.events)
}

// placementList lists placements as "x,y@ROT", comma-separated, or
// "none".
func placementList(pls []Placement) string {
	if len(pls) == 0 {
		return "none"
	}
	out := make([]string, len(pls))
	for i, pl := range pls {
		out[i] = TileMove(pl).String()
	}
	return strings.Join(out, ", ")
}

// moves plays the tile move of turn i, checking the number of follower
// moves after it, and then the turn's moves; it reports whether the turn
// went through.
func (run *scenarioRun) moves(i int, at tilekit.Origin) bool {
	t, g := &run.s.Turns[i], run.g
	rot, err := tilekit.RotationQuarters(t.Rotation)
	if err != nil {
		run.stop(at.At("rotation"), "", strconv.Itoa(t.Rotation), "turn %d: %v", i+1, err)
		return false
	}
	if !run.apply(i, at.At("at"), TileMove(Placement{Pos: t.At, Rot: rot})) {
		return false
	}
	if t.FollowerOptions != nil {
		if n := len(g.FollowerMoves(nil)); n != *t.FollowerOptions {
			run.fail(at.At("follower-options"), strconv.Itoa(*t.FollowerOptions), strconv.Itoa(n),
				"turn %d: %d follower moves (none included) after %s, want %d", i+1, n, t.Tile, *t.FollowerOptions)
		}
	}
	return run.playMoves(i, at)
}

// apply applies a move of turn i. A refused move stops the run: as
// expected when the turn's illegal text is in the error, else as a
// failure at the key of the move. It reports whether the move was played.
func (run *scenarioRun) apply(i int, at tilekit.Origin, m Move) bool {
	t := &run.s.Turns[i]
	var err error
	before := len(run.events)
	run.events, err = run.g.Apply(m, run.events)
	switch {
	case err == nil:
		run.noteRulings(run.events[before:])
		return run.checkInvariants(i, at, run.events[before:])
	case t.Illegal == "":
		run.stop(at, "", err.Error(), "turn %d: %v", i+1, err)
	case !strings.Contains(err.Error(), t.Illegal):
		illegal := originOr(t.Origin, run.s.Origin.At("turn", strconv.Itoa(i))).At("illegal")
		run.stop(illegal, t.Illegal, err.Error(), "turn %d: the move was refused, but not with %q: %v", i+1, t.Illegal, err)
	default:
		var refused *RulingError
		if errors.As(err, &refused) {
			run.noteRuling(refused.Ruling)
		}
		run.stopped = true
	}
	return false
}

// checkInvariants checks the engine's invariants after a move of turn i,
// when the scenario asks for it, and stops the run at the move that
// breaks one, with the move's number and what broke, as random play
// reports it; it reports whether the run goes on.
func (run *scenarioRun) checkInvariants(i int, at tilekit.Origin, events []Event) bool {
	run.move++
	if run.inv == nil {
		return true
	}
	if err := run.inv.afterMove(events); err != nil {
		run.stop(at, "", "", "turn %d: move %d: %v", i+1, run.move, err)
		return false
	}
	return true
}

// stop notes a failure after which the run cannot go on.
func (run *scenarioRun) stop(at tilekit.Origin, want, got, format string, args ...any) {
	run.fail(at, want, got, format, args...)
	run.stopped = true
}

// finish ends the game when the scenario says so or its pile is empty,
// and checks the final expectations.
func (run *scenarioRun) finish() {
	s, g := run.s, run.g
	events := run.events
	if len(s.Turns) == 0 {
		events = nil
	}
	if s.End || (len(s.Pile) > 0 && g.Left() == 0) {
		if g.phase == phaseDraw {
			events = g.EndGame(nil)
			run.noteRulings(events)
			run.res.Events = append(run.res.Events, events)
			if run.inv != nil {
				if err := run.inv.atEnd(events); err != nil {
					run.fail(s.Origin.At("check-invariants"), "", "", "end of game: %v", err)
				}
			}
		}
	}
	run.check(&s.Expect, originOr(s.Expect.Origin, s.Origin.At("expect")), "at the end", events)
}
