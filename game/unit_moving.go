package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The mechanic of the neutral figures that move: every step with a
// movement in the rules data ([step.movement]), whatever its id or its
// figure, is played here, from its data alone. A movement to the placed
// tile sets its figure on the tile placed this turn when its trigger
// fires; a movement in orthogonal steps moves a figure that stands on the
// board tile by tile, as many steps as the data says or one per completed
// feature, chosen by the active player or by each player in turn. Where a
// figure arrives it eats what its diet table says and its protection
// table does not spare, and sends each figure eaten where the step's
// removals say. A tile showing the trigger's symbol drawn before the
// figure is in play may be set aside, and shuffled back once it enters.

// movingState is the state of the neutral figures: where each stands (a
// board cell, -1 beside the board; the meeple's entry is unused), whether
// it entered the game and whether it left it for good, the figure moving,
// the tiles set aside until a figure enters, and the scores a score
// threshold counts (at the start of the turn, and until the step its
// trigger names; counted says they were noted).
type movingState struct {
	at                       [maxFigures]int32
	entered, out             [maxFigures]bool
	mv                       figureMove
	aside                    []uint16
	counted                  bool
	startScores, countScores [MaxPlayers]int
}

// figureMove is a figure on the move: by which movement, how many steps
// are left and taken, and the cells of its path, the start first.
type figureMove struct {
	rules *movement
	left  int
	taken int
	path  [maxSteps + 1]int32
	n     int
}

// movingRules are the mechanic's compiled data: the ruleset's neutral
// figures, in the order its steps name them; its movement steps, in the
// order of the turn; one mover per figure they move; each tile type's
// trigger symbols, bit k for movement k; the movement that sets tiles
// aside (1 + its index, 0 for none); and the step until which a score
// threshold counts.
type movingRules struct {
	neutrals   []Figure
	moves      []movement
	movers     []mover
	tileBits   []uint32
	asideStep  int
	countUntil string
	// arrivals are the movements with a deploy table, by index, and
	// arrivalBits the trigger bits (tileBits) of their symbols.
	arrivals    []int
	arrivalBits uint32
}

// mover is a figure that a movement moves: its decision (the steps of its
// orthogonal moves), whether a step keeps followers off its tile, its
// first movement that names a diet (1 + its index, 0 for none), its first
// orthogonal movement and its first movement to the placed tile (the
// same), and its section of the snapshot notation.
type mover struct {
	who      Figure
	decision decision
	noDeploy bool
	tables   int
	stepping int
	placing  int
	section  section
}

// movement is a compiled step with a movement: its step, the figure it
// moves, where to and how far, its trigger, what blocks it, its tables and
// where the figures it eats go.
type movement struct {
	id     string
	who    Figure
	mover  int
	source tilekit.Citation
	// orthogonal moves the figure step by step; else it goes to the tile
	// placed this turn.
	orthogonal bool
	trigger    trigger
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
	// blockedBy are the figures whose tile it may not enter.
	blockedBy []Figure
	// noDeploy keeps followers off the figure's tile; deployName names
	// the table of the figures that may still be deployed to the tile it
	// was set on this turn, deploy holds its verdicts by figure, and
	// deployOff has bit k set for each kind k of follower it keeps off.
	noDeploy   bool
	deployName string
	deploy     []verdict
	deployOff  uint32
	// eatsName and sparesName name its diet and protection tables; eats
	// holds the diet's verdicts by figure, spares the protection's by
	// place and tileSpares by the figure whose tile protects.
	eatsName, sparesName string
	eats, tileSpares     []verdict
	spares               [numPlaces]verdict
	// meepleTo is where the followers it eats go, neutralTo (by figure)
	// where the neutral figures go.
	meepleTo  removal
	neutralTo []removal
	mechanics *tilekit.Mechanics
}

// trigger is a movement's compiled trigger: what sets it off (none:
// every turn), its symbol's bit in tileBits, its score threshold, and
// what becomes of a tile with its symbol drawn before the figure is in
// play (set aside) or while it waits beside the board (placed as usual).
type trigger struct {
	on                       tilekit.TriggerKind
	symbol                   tilekit.Symbol
	bit                      uint32
	threshold                threshold
	setAside, ignoreOffBoard bool
	source                   tilekit.Citation
}

// threshold is a score-reached trigger: the points, whether every
// multiple of them sets the step off again, and the id of the step after
// which points no longer count.
type threshold struct {
	points   int
	everyLap bool
	until    string
}

// maxSteps is the most steps a figure takes in one move; maxMoves the most
// movement steps a turn has.
const (
	maxSteps = 64
	maxMoves = 32
)

