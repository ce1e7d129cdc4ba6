package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// EventKind says what an Event reports.
type EventKind uint8

// The kinds of events.
const (
	// EventCompleted: a placement completed Feature.
	EventCompleted EventKind = iota
	// EventScored: Player scored Points for Feature, during the game when
	// it was completed or at the end of the game.
	EventScored
	// EventReturned: Count followers of Player on Feature went back to the
	// player's supply.
	EventReturned
)

var eventNames = [3]string{"completed", "scored", "returned"}

// String returns the name of the kind.
func (k EventKind) String() string { return eventNames[k%3] }

// Event is something that happened in a move or at the end of the game.
type Event struct {
	Kind EventKind
	// Feature is the joined feature concerned, as it stood then.
	Feature Feature
	// Player is the player who scored or got followers back; -1 for a
	// completion.
	Player int
	// Points is the number of points scored.
	Points int
	// Count is the number of followers returned.
	Count int
	// End is true for the events of EndGame.
	End bool
}

// PlacedFollower is a follower on the board: its owner and the feature of
// a placed tile it stands on.
type PlacedFollower struct {
	Player int
	Pos    tilekit.BoardPosition
	Index  int
}

// Followers appends to dst the followers on the board and returns the
// extended slice.
func (g *Game) Followers(dst []PlacedFollower) []PlacedFollower {
	maxF := int32(g.rules.maxFeatures)
	for _, f := range g.followers {
		pos := g.board.position(int(g.board.placed[f.node/maxF]))
		dst = append(dst, PlacedFollower{Player: int(f.player), Pos: pos, Index: int(f.node % maxF)})
	}
	return dst
}

// FollowerMoves appends to dst the legal follower moves after the tile
// move and returns the extended slice: NoFollower first, then, when the
// player has a follower at hand, a move for each feature of the tile just
// placed (road, city, cloister or field) whose joined feature has no
// follower anywhere on it (Carcassonne rulebook (2nd edition), Placing a
// follower). Two features of the tile that belong to one joined feature
// are listed apart, like rotations that show the same edges. It appends
// nothing when no follower move is due, and allocates nothing when dst has
// room.
func (g *Game) FollowerMoves(dst []Move) []Move {
	if g.phase != phaseFollower {
		return dst
	}
	dst = append(dst, NoFollower)
	if g.players[g.turn].Supply == 0 {
		return dst
	}
	base := g.lastBase()
	for i := range int32(g.rules.NumFeatures(g.tile)) {
		if g.board.nodes[g.board.find(base+i)].followers == 0 {
			dst = append(dst, FollowerMove(int(i)))
		}
	}
	return dst
}

// lastBase returns the first feature instance of the tile placed last.
func (g *Game) lastBase() int32 {
	return int32(len(g.board.placed)-1) * int32(g.rules.maxFeatures)
}

// Apply plays a move of the player whose turn it is, appends to events
// what it caused and returns the extended slice. A tile move lays the
// drawn tile at a legal placement; the follower move that must follow puts
// a follower on a feature of that tile, or none, then scores the features
// the tile completed and gives their followers back, and passes the turn
// to the next player. It is an error when the move is not legal now.
// Apply allocates nothing when events has room.
func (g *Game) Apply(m Move, events []Event) ([]Event, error) {
	if !m.Follower {
		return events, g.placeTile(m.Placement)
	}
	if g.phase != phaseFollower {
		return events, errPhase
	}
	if m.Feature >= 0 {
		if err := g.putFollower(m.Feature); err != nil {
			return events, err
		}
	}
	events = g.scoreCompleted(events)
	g.tile, g.phase = -1, phaseDraw
	g.turn = (g.turn + 1) % len(g.players)
	return events, nil
}

// placeTile lays the drawn tile.
func (g *Game) placeTile(p Placement) error {
	if g.phase != phaseTile {
		return errPhase
	}
	if !g.board.CanPlace(p.Pos, g.tile, p.Rot) {
		return fmt.Errorf("%s does not fit at %s rotation %d", g.rules.ID(g.tile), p.Pos, p.Rot)
	}
	if err := g.board.Place(p.Pos, g.tile, p.Rot); err != nil {
		return err
	}
	g.last, g.phase = p, phaseFollower
	return nil
}

// putFollower puts a follower of the player whose turn it is on feature i
// of the tile just placed.
func (g *Game) putFollower(i int) error {
	if i >= g.rules.NumFeatures(g.tile) {
		return fmt.Errorf("%s has no feature %d", g.rules.ID(g.tile), i)
	}
	if g.players[g.turn].Supply == 0 {
		return fmt.Errorf("player %d has no follower at hand", g.turn)
	}
	x := g.lastBase() + int32(i)
	root := g.board.find(x)
	if g.board.nodes[root].followers > 0 {
		return fmt.Errorf("feature %d of %s at %s is already occupied", i, g.rules.ID(g.tile), g.last.Pos)
	}
	g.board.nodes[root].followers++
	g.players[g.turn].Supply--
	g.followers = append(g.followers, follower{player: int32(g.turn), node: x})
	return nil
}

