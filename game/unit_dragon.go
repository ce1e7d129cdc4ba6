package game

import (
	"fmt"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of the volcano and the red dragon of The Princess & the Dragon
// (Wikicarpedia: The Princess and The Dragon (1st edition)/de, Der Vulkan;
// Der Drache): a volcano calls the dragon onto its tile, a dragon tile
// moves it step by step (unit_moving.go), and dragon tiles drawn before
// it is in play are set aside.

// The sources of the unit's rules.
const (
	sourceDragon  = sourcePD + ", Der Drache"
	sourceVolcano = sourcePD + ", Der Vulkan"
)

// dragonWhere says where the red dragon is.
type dragonWhere uint8

const (
	// dragonAbsent: the dragon has not come into play; no volcano tile has
	// been placed.
	dragonAbsent dragonWhere = iota
	// dragonOn: the dragon stands on a tile (dragonCell).
	dragonOn
	// dragonWaiting: the Black Dragon ate the dragon; it waits beside the
	// board for the next volcano.
	dragonWaiting
)

// dragonState is where the dragon stands (a board cell, -1 beside the
// board) and the dragon tiles set aside before it came into play.
type dragonState struct {
	dragonCell  int32
	dragon      dragonWhere
	dragonAside []uint16
}

// dragonRules are the unit's compiled data: the dragon's movement, the
// volcano step (and whether it keeps followers off the dragon's tile),
// and each tile type's symbols.
type dragonRules struct {
	dragon          movement
	volcanoStep     bool
	volcanoNoDeploy bool
	dragonTiles     []uint8
}

// The bits of a tile type's symbols that the unit plays.
const (
	// symVolcano: the dragon comes to the tile (Der Vulkan).
	symVolcano uint8 = 1 << iota
	// symDragon: the dragon moves after the tile is placed (Der Drache).
	symDragon
)

// MoveDragon steps the red dragon to the tile beside.
const MoveDragon MoveKind = 4

// The kinds of the unit's events.
const (
	// EventSetAside: a dragon tile drawn before the dragon was in play was
	// set aside.
	EventSetAside EventKind = 9
	// EventShuffledBack: Count dragon tiles set aside went back into the
	// pile.
	EventShuffledBack EventKind = 10
)

// DragonMove steps the red dragon to the tile beside it on a side.
func DragonMove(s tilekit.Side) Move { return Move{Kind: MoveDragon, Dir: s, Feature: -1} }

var (
	dragonUnit = unit{
		steps: []unitStep{
			{id: "volcano-dragon", compile: compileVolcano, run: (*Game).volcano},
			{id: "dragon-move", compile: compileDragonMove, run: (*Game).startDragon},
		},
		tile:    addDragonSymbols,
		rulings: readDragonRulings,
		make:    func(g *Game, _ int) { g.dragonAside = make([]uint16, 0, g.rules.Total()) },
		reset: func(g *Game) {
			g.dragonCell, g.dragon, g.dragonAside = -1, dragonAbsent, g.dragonAside[:0]
			g.resetMove()
		},
		held: func(g *Game) []uint16 { return g.dragonAside },
		regrid: func(g *Game, half int) {
			g.regridCell(&g.dragonCell, half)
			g.regridMove(half)
		},
		hooks: unitHooks{
			drawn:     &drawnHook{holds: (*Game).setAsideBeforeDragon, hold: (*Game).setDragonAside, refusal: dragonTileRefusal},
			turnStart: (*Game).resetMove,
			blocks:    &blockHook{blocks: (*Game).dragonBlocks, why: (*Game).whyDragonBlocks},
			closed:    (*Game).dragonKeepsOff,
			watch:     watchDragon,
			check:     checkDragon,
		},
	}
	dragonMover = mover{who: figDragon, kind: MoveDragon, cell: func(g *Game) *int32 { return &g.dragonCell },
		tables: func(r *Ruleset) (*[numFigures]verdict, *[numPlaces]verdict) {
			return &r.figures.dragonEats, &r.figures.dragonSpares
		},
		names:    func(r *Ruleset) (string, string) { return r.dragon.eats, r.dragon.spares },
		decision: moverDecision("dragon", "the dragon")}
	dragonKind = moveKind{name: tilekit.WordDragon, notation: sideNotation,
		parse: func(mt tilekit.MoveText, _ int) Move { return DragonMove(mt.Side) }}
	setAsideEvent     = eventKind{name: "set-aside", word: "set-aside", rule: func(Event) EventRule { return stepRule("set-aside", "dragon-move", citeDragonNote) }}
	shuffledBackEvent = eventKind{name: "shuffled-back", word: "shuffle-back",
		rule:  func(Event) EventRule { return stepRule("shuffle-back", "dragon-move", citeDragonNote) },
		note:  func(e Event, n *tilekit.EventNotation) { n.Number = e.Count },
		read:  func(n tilekit.EventNotation, e *Event) error { e.Count = n.Number; return nil },
		noted: func(e Event, n *Event) { n.Count = e.Count }}
	dragonSection = section{key: "dragon", check: func(_ *Ruleset, v string) error {
		if v == "waiting" {
			return nil
		}
		_, err := parsePos(v)
		return err
	}, set: (*Game).setDragonSection, write: (*Game).writeDragonSection}
	setAsideSection = section{key: "set-aside", check: func(r *Ruleset, v string) error {
		_, err := parsePile(r, v)
		return err
	}, set: (*Game).setAsideSectionValue, write: (*Game).writeSetAside}
)

// The sources of the dragon's rules, and the rules of its events.
var (
	citeDragon      = citePD("Der Drache")
	citeDragonNote  = citePD("Der Drache, Note")
	ruleDragonMoved = stepRule("move-dragon", "dragon-move", citeDragon)
	ruleDragonEats  = stepRule("eat-dragon", "dragon-move", citeDragon)
	ruleVolcano     = stepRule("volcano", "volcano-dragon", citePD("Der Vulkan"))
)

// addDragonSymbols compiles the volcano and dragon symbols of a tile type.
func addDragonSymbols(r *Ruleset, t *tilekit.Tile) {
	var bits uint8
	for _, s := range t.Symbols {
		switch s {
		case tilekit.SymbolVolcano:
			bits |= symVolcano
		case tilekit.SymbolDragon:
			bits |= symDragon
		}
	}
	r.dragonTiles = append(r.dragonTiles, bits)
}

// hasDragonSymbol reports whether a tile type shows a symbol bit.
func (r *Ruleset) hasDragonSymbol(typ int, bit uint8) bool { return r.dragonTiles[typ]&bit != 0 }

// compileVolcano compiles the volcano step.
func compileVolcano(r *Ruleset, ps rules.PlayedStep) error {
	r.volcanoStep = true
	if mv := ps.Step.Mechanics.Movement; mv != nil {
		r.volcanoNoDeploy = mv.NoDeploy
	}
	return nil
}

// compileDragonMove compiles the dragon's movement.
func compileDragonMove(r *Ruleset, ps rules.PlayedStep) error {
	return r.dragon.read(&ps.Step.Mechanics, "dragon", true)
}

// readDragonRulings reads the dragon's diet and protection tables and
// volcano-deploy.
func readDragonRulings(r *Ruleset, read rulingReader) error {
	fr := &r.figures
	if r.dragon.present {
		if err := read(r.dragon.eats, fr.dragonEats[:], figureIDs[:]); err != nil {
			return err
		}
		if err := read(r.dragon.spares, fr.dragonSpares[:], placeIDs[:]); err != nil {
			return err
		}
	}
	if r.volcanoStep {
		return read("volcano-deploy", fr.volcanoDeploy[:], figureIDs[:])
	}
	return nil
}

// setAsideBeforeDragon reports whether a tile type is a dragon tile drawn
// before the dragon came into play, which is set aside and shuffled back
// once it does (Wikicarpedia: The Princess and The Dragon (1st edition)/de,
// Der Drache, Note; the dragon-move step's trigger, before-in-play). A
// dragon tile drawn while the Black Dragon's meal waits beside the board is
// placed as a normal tile (Wikicarpedia: Black Dragon (Fan Expansion),
// Other Expansions: Exp. 3 - The Princess & the Dragon; off-board).
func (g *Game) setAsideBeforeDragon(typ int) bool {
	mv := &g.rules.dragon
	if !mv.setAside || typ < 0 || !g.rules.hasDragonSymbol(typ, symDragon) {
		return false
	}
	return g.dragon == dragonAbsent || (g.dragon == dragonWaiting && !mv.ignoreOffBoard)
}

// setDragonAside sets aside a dragon tile drawn before the dragon is in
// play.
func (g *Game) setDragonAside(typ int) {
	g.dragonAside = append(g.dragonAside, uint16(typ))
	g.pending = append(g.pending, Event{Kind: EventSetAside, Player: -1})
}

// dragonTileRefusal says that a dragon tile drawn before the dragon is in
// play is set aside, not placed.
func dragonTileRefusal(g *Game, typ int) error {
	return fmt.Errorf("%s shows a dragon and the dragon is not in play: it is set aside, not placed (%s, Note)", g.rules.ID(typ), sourceDragon)
}

// volcano moves the dragon onto a volcano tile just placed, from beside
// the board or from its tile, and shuffles the dragon tiles set aside back
// into the pile (Wikicarpedia: The Princess and The Dragon (1st
// edition)/de, Der Vulkan; Der Drache, Note).
func (g *Game) volcano(events []Event) ([]Event, bool) {
	if !g.rules.hasDragonSymbol(g.tile, symVolcano) {
		return events, false
	}
	g.dragonCell, g.dragon = g.lastCell, dragonOn
	events = append(events, Event{Kind: EventMoved, Actor: figDragon, Called: true, Pos: g.last.Pos, Player: -1})
	if n := len(g.dragonAside); n > 0 {
		g.pile = append(g.pile, g.dragonAside...)
		g.dragonAside = g.dragonAside[:0]
		events = append(events, Event{Kind: EventShuffledBack, Count: n, Player: -1})
	}
	return events, false
}

// startDragon starts the red dragon's move after a dragon tile, when the
// dragon stands on the board: its steps come from the dragon-move step's
// movement (Wikicarpedia: The Princess and The Dragon (1st edition)/de,
// Der Drache: six tiles, the players in turn from the active player).
func (g *Game) startDragon(events []Event) ([]Event, bool) {
	if g.dragon != dragonOn || !g.rules.hasDragonSymbol(g.tile, symDragon) {
		return events, false
	}
	return events, g.startMove(&dragonMover, &g.rules.dragon, g.dragonCell, g.rules.dragon.steps)
}

// volcanoBlocks reports whether volcano-deploy keeps a figure off the
// volcano tile just placed.
func (g *Game) volcanoBlocks(f figure) bool {
	r := g.rules
	return r.volcanoStep && r.hasDragonSymbol(g.tile, symVolcano) && !r.figures.volcanoDeploy[f].yes
}

// dragonBlocks reports whether no follower may be deployed to the tile
// just placed: a volcano tile, when volcano-deploy does not allow the
// meeple (Wikicarpedia: The Princess and The Dragon (1st edition)/de, Der
// Vulkan), or the dragon's tile when a step's movement forbids it (At no
// point may followers occupy the same tile as the dragon).
func (g *Game) dragonBlocks() bool {
	return g.volcanoBlocks(figMeeple) || g.dragonKeepsOff(g.lastCell)
}

// whyDragonBlocks says why dragonBlocks.
func (g *Game) whyDragonBlocks() error {
	if g.volcanoBlocks(figMeeple) {
		return fmt.Errorf("no follower may be deployed to the volcano tile at %s (%s)", notationPos(g.last.Pos), reasonText(g.rules.figures.volcanoDeploy[figMeeple].reason))
	}
	return fmt.Errorf("no follower may stand on the dragon's tile at %s (%s)", notationPos(g.last.Pos), sourceVolcano)
}

// dragonKeepsOff reports whether no follower may come onto a cell because
// the red dragon stands there and a step's movement forbids it (no-deploy):
// the rule the deployment, the magic portal, the drawbridges and the
// Playout's invariants all read.
func (g *Game) dragonKeepsOff(cell int32) bool {
	r := g.rules
	return g.dragonCell >= 0 && cell == g.dragonCell && (r.dragon.noDeploy || r.volcanoNoDeploy)
}

// setDragonSection sets "dragon x,y" or "dragon waiting".
func (g *Game) setDragonSection(value string) error {
	if value == "waiting" {
		g.dragon = dragonWaiting
		return nil
	}
	cell, err := g.sectionCell("dragon", value)
	if err != nil {
		return err
	}
	g.dragon, g.dragonCell = dragonOn, cell
	return nil
}

// writeDragonSection writes the dragon's section when it is in play.
func (g *Game) writeDragonSection(sb *strings.Builder) {
	switch g.dragon {
	case dragonOn:
		sb.WriteString(" / dragon " + notationPos(g.board.position(int(g.dragonCell))))
	case dragonWaiting:
		sb.WriteString(" / dragon waiting")
	}
}

// setAsideSectionValue sets the dragon tiles set aside, "TILE*N,...".
func (g *Game) setAsideSectionValue(value string) error {
	counts, err := parsePile(g.rules, value)
	if err != nil {
		return err
	}
	for typ, n := range counts {
		for range n {
			g.dragonAside = append(g.dragonAside, uint16(typ))
		}
	}
	return nil
}

// writeSetAside writes the dragon tiles set aside, if any.
func (g *Game) writeSetAside(sb *strings.Builder) {
	if len(g.dragonAside) > 0 {
		sb.WriteString(" / set-aside " + g.tilesText(g.dragonAside))
	}
}

// dragonWatch is what the dragon's invariants note between moves: where
// the red dragon and the fairy stood before the move, and the followers
// the dragon left on the tile it entered last (see checkEntry).
type dragonWatch struct {
	dragonCell, fairyCell int32
	spared                []follower
}

// watchDragon notes where the dragon and the fairy stand.
func watchDragon(iv *invariants) {
	if iv.spared == nil {
		iv.spared = make([]follower, 0, Followers*MaxPlayers)
	}
	iv.spared = iv.spared[:0]
	iv.dragonCell, iv.fairyCell = iv.g.dragonCell, iv.g.fairyCell
}

// checkDragon checks the dragon's invariants after a move: when it
// entered a tile, it did not enter the fairy's when the fairy blocks it,
// and every follower it left there is one its diet does not eat or its
// protection table spares; no follower came onto its tile afterwards when
// a step forbids it; and its move (as any moving figure's) kept its rules.
// They read the same compiled flags as the legal moves: a house rule that
// spares a farmer, or a diet without the meeple, leaves followers on the
// dragon's tile, and then the fairy may join them, which is no break.
func checkDragon(iv *invariants) error {
	if err := iv.checkEntry(); err != nil {
		return err
	}
	if err := iv.checkDragonTile(); err != nil {
		return err
	}
	return checkMoving(iv)
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
	slot := int32(g.board.cells[g.dragonCell].slot)
	for _, f := range g.followers {
		if g.board.slotOf(f.node) != slot {
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
	slot := int32(g.board.cells[g.dragonCell].slot)
	for _, f := range g.followers {
		if g.board.slotOf(f.node) == slot && !iv.wasSpared(f) {
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
