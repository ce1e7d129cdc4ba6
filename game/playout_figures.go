package game

import (
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// checkFigures checks the invariants of the expansions after a move: the
// dragon never stands on the fairy's tile when the fairy blocks it; no
// follower stands on the dragon's tile unless the dragon's protection
// table spares it; a dragon's move never enters a tile twice nor returns
// to its start, unless its movement allows it; the Black Dragon takes no
// more steps than the tile completed features; and every figure eaten is
// one the tables, read apart from the game's compiled flags, let the
// dragon eat.
func (p *Playout) checkFigures() error {
	g := p.g
	r := g.rules
	if !r.expansions {
		return nil
	}
	if g.dragonCell >= 0 && g.dragonCell == g.fairyCell && r.dragon.blockedByFairy {
		return p.broken("the dragon stands on the fairy's tile at %s", notationPos(g.board.position(int(g.dragonCell))))
	}
	if err := p.checkDragonTile(); err != nil {
		return err
	}
	if err := p.checkPath(); err != nil {
		return err
	}
	return p.checkEaten()
}

// checkDragonTile checks that no follower stands on the dragon's tile
// unless a place of the dragon's protection table spares it.
func (p *Playout) checkDragonTile() error {
	g := p.g
	if g.dragonCell < 0 || !(g.rules.dragon.noDeploy || g.rules.volcanoNoDeploy) {
		return nil
	}
	maxF := int32(g.rules.maxFeatures)
	slot := g.board.cells[g.dragonCell].slot
	for _, f := range g.followers {
		if f.node/maxF == slot && !p.rawSpared(g.rules.dragon.spares, f) {
			return p.broken("player %d's follower stands on the dragon's tile at %s",
				f.player+1, notationPos(g.board.position(int(g.dragonCell))))
		}
	}
	return nil
}

// rawSpared reports whether a protection table's rulings, read as they
// are, spare a follower by a place it stands in.
func (p *Playout) rawSpared(table string, f follower) bool {
	g := p.g
	n := &g.board.nodes[f.node]
	places := []string{"occupied-feature"}
	if n.kind == KindField {
		places = append(places, "field")
	}
	if g.instanceComplete(f.node) {
		places = append(places, "completed-feature")
	}
	if f.portal {
		places = append(places, "magic-portal")
	}
	for _, pl := range places {
		if rawYes(g.rules.figures.raw[table], pl) {
			return true
		}
	}
	return false
}

// rawYes reports whether the ruling of a subject id is yes or conditional.
func rawYes(rs []rules.Ruling, id string) bool {
	for _, r := range rs {
		if r.Subject.ID == id {
			return r.Verdict == tilekit.Yes || r.Verdict == tilekit.Conditional
		}
	}
	return false
}

// checkPath checks the path of the dragon moving, or that moved last.
func (p *Playout) checkPath() error {
	m := &p.g.mv
	if m.rules == nil || m.n == 0 {
		return nil
	}
	for i := 1; i < m.n; i++ {
		if m.path[i] == m.path[0] && !m.rules.returnToStart {
			return p.broken("the %s went back to the tile it started from", figureNames[m.who])
		}
		for j := 1; j < i && !m.rules.revisit; j++ {
			if m.path[i] == m.path[j] {
				return p.broken("the %s entered the tile at %s twice in one move", figureNames[m.who],
					notationPos(p.g.board.position(int(m.path[i]))))
			}
		}
	}
	if m.who == figBlackDragon && m.rules.perCompleted && m.taken > len(p.g.board.done) {
		return p.broken("the black dragon took %d steps for %d completed features", m.taken, len(p.g.board.done))
	}
	return nil
}

// checkEaten checks each figure the last move's events say was eaten
// against the diet table of the dragon that ate it.
func (p *Playout) checkEaten() error {
	r := p.g.rules
	for i := range p.events {
		e := &p.events[i]
		if e.Kind != EventEaten {
			continue
		}
		table := r.dragon.eats
		if e.Actor == figBlackDragon {
			table = r.blackMove.eats
			if table == "" {
				table = r.blackPlace.eats
			}
		}
		if !rawYes(r.figures.raw[table], figureIDs[e.Victim]) {
			return p.broken("the %s ate the %s at %s, which %s does not let it eat", figureNames[e.Actor],
				figureNames[e.Victim], notationPos(e.Pos), table)
		}
		if spares := p.protectingTable(e.Actor); e.Victim == figMeeple && p.placeProtects(spares, e.Feature) {
			return p.broken("the %s ate player %d's meeple at %s, which %s protects", figureNames[e.Actor],
				e.Player+1, notationPos(e.Pos), spares)
		}
	}
	return nil
}

// protectingTable returns the protection table of a dragon.
func (p *Playout) protectingTable(eater figure) string {
	r := p.g.rules
	if eater == figDragon {
		return r.dragon.spares
	}
	if r.blackMove.spares != "" {
		return r.blackMove.spares
	}
	return r.blackPlace.spares
}

// placeProtects reports whether a protection table's rulings, read as
// they are, protect a follower on a feature: an occupied feature, a field,
// a completed feature.
func (p *Playout) placeProtects(table string, f Feature) bool {
	rs := p.g.rules.figures.raw[table]
	return rawYes(rs, "occupied-feature") || (f.Kind == KindField && rawYes(rs, "field")) || (f.Complete() && rawYes(rs, "completed-feature"))
}
