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
	// Publisher follows a publisher's rules where they differ (the
	// princess may or must, the fairy next to a follower or on its tile,
	// the dragon before or after scoring); empty follows the steps' and
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

// step is a step of the turn the engine implements, by the step ids of
// the rules data (interactions/order.toml).
type step uint8

// The steps the engine implements.
const (
	stepPlaceTile step = iota
	stepPlaceFigure
	stepScore
	stepFairyPoint
	stepVolcano
	stepPrincess
	stepFairyMove
	stepDragonMove
	stepBlackDragonMove
	stepDrawbridge
	stepBlackDragonPlace
	numSteps
)

// stepNames maps each step the engine implements to its id in the rules
// data.
var stepNames = [numSteps]string{
	stepPlaceTile: "place-tile", stepPlaceFigure: "place-figure", stepScore: "score-features",
	stepFairyPoint: "fairy-point", stepVolcano: "volcano-dragon", stepPrincess: "princess-remove",
	stepFairyMove: "fairy-move", stepDragonMove: "dragon-move", stepBlackDragonMove: "black-dragon-move",
	stepDrawbridge: "drawbridge-move", stepBlackDragonPlace: "black-dragon-place",
}

// stepByName returns the step an id names; ok is false when the engine
// has no implementation for it.
func stepByName(id string) (step, bool) {
	i := slices.Index(stepNames[:], id)
	return step(max(i, 0)), i >= 0
}

// baseTurn is the base game's turn.
var baseTurn = []step{stepPlaceTile, stepPlaceFigure, stepScore}

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
	if s.BaseTurn {
		r.turn = baseTurn
		for _, st := range baseTurn {
			r.hasStep[st] = true
		}
		return r, nil
	}
	if err := r.compileTurn(cat, sel); err != nil {
		return nil, err
	}
	return r, nil
}

// compileTurn reads the order of play and each step's engine data.
func (r *Ruleset) compileTurn(cat *tilekit.Catalog, sel rules.Selection) error {
	order, err := rules.Order(cat, sel, rules.OrderOptions{Publisher: r.publisher, Edition: r.edition})
	if err != nil {
		return err
	}
	if len(order) == 0 {
		r.turn = baseTurn
		for _, st := range baseTurn {
			r.hasStep[st] = true
		}
		return nil
	}
	for _, ps := range order {
		st, ok := stepByName(ps.Step.ID)
		if !ok {
			return fmt.Errorf("the step %s (%s, of expansion %s) has no implementation in the game engine: leave the expansion out of the selection",
				ps.Step.ID, ps.Step.Name, ps.Step.Expansion)
		}
		r.turn = append(r.turn, st)
		r.hasStep[st] = true
		if err := r.compileStep(st, ps); err != nil {
			return fmt.Errorf("step %s: %w", ps.Step.ID, err)
		}
	}
	if !r.hasStep[stepPlaceTile] {
		return fmt.Errorf("the order of play has no place-tile step")
	}
	r.anyPortal = r.hasStep[stepPlaceFigure] && r.anySymbol(symPortal)
	if r.figures, err = compileFigureRulings(cat, sel, r); err != nil {
		return err
	}
	// A magic portal plays only when its table's part is selected: else
	// its tiles are plain tiles.
	r.anyPortal = r.anyPortal && r.figures.portalFigure.yes
	r.expansions = r.anyPortal || !slices.Equal(r.turn, baseTurn)
	return nil
}

// compileStep reads the engine data of one step.
func (r *Ruleset) compileStep(st step, ps rules.PlayedStep) error {
	m := &ps.Step.Mechanics
	switch st {
	case stepDragonMove:
		return r.dragon.read(m, "dragon", true)
	case stepBlackDragonMove:
		return r.blackMove.read(m, "black-dragon", true)
	case stepBlackDragonPlace:
		if err := r.blackPlace.read(m, "black-dragon", false); err != nil {
			return err
		}
		return r.readThreshold(m.Trigger)
	case stepVolcano:
		if mv := m.Movement; mv != nil {
			r.volcanoNoDeploy = mv.NoDeploy
		}
	case stepPrincess:
		r.princess = readChoice(ps.Choice)
		r.princessOut = destinationOf(m, "meeple", "player")
	case stepFairyMove:
		r.fairyChoice = readChoice(ps.Choice)
	case stepDrawbridge:
		r.drawbridge = readChoice(ps.Choice)
		if ps.Choice != nil && ps.Choice.By != "" && ps.Choice.By != tilekit.ChooserSoleMajority {
			return fmt.Errorf("choice by %q: the engine knows sole-majority", ps.Choice.By)
		}
		r.drawbridgeOut = destinationOf(m, "meeple", "player")
	}
	return nil
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
		return removal{to: rm.To, nextVolcano: rm.Then == tilekit.WaitNextVolcano}
	}
	if owner == "player" {
		return removal{to: tilekit.OwnerSupply}
	}
	return removal{to: tilekit.BoardSide}
}

// removal is where a removed figure goes: its destination, and for a
// figure taken to the side of the board whether it waits for the next
// volcano.
type removal struct {
	to          tilekit.Destination
	nextVolcano bool
}

