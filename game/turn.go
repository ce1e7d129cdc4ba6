package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
)

// dragonState says where the red dragon is.
type dragonState uint8

const (
	// dragonAbsent: the dragon has not come into play; no volcano tile has
	// been placed.
	dragonAbsent dragonState = iota
	// dragonOn: the dragon stands on a tile (dragonCell).
	dragonOn
	// dragonWaiting: the Black Dragon ate the dragon; it waits beside the
	// board for the next volcano.
	dragonWaiting
)

// turnState holds the neutral figures and the state of a turn of the
// expansions: where each figure stands (a board cell, -1 beside the
// board), the follower the fairy stands next to, the dragon tiles set
// aside, where the turn is in the order of play, the figure moving, the
// followers held at drawbridges and the followers out of the game.
type turnState struct {
	dragonCell, fairyCell, blackCell int32
	dragon                           dragonState
	blackEntered                     bool
	// fairyNode is the feature instance of the follower of fairyPlayer the
	// fairy stands next to (Hans im Glück), or -1.
	fairyNode, fairyPlayer int32
	// dragonAside lists the dragon tiles set aside before the dragon came
	// into play; asideLog every dragon tile set aside in the game, in order.
	dragonAside []uint16
	asideLog    []uint16
	// lastCell is the cell of the tile placed last.
	lastCell int32
	// step is the index in the turn's steps of the next step; waitStep is
	// the step whose decision the game waits for; started says that the
	// turn's first steps were played; figureDone that the figure decision
	// was made; counted that the scores that count for the Black Dragon
	// were noted in countScores.
	step     int
	waitStep step
	// figureKind is the kind of the last figure decision, until the next
	// tile move.
	figureKind MoveKind
	started    bool
	figDone    bool
	counted    bool
	// startScores are the scores at the start of the turn.
	startScores, countScores [MaxPlayers]int
	// pending are the events of the start of the turn, given with the
	// tile move.
	pending []Event
	// mv is the dragon moving.
	mv figureMove
	// held are the followers of a completed road waiting at its
	// drawbridges; bridgeCities the roots of the cities they may enter.
	held         []heldFollower
	bridgeCities []int32
	// lost counts each player's followers out of the game.
	lost [MaxPlayers]int
	// legalBuf is a buffer for checking a move against the legal ones.
	legalBuf []Move
}

// heldFollower is a follower held at a drawbridge: its owner, the road
// instance it stood on, its kind and the range of bridgeCities it may enter.
type heldFollower struct {
	player     int32
	node       int32
	kind       uint8
	from, upTo int32
}

// figureMove is a dragon on the move: which, by which rules, how many
// steps are left and taken, and the cells of its path, the start first.
type figureMove struct {
	who   figure
	rules *movement
	left  int
	taken int
	path  [maxSteps + 1]int32
	n     int
}

// makeFigures makes the buffers of the figures for a number of players.
func (g *Game) makeFigures(players int) {
	r := g.rules
	g.pending = make([]Event, 0, 8)
	g.dragonAside = make([]uint16, 0, r.Total())
	g.asideLog = make([]uint16, 0, r.Total())
	g.held = make([]heldFollower, 0, Followers*players)
	g.bridgeCities = make([]int32, 0, 16*Followers*players)
}

// resetFigures puts every figure beside the board for a new game.
func (g *Game) resetFigures() {
	f := &g.turnState
	f.dragonCell, f.fairyCell, f.blackCell, f.fairyNode, f.fairyPlayer = -1, -1, -1, -1, -1
	f.dragon, f.blackEntered, f.started, f.figDone, f.counted = dragonAbsent, false, false, false, false
	f.dragonAside, f.pending, f.held, f.bridgeCities = f.dragonAside[:0], f.pending[:0], f.held[:0], f.bridgeCities[:0]
	f.asideLog = f.asideLog[:0]
	f.lastCell, f.step = -1, 0
	clear(f.lost[:])
}

// startTurn plays the steps of the turn before the tile is placed (the
// fairy's point), once a turn, and notes the scores at its start. Their
// events come with the tile move.
func (g *Game) startTurn() {
	if g.started {
		return
	}
	g.started, g.figDone, g.counted = true, false, false
	g.mv.rules, g.mv.n = nil, 0
	for i := range g.players {
		g.startScores[i] = g.players[i].Score
	}
	g.step = 0
	for g.step < len(g.rules.turn) {
		st := g.rules.turn[g.step]
		g.step++
		if st == stepPlaceTile {
			return
		}
		if st == stepFairyPoint {
			g.pending = g.fairyPoint(g.pending)
		}
	}
}

