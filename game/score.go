package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tilekit/tilekit"
)

// PlacedFollower is a follower on the board: its owner, the feature of a
// placed tile it stands on and its kind (an index into the ruleset's
// kinds, 0 the meeple).
type PlacedFollower struct {
	Player int
	Pos    tilekit.BoardPosition
	Index  int
	Figure int
}

// Followers appends to dst the followers on the board and returns the
// extended slice.
func (g *Game) Followers(dst []PlacedFollower) []PlacedFollower {
	for _, f := range g.followers {
		pos := g.board.posOf(f.node)
		dst = append(dst, PlacedFollower{Player: int(f.player), Pos: pos, Index: g.board.indexOf(f.node), Figure: int(f.kind)})
	}
	return dst
}

// FollowerMoves appends to dst the legal follower moves after the tile
// move and returns the extended slice: NoFollower first, then a move for
// each feature of the tile just placed (road, city, cloister or field)
// whose joined feature has no follower anywhere on it (Carcassonne
// rulebook (2nd edition), Placing a follower) and each kind of follower
// the player has at hand that may stand on it (FollowerKind.StandsOn),
// the kinds of a feature in the ruleset's order. Two features of the tile that belong to one joined feature
// are listed apart, like rotations that show the same edges. With the
// units in play it lists the whole figure decision: no follower where a
// unit blocks the deployment, then each unit's moves instead of a
// deployment, in the order of units.go; a unit may take the decision over
// (it is then its moves alone). It appends nothing when no follower move
// is due, and allocates nothing when dst has room.
func (g *Game) FollowerMoves(dst []Move) []Move {
	if g.phase != phaseFollower {
		return dst
	}
	figure := g.rules.hooks.figure
	for _, h := range figure {
		if h.only != nil && h.only(g) {
			return h.moves(g, dst)
		}
	}
	dst = append(dst, NoFollower)
	if blocked := g.blockedKinds(); blocked != allKinds {
		dst = g.appendFollowerMoves(dst, ^blocked)
	}
	for _, h := range figure {
		dst = h.moves(g, dst)
	}
	return dst
}

// allKinds has a bit set for every kind of follower a ruleset can hold.
const allKinds = uint32(1)<<MaxKinds - 1

// blockedKinds returns the kinds of follower the units keep off the tile
// just placed, bit k for kind k.
func (g *Game) blockedKinds() uint32 {
	var out uint32
	for _, h := range g.rules.hooks.blocks {
		out |= h.blocks(g)
	}
	return out & allKinds
}

// whyBlocked says why no follower of a kind may be deployed to the tile
// just placed, as the first unit that keeps it off says, or is nil.
func (g *Game) whyBlocked(kind int) error {
	for _, h := range g.rules.hooks.blocks {
		if h.blocks(g)&(1<<kind) != 0 {
			return h.why(g, kind)
		}
	}
	return nil
}

// closedToFollowers reports whether a unit keeps every follower off the
// tile of a cell: a deployment, a move of another unit and the invariants
// read it.
func (g *Game) closedToFollowers(cell int32) bool {
	for _, h := range g.rules.hooks.closed {
		if h(g, cell) {
			return true
		}
	}
	return false
}

// applyFigure plays the figure decision: a follower on the tile just
// placed or none, or a unit's move of the decision.
func (g *Game) applyFigure(m Move, events []Event) ([]Event, error) {
	if m.Kind == MoveBase {
		for _, h := range g.rules.hooks.figure {
			if h.only != nil && h.only(g) {
				return events, h.onlyWhy(g)
			}
		}
		if m.Feature >= 0 {
			if err := g.putFollower(int(m.Feature), int(m.Figure)); err != nil {
				return events, err
			}
		}
		return g.resume(events), nil
	}
	for _, h := range g.rules.hooks.figure {
		if h.kind != m.Kind {
			continue
		}
		if err := g.checkLegal(m); err != nil {
			return events, g.refusal(m, h, err)
		}
		events = h.apply(g, m, events)
		g.figureKind, g.figureWord = m.Kind, m.Word
		return g.resume(events), nil
	}
	return events, g.notLegal(m)
}

