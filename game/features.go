package game

import "github.com/tilekit/tilekit"

// node is one feature instance of the board: feature i of the tile placed
// in slot t (the t-th tile placed) is instance Board.instance(t, i). The
// instances of one joined feature form a tree of a union-find, whose root
// holds the joined feature's counts, and a circular list through next.
type node struct {
	// parent is the next instance towards the root; a root is its own.
	parent int32
	// next is the next instance of the same joined feature, in a circle.
	next int32
	// size is the number of instances of the joined feature (at a root).
	size int32
	// open is the number of edges of the joined feature not matched by a
	// neighbour (at a root).
	open int32
	// pennants is the number of pennants of the joined feature (at a root).
	pennants int32
	kind     Kind
	// around is, for a cloister, the number of placed tiles around it.
	around uint8
	// followers is the number of followers on the joined feature (at a
	// root); a Game puts them and takes them back.
	followers uint8
	// mark is a scratch mark for counting features once (Board.nextMark),
	// in what would be the node's padding.
	mark uint8
}

// completeWith reports whether the joined feature of an instance, whose
// root is given, is complete: a road or city with no open edge, a cloister
// with eight tiles around it.
func (n *node) completeWith(root *node) bool {
	if n.kind == KindCloister {
		return n.around == 8
	}
	return (n.kind == KindRoad || n.kind == KindCity) && root.open == 0
}

// Feature describes a feature of the board: the features of placed tiles
// joined across their shared sides into one road, city or field, or a
// cloister. It is a snapshot: a later placement may join or close it.
type Feature struct {
	// ID names the joined feature until the next placement, which may join
	// it with another and keep either ID.
	ID int
	// Pos and Index name one feature of a placed tile that belongs to it:
	// the feature Index of the tile type at Pos.
	Pos   tilekit.BoardPosition
	Index int
	Kind  Kind
	// Open is the number of edges of the feature no neighbour meets: the
	// sides of its roads and cities, or the halves of its fields, whose
	// neighbouring tile is not placed.
	Open int
	// Tiles is the number of tiles the feature spans, each counted once.
	Tiles int
	// Pennants is the number of pennants of its cities.
	Pennants int
	// Around is, for a cloister, the number of tiles placed around it, at
	// most 8; it is 0 for the other kinds.
	Around int
	// Followers is the number of followers a Game has put on the feature.
	Followers int
}

// Complete reports whether the feature is complete: a road or city with no
// open edge, or a cloister with all eight tiles around it placed. A field
// is never complete.
func (f Feature) Complete() bool {
	switch f.Kind {
	case KindRoad, KindCity:
		return f.Open == 0
	case KindCloister:
		return f.Around == 8
	}
	return false
}

// FeatureAt returns the joined feature that feature i of the tile at a
// position belongs to; ok is false when no tile lies there or its type has
// no feature i.
func (b *Board) FeatureAt(p tilekit.BoardPosition, i int) (f Feature, ok bool) {
	idx, in := b.index(p)
	if !in || b.cells[idx].tile == 0 {
		return Feature{}, false
	}
	c := b.cells[idx]
	if i < 0 || i >= b.rules.NumFeatures(int(c.tile)-1) {
		return Feature{}, false
	}
	return b.feature(b.find(b.instance(int32(c.slot), int32(i)))), true
}

// Completed appends to dst the features the last placement completed and
// returns the extended slice: the roads and cities it left with no open
// edge and the cloisters it gave their eighth neighbour, each once. It
// allocates nothing when dst has room.
func (b *Board) Completed(dst []Feature) []Feature {
	for _, root := range b.done {
		dst = append(dst, b.feature(root))
	}
	return dst
}

// feature describes the joined feature with a root instance.
func (b *Board) feature(root int32) Feature {
	n := &b.nodes[root]
	return Feature{
		ID:        int(root),
		Pos:       b.posOf(root),
		Index:     b.indexOf(root),
		Kind:      n.kind,
		Open:      int(n.open),
		Tiles:     int(b.countTiles(root)),
		Pennants:  int(n.pennants),
		Around:    int(n.around),
		Followers: int(n.followers),
	}
}

