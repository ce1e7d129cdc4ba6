package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of the held tiles (a step's tilekit.HeldTile): each player
// starts with copies of a tile that is in no pile, and may place one
// instead of drawing (Game.Take takes it from the player's hand). The
// tile fits where its type says (tilekit.FitsAny: a hole, Ruleset.anyFit).

// heldTile is a step's held tile, compiled: whether the turn has one, its
// tile type and how many each player starts with.
type heldTile struct {
	on        bool
	typ       int
	perPlayer uint8
}

// heldTileRules are the unit's compiled data.
type heldTileRules struct {
	heldTile heldTile
}

// heldTileState holds how many held tiles each player has left.
type heldTileState struct {
	hand [MaxPlayers]uint8
}

var (
	heldTileUnit = unit{
		steps:   []unitStep{{part: func(m *tilekit.Mechanics) bool { return m.HeldTile != nil }, compile: compileHeldTile}},
		playing: func(r *Ruleset) bool { return r.heldTile.on },
		reset: func(g *Game) {
			for p := range g.players {
				g.hand[p] = g.rules.heldTile.perPlayer
			}
		},
		hooks: unitHooks{take: (*Game).takeHeld, offer: (*Game).offerHeld},
	}
	// handsSect is the section of the snapshot notation of the held
	// tiles: how many each player has left, such as "hands 1,0"; left out
	// while every player has all of them.
	handsSect = section{key: "hands",
		check: func(r *Ruleset, v string) error {
			if !r.heldTile.on {
				return fmt.Errorf("no step of the game deals a tile to hold")
			}
			_, err := parseHands(v, int(r.heldTile.perPlayer))
			return err
		},
		set: func(g *Game, v string) error {
			hands, err := parseHands(v, int(g.rules.heldTile.perPlayer))
			if err != nil {
				return err
			}
			if len(hands) != len(g.players) {
				return fmt.Errorf("hands %q: want one count for each of the %d players", v, len(g.players))
			}
			for p, n := range hands {
				g.hand[p] = uint8(n)
			}
			return nil
		},
		write: func(g *Game, sb *strings.Builder) {
			if !g.rules.heldTile.on {
				return
			}
			full := true
			for p := range g.players {
				full = full && g.hand[p] == g.rules.heldTile.perPlayer
			}
			if full {
				return
			}
			sb.WriteString(" / hands ")
			for p := range g.players {
				if p > 0 {
					sb.WriteByte(',')
				}
				sb.WriteString(strconv.Itoa(int(g.hand[p])))
			}
		}}
)

// parseHands reads the counts of a hands section, each from 0 to the most
// a player starts with.
func parseHands(v string, most int) ([]int, error) {
	var out []int
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > most {
			return nil, fmt.Errorf("hands %q: want counts from 0 to %d, one per player, separated by commas", v, most)
		}
		out = append(out, n)
	}
	return out, nil
}

// compileHeldTile compiles a step's held tile: its type, which Compile
// added with no copy in the pile, and how many each player holds.
func compileHeldTile(r *Ruleset, ps rules.PlayedStep) error {
	h := ps.Step.Mechanics.HeldTile
	if r.heldTile.on {
		return fmt.Errorf("the game engine deals one held tile, and %s is a second one", ps.Step.ID)
	}
	typ, ok := r.Type(h.Tile)
	if !ok {
		return fmt.Errorf("the held tile %s is not one of the selection's tiles", h.Tile)
	}
	if h.PerPlayer < 1 || h.PerPlayer > 9 {
		return fmt.Errorf("%d held tiles each: want 1 to 9", h.PerPlayer)
	}
	r.heldTile = heldTile{on: true, typ: typ, perPlayer: uint8(h.PerPlayer)}
	return nil
}

// takeHeld takes a held tile from the hand of the player whose turn it
// is, instead of a draw, when the type is the held tile's; it is an error
// when the player has none left.
func (g *Game) takeHeld(typ int) (bool, error) {
	h := &g.rules.heldTile
	if typ != h.typ {
		return false, nil
	}
	if g.hand[g.turn] == 0 {
		return false, fmt.Errorf("player %d holds no %s any more: each has %d", g.turn+1, g.rules.ID(typ), h.perPlayer)
	}
	g.hand[g.turn]--
	return true, nil
}

// offerHeld returns the held tile type when the player whose turn it is
// has one left and it fits somewhere on the board.
func (g *Game) offerHeld() (int, bool) {
	h := &g.rules.heldTile
	if g.hand[g.turn] == 0 || !g.board.fitsSomewhere(h.typ) {
		return -1, false
	}
	return h.typ, true
}