// refusal says why a unit's move of the figure decision is not legal,
// where the reason is known (no tile, no such feature, or the unit's own
// reason), else returns err.
func (g *Game) refusal(m Move, h *figureHook, err error) error {
	idx, ok := g.board.index(m.Placement.Pos)
	if !ok || g.board.cells[idx].tile == 0 {
		return fmt.Errorf("%s: no tile at %s", g.MoveText(m), notationPos(m.Placement.Pos))
	}
	typ := int(g.board.cells[idx].tile) - 1
	if int(m.Feature) >= g.rules.NumFeatures(typ) {
		return fmt.Errorf("%s: %w", g.MoveText(m), g.rules.noFeature(typ, int(m.Feature)))
	}
	if h.refuse != nil {
		x := g.board.instance(int32(g.board.cells[idx].slot), int32(max(m.Feature, 0)))
		if why := h.refuse(g, m, int32(idx), x); why != nil {
			return why
		}
	}
	return err
}

// lastBase returns the first feature instance of the tile placed last.
func (g *Game) lastBase() int32 {
	return g.board.instance(int32(len(g.board.placed)-1), 0)
}

// placeTile lays the drawn tile.
func (g *Game) placeTile(p Placement) error {
	if g.phase != phaseTile {
		return g.errorOutOfTurn(phaseTile)
	}
	if !g.board.CanPlace(p.Pos, g.tile, p.Rot) {
		return g.board.misplaced(p.Pos, g.tile, p.Rot)
	}
	half := g.board.half
	if err := g.board.Place(p.Pos, g.tile, p.Rot); err != nil {
		return err
	}
	if g.board.half != half {
		g.regrid(half)
	}
	g.last = p
	g.lastCell = g.board.placed[len(g.board.placed)-1]
	return nil
}

// putFollower puts a follower of a kind of the player whose turn it is on
// feature i of the tile just placed.
func (g *Game) putFollower(i, kind int) error {
	if n := g.rules.NumFeatures(g.tile); i >= n {
		return g.rules.noFeature(g.tile, i)
	}
	if err := g.canDeploy(g.turn, kind); err != nil {
		return err
	}
	if err := g.whyBlocked(kind); err != nil {
		return err
	}
	if g.rules.cornerKinds&(1<<kind) != 0 {
		return fmt.Errorf("a %s stands at a corner of the tile placed, not on a feature: WORD x,y:CORNER (the word of the step that puts it there)", g.rules.kinds[kind].ID)
	}
	x := g.lastBase() + int32(i)
	root := g.board.find(x)
	if err := g.canStand(x, kind); err != nil {
		return err
	}
	if err := g.canJoin(x, root, kind); err != nil {
		return err
	}
	g.deploy(x, uint8(kind), MoveBase)
	return nil
}

// canJoin says why a follower of a kind of the player whose turn it is
// may not go on the joined feature of a root that instance x belongs to:
// a feature with a follower, or, for a kind that joins its owner's
// followers, one without a follower of theirs; nil when it may.
func (g *Game) canJoin(x, root int32, kind int) error {
	switch {
	case g.rules.joining&(1<<kind) != 0 && !g.joinable(root, int32(g.turn)):
		return fmt.Errorf("no %s may go on %s: it joins a follower of its owner's there, and player %d has none", g.rules.kinds[kind].ID, g.board.describe(x), g.turn+1)
	case g.rules.joining&(1<<kind) == 0 && g.board.nodes[root].followers > 0:
		other := g.followerOn(root)
		return fmt.Errorf("%s is already taken by a follower of player %d (at %s)",
			g.board.describe(x), other.Player+1, notationPos(other.Pos))
	}
	return nil
}

// canDeploy says why a player, from 0, cannot deploy a follower of a kind
// now: no such kind, or none of it at hand; nil when they can.
func (g *Game) canDeploy(player, kind int) error {
	switch {
	case kind < 0 || kind >= len(g.rules.kinds):
		return fmt.Errorf("no kind of follower %d: the game plays %s", kind, strings.Join(g.rules.kindIDs(), ", "))
	case g.players[player].Supply == 0:
		return fmt.Errorf("player %d has no follower at hand", player+1)
	case g.supply[player][kind] == 0:
		return fmt.Errorf("player %d has no %s at hand", player+1, g.rules.kinds[kind].ID)
	}
	return nil
}