// MoveStep steps a neutral figure (Move.Figure) to the tile beside.
const MoveStep MoveKind = 4

// StepMove steps a neutral figure to the tile beside it on a side.
func StepMove(f Figure, s tilekit.Side) Move {
	return Move{Kind: MoveStep, Dir: s, Feature: -1, Figure: int8(f)}
}

var (
	movingUnit = unit{
		rulings:  readMovingRulings,
		playing:  func(r *Ruleset) bool { return len(r.neutrals) > 0 },
		compiled: finishMoving,
		make: func(g *Game, _ int) {
			if g.rules.asideStep > 0 {
				g.aside = make([]uint16, 0, g.rules.Total())
			}
		},
		reset:  (*Game).resetMoving,
		held:   func(g *Game) []uint16 { return g.aside },
		regrid: (*Game).regridMoving,
		hooks: unitHooks{
			drawn:     &drawnHook{holds: (*Game).holdsEarly, hold: (*Game).setEarlyAside, refusal: earlyRefusal},
			turnStart: (*Game).startMoving,
			blocks: &blockHook{blocks: func(g *Game) uint32 {
				if g.keepsOff(g.lastCell) >= 0 {
					return allKinds
				}
				return g.arrivalKeepsOff()
			},
				why: func(g *Game, kind int) error {
					if g.arrivalKeepsOff()&(1<<kind) != 0 {
						return g.whyArrivalBlocks(kind)
					}
					return g.whyKeptOff()
				}},
			closed: func(g *Game, cell int32) bool { return g.keepsOff(cell) >= 0 },
			watch:  watchMoving,
			check:  checkMoving,
		},
	}
	stepKind = moveKind{notation: sideNotation, word: func(m Move) tilekit.MoveWord { return tilekit.MoveWord(Figure(m.Figure).ID()) },
		readStep: func(mt tilekit.MoveText) (Move, error) {
			f, err := parseFigure(string(mt.Word))
			return StepMove(f, mt.Side), err
		},
		step: func(r *Ruleset, m Move) string {
			for _, mv := range r.moves {
				if mv.orthogonal && mv.who == Figure(m.Figure) {
					return mv.id
				}
			}
			return ""
		}}
	setAsideSect = section{key: "set-aside", check: func(r *Ruleset, v string) error {
		_, err := parsePile(r, v)
		return err
	}, set: (*Game).setAsideSection, write: func(g *Game, sb *strings.Builder) {
		if len(g.aside) > 0 {
			sb.WriteString(" / set-aside " + g.tilesText(g.aside))
		}
	}}
)

// compileMovement compiles a step with a movement into the turn: it
// returns the function that plays it.
func (r *Ruleset) compileMovement(ps rules.PlayedStep) (func(g *Game, events []Event) ([]Event, bool), error) {
	m := &ps.Step.Mechanics
	d := m.Movement
	if len(r.moves) >= maxMoves {
		return nil, fmt.Errorf("more than %d steps with a movement in one turn", maxMoves)
	}
	who, err := r.addNeutral(d.Figure)
	if err != nil {
		return nil, err
	}
	mv := movement{id: ps.Step.ID, who: who, source: ps.Step.Source, mechanics: m, noDeploy: d.NoDeploy, deployName: d.Deploy,
		eatsName: d.Eats, sparesName: d.Spares, meepleTo: destinationOf(m, "meeple", "player")}
	if err := mv.readTarget(d); err != nil {
		return nil, err
	}
	k := len(r.moves)
	if err := r.readTrigger(&mv, m.Trigger, k); err != nil {
		return nil, err
	}
	for _, id := range d.BlockedBy {
		f, err := r.addNeutral(id)
		if err != nil {
			return nil, err
		}
		mv.blockedBy = append(mv.blockedBy, f)
	}
	if d.Deploy != "" {
		r.arrivals = append(r.arrivals, len(r.moves))
	}
	mv.mover = r.moverOf(who)
	r.noteMover(&r.movers[mv.mover], &mv, k)
	r.moves = append(r.moves, mv)
	return func(g *Game, events []Event) ([]Event, bool) { return g.runMovement(k, events) }, nil
}

// moverOf returns the index of the mover of a figure, adding one.
func (r *Ruleset) moverOf(who Figure) int {
	for i := range r.movers {
		if r.movers[i].who == who {
			return i
		}
	}
	r.movers = append(r.movers, mover{who: who})
	return len(r.movers) - 1
}

