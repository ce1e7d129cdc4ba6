package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// Setup says whose rules a game plays by, beside the selection of
// expansions: the edition (its tiles, and the steps that differ by
// edition) and the publisher (the steps and table rows that differ by
// publisher).
type Setup struct {
	// Edition is the edition whose tiles are played; C1, C2 or C3.
	Edition tilekit.Edition
	// Publisher follows a publisher's rules where they differ (a step's
	// choice may or must, a table's verdict, a step before or after
	// scoring); empty follows the steps' and
	// rows' own, which hold for every publisher or, where rows differ,
	// the first in the data.
	Publisher tilekit.Publisher
	// BaseTurn plays the base game's turn (place a tile, place a follower,
	// score) whatever the selection: the expansions' tiles are played as
	// plain tiles, their symbols doing nothing. Tests of the tiles alone
	// use it.
	BaseTurn bool
	// Options are the rule options (no farmers, the 1st edition's
	// scoring); the zero Options play the 2nd edition's rules.
	Options Options
}

// Compile compiles a selection under a setup into a Ruleset: the tiles of
// the selected expansions in the setup's edition (every tile of a selected
// expansion with at least one copy in the edition; the start tile is the
// first, in catalog order, that is the edition's start tile), and the turn
// the selection plays under the setup's rules: the order of the steps (rules.Order), each mapped to its
// implementation in the engine, with the numbers, limits and destinations
// of its mechanics, and the verdicts of the interaction tables the steps
// read (rules.Rulings), compiled into flags once. Data that defines no
// step at all plays the base game's turn. It is an error when a
// step of the order has no implementation in the engine (naming the step
// and its expansion), when a step's data asks for what the engine cannot
// do, or when a table a step names is missing. Expansions that add only
// tiles play as the base game does.
func Compile(cat *tilekit.Catalog, sel rules.Selection, s Setup) (*Ruleset, error) {
	if s.Publisher != "" && !slices.Contains(tilekit.Publishers, s.Publisher) {
		return nil, fmt.Errorf("unknown publisher %q (want hig, rgg or zmg)", s.Publisher)
	}
	r, err := compileTiles(cat, sel, s.Edition)
	if err != nil {
		return nil, err
	}
	r.publisher, r.opts = s.Publisher, s.Options
	if r.kinds, err = compileKinds(cat, sel, s.BaseTurn); err != nil {
		return nil, err
	}
	for i, k := range r.kinds {
		f, err := nameFigure(k.ID)
		if err != nil {
			return nil, err
		}
		r.kindFigs = append(r.kindFigs, f)
		if k.Joins {
			r.joining |= 1 << i
		}
		if k.Corner {
			r.cornerKinds |= 1 << i
		}
		for fk := range r.kindsOn {
			if !k.Corner && r.standsOn(uint8(i), Kind(fk)) {
				r.kindsOn[fk] |= 1 << i
			}
		}
	}
	if s.BaseTurn {
		r.turn = baseTurn
		r.compileSections()
	} else if err := r.compileTurn(cat, sel); err != nil {
		return nil, err
	}
	if err := r.compileScoring(cat); err != nil {
		return nil, err
	}
	return r, nil
}

