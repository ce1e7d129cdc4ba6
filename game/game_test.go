package game_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// refScorer is the reference for followers and scores: it keeps its own
// followers, keyed by the feature of a placed tile, and finds the joined
// features by flood fill from scratch after every move (refFeatures).
type refScorer struct {
	rb        refBoard
	followers map[refFeat]int
	score     []int
	supply    []int
	complete  map[refFeat]bool
}

func newRefScorer(cat *tilekit.Catalog, r *game.Ruleset, players int) *refScorer {
	rs := &refScorer{rb: newRefBoard(cat, r), followers: map[refFeat]int{}, score: make([]int, players), supply: make([]int, players)}
	for p := range rs.supply {
		rs.supply[p] = 7
	}
	rs.complete = completeKeys(refFeatures(rs.rb))
	return rs
}

// on counts the followers of each player on a group.
func (rs *refScorer) on(g *refGroup) (count []int, most int) {
	count = make([]int, len(rs.score))
	for _, m := range g.members {
		if p, ok := rs.followers[m]; ok {
			count[p]++
			most = max(most, count[p])
		}
	}
	return count, most
}

// legal lists the follower moves of a player after a tile at p.
func (rs *refScorer) legal(groups map[refFeat]*refGroup, p tilekit.BoardPosition, player int) []game.Move {
	out := []game.Move{game.NoFollower}
	if rs.supply[player] == 0 {
		return out
	}
	for i := range rs.rb.cells[p].tile.Features {
		if _, most := rs.on(groups[refFeat{p, i}]); most == 0 {
			out = append(out, game.FollowerMove(i))
		}
	}
	return out
}

// award gives points to the players with the most followers on a group.
func (rs *refScorer) award(g *refGroup, points int) {
	count, most := rs.on(g)
	for p, n := range count {
		if n == most && most > 0 {
			rs.score[p] += points
		}
	}
}

// scoreMove scores the groups the last move completed and takes their
// followers back.
func (rs *refScorer) scoreMove(groups map[refFeat]*refGroup) {
	now := completeKeys(groups)
	for k := range now {
		if rs.complete[k] {
			continue
		}
		g := groups[k]
		points := map[tilekit.FeatureKind]int{tilekit.Road: g.tiles, tilekit.City: 2*g.tiles + 2*g.pennants, tilekit.Cloister: 9}[g.kind]
		rs.award(g, points)
		for _, m := range g.members {
			if p, ok := rs.followers[m]; ok {
				rs.supply[p]++
				delete(rs.followers, m)
			}
		}
	}
	rs.complete = now
}

// endGame scores the groups with followers at the end of the game.
func (rs *refScorer) endGame() {
	groups := refFeatures(rs.rb)
	seen := map[*refGroup]bool{}
	for m := range rs.followers {
		g := groups[m]
		if seen[g] {
			continue
		}
		seen[g] = true
		switch g.kind {
		case tilekit.Road:
			rs.award(g, g.tiles)
		case tilekit.City:
			rs.award(g, g.tiles+g.pennants)
		case tilekit.Cloister:
			rs.award(g, 1+g.around)
		case tilekit.Field:
			rs.award(g, 3*rs.completedCities(groups, g))
		}
	}
}

// completedCities counts the complete city groups a field group borders
// through the Cities of its features.
func (rs *refScorer) completedCities(groups map[refFeat]*refGroup, field *refGroup) int {
	cities := map[*refGroup]bool{}
	for _, m := range field.members {
		tile := rs.rb.cells[m.pos].tile
		for _, id := range tile.Features[m.index].Cities {
			for j := range tile.Features {
				if tile.Features[j].ID == id {
					if c := groups[refFeat{m.pos, j}]; c.complete() {
						cities[c] = true
					}
				}
			}
		}
	}
	return len(cities)
}

// check compares the game's scores, supplies and followers with the
// reference's, and checks the invariants.
func (rs *refScorer) check(t *testing.T, g *game.Game, last []int, points []int, where string) {
	t.Helper()
	onBoard := make([]int, len(rs.score))
	got := map[refFeat]int{}
	for _, f := range g.Followers(nil) {
		got[refFeat{f.Pos, f.Index}] = f.Player
		onBoard[f.Player]++
	}
	require.Equal(t, rs.followers, got, where)
	for p := range rs.score {
		pl := g.Player(p)
		require.Equal(t, rs.score[p], pl.Score, "%s: score of player %d", where, p)
		require.Equal(t, rs.supply[p], pl.Supply, "%s: supply of player %d", where, p)
		require.Equal(t, game.Followers, pl.Supply+onBoard[p], "%s: followers of player %d", where, p)
		require.GreaterOrEqual(t, pl.Score, last[p], where)
		require.Equal(t, points[p], pl.Score, "%s: the points events of player %d add up to the score", where, p)
		last[p] = pl.Score
	}
}

