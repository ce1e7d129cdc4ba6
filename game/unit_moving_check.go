package game

import (
	"github.com/tilekit/tilekit"
)

// The events of the moving figures, the rules that make them, and their
// invariants.

// The kinds of the moving figures' events.
var (
	movedEvent   = eventKind{ruled: (*Ruleset).movingRule, name: "moved", word: "move", rule: movedRule, note: noteFigureEvent, read: readFigureEvent, noted: notedMove}
	enteredEvent = eventKind{ruled: (*Ruleset).movingRule, name: "entered", word: "enter", rule: func(Event) EventRule { return EventRule{ID: "enter"} },
		note: noteFigureEvent, read: readFigureEvent, noted: notedMove}
	eatenEvent        = eventKind{ruled: (*Ruleset).movingRule, name: "eaten", word: "eat", rule: mealRule, note: noteFigureEvent, read: readFigureEvent, noted: notedMeal}
	sparedEvent       = eventKind{ruled: (*Ruleset).movingRule, name: "spared", word: "spare", rule: mealRule, note: noteFigureEvent, read: readFigureEvent, noted: notedMeal}
	setAsideEvent     = eventKind{ruled: (*Ruleset).movingRule, name: "set-aside", word: "set-aside", rule: func(Event) EventRule { return EventRule{ID: "set-aside"} }}
	shuffledBackEvent = eventKind{ruled: (*Ruleset).movingRule, name: "shuffled-back", word: "shuffle-back",
		rule:  func(Event) EventRule { return EventRule{ID: "shuffle-back"} },
		note:  func(e Event, n *tilekit.EventNotation) { n.Number = e.Count },
		read:  func(n tilekit.EventNotation, e *Event) error { e.Count = n.Number; return nil },
		noted: func(e Event, n *Event) { n.Count = e.Count }}
)

// noteFigureEvent writes the values of a figure's event: the figure, its
// victim, the tile, whether a tile's symbol called it, and the reason.
func noteFigureEvent(e Event, n *tilekit.EventNotation) {
	n.Figure, n.Victim, n.Pos, n.Called, n.Reason = e.Actor.ID(), e.Victim.ID(), e.Pos, e.Called, e.Reason
}

// readFigureEvent reads the values of a figure's event.
func readFigureEvent(n tilekit.EventNotation, e *Event) error {
	var err error
	e.Pos, e.Called, e.Reason = n.Pos, n.Called, n.Reason
	if e.Actor, err = parseFigure(n.Figure); err == nil && n.Victim != "" {
		e.Victim, err = parseFigure(n.Victim)
	}
	return err
}

// notedMove sets the values the notation holds of a figure's move or
// entry.
func notedMove(e Event, n *Event) {
	n.Actor, n.Pos = e.Actor, e.Pos
	if e.Kind == EventMoved {
		n.Called = e.Called
	}
}

// notedMeal sets the values the notation holds of a figure's meal.
func notedMeal(e Event, n *Event) {
	n.Actor, n.Victim, n.Pos, n.Reason = e.Actor, e.Victim, e.Pos, e.Reason
	if e.Player >= 0 {
		n.Player = e.Player
	}
}

// movedRule returns the rule of a figure's move without its ruleset,
// "move-ID" (Ruleset.EventRule gives the step and its source).
func movedRule(e Event) EventRule { return EventRule{ID: "move-" + e.Actor.ID()} }

// mealRule returns the rule of a figure's meal without its ruleset.
func mealRule(e Event) EventRule { return EventRule{ID: "eat-" + e.Actor.ID()} }

