package game

import (
	"fmt"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The figures that join their owner's followers (tilekit.JoinsOwnFollower)
// and the mechanics that read them, from the data alone: a kind that joins
// is deployed like a follower but only where its owner has a follower of
// a kind that does not join (Game.appendFollowerMoves, Game.canJoin), and
// goes with the last of them that leaves (Game.removeFollower); its
// bonuses (a bonus of the data whose figure is such a kind, tilekit.Bonus)
// pay its owner when its feature is scored; and every step with an extra
// turn ([step.extra-turn]) gives the active player a second tile when the
// tile placed extends a feature with their figure of the step's kind. The
// seed's are the builder and the pig of Traders & Builders, cited in the
// data.

// joiningRules are the unit's compiled data: the extra turn of the turn,
// if any.
type joiningRules struct {
	extra extraTurn
}

// extraTurn is a compiled extra turn: whether the turn has one, the kind
// of figure whose feature gives it, and the step that states it.
type extraTurn struct {
	on     bool
	kind   uint8
	step   string
	source tilekit.Citation
}

// joiningState is the unit's state in a game: the extra turn due after
// this one.
type joiningState struct {
	extraDue bool
}

// EventExtraTurn: the tile Player placed gives them another turn after
// this one (a step's extra turn).
const EventExtraTurn EventKind = 11

// extraTurnEvent is the event of an extra turn, ruled by its step.
var extraTurnEvent = eventKind{name: "extra-turn", word: "extra-turn",
	rule:  func(Event) EventRule { return EventRule{ID: "extra-turn"} },
	noted: func(e Event, n *Event) { n.Player = e.Player },
	ruled: func(r *Ruleset, e Event) (EventRule, bool) {
		return EventRule{ID: "extra-turn", Sources: one(r.extra.source), Step: r.extra.step}, r.extra.on
	}}

// extraSect is the section of the snapshot notation of an extra turn:
// "extra-turn due" after a tile that gave one, before its turn ends;
// "extra-turn now" while the second tile's turn is played.
var extraSect = section{key: "extra-turn",
	check: func(r *Ruleset, v string) error {
		if !r.extra.on {
			return fmt.Errorf("no step of the game gives an extra turn")
		}
		if v != "due" && v != "now" {
			return fmt.Errorf("extra-turn %q: want due or now", v)
		}
		return nil
	},
	set: func(g *Game, v string) error {
		g.extraDue, g.extra = v == "due", v == "now"
		return nil
	},
	write: func(g *Game, sb *strings.Builder) {
		switch {
		case g.extraDue:
			sb.WriteString(" / extra-turn due")
		case g.extra:
			sb.WriteString(" / extra-turn now")
		}
	}}

var joiningUnit = unit{
	steps: []unitStep{{part: func(m *tilekit.Mechanics) bool { return m.ExtraTurn != nil }, compile: compileExtraTurn,
		run: func(g *Game, events []Event) ([]Event, bool) { return g.noteExtraTurn(events), false }}},
	playing: func(r *Ruleset) bool { return r.joining != 0 || r.cornerKinds != 0 || r.extra.on },
	reset:   func(g *Game) { g.extraDue = false },
	hooks: unitHooks{
		scored: (*Game).joinerBonuses,
		again:  func(g *Game) bool { due := g.extraDue; g.extraDue = false; return due },
		check:  checkJoiners,
	},
}

// compileExtraTurn compiles a step's extra turn: the kind of figure whose
// feature gives it, which the selection must play.
func compileExtraTurn(r *Ruleset, ps rules.PlayedStep) error {
	e := ps.Step.Mechanics.ExtraTurn
	k, err := r.stepFigureKind(r.extra.on, "an extra turn", ps.Step.ID, e.Figure)
	if err != nil {
		return err
	}
	r.extra = extraTurn{on: true, kind: k, step: ps.Step.ID, source: e.Source}
	return nil
}

// noteExtraTurn notes that the turn gives the active player another tile,
// with its event: a feature of the tile just placed joined one with their
// figure of the extra turn's kind, and this is not the second tile
// already.
func (g *Game) noteExtraTurn(events []Event) []Event {
	x := &g.rules.extra
	if !x.on || g.extra {
		return events
	}
	if g.supply[g.turn][x.kind] == int16(g.rules.kinds[x.kind].PerPlayer) {
		return events // none of the player's figures of the kind is on the board
	}
	base := g.lastBase()
	n := int32(g.rules.NumFeatures(g.tile))
	for _, f := range g.followers {
		if f.kind != x.kind || int(f.player) != g.turn || g.board.slotOf(f.node) == g.board.slotOf(base) {
			continue
		}
		root := g.board.find(f.node)
		for i := range n {
			if g.board.find(base+i) == root {
				g.extraDue = true
				return append(events, Event{Kind: EventExtraTurn, Player: g.turn})
			}
		}
	}
	return events
}

// joinerBonuses pays the bonuses of the kinds that join on a feature
// being scored: to the owner of each such figure on it, when they are
// among the players who score it if the bonus says so, its points, or
// its points for each thing it counts of the feature.
func (g *Game) joinerBonuses(f Feature, end bool, events []Event) []Event {
	var count [MaxPlayers]int
	most := -1
	for _, b := range g.rules.scoring.ofJoiners {
		if !g.kindOn(uint8(b.joiner), int32(f.ID)) {
			continue
		}
		if most < 0 {
			g.weigh(int32(f.ID), &count)
			most = 0
			for _, n := range count[:len(g.players)] {
				most = max(most, n)
			}
		}
		d := g.rules.scoring.data[b.rule].bonus
		points := d.Points
		if d.Per != "" && d.Per != tilekit.TermConstant {
			points *= g.termCount(d.Per, &f)
		}
		for _, fl := range g.followers {
			p := int(fl.player)
			if int8(fl.kind) != b.joiner || g.board.find(fl.node) != int32(f.ID) || d.Winner && (most == 0 || count[p] < most) || points == 0 {
				continue
			}
			g.players[p].Score += points
			events = append(events, Event{Kind: EventScored, Feature: f, Player: p, Points: points, End: end, Scoring: b.rule})
		}
	}
	return events
}

// kindOn reports whether a figure of a kind stands on the joined feature
// of a root.
func (g *Game) kindOn(kind uint8, root int32) bool {
	for _, f := range g.followers {
		if f.kind == kind && g.board.find(f.node) == root {
			return true
		}
	}
	return false
}

// termCount counts what a kind of term of the scoring rules counts of a
// feature: its tiles, its pennants, the tiles around a cloister, the
// completed cities a field borders; 1 for a constant.
func (g *Game) termCount(per tilekit.ScoreTermKind, f *Feature) int {
	switch per {
	case tilekit.TermPerTile:
		return f.Tiles
	case tilekit.TermPerPennant:
		return f.Pennants
	case tilekit.TermPerTileAround:
		return f.Around
	case tilekit.TermPerCompletedCity:
		return g.completedCities(int32(f.ID))
	}
	return 1
}

// checkJoiners checks that every figure that joins followers stands on a
// feature with a follower of its owner's that does not join.
func checkJoiners(iv *invariants) error {
	g := iv.g
	for _, f := range g.followers {
		if g.rules.joining&(1<<f.kind) != 0 && !g.joinable(g.board.find(f.node), f.player) {
			return iv.broken("player %d's %s stands on %s without a follower of theirs", f.player+1, g.rules.kinds[f.kind].ID, g.board.describe(f.node))
		}
	}
	return nil
}