// canStand says why a follower of a kind may not stand on feature instance
// x (the rule options, or where the kind stands); nil when it may.
func (g *Game) canStand(x int32, kind int) error {
	on := g.board.nodes[x].kind
	switch {
	case g.rules.opts.NoFarmers && on == KindField:
		return fmt.Errorf("the game is played without farmers: no follower may go on %s", g.board.describe(x))
	case !g.rules.standsOn(uint8(kind), on):
		return fmt.Errorf("no %s may stand on %s: it stands on %s", g.rules.kinds[kind].ID, g.board.describe(x), standsOnText(g.rules.kinds[kind].StandsOn))
	case !g.mayStandOn(x, kind):
		return fmt.Errorf("no %s may stand on %s: only the figures its symbol names do", g.rules.kinds[kind].ID, g.board.describe(x))
	}
	return nil
}

// mayStandOn reports whether a follower of a kind may stand on feature
// instance x beyond its kind's places: on a feature a symbol makes, only
// the kinds that symbol names (Ruleset.featOnly).
func (g *Game) mayStandOn(x int32, kind int) bool {
	b := g.board
	typ := b.cells[b.cellOf(x)].tile - 1
	return g.rules.featOnly[g.rules.featStart[typ]+int32(b.indexOf(x))]&(1<<kind) != 0
}

// standsOnText writes a mask of feature kinds as "road, city".
func standsOnText(mask uint8) string {
	var names []string
	for k := KindField; k <= KindCloister; k++ {
		if mask&(1<<k) != 0 {
			names = append(names, k.String())
		}
	}
	return strings.Join(names, ", ")
}

// scoreCompleted reports each feature the last placement completed, and
// scores those with followers by the first of the data's scoring rules for
// a completed feature of its kind whose condition holds (Ruleset.scoring:
// in the built-in data a road 1 point per tile, a city 2 per tile and 2
// per pennant, a cloister 1 and 1 per tile around it), to the players with
// the most followers on it, each of them in full; then the followers go
// back to their owners (Carcassonne rulebook (2nd edition), Scoring). A
// field is never complete, so farmers stay. Each scoring event names its
// ScoringRule.
func (g *Game) scoreCompleted(events []Event) []Event {
	g.done = g.board.Completed(g.done[:0])
	for _, f := range g.done {
		events = append(events, Event{Kind: EventCompleted, Feature: f, Player: -1})
		for _, h := range g.rules.hooks.completed {
			events = h(g, f, events)
		}
		if f.Followers == 0 {
			continue
		}
		if c := g.scoreRuleFor(&f, false); c != nil {
			events = g.award(f, g.points(c, &f), c.rule, events)
		}
		for _, h := range g.rules.hooks.scored {
			events = h(g, f, false, events)
		}
		events = g.giveBack(f, events)
	}
	return events
}

// award gives the points of a feature to each player with the most
// followers on it, each follower weighed by its kind (Game.weigh), by a
// scoring rule.
func (g *Game) award(f Feature, points int, rule ScoringRule, events []Event) []Event {
	var count [MaxPlayers]int
	g.weigh(int32(f.ID), &count)
	return g.awardMost(f, &count, points, rule, events)
}

// awardMost gives points to each player with the most followers, by the
// count of each player's, and appends the events; nobody scores when no
// follower counts.
func (g *Game) awardMost(f Feature, count *[MaxPlayers]int, points int, rule ScoringRule, events []Event) []Event {
	most := 0
	for _, n := range count[:len(g.players)] {
		most = max(most, n)
	}
	end := rule.atEnd()
	for p := range g.players {
		if count[p] == most && most > 0 {
			g.players[p].Score += points
			events = append(events, Event{Kind: EventScored, Feature: f, Player: p, Points: points, End: end, Scoring: rule})
		}
	}
	return events
}

// followerOn returns a follower standing on the joined feature of a root;
// the caller knows there is one.
func (g *Game) followerOn(root int32) PlacedFollower {
	for _, f := range g.followers {
		if g.board.find(f.node) == root {
			pos := g.board.posOf(f.node)
			return PlacedFollower{Player: int(f.player), Pos: pos, Index: g.board.indexOf(f.node), Figure: int(f.kind)}
		}
	}
	return PlacedFollower{Player: -1}
}

// leaves tells the units that a follower leaves the board.
func (g *Game) leaves(f follower) {
	for _, h := range g.rules.hooks.leaves {
		h(g, f)
	}
}

