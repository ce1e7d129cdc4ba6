package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The relocation (a step's tilekit.Relocation), part of the unit of the
// held followers (unit_crossing.go): once a feature is scored during the
// game, a follower of the relocation's kind on it is held, and its owner
// moves it on into an incomplete feature without a follower, of one of
// the relocation's kinds, on its tile or near it, or takes it back.

// relocation is a step's relocation, compiled: its step, the word of its
// moves and its source; the kind of follower that moves on, the feature
// kinds it may move into (bit k for Kind k) and how many tiles away; and
// the decision the game waits for.
type relocation struct {
	step     string
	word     Word
	source   tilekit.Citation
	kind     uint8
	into     uint8
	reach    int
	decision decision
}

// MoveRelocate moves the follower held after its feature was scored on
// into the feature of a tile (Feature -1: home).
const MoveRelocate MoveKind = 7

// EventMovedOn: Player's follower moved on into Feature, from the feature
// of a tile it stood on (Event.From) to the one of a tile it stands on
// (Event.To); its first word in the event notation is the relocation's
// word ("WORD pN KIND").
const EventMovedOn EventKind = 12

// RelocateMove moves the follower held after its feature was scored on
// into feature i of the tile at a position, in the words of the ruleset's
// relocation.
func (r *Ruleset) RelocateMove(p tilekit.BoardPosition, i int) Move {
	return heldMove(MoveRelocate, r.relocation.word, p, i)
}

// RelocationHome takes the follower held after its feature was scored
// back, in the words of the ruleset's relocation.
func (r *Ruleset) RelocationHome() Move {
	return heldMove(MoveRelocate, r.relocation.word, tilekit.BoardPosition{}, -1)
}

var (
	relocateKind = heldMoveKind(MoveRelocate, func(r *Ruleset, m Move) string { return stepOfWord(m, r.relocation.word, r.relocation.step) })
	movedOnEvent = eventKind{name: "moved-on", worded: MoveRelocate, read: readPlayerFeature, noted: notedPlayerFeature,
		rule: func(e Event) EventRule { return EventRule{ID: e.Word.String()} },
		ruled: func(r *Ruleset, e Event) (EventRule, bool) {
			rl := &r.relocation
			return EventRule{ID: e.Word.String(), Sources: one(rl.source), Step: rl.step}, rl.step != ""
		}}
)

// compileRelocation compiles a step's relocation: its word, the kind of
// follower, the kinds of feature it moves into and its reach.
func compileRelocation(r *Ruleset, ps rules.PlayedStep) error {
	d := ps.Step.Mechanics.Relocation
	cite := d.Source.Title
	if d.Source.Section != "" {
		cite += ", " + d.Source.Section
	}
	k, err := r.stepFigureKind(r.relocation.step != "", "a relocation", ps.Step.ID, d.Figure)
	if err != nil {
		return err
	}
	var into uint8
	for _, f := range d.Into {
		kind, ok := kindOf[f]
		if !ok {
			return fmt.Errorf("a relocation into %q (%s): the engine knows the kinds %v", f, cite, tilekit.FeatureKinds)
		}
		into |= 1 << kind
	}
	if d.Reach < 0 || d.Reach > maxReach {
		return fmt.Errorf("a relocation %d tiles away (%s): the engine moves a follower on at most %d tiles away", d.Reach, cite, maxReach)
	}
	word, err := nameWord(d.Word, MoveRelocate)
	if err != nil {
		return fmt.Errorf("%w (%s)", err, cite)
	}
	r.relocation = relocation{step: ps.Step.ID, word: word, source: d.Source, kind: k, into: into, reach: d.Reach}
	r.relocation.decision = decision{id: string(d.Word), legal: (*Game).heldMoves, apply: (*Game).applyHeld,
		decider: func(g *Game) int { return int(g.held[0].player) },
		text: func(g *Game) string {
			return fmt.Sprintf("player %d chooses where their follower held by %s goes (%s x,y:FEATURE or %s home)", g.Decider()+1, ps.Step.ID, d.Word, d.Word)
		}}
	return nil
}

// maxReach is the farthest a relocation moves a follower on, in tiles.
const maxReach = 3

// relocationMoves appends the moves on of a follower held: into each
// feature of the relocation's kinds, incomplete and without a follower, on
// a tile at most the reach away from the tile it stood on (in any of the
// eight directions), one move per instance, but where a unit keeps
// followers off.
func (g *Game) relocationMoves(dst []Move, h heldFollower) []Move {
	b, rl := g.board, &g.rules.relocation
	at := b.posOf(h.node)
	for dy := -rl.reach; dy <= rl.reach; dy++ {
		for dx := -rl.reach; dx <= rl.reach; dx++ {
			p := tilekit.BoardPosition{X: at.X + dx, Y: at.Y + dy}
			idx, ok := b.index(p)
			if !ok || b.cells[idx].tile == 0 || g.closedToFollowers(int32(idx)) {
				continue
			}
			slot := int32(b.cells[idx].slot)
			typ := int(b.cells[idx].tile) - 1
			for i := range g.rules.featStart[typ+1] - g.rules.featStart[typ] {
				x := b.instance(slot, i)
				root := b.find(x)
				if n := &b.nodes[root]; rl.into&(1<<n.kind) != 0 && n.followers == 0 && !b.nodes[x].completeWith(n) && g.mayStandOn(x, int(h.kind)) {
					dst = append(dst, g.rules.RelocateMove(p, int(i)))
				}
			}
		}
	}
	return dst
}
