package game

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/tilekit/tilekit"
)

// Followers is the number of meeples each player has in their supply at
// the start of a game when the data says nothing of it (the figures data
// gives each kind's, see FollowerKind). The box holds an eighth, used to
// keep the score on the scoring track; the engine keeps the score itself
// and leaves it out (Carcassonne rulebook (2nd edition), Preparation).
const Followers = 7

// MinPlayers and MaxPlayers bound the number of players of a Game.
const (
	MinPlayers = 2
	MaxPlayers = 6
)

// Player is what a Game knows of one player.
type Player struct {
	// Score is the player's points so far.
	Score int
	// Supply is the number of followers the player has at hand, of every
	// kind (Game.SupplyOf gives them by kind); the rest stand on the board.
	Supply int
}

// phase is what a Game waits for next.
type phase uint8

const (
	// phaseDraw waits for a tile to be drawn (Draw or Take).
	phaseDraw phase = iota
	// phaseTile waits for the drawn tile to be placed.
	phaseTile
	// phaseFollower waits for the figure decision after the tile move: a
	// follower on the tile just placed or none, or a unit's move instead.
	phaseFollower
	// phaseUnit waits for a unit's own decision (Game.waiting).
	phaseUnit
	// phaseOver is after EndGame.
	phaseOver
)

// follower is a follower on the board: its owner, the feature instance
// it stands on (see node), its kind (an index into the ruleset's kinds)
// and the kind of the move that put it there (MoveBase for a deployment on
// the tile just placed).
type follower struct {
	player int32
	node   int32
	kind   uint8
	via    MoveKind
}

// Game is a game in play: a board, the players with their scores and
// followers, whose turn it is, and the draw pile. A turn is Draw (or Take),
// a tile move and a follower move, each applied with Apply; EndGame scores
// what is left on the board. A Game reuses its memory: Reset starts a new
// game without allocating, and a game allocates nothing when the caller's
// buffers have room.
type Game struct {
	rules   *Ruleset
	board   *Board
	players []Player
	turn    int
	phase   phase
	rng     pcg
	// pile holds the tile types left in the draw pile, in no order; Draw
	// takes one at random.
	pile []uint16
	// tile is the drawn tile type, -1 when none is drawn; last is where it
	// was placed.
	tile int
	last Placement
	// discarded counts the tiles drawn that fitted nowhere, and setAside
	// lists them in the order they were set aside.
	discarded int
	setAside  []uint16
	// followers lists the followers on the board; supply holds, by player
	// and kind, the followers at hand (their totals are Player.Supply).
	followers []follower
	supply    [MaxPlayers][MaxKinds]int16
	// done and roots are buffers for scoring: the completed features of a
	// placement and the features with followers at the end.
	done  []Feature
	roots []int32
	// farmCities is a buffer for the farmers' scoring of the 1st edition.
	farmCities []farmCity
	// turnState holds the turn's state and the units' (turn.go).
	turnState
}

// Options are the rule options of a game that the rulebooks give; they
// are part of a Setup, so a Ruleset holds them. The zero Options play the 2nd edition's rules with farmers.
type Options struct {
	// NoFarmers plays without farmers: no follower may be put on a field,
	// and fields do not score. The game is then the 2nd edition's rules with
	// the farmers' rules (Carcassonne rulebook (2nd edition), Farms and
	// Scoring at the end of the game) left out; which rulebook offers this
	// as a variant is not confirmed here.
	NoFarmers bool
	// FirstEditionScoring scores as the 1st edition's rules did where they
	// differ from the 2nd's: a completed city of two tiles scores 1 point a
	// tile and 1 a pennant instead of 2 and 2, and at the end of the game
	// each completed city scores 4 points for the farmers, once, to each
	// player with the most farmers in the fields that border it, instead of
	// each field scoring 3 points per completed city it borders. Sources:
	// Carcassonne Central, "What are your favourite Base Game Rules?"
	// (Small City Scoring: "up until 2002" such a city scored 2 points, not
	// 4; Farmer Scoring - 1st Edition - 2000: "for each completed city, the
	// player with the most farmers touching it gets four points", tied
	// players each); Wikipedia, Carcassonne (board game), Scoring (two-tile
	// cities one point a tile and one a pennant; four points per city to
	// the players with the most farmers adjacent to it, farmers of several
	// fields counting together). Not confirmed against the text of the 1st
	// edition's rulebook itself: how a pennant of a two-tile city counts (1
	// point, per Wikipedia only), and whether a farmer whose fields touch a
	// city through two fields counts once (it does here: a farmer lies in
	// one field, and each field is counted once per city).
	FirstEditionScoring bool
}