// removeFollower takes follower i off the board to a destination: its
// owner's supply, or out of the game for any other. When it was the last
// follower of its owner on its feature that joins none, their figures
// that join followers there go with it (Game.joinersGo); it returns the
// events and how many followers before i left with it, which a caller
// walking the followers steps back by.
func (g *Game) removeFollower(i int, to removal, events []Event) ([]Event, int) {
	f := g.followers[i]
	root := g.board.find(f.node)
	g.takeOff(i, to)
	if g.rules.joining == 0 || g.rules.joining&(1<<f.kind) != 0 || g.joinable(root, f.player) {
		return events, 0
	}
	return g.joinersGo(root, f.player, i, to, events)
}

// takeOff takes follower i off the board to a destination.
func (g *Game) takeOff(i int, to removal) {
	f := g.followers[i]
	g.board.nodes[g.board.find(f.node)].followers--
	if to.to == tilekit.OwnerSupply || to.to == tilekit.WithLastFollower {
		g.toSupply(f)
	} else {
		g.lost[f.player]++
	}
	g.leaves(f)
	copy(g.followers[i:], g.followers[i+1:])
	g.followers = g.followers[:len(g.followers)-1]
}

// joinersGo sends a player's figures that join followers on the joined
// feature of a root where their last follower went (to), with an event
// each: they do not stay on their own (tilekit.JoinsOwnFollower). It
// returns how many of them stood before index i of the followers.
func (g *Game) joinersGo(root, player int32, i int, to removal, events []Event) ([]Event, int) {
	before := 0
	for j := 0; j < len(g.followers); {
		f := g.followers[j]
		if f.player != player || g.rules.joining&(1<<f.kind) == 0 || g.board.find(f.node) != root {
			j++
			continue
		}
		if j < i {
			before++
		}
		events = append(events, Event{Kind: EventReturned, Feature: g.board.feature(root), Player: int(player), Count: 1, Actor: g.rules.kindFigs[f.kind]})
		g.takeOff(j, to)
	}
	return events, before
}

// followerAt returns the index of the first follower on an instance, or
// -1.
func (g *Game) followerAt(x int32) int {
	for i, f := range g.followers {
		if f.node == x {
			return i
		}
	}
	return -1
}

// instanceComplete reports whether the joined feature of an instance is
// complete: a road or city with no open edge, a cloister with eight tiles
// around it.
func (g *Game) instanceComplete(x int32) bool {
	return g.board.nodes[x].completeWith(&g.board.nodes[g.board.find(x)])
}

// giveBack returns the followers on a feature to their owners' supplies.
func (g *Game) giveBack(f Feature, events []Event) []Event {
	return g.giveBackKinds(f, ^uint32(0), events)
}

// giveBackKinds is giveBack for the followers of the kinds of a mask (bit
// k for kind k) alone: the others stay.
func (g *Game) giveBackKinds(f Feature, kinds uint32, events []Event) []Event {
	var count [MaxPlayers]int
	kept := g.followers[:0]
	for _, fl := range g.followers {
		if g.board.find(fl.node) == int32(f.ID) && kinds&(1<<fl.kind) != 0 {
			count[fl.player]++
			g.toSupply(fl)
			g.leaves(fl)
			continue
		}
		kept = append(kept, fl)
	}
	g.followers = kept
	for _, n := range count {
		g.board.nodes[f.ID].followers -= uint8(n)
	}
	for p, n := range count[:len(g.players)] {
		if n > 0 {
			events = append(events, Event{Kind: EventReturned, Feature: f, Player: p, Count: n})
		}
	}
	return events
}

