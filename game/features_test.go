package game_test

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// refFeat is one feature of a placed tile: the feature index of the tile
// at a position.
type refFeat struct {
	pos   tilekit.BoardPosition
	index int
}

func compareRefFeat(a, b refFeat) int {
	return cmp.Or(cmp.Compare(a.pos.Y, b.pos.Y), cmp.Compare(a.pos.X, b.pos.X), cmp.Compare(a.index, b.index))
}

// refGroup is a joined feature as the reference finds it.
type refGroup struct {
	kind                          tilekit.FeatureKind
	members                       []refFeat
	open, tiles, pennants, around int
}

// key names a group by its first member.
func (g *refGroup) key() refFeat { return g.members[0] }

func (g *refGroup) complete() bool {
	switch g.kind {
	case tilekit.Road, tilekit.City:
		return g.open == 0
	case tilekit.Cloister:
		return g.around == 8
	}
	return false
}

// refMatches lists the features across the border that feature f of the
// tile at p, turned rot quarter turns, meets at its edge position q (at
// rotation 0): the features of the neighbour of the same kind that touch
// the matching side or half. No tile there, or no such feature, means the
// edge is open.
func (rb refBoard) refMatches(p tilekit.BoardPosition, f *tilekit.Feature, q tilekit.EdgePoint, rot int) []refFeat {
	q = q.Rotate(rot)
	info := f.Kind.Info()
	var want tilekit.EdgePoint
	switch {
	case (info.Touch == tilekit.TouchSides || info.Touch == tilekit.TouchMiddles) && !q.IsHalf:
		want = tilekit.EdgePoint{Side: q.Side.Opposite()}
	case info.Touch == tilekit.TouchHalves && q.IsHalf:
		h := q.Half.Touching()
		want = tilekit.EdgePoint{IsHalf: true, Half: h, Side: h.Side()}
	default:
		return nil
	}
	n := p.Neighbour(q.Side)
	other, ok := rb.cells[n]
	if !ok {
		return []refFeat{}
	}
	out := []refFeat{}
	for j, g := range other.tile.Features {
		if g.Kind != f.Kind {
			continue
		}
		for _, gq := range g.Sides {
			if gq.Rotate(other.rot) == want {
				out = append(out, refFeat{n, j})
			}
		}
	}
	return out
}

// refFeatures finds every joined feature of the reference board by flood
// fill, from scratch, and returns the group of each feature of each tile.
func refFeatures(rb refBoard) map[refFeat]*refGroup {
	groups := map[refFeat]*refGroup{}
	for _, p := range sortedPositions(rb) {
		for i := range rb.cells[p].tile.Features {
			if groups[refFeat{p, i}] == nil {
				rb.fill(groups, refFeat{p, i})
			}
		}
	}
	return groups
}

// fill floods the group of one feature.
func (rb refBoard) fill(groups map[refFeat]*refGroup, start refFeat) {
	g := &refGroup{kind: rb.cells[start.pos].tile.Features[start.index].Kind}
	groups[start] = g
	tiles := map[tilekit.BoardPosition]bool{}
	for queue := []refFeat{start}; len(queue) > 0; queue = queue[1:] {
		m := queue[0]
		g.members = append(g.members, m)
		tiles[m.pos] = true
		c := rb.cells[m.pos]
		f := &c.tile.Features[m.index]
		g.pennants += boolInt(f.Has(tilekit.Pennant))
		if f.Kind == tilekit.Cloister {
			g.around = rb.placedAround(m.pos)
		}
		for _, q := range f.Sides {
			across := rb.refMatches(m.pos, f, q, c.rot)
			if across != nil && len(across) == 0 {
				g.open++
			}
			for _, o := range across {
				if groups[o] == nil {
					groups[o] = g
					queue = append(queue, o)
				}
			}
		}
	}
	g.tiles = len(tiles)
	slices.SortFunc(g.members, compareRefFeat)
}

// placedAround counts the placed tiles among the eight around a position.
func (rb refBoard) placedAround(p tilekit.BoardPosition) int {
	n := 0
	for _, s := range tilekit.Sides {
		_, side := rb.cells[p.Neighbour(s)]
		_, corner := rb.cells[p.Neighbour(s).Neighbour(s.Rotate(1))]
		n += boolInt(side) + boolInt(corner)
	}
	return n
}

// completeKeys lists the keys of the complete groups.
func completeKeys(groups map[refFeat]*refGroup) map[refFeat]bool {
	out := map[refFeat]bool{}
	for _, g := range groups {
		if g.complete() {
			out[g.key()] = true
		}
	}
	return out
}