// movingRule returns the rule of an event of a moving figure of the
// ruleset: its id, and the step that states it with that step's source;
// ok is false for another event.
func (r *Ruleset) movingRule(e Event) (EventRule, bool) {
	if e.Kind == EventSetAside || e.Kind == EventShuffledBack {
		if r.asideStep == 0 {
			return EventRule{}, false
		}
		mv := &r.moves[r.asideStep-1]
		word := "set-aside"
		if e.Kind == EventShuffledBack {
			word = "shuffle-back"
		}
		return EventRule{ID: word, Step: mv.id, Sources: one(mv.trigger.source)}, true
	}
	if e.Kind != EventMoved && e.Kind != EventEntered && e.Kind != EventEaten && e.Kind != EventSpared {
		return EventRule{}, false
	}
	i := r.moverIndex(e.Actor)
	if c := r.companionOf(e.Actor); c >= 0 && e.Kind == EventMoved && e.Called == "" {
		return EventRule{ID: "move-" + e.Actor.ID(), Step: r.companions[c].step, Sources: one(r.companions[c].source)}, true
	}
	if i < 0 {
		return EventRule{}, false
	}
	m := &r.movers[i]
	k, id := m.stepping, "move-"+e.Actor.ID()
	switch {
	case e.Kind == EventMoved && e.Called != "":
		k, id = r.calledBy(e.Actor), ""
	case e.Kind == EventEntered:
		k, id = m.placing, "enter"
	case e.Kind == EventEaten || e.Kind == EventSpared:
		k, id = m.tables, "eat-"+e.Actor.ID()
	}
	if k == 0 {
		return EventRule{}, false
	}
	mv := &r.moves[k-1]
	if id == "" {
		id = string(mv.trigger.symbol)
	}
	return EventRule{ID: id, Step: mv.id, Sources: one(mv.source)}, true
}

// calledBy returns 1 + the index of the movement to the placed tile that
// a tile's symbol sets off for a figure, or 0.
func (r *Ruleset) calledBy(who Figure) int {
	for k := range r.moves {
		if mv := &r.moves[k]; mv.who == who && !mv.orthogonal && mv.trigger.on == tilekit.TriggerTileSymbol {
			return k + 1
		}
	}
	return 0
}

// movingWatch is what the moving figures' invariants note between moves:
// where each neutral figure stood before the move, and the followers each
// mover left on the tile it entered last (see checkEntry).
type movingWatch struct {
	before [maxFigures]int32
	spared []sparedFollower
}

// sparedFollower is a follower a mover left on the tile it entered.
type sparedFollower struct {
	by Figure
	f  follower
}

// watchMoving notes where the neutral figures stand.
func watchMoving(iv *invariants) {
	if iv.spared == nil {
		iv.spared = make([]sparedFollower, 0, 2*Followers*MaxPlayers)
	}
	iv.spared = iv.spared[:0]
	iv.before = iv.g.at
}

// checkMoving checks the moving figures' invariants after a move: each
// that entered a tile did not enter the tile of a figure that blocks it,
// and left there only followers its diet does not eat or its protection
// table spares; no follower came onto the tile of one that keeps them off;
// and the figure moving kept its path's rules and ate only what its diet
// lets it. They read the same compiled flags as the legal moves.
func checkMoving(iv *invariants) error {
	g := iv.g
	prev := iv.before
	iv.before = g.at
	for i := range g.rules.movers {
		if err := iv.checkEntry(&g.rules.movers[i], &prev); err != nil {
			return err
		}
	}
	for i := range g.rules.movers {
		if err := iv.checkKeptOff(&g.rules.movers[i]); err != nil {
			return err
		}
	}
	if err := iv.checkPath(); err != nil {
		return err
	}
	return iv.checkEaten()
}

// checkEntry checks the tile a mover's figure entered with the last move,
// if it entered one, and notes the followers it spared there.
func (iv *invariants) checkEntry(m *mover, before *[maxFigures]int32) error {
	g := iv.g
	r := g.rules
	cell := g.at[m.who]
	if cell < 0 || cell == before[m.who] {
		if cell < 0 {
			iv.forgetSpared(m.who)
		}
		return nil
	}
	at := g.board.position(int(cell))
	for k := range r.moves {
		for _, b := range r.moves[k].blockedBy {
			if r.moves[k].who == m.who && r.moves[k].orthogonal && cell == before[b] {
				return iv.broken("the %s entered the %s's tile at %s", m.who, b, notationPos(at))
			}
		}
	}
	iv.forgetSpared(m.who)
	if m.tables == 0 {
		return nil
	}
	mv := &r.moves[m.tables-1]
	slot := int32(g.board.cells[cell].slot)
	for _, f := range g.followers {
		if g.board.slotOf(f.node) != slot {
			continue
		}
		if _, spared := g.protection(f, cell, mv); !spared && mv.eats[r.kindFigs[f.kind]].yes {
			return iv.broken("the %s left player %d's follower at %s, which %s lets it eat and no place of %s protects",
				m.who, f.player+1, notationPos(at), mv.eatsName, mv.sparesName)
		}
		iv.spared = append(iv.spared, sparedFollower{m.who, f})
	}
	return nil
}