// movement is a compiled Movement with its trigger and removals: how a
// dragon moves and what it does.
type movement struct {
	// present says that the step is in the turn.
	present bool
	// steps is the fixed number of steps; perCompleted moves one step per
	// feature the tile completed instead.
	steps        int
	perCompleted bool
	// eachPlayer says that the players in turn choose the steps, from the
	// active player; else the active player chooses them all.
	eachPlayer bool
	// revisit lets the figure enter a tile it entered this move again;
	// returnToStart lets it go back to the tile it started from.
	revisit, returnToStart bool
	// blockedByFairy keeps the figure off the fairy's tile.
	blockedByFairy bool
	// noDeploy keeps followers off the figure's tile.
	noDeploy bool
	// setAside sets aside a tile with the trigger's symbol drawn before
	// the figure is in play; ignoreOffBoard ignores the symbol while the
	// figure waits beside the board.
	setAside, ignoreOffBoard bool
	// eats and spares name the tables of what it eats and which places
	// protect from it.
	eats, spares string
	// meepleTo, dragonTo, fairyTo and blackTo are where the figures it
	// eats go.
	meepleTo, dragonTo, fairyTo, blackTo removal
}

// read compiles a step's movement, trigger and removals for a figure;
// orthogonal says that the step moves the figure step by step.
func (mv *movement) read(m *tilekit.Mechanics, figure string, orthogonal bool) error {
	mv.present = true
	if t := m.Trigger; t != nil {
		mv.setAside = t.BeforeInPlay == tilekit.EarlySetAside
		mv.ignoreOffBoard = t.OffBoard == tilekit.OffBoardIgnoreSymbol
	}
	d := m.Movement
	if d == nil {
		return fmt.Errorf("no movement data: the engine needs the figure's movement")
	}
	if d.Figure != figure {
		return fmt.Errorf("the movement moves %q: the engine's implementation moves the %s", d.Figure, figure)
	}
	if err := mv.readSteps(d, orthogonal); err != nil {
		return err
	}
	mv.blockedByFairy = slices.Contains(d.BlockedBy, "fairy")
	mv.noDeploy, mv.eats, mv.spares = d.NoDeploy, d.Eats, d.Spares
	mv.meepleTo = destinationOf(m, "meeple", "player")
	mv.dragonTo = destinationOf(m, "dragon", "neutral")
	mv.fairyTo = destinationOf(m, "fairy", "neutral")
	mv.blackTo = destinationOf(m, "black-dragon", "neutral")
	return nil
}

// maxSteps is the most steps a dragon takes in one move.
const maxSteps = 64

// readSteps compiles how far and how a figure moves.
func (mv *movement) readSteps(d *tilekit.Movement, orthogonal bool) error {
	if !orthogonal {
		if d.To != tilekit.MoveToPlacedTile {
			return fmt.Errorf("the movement goes to %q: the engine's implementation goes to the placed tile", d.To)
		}
		return nil
	}
	if d.To != tilekit.MoveOrthogonalSteps {
		return fmt.Errorf("the movement goes to %q: the engine's implementation moves in orthogonal steps", d.To)
	}
	switch {
	case d.Per == tilekit.PerCompletedFeature:
		mv.perCompleted = true
	case d.Per != "":
		return fmt.Errorf("steps per %q: the engine knows completed-feature", d.Per)
	case d.Steps < 0 || d.Steps > maxSteps:
		return fmt.Errorf("%d steps: the engine moves 0 to %d", d.Steps, maxSteps)
	}
	mv.steps = d.Steps
	switch d.Mover {
	case "", tilekit.ChooserActivePlayer:
	case tilekit.ChooserEachPlayerInTurn:
		mv.eachPlayer = true
	default:
		return fmt.Errorf("mover %q: the engine knows active-player and each-player-in-turn", d.Mover)
	}
	if d.DeadEnd != "" && d.DeadEnd != tilekit.DeadEndStop {
		return fmt.Errorf("dead end %q: the engine knows stop", d.DeadEnd)
	}
	mv.revisit, mv.returnToStart = d.Revisit, d.ReturnToStart
	return nil
}

// threshold is the compiled trigger of the Black Dragon's entry: a score
// reached or passed within the turn.
type threshold struct {
	points int
	// everyLap sets the step off again at every multiple of points.
	everyLap bool
	// until is the step after which points no longer count.
	until step
}

// readThreshold compiles a score-reached trigger.
func (r *Ruleset) readThreshold(t *tilekit.Trigger) error {
	if t == nil || t.On != tilekit.TriggerScoreReached {
		return fmt.Errorf("the engine's implementation needs a score-reached trigger")
	}
	if t.Threshold <= 0 {
		return fmt.Errorf("threshold %d: want a number of points above 0", t.Threshold)
	}
	if t.CountedFrom != "" && t.CountedFrom != tilekit.CountFromTurnStart {
		return fmt.Errorf("counted from %q: the engine knows turn-start", t.CountedFrom)
	}
	r.threshold = threshold{points: t.Threshold, everyLap: t.Laps == tilekit.LapsEveryLap, until: stepScore}
	if t.CountedUntil != "" {
		st, ok := stepByName(t.CountedUntil)
		if !ok {
			return fmt.Errorf("counted until %q: no step of the engine has that id", t.CountedUntil)
		}
		r.threshold.until = st
	}
	return nil
}

// Publisher returns the publisher whose rules the game follows; empty for
// the steps' and rows' own.
func (r *Ruleset) Publisher() tilekit.Publisher { return r.publisher }

// Steps returns the ids of the steps of a turn, in order, as the engine
// plays them.
func (r *Ruleset) Steps() []string {
	out := make([]string, len(r.turn))
	for i, st := range r.turn {
		out[i] = stepNames[st]
	}
	return out
}