// checkFeatures compares every feature of the board with the reference's
// groups: the same partition into joined features, and the same counts.
func checkFeatures(t *testing.T, b *game.Board, groups map[refFeat]*refGroup) {
	t.Helper()
	byID := map[int]*refGroup{}
	ids := map[*refGroup]int{}
	for m, g := range groups {
		f, ok := b.FeatureAt(m.pos, m.index)
		require.True(t, ok, "%v", m)
		where := fmt.Sprintf("feature %d at %s on %q", m.index, m.pos, b)
		require.Equal(t, g.kind, f.Kind.FeatureKind(), where)
		require.Equal(t, []int{g.open, g.tiles, g.pennants, g.around}, []int{f.Open, f.Tiles, f.Pennants, f.Around}, where)
		require.Equal(t, g.complete(), f.Complete(), where)
		if other, seen := byID[f.ID]; seen {
			require.Same(t, other, g, "%s: joined with a feature the reference keeps apart", where)
		}
		if id, seen := ids[g]; seen {
			require.Equal(t, id, f.ID, "%s: apart from a feature the reference joins", where)
		}
		byID[f.ID], ids[g] = g, f.ID
	}
}

// completedKeys maps the board's completed features to the reference's
// group keys, checking each against its group.
func completedKeys(t *testing.T, b *game.Board, groups map[refFeat]*refGroup) map[refFeat]bool {
	t.Helper()
	out := map[refFeat]bool{}
	for _, f := range b.Completed(nil) {
		g := groups[refFeat{f.Pos, f.Index}]
		require.NotNil(t, g, "completed %+v", f)
		require.True(t, f.Complete(), "%+v", f)
		require.False(t, out[g.key()], "completed twice: %+v", f)
		out[g.key()] = true
	}
	return out
}

// playChecked plays a random game like player.play, comparing the board's
// features and completions with the reference after every placement. It
// returns how many features were completed and how many joined features
// span fewer tiles than they have members.
func playChecked(t *testing.T, p *player, rb refBoard) (completed, shared int) {
	p.start()
	before := completeKeys(refFeatures(rb))
	for len(p.pile) > 0 {
		typ, pl, ok := p.next()
		if !ok {
			continue
		}
		require.NoError(t, p.board.Place(pl.Pos, typ, pl.Rot))
		rb.place(pl.Pos, typ, pl.Rot)
		groups := refFeatures(rb)
		checkFeatures(t, p.board, groups)
		after := completeKeys(groups)
		want := map[refFeat]bool{}
		for k := range after {
			if !before[k] {
				want[k] = true
			}
		}
		require.Equal(t, want, completedKeys(t, p.board, groups), "%s at %s on %q", p.board.Ruleset().ID(typ), pl.Pos, p.board)
		completed += len(want)
		before = after
		for _, g := range groups {
			shared += boolInt(g.tiles < len(g.members))
		}
	}
	return completed, shared
}

func TestFeaturesMatchReferenceOnRandomGames(t *testing.T) {
	cat, r := baseRules(t)
	completed, shared := 0, 0
	for seed := range uint64(12) {
		p := newPlayer(r, 100+seed)
		c, s := playChecked(t, p, newRefBoard(cat, r))
		completed += c
		shared += s
	}
	assert.Greater(t, completed, 50, "enough features complete for the comparison to mean something")
	assert.Positive(t, shared, "some features span a tile twice")
}

// placeAll lays tiles given as ID@quarter-turns at positions on a board,
// checking that each fits, and returns what the last one completed.
func placeAll(t *testing.T, b *game.Board, tiles ...any) []game.Feature {
	t.Helper()
	for i := 0; i < len(tiles); i += 3 {
		p, id, rot := tiles[i].(tilekit.BoardPosition), tiles[i+1].(string), tiles[i+2].(int)
		typ, ok := b.Ruleset().Type(id)
		require.True(t, ok, id)
		require.True(t, b.CanPlace(p, typ, rot), "%s at %s rotation %d", id, p, rot)
		require.NoError(t, b.Place(p, typ, rot))
	}
	return b.Completed(nil)
}

func pos(x, y int) tilekit.BoardPosition { return tilekit.BoardPosition{X: x, Y: y} }

func TestRoadClosedByTwoDeadEnds(t *testing.T) {
	_, r := baseRules(t)
	b := game.StartBoard(r)
	// The start tile's road runs west to east; a cloister with a road ends
	// it on the east, then another on the west.
	assert.Empty(t, placeAll(t, b, pos(1, 0), "base/A", 1))
	road, ok := b.FeatureAt(pos(0, 0), 1)
	require.True(t, ok)
	assert.Equal(t, game.KindRoad, road.Kind)
	assert.Equal(t, []int{1, 2}, []int{road.Open, road.Tiles})
	assert.False(t, road.Complete())

	done := placeAll(t, b, pos(-1, 0), "base/A", 3)
	require.Len(t, done, 1)
	assert.Equal(t, game.KindRoad, done[0].Kind)
	assert.Equal(t, []int{0, 3, 0}, []int{done[0].Open, done[0].Tiles, done[0].Pennants})
	now, _ := b.FeatureAt(pos(1, 0), 1)
	assert.Equal(t, done[0], now, "the road of the first cloister tile is the same road")
}

