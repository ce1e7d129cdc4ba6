package game

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// String writes the board in its text notation: one token per placed tile,
// x,y:TILE@ROT, where x and y are the tile's position (x grows eastward and
// y southward, the start tile at 0,0), TILE its catalog id and ROT its
// rotation in degrees clockwise (0, 90, 180 or 270), such as
// "0,-1:base/E@180 0,0:base/D@0 1,0:base/K@90". Tokens are separated by
// one space and sorted by y, then by x; an empty board is the empty
// string. ParseBoard reads it back. Game.Snapshot extends it to a whole
// position: the followers on each tile, the scores, the turn and the pile.
func (b *Board) String() string {
	cells := slices.Sorted(slices.Values(b.placed))
	var sb strings.Builder
	for i, idx := range cells {
		if i > 0 {
			sb.WriteByte(' ')
		}
		p := b.position(int(idx))
		c := b.cells[idx]
		fmt.Fprintf(&sb, "%d,%d:%s@%d", p.X, p.Y, b.rules.ID(int(c.tile)-1), tilekit.Rotations[c.rot])
	}
	return sb.String()
}

// ParseBoard reads a board in the notation of Board.String. Tokens may come
// in any order and be separated by any white space. Every tile must fit
// its neighbours and the tiles must be connected, as on a board of legal
// placements; how many copies of a tile are used is not checked. An error
// names the token at fault by its number, from 1, and its text.
func ParseBoard(r *Ruleset, text string) (*Board, error) {
	tokens := strings.Fields(text)
	return parseBoard(r, tokens, tokens, -1)
}

// parseBoard places the tiles of tokens (tiles[i] is the tile part of
// tokens[i], which errors show), the one at index last after the others
// when last is not negative, and checks the board as ParseBoard does.
func parseBoard(r *Ruleset, tiles, tokens []string, last int) (*Board, error) {
	b := NewBoard(r)
	order := make([]int, 0, len(tiles))
	for i := range tiles {
		if i != last {
			order = append(order, i)
		}
	}
	if last >= 0 {
		order = append(order, last)
	}
	for _, i := range order {
		p, typ, rot, err := parseToken(r, tiles[i])
		if err == nil {
			err = b.Place(p, typ, rot)
		}
		if err != nil {
			return nil, fmt.Errorf("token %d %q: %w", i+1, tokens[i], err)
		}
	}
	token := make(map[int32]int, len(tiles))
	for k, idx := range b.placed {
		token[idx] = order[k]
	}
	for k, idx := range b.placed {
		i := order[k]
		if s, n, bad := b.misfit(idx, token); bad {
			j := token[n]
			return nil, fmt.Errorf("token %d %q: its %s side shows %s but touches the %s side of token %d %q, which shows %s",
				i+1, tokens[i], s, b.edgeAt(idx, s), s.Opposite(), j+1, tokens[j], b.edgeAt(n, s.Opposite()))
		}
	}
	if k := b.firstUnconnected(); k >= 0 {
		i, first := order[k], order[0]
		return nil, fmt.Errorf("token %d %q: not connected to token %d %q", i+1, tokens[i], first+1, tokens[first])
	}
	return b, nil
}

// parseToken reads one token, x,y:TILE@ROT.
func parseToken(r *Ruleset, tok string) (p tilekit.BoardPosition, typ, rot int, err error) {
	coords, rest, ok1 := strings.Cut(tok, ":")
	xs, ys, ok2 := strings.Cut(coords, ",")
	at := strings.LastIndexByte(rest, '@')
	if !ok1 || !ok2 || at < 0 {
		return p, 0, 0, errors.New("want x,y:TILE@ROT, such as 0,0:base/D@90")
	}
	if p.X, err = strconv.Atoi(xs); err != nil {
		return p, 0, 0, fmt.Errorf("x %q is not a whole number", xs)
	}
	if p.Y, err = strconv.Atoi(ys); err != nil {
		return p, 0, 0, fmt.Errorf("y %q is not a whole number", ys)
	}
	id, degrees := rest[:at], rest[at+1:]
	typ, ok := r.Type(id)
	if !ok {
		return p, 0, 0, fmt.Errorf("unknown tile %q", id)
	}
	deg, err := strconv.Atoi(degrees)
	if err != nil {
		return p, 0, 0, fmt.Errorf("rotation %q is not a number of degrees", degrees)
	}
	rot, err = tilekit.RotationQuarters(deg)
	return p, typ, rot, err
}

// misfit finds a side of a placed tile whose edge kind differs from that
// of a neighbour placed by an earlier token, and returns the side and that
// neighbour's cell.
func (b *Board) misfit(idx int32, token map[int32]int) (tilekit.Side, int32, bool) {
	for _, s := range tilekit.Sides {
		n := idx + int32(b.steps[s])
		if b.cells[n].tile == 0 || token[n] > token[idx] {
			continue
		}
		if b.edgeAt(idx, s) != b.edgeAt(n, s.Opposite()) {
			return s, n, true
		}
	}
	return 0, 0, false
}

// edgeAt returns the edge kind that side s of the tile in a cell shows.
func (b *Board) edgeAt(idx int32, s tilekit.Side) tilekit.EdgeKind {
	c := b.cells[idx]
	return b.rules.Edge(int(c.tile)-1, int(c.rot), s)
}

// firstUnconnected returns the index in placement order of the first tile
// not connected to the first one placed, or -1 when all are connected.
func (b *Board) firstUnconnected() int {
	if len(b.placed) == 0 {
		return -1
	}
	seen := map[int32]bool{b.placed[0]: true}
	queue := []int32{b.placed[0]}
	for len(queue) > 0 {
		idx := queue[0]
		queue = queue[1:]
		for _, step := range b.steps {
			n := idx + int32(step)
			if b.cells[n].tile != 0 && !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	for i, idx := range b.placed {
		if !seen[idx] {
			return i
		}
	}
	return -1
}
