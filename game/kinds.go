package game

import (
	"fmt"
	"math/bits"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// MaxKinds is the number of kinds of follower a Ruleset can hold.
const MaxKinds = 16

// meepleID is the id of the base game's meeple in the figures data.
const meepleID = "meeple"

// FollowerKind is a kind of follower a Ruleset plays, compiled from the
// figures data (tilekit.FollowerPlay): its figure id, how many each
// player has, its weight in a majority and where it may stand.
type FollowerKind struct {
	// ID is the figure's id, such as "meeple" or "large-meeple".
	ID string
	// PerPlayer is how many each player has at the start of a game.
	PerPlayer int
	// Weight is what one counts in a majority, unless Strength names a
	// rule (a figure whose strength is its city's pennants).
	Weight   int
	Strength tilekit.Strength
	// StandsOn has bit 1<<Kind set for each kind of feature it may be
	// deployed on.
	StandsOn uint8
	// Joins says that the kind joins its owner's followers
	// (tilekit.JoinsOwnFollower): it is deployed only where its owner
	// has a follower of a kind that does not join, and goes with the last
	// of them that leaves.
	Joins bool
	// Corner says that the kind stands at a corner where four tiles meet
	// (tilekit.StandsAtCorner), put there by a step's corner figure, never
	// as a follower on a feature of the tile placed.
	Corner bool
}

// meepleKind is the base game's meeple, played when the data says nothing
// of it: 7 a player (Carcassonne rulebook (2nd edition), Preparation),
// each counting 1, on any feature (Placing a follower).
var meepleKind = FollowerKind{ID: meepleID, PerPlayer: Followers, Weight: 1, StandsOn: 1<<KindField | 1<<KindRoad | 1<<KindCity | 1<<KindCloister}

// compileKinds compiles the kinds of follower of a selection: the meeple
// first, always (as the figures data says, or meepleKind), then, in
// catalog order (by id), each follower a player owns whose expansion or
// part is selected. The base game's turn (Setup.BaseTurn) plays the
// meeple alone. It is an error when the selection has more than MaxKinds
// kinds.
func compileKinds(cat *tilekit.Catalog, sel rules.Selection, baseOnly bool) ([]FollowerKind, error) {
	kinds := []FollowerKind{meepleKind}
	for i := range cat.Figures {
		f := &cat.Figures[i]
		if !f.Played() || cat.Figure(f.ID) != f {
			continue
		}
		k := followerKindOf(f)
		switch {
		case f.ID == meepleID:
			kinds[0] = k
		case !baseOnly && sel.Has(f.Expansion):
			kinds = append(kinds, k)
		}
	}
	if len(kinds) > MaxKinds {
		return nil, fmt.Errorf("the selection has %d kinds of follower; the engine plays at most %d", len(kinds), MaxKinds)
	}
	return kinds, nil
}

// followerKindOf compiles the play of a follower.
func followerKindOf(f *tilekit.Figure) FollowerKind {
	k := FollowerKind{ID: f.ID, PerPlayer: f.Play.PerPlayer, Weight: f.Play.Weight, Strength: f.Play.Strength, Joins: f.Play.Joins != "",
		Corner: f.Play.StandsAt == tilekit.StandsAtCorner}
	for _, fk := range f.Play.StandsOn {
		if kind, ok := kindOf[fk]; ok {
			k.StandsOn |= 1 << kind
		}
	}
	return k
}

// NumKinds returns the number of kinds of follower the ruleset plays; kind
// 0 is the meeple.
func (r *Ruleset) NumKinds() int { return len(r.kinds) }

// Kind returns kind i of follower, from 0, the meeple.
func (r *Ruleset) Kind(i int) FollowerKind { return r.kinds[i] }

// KindIndex returns the index of the kind of follower a figure id names;
// ok is false when the ruleset plays no such kind.
func (r *Ruleset) KindIndex(id string) (int, bool) {
	for i, k := range r.kinds {
		if k.ID == id {
			return i, true
		}
	}
	return -1, false
}

// followersPerPlayer returns how many followers of every kind each player
// has at the start.
func (r *Ruleset) followersPerPlayer() int {
	n := 0
	for _, k := range r.kinds {
		n += k.PerPlayer
	}
	return n
}

// kindIDs lists the ids of the kinds, for messages.
func (r *Ruleset) kindIDs() []string {
	ids := make([]string, len(r.kinds))
	for i, k := range r.kinds {
		ids[i] = k.ID
	}
	return ids
}

// standsOn reports whether a kind of follower may be deployed on a kind of
// feature, the rule options included (no farmers).
func (r *Ruleset) standsOn(kind uint8, on Kind) bool {
	return r.kinds[kind].StandsOn&(1<<on) != 0 && !(r.opts.NoFarmers && on == KindField)
}

// weight returns what a follower of a kind counts in the majority of a
// joined feature: its Weight, or by its Strength the feature's pennants.
func (r *Ruleset) weight(kind uint8, pennants int) int {
	if k := &r.kinds[kind]; k.Strength == "" {
		return k.Weight
	}
	return pennants
}

// SupplyOf returns the followers of a kind that a player, from 0, has at
// hand; Player.Supply is their total over the kinds.
func (g *Game) SupplyOf(player, kind int) int { return int(g.supply[player][kind]) }

// resetSupplies gives each player the ruleset's followers of every kind.
func (g *Game) resetSupplies() {
	for p := range g.players {
		total := 0
		for k, kind := range g.rules.kinds {
			g.supply[p][k] = int16(kind.PerPlayer)
			total += kind.PerPlayer
		}
		g.players[p].Supply = total
	}
}

// setSupply sets the followers of a kind a player has at hand, keeping
// the total.
func (g *Game) setSupply(player, kind, n int) {
	g.players[player].Supply += n - int(g.supply[player][kind])
	g.supply[player][kind] = int16(n)
}

// deploy puts a follower of a kind from the supply of the player whose
// turn it is onto feature instance x: the one place every deployment goes
// through (on the tile just placed, or by a unit's move, via its kind).
// The caller has checked that the move is legal.
func (g *Game) deploy(x int32, kind uint8, via MoveKind) {
	g.place(int32(g.turn), x, kind, via)
}

// place puts a follower of a player and kind from their supply onto
// feature instance x.
func (g *Game) place(player, x int32, kind uint8, via MoveKind) {
	g.board.nodes[g.board.find(x)].followers++
	g.players[player].Supply--
	g.supply[player][kind]--
	g.followers = append(g.followers, follower{player: player, node: x, kind: kind, via: via})
}

// toSupply gives a follower back to its owner's supply.
func (g *Game) toSupply(f follower) {
	g.players[f.player].Supply++
	g.supply[f.player][f.kind]++
}

// weigh adds to count, by player, the weight of each follower on the
// joined feature of a root (see Ruleset.weight): what its majority is
// decided by.
func (g *Game) weigh(root int32, count *[MaxPlayers]int) { g.weighKinds(root, ^uint32(0), count) }

// weighKinds is weigh for the followers of the kinds of a mask (bit k for
// kind k) alone; any says that one of them stands on the feature.
func (g *Game) weighKinds(root int32, kinds uint32, count *[MaxPlayers]int) (any bool) {
	pennants := int(g.board.nodes[root].pennants)
	one := len(g.rules.kinds) == 1 && g.rules.kinds[0].Strength == ""
	for _, fl := range g.followers {
		switch {
		case g.board.find(fl.node) != root || kinds&(1<<fl.kind) == 0:
			continue
		case one:
			count[fl.player] += g.rules.kinds[0].Weight
		default:
			count[fl.player] += g.rules.weight(fl.kind, pennants)
		}
		any = true
	}
	return any
}

// kindsAtHand returns, by kind of feature, the kinds of follower of a mask
// (bit k for kind k) that the player whose turn it is has at hand and that
// may stand on it (Ruleset.kindsOn), and stands, the kinds of feature one
// of them may stand on (bit 1<<Kind).
func (g *Game) kindsAtHand(only uint32) (on [len(kindNames)]uint32, stands uint8) {
	if g.players[g.turn].Supply == 0 {
		return on, 0
	}
	var hand uint32
	for k, n := range g.supply[g.turn][:len(g.rules.kinds)] {
		if n > 0 {
			hand |= 1 << k
		}
	}
	hand &= only
	for fk, kinds := range g.rules.kindsOn {
		if on[fk] = kinds & hand; on[fk] != 0 {
			stands |= 1 << fk
		}
	}
	return on, stands
}

// appendFollowerMoves appends a follower move for each feature of the tile
// just placed whose joined feature has no follower anywhere on it, and
// each kind the player has at hand that may stand on it, features in
// order and kinds in order for each (Carcassonne rulebook (2nd edition),
// Placing a follower), of the kinds of a mask (bit k for kind k); a kind
// that joins its owner's followers goes only where the player has one
// (Game.joinable).
func (g *Game) appendFollowerMoves(dst []Move, only uint32) []Move {
	// on holds, by kind of feature, the kinds at hand that stand on it.
	on, stands := g.kindsAtHand(only)
	if stands == 0 {
		return dst
	}
	joining := g.rules.joining
	base := g.lastBase()
	first := g.rules.featStart[g.tile]
	for i := range int32(g.rules.NumFeatures(g.tile)) {
		root := g.board.find(base + i)
		n := &g.board.nodes[root]
		here := on[n.kind] & g.rules.featOnly[first+i]
		mask := here &^ joining
		if n.followers > 0 {
			if here&joining == 0 || !g.joinable(root, int32(g.turn)) {
				continue
			}
			mask = here & joining
		}
		for ; mask != 0; mask &= mask - 1 {
			dst = append(dst, Move{Follower: true, Feature: int16(i), Figure: int8(bits.TrailingZeros32(mask))})
		}
	}
	return dst
}

// joinable reports whether a player has a follower of a kind that does
// not join on the joined feature of a root: where their figures that join
// followers may go.
func (g *Game) joinable(root, player int32) bool {
	for _, f := range g.followers {
		if f.player == player && (g.rules.joining|g.rules.cornerKinds)&(1<<f.kind) == 0 && g.board.find(f.node) == root {
			return true
		}
	}
	return false
}