// NewGame returns a game of a ruleset for a number of players, from 2 to
// 6, with the start tile placed and the draw pile shuffled by a seed: the
// same seed draws the same tiles. The ruleset's Options are the game's.
func NewGame(r *Ruleset, players int, seed uint64) (*Game, error) {
	if players < MinPlayers || players > MaxPlayers {
		return nil, fmt.Errorf("%d players: want %d to %d", players, MinPlayers, MaxPlayers)
	}
	g := &Game{
		rules:     r,
		board:     newBoard(r, r.Total()), // a game places every tile
		players:   make([]Player, players),
		pile:      make([]uint16, 0, r.Total()),
		setAside:  make([]uint16, 0, r.Total()),
		followers: make([]follower, 0, r.followersPerPlayer()*players),
		done:      make([]Feature, 0, r.maxFeatures+9),
		roots:     make([]int32, 0, r.followersPerPlayer()*players),
	}
	g.makeTurn(players)
	g.Reset(seed)
	return g, nil
}

// Reset starts a new game with the same rules and players, the pile
// shuffled by a new seed, keeping the memory.
func (g *Game) Reset(seed uint64) {
	g.board.Reset()
	g.board.PlaceStart()
	for i := range g.players {
		g.players[i] = Player{}
	}
	g.resetSupplies()
	g.turn, g.phase, g.tile, g.discarded = 0, phaseDraw, -1, 0
	g.setAside = g.setAside[:0]
	g.rng = newPCG(seed)
	g.pile = g.pile[:0]
	for typ, n := range g.rules.counts {
		if typ == g.rules.start {
			n--
		}
		for range n {
			g.pile = append(g.pile, uint16(typ))
		}
	}
	g.followers = g.followers[:0]
	g.resetTurn()
}

// Ruleset returns the rules of the game.
func (g *Game) Ruleset() *Ruleset { return g.rules }

// Board returns the board of the game. It must not be changed but through
// the game.
func (g *Game) Board() *Board { return g.board }

// NumPlayers returns the number of players.
func (g *Game) NumPlayers() int { return len(g.players) }

// Player returns the score and supply of player i, from 0.
func (g *Game) Player(i int) Player { return g.players[i] }

// Turn returns the player whose turn it is, from 0.
func (g *Game) Turn() int { return g.turn }

// Left returns the number of tiles left in the draw pile.
func (g *Game) Left() int { return len(g.pile) }

// Discarded returns the number of drawn tiles that fitted nowhere and were
// set aside.
func (g *Game) Discarded() int { return g.discarded }

// Tile returns the tile type drawn for the turn, or -1 when none is.
func (g *Game) Tile() int { return g.tile }

// Over reports whether EndGame has scored the game.
func (g *Game) Over() bool { return g.phase == phaseOver }

// errorOutOfTurn says why a move of a kind (a draw, a tile move or a
// follower move, by the phase it is due in) is not due now.
func (g *Game) errorOutOfTurn(kind phase) error {
	switch g.phase {
	case phaseOver:
		return errors.New("the game is over")
	case phaseDraw:
		return errors.New("no tile is drawn: draw or take one first")
	case phaseTile:
		if kind == phaseDraw {
			return fmt.Errorf("%s is drawn already: lay it first", g.rules.ID(g.tile))
		}
		return fmt.Errorf("%s is not laid yet: the tile move comes before the follower move", g.rules.ID(g.tile))
	}
	if g.phase != phaseFollower {
		return fmt.Errorf("%s is laid already at %s: %s", g.rules.ID(g.tile), notationPos(g.last.Pos), g.decisionText())
	}
	return fmt.Errorf("%s is laid already at %s: the follower move comes next", g.rules.ID(g.tile), notationPos(g.last.Pos))
}

// Draw draws a tile at random from the pile for the player whose turn it
// is. A tile that fits nowhere on the board is set aside and another drawn
// (Carcassonne rulebook (2nd edition), Placing a tile). It returns the tile
// type, or false when the pile is empty: then the game is over, and
// EndGame scores it. It allocates nothing.
func (g *Game) Draw() (typ int, ok bool) {
	if g.phase != phaseDraw {
		return -1, false
	}
	for len(g.pile) > 0 {
		i := g.rng.below(uint32(len(g.pile)))
		typ = int(g.pile[i])
		g.pile[i] = g.pile[len(g.pile)-1]
		g.pile = g.pile[:len(g.pile)-1]
		if h := g.heldBack(typ); h != nil {
			g.hold(h, typ)
			continue
		}
		if g.board.fitsSomewhere(typ) {
			g.tile, g.phase = typ, phaseTile
			g.startTurn()
			return typ, true
		}
		g.discarded++
		g.setAside = append(g.setAside, uint16(typ))
	}
	return -1, false
}