// resumeTurnAt sets a game read from a position in the middle of a turn
// to wait for the first of some steps: the turn has started, its steps
// before that one are played, and a figure step's decision is open.
func (g *Game) resumeTurnAt(steps ...step) {
	g.started, g.counted = true, false
	for i := range g.players {
		g.startScores[i] = g.players[i].Score
	}
	for i, st := range g.rules.turn {
		if slices.Contains(steps, st) {
			g.step, g.waitStep, g.figDone = i+1, st, st != stepPlaceTile
			return
		}
	}
	g.step = len(g.rules.turn)
}

// Apply plays a move of the decision the game waits for, appends to events
// what it caused and returns the extended slice. A tile move lays the
// drawn tile at a legal placement; then the steps of the turn are played
// in the order of play (Ruleset.Steps) until the next decision: the figure
// decision (a follower on the tile, or none, or an expansion's move of it),
// a dragon's step, a follower held at a drawbridge. Once the last step is
// played, the turn passes to the next player. It is an error when the move
// is not legal now. Apply allocates nothing when events has room.
func (g *Game) Apply(m Move, events []Event) ([]Event, error) {
	if !m.Follower && m.Kind == MoveBase {
		if err := g.tileStep(m.Placement); err != nil {
			return events, err
		}
		events = append(events, g.pending...)
		g.pending = g.pending[:0]
		return g.advance(events), nil
	}
	switch g.phase {
	case phaseFollower:
		return g.applyFigure(m, events)
	case phaseDragon, phaseBlack:
		return g.applyStep(m, events)
	case phaseBridge:
		return g.applyBridge(m, events)
	}
	if m.Follower && g.figureKind != MoveBase {
		return events, g.figureTaken()
	}
	return events, g.errorOutOfTurn(phaseFollower)
}

// figureTaken says that the turn's figure decision was another move than a
// follower's, so no follower may follow it.
func (g *Game) figureTaken() error {
	switch g.figureKind {
	case MovePrincess:
		return fmt.Errorf("the princess sent a knight home this turn: no other figure may be deployed or moved (%s)", sourcePrincess)
	case MoveFairy:
		return fmt.Errorf("the fairy moved this turn instead of a deployment (%s)", sourceFairy)
	}
	return fmt.Errorf("the follower of this turn went through the magic portal (%s, Der Zaubergang)", sourcePD)
}

// tileStep plays the tile move.
func (g *Game) tileStep(p Placement) error {
	if g.phase == phaseTile && g.setAsideBeforeDragon(g.tile) {
		return fmt.Errorf("%s shows a dragon and the dragon is not in play: it is set aside, not placed (%s, Note)", g.rules.ID(g.tile), sourceDragon)
	}
	if err := g.placeTile(p); err != nil {
		return err
	}
	g.figDone, g.figureKind = false, MoveBase
	return nil
}

// advance plays the steps of the turn from the next one until one waits
// for a decision, or the turn ends.
func (g *Game) advance(events []Event) []Event {
	turn := g.rules.turn
	for g.step < len(turn) {
		st := turn[g.step]
		g.step++
		var wait bool
		if events, wait = g.runStep(st, events); wait {
			g.waitStep = st
			return events
		}
		if st == g.rules.threshold.until {
			g.noteCounted()
		}
	}
	g.tile, g.phase = -1, phaseDraw
	g.turn = (g.turn + 1) % len(g.players)
	g.started = false
	return events
}