// scoreCompleted reports each feature the last placement completed, and
// scores those with followers: a road 1 point per tile, a city 2 per tile
// and 2 per pennant (also a city of two tiles, in the 2nd edition), a
// cloister 9, to the players with the most followers on it, each of them
// in full; then the followers go back to their owners (Carcassonne
// rulebook (2nd edition), Scoring). A field is never complete, so farmers
// stay.
func (g *Game) scoreCompleted(events []Event) []Event {
	g.done = g.board.Completed(g.done[:0])
	for _, f := range g.done {
		events = append(events, Event{Kind: EventCompleted, Feature: f, Player: -1})
		if f.Followers == 0 {
			continue
		}
		points := f.Tiles
		switch f.Kind {
		case KindCity:
			points = 2*f.Tiles + 2*f.Pennants
		case KindCloister:
			points = 1 + f.Around
		}
		events = g.award(f, points, false, events)
		events = g.giveBack(f, events)
	}
	return events
}

// award gives the points of a feature to each player with the most
// followers on it.
func (g *Game) award(f Feature, points int, end bool, events []Event) []Event {
	var count [MaxPlayers]int
	most := 0
	for _, fl := range g.followers {
		if g.board.find(fl.node) == int32(f.ID) {
			count[fl.player]++
			most = max(most, count[fl.player])
		}
	}
	for p := range g.players {
		if count[p] == most && most > 0 {
			g.players[p].Score += points
			events = append(events, Event{Kind: EventScored, Feature: f, Player: p, Points: points, End: end})
		}
	}
	return events
}

// giveBack returns the followers on a feature to their owners' supplies.
func (g *Game) giveBack(f Feature, events []Event) []Event {
	var count [MaxPlayers]int
	kept := g.followers[:0]
	for _, fl := range g.followers {
		if g.board.find(fl.node) == int32(f.ID) {
			count[fl.player]++
			continue
		}
		kept = append(kept, fl)
	}
	g.followers = kept
	g.board.nodes[f.ID].followers = 0
	for p, n := range count[:len(g.players)] {
		if n > 0 {
			g.players[p].Supply += n
			events = append(events, Event{Kind: EventReturned, Feature: f, Player: p, Count: n})
		}
	}
	return events
}

// EndGame scores what is left on the board at the end of the game, once:
// an incomplete road 1 point per tile, an incomplete city 1 per tile and 1
// per pennant, an incomplete cloister 1 and 1 per tile around it, and each
// field 3 points per completed city it borders, each to the players with
// the most followers on it (Carcassonne rulebook (2nd edition), Scoring at
// the end of the game). The followers stay on the board. It appends the
// events to events and returns the extended slice; it may be called at the
// start of any turn, and allocates nothing when events has room.
func (g *Game) EndGame(events []Event) []Event {
	if g.phase != phaseDraw {
		return events
	}
	g.phase = phaseOver
	g.roots = g.roots[:0]
	for _, fl := range g.followers {
		root := g.board.find(fl.node)
		if !containsRoot(g.roots, root) {
			g.roots = append(g.roots, root)
		}
	}
	for _, root := range g.roots {
		f := g.board.feature(root)
		points := f.Tiles
		switch f.Kind {
		case KindCity:
			points = f.Tiles + f.Pennants
		case KindCloister:
			points = 1 + f.Around
		case KindField:
			points = 3 * g.completedCities(root)
		}
		events = g.award(f, points, true, events)
	}
	return events
}

// containsRoot reports whether a short list holds a root.
func containsRoot(roots []int32, root int32) bool {
	for _, r := range roots {
		if r == root {
			return true
		}
	}
	return false
}

// completedCities counts the completed cities a field borders: over every
// feature instance of the joined field, the cities of its tile its Cities
// name, each joined city once.
func (g *Game) completedCities(root int32) int {
	b := g.board
	if len(g.mark) < len(b.nodes) {
		g.mark = make([]uint32, len(b.nodes))
	}
	g.epoch++
	if g.epoch == 0 {
		clear(g.mark)
		g.epoch = 1
	}
	maxF := int32(g.rules.maxFeatures)
	n := 0
	for m := root; ; {
		slot := m / maxF
		typ := int(b.cells[b.placed[slot]].tile) - 1
		for _, c := range g.rules.fieldCities(typ, int(m%maxF)) {
			city := b.find(slot*maxF + int32(c))
			if b.nodes[city].open == 0 && g.mark[city] != g.epoch {
				g.mark[city] = g.epoch
				n++
			}
		}
		if m = b.nodes[m].next; m == root {
			return n
		}
	}
}
