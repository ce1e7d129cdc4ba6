package game_test

// This file checks the engine's legal moves perft-style, the way chess
// engines are checked: from fixed positions with a fixed sequence of
// tiles, it counts the move sequences of a few turns (a tile move and a
// follower move each) with the engine and with a second, deliberately
// simple generator written only for this test. The two must list the same
// moves at every node, and both must give the counts of the table in
// testdata/perft, which the simple generator produced.
//
// The rules the simple generator follows are those of the Carcassonne
// rulebook (2nd edition): Placing a tile (every side that touches a placed
// tile shows the same kind of edge, and at least one does; a tile that
// fits nowhere is set aside and the player draws another) and Placing a
// follower (on a road, city, cloister or field of the tile just placed,
// when no follower stands anywhere on the feature it joins, and only with
// a follower at hand). Followers on a completed road, city or cloister go
// back to their owner after the turn (Scoring). It reads the catalog's
// tiles and turns them by hand: no packed edges, no compiled features and
// no union-find, a map of placed tiles and a flood fill instead.

import (
	"bufio"
	"cmp"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// pfNode is a feature of a placed tile of the reference: where the tile
// lies and the index of the feature in the catalog tile.
type pfNode struct {
	at    tilekit.BoardPosition
	index int
}

// pfTile is a placed tile of the reference, turned by hand: the edge kind
// it shows on each side of the board, and the edge positions of each of
// its features as they lie on the board.
type pfTile struct {
	tile  *tilekit.Tile
	typ   int
	rot   int
	edges [4]tilekit.EdgeKind
	sides [][]tilekit.EdgePoint
}

// pfTurnPosition returns where an edge position of a tile lies once the
// tile is turned rot quarter turns clockwise: a side moves on by rot
// sides, a half by rot sides of two halves each.
func pfTurnPosition(p tilekit.EdgePoint, rot int) tilekit.EdgePoint {
	if p.IsHalf {
		h := tilekit.Half((int(p.Half) + 2*rot) % 8)
		return tilekit.EdgePoint{IsHalf: true, Half: h, Side: h.Side()}
	}
	return tilekit.EdgePoint{Side: tilekit.Side((int(p.Side) + rot) % 4)}
}

// pfTurnTile turns a catalog tile by hand.
func pfTurnTile(tile *tilekit.Tile, typ, rot int) *pfTile {
	t := &pfTile{tile: tile, typ: typ, rot: rot, sides: make([][]tilekit.EdgePoint, len(tile.Features))}
	for s, e := range tile.Edges() {
		t.edges[(s+rot)%4] = e
	}
	for i, f := range tile.Features {
		for _, p := range f.Sides {
			t.sides[i] = append(t.sides[i], pfTurnPosition(p, rot))
		}
	}
	return t
}

// pfPosition is a position of the reference: the placed tiles, the
// followers on them, the number of players and whose turn it is.
type pfPosition struct {
	cat       *tilekit.Catalog
	r         *game.Ruleset
	turnedBy  map[[2]int]*pfTile
	players   int
	turn      int
	tiles     map[tilekit.BoardPosition]*pfTile
	followers []game.PlacedFollower
}

func newPfPosition(cat *tilekit.Catalog, r *game.Ruleset, players int) *pfPosition {
	return &pfPosition{cat: cat, r: r, turnedBy: map[[2]int]*pfTile{}, players: players, tiles: map[tilekit.BoardPosition]*pfTile{}}
}

func (p *pfPosition) clone() *pfPosition {
	q := *p
	q.tiles = make(map[tilekit.BoardPosition]*pfTile, len(p.tiles))
	for at, t := range p.tiles {
		q.tiles[at] = t
	}
	q.followers = slices.Clone(p.followers)
	return &q
}

// turned returns a tile type turned by hand, from the catalog, turning
// each type and rotation once (the positions cloned from one share them).
func (p *pfPosition) turned(typ, rot int) *pfTile {
	t, ok := p.turnedBy[[2]int{typ, rot}]
	if !ok {
		t = pfTurnTile(p.r.Tile(typ), typ, rot)
		p.turnedBy[[2]int{typ, rot}] = t
	}
	return t
}

// beside returns the placed tiles beside a position, by side (nil where
// none lies), and how many there are.
func (p *pfPosition) beside(at tilekit.BoardPosition) (tiles [4]*pfTile, n int) {
	for _, s := range tilekit.Sides {
		if t, ok := p.tiles[at.Neighbour(s)]; ok {
			tiles[s] = t
			n++
		}
	}
	return tiles, n
}

// pfFits reports whether a turned tile may be laid beside tiles (by side,
// nil where none lies): each of its sides that touches a tile shows that
// tile's edge kind on the facing side.
func pfFits(t *pfTile, beside [4]*pfTile) bool {
	for s, other := range beside {
		if other != nil && t.edges[s] != other.edges[(s+2)%4] {
			return false
		}
	}
	return true
}

// bounds returns the smallest and largest x and y of the placed tiles.
func (p *pfPosition) bounds() (lo, hi tilekit.BoardPosition) {
	first := true
	for at := range p.tiles {
		if first {
			lo, hi, first = at, at, false
		}
		lo = tilekit.BoardPosition{X: min(lo.X, at.X), Y: min(lo.Y, at.Y)}
		hi = tilekit.BoardPosition{X: max(hi.X, at.X), Y: max(hi.Y, at.Y)}
	}
	return lo, hi
}

// legal lists every placement of a tile type by brute force: every empty
// cell of the placed tiles' bounding box grown by one, at every rotation,
// where the tile fits its neighbours and has at least one, in the order y,
// x, rotation.
func (p *pfPosition) legal(typ int) []game.Placement {
	var turned [4]*pfTile
	for rot := range turned {
		turned[rot] = p.turned(typ, rot)
	}
	out := []game.Placement{}
	lo, hi := p.bounds()
	for y := lo.Y - 1; y <= hi.Y+1; y++ {
		for x := lo.X - 1; x <= hi.X+1; x++ {
			at := tilekit.BoardPosition{X: x, Y: y}
			if _, taken := p.tiles[at]; taken {
				continue
			}
			beside, n := p.beside(at)
			for rot, t := range turned {
				if n > 0 && pfFits(t, beside) {
					out = append(out, game.Placement{Pos: at, Rot: rot})
				}
			}
		}
	}
	return out
}

// across lists the features of the neighbouring tile that a feature meets
// at one of its edge positions on the board, q: the features of the same
// kind at the facing side, for a road or city at a whole side, or at the
// half q lies against (tilekit.Half.Touching), for a field. The edge is
// open when no tile lies there.
func (p *pfPosition) across(n pfNode, q tilekit.EdgePoint) (out []pfNode, open bool) {
	next := n.at.Neighbour(q.Side)
	other, ok := p.tiles[next]
	if !ok {
		return nil, true
	}
	want := tilekit.EdgePoint{Side: q.Side.Opposite()}
	if q.IsHalf {
		h := q.Half.Touching()
		want = tilekit.EdgePoint{IsHalf: true, Half: h, Side: h.Side()}
	}
	kind := p.tiles[n.at].tile.Features[n.index].Kind
	for j, f := range other.tile.Features {
		if f.Kind == kind && slices.Contains(other.sides[j], want) {
			out = append(out, pfNode{next, j})
		}
	}
	return out, false
}

// group finds by flood fill the features joined to one, and the number of
// their edge positions no tile meets.
func (p *pfPosition) group(start pfNode) (members []pfNode, open int) {
	seen := map[pfNode]bool{start: true}
	for queue := []pfNode{start}; len(queue) > 0; queue = queue[1:] {
		n := queue[0]
		members = append(members, n)
		for _, q := range p.tiles[n.at].sides[n.index] {
			others, isOpen := p.across(n, q)
			open += boolInt(isOpen)
			for _, o := range others {
				if !seen[o] {
					seen[o] = true
					queue = append(queue, o)
				}
			}
		}
	}
	return members, open
}

// complete reports whether the feature a node belongs to is complete: a
// road or city with no open edge, a cloister with the eight tiles around
// it placed. A field never is.
func (p *pfPosition) complete(n pfNode) bool {
	switch p.tiles[n.at].tile.Features[n.index].Kind {
	case tilekit.Road, tilekit.City:
		_, open := p.group(n)
		return open == 0
	case tilekit.Cloister:
		around := 0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				_, ok := p.tiles[tilekit.BoardPosition{X: n.at.X + dx, Y: n.at.Y + dy}]
				around += boolInt(ok && (dx != 0 || dy != 0))
			}
		}
		return around == 8
	}
	return false
}

