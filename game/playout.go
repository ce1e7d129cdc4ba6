package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// Result is the outcome of one random game played by a Playout.
type Result struct {
	// Seed is the seed the game was played with.
	Seed uint64
	// Players is the number of players; Scores holds their final scores
	// in its first Players entries.
	Players int
	Scores  [MaxPlayers]int
	// Placements is the number of tiles placed, the start tile left out;
	// Discarded the number drawn that fitted nowhere.
	Placements int
	Discarded  int
}

// Winning returns the highest final score.
func (r Result) Winning() int {
	best := 0
	for _, s := range r.Scores[:r.Players] {
		best = max(best, s)
	}
	return best
}

// Total returns the sum of the final scores.
func (r Result) Total() int {
	sum := 0
	for _, s := range r.Scores[:r.Players] {
		sum += s
	}
	return sum
}

// BreakError says that a random game broke an invariant of the engine: the
// game's seed, the move (each tile move and each follower move counts one,
// from 1; 0 for the end of the game) and what broke.
type BreakError struct {
	Seed uint64
	Move int
	What string
	// replay is the scenario that replays the game to the broken move.
	replay tilekit.Scenario
}

// Scenario returns a scenario that replays the game up to the broken move,
// that move included: every turn played until then, each with its tile,
// placement, follower and decisions, and every tile set aside, from the
// start tile alone, the pile left to the edition's (see Playout.Scenario).
// It checks the invariants (CheckInvariants), so that it fails at the
// broken move with what broke. A break at the end of the game replays
// every turn and ends the game.
func (e *BreakError) Scenario() tilekit.Scenario { return e.replay }

func (e *BreakError) Error() string {
	if e.Move == 0 {
		return fmt.Sprintf("game seed %d, end of game: %s", e.Seed, e.What)
	}
	return fmt.Sprintf("game seed %d, move %d: %s", e.Seed, e.Move, e.What)
}

// Playout plays random games of one rules and number of players: each
// tile drawn is laid at a placement chosen uniformly among the distinct
// legal ones (a symmetric tile's rotations that lay the same tile are one
// placement, see Ruleset.Distinct), then a follower move is chosen uniformly
// among "no follower" and each legal feature of the placed tile with each
// kind of follower at hand that may stand on it (with the expansions, the
// figure decision's other legal moves too), until the pile is empty; then
// EndGame scores the game. The choices come from a generator seeded by the game's seed, so a seed
// always plays the same game. A Playout keeps its game and buffers from
// one game to the next: once made, a game allocates nothing. A Playout is
// not safe for concurrent use; make one per goroutine (they may share the
// Rules).
type Playout struct {
	g      *Game
	check  bool
	rng    pcg
	moves  []Move
	events []Event
	// seed and move say where the game is, for a BreakError; inv checks
	// the invariants.
	seed uint64
	move int
	inv  invariants
	// record holds the turns of the game so far, in a buffer made once
	// with room for every tile; aside counts the game's tiles set aside
	// that record holds.
	record []recordedTurn
	aside  int
	// decisions holds the moves of the recorded turns after their tile
	// moves; held counts the game's tiles held back by a unit that record
	// holds.
	decisions []Move
	held      int
}

// recordedTurn is one turn of a recorded game: the tile taken, and either
// that it was set aside or where it was laid; from and upTo are the range
// of the Playout's decisions that holds the turn's other moves (the figure
// decision and the units' own decisions); figureLast says that the last
// of them is the figure decision's, which a scenario's turn may leave out
// when it is "none".
type recordedTurn struct {
	tile       uint16
	discard    bool
	pass       bool
	figureLast bool
	at         Placement
	from, upTo int32
}

// NewPlayout returns a Playout of the rules for a number of players, from
// 2 to 6. With check, Play verifies the engine's invariants after every
// move (see Play).
func NewPlayout(r *Ruleset, players int, check bool) (*Playout, error) {
	g, err := NewGame(r, players, 0)
	if err != nil {
		return nil, err
	}
	return &Playout{
		g:         g,
		check:     check,
		moves:     make([]Move, 0, r.Total()*r.maxFeatures+4*Followers*players+8),
		events:    make([]Event, 0, 64),
		record:    make([]recordedTurn, 0, r.Total()),
		decisions: make([]Move, 0, r.Total()*unitDecisions(players)),
		inv:       newInvariants(g),
	}, nil
}

