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

// Scenario returns a scenario that replays the game up to the broken move:
// every turn played until then, each with its tile, placement and
// follower, and every tile set aside, from the start tile alone, the pile
// left to the edition's (see Playout.Scenario). A break at the end of the
// game replays every turn and ends the game.
func (e *BreakError) Scenario() tilekit.Scenario { return e.replay }

func (e *BreakError) Error() string {
	if e.Move == 0 {
		return fmt.Sprintf("game seed %d, end of game: %s", e.Seed, e.What)
	}
	return fmt.Sprintf("game seed %d, move %d: %s", e.Seed, e.Move, e.What)
}

// Playout plays random games of one rules and number of players: each
// tile drawn is laid at a placement chosen uniformly among the legal ones,
// then a follower move is chosen uniformly among the legal ones (none
// included), until the pile is empty; then EndGame scores the game. The
// choices come from a generator seeded by the game's seed, so a seed
// always plays the same game. A Playout keeps its game and buffers from
// one game to the next: once made, a game allocates nothing. A Playout is
// not safe for concurrent use; make one per goroutine (they may share the
// Rules).
type Playout struct {
	g      *Game
	check  bool
	rng    pcg
	pls    []Placement
	moves  []Move
	events []Event
	// seed and move say where the game is, for a BreakError; last holds
	// the scores before the move and points the sum of each player's
	// points events.
	seed   uint64
	move   int
	last   [MaxPlayers]int
	points [MaxPlayers]int
	// record holds the turns of the game so far, in a buffer made once
	// with room for every tile; aside counts the game's tiles set aside
	// that record holds.
	record []recordedTurn
	aside  int
	// decisions holds the moves of the recorded turns beside the tile and
	// base follower moves; dragonAside counts the game's dragon tiles set
	// aside that record holds.
	decisions   []recordedMove
	dragonAside int
	// dragonCell and fairyCell are where the red dragon and the fairy
	// stood before the move, and spared the followers the dragon left on
	// the tile it entered last (see checkEntry).
	dragonCell, fairyCell int32
	spared                []follower
}

// recordedMove is a recorded move of a decision, with the follower it
// moved for a drawbridge's.
type recordedMove struct {
	m    Move
	from PlacedFollower
}

// recordedTurn is one turn of a recorded game: the tile taken, and either
// that it was set aside or where it was laid and the feature a follower
// was put on (-1 for none); from and upTo are the range of the Playout's
// decisions that holds the turn's other moves (the figure decision of
// another kind, the dragons' steps, the drawbridges).
type recordedTurn struct {
	tile       uint16
	discard    bool
	feature    int16
	at         Placement
	from, upTo int32
}

// NewPlayout returns a Playout of the rules for a number of players, from
// 2 to 6. With check, Play verifies the engine's invariants after every
// move (see Play).
func NewPlayout(r *Rules, players int, check bool) (*Playout, error) {
	g, err := NewGame(r, players, 0)
	if err != nil {
		return nil, err
	}
	return &Playout{
		g:      g,
		check:  check,
		pls:    make([]Placement, 0, 4*(4*r.Total()+4)),
		moves:  make([]Move, 0, r.Total()*r.maxFeatures+4*Followers*players+8),
		events: make([]Event, 0, 64),
		record: make([]recordedTurn, 0, r.Total()),
		// Each turn has at most a figure decision, two dragons' moves and
		// a drawbridge decision per follower.
		decisions: make([]recordedMove, 0, r.Total()*(2*maxSteps+Followers*players+1)),
		spared:    make([]follower, 0, Followers*players),
	}, nil
}

// SetOptions sets the rule options of the games to come.
func (p *Playout) SetOptions(opts Options) error { return p.g.SetOptions(opts) }

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
	p.record, p.aside, p.decisions, p.dragonAside = p.record[:0], 0, p.decisions[:0], 0
	clear(p.last[:])
	clear(p.points[:])
	p.dragonCell, p.fairyCell, p.spared = g.dragonCell, g.fairyCell, p.spared[:0]
	res := Result{Seed: seed, Players: len(g.players)}
	for {
		_, ok := g.Draw()
		p.recordAside()
		if !ok {
			break
		}
		if err := p.turn(); err != nil {
			return res, err
		}
		res.Placements++
	}
	p.events = g.EndGame(p.events[:0])
	p.move = 0
	p.addPoints()
	if err := p.checkScores(true); err != nil {
		return res, err
	}
	for i := range g.players {
		res.Scores[i] = g.players[i].Score
	}
	res.Discarded = g.discarded
	return res, nil
}