// supply returns the number of followers a player has at hand.
func (p *pfPosition) supply(player int) int {
	n := game.Followers
	for _, f := range p.followers {
		n -= boolInt(f.Player == player)
	}
	return n
}

// occupied reports whether a follower stands on the feature a node joins.
func (p *pfPosition) occupied(n pfNode) bool {
	members, _ := p.group(n)
	for _, f := range p.followers {
		if slices.Contains(members, pfNode{f.Pos, f.Index}) {
			return true
		}
	}
	return false
}

// options lists the follower moves after a tile was laid at a position, as
// feature indices, -1 (no follower) first.
func (p *pfPosition) options(at tilekit.BoardPosition) []int {
	out := []int{-1}
	if p.supply(p.turn) == 0 {
		return out
	}
	for i := range p.tiles[at].tile.Features {
		if !p.occupied(pfNode{at, i}) {
			out = append(out, i)
		}
	}
	return out
}

// lay places a tile without asking whether it fits.
func (p *pfPosition) lay(typ int, pl game.Placement) {
	p.tiles[pl.Pos] = p.turned(typ, pl.Rot)
}

// follow ends the turn of the tile laid at a position: it puts the
// player's follower on a feature of it (none for -1), gives back the
// followers on completed features and passes the turn.
func (p *pfPosition) follow(at tilekit.BoardPosition, feature int) {
	if feature >= 0 {
		p.followers = append(p.followers, game.PlacedFollower{Player: p.turn, Pos: at, Index: feature})
	}
	p.followers = slices.DeleteFunc(p.followers, func(f game.PlacedFollower) bool {
		return p.complete(pfNode{f.Pos, f.Index})
	})
	p.turn = (p.turn + 1) % p.players
}