// Offered returns a tile type the player whose turn it is holds beside
// the pile and may place instead of drawing (Take), when one fits
// somewhere on the board; ok is false when none does or a tile is drawn.
func (g *Game) Offered() (typ int, ok bool) {
	if g.phase != phaseDraw {
		return -1, false
	}
	for _, h := range g.rules.hooks.offer {
		if typ, ok := h(g); ok {
			return typ, true
		}
	}
	return -1, false
}

// Pass ends the turn of the player whose turn it is without a tile, once
// the pile is empty: then each player in turn may still place a tile they
// hold beside the pile (Offered, Take: the data's held tiles) or pass,
// and the game ends after the round. It is an error while a tile is left
// to draw or one is drawn.
func (g *Game) Pass() error {
	if g.phase != phaseDraw {
		return g.errorOutOfTurn(phaseDraw)
	}
	if len(g.pile) > 0 {
		return fmt.Errorf("%d tiles are left in the pile: a player passes only once it is empty", len(g.pile))
	}
	g.turn = (g.turn + 1) % len(g.players)
	return nil
}

// hold has a unit hold back a drawn tile, and notes it.
func (g *Game) hold(h *drawnHook, typ int) {
	h.hold(g, typ)
	g.heldLog = append(g.heldLog, uint16(typ))
}

// Take draws a given tile type from the pile, so that a test or a recorded
// game can choose the tiles, or takes a tile the player holds beside the
// pile instead of a draw (a unit's, such as an abbey). It is an error when
// no copy is left, or when a tile is already drawn.
func (g *Game) Take(typ int) error {
	if g.phase != phaseDraw {
		return g.errorOutOfTurn(phaseDraw)
	}
	if typ < 0 || typ >= g.rules.NumTypes() {
		return fmt.Errorf("no tile type %d", typ)
	}
	for _, h := range g.rules.hooks.take {
		took, err := h(g, typ)
		if err != nil {
			return err
		}
		if took {
			g.tile, g.phase = typ, phaseTile
			g.startTurn()
			return nil
		}
	}
	for i, t := range g.pile {
		if int(t) == typ {
			g.pile[i] = g.pile[len(g.pile)-1]
			g.pile = g.pile[:len(g.pile)-1]
			g.tile, g.phase = typ, phaseTile
			g.startTurn()
			return nil
		}
	}
	return fmt.Errorf("no copy of %s is left in the pile", g.rules.ID(typ))
}

// Discard sets the drawn tile aside when it fits nowhere on the board, as
// Draw does by itself; the same player then draws again (Carcassonne
// rulebook (2nd edition), Placing a tile). It is an error when no tile is
// drawn or when the tile fits somewhere.
func (g *Game) Discard() error {
	if g.phase != phaseTile {
		return g.errorOutOfTurn(phaseTile)
	}
	if h := g.heldBack(g.tile); h != nil {
		g.hold(h, g.tile)
		g.tile, g.phase = -1, phaseDraw
		return nil
	}
	if g.board.fitsSomewhere(g.tile) {
		n := len(g.Placements(nil))
		return fmt.Errorf("%s fits on the board (%d placements), so it cannot be set aside", g.rules.ID(g.tile), n)
	}
	g.discarded++
	g.setAside = append(g.setAside, uint16(g.tile))
	g.tile, g.phase = -1, phaseDraw
	return nil
}

// Legal appends to dst every legal move of the decision the game waits
// for and returns the extended slice: after a draw, a tile move for each
// legal placement of the drawn tile (as Placements lists them; none for a
// tile a unit holds back, which Discard sets aside); after the tile move,
// the figure decision (as FollowerMoves lists it); and for a unit's
// decision, its moves. It appends nothing between turns and after the
// end, and allocates nothing when dst has room.
func (g *Game) Legal(dst []Move) []Move {
	switch g.phase {
	case phaseTile:
		if g.heldBack(g.tile) != nil {
			return dst
		}
		return g.board.appendTileMoves(g.tile, dst)
	case phaseFollower:
		return g.FollowerMoves(dst)
	case phaseUnit:
		return g.waiting.legal(g, dst)
	}
	return dst
}

