package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// ScenarioFailure is one expectation a scenario did not meet, or a setup
// error.
type ScenarioFailure struct {
	// Origin says where in the file: the scenario's, a turn's or an
	// expectation key's Origin (its Path down to the key, such as [...
	// "expect" "scores"]).
	Origin tilekit.Origin
	// Message says in one line what was expected and what happened.
	Message string
	// Want is the expected value as text; empty for a setup error.
	Want string
	// Got is the actual value as text.
	Got string
}

// ScenarioResult is the outcome of running a scenario.
type ScenarioResult struct {
	ID string
	// Failures is empty when the scenario passed.
	Failures []ScenarioFailure
	// Snapshot is the final position in the notation of Game.Snapshot, for
	// the report; empty when the setup failed.
	Snapshot string
	// Game is the game as it stood at the end, for a reader of its values
	// (Board.Placed, Game.Figures); nil when the setup failed.
	Game *Game
	// Events are the events of each turn played, in order, and then those
	// of the end of the game, if it ended, as the last entry.
	Events [][]Event
	// Rulings are the tables' answers that decided something in the run,
	// each once, in the order first met: an event's (Event.Ruling), a
	// move's that no event carries (a deployment elsewhere onto a place
	// the destinations table allows, a follower sent home instead of
	// crossing), and that of the move refused as the scenario expects
	// (RulingError).
	Rulings []*rules.Ruling
}

// Passed reports whether the scenario met every expectation.
func (r ScenarioResult) Passed() bool { return len(r.Failures) == 0 }

// scenarioRun is the state of a scenario being run.
type scenarioRun struct {
	s      *tilekit.Scenario
	g      *Game
	res    ScenarioResult
	events []Event
	// stopped says that the run cannot go on: a setup error, a move refused
	// or an expected refusal seen.
	stopped bool
	// inv checks the engine's invariants after every move when the
	// scenario asks for it (CheckInvariants), nil otherwise; move counts
	// the moves applied, from 1, as a Playout numbers them.
	inv  *invariants
	move int
}

// fail notes a failure.
func (run *scenarioRun) fail(at tilekit.Origin, want, got, format string, args ...any) {
	run.res.Failures = append(run.res.Failures, ScenarioFailure{Origin: at, Message: fmt.Sprintf(format, args...), Want: want, Got: got})
}

// RunScenario runs a scenario on the tiles of a catalog: it compiles the
// rules of the scenario's selection and edition, sets up its position,
// scores and followers, and its pile (the given one, or the edition's less
// the tiles on the board), then plays each turn, taking the turn's tile
// from the pile and applying its tile and follower moves, or setting the
// tile aside when the turn discards it, and checks each expectation: the
// number of placements and follower moves, a refused move's reason, each
// turn's expectations and the final ones. The game ends, and the end of the
// game is scored, after the last turn when the scenario says so (End) or
// its given pile is then empty. Each failure is located at the Origin of
// the key at fault. It never panics on bad input: an unknown tile, an
// illegal move or an unknown feature is a failure.
func RunScenario(cat *tilekit.Catalog, s *tilekit.Scenario) ScenarioResult {
	return RunScenarioWithStart(cat, s, nil)
}

// RunScenarioWithStart runs a scenario as RunScenario does and, when start
// is not nil and the setup succeeded, calls start with the game as the
// scenario set it up, before its first turn, for a reader of its values
// (Board.Placed, Game.Figures): the position is set up once for both. The
// game then plays on, so start must not keep it.
func RunScenarioWithStart(cat *tilekit.Catalog, s *tilekit.Scenario, start func(g *Game)) (res ScenarioResult) {
	run := &scenarioRun{s: s, res: ScenarioResult{ID: s.ID}}
	defer func() {
		if v := recover(); v != nil {
			run.fail(s.Origin, "", "", "the engine failed on this scenario: %v", v)
			res = run.res
		}
	}()
	run.setUp(cat)
	if start != nil && !run.stopped {
		start(run.g)
	}
	for i := range s.Turns {
		if run.stopped {
			break
		}
		run.turn(i)
	}
	if !run.stopped {
		run.finish()
	}
	if run.g != nil {
		run.res.Snapshot, run.res.Game = run.g.Snapshot(), run.g
	}
	return run.res
}

// originOr returns an origin, or the fallback when it is the zero one.
func originOr(o, fallback tilekit.Origin) tilekit.Origin {
	if o.File == "" && len(o.Path) == 0 {
		return fallback
	}
	return o
}

