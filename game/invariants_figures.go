package game

// The invariants of the expansions read the same compiled flags as the
// legal moves (rulings.go, setuiv.go): none of them assumes a verdict the
// data can change. A house rule that spares a farmer from the dragon, or
// a diet without the meeple, leaves followers on the dragon's tile, and
// then the fairy may join them: the data allows it, so it is no break.

// checkFigures checks the invariants of the expansions after a move: when
// the red dragon entered a tile, it did not enter the fairy's when the
// fairy blocks it, and every follower it left there is one its diet does
// not eat or its protection table spares; no follower came onto the
// dragon's tile afterwards when a step forbids it; a dragon's move never
// enters a tile twice nor returns to its start, unless its movement allows
// it; the Black Dragon takes no more steps than the tile completed
// features; and every figure eaten is one the dragon's diet lets it eat
// and no place of its protection table protects.
func (iv *invariants) checkFigures() error {
	g := iv.g
	if !g.rules.expansions {
		return nil
	}
	if err := iv.checkEntry(); err != nil {
		return err
	}
	if err := iv.checkDragonTile(); err != nil {
		return err
	}
	if err := iv.checkPath(); err != nil {
		return err
	}
	return iv.checkEaten()
}

// checkEntry checks the tile the red dragon entered with the last move,
// if it entered one (a step, or a volcano), and notes the followers it
// spared there; then it notes where the dragon and the fairy stand.
func (iv *invariants) checkEntry() error {
	g := iv.g
	r := g.rules
	entered := g.dragonCell >= 0 && g.dragonCell != iv.dragonCell
	fairy := iv.fairyCell
	iv.dragonCell, iv.fairyCell = g.dragonCell, g.fairyCell
	if !entered {
		if g.dragonCell < 0 {
			iv.spared = iv.spared[:0]
		}
		return nil
	}
	at := g.board.position(int(g.dragonCell))
	if r.dragon.blockedByFairy && g.dragonCell == fairy {
		return iv.broken("the dragon entered the fairy's tile at %s", notationPos(at))
	}
	iv.spared = iv.spared[:0]
	slot := g.board.cells[g.dragonCell].slot
	maxF := int32(r.maxFeatures)
	for _, f := range g.followers {
		if f.node/maxF != slot {
			continue
		}
		if _, spared := g.protection(f, g.dragonCell, &r.figures.dragonSpares); !spared && r.figures.dragonEats[figMeeple].yes {
			return iv.broken("the dragon left player %d's follower at %s, which %s lets it eat and no place of %s protects",
				f.player+1, notationPos(at), r.dragon.eats, r.dragon.spares)
		}
		iv.spared = append(iv.spared, f)
	}
	return nil
}

// checkDragonTile checks, when a step keeps followers off the dragon's
// tile, that every follower there is one the dragon spared when it
// entered.
func (iv *invariants) checkDragonTile() error {
	g := iv.g
	if !g.dragonKeepsOff(g.dragonCell) {
		return nil
	}
	maxF := int32(g.rules.maxFeatures)
	slot := g.board.cells[g.dragonCell].slot
	for _, f := range g.followers {
		if f.node/maxF == slot && !iv.wasSpared(f) {
			return iv.broken("player %d's follower came onto the dragon's tile at %s",
				f.player+1, notationPos(g.board.position(int(g.dragonCell))))
		}
	}
	return nil
}

// wasSpared reports whether a follower is one the dragon spared when it
// entered its tile.
func (iv *invariants) wasSpared(f follower) bool {
	for _, s := range iv.spared {
		if s == f {
			return true
		}
	}
	return false
}

// checkPath checks the path of the dragon moving, or that moved last.
func (iv *invariants) checkPath() error {
	m := &iv.g.mv
	if m.rules == nil || m.n == 0 {
		return nil
	}
	for i := 1; i < m.n; i++ {
		if m.path[i] == m.path[0] && !m.rules.returnToStart {
			return iv.broken("the %s went back to the tile it started from", figureNames[m.who])
		}
		for j := 1; j < i && !m.rules.revisit; j++ {
			if m.path[i] == m.path[j] {
				return iv.broken("the %s entered the tile at %s twice in one move", figureNames[m.who],
					notationPos(iv.g.board.position(int(m.path[i]))))
			}
		}
	}
	if m.who == figBlackDragon && m.rules.perCompleted && m.taken > len(iv.g.board.done) {
		return iv.broken("the black dragon took %d steps for %d completed features", m.taken, len(iv.g.board.done))
	}
	return nil
}

// checkEaten checks each figure the last move's events say was eaten
// against the compiled diet of the dragon that ate it, and each meeple
// eaten against the places of its protection table.
func (iv *invariants) checkEaten() error {
	r := iv.g.rules
	for i := range iv.events {
		e := &iv.events[i]
		if e.Kind != EventEaten {
			continue
		}
		eats, spares, table := &r.figures.dragonEats, &r.figures.dragonSpares, r.dragon.eats
		if e.Actor == figBlackDragon {
			eats, spares, table = &r.figures.blackEats, &r.figures.blackSpares, r.blackMove.eats
			if table == "" {
				table = r.blackPlace.eats
			}
		}
		if !eats[e.Victim].yes {
			return iv.broken("the %s ate the %s at %s, which %s does not let it eat", figureNames[e.Actor],
				figureNames[e.Victim], notationPos(e.Pos), table)
		}
		if e.Victim == figMeeple && placeProtects(spares, e.Feature) {
			return iv.broken("the %s ate player %d's meeple at %s, which %s protects", figureNames[e.Actor],
				e.Player+1, notationPos(e.Pos), iv.protectingTable(e.Actor))
		}
	}
	return nil
}

// protectingTable returns the protection table of a dragon.
func (iv *invariants) protectingTable(eater figure) string {
	r := iv.g.rules
	if eater == figDragon {
		return r.dragon.spares
	}
	if r.blackMove.spares != "" {
		return r.blackMove.spares
	}
	return r.blackPlace.spares
}

// placeProtects reports whether the compiled places of a protection table
// protect a follower on a feature: an occupied feature, a field, a
// completed feature.
func placeProtects(spares *[numPlaces]verdict, f Feature) bool {
	return spares[placeOccupied].yes || (f.Kind == KindField && spares[placeField].yes) || (f.Complete() && spares[placeCompleted].yes)
}