// Placements appends to dst the legal placements of the drawn tile (see
// Board.LegalPlacements) and returns the extended slice; none for a tile
// a unit holds back, which is set aside.
func (g *Game) Placements(dst []Placement) []Placement {
	if g.phase != phaseTile || g.heldBack(g.tile) != nil {
		return dst
	}
	return g.board.LegalPlacements(g.tile, dst)
}

// CountDistinct returns the number of distinct legal placements of the
// drawn tile (see Board.CountDistinct): a symmetric tile's rotations that
// lay the same tile count once. It is 0 when Placements lists none.
func (g *Game) CountDistinct() int {
	if g.phase != phaseTile || g.heldBack(g.tile) != nil {
		return 0
	}
	return g.board.CountDistinct(g.tile)
}

// DistinctPlacement returns the k-th distinct legal placement of the drawn
// tile, from 0 (see Board.DistinctPlacement); ok is false when k is not
// below CountDistinct. The random policy of Playout picks a placement so.
func (g *Game) DistinctPlacement(k int) (pl Placement, ok bool) {
	if g.phase != phaseTile || g.heldBack(g.tile) != nil {
		return Placement{}, false
	}
	return g.board.DistinctPlacement(g.tile, k)
}

// Move is one move of a turn, as a value: a tile move lays the drawn tile,
// a follower move then puts a follower on one of its features or none.
// The units' moves have a Kind: they name a tile by Placement.Pos and a
// feature of it by Feature, or a side by Dir.
type Move struct {
	// Follower is false for a tile move and true for a follower move and
	// for the units' moves of the figure decision.
	Follower bool
	// Kind is MoveBase for the base game's tile and follower moves.
	Kind MoveKind
	// Word is the word of a move of a step of the rules data that names
	// a tile (0 for the others): the move notation writes it first.
	Word Word
	// Figure is, for a follower move onto a feature and a unit's move that
	// deploys one, the kind of follower deployed: an index into the
	// ruleset's kinds (Ruleset.Kind), 0 the meeple.
	Figure int8
	// Feature is, for a follower move, the index of the feature of the
	// tile just placed that the follower goes on, or -1 for none; for a
	// move of another Kind, the feature of the tile at Placement.Pos it
	// names, or -1. The small fields come first, so that a Move is 40
	// bytes.
	Feature int16
	// Placement is where a tile move lays the drawn tile; for a move of
	// another Kind, Placement.Pos is the tile it names.
	Placement Placement
	// Dir is the side a figure steps to, for a unit's move that steps.
	Dir tilekit.Side
}

// TileMove returns the move that lays the drawn tile at a placement.
func TileMove(p Placement) Move { return Move{Placement: p, Feature: -1} }

// FollowerMove returns the move that puts a meeple on feature i of the
// tile just placed; -1 puts none.
func FollowerMove(i int) Move { return Move{Follower: true, Feature: int16(i)} }

// KindMove returns the move that puts a follower of a kind (an index into
// the ruleset's kinds, 0 the meeple) on feature i of the tile just placed.
func KindMove(i, kind int) Move { return Move{Follower: true, Feature: int16(i), Figure: int8(kind)} }

// NoFollower is the follower move that puts no follower.
var NoFollower = FollowerMove(-1)

// String returns the move as "x,y@ROT" (rotation in degrees) or "f3",
// "none", and a follower of another kind than the meeple with its index
// in the ruleset's kinds, "f3 figure1" (Game.MoveText names it, "city
// large-meeple"); a move of a unit's Kind as its kind and what it names,
// as the unit writes it (units.go lists them; see the package doc).
func (m Move) String() string {
	return m.notation(indexText(int(m.Feature)), figureText(int(m.Figure), nil)).String()
}

// pcg is the PCG-XSH-RR generator of 32-bit numbers over a 64-bit state
// (O'Neill, 2014): small, fast and the same on every platform, so that a
// seed always draws the same tiles.
type pcg struct{ state, inc uint64 }

// newPCG seeds a generator.
func newPCG(seed uint64) pcg {
	p := pcg{inc: seed<<1 | 1}
	p.next()
	p.state += seed ^ 0x853c49e6748fea9b
	p.next()
	return p
}

// next returns the next 32-bit number.
func (p *pcg) next() uint32 {
	old := p.state
	p.state = old*6364136223846793005 + p.inc
	xorshifted := uint32(((old >> 18) ^ old) >> 27)
	return bits.RotateLeft32(xorshifted, -int(old>>59))
}

// below returns a number from 0 to n-1, by Lemire's multiply and shift
// (biased by at most n/2^32, nothing for a pile).
func (p *pcg) below(n uint32) int {
	hi, _ := bits.Mul32(p.next(), n)
	return int(hi)
}
