package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The mechanic that removes a follower from a feature the tile extends:
// every step with a dismissal in the rules data ([step.dismissal]),
// whatever its id, is played here, from its data alone. When a feature of
// the tile placed of the dismissal's kind, which carries its attribute,
// joins a feature with followers, the player may (or must, by the step's
// choice) remove one of them, as the dismissal's table allows, instead of
// a deployment; the follower goes where the step's removals say, and no
// other figure is deployed or moved in the turn. The seed's rules are
// cited in the data (the step's source).

// dismissalRules are the mechanic's compiled data.
type dismissalRules struct {
	dismissal dismissal
}

// dismissal is a compiled step with a dismissal: whether the turn has
// one; its choice; the word of its moves; where the followers it removes
// go; the kinds of follower its table lets it remove (bit k for kind k)
// and its table's verdict for each kind;
// at each feature's index (as in featKind), whether the feature sets it
// off; the step's id and the dismissal's source, for its events; and its
// errors, which cite the source.
type dismissal struct {
	on     bool
	choice choice
	word   Word
	out    removal
	takes  uint32
	by     []verdict
	feats  []bool
	table  string
	step   string
	source tilekit.Citation
	// must says why no follower may be placed when the removal must be
	// taken; taken why no other figure may follow it.
	must, taken error
}

// MoveDismissal removes the follower on a feature of a tile from the
// board.
const MoveDismissal MoveKind = 2

// EventDismissal: a step's dismissal removed Player's follower from
// Feature; the event's first word is the step's (Event.Word).
const EventDismissal EventKind = 7

// DismissalMove returns the move of the ruleset's dismissal that removes
// the follower on feature i of the tile at a position.
func (r *Ruleset) DismissalMove(p tilekit.BoardPosition, i int) Move {
	return Move{Kind: MoveDismissal, Follower: true, Placement: Placement{Pos: p}, Feature: int16(i), Word: r.dismissal.word}
}

// roleWords name a follower by the kind of its feature, for errors.
var roleWords = [4]string{KindField: "farmer", KindRoad: "thief", KindCity: "knight", KindCloister: "monk"}

var (
	dismissalUnit = unit{
		steps: []unitStep{{figure: true, part: func(m *tilekit.Mechanics) bool { return m.Dismissal != nil }, compile: (*Ruleset).compileDismissal}},
		rulings: func(r *Ruleset, read rulingReader) error {
			if !r.dismissal.on {
				return nil
			}
			ids := r.kindIDs()
			v := make([]verdict, len(ids))
			if err := read(r.dismissal.table, v, ids); err != nil {
				return err
			}
			r.dismissal.by = v
			for k := range v {
				if v[k].yes {
					r.dismissal.takes |= 1 << k
				}
			}
			return nil
		},
		playing: func(r *Ruleset) bool { return r.dismissal.on },
		hooks: unitHooks{
			figure: &figureHook{kind: MoveDismissal, only: (*Game).dismissalMust,
				onlyWhy: func(g *Game) error { return g.rules.dismissal.must },
				moves:   (*Game).dismissalMoves, apply: (*Game).dismiss, refuse: (*Game).dismissalRefusal},
		},
	}
	dismissalKind = moveKind{notation: placeNotation, parse: placeMove(MoveDismissal),
		takenBy: func(r *Ruleset, _ Word) error { return r.dismissal.taken },
		step:    func(r *Ruleset, m Move) string { return stepOfWord(m, r.dismissal.word, r.dismissal.step) }}
	dismissalEvent = eventKind{name: "dismissal", worded: MoveDismissal, read: readPlayerFeature, noted: notedPlayerFeature,
		rule: func(e Event) EventRule { return EventRule{ID: e.Word.String()} },
		ruled: func(r *Ruleset, e Event) (EventRule, bool) {
			d := &r.dismissal
			return EventRule{ID: e.Word.String(), Sources: one(d.source), Step: d.step}, d.on
		}}
)