func TestCityOfTwoCapsClosed(t *testing.T) {
	_, r := baseRules(t)
	b := game.StartBoard(r)
	done := placeAll(t, b, pos(0, -1), "base/E", 2)
	require.Len(t, done, 1)
	assert.Equal(t, game.KindCity, done[0].Kind)
	assert.Equal(t, []int{0, 2, 0}, []int{done[0].Open, done[0].Tiles, done[0].Pennants})
	assert.True(t, done[0].Complete())
	assert.Empty(t, placeAll(t, b, pos(0, 1), "base/E", 2), "a later placement completes nothing")
}

func TestCityWithAnOpenSideIsNotComplete(t *testing.T) {
	_, r := baseRules(t)
	b := game.StartBoard(r)
	assert.Empty(t, placeAll(t, b, pos(0, -1), "base/F", 1))
	city, ok := b.FeatureAt(pos(0, -1), 0)
	require.True(t, ok)
	assert.Equal(t, game.Feature{ID: city.ID, Pos: city.Pos, Index: city.Index, Kind: game.KindCity, Open: 1, Tiles: 2, Pennants: 1}, city)
	assert.False(t, city.Complete())
	start, _ := b.FeatureAt(pos(0, 0), 0)
	assert.Equal(t, city, start, "the start tile's city is the same city")
}

func TestCloisterSurrounded(t *testing.T) {
	_, r := baseRules(t)
	b := game.NewBoard(r)
	// A block of nine cloisters, laid away from the start: only the middle
	// one is surrounded, by the last tile.
	middle := pos(5, 5)
	var ring []tilekit.BoardPosition
	for _, s := range tilekit.Sides {
		ring = append(ring, middle.Neighbour(s), middle.Neighbour(s).Neighbour(s.Rotate(1)))
	}
	typ, _ := r.Type("base/B")
	require.NoError(t, b.Place(middle, typ, 0))
	for i, p := range ring {
		require.NoError(t, b.Place(p, typ, 0))
		cloister, _ := b.FeatureAt(middle, 0)
		assert.Equal(t, i+1, cloister.Around)
		if i < 7 {
			assert.Empty(t, b.Completed(nil), "after %d neighbours", i+1)
		}
	}
	done := b.Completed(nil)
	require.Len(t, done, 1)
	assert.Equal(t, game.Feature{ID: done[0].ID, Pos: middle, Index: 0, Kind: game.KindCloister, Tiles: 1, Around: 8}, done[0])
	field, _ := b.FeatureAt(middle, 1)
	assert.Equal(t, []int{9, 24}, []int{field.Tiles, field.Open}, "one field over the block, open on its 12 outer sides")
	assert.False(t, field.Complete(), "a field is never complete")
}

func TestFeatureAtRefusesBadArguments(t *testing.T) {
	_, r := baseRules(t)
	b := game.StartBoard(r)
	_, ok := b.FeatureAt(pos(0, 0), 4)
	assert.False(t, ok, "base/D has four features")
	_, ok = b.FeatureAt(pos(0, 0), -1)
	assert.False(t, ok)
	_, ok = b.FeatureAt(pos(1, 0), 0)
	assert.False(t, ok, "empty")
	_, ok = b.FeatureAt(pos(1000, 0), 0)
	assert.False(t, ok, "off the board")
}

func TestCompiledFeaturesMatchCatalog(t *testing.T) {
	cat := catalog(t)
	r, err := game.Compile(cat, rules.SelectAll(), game.Setup{Edition: tilekit.C2, BaseTurn: true})
	require.NoError(t, err)
	for typ := range r.NumTypes() {
		tile := cat.PlayedTile(cat.Tile(r.ID(typ)), rules.SelectAll().Has)
		require.Equal(t, len(tile.Features), r.NumFeatures(typ), tile.ID)
		for i, f := range tile.Features {
			assert.Equal(t, f.Kind, r.FeatureKind(typ, i).FeatureKind(), "%s feature %d", tile.ID, i)
			assert.Equal(t, boolInt(f.Has(tilekit.Pennant)), r.FeaturePennants(typ, i), "%s feature %d", tile.ID, i)
			var cities []int
			for _, id := range f.Cities {
				cities = append(cities, slices.IndexFunc(tile.Features, func(c tilekit.Feature) bool { return c.ID == id }))
			}
			assert.Equal(t, cities, r.FieldCities(typ, i, nil), "%s feature %d borders", tile.ID, i)
		}
		for rot := range 4 {
			for _, p := range edgePositions() {
				assert.Equal(t, refFeatureAtEdge(tile, rot, p), r.FeatureAtEdge(typ, rot, p), "%s rotation %d at %s", tile.ID, rot, p)
			}
		}
	}
}