// Game returns the game being played, as the last Play left it.
func (p *Playout) Game() *Game { return p.g }

// Play plays one random game with a seed and returns its result. With
// check, it verifies after every move that the tile placed matches each of
// its placed neighbours, that each player's followers on the board and at
// hand make 7, that no score went down and that each score is the sum of
// the player's points events, and at the end that each score is that sum;
// a broken invariant is a *BreakError. Any other error is an error of the
// engine, which refused a move it had listed as legal.
func (p *Playout) Play(seed uint64) (Result, error) {
	g := p.g
	g.Reset(seed)
	p.rng = newPCG(seed*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019)
	p.seed, p.move = seed, 0
	p.record, p.aside, p.decisions, p.held = p.record[:0], 0, p.decisions[:0], 0
	p.inv.reset(g)
	res := Result{Seed: seed, Players: len(g.players)}
	for {
		ok := true
		if typ, held := g.Offered(); held && p.rng.below(2) == 0 {
			// A tile the player holds instead of the draw, half the time
			// it fits.
			ok = g.Take(typ) == nil
		} else {
			_, ok = g.Draw()
		}
		p.recordAside()
		if !ok {
			break
		}
		if err := p.turn(); err != nil {
			return res, err
		}
		res.Placements++
	}
	if err := p.lastRound(&res); err != nil {
		return res, err
	}
	p.events = g.EndGame(p.events[:0])
	p.move = 0
	if p.check {
		if err := p.inv.atEnd(p.events); err != nil {
			return res, p.broken("%s", err)
		}
	}
	for i := range g.players {
		res.Scores[i] = g.players[i].Score
	}
	res.Discarded = g.discarded
	return res, nil
}

// lastRound plays, once the pile is empty, the round in which each player
// in turn may still place a tile they hold beside the pile (Offered),
// half the time it fits, or passes; a ruleset without such tiles has none.
func (p *Playout) lastRound(res *Result) error {
	g := p.g
	if len(g.rules.hooks.offer) == 0 {
		return nil
	}
	for range g.players {
		if typ, held := g.Offered(); held && p.rng.below(2) == 0 && g.Take(typ) == nil {
			if err := p.turn(); err != nil {
				return err
			}
			res.Placements++
			continue
		}
		if err := g.Pass(); err != nil {
			return fmt.Errorf("game seed %d: %w", p.seed, err)
		}
		p.record = append(p.record, recordedTurn{pass: true})
	}
	return nil
}

// turn plays the tile move of the drawn tile, chosen uniformly among its
// distinct placements (Game.CountDistinct, counted and then taken without
// being listed), and then each decision of the turn, each move chosen
// uniformly among the legal ones.
func (p *Playout) turn() error {
	g := p.g
	n := g.CountDistinct()
	if n == 0 {
		return p.broken("the drawn tile %s has no legal placement", g.rules.ID(g.tile))
	}
	pl, _ := g.DistinctPlacement(int(p.rng.below(uint32(n))))
	at := int32(len(p.decisions))
	p.record = append(p.record, recordedTurn{tile: uint16(g.tile), at: pl, from: at, upTo: at})
	if err := p.apply(TileMove(pl)); err != nil {
		return err
	}
	for g.phase != phaseDraw && g.phase != phaseOver {
		p.moves = g.Legal(p.moves[:0])
		if len(p.moves) == 0 {
			return p.broken("the %s decision has no legal move", g.Decision())
		}
		m := p.moves[p.rng.below(uint32(len(p.moves)))]
		p.decisions = append(p.decisions, m)
		rt := &p.record[len(p.record)-1]
		rt.upTo, rt.figureLast = int32(len(p.decisions)), g.phase == phaseFollower
		if err := p.apply(m); err != nil {
			return err
		}
	}
	return nil
}