// turn plays the tile move of the drawn tile and then each decision of
// the turn, each move chosen uniformly among the legal ones.
func (p *Playout) turn() error {
	g := p.g
	p.pls = g.Placements(p.pls[:0])
	pl := p.pls[p.rng.below(uint32(len(p.pls)))]
	at := int32(len(p.decisions))
	p.record = append(p.record, recordedTurn{tile: uint16(g.tile), feature: -1, at: pl, from: at, upTo: at})
	if err := p.apply(TileMove(pl)); err != nil {
		return err
	}
	for g.phase != phaseDraw && g.phase != phaseOver {
		p.moves = g.Legal(p.moves[:0])
		if len(p.moves) == 0 {
			return p.broken("the %s decision has no legal move", g.Decision())
		}
		m := p.moves[p.rng.below(uint32(len(p.moves)))]
		rt := &p.record[len(p.record)-1]
		if m.Kind == MoveBase {
			rt.feature = int16(m.Feature)
		} else {
			from, _ := g.Held()
			p.decisions = append(p.decisions, recordedMove{m: m, from: from})
			rt.upTo = int32(len(p.decisions))
		}
		if err := p.apply(m); err != nil {
			return err
		}
	}
	return nil
}

// apply plays one move, adds its points and checks the invariants.
func (p *Playout) apply(m Move) error {
	p.move++
	var err error
	if p.events, err = p.g.Apply(m, p.events[:0]); err != nil {
		return fmt.Errorf("game seed %d, move %d: %w", p.seed, p.move, err)
	}
	p.addPoints()
	return p.verify(p.g.last)
}

// addPoints adds the points events of the last move to each player's sum.
func (p *Playout) addPoints() {
	for i := range p.events {
		if e := &p.events[i]; e.Kind == EventScored {
			p.points[e.Player] += e.Points
		}
	}
}

// verify checks the invariants after a move, when checking.
func (p *Playout) verify(pl Placement) error {
	if !p.check {
		return nil
	}
	if err := p.checkFit(pl.Pos); err != nil {
		return err
	}
	if err := p.checkFollowers(); err != nil {
		return err
	}
	if err := p.checkFigures(); err != nil {
		return err
	}
	return p.checkScores(false)
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
	return e
}

// recordAside records the tiles the last draw set aside.
func (p *Playout) recordAside() {
	for _, t := range p.g.setAside[p.aside:] {
		p.record = append(p.record, recordedTurn{tile: t, discard: true, feature: -1})
	}
	p.aside = len(p.g.setAside)
	for _, t := range p.g.asideLog[p.dragonAside:] {
		p.record = append(p.record, recordedTurn{tile: t, discard: true, feature: -1})
	}
	p.dragonAside = len(p.g.asideLog)
}

// Scenario returns a scenario that replays the game played so far, with a
// title: the same players, edition, selection and options, the start tile
// alone, and a turn for each tile taken, with its placement and follower or
// as set aside. Its pile is left empty, so that the pile is the edition's
// less the start tile, and it does not end the game; its ID is
// "base/random-seed-S", S the game's seed.
func (p *Playout) Scenario(title string) tilekit.Scenario {
	r := p.g.rules
	s := tilekit.Scenario{
		ID:        fmt.Sprintf("base/random-seed-%d", p.seed),
		Title:     title,
		Edition:   r.edition,
		Players:   len(p.g.players),
		Publisher: r.publisher,
		Options:   tilekit.ScenarioOptions{NoFarmers: p.g.opts.NoFarmers, FirstEditionScoring: p.g.opts.FirstEditionScoring},
		Turns:     make([]tilekit.ScenarioTurn, len(p.record)),
	}
	for _, id := range r.selection {
		if id != "base" {
			s.Expansions = append(s.Expansions, id)
		}
	}
	for i, rt := range p.record {
		t := &s.Turns[i]
		t.Tile, t.Discard = r.ID(int(rt.tile)), rt.discard
		if rt.discard {
			continue
		}
		t.At, t.Rotation = rt.at.Pos, tilekit.Rotations[rt.at.Rot]
		if rt.feature >= 0 {
			t.Follower = r.FeatureName(int(rt.tile), int(rt.feature))
		}
		for _, d := range p.decisions[rt.from:rt.upTo] {
			p.recordDecision(t, d)
		}
	}
	return s
}

