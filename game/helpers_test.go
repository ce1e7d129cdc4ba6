package game_test

import (
	"cmp"
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

var (
	builtinOnce sync.Once
	builtinCat  *tilekit.Catalog
	builtinErr  error
)

// catalog returns the built-in catalog, loaded once for all the tests.
func catalog(t testing.TB) *tilekit.Catalog {
	t.Helper()
	builtinOnce.Do(func() { builtinCat, builtinErr = validator.BuiltinCatalog() })
	require.NoError(t, builtinErr)
	return builtinCat
}

// baseRules compiles the base game alone in the 2nd edition.
func baseRules(t testing.TB) (*tilekit.Catalog, *game.Ruleset) {
	t.Helper()
	return baseRulesWith(t, game.Options{})
}

// baseRulesWith is baseRules with rule options.
func baseRulesWith(t testing.TB, opts game.Options) (*tilekit.Catalog, *game.Ruleset) {
	t.Helper()
	cat := catalog(t)
	r, err := game.Compile(cat, rules.Selection{}, game.Setup{Edition: tilekit.C2, Options: opts})
	require.NoError(t, err)
	return cat, r
}

// refCell is a placed tile of the reference board.
type refCell struct {
	tile *tilekit.Tile
	rot  int
}

// refBoard is the deliberately simple reference: a map of placed tiles
// whose fit is asked of the catalog's own Edges, with no packing.
type refBoard struct {
	cat   *tilekit.Catalog
	r     *game.Ruleset
	cells map[tilekit.BoardPosition]refCell
}

func newRefBoard(cat *tilekit.Catalog, r *game.Ruleset) refBoard {
	rb := refBoard{cat: cat, r: r, cells: map[tilekit.BoardPosition]refCell{}}
	rb.place(tilekit.BoardPosition{}, r.Start(), 0)
	return rb
}

func (rb refBoard) clone() refBoard {
	return refBoard{cat: rb.cat, r: rb.r, cells: maps.Clone(rb.cells)}
}

func (rb refBoard) place(p tilekit.BoardPosition, typ, rot int) {
	rb.cells[p] = refCell{tile: rb.r.Tile(typ), rot: rot}
}

// refEdge is the edge kind side s of a tile shows when the tile is turned
// rot quarter turns: the side that turned onto s.
func refEdge(tile *tilekit.Tile, rot int, s tilekit.Side) tilekit.EdgeKind {
	return tile.Edges()[s.Rotate(-rot)]
}

func (rb refBoard) canPlace(p tilekit.BoardPosition, typ, rot int) bool {
	if _, taken := rb.cells[p]; taken {
		return false
	}
	tile := rb.r.Tile(typ)
	neighbours := 0
	for s, n := range p.Neighbours() {
		other, ok := rb.cells[n]
		if !ok {
			continue
		}
		neighbours++
		side := tilekit.Side(s)
		if refEdge(tile, rot, side) != refEdge(other.tile, other.rot, side.Opposite()) {
			return false
		}
	}
	return neighbours > 0
}

// legal lists every placement of a tile type, trying all four rotations
// at every empty position beside a placed tile, sorted.
func (rb refBoard) legal(typ int) []game.Placement {
	candidates := map[tilekit.BoardPosition]bool{}
	for p := range rb.cells {
		for _, n := range p.Neighbours() {
			candidates[n] = true
		}
	}
	var out []game.Placement
	for p := range candidates {
		for rot := range 4 {
			if rb.canPlace(p, typ, rot) {
				out = append(out, game.Placement{Pos: p, Rot: rot})
			}
		}
	}
	sortPlacements(out)
	return out
}

func sortPlacements(ps []game.Placement) {
	slices.SortFunc(ps, func(a, b game.Placement) int {
		return cmp.Or(cmp.Compare(a.Pos.Y, b.Pos.Y), cmp.Compare(a.Pos.X, b.Pos.X), cmp.Compare(a.Rot, b.Rot))
	})
}

// pileOf lists one tile type per copy in the draw pile.
func pileOf(r *game.Ruleset) []int {
	var pile []int
	for typ, n := range r.Pile() {
		for range n {
			pile = append(pile, typ)
		}
	}
	return pile
}

// player plays random games of placements only, reusing its buffers so
// that a game allocates nothing.
type player struct {
	board *game.Board
	rng   *rand.Rand
	full  []int
	pile  []int
}

func newPlayer(r *game.Ruleset, seed uint64) *player {
	full := pileOf(r)
	return &player{
		board: game.NewBoard(r),
		rng:   rand.New(rand.NewPCG(seed, 0)),
		full:  full,
		pile:  make([]int, 0, len(full)),
	}
}

// play plays one game: it draws a random tile from the pile, lays it at a
// placement chosen uniformly among its distinct legal ones or discards it when it fits nowhere,
// until the pile is empty. It returns the number of tiles placed, the
// start tile aside; it stops early after limit placements when limit is
// not negative.
func (p *player) play(limit int) int {
	p.start()
	placed := 0
	for len(p.pile) > 0 && placed != limit {
		typ, pl, ok := p.next()
		if !ok {
			continue
		}
		if err := p.board.Place(pl.Pos, typ, pl.Rot); err != nil {
			panic(err)
		}
		placed++
	}
	return placed
}

// start clears the board, places the start tile and fills the pile.
func (p *player) start() {
	p.board.Reset()
	p.board.PlaceStart()
	p.pile = append(p.pile[:0], p.full...)
}

// next draws a random tile from the pile and picks a placement for it
// uniformly among its distinct legal ones (Board.CountDistinct); ok is false when it fits nowhere and is discarded.
func (p *player) next() (typ int, pl game.Placement, ok bool) {
	i := p.rng.IntN(len(p.pile))
	typ = p.pile[i]
	p.pile[i] = p.pile[len(p.pile)-1]
	p.pile = p.pile[:len(p.pile)-1]
	n := p.board.CountDistinct(typ)
	if n == 0 {
		return typ, pl, false
	}
	pl, ok = p.board.DistinctPlacement(typ, p.rng.IntN(n))
	return typ, pl, ok
}

// randomBoard plays a random game of at most limit placements and returns
// the board together with the reference board holding the same tiles.
func randomBoard(cat *tilekit.Catalog, p *player, limit int) refBoard {
	p.play(limit)
	rb := refBoard{cat: cat, r: p.board.Ruleset(), cells: map[tilekit.BoardPosition]refCell{}}
	radius := p.board.Radius()
	for y := -radius; y <= radius; y++ {
		for x := -radius; x <= radius; x++ {
			pos := tilekit.BoardPosition{X: x, Y: y}
			if typ, rot, ok := p.board.At(pos); ok {
				rb.place(pos, typ, rot)
			}
		}
	}
	return rb
}

// The seed's neutral figures, by their ids.
var (
	figDragon = mustFigure("dragon")
	figBlack  = mustFigure("black-dragon")
	figFairy  = mustFigure("fairy")
)

// mustFigure returns the figure of an id.
func mustFigure(id string) game.Figure {
	f, err := game.FigureOf(id)
	if err != nil {
		panic(err)
	}
	return f
}

// parseMove reads a move in a game's notation, failing the test when it
// is not one.
func parseMove(t testing.TB, g *game.Game, text string) game.Move {
	t.Helper()
	m, err := g.ParseMove(text)
	require.NoError(t, err)
	return m
}

// changedStep copies the built-in data with the one step that match
// finds changed as a user's data folder could: change edits the step,
// whose parts of its mechanics are copies of their own.
func changedStep(t testing.TB, what string, match func(s *tilekit.Step) bool, change func(s *tilekit.Step)) *tilekit.Catalog {
	t.Helper()
	d := catalog(t).Written()
	d.Steps = slices.Clone(d.Steps)
	changed := 0
	for i := range d.Steps {
		s := &d.Steps[i]
		if !match(s) {
			continue
		}
		m := &s.Mechanics
		m.Trigger, m.Movement, m.Choice = clonePart(m.Trigger), clonePart(m.Movement), clonePart(m.Choice)
		m.Deployment, m.Dismissal, m.Crossing = clonePart(m.Deployment), clonePart(m.Dismissal), clonePart(m.Crossing)
		change(s)
		changed++
	}
	require.Equal(t, 1, changed, "the one step %s", what)
	return tilekit.NewCatalog(d)
}

// clonePart returns a copy of a part of a step's mechanics, nil for nil.
func clonePart[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