// forgetSpared forgets the followers a figure spared.
func (iv *invariants) forgetSpared(who Figure) {
	kept := iv.spared[:0]
	for _, s := range iv.spared {
		if s.by != who {
			kept = append(kept, s)
		}
	}
	iv.spared = kept
}

// checkKeptOff checks, when a step keeps followers off a mover's tile,
// that every follower there is one the figure spared when it entered.
func (iv *invariants) checkKeptOff(m *mover) error {
	g := iv.g
	cell := g.at[m.who]
	if !m.noDeploy || cell < 0 {
		return nil
	}
	slot := int32(g.board.cells[cell].slot)
	for _, f := range g.followers {
		if g.board.slotOf(f.node) == slot && g.rules.cornerKinds&(1<<f.kind) == 0 && !iv.wasSpared(m.who, f) {
			return iv.broken("player %d's follower came onto the %s's tile at %s", f.player+1, m.who, notationPos(g.board.position(int(cell))))
		}
	}
	return nil
}

// wasSpared reports whether a follower is one a figure spared when it
// entered its tile.
func (iv *invariants) wasSpared(who Figure, f follower) bool {
	for _, s := range iv.spared {
		if s.by == who && s.f == f {
			return true
		}
	}
	return false
}

// checkPath checks the path of the figure moving, or that moved last.
func (iv *invariants) checkPath() error {
	m := &iv.g.mv
	if m.rules == nil || m.n == 0 {
		return nil
	}
	who := m.rules.who
	for i := 1; i < m.n; i++ {
		if m.path[i] == m.path[0] && !m.rules.returnToStart {
			return iv.broken("the %s went back to the tile it started from", who)
		}
		for j := 1; j < i && !m.rules.revisit; j++ {
			if m.path[i] == m.path[j] {
				return iv.broken("the %s entered the tile at %s twice in one move", who, notationPos(iv.g.board.position(int(m.path[i]))))
			}
		}
	}
	if m.rules.perCompleted && m.taken > len(iv.g.board.done) {
		return iv.broken("the %s took %d steps for %d completed features", who, m.taken, len(iv.g.board.done))
	}
	return nil
}

// checkEaten checks each figure the last move's events say was eaten
// against the compiled diet that decided it (a movement of the eater
// that names the reason's table), and each meeple eaten against the places
// of its protection table.
func (iv *invariants) checkEaten() error {
	for i := range iv.events {
		e := &iv.events[i]
		if e.Kind != EventEaten {
			continue
		}
		mv := iv.g.rules.dietOf(e.Actor, e.Reason.Table)
		if mv == nil {
			return iv.broken("the %s ate the %s at %s, but no step lets it eat by %s", e.Actor, e.Victim, notationPos(e.Pos), e.Reason.Table)
		}
		if !mv.eats[e.Victim].yes {
			return iv.broken("the %s ate the %s at %s, which %s does not let it eat", e.Actor, e.Victim, notationPos(e.Pos), mv.eatsName)
		}
		if e.Player >= 0 && placeProtects(&mv.spares, e.Feature) {
			return iv.broken("the %s ate player %d's %s at %s, which %s protects", e.Actor, e.Player+1, e.Victim, notationPos(e.Pos), mv.sparesName)
		}
	}
	return nil
}

// dietOf returns a movement of a figure whose diet is a table, or nil.
func (r *Ruleset) dietOf(who Figure, table string) *movement {
	for k := range r.moves {
		if mv := &r.moves[k]; mv.who == who && mv.eatsName != "" && mv.eatsName == table {
			return mv
		}
	}
	return nil
}

// placeProtects reports whether the compiled places of a protection table
// protect a follower on a feature: an occupied feature, a field, a
// completed feature.
func placeProtects(spares *[numPlaces]verdict, f Feature) bool {
	return spares[placeOccupied].yes || (f.Kind == KindField && spares[placeField].yes) || (f.Complete() && spares[placeCompleted].yes)
}