// play plays one turn, checking that it is legal.
func (p *pfPosition) play(t pfTurnMove) error {
	if !slices.Contains(p.legal(t.typ), t.at) {
		return fmt.Errorf("%s does not fit there", p.r.ID(t.typ))
	}
	p.lay(t.typ, t.at)
	if !slices.Contains(p.options(t.at.Pos), t.follower) {
		return fmt.Errorf("no follower may go on feature %d", t.follower)
	}
	p.follow(t.at.Pos, t.follower)
	return nil
}

// perft counts the move sequences of depth turns with a sequence of tiles:
// a tile that fits nowhere is set aside and the player takes the next one;
// a sequence that runs out of tiles before depth turns counts none.
func (p *pfPosition) perft(tiles []int, depth int) int {
	if depth == 0 {
		return 1
	}
	for ; len(tiles) > 0; tiles = tiles[1:] {
		legal := p.legal(tiles[0])
		if len(legal) == 0 {
			continue
		}
		n := 0
		for _, pl := range legal {
			laid := p.clone()
			laid.lay(tiles[0], pl)
			for _, f := range laid.options(pl.Pos) {
				next := laid.clone()
				next.follow(pl.Pos, f)
				n += next.perft(tiles[1:], depth-1)
			}
		}
		return n
	}
	return 0
}

// pfTurnMove is one turn: the tile type taken, where it was laid and the
// feature the follower went on, -1 for none.
type pfTurnMove struct {
	typ      int
	at       game.Placement
	follower int
}

// token writes a turn as a token of the snapshot notation of the table.
func (t pfTurnMove) token(r *game.Ruleset) string {
	s := fmt.Sprintf("%d,%d:%s@%d", t.at.Pos.X, t.at.Pos.Y, r.ID(t.typ), tilekit.Rotations[t.at.Rot])
	if t.follower >= 0 {
		s += fmt.Sprintf("+f%d", t.follower)
	}
	return s
}