// edgePositions lists the four sides and the eight halves.
func edgePositions() []tilekit.EdgePoint {
	var out []tilekit.EdgePoint
	for _, s := range tilekit.Sides {
		out = append(out, tilekit.EdgePoint{Side: s})
	}
	for _, h := range tilekit.Halves {
		out = append(out, tilekit.EdgePoint{IsHalf: true, Half: h, Side: h.Side()})
	}
	return out
}

// refFeatureAtEdge is the last feature of a tile turned rot quarter turns
// that touches an edge position the way its kind does: a road or city at
// a whole side, a field at a half.
func refFeatureAtEdge(tile *tilekit.Tile, rot int, p tilekit.EdgePoint) int {
	found := -1
	for i, f := range tile.Features {
		touch := f.Kind.Info().Touch
		if p.IsHalf != (touch == tilekit.TouchHalves) || touch == tilekit.TouchNone {
			continue
		}
		for _, q := range f.Sides {
			if q.Rotate(rot) == p {
				found = i
			}
		}
	}
	return found
}

func TestFeaturesMatchReferenceWithEveryExpansion(t *testing.T) {
	cat := catalog(t)
	r, err := game.Compile(cat, rules.SelectAll(), game.Setup{Edition: tilekit.C2, BaseTurn: true})
	require.NoError(t, err)
	completed := 0
	for seed := range uint64(4) {
		c, _ := playChecked(t, newPlayer(r, 200+seed), newRefBoard(cat, r))
		completed += c
	}
	assert.Positive(t, completed)
}

func TestBoardWithMoreTilesThanTheGameGrows(t *testing.T) {
	_, r := baseRules(t)
	b := game.NewBoard(r)
	typ, _ := r.Type("base/B")
	n := r.Total() + 20
	for x := range n {
		require.NoError(t, b.Place(pos(x-n/2, 0), typ, 0))
	}
	field, ok := b.FeatureAt(pos(0, 0), 1)
	require.True(t, ok)
	assert.Equal(t, n, field.Tiles)
	assert.Equal(t, 4*n+4, field.Open, "each tile's north and south halves, and the two ends")
}

func TestParsedBoardHasTheSameFeatures(t *testing.T) {
	cat, r := baseRules(t)
	p := newPlayer(r, 5)
	rb := randomBoard(cat, p, -1)
	parsed, err := game.ParseBoard(r, p.board.String())
	require.NoError(t, err)
	checkFeatures(t, parsed, refFeatures(rb))
	checkFeatures(t, p.board, refFeatures(rb))
}

// A board set up with more tiles than the rules have, here more than a
// thousand copies of the type with the most features, makes room for
// their feature instances as it goes, and describes the features of its
// last tiles: of the kinds of its first tile's, within the tiles placed.
func TestBoardHoldsMoreTilesThanTheRulesHave(t *testing.T) {
	_, r := baseRules(t)
	most := 0
	for typ := range r.NumTypes() {
		if r.NumFeatures(typ) > r.NumFeatures(most) {
			most = typ
		}
	}
	b := game.NewBoard(r)
	placed := 0
	for y := -4; y <= 4; y++ {
		for x := -b.Radius(); x <= b.Radius(); x++ {
			require.NoError(t, b.Place(tilekit.BoardPosition{X: x, Y: y}, most, 0))
			placed++
		}
	}
	require.Greater(t, placed*r.NumFeatures(most), 4*r.Total()*r.NumFeatures(most)/2)
	assert.Equal(t, placed, b.Len())
	first := tilekit.BoardPosition{X: -b.Radius(), Y: -4}
	for _, p := range []tilekit.BoardPosition{{}, {X: b.Radius(), Y: 4}} {
		for i := range r.NumFeatures(most) {
			want, _ := b.FeatureAt(first, i)
			f, ok := b.FeatureAt(p, i)
			require.True(t, ok, "%s feature %d", p, i)
			assert.Equal(t, want.Kind, f.Kind, "%s feature %d", p, i)
			assert.True(t, f.Tiles >= 1 && f.Tiles <= placed && f.Pos.Y >= -4 && f.Pos.Y <= 4, "%s feature %d: %+v", p, i, f)
		}
	}
}