// EndGame scores what is left on the board at the end of the game, once:
// each feature with followers by the first of the data's scoring rules for
// the end of the game of its kind whose condition holds (Ruleset.scoring:
// in the built-in data an incomplete road 1 point per tile, an incomplete
// city 1 per tile and 1 per pennant, an incomplete cloister 1 and 1 per
// tile around it, and each field 3 points per completed city it borders),
// each to the players with the most followers on it (Carcassonne rulebook
// (2nd edition), Scoring at the end of the game). Without farmers
// (Options.NoFarmers) fields score nothing; a field's rule scored once per
// completed city (tilekit.MajorityEachCity: the 1st edition's farmers)
// scores after the units' end of the game (see scoreFarmersPerCity). The
// followers stay on the board. It appends the events to events and
// returns the extended slice; it may be called at the start of any turn,
// and allocates nothing when events has room (the farmers' scoring per
// city may, the first time a game needs more room).
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
	var perCity *scoreRule
	for _, root := range g.roots {
		f := g.board.feature(root)
		c := g.scoreRuleFor(&f, true)
		if f.Kind == KindField && (g.rules.opts.NoFarmers || c != nil && c.eachCity) {
			perCity = c
			continue
		}
		if c != nil {
			events = g.award(f, g.points(c, &f), c.rule, events)
		}
		for _, h := range g.rules.hooks.scored {
			events = h(g, f, true, events)
		}
	}
	for _, h := range g.rules.hooks.end {
		events = h(g, events)
	}
	if perCity != nil && !g.rules.opts.NoFarmers {
		events = g.scoreFarmersPerCity(perCity, events)
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
	epoch := b.nextMark()
	n := 0
	for m := root; ; {
		slot := b.slotOf(m)
		typ := int(b.cells[b.placed[slot]].tile) - 1
		for _, c := range g.rules.fieldCities(typ, b.indexOf(m)) {
			city := b.find(b.instance(slot, int32(c)))
			if b.nodes[city].open == 0 && b.nodes[city].mark != epoch {
				b.nodes[city].mark = epoch
				n++
			}
		}
		if m = b.nodes[m].next; m == root {
			return n
		}
	}
}

// farmCity is a completed city the farmers score by the 1st edition's
// rules: its root and the farmers of each player in the fields that
// border it.
type farmCity struct {
	root    int32
	farmers [MaxPlayers]int
}

// scoreFarmersPerCity scores the farmers by a field's rule scored once
// per completed city (tilekit.MajorityEachCity; the 1st edition's rules,
// with Options.FirstEditionScoring, in the built-in data): each completed
// city that a field with farmers borders scores the rule's points for a
// completed city (4 in the built-in data), once, to each player with the
// most farmers in all the fields that border it together (a field counted
// once per city however many of its tiles border the city). The cities are
// scored in the order of their roots, so that a game always scores alike.
// It allocates only the first time a game needs more room.
func (g *Game) scoreFarmersPerCity(c *scoreRule, events []Event) []Event {
	b := g.board
	g.roots = g.roots[:0]
	for _, fl := range g.followers {
		if root := b.find(fl.node); b.nodes[root].kind == KindField && !containsRoot(g.roots, root) {
			g.roots = append(g.roots, root)
		}
	}
	g.farmCities = g.farmCities[:0]
	for _, field := range g.roots {
		var farmers [MaxPlayers]int
		for _, fl := range g.followers {
			if b.find(fl.node) == field {
				farmers[fl.player] += g.rules.weight(fl.kind, 0)
			}
		}
		g.addFarmCities(field, &farmers)
	}
	slices.SortFunc(g.farmCities, func(a, b farmCity) int { return int(a.root - b.root) })
	for i := range g.farmCities {
		fc := &g.farmCities[i]
		events = g.awardMost(b.feature(fc.root), &fc.farmers, int(c.coef[termCities]), c.rule, events)
	}
	return events
}

// addFarmCities adds the farmers of a field to each completed city it
// borders, each city once.
func (g *Game) addFarmCities(field int32, farmers *[MaxPlayers]int) {
	b := g.board
	epoch := b.nextMark()
	for m := field; ; {
		slot := b.slotOf(m)
		typ := int(b.cells[b.placed[slot]].tile) - 1
		for _, c := range g.rules.fieldCities(typ, b.indexOf(m)) {
			city := b.find(b.instance(slot, int32(c)))
			if b.nodes[city].open != 0 || b.nodes[city].mark == epoch {
				continue
			}
			b.nodes[city].mark = epoch
			i := slices.IndexFunc(g.farmCities, func(fc farmCity) bool { return fc.root == city })
			if i < 0 {
				g.farmCities = append(g.farmCities, farmCity{root: city})
				i = len(g.farmCities) - 1
			}
			for p, n := range farmers {
				g.farmCities[i].farmers[p] += n
			}
		}
		if m = b.nodes[m].next; m == field {
			return
		}
	}
}