// pfEngine plays the engine's side of a perft: it reaches each node by
// resetting one game and replaying the position's turns and the path.
type pfEngine struct {
	t     *testing.T
	g     *game.Game
	setup []pfTurnMove
}

// replay resets the game and plays the setup and a path of turns.
func (e *pfEngine) replay(path []pfTurnMove) {
	e.g.Reset(1)
	for _, t := range append(e.setup[:len(e.setup):len(e.setup)], path...) {
		err := e.g.Take(t.typ)
		if err == nil {
			_, err = e.g.Apply(game.TileMove(t.at), nil)
		}
		if err == nil {
			_, err = e.g.Apply(game.FollowerMove(t.follower), nil)
		}
		if err != nil {
			e.t.Fatalf("the engine refuses %s, replaying the %s: %v", t.token(e.g.Ruleset()), e.reproduce(path), err)
		}
	}
}

// reproduce writes the position reached by a path, for a message.
func (e *pfEngine) reproduce(path []pfTurnMove) string {
	turns := append(e.setup[:len(e.setup):len(e.setup)], path...)
	return fmt.Sprintf("position %q with %d players", pfNotation(e.g.Ruleset(), turns), e.g.NumPlayers())
}

// pfNotation writes the position reached by turns from the start tile in
// the notation of the perft table.
func pfNotation(r *game.Ruleset, turns []pfTurnMove) string {
	tokens := []string{fmt.Sprintf("0,0:%s@0", r.ID(r.Start()))}
	for _, t := range turns {
		tokens = append(tokens, t.token(r))
	}
	return strings.Join(tokens, " ")
}

// placements replays a path, takes a tile and lists its placements sorted.
func (e *pfEngine) placements(path []pfTurnMove, typ int) []game.Placement {
	e.replay(path)
	if err := e.g.Take(typ); err != nil {
		e.t.Fatalf("the engine refuses to take %s in the %s: %v", e.g.Ruleset().ID(typ), e.reproduce(path), err)
	}
	got := e.g.Placements([]game.Placement{})
	sortPlacements(got)
	return got
}

// followerMoves replays a path, lays a tile and lists the follower moves as
// sorted feature indices.
func (e *pfEngine) followerMoves(path []pfTurnMove, typ int, pl game.Placement) []int {
	e.replay(path)
	err := e.g.Take(typ)
	if err == nil {
		_, err = e.g.Apply(game.TileMove(pl), nil)
	}
	if err != nil {
		e.t.Fatalf("the engine refuses %s in the %s: %v", pfTurnMove{typ, pl, -1}.token(e.g.Ruleset()), e.reproduce(path), err)
	}
	var out []int
	for _, m := range e.g.FollowerMoves(nil) {
		out = append(out, int(m.Feature))
	}
	slices.Sort(out)
	return out
}

// walk counts the move sequences of depth turns after a path with the
// engine's moves, and checks at every node that the engine lists the
// reference's moves, the reference position ref being the path's. A
// disagreement stops the test with the position where it happens.
func (e *pfEngine) walk(ref *pfPosition, path []pfTurnMove, tiles []int, depth int) int {
	if depth == 0 {
		return 1
	}
	for ; len(tiles) > 0; tiles = tiles[1:] {
		got, want := e.placements(path, tiles[0]), ref.legal(tiles[0])
		if !slices.Equal(want, got) {
			require.Equal(e.t, want, got, "the placements of %s in the %s", ref.r.ID(tiles[0]), e.reproduce(path))
		}
		if len(got) == 0 {
			continue
		}
		n := 0
		for _, pl := range got {
			laid := ref.clone()
			laid.lay(tiles[0], pl)
			turn := pfTurnMove{tiles[0], pl, -1}
			moves, want := e.followerMoves(path, tiles[0], pl), laid.options(pl.Pos)
			if !slices.Equal(want, moves) {
				require.Equal(e.t, want, moves, "the follower moves after %s in the %s", turn.token(ref.r), e.reproduce(path))
			}
			if depth == 1 {
				n += len(moves)
				continue
			}
			for _, f := range moves {
				next := laid.clone()
				next.follow(pl.Pos, f)
				turn.follower = f
				n += e.walk(next, append(path[:len(path):len(path)], turn), tiles[1:], depth-1)
			}
		}
		return n
	}
	return 0
}

