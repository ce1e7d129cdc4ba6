package game

import (
	"fmt"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of the Black Dragon (Wikicarpedia: Black Dragon (Fan
// Expansion)): it enters on the tile placed when a score reaches a
// threshold within the turn, and moves step by step (unit_moving.go), one
// step per completed feature, at the start of scoring.

// blackDragonState is where the Black Dragon stands (a board cell, -1
// beside the board), whether it entered the game, and the scores its
// entry counts: at the start of the turn, and until the step the trigger
// names (counted says they were noted).
type blackDragonState struct {
	blackCell                int32
	blackEntered             bool
	counted                  bool
	startScores, countScores [MaxPlayers]int
}

// blackDragonRules are the unit's compiled data: its movement, its entry
// and the threshold of its entry.
type blackDragonRules struct {
	blackMove  movement
	blackPlace movement
	threshold  threshold
}

// MoveBlackDragon steps the Black Dragon to the tile beside.
const MoveBlackDragon MoveKind = 5

// EventEntered: the Black Dragon entered the game at Pos.
const EventEntered EventKind = 4

// BlackDragonMove steps the Black Dragon to the tile beside it on a side.
func BlackDragonMove(s tilekit.Side) Move { return Move{Kind: MoveBlackDragon, Dir: s, Feature: -1} }

var (
	blackDragonUnit = unit{
		steps: []unitStep{
			{id: "black-dragon-move", compile: func(r *Ruleset, ps rules.PlayedStep) error {
				return r.blackMove.read(&ps.Step.Mechanics, "black-dragon", true)
			}, run: (*Game).startBlackDragon},
			{id: "black-dragon-place", compile: compileBlackDragonPlace, run: (*Game).blackDragonPlace},
		},
		rulings:  readBlackDragonRulings,
		compiled: countUntil,
		reset:    func(g *Game) { g.blackCell, g.blackEntered, g.counted = -1, false, false },
		regrid:   func(g *Game, half int) { g.regridCell(&g.blackCell, half) },
		hooks: unitHooks{
			turnStart: (*Game).startCounting,
			check:     checkMoving,
		},
	}
	blackDragonMover = mover{who: figBlackDragon, kind: MoveBlackDragon, cell: func(g *Game) *int32 { return &g.blackCell },
		tables: func(r *Ruleset) (*[numFigures]verdict, *[numPlaces]verdict) {
			return &r.figures.blackEats, &r.figures.blackSpares
		},
		names:    blackDragonTables,
		decision: moverDecision("black-dragon", "the Black Dragon")}
	blackDragonKind = moveKind{name: tilekit.WordBlackDragon, notation: sideNotation,
		parse: func(mt tilekit.MoveText, _ int) Move { return BlackDragonMove(mt.Side) }}
	enteredEvent = eventKind{name: "entered", word: "enter", note: noteFigureEvent, read: readFigureEvent, noted: notedMove, rule: func(Event) EventRule {
		return stepRule("enter", "black-dragon-place", citeBlack("Step 3: Placement of the Black Dragon"))
	}}
	blackDragonSection = section{key: "black-dragon", check: func(_ *Ruleset, v string) error {
		_, err := parsePos(v)
		return err
	}, set: (*Game).setBlackDragonSection, write: func(g *Game, sb *strings.Builder) {
		if g.blackCell >= 0 {
			sb.WriteString(" / black-dragon " + notationPos(g.board.position(int(g.blackCell))))
		}
	}}
)

// The rules of the Black Dragon's events.
var (
	ruleBlackDragonMoved = stepRule("move-black-dragon", "black-dragon-move", citeBlack("Step 1: Movement of the Black Dragon"))
	ruleBlackDragonEats  = stepRule("eat-black-dragon", "black-dragon-move", citeBlack("Step 1 and Step 3"))
)

// citeBlack cites a section of the Black Dragon's rules on Wikicarpedia.
func citeBlack(section string) tilekit.Citation {
	return tilekit.Citation{Kind: tilekit.FanRules, Title: "Wikicarpedia: Black Dragon (Fan Expansion)", Section: section,
		URL: "https://wikicarpedia.com/car/Black_Dragon_(Fan_Expansion)"}
}

// blackDragonTables returns the names of the Black Dragon's diet and
// protection tables: its movement's, else its entry's.
func blackDragonTables(r *Ruleset) (eats, spares string) {
	eats, spares = r.blackMove.eats, r.blackMove.spares
	if eats == "" {
		eats = r.blackPlace.eats
	}
	if spares == "" {
		spares = r.blackPlace.spares
	}
	return eats, spares
}

// compileBlackDragonPlace compiles the Black Dragon's entry and its
// threshold.
func compileBlackDragonPlace(r *Ruleset, ps rules.PlayedStep) error {
	m := &ps.Step.Mechanics
	if err := r.blackPlace.read(m, "black-dragon", false); err != nil {
		return err
	}
	return r.readThreshold(m.Trigger)
}

// readBlackDragonRulings reads the Black Dragon's diet and protection
// tables, its movement's or else its entry's.
func readBlackDragonRulings(r *Ruleset, read rulingReader) error {
	fr := &r.figures
	mv := &r.blackMove
	if !mv.present {
		if !r.blackPlace.present {
			return nil
		}
		mv = &r.blackPlace
	}
	if err := read(mv.eats, fr.blackEats[:], figureIDs[:]); err != nil {
		return err
	}
	return read(mv.spares, fr.blackSpares[:], placeIDs[:])
}

// threshold is the compiled trigger of the Black Dragon's entry: a score
// reached or passed within the turn.
type threshold struct {
	points int
	// everyLap sets the step off again at every multiple of points.
	everyLap bool
	// until is the id of the step after which points no longer count.
	until string
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
	r.threshold = threshold{points: t.Threshold, everyLap: t.Laps == tilekit.LapsEveryLap, until: coreSteps[stepScore]}
	if t.CountedUntil != "" {
		if st, us := stepByID(t.CountedUntil); st == stepUnit && us == nil {
			return fmt.Errorf("counted until %q: no step of the engine has that id", t.CountedUntil)
		}
		r.threshold.until = t.CountedUntil
	}
	return nil
}

// countUntil notes the scores that count for the entry once the step the
// threshold names is played.
func countUntil(r *Ruleset) error {
	if !r.blackPlace.present {
		return nil
	}
	if i := r.stepIndex(r.threshold.until); i >= 0 {
		r.turn[i].after = (*Game).noteCounted
	}
	return nil
}

// startCounting notes the scores at the start of the turn and forgets the
// last move of a figure.
func (g *Game) startCounting() {
	g.counted = false
	for i := range g.players {
		g.startScores[i] = g.players[i].Score
	}
	g.resetMove()
}

// noteCounted notes the scores that count for the Black Dragon's entry.
func (g *Game) noteCounted() {
	if g.counted {
		return
	}
	g.counted = true
	for i := range g.players {
		g.countScores[i] = g.players[i].Score
	}
}

// startBlackDragon starts the Black Dragon's move at the start of scoring
// when the tile completed features: one step per completed feature, or the
// fixed steps of the data (Wikicarpedia: Black Dragon (Fan Expansion),
// Step 1: Movement of the Black Dragon).
func (g *Game) startBlackDragon(events []Event) ([]Event, bool) {
	mv := &g.rules.blackMove
	if g.blackCell < 0 || len(g.board.done) == 0 {
		return events, false
	}
	steps := mv.steps
	if mv.perCompleted {
		steps = len(g.board.done)
	}
	return events, g.startMove(&blackDragonMover, mv, g.blackCell, steps)
}

// blackDragonPlace brings the Black Dragon onto the tile placed this turn
// when a player's score has reached or passed the threshold since the
// turn began, counting the points until the step the trigger names, once
// or on every lap as the data says; it eats there (Wikicarpedia: Black
// Dragon (Fan Expansion), Step 3: Placement of the Black Dragon).
func (g *Game) blackDragonPlace(events []Event) ([]Event, bool) {
	t := g.rules.threshold
	g.noteCounted()
	crossed := false
	for i := range g.players {
		from, to := g.startScores[i], g.countScores[i]
		if t.everyLap {
			crossed = crossed || to/t.points > from/t.points
		} else {
			crossed = crossed || (!g.blackEntered && from < t.points && to >= t.points)
		}
	}
	if !crossed || g.lastCell < 0 {
		return events, false
	}
	g.blackCell, g.blackEntered = g.lastCell, true
	events = append(events, Event{Kind: EventEntered, Actor: figBlackDragon, Pos: g.last.Pos, Player: -1})
	return g.eatAt(g.lastCell, &blackDragonMover, &g.rules.blackPlace, events), false
}

// setBlackDragonSection sets "black-dragon x,y".
func (g *Game) setBlackDragonSection(value string) error {
	cell, err := g.sectionCell("black-dragon", value)
	if err != nil {
		return err
	}
	g.blackCell, g.blackEntered = cell, true
	return nil
}