// joinFeatures gives the tile just placed at a cell, in the last slot, its
// feature instances, joins them with those of its neighbours, counts the
// tiles around the cloisters it touches, and notes what it completed.
func (b *Board) joinFeatures(idx, typ, rot int) {
	r := b.rules
	b.done = b.done[:0]
	slot := int32(len(b.placed) - 1)
	b.cells[idx].slot = int16(slot)
	first, last := r.featStart[typ], r.featStart[typ+1]
	base := b.used
	b.growNodes(int(slot)+1, int(base+last-first))
	b.first = append(b.first, base)
	b.used += last - first
	for i := range last - first {
		b.nodes[base+i] = node{
			parent: base + i, next: base + i, size: 1,
			open: int32(r.featEdges[first+i]), pennants: int32(r.featPennants[first+i]), kind: r.featKind[first+i],
		}
		b.owner[base+i] = int16(slot)
	}
	own := r.slotsOf(typ, rot)
	for _, s := range tilekit.Sides {
		c := b.cells[idx+b.steps[s]]
		if c.tile == 0 {
			continue
		}
		other := r.slotsOf(int(c.tile)-1, int(c.rot))
		obase := b.instance(int32(c.slot), 0)
		if r.anyFit[typ] {
			b.close(other[s^2], obase)
			b.close(other[4+halfTouch[2*s]], obase)
			b.close(other[4+halfTouch[2*s+1]], obase)
			continue
		}
		b.link(own[s], other[s^2], base, obase)
		b.link(own[4+2*s], other[4+halfTouch[2*s]], base, obase)
		b.link(own[5+2*s], other[4+halfTouch[2*s+1]], base, obase)
	}
	b.countAround(idx, typ, base)
	for i := range last - first {
		if k := b.nodes[base+i].kind; k != KindRoad && k != KindCity {
			continue
		}
		if root := b.find(base + i); b.nodes[root].open == 0 {
			b.noteDone(root)
		}
	}
}

// link joins feature a of the new tile with feature o of a neighbour across
// a slot they share, when both are there and of one kind, and closes the
// edge each had open there.
func (b *Board) link(a, o int8, base, obase int32) {
	if a < 0 || o < 0 {
		return
	}
	x, y := base+int32(a), obase+int32(o)
	if b.nodes[x].kind != b.nodes[y].kind {
		return
	}
	root := b.union(x, y)
	b.nodes[root].open -= 2
}

// close closes the edge that feature o of a neighbour had open across a
// slot it shares with a tile that fits any neighbour (an abbey), and notes
// the neighbour's road or city done when that was its last open edge.
func (b *Board) close(o int8, obase int32) {
	if o < 0 {
		return
	}
	root := b.find(obase + int32(o))
	n := &b.nodes[root]
	if n.open--; n.open == 0 && (n.kind == KindRoad || n.kind == KindCity) {
		b.noteDone(root)
	}
}

// countAround counts the new tile as a neighbour of the cloisters on the
// eight tiles around it, and those tiles as neighbours of its own cloister.
func (b *Board) countAround(idx, typ int, base int32) {
	r := b.rules
	own := r.cloister[typ]
	for _, d := range b.around {
		c := b.cells[idx+d]
		if c.tile == 0 {
			continue
		}
		if own >= 0 {
			b.nodes[base+int32(own)].around++
		}
		if c.cloister != 0 {
			at := b.instance(int32(c.slot), int32(c.cloister)-1)
			if b.nodes[at].around++; b.nodes[at].around == 8 {
				b.noteDone(at)
			}
		}
	}
	if own >= 0 && b.nodes[base+int32(own)].around == 8 {
		b.noteDone(base + int32(own))
	}
}

// nextMark starts a new round of marks of feature instances (node.mark)
// and returns its mark, clearing every mark once in 255 rounds.
func (b *Board) nextMark() uint8 {
	if b.mark++; b.mark == 0 {
		for i := range b.nodes {
			b.nodes[i].mark = 0
		}
		b.mark = 1
	}
	return b.mark
}

// noteDone notes a root as completed by the last placement, once.
func (b *Board) noteDone(root int32) {
	for _, d := range b.done {
		if d == root {
			return
		}
	}
	b.done = append(b.done, root)
}