// noteMover notes movement k of a mover: its first orthogonal one, its
// first to the placed tile, its first with a diet, and whether it keeps
// followers off its tile.
func (r *Ruleset) noteMover(m *mover, mv *movement, k int) {
	if mv.orthogonal && m.stepping == 0 {
		m.stepping = k + 1
	}
	if !mv.orthogonal && m.placing == 0 {
		m.placing = k + 1
	}
	if mv.eatsName != "" && m.tables == 0 {
		m.tables = k + 1
	}
	m.noDeploy = m.noDeploy || mv.noDeploy
}

// readTarget compiles where and how far a movement moves its figure.
func (mv *movement) readTarget(d *tilekit.Movement) error {
	switch d.To {
	case tilekit.MoveToPlacedTile:
		return nil
	case tilekit.MoveOrthogonalSteps:
		mv.orthogonal = true
	default:
		return fmt.Errorf("the movement goes to %q: the engine moves a figure to the placed tile or in orthogonal steps", d.To)
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
	// A dead end that did not stop the figure would leave it nowhere to
	// go: stop is the one rule a step-by-step move can follow.
	if d.DeadEnd != "" && d.DeadEnd != tilekit.DeadEndStop {
		return fmt.Errorf("dead end %q: a figure with no step to take stops", d.DeadEnd)
	}
	mv.revisit, mv.returnToStart = d.Revisit, d.ReturnToStart
	return nil
}

// readTrigger compiles the trigger of movement k.
func (r *Ruleset) readTrigger(mv *movement, t *tilekit.Trigger, k int) error {
	if t == nil {
		return nil
	}
	tr := trigger{on: t.On, symbol: t.Symbol, source: t.Source,
		setAside: t.BeforeInPlay == tilekit.EarlySetAside, ignoreOffBoard: t.OffBoard == tilekit.OffBoardIgnoreSymbol}
	switch t.On {
	case tilekit.TriggerTileSymbol:
		tr.bit = 1 << k
	case tilekit.TriggerScoreReached:
		th, err := readThreshold(t)
		if err != nil {
			return err
		}
		if r.countUntil != "" && r.countUntil != th.until {
			return fmt.Errorf("counted until %q: another step's threshold counts until %q, and the engine counts a turn's points until one step", th.until, r.countUntil)
		}
		tr.threshold, r.countUntil = th, th.until
	case tilekit.TriggerFeaturesCompleted, tilekit.TriggerTurnStart:
	default:
		return fmt.Errorf("trigger %q: a movement starts on tile-symbol, score-reached, features-completed or turn-start", t.On)
	}
	if tr.setAside {
		if tr.on != tilekit.TriggerTileSymbol {
			return fmt.Errorf("before-in-play %q: only a tile-symbol trigger has tiles to set aside", t.BeforeInPlay)
		}
		if r.asideStep > 0 {
			return fmt.Errorf("before-in-play %q: the step %s sets tiles aside already, and the engine holds one pile of them", t.BeforeInPlay, r.moves[r.asideStep-1].id)
		}
		r.asideStep = k + 1
	}
	mv.trigger = tr
	return nil
}

// readThreshold compiles a score-reached trigger.
func readThreshold(t *tilekit.Trigger) (threshold, error) {
	if t.Threshold <= 0 {
		return threshold{}, fmt.Errorf("threshold %d: want a number of points above 0", t.Threshold)
	}
	th := threshold{points: t.Threshold, everyLap: t.Laps == tilekit.LapsEveryLap, until: coreSteps[stepScore]}
	if t.CountedUntil != "" {
		th.until = t.CountedUntil
	}
	return th, nil
}

// readMovingRulings reads each movement's diet and protection tables, by
// figure and place, and where the figures it eats go.
func readMovingRulings(r *Ruleset, read rulingReader) error {
	ids := figureIDs()
	tiles := make([]string, len(ids))
	for i, id := range ids {
		tiles[i] = id + "-tile"
	}
	for i := range r.moves {
		mv := &r.moves[i]
		mv.eats, mv.tileSpares = make([]verdict, len(ids)), make([]verdict, len(ids))
		mv.neutralTo = make([]removal, len(ids))
		for f, id := range ids {
			mv.neutralTo[f] = destinationOf(mv.mechanics, id, "neutral")
		}
		own := slices.Clone(ids) // a figure never eats itself, nor keeps itself off
		own[mv.who] = ""
		// Nor does it eat a figure whose tile it may not enter, nor is it
		// spared by that tile: it eats only where it arrives, so those
		// verdicts never decide and are not read.
		eats, tilesIn := slices.Clone(own), slices.Clone(tiles)
		for _, b := range mv.blockedBy {
			eats[b], tilesIn[b] = "", ""
		}
		if err := read(mv.eatsName, mv.eats, eats); err != nil {
			return err
		}
		mv.deploy = make([]verdict, len(ids))
		if err := read(mv.deployName, mv.deploy, r.deployable(mv, own)); err != nil {
			return err
		}
		mv.deployOff = 0
		for k, f := range r.kindFigs {
			if !mv.deploy[f].yes {
				mv.deployOff |= 1 << k
			}
		}
		places := slices.Clone(r.figures.places)
		for _, t := range r.figures.tileOf {
			if slices.Contains(mv.blockedBy, t.figure) {
				places[t.place] = ""
			}
		}
		if err := read(mv.sparesName, mv.spares[:len(places)], places); err != nil {
			return err
		}
		if err := read(mv.sparesName, mv.tileSpares, tilesIn); err != nil {
			return err
		}
	}
	return nil
}

// deployable returns the ids of figures whose verdicts of a movement's
// deploy table are read: those of ids but the kinds of follower that may
// stand on no feature of any tile type showing the movement's trigger
// symbol, for which no verdict decides anything.
func (r *Ruleset) deployable(mv *movement, ids []string) []string {
	if mv.trigger.symbol == "" {
		return ids
	}
	var on uint8
	for typ, t := range r.tiles {
		if slices.Contains(t.Symbols, mv.trigger.symbol) {
			for i := range r.NumFeatures(typ) {
				on |= 1 << r.FeatureKind(typ, i)
			}
		}
	}
	out := slices.Clone(ids)
	for k, f := range r.kindFigs {
		if r.kinds[k].StandsOn&on == 0 {
			out[f] = ""
		}
	}
	return out
}

// finishMoving compiles each tile type's trigger symbols, the hook that
// notes the points a threshold counts, and each mover's decision and
// section.
func finishMoving(r *Ruleset) error {
	r.tileBits = make([]uint32, len(r.tiles))
	for typ, t := range r.tiles {
		for k := range r.moves {
			if tr := &r.moves[k].trigger; tr.bit != 0 && slices.Contains(t.Symbols, tr.symbol) {
				r.tileBits[typ] |= tr.bit
			}
		}
	}
	r.arrivalBits = 0
	for _, k := range r.arrivals {
		r.arrivalBits |= r.moves[k].trigger.bit
	}
	if r.countUntil != "" {
		if i := r.stepIndex(r.countUntil); i >= 0 {
			r.turn[i].after = (*Game).noteCounted
		}
	}
	for i := range r.movers {
		m := &r.movers[i]
		m.decision = decision{id: m.who.ID(), legal: (*Game).stepMoves, apply: (*Game).applyStep, decider: moverDecider,
			text: func(g *Game) string { return moverText(g, m.who) }}
		m.section = moverSection(m.who)
	}
	return nil
}

// moverSection returns the section of a figure that moves: "ID x,y", or
// "ID waiting" once it has entered and stands beside the board.
func moverSection(who Figure) section {
	return section{key: who.ID(), check: func(_ *Ruleset, v string) error {
		if v == "waiting" {
			return nil
		}
		_, err := parsePos(v)
		return err
	}, set: func(g *Game, v string) error {
		g.entered[who] = true
		if v == "waiting" {
			g.at[who] = -1
			return nil
		}
		cell, err := g.sectionCell(who.ID(), v)
		g.at[who] = cell
		return err
	}, write: func(g *Game, sb *strings.Builder) {
		switch {
		case g.at[who] >= 0:
			sb.WriteString(" / " + who.ID() + " " + notationPos(g.board.position(int(g.at[who]))))
		case g.entered[who]:
			sb.WriteString(" / " + who.ID() + " waiting")
		}
	}}
}

// figureSections returns the sections of the ruleset's figures, in the
// order of its figures: a mover's, or the unit's section of that key.
func (r *Ruleset) figureSections() []*section {
	var out []*section
	for _, f := range r.neutrals {
		if i := r.moverIndex(f); i >= 0 {
			out = append(out, &r.movers[i].section)
		} else if k := r.companionOf(f); k >= 0 {
			out = append(out, &r.companions[k].section)
		} else if s := unitSection(f.ID()); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// moverIndex returns the index of a figure's mover, or -1.
func (r *Ruleset) moverIndex(f Figure) int {
	for i := range r.movers {
		if r.movers[i].who == f {
			return i
		}
	}
	return -1
}

// resetMoving puts every neutral figure beside the board, out of play.
func (g *Game) resetMoving() {
	for i := range g.at {
		g.at[i] = -1
	}
	clear(g.entered[:])
	clear(g.out[:])
	g.aside = g.aside[:0]
	g.counted = false
	g.resetMove()
}

// regridMoving moves the neutral figures' cells, and the path of the
// figure moving or that moved last, into the board's grid.
func (g *Game) regridMoving(half int) {
	for _, f := range g.rules.neutrals {
		g.regridCell(&g.at[f], half)
	}
	for i := range min(g.mv.n+1, len(g.mv.path)) {
		g.regridCell(&g.mv.path[i], half)
	}
}

// resetMove forgets the last move of a figure.
func (g *Game) resetMove() { g.mv.rules, g.mv.n = nil, 0 }

// startMoving notes the scores at the start of the turn, when a threshold
// counts them, and forgets the last move of a figure.
func (g *Game) startMoving() {
	if g.rules.countUntil != "" {
		g.counted = false
		for i := range g.players {
			g.startScores[i] = g.players[i].Score
		}
	}
	g.resetMove()
}

// noteCounted notes the scores that count for a threshold.
func (g *Game) noteCounted() {
	if g.counted {
		return
	}
	g.counted = true
	for i := range g.players {
		g.countScores[i] = g.players[i].Score
	}
}

// setAsideSection sets the tiles set aside, "TILE*N,...".
func (g *Game) setAsideSection(value string) error {
	if g.rules.asideStep == 0 {
		return fmt.Errorf("no step of the game sets tiles aside")
	}
	counts, err := parsePile(g.rules, value)
	if err != nil {
		return err
	}
	for typ, n := range counts {
		for range n {
			g.aside = append(g.aside, uint16(typ))
		}
	}
	return nil
}

// arrivalBlocks reports whether a movement's deploy table keeps a figure
// off the tile just placed, which its trigger's symbol set the movement's
// figure on this turn.
func (g *Game) arrivalBlocks(f Figure) bool {
	r := g.rules
	if g.tile < 0 || r.tileBits[g.tile]&r.arrivalBits == 0 {
		return false
	}
	for _, k := range r.arrivals {
		if mv := &r.moves[k]; r.tileBits[g.tile]&mv.trigger.bit != 0 && !mv.deploy[f].yes {
			return true
		}
	}
	return false
}

// noteArrivalAllows notes, for a scenario's run, the deploy verdicts that
// let a figure move on a turn whose tile set a movement's figure on it (a
// companion moved elsewhere on such a turn): a no would have kept it still.
func (g *Game) noteArrivalAllows(f Figure) {
	r := g.rules
	if g.ruled == nil || g.tile < 0 || r.tileBits[g.tile]&r.arrivalBits == 0 {
		return
	}
	for _, k := range r.arrivals {
		if mv := &r.moves[k]; r.tileBits[g.tile]&mv.trigger.bit != 0 {
			g.noteRuling(mv.deploy[f])
		}
	}
}

// arrivalKeepsOff returns the kinds of follower that the movements' deploy
// tables keep off the tile just placed, which their triggers' symbols set
// their figures on this turn, bit k for kind k.
func (g *Game) arrivalKeepsOff() uint32 {
	r := g.rules
	if g.tile < 0 || r.tileBits[g.tile]&r.arrivalBits == 0 {
		return 0
	}
	var off uint32
	for _, k := range r.arrivals {
		if mv := &r.moves[k]; r.tileBits[g.tile]&mv.trigger.bit != 0 {
			off |= mv.deployOff
		}
	}
	return off
}

// whyArrivalBlocks says why arrivalKeepsOff keeps a kind of follower off.
func (g *Game) whyArrivalBlocks(kind int) error {
	return g.whyArrivalBars(g.rules.kindFigs[kind], "no %s may be deployed to the %s tile at %s (%s)")
}

// whyActionBarred says why arrivalBlocks keeps an action (a figure of the
// registry that is none) from being done on the turn.
func (g *Game) whyActionBarred(f Figure) error {
	return g.whyArrivalBars(f, "%s may not be done on the turn the %s tile at %s is placed (%s)")
}

// whyArrivalBars words why a movement's deploy table bars a figure or an
// action on the turn, in a format given the figure, the symbol, the tile
// and the reason.
func (g *Game) whyArrivalBars(f Figure, format string) error {
	r := g.rules
	for _, k := range r.arrivals {
		if mv := &r.moves[k]; r.tileBits[g.tile]&mv.trigger.bit != 0 && !mv.deploy[f].yes {
			v := mv.deploy[f]
			return refusedBy(v, fmt.Errorf(format, f, mv.trigger.symbol, notationPos(g.last.Pos), reasonText(v.reason)))
		}
	}
	return nil
}
