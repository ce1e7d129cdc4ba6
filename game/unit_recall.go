package game

import (
	"fmt"
	"math/bits"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of the recall (a step's tilekit.Recall): instead of deploying
// a follower, the player takes one of their followers of a kind back from
// the board, and its feature is scored at once by its kind's rule for the
// end of the game, the points to the player alone; the units' hooks on a
// scored feature (a bonus) do not run. On a turn whose tile keeps figures
// off it (a movement's deploy table), the table's verdict for the step's
// action says whether it may be done.

// recall is a step's recall, compiled: whether the turn has one, its
// step, word and source, the kind taken back and the action the tables
// answer for (noFigure for none).
type recall struct {
	on     bool
	step   string
	word   Word
	source tilekit.Citation
	kind   uint8
	action Figure
	// rule is the ScoringRule of its score events, named by its word.
	rule ScoringRule
}

// recallRules are the unit's compiled data.
type recallRules struct {
	recall recall
}

// MoveRecall takes the player's follower of the recall's kind at the
// feature of a tile back and scores that feature.
const MoveRecall MoveKind = 8

// noFigure is no figure: a recall without an action.
const noFigure Figure = ^Figure(0)

var (
	recallUnit = unit{
		steps:   []unitStep{{part: func(m *tilekit.Mechanics) bool { return m.Recall != nil }, compile: compileRecall}},
		playing: func(r *Ruleset) bool { return r.recall.on },
		hooks: unitHooks{
			figure: &figureHook{kind: MoveRecall, moves: (*Game).recallMoves, apply: (*Game).applyRecall, refuse: (*Game).recallRefusal},
		},
	}
	recallKind = moveKind{notation: func(m Move, mt *tilekit.MoveText) bool {
		mt.HasAt, mt.At = true, m.Placement.Pos
		return true
	}, parse: func(mt tilekit.MoveText, feature int) Move {
		return Move{Kind: MoveRecall, Follower: true, Placement: Placement{Pos: mt.At}, Feature: int16(feature)}
	}, step: func(r *Ruleset, m Move) string { return stepOfWord(m, r.recall.word, r.recall.step) }}
)

// compileRecall compiles a step's recall: its kind, its word and the
// action the tables answer for.
func compileRecall(r *Ruleset, ps rules.PlayedStep) error {
	d := ps.Step.Mechanics.Recall
	k, err := r.stepFigureKind(r.recall.on, "a recall", ps.Step.ID, d.Figure)
	if err != nil {
		return err
	}
	w, err := nameWord(d.Word, MoveRecall)
	if err != nil {
		return err
	}
	on := r.kinds[k].StandsOn
	if on&(on-1) != 0 {
		return fmt.Errorf("a recall of the %s, which stands on %s: the engine takes back a figure of one kind of feature", d.Figure, standsOnText(on))
	}
	rule, err := nameDataRule(string(d.Word), ps.Step.ID, false, Kind(bits.TrailingZeros8(on)))
	if err != nil {
		return err
	}
	rc := recall{on: true, step: ps.Step.ID, word: w, source: d.Source, kind: k, action: noFigure, rule: rule}
	if d.Action != "" {
		if rc.action, err = nameFigure(d.Action); err != nil {
			return err
		}
	}
	r.recall = rc
	return nil
}

// recallMoves appends a recall of each of the player's followers of the
// recall's kind on the board, unless the turn's tile keeps the action
// from being done.
func (g *Game) recallMoves(dst []Move) []Move {
	rc := &g.rules.recall
	if int(g.supply[g.turn][rc.kind]) == g.rules.kinds[rc.kind].PerPlayer || g.barsAction(rc) {
		return dst // none on the board
	}
	b := g.board
	for _, f := range g.followers {
		if int(f.player) == g.turn && f.kind == rc.kind {
			dst = append(dst, Move{Kind: MoveRecall, Follower: true, Placement: Placement{Pos: b.posOf(f.node)}, Feature: int16(b.indexOf(f.node)), Word: rc.word})
		}
	}
	return dst
}

// barsAction reports whether the turn's tile keeps the recall's action
// from being done: a movement's deploy table that its symbol set off this
// turn says no.
func (g *Game) barsAction(rc *recall) bool {
	return rc.action != noFigure && len(g.rules.arrivals) > 0 && g.arrivalBlocks(rc.action)
}

// recallRefusal says why a recall is not legal.
func (g *Game) recallRefusal(m Move, _, x int32) error {
	rc := &g.rules.recall
	id := g.rules.kinds[rc.kind].ID
	if g.barsAction(rc) {
		return g.whyActionBarred(rc.action)
	}
	if i := g.followerAt(x); i < 0 || int(g.followers[i].player) != g.turn || g.followers[i].kind != rc.kind {
		return fmt.Errorf("player %d has no %s on %s to take back (%s)", g.turn+1, id, g.board.describe(x), citationText(rc.source))
	}
	return nil
}

// applyRecall takes the follower of a legal recall back and scores its
// feature by the rule for the end of the game, to its owner alone; the
// score's rule is the recall's (named by its word), whose step states it.
func (g *Game) applyRecall(m Move, events []Event) []Event {
	rc := &g.rules.recall
	idx, _ := g.board.index(m.Placement.Pos)
	x := g.board.instance(int32(g.board.cells[idx].slot), int32(m.Feature))
	i := g.followerAt(x)
	for j, f := range g.followers {
		if f.node == x && f.kind == rc.kind && int(f.player) == g.turn {
			i = j
		}
	}
	if rc.action != noFigure && len(g.rules.arrivals) > 0 {
		g.noteArrivalAllows(rc.action)
	}
	f := g.board.feature(g.board.find(x))
	if c := g.scoreRuleFor(&f, true); c != nil {
		points := g.points(c, &f)
		g.players[g.turn].Score += points
		events = append(events, Event{Kind: EventScored, Feature: f, Player: g.turn, Points: points, Scoring: rc.rule})
	}
	events = append(events, Event{Kind: EventReturned, Feature: f, Player: g.turn, Count: 1, Word: rc.word})
	events, _ = g.removeFollower(i, removal{to: tilekit.OwnerSupply}, events)
	return events
}
