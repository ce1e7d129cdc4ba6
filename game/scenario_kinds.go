package game

import (
	"errors"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// errStopped says that setting a scenario up failed and the failure is
// noted already.
var errStopped = errors.New("the scenario's setup failed")

// kindOf returns the index of the kind of follower a figure id names, the
// meeple for the empty id; ok is false, after a failure at the key, when
// the game plays no such kind.
func (run *scenarioRun) kindOf(id string, at tilekit.Origin) (int, bool) {
	if id == "" {
		return 0, true
	}
	k, ok := run.g.rules.KindIndex(id)
	if !ok {
		run.fail(at, "", id, "no kind of follower %q in this game: it plays %s (a kind plays when its expansion or part is selected)",
			id, strings.Join(run.g.rules.kindIDs(), ", "))
	}
	return k, ok
}

// supply reads the scenario's supply by kind as Game.withSupply takes it;
// nil when the scenario gives none. ok is false after a failure: an
// unknown kind, or not one number per player.
func (run *scenarioRun) supply() (supply [][]int, ok bool) {
	s := run.s
	if len(s.Supply) == 0 {
		return nil, true
	}
	supply = make([][]int, run.g.rules.NumKinds())
	for _, ks := range s.Supply {
		at := originOr(ks.Origin, s.Origin.At("supply", ks.Figure))
		k, ok := run.kindOf(ks.Figure, at)
		if !ok {
			return nil, false
		}
		if len(ks.Counts) != s.Players {
			run.fail(at, strconv.Itoa(s.Players), strconv.Itoa(len(ks.Counts)),
				"supply of %s: %d numbers for %d players: want one per player", ks.Figure, len(ks.Counts), s.Players)
			return nil, false
		}
		supply[k] = ks.Counts
	}
	return supply, true
}

// checkSupplyByKind compares each player's followers at hand of each kind
// an expectation names with the game's.
func (run *scenarioRun) checkSupplyByKind(e *tilekit.ScenarioExpect, at tilekit.Origin, when string) {
	for _, ks := range e.SupplyByKind {
		where := originOr(ks.Origin, at.At("supply", ks.Figure))
		k, ok := run.kindOf(ks.Figure, where)
		if !ok {
			continue
		}
		got := make([]int, run.g.NumPlayers())
		for p := range got {
			got[p] = run.g.SupplyOf(p, k)
		}
		run.compare(where, when, ks.Figure+" at hand", intList(ks.Counts), intList(got))
	}
}