// compileDismissal compiles a step's dismissal: its word, its choice,
// where the followers it removes go, and which features of each tile type
// set it off.
func (r *Ruleset) compileDismissal(ps rules.PlayedStep) error {
	d, data := &r.dismissal, ps.Step.Mechanics.Dismissal
	if d.on {
		return fmt.Errorf("the game engine plays one step with a dismissal in a turn, and %s is a second one", ps.Step.ID)
	}
	kind, ok := kindOf[data.Feature]
	if !ok {
		return fmt.Errorf("the dismissal's feature kind %q is not one the engine plays (road, city, field, cloister)", data.Feature)
	}
	word, err := nameWord(data.Word, MoveDismissal)
	if err != nil {
		return err
	}
	*d = dismissal{on: true, choice: readChoice(ps.Choice), word: word, table: data.Table, step: ps.Step.ID, source: data.Source,
		out: destinationOf(&ps.Step.Mechanics, "meeple", "player")}
	for _, t := range r.tiles {
		for i := range t.Features {
			f := &t.Features[i]
			d.feats = append(d.feats, f.Kind == data.Feature && f.Has(data.Attribute))
		}
	}
	cite := citationText(data.Source)
	d.must = fmt.Errorf("the %s must send a %s of the %s home: no follower may be placed (%s)", data.Word, roleWords[kind], data.Feature, cite)
	d.taken = fmt.Errorf("the %s sent a %s home this turn: no other figure may be deployed or moved (%s)", data.Word, roleWords[kind], cite)
	return nil
}

// dismisses reports whether feature i of a tile type sets the dismissal
// off.
func (r *Ruleset) dismisses(typ, i int) bool { return r.dismissal.feats[int(r.featStart[typ])+i] }

// dismissalMust reports whether the dismissal must be taken and can: its
// moves are then the figure decision's only ones.
func (g *Game) dismissalMust() bool { return g.rules.dismissal.choice.must && g.hasDismissalMove() }

// hasDismissalMove reports whether a follower can be removed: a feature
// of the tile just placed that sets the dismissal off joins a feature
// with a follower of a kind its table allows.
func (g *Game) hasDismissalMove() bool {
	_, found := g.dismissals(nil, true)
	return found
}

// dismissalRefusal says why the dismissal may not remove the follower on
// instance x, when its table refuses that follower's kind: a refusal by
// the table's verdict; nil otherwise.
func (g *Game) dismissalRefusal(_ Move, _, x int32) error {
	d := &g.rules.dismissal
	i := g.followerAt(x)
	if i < 0 {
		return nil
	}
	if kind := g.followers[i].kind; !d.by[kind].yes {
		return refusedBy(d.by[kind], fmt.Errorf("the %s may not remove a %s (%s)", d.word, g.rules.kinds[kind].ID, reasonText(d.by[kind].reason)))
	}
	return nil
}

// dismissalMoves appends a move for each follower the dismissal may
// remove.
func (g *Game) dismissalMoves(dst []Move) []Move {
	dst, _ = g.dismissals(dst, false)
	return dst
}

// dismissals appends a move for each follower the dismissal may remove:
// each follower on a feature joined to a feature of the tile just placed
// that sets the dismissal off, of a kind its table allows; first stops at
// the first such follower and appends nothing. found says whether there
// is one.
func (g *Game) dismissals(dst []Move, first bool) (moves []Move, found bool) {
	r := g.rules
	if !r.dismissal.on || r.dismissal.takes == 0 {
		return dst, false
	}
	base := g.lastBase()
	for i := range r.NumFeatures(g.tile) {
		if !r.dismisses(g.tile, i) || g.sameRootBefore(base, i) {
			continue
		}
		root := g.board.find(base + int32(i))
		if g.board.nodes[root].followers == 0 {
			continue
		}
		for _, f := range g.followers {
			if r.dismissal.takes&(1<<f.kind) == 0 || g.board.find(f.node) != root {
				continue
			}
			found = true
			if first {
				return dst, true
			}
			pos := g.board.posOf(f.node)
			dst = append(dst, r.DismissalMove(pos, g.board.indexOf(f.node)))
		}
	}
	return dst, found
}

// sameRootBefore reports whether an earlier feature of the tile just
// placed that sets the dismissal off belongs to the same joined feature
// as feature i.
func (g *Game) sameRootBefore(base int32, i int) bool {
	root := g.board.find(base + int32(i))
	for j := range i {
		if g.rules.dismisses(g.tile, j) && g.board.find(base+int32(j)) == root {
			return true
		}
	}
	return false
}

// dismiss plays a legal dismissal move: the follower on the feature it
// names goes where the step's removals send it.
func (g *Game) dismiss(m Move, events []Event) []Event {
	idx, _ := g.board.index(m.Placement.Pos)
	x := g.board.instance(int32(g.board.cells[idx].slot), int32(m.Feature))
	i := g.followerAt(x)
	f := g.followers[i]
	events = append(events, Event{Kind: EventDismissal, Player: int(f.player), Feature: g.board.feature(g.board.find(x)), Word: g.rules.dismissal.word,
		Ruling: g.rules.dismissal.by[f.kind].ruling})
	events, _ = g.removeFollower(i, g.rules.dismissal.out, events)
	return events
}
