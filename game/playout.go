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
}

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
		moves:  make([]Move, 0, r.maxFeatures+1),
		events: make([]Event, 0, 64),
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
	clear(p.last[:])
	clear(p.points[:])
	res := Result{Seed: seed, Players: len(g.players)}
	for {
		if _, ok := g.Draw(); !ok {
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

// turn plays the tile move and the follower move of the drawn tile.
func (p *Playout) turn() error {
	g := p.g
	p.pls = g.Placements(p.pls[:0])
	pl := p.pls[p.rng.below(uint32(len(p.pls)))]
	p.move++
	if _, err := g.Apply(TileMove(pl), nil); err != nil {
		return fmt.Errorf("game seed %d, move %d: %w", p.seed, p.move, err)
	}
	if err := p.verify(pl); err != nil {
		return err
	}
	p.moves = g.FollowerMoves(p.moves[:0])
	m := p.moves[p.rng.below(uint32(len(p.moves)))]
	p.move++
	var err error
	if p.events, err = g.Apply(m, p.events[:0]); err != nil {
		return fmt.Errorf("game seed %d, move %d: %w", p.seed, p.move, err)
	}
	p.addPoints()
	return p.verify(pl)
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
	return p.checkScores(false)
}

// broken returns the BreakError of the current move.
func (p *Playout) broken(format string, args ...any) error {
	return &BreakError{Seed: p.seed, Move: p.move, What: fmt.Sprintf(format, args...)}
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
	for i, pl := range p.g.players {
		if pl.Supply < 0 || pl.Supply+onBoard[i] != Followers {
			return p.broken("player %d has %d followers at hand and %d on the board, not %d in all",
				i, pl.Supply, onBoard[i], Followers)
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
			return p.broken("the score of player %d went down from %d to %d", i, p.last[i], pl.Score)
		}
		if pl.Score != p.points[i] {
			what := "after the move"
			if end {
				what = "at the end"
			}
			return p.broken("the score of player %d is %d %s but their points events add up to %d",
				i, pl.Score, what, p.points[i])
		}
		p.last[i] = pl.Score
	}
	return nil
}
