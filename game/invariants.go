package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// invariants checks the game engine's invariants after every move of a
// game: a Playout's random games, and a scenario that asks for them
// (check-invariants, as the replay of a broken random game does). Made
// once, it allocates nothing while the game keeps its invariants.
type invariants struct {
	g *Game
	// events are the events of the move checked.
	events []Event
	// last holds the scores before the move and points the sum of each
	// player's points events.
	last, points [MaxPlayers]int
	// unitWatch holds what the units' invariants note between moves.
	unitWatch
	// owned holds each player's followers by kind when the check began,
	// at hand, on the board and held off it by a unit, and total those and
	// the ones out of the game.
	owned [MaxPlayers][MaxKinds]int
	total [MaxPlayers]int
	// counted is countFollowers' count (a field, so that the units' hooks
	// may count into it without an allocation).
	counted [MaxPlayers][MaxKinds]int
}

// invariantBreak is a broken invariant: what broke.
type invariantBreak struct{ what string }

func (e *invariantBreak) Error() string { return e.what }

// newInvariants returns the invariants of a game, as it stands now.
func newInvariants(g *Game) invariants {
	var iv invariants
	iv.reset(g)
	return iv
}

// reset starts checking a game from where it stands: its scores are the
// points so far.
func (iv *invariants) reset(g *Game) {
	iv.g, iv.events = g, nil
	clear(iv.last[:])
	clear(iv.points[:])
	for i := range g.players {
		iv.last[i], iv.points[i] = g.players[i].Score, g.players[i].Score
	}
	for _, h := range g.rules.hooks.watch {
		h(iv)
	}
	iv.owned = *iv.countFollowers()
	for i := range g.players {
		iv.total[i] = g.lost[i]
		for _, n := range iv.owned[i] {
			iv.total[i] += n
		}
	}
}

// countFollowers counts each player's followers by kind: at hand, on the
// board and held off it by a unit. It returns the invariants' own counts,
// cleared only where a player and a kind of the game fall, since the
// invariants check every move and a whole copy would be most of the check.
func (iv *invariants) countFollowers() *[MaxPlayers][MaxKinds]int {
	n := &iv.counted
	for i := range iv.g.players {
		clear(n[i][:len(iv.g.rules.kinds)])
	}
	for _, f := range iv.g.followers {
		n[f.player][f.kind]++
	}
	for _, h := range iv.g.rules.hooks.aside {
		h(iv.g, n)
	}
	for i := range iv.g.players {
		for k := range iv.g.rules.kinds {
			n[i][k] += int(iv.g.supply[i][k])
		}
	}
	return n
}

// broken returns the break of an invariant.
func (iv *invariants) broken(format string, args ...any) error {
	return &invariantBreak{what: fmt.Sprintf(format, args...)}
}

// addPoints adds the points events of the move to each player's sum.
func (iv *invariants) addPoints(events []Event) {
	iv.events = events
	for i := range events {
		if e := &events[i]; e.Kind == EventScored {
			iv.points[e.Player] += e.Points
		}
	}
}

// afterMove checks the invariants after a move whose events are given:
// the tile placed last fits, the followers add up, each unit's
// invariants hold, and the scores went up by the points events.
func (iv *invariants) afterMove(events []Event) error {
	iv.addPoints(events)
	if err := iv.checkFit(iv.g.last.Pos); err != nil {
		return err
	}
	if err := iv.checkFollowers(); err != nil {
		return err
	}
	if err := iv.checkUnits(); err != nil {
		return err
	}
	return iv.checkScores(false)
}

// checkUnits checks the invariants of each unit the game plays.
func (iv *invariants) checkUnits() error {
	for _, h := range iv.g.rules.hooks.check {
		if err := h(iv); err != nil {
			return err
		}
	}
	return nil
}

// atEnd checks the scores after the end of the game, whose events are
// given.
func (iv *invariants) atEnd(events []Event) error {
	iv.addPoints(events)
	return iv.checkScores(true)
}

// checkFit checks that the tile at a position has a placed neighbour and
// shows, on each side with one, the edge kind the neighbour shows.
func (iv *invariants) checkFit(pos tilekit.BoardPosition) error {
	b := iv.g.board
	typ, rot, ok := b.At(pos)
	if !ok {
		return iv.broken("no tile at %s after it was placed", pos)
	}
	edges, neighbours := b.rules.Edges(typ, rot), 0
	if b.rules.anyFit[typ] {
		for _, s := range tilekit.Sides {
			if _, _, ok := b.At(pos.Neighbour(s)); !ok {
				return iv.broken("%s at %s fits only a hole, but no tile lies on its %s side", b.rules.ID(typ), pos, s)
			}
		}
		return nil
	}
	for _, s := range tilekit.Sides {
		ntyp, nrot, ok := b.At(pos.Neighbour(s))
		if !ok {
			continue
		}
		neighbours++
		mine := edges >> (2 * uint(s)) & sideMask
		theirs := b.rules.Edges(ntyp, nrot) >> (2 * uint(s.Opposite())) & sideMask
		if mine != theirs {
			return iv.broken("%s at %s shows %s on its %s side but its neighbour %s shows %s",
				b.rules.ID(typ), pos, codeKinds[mine], s, b.rules.ID(ntyp), codeKinds[theirs])
		}
	}
	if neighbours == 0 && len(b.placed) > 1 {
		return iv.broken("%s at %s has no placed neighbour", b.rules.ID(typ), pos)
	}
	return nil
}

// checkFollowers checks that each player's followers at hand, on the
// board, held off it by a unit and out of the game make as many as when
// the check began, that no kind has more than it had (only the ones out
// of the game are gone) nor fewer than none at hand, and that the
// supply's total is the sum of its kinds.
func (iv *invariants) checkFollowers() error {
	g := iv.g
	n := iv.countFollowers()
	for i, pl := range g.players {
		all, hand := g.lost[i], 0
		for k := range g.rules.kinds {
			all, hand = all+n[i][k], hand+int(g.supply[i][k])
			if g.supply[i][k] < 0 || n[i][k] > iv.owned[i][k] {
				return iv.broken("player %d has %d %s at hand and %d in all, of %d", i+1, g.supply[i][k], g.rules.kinds[k].ID, n[i][k], iv.owned[i][k])
			}
		}
		if pl.Supply != hand || all != iv.total[i] {
			return iv.broken("player %d has %d followers at hand (%d by kind), %d in all with %d out of the game, not %d",
				i+1, pl.Supply, hand, all, g.lost[i], iv.total[i])
		}
	}
	return nil
}

// checkScores checks that no score went down since the last move and
// that each score is the sum of the player's points events, then notes
// the scores; end says that the move is the end of the game.
func (iv *invariants) checkScores(end bool) error {
	for i, pl := range iv.g.players {
		if pl.Score < iv.last[i] {
			return iv.broken("the score of player %d went down from %d to %d", i+1, iv.last[i], pl.Score)
		}
		if pl.Score != iv.points[i] {
			what := "after the move"
			if end {
				what = "at the end"
			}
			return iv.broken("the score of player %d is %d %s but their points events add up to %d",
				i+1, pl.Score, what, iv.points[i])
		}
		iv.last[i] = pl.Score
	}
	return nil
}
