package game

import (
	"fmt"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// A unit is one expansion element of the engine, in a file of its own
// (unit_*.go): its state, its steps, its legal moves and how they are
// played, its events, its part of the snapshot notation and its
// invariants. The core (board, features, base scoring, the turn, the
// pile) names none of them: it calls the units through the hooks below,
// at fixed points of the turn. Compile collects, once, the hooks of the
// units a setup plays into flat slices per point (hookPoints), so that a
// point no unit uses costs a length check and the hot loop allocates
// nothing.
type unit struct {
	// steps are the step ids of the order of play
	// (interactions/order.toml) the unit plays.
	steps []unitStep
	// tile compiles the flags the unit reads of a tile type (its
	// symbols); Compile calls it for every tile type, whatever the
	// selection.
	tile func(r *Ruleset, t *tilekit.Tile)
	// rulings reads the verdicts of the interaction tables the unit
	// needs, once its steps are compiled.
	rulings func(r *Ruleset, read rulingReader) error
	// playing reports, once the rulings are read, whether the unit plays
	// in the setup; nil: when one of its steps is in the turn.
	playing func(r *Ruleset) bool
	// compiled finishes the unit's compiled data once every step is in
	// the turn (such as a hook after another step).
	compiled func(r *Ruleset) error
	// make makes the unit's buffers for a game of a number of players;
	// reset puts its figures beside the board for a new game.
	make  func(g *Game, players int)
	reset func(g *Game)
	// regrid moves the unit's cells into the board's grid, which a
	// placement grew (Game.regrid).
	regrid func(g *Game, half int)
	// held gives the tile types the unit holds beside the pile, which a
	// position's pile leaves out.
	held func(g *Game) []uint16
	// hooks are the unit's hooks at the points of the turn.
	hooks unitHooks
}

// unitStep is a step of the rules data a unit plays: its id, or the part
// of its mechanics that makes the unit play it whatever its id; whether it
// is part of the figure decision (the unit's moves join it), how its
// mechanics compile and how it is played.
type unitStep struct {
	id string
	// part, when not nil, plays every step whose mechanics have the part
	// it reports, whatever the step's id (which is then empty).
	part    func(m *tilekit.Mechanics) bool
	figure  bool
	compile func(r *Ruleset, ps rules.PlayedStep) error
	// run plays the step; nil for a step whose mechanic acts through
	// the unit's hooks alone, which the turn then passes over.
	run func(g *Game, events []Event) ([]Event, bool)
	// bind, when not nil, gives the play of each step of the unit,
	// instead of run.
	bind func(r *Ruleset, ps rules.PlayedStep) func(g *Game, events []Event) ([]Event, bool)
}

// unitHooks are a unit's hooks at the points of the turn; nil is a point
// the unit does not use.
type unitHooks struct {
	// drawn holds back a drawn tile (set aside, not placed).
	drawn *drawnHook
	// take gives the player whose turn it is a tile type the unit holds
	// for them instead of a draw, reporting whether it did (an error: the
	// type is the unit's, but the player has none left); offer returns
	// such a type that fits somewhere, for a random game to choose.
	take  func(g *Game, typ int) (bool, error)
	offer func(g *Game) (typ int, ok bool)
	// turnStart runs at the start of each turn, before the steps before
	// the tile move.
	turnStart func(g *Game)
	// blocks keeps followers off the tile just placed.
	blocks *blockHook
	// closed keeps followers off the tile of a cell, whatever brings them.
	closed func(g *Game, cell int32) bool
	// figure adds the unit's moves to the figure decision and plays them.
	figure *figureHook
	// completed runs for each feature a tile completed, with or without
	// followers, before it is scored.
	completed func(g *Game, f Feature, events []Event) []Event
	// scored runs once a feature is scored, before its followers go back
	// (end says at the end of the game).
	scored func(g *Game, f Feature, end bool, events []Event) []Event
	// leaves runs when a follower leaves the board, removed when a
	// neutral figure is taken off it.
	leaves  func(g *Game, f follower)
	removed func(g *Game, f Figure)
	// end runs after the end of the game's scoring.
	end func(g *Game, events []Event) []Event
	// again runs when a turn ends and reports whether the player whose
	// turn it was plays another (an extra turn).
	again func(g *Game) bool
	// aside counts each player's followers, by kind, that the unit holds
	// off the board and out of their supply.
	aside func(g *Game, count *[MaxPlayers][MaxKinds]int)
	// watch notes where the unit's figures stand for the invariants, and
	// check checks the unit's invariants after a move.
	watch func(iv *invariants)
	check func(iv *invariants) error
}

// drawnHook holds back a drawn tile type: holds reports whether the unit
// holds it, hold sets it aside, and refusal says why it cannot be placed.
type drawnHook struct {
	holds   func(g *Game, typ int) bool
	hold    func(g *Game, typ int)
	refusal func(g *Game, typ int) error
}

// blockHook keeps followers off the tile just placed: blocks returns the
// kinds it keeps off, bit k for kind k of the ruleset's followers (0 for
// none), and why says why it keeps a kind off.
type blockHook struct {
	blocks func(g *Game) uint32
	why    func(g *Game, kind int) error
}

// figureHook is a unit's part of the figure decision: the kind of its
// moves; only, when not nil, reports whether its moves are the only
// legal ones (onlyWhy says why a follower is refused then); moves appends
// its legal moves; apply plays a legal one; refuse, when not nil, says
// why a move onto an instance x of the tile of a cell is not legal, or
// nil (a refusal a table's verdict decided is a RulingError); second,
// when not nil, appends its moves for a follower of a mask of kinds (bit
// k for kind k) deployed second in the turn (unit_second.go), which it
// offers unless the figure decision's move was one of its own: a way of
// deploying serves one follower a turn.
type figureHook struct {
	kind    MoveKind
	only    func(g *Game) bool
	onlyWhy func(g *Game) error
	moves   func(g *Game, dst []Move) []Move
	apply   func(g *Game, m Move, events []Event) []Event
	refuse  func(g *Game, m Move, cell, x int32) error
	second  func(g *Game, dst []Move, kinds uint32) []Move
}

// decision is a unit's own decision that the game waits for in phaseUnit:
// its name (Game.Decision), its legal moves, how a move is played, who
// decides (nil: the active player) and what it is, for an error.
type decision struct {
	id      string
	legal   func(g *Game, dst []Move) []Move
	apply   func(g *Game, m Move, events []Event) ([]Event, error)
	decider func(g *Game) int
	text    func(g *Game) string
}

// unitDecisions is the most moves of the units' decisions a turn of a
// number of players records, as a bound of a whole game's (times its
// tiles): the figure decision, two moving figures' steps and one per
// follower held.
func unitDecisions(players int) int { return 2*maxSteps + Followers*players + 1 }

// hookPoints are the hooks of the units a Ruleset plays, per point, in
// the order of units.
type hookPoints struct {
	drawn     []*drawnHook
	take      []func(g *Game, typ int) (bool, error)
	offer     []func(g *Game) (typ int, ok bool)
	turnStart []func(g *Game)
	blocks    []*blockHook
	closed    []func(g *Game, cell int32) bool
	figure    []*figureHook
	completed []func(g *Game, f Feature, events []Event) []Event
	scored    []func(g *Game, f Feature, end bool, events []Event) []Event
	leaves    []func(g *Game, f follower)
	removed   []func(g *Game, f Figure)
	end       []func(g *Game, events []Event) []Event
	again     []func(g *Game) bool
	aside     []func(g *Game, count *[MaxPlayers][MaxKinds]int)
	watch     []func(iv *invariants)
	check     []func(iv *invariants) error
}

// add adds a unit's hooks.
func (hp *hookPoints) add(h *unitHooks) {
	hp.drawn = appendHook(hp.drawn, h.drawn, h.drawn != nil)
	hp.take = appendHook(hp.take, h.take, h.take != nil)
	hp.offer = appendHook(hp.offer, h.offer, h.offer != nil)
	hp.turnStart = appendHook(hp.turnStart, h.turnStart, h.turnStart != nil)
	hp.blocks = appendHook(hp.blocks, h.blocks, h.blocks != nil)
	hp.closed = appendHook(hp.closed, h.closed, h.closed != nil)
	hp.figure = appendHook(hp.figure, h.figure, h.figure != nil)
	hp.completed = appendHook(hp.completed, h.completed, h.completed != nil)
	hp.scored = appendHook(hp.scored, h.scored, h.scored != nil)
	hp.leaves = appendHook(hp.leaves, h.leaves, h.leaves != nil)
	hp.removed = appendHook(hp.removed, h.removed, h.removed != nil)
	hp.end = appendHook(hp.end, h.end, h.end != nil)
	hp.again = appendHook(hp.again, h.again, h.again != nil)
	hp.aside = appendHook(hp.aside, h.aside, h.aside != nil)
	hp.watch = appendHook(hp.watch, h.watch, h.watch != nil)
	hp.check = appendHook(hp.check, h.check, h.check != nil)
}

// appendHook appends a hook when the unit has it.
func appendHook[T any](hooks []T, h T, has bool) []T {
	if !has {
		return hooks
	}
	return append(hooks, h)
}

// units are the units of the engine, in the order their hooks run at each
// point: the figure decision lists the deployment's moves, then the
// dismissal's, then the companions'; a scored feature pays the bonuses
// before a crossing holds its followers; the moving figures are one unit,
// the mechanic of every step with a movement, and the crossings another,
// of every step with a crossing.
// (The list is set by init: a unit's hooks reach Compile, which reads
// the list.)
var units []*unit

func init() {
	units = []*unit{&deploymentUnit, &dismissalUnit, &companionUnit, &movingUnit, &crossingUnit, &joiningUnit, &collectionUnit, &secondUnit, &cornerUnit, &symbolFeatureUnit, &recallUnit, &heldTileUnit}
}

// unitStates holds the state of every unit during a game, embedded in
// the turn's state.
type unitStates struct {
	companionStates
	crossingState
	movingState
	joiningState
	collectionState
	secondState
	cornerState
	heldTileState
}

// unitRules holds every unit's compiled data, embedded in a Ruleset.
type unitRules struct {
	movingRules
	companionRules
	deploymentRules
	dismissalRules
	crossingRules
	joiningRules
	collectionRules
	secondRules
	cornerRules
	recallRules
	heldTileRules
	// figures are the verdicts of the tables the units read.
	figures figureRulings
	// sections are the units' sections of the snapshot notation, in the
	// order Snapshot writes them.
	sections []*section
}

// unitWatch holds what the units' invariants note between moves,
// embedded in the invariants.
type unitWatch struct {
	movingWatch
}

// numMoveKinds is the number of kinds of moves.
const numMoveKinds = 9

// moveKind is a kind of a unit's move: its word in the move notation; how
// a move writes itself into the notation (after the word and, for every
// kind, its side), reporting whether its feature follows; how a move is
// read from the notation, with the index of its feature (-1 for none);
// why no follower may follow it in the turn; and whether it deploys a
// follower of a kind (its notation then names the kind).
type moveKind struct {
	// word, when not nil, says that the kind's moves are steps of a
	// neutral figure, written "ID SIDE": it gives a move's word, and
	// readStep reads such a move.
	word     func(m Move) tilekit.MoveWord
	readStep func(mt tilekit.MoveText) (Move, error)
	// bare says that a move may name a tile without a feature ("WORD
	// x,y"), home that it may send a figure home ("WORD home").
	bare, home bool
	// corner says that a move names a corner of its tile ("WORD
	// x,y:NE") instead of a feature.
	corner   bool
	notation func(m Move, mt *tilekit.MoveText) bool
	parse    func(mt tilekit.MoveText, feature int) Move
	taken    error
	// takenBy, when not nil, says why instead of taken, for the step of a
	// move's word under a ruleset.
	takenBy func(r *Ruleset, w Word) error
	deploys bool
	// step returns the id of the ruleset's step whose mechanic plays a
	// move of the kind (Ruleset.MoveStep), "" for none.
	step func(r *Ruleset, m Move) string
}

// moveKinds are the kinds of the units' moves, by MoveKind.
var moveKinds = [numMoveKinds]*moveKind{MoveBase: {notation: func(Move, *tilekit.MoveText) bool { return true }, deploys: true},
	MoveDeploy: &deploymentKind, MoveDismissal: &dismissalKind, MoveCompanion: &companionKind,
	MoveStep: &stepKind, MoveCross: &crossKind, MoveCorner: &cornerKind, MoveRelocate: &relocateKind, MoveRecall: &recallKind}

// numEventKinds is the number of kinds of events.
const numEventKinds EventKind = 13

// eventKind is a kind of a unit's event: its name; its first word in the
// event notation; the rule that made it; and, when not nil, how it writes
// its values into the notation (beyond its player and feature kind), how
// it reads them back, and which of its values the notation holds (noted
// sets them on an event that has the kind, the end and no player).
type eventKind struct {
	// ruled, when not nil, gives the rule under a ruleset (ok false: the
	// rule gives it).
	ruled func(r *Ruleset, e Event) (EventRule, bool)
	name  string
	word  string
	rule  func(e Event) EventRule
	note  func(e Event, n *tilekit.EventNotation)
	read  func(n tilekit.EventNotation, e *Event) error
	noted func(e Event, n *Event)
	// worded, when not MoveBase, says that the event's first word is the
	// word of its step (Event.Word), which names moves of that kind.
	worded MoveKind
}

// eventKinds are the kinds of the units' events, by EventKind.
var eventKinds = [numEventKinds]*eventKind{EventMoved: &movedEvent, EventEntered: &enteredEvent,
	EventEaten: &eatenEvent, EventSpared: &sparedEvent, EventDismissal: &dismissalEvent, EventCrossed: &crossedEvent,
	EventSetAside: &setAsideEvent, EventShuffledBack: &shuffledBackEvent, EventExtraTurn: &extraTurnEvent, EventMovedOn: &movedOnEvent}

// section is a unit's section of the snapshot notation: its keyword, how
// its value is checked when read, how it is set on a game whose board
// and followers are laid, and how it is written (nothing when it does
// not apply).
type section struct {
	key   string
	check func(r *Ruleset, value string) error
	set   func(g *Game, value string) error
	write func(g *Game, sb *strings.Builder)
}

// sections are the units' sections: those of a figure (a ruleset writes
// them in the order of its figures, Ruleset.sections) and the others,
// which follow.
var sections = []*section{&setAsideSect, &extraSect, &tokensSect, &cornersSect, &handsSect}

// unitSection returns the unit's section of a keyword, or nil.
func unitSection(key string) *section {
	for _, s := range sections {
		if s.key == key {
			return s
		}
	}
	return nil
}

// compileSections lists the sections of a ruleset in the order Snapshot
// writes them: those of its figures, in their order, then the units'
// sections of no figure.
func (r *Ruleset) compileSections() {
	r.sections = r.figureSections()
	for _, s := range sections {
		if _, ok := lookupFigure(s.key); !ok {
			r.sections = append(r.sections, s)
		}
	}
}

// section returns the ruleset's section of a keyword, or nil.
func (r *Ruleset) section(key string) *section {
	for _, s := range r.sections {
		if s.key == key {
			return s
		}
	}
	return nil
}

// stepFigureKind returns the kind of follower a step's mechanic names
// (figure), for a mechanic the engine plays in one step of a turn: an
// error when a step already has it (taken) or the selection plays no such
// kind.
func (r *Ruleset) stepFigureKind(taken bool, mechanic, step, figure string) (uint8, error) {
	if taken {
		return 0, fmt.Errorf("the game engine plays one step with %s in a turn, and %s is a second one", mechanic, step)
	}
	k, ok := r.KindIndex(figure)
	if !ok {
		return 0, fmt.Errorf("the figure %s of %s is no kind the selection plays (%s)", figure, mechanic, strings.Join(r.kindIDs(), ", "))
	}
	return uint8(k), nil
}

// unitStepOf returns the unit's step that plays a step of the data, by
// its id or by a part of its mechanics, or nil.
func unitStepOf(s *tilekit.Step) *unitStep {
	for _, u := range units {
		for i := range u.steps {
			if u.steps[i].plays(s) {
				return &u.steps[i]
			}
		}
	}
	return nil
}

// plays reports whether a unit's step plays a step of the data.
func (st *unitStep) plays(s *tilekit.Step) bool {
	if st.part != nil {
		return st.part(&s.Mechanics)
	}
	return st.id == s.ID
}

// compileUnits reads the tables of the units, finds those the turn
// plays and collects their hooks.
func (r *Ruleset) compileUnits(cat *tilekit.Catalog, sel rules.Selection) error {
	read := newRulingReader(cat, sel, r)
	if err := r.compilePlaces(cat); err != nil {
		return err
	}
	for _, u := range units {
		if u.rulings == nil {
			continue
		}
		if err := u.rulings(r, read); err != nil {
			return err
		}
	}
	for _, u := range units {
		if !u.plays(r) {
			continue
		}
		r.expansions = true
		r.playing = append(r.playing, u)
		r.hooks.add(&u.hooks)
		if u.compiled != nil {
			if err := u.compiled(r); err != nil {
				return err
			}
		}
	}
	r.compileSections()
	return nil
}

// plays reports whether a unit plays in a compiled turn.
func (u *unit) plays(r *Ruleset) bool {
	if u.playing != nil {
		return u.playing(r)
	}
	for i := range u.steps {
		for _, ts := range r.turn {
			if ts.data != nil && u.steps[i].plays(ts.data) {
				return true
			}
		}
	}
	return false
}