// playScored plays a random game with a number of players, choosing
// uniformly among the legal placements and the legal follower moves, none
// included, and compares it with the reference after every move. It
// returns the number of points events and of farmers' points events.
func playScored(t *testing.T, cat *tilekit.Catalog, r *game.Ruleset, players int, seed uint64) (events, farmers int) {
	g, err := game.NewGame(r, players, seed)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 1))
	rs := newRefScorer(cat, r, players)
	last, points := make([]int, players), make([]int, players)
	add := func(evs []game.Event) {
		for _, e := range evs {
			if e.Kind == game.EventScored {
				points[e.Player] += e.Points
				events++
				farmers += boolInt(e.Feature.Kind == game.KindField && e.Points > 0)
			}
		}
	}
	for {
		typ, ok := g.Draw()
		if !ok {
			break
		}
		player := g.Turn()
		pls := g.Placements(nil)
		pl := pls[rng.IntN(len(pls))]
		_, err := g.Apply(game.TileMove(pl), nil)
		require.NoError(t, err)
		rs.rb.place(pl.Pos, typ, pl.Rot)
		groups := refFeatures(rs.rb)
		moves := g.FollowerMoves(nil)
		where := r.ID(typ) + " at " + pl.Pos.String() + " on " + g.Board().String()
		require.ElementsMatch(t, rs.legal(groups, pl.Pos, player), moves, where)
		m := moves[rng.IntN(len(moves))]
		evs, err := g.Apply(m, nil)
		require.NoError(t, err)
		add(evs)
		if m.Feature >= 0 {
			rs.followers[refFeat{pl.Pos, int(m.Feature)}] = player
			rs.supply[player]--
		}
		rs.scoreMove(groups)
		rs.check(t, g, last, points, where)
	}
	add(g.EndGame(nil))
	rs.endGame()
	rs.check(t, g, last, points, "end of game on "+g.Board().String())
	return events, farmers
}

func TestScoresMatchReferenceOnRandomGames(t *testing.T) {
	cat, r := baseRules(t)
	events, farmers := 0, 0
	for seed := range uint64(10) {
		e, f := playScored(t, cat, r, 2+int(seed)%5, 300+seed)
		events, farmers = events+e, farmers+f
	}
	assert.Greater(t, events, 100, "enough points are scored for the comparison to mean something")
	assert.Positive(t, farmers, "some farmers score")
}

func TestScoresMatchReferenceWithEveryExpansion(t *testing.T) {
	cat := catalog(t)
	r, err := game.Compile(cat, rules.SelectAll(), game.Setup{Edition: tilekit.C2, BaseTurn: true})
	require.NoError(t, err)
	events := 0
	for seed := range uint64(3) {
		e, _ := playScored(t, cat, r, 3, 400+seed)
		events += e
	}
	assert.Positive(t, events)
}

// randomGame plays random games with a Game, reusing its buffers so that a
// game allocates nothing.
type randomGame struct {
	g      *game.Game
	rng    *rand.Rand
	moves  []game.Move
	events []game.Event
	seed   uint64
}

func newRandomGame(t testing.TB, r *game.Ruleset, players int, seed uint64) *randomGame {
	g, err := game.NewGame(r, players, seed)
	require.NoError(t, err)
	return &randomGame{
		g: g, rng: rand.New(rand.NewPCG(seed, 2)), seed: seed,
		moves: make([]game.Move, 0, 64), events: make([]game.Event, 0, 64),
	}
}

// play plays one whole game, the end included, on the game reset, and
// returns the number of tiles placed.
func (rg *randomGame) play() int {
	rg.seed++
	rg.g.Reset(rg.seed)
	return rg.playOut()
}

// playNew plays one whole game on a game made afresh by NewGame, and
// returns the number of tiles placed.
func (rg *randomGame) playNew() int {
	rg.seed++
	g, err := game.NewGame(rg.g.Ruleset(), rg.g.NumPlayers(), rg.seed)
	if err != nil {
		panic(err)
	}
	rg.g = g
	return rg.playOut()
}

// playOut plays the game from its first draw to its end and returns the
// number of tiles placed.
func (rg *randomGame) playOut() int {
	placed := 0
	for {
		if _, ok := rg.g.Draw(); !ok {
			break
		}
		pl, _ := rg.g.DistinctPlacement(rg.rng.IntN(rg.g.CountDistinct()))
		if _, err := rg.g.Apply(game.TileMove(pl), nil); err != nil {
			panic(err)
		}
		rg.moves = rg.g.FollowerMoves(rg.moves[:0])
		var err error
		if rg.events, err = rg.g.Apply(rg.moves[rg.rng.IntN(len(rg.moves))], rg.events[:0]); err != nil {
			panic(err)
		}
		placed++
	}
	rg.events = rg.g.EndGame(rg.events[:0])
	return placed
}

func TestRandomScoredGameAllocatesNothing(t *testing.T) {
	_, r := baseRules(t)
	rg := newRandomGame(t, r, 2, 5)
	placed := 0
	allocs := testing.AllocsPerRun(20, func() { placed = rg.play() })
	assert.Zero(t, allocs)
	assert.Greater(t, placed, 60)
}

// BenchmarkRandomGame plays whole random 2-player base games (C2): each
// game draws the pile in a seeded random order, lays each tile at a
// placement chosen uniformly among its distinct legal ones
// (Game.CountDistinct), makes a uniformly random follower move
// (none included), scores what each move completes and scores the end.
// Once set up a game allocates nothing; ns/placement is the time of a game
// over the tiles it placed.
func BenchmarkRandomGame(b *testing.B) {
	benchmarkRandomGame(b, (*randomGame).play)
}

// BenchmarkRandomGameNewGame is BenchmarkRandomGame with a game made by
// NewGame for each game instead of one game Reset.
func BenchmarkRandomGameNewGame(b *testing.B) {
	benchmarkRandomGame(b, (*randomGame).playNew)
}

// benchmarkRandomGame plays base games with two players by play, one a
// loop, reporting the time per placement and the games a second.
func benchmarkRandomGame(b *testing.B, play func(*randomGame) int) {
	_, r := baseRules(b)
	rg := newRandomGame(b, r, 2, 42)
	placements := 0
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		placements += play(rg)
	}
	elapsed := time.Since(start)
	b.ReportMetric(float64(elapsed.Nanoseconds())/float64(placements), "ns/placement")
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "games/s")
}