// setUp compiles the rules and sets the game up; a failure stops the run.
func (run *scenarioRun) setUp(cat *tilekit.Catalog) {
	s := run.s
	run.stopped = true
	sel, err := rules.Select(cat, s.Expansions)
	if err != nil {
		run.fail(s.Origin.At("expansions"), "", "", "%v", err)
		return
	}
	edition := s.Edition
	if edition == "" {
		edition = tilekit.DefaultEdition
	}
	opts := Options{NoFarmers: s.Options.NoFarmers, FirstEditionScoring: s.Options.FirstEditionScoring}
	r, err := Compile(cat, sel, Setup{Edition: edition, Publisher: s.Publisher, Options: opts})
	if err != nil {
		run.fail(s.Origin.At(setupKey(edition, s.Publisher)), "", "", "%v", err)
		return
	}
	if s.Players < MinPlayers || s.Players > MaxPlayers {
		run.fail(s.Origin.At("players"), "", strconv.Itoa(s.Players), "%d players: want %d to %d", s.Players, MinPlayers, MaxPlayers)
		return
	}
	g, err := ParseSnapshot(r, withScores(s.Position, s.Players))
	if err != nil {
		run.fail(s.Origin.At("position"), "", "", "position: %v", err)
		return
	}
	if g.NumPlayers() != s.Players {
		run.fail(s.Origin.At("position"), strconv.Itoa(s.Players), strconv.Itoa(g.NumPlayers()),
			"position: its scores section gives %d players, the scenario %d", g.NumPlayers(), s.Players)
		return
	}
	run.g = g
	g.ruled = make([]*rules.Ruling, 0, 4)
	if run.setScoresAndFollowers() && run.setFigures() && run.setPile() {
		run.stopped = false
		if s.CheckInvariants {
			iv := newInvariants(g)
			run.inv = &iv
		}
	}
}

// setupKey returns the key of a scenario that a setup error of
// Compile is about: an unknown edition or publisher, else the
// selection (an expansion the engine cannot play, or no tile of it in the
// edition).
func setupKey(e tilekit.Edition, p tilekit.Publisher) string {
	switch {
	case !slices.Contains(tilekit.Editions, e):
		return "edition"
	case p != "" && !slices.Contains(tilekit.Publishers, p):
		return "publisher"
	}
	return "expansions"
}

// setScoresAndFollowers sets the scores and puts the followers the
// scenario gives; it reports whether it could.
func (run *scenarioRun) setScoresAndFollowers() bool {
	s, g := run.s, run.g
	if len(s.Scores) > 0 {
		if len(s.Scores) != s.Players {
			run.fail(s.Origin.At("scores"), strconv.Itoa(s.Players), strconv.Itoa(len(s.Scores)),
				"%d scores for %d players: want one per player", len(s.Scores), s.Players)
			return false
		}
		for i, score := range s.Scores {
			g.players[i].Score = score
		}
	}
	supply, ok := run.supply()
	if !ok {
		return false
	}
	err := g.withSupply(supply, func() error {
		for i, f := range s.Followers {
			at := originOr(f.Origin, s.Origin.At("followers", strconv.Itoa(i)))
			kind, ok := run.kindOf(f.Figure, at.At("figure"))
			if !ok {
				return errStopped
			}
			idx, err := run.featureOn(f.At, f.Feature)
			if err == nil {
				err = g.addFollower(f.Player-1, f.At, idx, kind)
			}
			if err != nil {
				run.fail(at, "", "", "follower of player %d at %s: %v", f.Player, notationPos(f.At), err)
				return errStopped
			}
		}
		return nil
	})
	return err == nil
}

// featureOn finds the feature a name names on the tile at a position.
func (run *scenarioRun) featureOn(p tilekit.BoardPosition, name string) (int, error) {
	typ, _, ok := run.g.board.At(p)
	if !ok {
		return 0, fmt.Errorf("no tile at %s", notationPos(p))
	}
	return run.g.rules.FeatureIndex(typ, name)
}

// setPile sets the pile the scenario gives; without one the pile stays the
// edition's less the tiles on the board. It reports whether it could.
func (run *scenarioRun) setPile() bool {
	s, g := run.s, run.g
	if len(s.Pile) == 0 {
		return true
	}
	g.pile = g.pile[:0]
	for i, id := range s.Pile {
		typ, ok := g.rules.Type(id)
		if !ok {
			run.fail(s.Origin.At("pile", strconv.Itoa(i)), "", id, "pile: unknown tile %q in this selection and edition", id)
			return false
		}
		g.pile = append(g.pile, uint16(typ))
	}
	return true
}

// withScores adds a scores section of zeros for a number of players to a
// position that has none, such as a board alone.
func withScores(position string, players int) string {
	for _, group := range splitSections(position)[1:] {
		if len(group) > 0 && group[0] == "scores" {
			return position
		}
	}
	return position + " / scores " + strings.Repeat("0,", players-1) + "0"
}

// EventRule returns the rule of one of the run's events under the rules
// the scenario was played by (Ruleset.EventRule): a step of its data
// folder that supersedes a built-in one is cited for the events of its
// rule.
func (r ScenarioResult) EventRule(e Event) EventRule {
	var rs *Ruleset
	if r.Game != nil {
		rs = r.Game.Ruleset()
	}
	return rs.EventRule(e)
}

// noteRulings notes the rulings of events and those the game noted for
// the moves applied (Game.ruled), each once.
func (run *scenarioRun) noteRulings(events []Event) {
	for _, e := range events {
		run.noteRuling(e.Ruling)
	}
	for _, r := range run.g.ruled {
		run.noteRuling(r)
	}
	run.g.ruled = run.g.ruled[:0]
}

// noteRuling notes a ruling once; nil is none.
func (run *scenarioRun) noteRuling(r *rules.Ruling) {
	if r != nil && !slices.Contains(run.res.Rulings, r) {
		run.res.Rulings = append(run.res.Rulings, r)
	}
}
