package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of the princess of The Princess & the Dragon (Wikicarpedia:
// The Princess and The Dragon (1st edition)/de, Das Burgfräulein): a
// player who extends a city with a tile that shows the princess may,
// instead of a deployment, send one knight of that city home (or must,
// by the publisher's rules).

// sourcePrincess is the source of the unit's rules.
const sourcePrincess = sourcePD + ", Das Burgfräulein"

// princessRules are the unit's compiled data: whether the turn has the
// princess's step, her choice, where the knights she removes go, and, at
// each feature's index (as in featKind), whether the feature is a
// princess's city.
type princessRules struct {
	princessStep  bool
	princess      choice
	princessOut   removal
	princessFeats []bool
}

// MovePrincess sends the knight on a feature of a tile home.
const MovePrincess MoveKind = 2

// EventPrincess: the princess sent Player's meeple home from Feature.
const EventPrincess EventKind = 7

// PrincessMove has the princess send home the knight on feature i of the
// tile at a position.
func PrincessMove(p tilekit.BoardPosition, i int) Move {
	return Move{Kind: MovePrincess, Follower: true, Placement: Placement{Pos: p}, Feature: i, Word: princessWord}
}

var (
	princessUnit = unit{
		steps: []unitStep{{id: "princess-remove", figure: true, compile: func(r *Ruleset, ps rules.PlayedStep) error {
			r.princessStep, r.princess = true, readChoice(ps.Choice)
			r.princessOut = destinationOf(&ps.Step.Mechanics, "meeple", "player")
			return nil
		}}},
		tile: func(r *Ruleset, t *tilekit.Tile) {
			for i := range t.Features {
				f := &t.Features[i]
				r.princessFeats = append(r.princessFeats, f.Kind == tilekit.City && slices.Contains(f.Attributes, tilekit.PrincessAttr))
			}
		},
		rulings: func(r *Ruleset, read rulingReader) error {
			if !r.princessStep {
				return nil
			}
			var err error
			r.figures.princessTakes, err = read.meeple("princess-removal")
			return err
		},
		hooks: unitHooks{
			figure: &figureHook{kind: MovePrincess, only: (*Game).princessMust,
				onlyWhy: errors.New("the princess must send a knight of the city home: no follower may be placed (" + sourcePrincess + ")"),
				moves:   (*Game).princessMoves, apply: (*Game).sendKnightHome},
		},
	}
	princessWord = mustNameWord("princess", MovePrincess)
	princessKind = moveKind{notation: placeNotation, parse: placeMove(MovePrincess),
		taken: fmt.Errorf("the princess sent a knight home this turn: no other figure may be deployed or moved (%s)", sourcePrincess)}
	princessEvent = eventKind{name: "princess", word: "princess", read: readPlayerFeature, noted: notedPlayerFeature, rule: func(Event) EventRule { return stepRule("princess", "princess-remove", citePD("Das Burgfräulein")) }}
)

// isPrincess reports whether feature i of a tile type is a princess's
// city.
func (r *Ruleset) isPrincess(typ, i int) bool { return r.princessFeats[int(r.featStart[typ])+i] }

// princessMust reports whether the princess must send a knight home and
// can: her moves are then the figure decision's only ones.
func (g *Game) princessMust() bool { return g.rules.princess.must && g.hasPrincessMove() }

// hasPrincessMove reports whether the princess can send a knight home: a
// princess's city of the tile just placed joins a city with a follower.
func (g *Game) hasPrincessMove() bool {
	r := g.rules
	if !r.princessStep || !r.figures.princessTakes.yes {
		return false
	}
	base := g.lastBase()
	for i := range r.NumFeatures(g.tile) {
		if r.isPrincess(g.tile, i) && g.board.nodes[g.board.find(base+int32(i))].followers > 0 {
			return true
		}
	}
	return false
}

// princessMoves appends a move for each knight the princess may send home:
// each follower on a city joined to a princess's city of the tile just
// placed, when princess-removal allows the meeple (Wikicarpedia: The
// Princess and The Dragon (1st edition)/de, Das Burgfräulein).
func (g *Game) princessMoves(dst []Move) []Move {
	r := g.rules
	if !r.princessStep || !r.figures.princessTakes.yes {
		return dst
	}
	base := g.lastBase()
	for i := range r.NumFeatures(g.tile) {
		if !r.isPrincess(g.tile, i) || g.sameRootBefore(base, i) {
			continue
		}
		root := g.board.find(base + int32(i))
		if g.board.nodes[root].followers == 0 {
			continue
		}
		for _, f := range g.followers {
			if g.board.find(f.node) == root {
				pos := g.board.position(int(g.board.cellOf(f.node)))
				dst = append(dst, PrincessMove(pos, g.board.indexOf(f.node)))
			}
		}
	}
	return dst
}

// sameRootBefore reports whether an earlier princess's city of the tile
// just placed belongs to the same joined city as feature i.
func (g *Game) sameRootBefore(base int32, i int) bool {
	root := g.board.find(base + int32(i))
	for j := range i {
		if g.rules.isPrincess(g.tile, j) && g.board.find(base+int32(j)) == root {
			return true
		}
	}
	return false
}

// sendKnightHome plays a legal princess move: the knight on the feature
// it names goes where the step's removals send it.
func (g *Game) sendKnightHome(m Move, events []Event) []Event {
	idx, _ := g.board.index(m.Placement.Pos)
	x := g.board.instance(int32(g.board.cells[idx].slot), int32(m.Feature))
	i := g.followerAt(x)
	f := g.followers[i]
	events = append(events, Event{Kind: EventPrincess, Player: int(f.player), Feature: g.board.feature(g.board.find(x))})
	g.removeFollower(i, g.rules.princessOut)
	return events
}