// pfCase is a line of the perft table.
type pfCase struct {
	where    string
	players  int
	position string
	tiles    string
	depth    int
	count    int
}

// pfReadTable reads a perft table: a line is "PLAYERS | POSITION | TILES |
// DEPTH | COUNT"; blank lines and lines starting with # are passed over.
func pfReadTable(t *testing.T, path string) []pfCase {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []pfCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", filepath.ToSlash(path), line)
		fields := strings.Split(text, "|")
		require.Len(t, fields, 5, "%s: want PLAYERS | POSITION | TILES | DEPTH | COUNT", where)
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		c := pfCase{where: where, position: fields[1], tiles: fields[2]}
		numbers := map[*int]string{&c.players: fields[0], &c.depth: fields[3], &c.count: fields[4]}
		for n, s := range numbers {
			*n, err = strconv.Atoi(s)
			require.NoError(t, err, "%s: %q is not a whole number", where, s)
		}
		out = append(out, c)
	}
	require.NoError(t, sc.Err())
	return out
}

// pfParseTurn reads a token of the snapshot notation: x,y:TILE@ROT, then
// +fN when the player put a follower on feature N.
func pfParseTurn(r *game.Ruleset, tok string) (pfTurnMove, error) {
	t := pfTurnMove{follower: -1}
	tok, follower, hasFollower := strings.Cut(tok, "+f")
	coords, rest, ok1 := strings.Cut(tok, ":")
	xs, ys, ok2 := strings.Cut(coords, ",")
	id, degrees, ok3 := strings.Cut(rest, "@")
	if !ok1 || !ok2 || !ok3 {
		return t, fmt.Errorf("token %q: want x,y:TILE@ROT or x,y:TILE@ROT+fN", tok)
	}
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	deg, errD := strconv.Atoi(degrees)
	if err := cmp.Or(errX, errY, errD); err != nil {
		return t, fmt.Errorf("token %q: %w", tok, err)
	}
	rot, err := tilekit.RotationQuarters(deg)
	if err != nil {
		return t, fmt.Errorf("token %q: %w", tok, err)
	}
	typ, ok := r.Type(id)
	if !ok {
		return t, fmt.Errorf("token %q: unknown tile %s", tok, id)
	}
	if hasFollower {
		if t.follower, err = strconv.Atoi(follower); err != nil {
			return t, fmt.Errorf("token %q: follower %q: %w", tok, follower, err)
		}
	}
	t.typ, t.at = typ, game.Placement{Pos: tilekit.BoardPosition{X: x, Y: y}, Rot: rot}
	return t, nil
}

// pfSetUp reads a case's position and tiles: the start tile, the turns
// played since, in order, and the tile types of the sequence. It refuses
// a start tile that is not the edition's at (0, 0) unturned, and a tile
// used more often than the edition has copies.
func pfSetUp(t *testing.T, cat *tilekit.Catalog, r *game.Ruleset, c pfCase) (setup []pfTurnMove, tiles []int) {
	tokens := strings.Fields(c.position)
	require.NotEmpty(t, tokens, "%s: no start tile", c.where)
	used := map[int]int{}
	for i, tok := range tokens {
		turn, err := pfParseTurn(r, tok)
		require.NoError(t, err, c.where)
		used[turn.typ]++
		if i == 0 {
			tile := r.Tile(turn.typ)
			require.True(t, slices.Contains(tile.Start, r.Edition()) && turn.at == game.Placement{} && turn.follower < 0,
				"%s: the position starts with the start tile of %s at 0,0 unturned, not %s", c.where, r.Edition(), tok)
			continue
		}
		setup = append(setup, turn)
	}
	for _, id := range strings.Fields(c.tiles) {
		typ, ok := r.Type(id)
		require.True(t, ok, "%s: unknown tile %s", c.where, id)
		tiles = append(tiles, typ)
		used[typ]++
	}
	for typ, n := range used {
		require.LessOrEqual(t, n, cat.Tile(r.ID(typ)).Copies(r.Edition()), "%s: more copies of %s than the game has", c.where, r.ID(typ))
	}
	return setup, tiles
}