// apply plays one move, the tile's or one Legal listed, and checks the
// invariants.
func (p *Playout) apply(m Move) error {
	p.move++
	var err error
	if p.events, err = p.g.applyLegal(m, p.events[:0]); err != nil {
		return fmt.Errorf("game seed %d, move %d: %w", p.seed, p.move, err)
	}
	if !p.check {
		return nil
	}
	if err := p.inv.afterMove(p.events); err != nil {
		return p.broken("%s", err)
	}
	return nil
}

// broken returns the BreakError of the current move, with the scenario
// that replays the game to it.
func (p *Playout) broken(format string, args ...any) error {
	e := &BreakError{Seed: p.seed, Move: p.move, What: fmt.Sprintf(format, args...)}
	where := fmt.Sprintf("move %d", p.move)
	if p.move == 0 {
		where = "the end of the game"
	}
	e.replay = p.Scenario(fmt.Sprintf("Random game seed %d broke an invariant at %s: %s", p.seed, where, e.What))
	e.replay.End = p.move == 0
	e.replay.CheckInvariants = true
	return e
}

// recordAside records the tiles the last draw set aside.
func (p *Playout) recordAside() {
	for _, t := range p.g.setAside[p.aside:] {
		p.record = append(p.record, recordedTurn{tile: t, discard: true})
	}
	p.aside = len(p.g.setAside)
	for _, t := range p.g.heldLog[p.held:] {
		p.record = append(p.record, recordedTurn{tile: t, discard: true})
	}
	p.held = len(p.g.heldLog)
}

// Scenario returns a scenario that replays the game played so far, with a
// title: the same players, edition, selection and options, the start tile
// alone, and a turn for each tile taken, with its placement and the moves
// of its decisions in the move notation, features named (a "none" of the
// figure decision that ends them left out), or as set aside. Its pile is left empty, so that the pile is the edition's
// less the start tile, and it does not end the game; its ID is
// "X/random-seed-S", S the game's seed and X the first expansion of the
// selection beside the base game (of a part, its expansion), or base.
func (p *Playout) Scenario(title string) tilekit.Scenario {
	r := p.g.rules
	s := tilekit.Scenario{
		ID:        fmt.Sprintf("%s/random-seed-%d", replayExpansion(r.selection), p.seed),
		Title:     title,
		Edition:   r.edition,
		Players:   len(p.g.players),
		Publisher: r.publisher,
		Options:   tilekit.ScenarioOptions{NoFarmers: p.g.rules.opts.NoFarmers, FirstEditionScoring: p.g.rules.opts.FirstEditionScoring},
		Turns:     make([]tilekit.ScenarioTurn, len(p.record)),
	}
	for _, id := range r.selection {
		if id != tilekit.BaseGame {
			s.Expansions = append(s.Expansions, id)
		}
	}
	for i, rt := range p.record {
		t := &s.Turns[i]
		if rt.pass {
			t.Pass = true
			continue
		}
		t.Tile, t.Discard = r.ID(int(rt.tile)), rt.discard
		if rt.discard {
			continue
		}
		t.At, t.Rotation = rt.at.Pos, tilekit.Rotations[rt.at.Rot]
		for _, m := range p.decisions[rt.from:rt.upTo] {
			t.Moves = append(t.Moves, p.moveText(m, int(rt.tile)))
		}
		if n := len(t.Moves); n > 0 && rt.figureLast && t.Moves[n-1] == NoFollower.String() {
			t.Moves = t.Moves[:n-1]
		}
		if len(t.Moves) == 0 {
			t.Moves = nil
		}
	}
	return s
}

// moveText writes a recorded move of a turn that laid a tile type, its
// feature named on that tile for a follower move, else on the tile at the
// position it names.
func (p *Playout) moveText(m Move, typ int) string {
	if m.Kind != MoveBase || m.Feature < 0 {
		return p.g.MoveText(m)
	}
	return m.notation(p.g.rules.moveFeature(typ, int(m.Feature)), figureText(int(m.Figure), p.g.rules)).String()
}

// replayExpansion returns the expansion a replay's id starts with: the
// first of a selection's ids beside the base game (the expansion of a
// part), or base.
func replayExpansion(selection []string) string {
	for _, id := range selection {
		if id != tilekit.BaseGame && id != tilekit.AllExpansions {
			return tilekit.ParentExpansion(id)
		}
	}
	return tilekit.BaseGame
}