// recordDecision writes a recorded decision into a scenario's turn.
func (p *Playout) recordDecision(t *tilekit.ScenarioTurn, d recordedMove) {
	place := func(at tilekit.BoardPosition, i int) *tilekit.ScenarioPlace {
		sp := &tilekit.ScenarioPlace{At: at}
		if typ, _, ok := p.g.board.At(at); ok && i >= 0 {
			sp.Feature = p.g.rules.FeatureName(typ, i)
		}
		return sp
	}
	m := d.m
	switch m.Kind {
	case MovePortal:
		t.Portal = place(m.Placement.Pos, m.Feature)
	case MovePrincess:
		t.Princess = place(m.Placement.Pos, m.Feature)
	case MoveFairy:
		t.Fairy = place(m.Placement.Pos, m.Feature)
	case MoveDragon:
		t.Dragon = append(t.Dragon, m.Dir)
	case MoveBlackDragon:
		t.BlackDragon = append(t.BlackDragon, m.Dir)
	case MoveDrawbridge:
		if m.Feature >= 0 {
			from := place(d.from.Pos, d.from.Index)
			t.Drawbridge = append(t.Drawbridge, tilekit.ScenarioCrossing{From: *from, To: *place(m.Placement.Pos, m.Feature)})
		}
	}
}

// checkFit checks that the tile at a position has a placed neighbour and
// shows, on each side with one, the edge kind the neighbour shows.
func (p *Playout) checkFit(pos tilekit.BoardPosition) error {
	b := p.g.board
	typ, rot, ok := b.At(pos)
	if !ok {
		return p.broken("no tile at %s after it was placed", pos)
	}
	edges, neighbours := b.rules.Edges(typ, rot), 0
	for _, s := range tilekit.Sides {
		ntyp, nrot, ok := b.At(pos.Neighbour(s))
		if !ok {
			continue
		}
		neighbours++
		mine := edges >> (2 * uint(s)) & sideMask
		theirs := b.rules.Edges(ntyp, nrot) >> (2 * uint(s.Opposite())) & sideMask
		if mine != theirs {
			return p.broken("%s at %s shows %s on its %s side but its neighbour %s shows %s",
				b.rules.ID(typ), pos, codeKinds[mine], s, b.rules.ID(ntyp), codeKinds[theirs])
		}
	}
	if neighbours == 0 && len(b.placed) > 1 {
		return p.broken("%s at %s has no placed neighbour", b.rules.ID(typ), pos)
	}
	return nil
}

// checkFollowers checks that each player's followers on the board and at
// hand make Followers.
func (p *Playout) checkFollowers() error {
	var onBoard [MaxPlayers]int
	for _, f := range p.g.followers {
		onBoard[f.player]++
	}
	for _, h := range p.g.held {
		onBoard[h.player]++
	}
	for i, pl := range p.g.players {
		if pl.Supply < 0 || pl.Supply+onBoard[i]+p.g.lost[i] != Followers {
			return p.broken("player %d has %d followers at hand, %d on the board and %d out of the game, not %d in all",
				i+1, pl.Supply, onBoard[i], p.g.lost[i], Followers)
		}
	}
	return nil
}

// checkScores checks that no score went down since the last move and
// that each score is the sum of the player's points events, then notes
// the scores; end says that the move is the end of the game. It checks
// nothing when not checking.
func (p *Playout) checkScores(end bool) error {
	if !p.check {
		return nil
	}
	for i, pl := range p.g.players {
		if pl.Score < p.last[i] {
			return p.broken("the score of player %d went down from %d to %d", i+1, p.last[i], pl.Score)
		}
		if pl.Score != p.points[i] {
			what := "after the move"
			if end {
				what = "at the end"
			}
			return p.broken("the score of player %d is %d %s but their points events add up to %d",
				i+1, pl.Score, what, p.points[i])
		}
		p.last[i] = pl.Score
	}
	return nil
}