// pfSameBoard checks that an engine's board holds the reference's tiles,
// read with Board.At over the bounding box grown by one, and nothing more;
// where says when, for a message.
func pfSameBoard(t *testing.T, b *game.Board, ref *pfPosition, where func() string) {
	lo, hi := ref.bounds()
	for y := lo.Y - 1; y <= hi.Y+1; y++ {
		for x := lo.X - 1; x <= hi.X+1; x++ {
			at := tilekit.BoardPosition{X: x, Y: y}
			typ, rot, ok := b.At(at)
			want, placed := ref.tiles[at]
			if placed != ok || placed && (want.typ != typ || want.rot != rot) {
				t.Fatalf("%s: the engine has %s at %s, the reference %s", where(), pfAt(b.Ruleset(), typ, rot, ok), at, pfAt(b.Ruleset(), want.typ, want.rot, placed))
			}
		}
	}
	if b.Len() != len(ref.tiles) {
		t.Fatalf("%s: the engine has %d tiles, %d of them around the reference's", where(), b.Len(), len(ref.tiles))
	}
}

// pfAt names the tile at a position, for a message.
func pfAt(r *game.Ruleset, typ, rot int, ok bool) string {
	if !ok {
		return "no tile"
	}
	return fmt.Sprintf("%s@%d", r.ID(typ), tilekit.Rotations[rot])
}

// pfSameFollowers checks that an engine's game has the reference's
// followers on the board and at hand, and that the same player is to play;
// where says when, for a message.
func pfSameFollowers(t *testing.T, g *game.Game, ref *pfPosition, where func() string) {
	order := func(a, b game.PlacedFollower) int {
		return cmp.Or(cmp.Compare(a.Pos.Y, b.Pos.Y), cmp.Compare(a.Pos.X, b.Pos.X), cmp.Compare(a.Index, b.Index), cmp.Compare(a.Player, b.Player))
	}
	got := g.Followers([]game.PlacedFollower{})
	want := append([]game.PlacedFollower{}, ref.followers...)
	slices.SortFunc(got, order)
	slices.SortFunc(want, order)
	if !slices.Equal(want, got) {
		require.Equal(t, want, got, "%s: the followers on the board", where())
	}
	for p := range ref.players {
		if ref.supply(p) != g.Player(p).Supply {
			t.Fatalf("%s: player %d has %d followers at hand, the reference says %d", where(), p, g.Player(p).Supply, ref.supply(p))
		}
	}
	if ref.turn != g.Turn() {
		t.Fatalf("%s: player %d is to play, the reference says %d", where(), g.Turn(), ref.turn)
	}
}

// pfFollowerMark is the follower mark of a token of the snapshot notation,
// which the board notation does not have.
var pfFollowerMark = regexp.MustCompile(`\+f[0-9]+`)

func TestPerftTable(t *testing.T) {
	cat, r := baseRules(t)
	cases := pfReadTable(t, filepath.Join("testdata", "perft", "base.txt"))
	require.NotEmpty(t, cases)
	for _, c := range cases {
		setup, tiles := pfSetUp(t, cat, r, c)
		ref := newPfPosition(cat, r, c.players)
		ref.lay(r.Start(), game.Placement{})
		for _, turn := range setup {
			require.NoError(t, ref.play(turn), "%s: the reference refuses %s", c.where, turn.token(r))
		}
		g, err := game.NewGame(r, c.players, 1)
		require.NoError(t, err, c.where)
		e := &pfEngine{t: t, g: g, setup: setup}
		e.replay(nil)
		where := func() string { return c.where }
		pfSameBoard(t, g.Board(), ref, where)
		pfSameFollowers(t, g, ref, where)
		parsed, err := game.ParseBoard(r, pfFollowerMark.ReplaceAllString(c.position, ""))
		require.NoError(t, err, "%s: the position's tiles in the board notation", c.where)
		assert.Equal(t, parsed.String(), g.Board().String(), "%s: the position's tiles in the board notation", c.where)

		assert.Equal(t, c.count, ref.perft(tiles, c.depth), "%s: the reference's count", c.where)
		assert.Equal(t, c.count, e.walk(ref, nil, tiles, c.depth), "%s: the engine's count", c.where)
	}
}

