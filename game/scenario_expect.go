package game

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// check checks the expectations of a point of the scenario ("after turn
// 2", "at the end"), whose events are given, each failure at its key.
func (run *scenarioRun) check(e *tilekit.ScenarioExpect, at tilekit.Origin, when string, events []Event) {
	g := run.g
	if e.Scores != nil {
		got := make([]int, len(g.players))
		for i, p := range g.players {
			got[i] = p.Score
		}
		run.compare(at.At("scores"), when, "scores", intList(e.Scores), intList(got))
	}
	if e.Supply != nil {
		got := make([]int, len(g.players))
		for i, p := range g.players {
			got[i] = p.Supply
		}
		run.compare(at.At("supply"), when, "followers at hand", intList(e.Supply), intList(got))
	}
	run.checkSupplyByKind(e, at, when)
	if e.Followers != nil {
		run.checkFollowers(e, at, when)
	}
	if e.Ended != nil {
		run.compare(at.At("ended"), when, "game over", strconv.FormatBool(*e.Ended), strconv.FormatBool(g.Over()))
	}
	if e.Events != nil {
		run.checkEvents(at.At("events"), when, e.Events, events)
	}
	run.checkFigures(e, at, when)
	if e.Board != "" {
		want := strings.Join(strings.Fields(e.Board), " ")
		if b, err := ParseBoard(g.rules, e.Board); err == nil {
			want = b.String()
		}
		run.compare(at.At("board"), when, "board", want, g.board.String())
	}
}

// checkEvents compares the events of a point of the scenario with those
// expected, read by ParseEvent, as values: the events the engine gave, with
// the values the notation writes (see ParseEvent). A failure shows both
// lists in the event notation.
func (run *scenarioRun) checkEvents(at tilekit.Origin, when string, want []string, events []Event) {
	same := len(want) == len(events)
	for i, text := range want {
		ev, err := ParseEvent(text)
		if err != nil {
			run.fail(at.At(strconv.Itoa(i)), text, "", "expected event %d %s: %v", i+1, when, err)
			return
		}
		same = same && ev == events[i].noted()
	}
	if same {
		return
	}
	got := make([]string, len(events))
	for i, ev := range events {
		got[i] = ev.Notation()
	}
	run.compare(at, when, "events", strings.Join(want, "\n"), strings.Join(got, "\n"))
}

// compare notes a failure when a value is not as expected.
func (run *scenarioRun) compare(at tilekit.Origin, when, what, want, got string) {
	if want == got {
		return
	}
	lines := func(s string) string {
		if s == "" {
			return "nothing"
		}
		return strings.ReplaceAll(s, "\n", "; ")
	}
	run.fail(at, want, got, "%s %s: want %s, got %s", what, when, lines(want), lines(got))
}

// checkFollowers compares the followers on the board with those expected,
// as sorted lines "player 1 at 0,0 on city".
func (run *scenarioRun) checkFollowers(e *tilekit.ScenarioExpect, at tilekit.Origin, when string) {
	g := run.g
	want := make([]string, 0, len(e.Followers))
	for i, f := range e.Followers {
		idx, err := run.featureOn(f.At, f.Feature)
		if err != nil {
			run.fail(originOr(f.Origin, at.At("followers", strconv.Itoa(i))), "", "",
				"expected follower of player %d at %s: %v", f.Player, notationPos(f.At), err)
			return
		}
		kind, ok := run.kindOf(f.Figure, originOr(f.Origin, at.At("followers", strconv.Itoa(i))).At("figure"))
		if !ok {
			return
		}
		want = append(want, run.followerLine(f.Player-1, f.At, idx, kind))
	}
	var got []string
	for _, f := range g.Followers(nil) {
		got = append(got, run.followerLine(f.Player, f.Pos, f.Index, f.Figure))
	}
	slices.Sort(want)
	slices.Sort(got)
	run.compare(at.At("followers"), when, "followers on the board", strings.Join(want, "\n"), strings.Join(got, "\n"))
}

// followerLine writes a follower of a player, from 0, and a kind for a
// comparison, the kind when it is not the meeple.
func (run *scenarioRun) followerLine(player int, p tilekit.BoardPosition, i, kind int) string {
	typ, _, _ := run.g.board.At(p)
	line := "player " + strconv.Itoa(player+1) + " at " + notationPos(p) + " on " + run.g.rules.FeatureName(typ, i)
	if kind != 0 {
		line += " (" + run.g.rules.kinds[kind].ID + ")"
	}
	return line
}

// intList writes numbers as a TOML array: "[4, 0]".
func intList(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