// instance returns feature i of the tile placed in a slot.
func (b *Board) instance(slot, i int32) int32 { return b.first[slot] + i }

// slotOf returns the slot of the tile an instance belongs to.
func (b *Board) slotOf(x int32) int32 { return int32(b.owner[x]) }

// indexOf returns which feature of its tile type an instance is.
func (b *Board) indexOf(x int32) int { return int(x - b.first[b.owner[x]]) }

// posOf returns the position of the tile an instance belongs to.
func (b *Board) posOf(x int32) tilekit.BoardPosition { return b.placedAt[b.owner[x]] }

// cellOf returns the cell of the tile an instance belongs to.
func (b *Board) cellOf(x int32) int32 { return b.placed[b.owner[x]] }

// find returns the root of an instance, halving the path on the way.
func (b *Board) find(x int32) int32 {
	for b.nodes[x].parent != x {
		p := b.nodes[x].parent
		b.nodes[x].parent = b.nodes[p].parent
		x = b.nodes[p].parent
	}
	return x
}

// union joins the features of two instances and returns the root of the
// joined feature. The smaller joins the larger, so that the paths to the
// root stay short.
func (b *Board) union(x, y int32) int32 {
	rx, ry := b.find(x), b.find(y)
	if rx == ry {
		return rx
	}
	if b.nodes[rx].size > b.nodes[ry].size {
		rx, ry = ry, rx
	}
	small, large := &b.nodes[rx], &b.nodes[ry]
	small.parent = ry
	large.size += small.size
	large.open += small.open
	large.pennants += small.pennants
	large.followers += small.followers
	small.next, large.next = large.next, small.next
	return ry
}

// countTiles returns the number of tiles the joined feature of a root
// spans, each counted once, such as one tile for a city whose two caps on
// a tile came to belong to one city. It walks the feature's instances, so
// it is counted when the feature is described, not kept up at every join.
func (b *Board) countTiles(root int32) int32 { return b.countTilesWith(root, nil) }

// countTilesWith counts the tiles of the joined feature of a root whose
// type shows (by tile type) what a term counts; nil counts them all.
func (b *Board) countTilesWith(root int32, shows []bool) int32 {
	b.epoch++
	if b.epoch == 0 {
		clear(b.stamp)
		b.epoch = 1
	}
	tiles := int32(0)
	for m := root; ; {
		if slot := b.slotOf(m); b.stamp[slot] != b.epoch {
			b.stamp[slot] = b.epoch
			if shows == nil || shows[b.cells[b.placed[slot]].tile-1] {
				tiles++
			}
		}
		if m = b.nodes[m].next; m == root {
			return tiles
		}
	}
}

// anyFeatureWith reports whether a feature of a tile of the joined
// feature of a root carries one of a mask of attributes (attributeBit). It
// walks the feature's instances, as countTilesWith does, and is asked only
// when a rule that looks at attributes scores the feature.
func (b *Board) anyFeatureWith(root int32, mask uint16) bool {
	r := b.rules
	for m := root; ; {
		typ := int(b.cells[b.placed[b.slotOf(m)]].tile) - 1
		if r.featAttrs[int(r.featStart[typ])+b.indexOf(m)]&mask != 0 {
			return true
		}
		if m = b.nodes[m].next; m == root {
			return false
		}
	}
}

// growNodes makes room for a number of tiles and feature instances. A
// board made by NewBoard has room for startTiles; past them it makes room
// for every tile of the rules at once (a game places them all), and past
// those (a board set up with more copies than the rules have) for twice
// as many; a board that is Reset keeps the room it grew to.
func (b *Board) growNodes(tiles, instances int) {
	if instances > len(b.nodes) {
		n := max(instances, b.rules.instances)
		if len(b.nodes) >= b.rules.instances {
			n = max(instances, 2*len(b.nodes))
		}
		b.nodes = append(b.nodes, make([]node, n-len(b.nodes))...)
		b.owner = append(b.owner, make([]int16, n-len(b.owner))...)
	}
	if tiles > len(b.stamp) {
		b.stamp = append(b.stamp, make([]uint32, tiles)...)
	}
}