// pfRandomGame plays a random game and checks at every turn that the
// engine lists the reference's placements of the drawn tile and the
// reference's follower moves, and that the board and followers are the
// reference's. It returns the number of tiles placed and of follower
// moves listed.
func pfRandomGame(t *testing.T, cat *tilekit.Catalog, r *game.Ruleset, players int, seed uint64) (placed, followerMoves int) {
	g, err := game.NewGame(r, players, seed)
	require.NoError(t, err)
	ref := newPfPosition(cat, r, players)
	ref.lay(r.Start(), game.Placement{})
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b9))
	var pls []game.Placement
	var moves []game.Move
	var history []pfTurnMove
	for {
		typ, ok := g.Draw()
		if !ok {
			break
		}
		where := func() string {
			return fmt.Sprintf("seed %d, %d players, turn %d, %s drawn at position %q", seed, players, placed+1, r.ID(typ), pfNotation(r, history))
		}
		want := ref.legal(typ)
		if len(want) == 0 {
			t.Fatalf("%s: the engine drew a tile that fits nowhere", where())
		}
		pls = g.Placements(pls[:0])
		sortPlacements(pls)
		if !slices.Equal(want, pls) {
			require.Equal(t, want, pls, "%s: the placements", where())
		}
		pl := pls[rng.IntN(len(pls))]
		if _, err := g.Apply(game.TileMove(pl), nil); err != nil {
			t.Fatalf("%s: the engine refuses its own placement %d,%d@%d: %v", where(), pl.Pos.X, pl.Pos.Y, tilekit.Rotations[pl.Rot], err)
		}
		ref.lay(typ, pl)
		moves = g.FollowerMoves(moves[:0])
		got := make([]int, 0, len(moves))
		for _, m := range moves {
			got = append(got, int(m.Feature))
		}
		slices.Sort(got)
		if opts := ref.options(pl.Pos); !slices.Equal(opts, got) {
			require.Equal(t, opts, got, "%s: the follower moves after it is laid at %d,%d@%d", where(), pl.Pos.X, pl.Pos.Y, tilekit.Rotations[pl.Rot])
		}
		m := moves[rng.IntN(len(moves))]
		if _, err := g.Apply(m, nil); err != nil {
			t.Fatalf("%s: the engine refuses its own follower move %s: %v", where(), m, err)
		}
		ref.follow(pl.Pos, int(m.Feature))
		history = append(history, pfTurnMove{typ, pl, int(m.Feature)})
		pfSameBoard(t, g.Board(), ref, where)
		pfSameFollowers(t, g, ref, where)
		placed++
		followerMoves += len(moves)
	}
	assert.Equal(t, r.Total(), 1+placed+g.Discarded(), "seed %d: every tile is placed or set aside", seed)
	return placed, followerMoves
}

func TestPerftRandomGamesMatchReference(t *testing.T) {
	cat, r := baseRules(t)
	placed, moves := 0, 0
	for seed := range uint64(200) {
		p, m := pfRandomGame(t, cat, r, game.MinPlayers+int(seed)%(game.MaxPlayers-game.MinPlayers+1), seed)
		placed += p
		moves += m
	}
	assert.Greater(t, placed, 200*60, "most tiles of a game find a place")
	assert.Greater(t, moves, 2*placed, "followers are often possible")
}

// The expansions' tiles are played by the base game's rules too (see the
// package doc), so the reference applies to them, and the checks reach
// tile shapes the base game does not have.
func TestPerftRandomGamesWithEveryExpansionMatchReference(t *testing.T) {
	cat := catalog(t)
	r, err := game.Compile(cat, rules.SelectAll(), game.Setup{Edition: tilekit.C2, BaseTurn: true})
	require.NoError(t, err)
	placed := 0
	for seed := range uint64(20) {
		p, _ := pfRandomGame(t, cat, r, game.MinPlayers+int(seed)%(game.MaxPlayers-game.MinPlayers+1), 1000+seed)
		placed += p
	}
	assert.Greater(t, placed, 20*(r.Total()-10), "most tiles of a game find a place")
}