// compileTurn reads the order of play and each step's engine data, then
// the units' tables, and collects the hooks of the units that play.
func (r *Ruleset) compileTurn(cat *tilekit.Catalog, sel rules.Selection) error {
	order, err := rules.Order(cat, sel, rules.OrderOptions{Publisher: r.publisher, Edition: r.edition})
	if err != nil {
		return err
	}
	if len(order) == 0 {
		r.turn = baseTurn
		r.compileSections()
		return nil
	}
	for _, ps := range order {
		st, us := stepOf(ps.Step)
		if us == nil && st == stepUnit && ps.Step.Mechanics.Movement != nil {
			run, err := r.compileMovement(ps)
			if err != nil {
				return fmt.Errorf("step %s: %w", ps.Step.ID, err)
			}
			r.turn = append(r.turn, turnStep{id: ps.Step.ID, kind: st, data: ps.Step, run: run, choice: ps.Choice})
			continue
		}
		if us == nil && st == stepUnit && len(ps.Step.Mechanics.Scoring) > 0 {
			r.turn = append(r.turn, turnStep{id: ps.Step.ID, kind: stepScoringRules, data: ps.Step, choice: ps.Choice})
			continue
		}
		if us == nil && st == stepUnit {
			return fmt.Errorf("the step %s (%s, of expansion %s) has no implementation in the game engine: leave the expansion out of the selection",
				ps.Step.ID, ps.Step.Name, ps.Step.Expansion)
		}
		ts := turnStep{id: ps.Step.ID, kind: st, data: ps.Step, choice: ps.Choice}
		if us != nil {
			ts.run = us.run
			if us.bind != nil {
				ts.run = us.bind(r, ps)
			}
			if us.compile != nil {
				if err := us.compile(r, ps); err != nil {
					return fmt.Errorf("step %s: %w", ps.Step.ID, err)
				}
			}
		}
		r.turn = append(r.turn, ts)
	}
	if !r.hasStep(coreSteps[stepPlaceTile]) {
		return fmt.Errorf("the order of play has no place-tile step")
	}
	return r.compileUnits(cat, sel)
}

// stepOf returns the kind of a step of the rules data and, for a unit's
// step, the unit's step (by its id, or by a part of its mechanics); a
// step no unit plays and the core does not know is a unit's step without
// one.
func stepOf(s *tilekit.Step) (step, *unitStep) {
	if i := slices.Index(coreSteps[:], s.ID); i >= 0 {
		return step(i), nil
	}
	us := unitStepOf(s)
	if us != nil && us.figure {
		return stepPlaceFigure, us
	}
	return stepUnit, us
}

// hasStep reports whether the turn has a step of an id.
func (r *Ruleset) hasStep(id string) bool {
	for _, st := range r.turn {
		if st.id == id {
			return true
		}
	}
	return false
}

// stepIndex returns the index in the turn of the step of an id, or -1.
func (r *Ruleset) stepIndex(id string) int {
	for i, st := range r.turn {
		if st.id == id {
			return i
		}
	}
	return -1
}

// choice is a compiled Choice: whether the step's action is taken at
// the player's will or must be taken when it can.
type choice struct {
	// must says that the action must be taken when it can.
	must bool
}

// readChoice compiles a step's choice; no choice is a may.
func readChoice(c *tilekit.Choice) choice {
	return choice{must: c != nil && c.Mode == tilekit.Must}
}

// destinationOf returns where a step sends a removed figure of an id and
// owner (Mechanics.RemovalOf), owner-supply for a player's figure and the
// side of the board for a neutral one when the step names none.
func destinationOf(m *tilekit.Mechanics, id, owner string) removal {
	if rm := m.RemovalOf(&tilekit.Figure{ID: id, Owner: owner}); rm != nil {
		return removal{to: rm.To}
	}
	if owner == "player" {
		return removal{to: tilekit.OwnerSupply}
	}
	return removal{to: tilekit.BoardSide}
}

// removal is where a removed figure goes: its destination. (A neutral
// figure taken to the side of the board waits there until a step that
// sets it on the placed tile calls it back, whatever the removal says it
// waits for: Removal.Then words that wait for a reader.)
type removal struct {
	to tilekit.Destination
}

// Publisher returns the publisher whose rules the game follows; empty for
// the steps' and rows' own.
func (r *Ruleset) Publisher() tilekit.Publisher { return r.publisher }

// Steps returns the ids of the steps of a turn, in order, as the engine
// plays them.
func (r *Ruleset) Steps() []string {
	out := make([]string, len(r.turn))
	for i, st := range r.turn {
		out[i] = st.id
	}
	return out
}