// resume goes on with the turn after a decision's last move.
func (g *Game) resume(events []Event) []Event {
	if g.waitStep == g.rules.threshold.until {
		g.noteCounted()
	}
	return g.advance(events)
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

// runStep plays one step after the tile move; wait says that it waits for
// a decision.
func (g *Game) runStep(st step, events []Event) ([]Event, bool) {
	switch st {
	case stepPlaceFigure, stepPrincess, stepFairyMove:
		if g.figDone {
			return events, false
		}
		g.figDone = true
		g.phase = phaseFollower
		return events, true
	case stepScore:
		return g.scoreCompleted(events), false
	case stepVolcano:
		return g.volcano(events), false
	case stepDragonMove:
		return g.startDragon(events)
	case stepBlackDragonMove:
		return g.startBlackDragon(events)
	case stepDrawbridge:
		if len(g.held) > 0 {
			g.phase = phaseBridge
			return events, true
		}
	case stepBlackDragonPlace:
		return g.blackDragonPlace(events), false
	}
	return events, false
}

// MoveKind is the kind of an expansion's move.
type MoveKind uint8

// The kinds of moves.
const (
	// MoveBase is a tile move or a follower move of the base game.
	MoveBase MoveKind = iota
	// MovePortal puts the follower through the magic portal on a feature
	// of another tile.
	MovePortal
	// MovePrincess sends the knight on a feature of a tile home.
	MovePrincess
	// MoveFairy moves the fairy next to the follower on a feature of a tile
	// (Feature -1: onto the tile).
	MoveFairy
	// MoveDragon and MoveBlackDragon step a dragon to the tile beside.
	MoveDragon
	MoveBlackDragon
	// MoveDrawbridge moves the follower held at a drawbridge into the city
	// on a feature of a tile (Feature -1: home).
	MoveDrawbridge
)

// moveNames name the kinds in Move.String.
var moveNames = [...]tilekit.MoveWord{"", tilekit.WordPortal, tilekit.WordPrincess, tilekit.WordFairy, tilekit.WordDragon,
	tilekit.WordBlackDragon, tilekit.WordDrawbridge}

// PortalMove puts the follower through the magic portal on feature i of
// the tile at a position.
func PortalMove(p tilekit.BoardPosition, i int) Move {
	return Move{Kind: MovePortal, Follower: true, Placement: Placement{Pos: p}, Feature: i}
}

// PrincessMove has the princess send home the knight on feature i of the
// tile at a position.
func PrincessMove(p tilekit.BoardPosition, i int) Move {
	return Move{Kind: MovePrincess, Follower: true, Placement: Placement{Pos: p}, Feature: i}
}

// FairyMove moves the fairy next to the follower on feature i of the tile
// at a position, or with i -1 onto that tile.
func FairyMove(p tilekit.BoardPosition, i int) Move {
	return Move{Kind: MoveFairy, Follower: true, Placement: Placement{Pos: p}, Feature: i}
}

// DragonMove steps the red dragon to the tile beside it on a side.
func DragonMove(s tilekit.Side) Move { return Move{Kind: MoveDragon, Dir: s, Feature: -1} }

// BlackDragonMove steps the Black Dragon to the tile beside it on a side.
func BlackDragonMove(s tilekit.Side) Move { return Move{Kind: MoveBlackDragon, Dir: s, Feature: -1} }

// DrawbridgeMove moves the follower held at a drawbridge into the city on
// feature i of the tile at a position.
func DrawbridgeMove(p tilekit.BoardPosition, i int) Move {
	return Move{Kind: MoveDrawbridge, Placement: Placement{Pos: p}, Feature: i}
}

// DrawbridgeHome sends the follower held at a drawbridge home.
var DrawbridgeHome = Move{Kind: MoveDrawbridge, Feature: -1}

// sameMove reports whether two moves of an expansion's kind name the same
// thing.
func sameMove(a, b Move) bool {
	return a.Kind == b.Kind && a.Placement.Pos == b.Placement.Pos && a.Feature == b.Feature && a.Dir == b.Dir
}

// checkLegal returns an error unless a move of an expansion's kind is
// among the legal moves of the decision.
func (g *Game) checkLegal(m Move) error {
	g.legalBuf = g.Legal(g.legalBuf[:0])
	for _, l := range g.legalBuf {
		if sameMove(l, m) {
			return nil
		}
	}
	return fmt.Errorf("%s is not a legal move now (%s)", g.MoveText(m), g.decisionText())
}

// Decision names the decision the game waits for: "draw", "tile",
// "figure", "dragon", "black-dragon", "drawbridge" or "over".
func (g *Game) Decision() string {
	return [...]string{"draw", "tile", "figure", "dragon", "black-dragon", "drawbridge", "over"}[g.phase]
}

// decisionText says what the game waits for, for an error.
func (g *Game) decisionText() string {
	switch g.phase {
	case phaseDragon:
		return fmt.Sprintf("player %d moves the dragon from %s", g.Decider()+1, notationPos(g.board.position(int(g.mv.path[g.mv.n-1]))))
	case phaseBlack:
		return fmt.Sprintf("player %d moves the Black Dragon from %s", g.Decider()+1, notationPos(g.board.position(int(g.mv.path[g.mv.n-1]))))
	case phaseBridge:
		return fmt.Sprintf("player %d chooses where their meeple at the drawbridge goes", g.Decider()+1)
	}
	return "the game waits for the " + g.Decision() + " decision"
}

// Decider returns the player who makes the decision the game waits for,
// from 0: the player whose turn it is, but for a dragon's step moved by
// each player in turn and a follower held at a drawbridge.
func (g *Game) Decider() int {
	switch g.phase {
	case phaseDragon, phaseBlack:
		if g.mv.rules.eachPlayer {
			return (g.turn + g.mv.taken) % len(g.players)
		}
	case phaseBridge:
		return int(g.held[0].player)
	}
	return g.turn
}
