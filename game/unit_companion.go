package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of the companions: a neutral figure that a step of the data
// moves beside a follower (a movement to "beside-follower"), instead of a
// deployment, as the player's figure decision; and the bonuses of the
// data (tilekit.Bonus), the points a companion brings the owner of the
// follower it stands with, at the start of the turn or when that
// follower's feature is scored. The movement's beside table says which
// followers it may stand next to: yes next to that follower, a
// conditional verdict onto the follower's tile (where every follower of
// the tile is its follower).

// companion is a compiled companion: its figure and word, the step that
// moves it and its source, the step's choice, its beside table's name and
// verdicts by kind of follower (besideKinds has bit k set for each kind k
// it may stand next to), whether it stands on a tile rather than next to
// one follower (the meeple's verdict is conditional), and its section of
// the snapshot notation.
type companion struct {
	who         Figure
	word        Word
	step        string
	source      tilekit.Citation
	choice      choice
	table       string
	beside      [MaxKinds]verdict
	besideKinds uint32
	onTile      bool
	section     section
	taken       error
}

// companionState is where a companion stands beyond its cell
// (Game.at): the feature instance of the follower of player it stands
// next to, or -1.
type companionState struct {
	node, player int32
}

// companionStates holds, during a game, the state of each companion of
// the ruleset, by its index.
type companionStates struct {
	companions []companionState
}

// companionRules are the unit's compiled data: the companions, in the
// order of their steps.
type companionRules struct {
	companions []companion
}

// MoveCompanion moves a companion (Move.Word, the id of its figure) next
// to the follower on a feature of a tile (Feature -1: onto the tile).
const MoveCompanion MoveKind = 3

var (
	companionUnit = unit{
		steps: []unitStep{
			{part: func(m *tilekit.Mechanics) bool {
				return m.Movement != nil && m.Movement.To == tilekit.MoveBesideFollower
			}, figure: true, compile: compileCompanion},
			{part: func(m *tilekit.Mechanics) bool { return m.Movement == nil && len(m.Bonuses) > 0 }, bind: bindBonusStep},
		},
		rulings: readCompanionRulings,
		playing: func(r *Ruleset) bool { return len(r.companions) > 0 },
		make:    func(g *Game, _ int) { g.companions = make([]companionState, len(g.rules.companions)) },
		reset: func(g *Game) {
			for i := range g.companions {
				g.companions[i] = companionState{-1, -1}
			}
		},
		hooks: unitHooks{
			removed: (*Game).removeCompanion,
			figure:  &figureHook{kind: MoveCompanion, moves: (*Game).companionMoves, apply: (*Game).moveCompanion, refuse: (*Game).companionRefusal},
			scored:  (*Game).scoredBonuses,
			leaves:  (*Game).leaveCompanion,
			check:   checkCompanions,
		},
	}
	companionKind = moveKind{bare: true, notation: placeNotation, parse: placeMove(MoveCompanion),
		takenBy: func(r *Ruleset, w Word) error { return r.companions[r.companionOfWord(w)].taken },
		step: func(r *Ruleset, m Move) string {
			for _, c := range r.companions {
				if c.word == m.Word {
					return c.step
				}
			}
			return ""
		}}
)

// compileCompanion compiles a step that moves a companion beside a
// follower: its figure, its word (the figure's id) and the step's choice.
func compileCompanion(r *Ruleset, ps rules.PlayedStep) error {
	d := ps.Step.Mechanics.Movement
	who, err := r.addNeutral(d.Figure)
	if err != nil {
		return err
	}
	w, err := nameWord(tilekit.MoveWord(d.Figure), MoveCompanion)
	if err != nil {
		return err
	}
	for _, c := range r.companions {
		if c.who == who {
			return fmt.Errorf("%s is set beside a follower by step %s already", d.Figure, c.step)
		}
	}
	k := len(r.companions)
	c := companion{who: who, word: w, step: ps.Step.ID, source: ps.Step.Source, choice: readChoice(ps.Choice), table: d.Beside,
		taken: fmt.Errorf("the %s moved this turn instead of a deployment (%s)", who, citationText(ps.Step.Source))}
	c.section = section{key: d.Figure, check: checkCompanionSection,
		set:   func(g *Game, v string) error { return g.setCompanionSection(k, v) },
		write: func(g *Game, sb *strings.Builder) { g.writeCompanionSection(k, sb) }}
	r.companions = append(r.companions, c)
	return nil
}

// bindBonusStep returns the play of a step whose part is its bonuses, the
// next step of the turn: it pays its turn-start bonuses.
func bindBonusStep(r *Ruleset, _ rules.PlayedStep) func(g *Game, events []Event) ([]Event, bool) {
	k := len(r.turn)
	return func(g *Game, events []Event) ([]Event, bool) { return g.turnBonuses(k, events), false }
}

// readCompanionRulings reads each companion's beside table for each kind
// of follower.
func readCompanionRulings(r *Ruleset, read rulingReader) error {
	for i := range r.companions {
		c := &r.companions[i]
		var err error
		if c.besideKinds, err = read.kinds(r, c.table, &c.beside); err != nil {
			return err
		}
		c.onTile = c.beside[0].conditional
	}
	return nil
}

// companionRefusal says why a companion may not stand next to the
// follower on instance x, when its beside table refuses that follower's
// kind: a refusal by the table's verdict; nil otherwise.
func (g *Game) companionRefusal(m Move, _, x int32) error {
	k := g.rules.companionOfWord(m.Word)
	i := g.followerAt(x)
	if k < 0 || i < 0 || m.Feature < 0 || int(g.followers[i].player) != g.turn {
		return nil
	}
	c, kind := &g.rules.companions[k], g.followers[i].kind
	if v := c.beside[kind]; !v.yes {
		return refusedBy(v, fmt.Errorf("the %s may not stand next to a %s (%s)", c.who, g.rules.kinds[kind].ID, reasonText(v.reason)))
	}
	return nil
}

// companionOf returns the index of the companion of a figure, or -1.
func (r *Ruleset) companionOf(f Figure) int {
	for i := range r.companions {
		if r.companions[i].who == f {
			return i
		}
	}
	return -1
}

// companionMoves appends each companion's moves, instead of a deployment,
// when its beside table allows a kind of follower: next to each of the
// player's followers of such a kind, or onto each tile with one (a
// conditional verdict); not where it stands already, and not where a step
// keeps it off the tile just placed.
func (g *Game) companionMoves(dst []Move) []Move {
	for k := range g.rules.companions {
		c := &g.rules.companions[k]
		if c.besideKinds == 0 || g.arrivalBlocks(c.who) {
			continue
		}
		dst = g.appendCompanionMoves(dst, c, &g.companions[k])
	}
	return dst
}

// appendCompanionMoves appends the moves of one companion.
func (g *Game) appendCompanionMoves(dst []Move, c *companion, st *companionState) []Move {
	b, at, turn := g.board, g.at[c.who], int32(g.turn)
	for i := range g.followers {
		f := &g.followers[i]
		if f.player != turn || c.besideKinds&(1<<f.kind) == 0 {
			continue
		}
		cell := b.cellOf(f.node)
		switch {
		case !c.onTile:
			if f.node != st.node || f.player != st.player {
				dst = append(dst, Move{Kind: MoveCompanion, Follower: true, Placement: Placement{Pos: b.posOf(f.node)}, Feature: int16(b.indexOf(f.node)), Word: c.word})
			}
		case cell != at && !g.playerOnCellBefore(i, cell):
			dst = append(dst, Move{Kind: MoveCompanion, Follower: true, Placement: Placement{Pos: b.posOf(f.node)}, Feature: -1, Word: c.word})
		}
	}
	return dst
}

// playerOnCellBefore reports whether a follower before follower i of the
// same player stands on a cell's tile.
func (g *Game) playerOnCellBefore(i int, cell int32) bool {
	for _, f := range g.followers[:i] {
		if f.player == g.followers[i].player && g.board.cellOf(f.node) == cell {
			return true
		}
	}
	return false
}

// moveCompanion plays a legal companion move.
func (g *Game) moveCompanion(m Move, events []Event) []Event {
	k := g.rules.companionOfWord(m.Word)
	c, st := &g.rules.companions[k], &g.companions[k]
	g.noteArrivalAllows(c.who)
	idx, _ := g.board.index(m.Placement.Pos)
	g.at[c.who], st.node, st.player = int32(idx), -1, -1
	v := c.beside[0]
	if m.Feature >= 0 {
		st.node, st.player = g.board.instance(int32(g.board.cells[idx].slot), int32(m.Feature)), int32(g.turn)
		if i := g.followerAt(st.node); i >= 0 {
			v = c.beside[g.followers[i].kind]
		}
	}
	return append(events, Event{Kind: EventMoved, Actor: c.who, Pos: m.Placement.Pos, Player: -1, Ruling: v.ruling})
}

// companionOfWord returns the index of the companion whose moves a word
// writes, or 0.
func (r *Ruleset) companionOfWord(w Word) int {
	for i := range r.companions {
		if r.companions[i].word == w {
			return i
		}
	}
	return 0
}

// withCompanion reports whether a player has the follower a figure
// stands next to (on its tile, for a companion on a tile; any follower on
// the figure's tile for a figure no step sets beside one), on the joined
// feature of a root when root is not -1.
func (g *Game) withCompanion(who Figure, player int, root int32) bool {
	cell := g.at[who]
	if cell < 0 {
		return false
	}
	k := g.rules.companionOf(who)
	if k >= 0 && !g.rules.companions[k].onTile {
		st := &g.companions[k]
		return st.node >= 0 && int(st.player) == player && (root < 0 || g.board.find(st.node) == root)
	}
	for _, f := range g.followers {
		if int(f.player) == player && g.board.cellOf(f.node) == cell && (root < 0 || g.board.find(f.node) == root) {
			return true
		}
	}
	return false
}

// turnBonuses scores, at the start of a turn, the turn-start bonuses of
// step k of the turn for the active player when they have the follower
// the bonus's figure stands with.
func (g *Game) turnBonuses(k int, events []Event) []Event {
	for _, b := range g.rules.scoring.atStart {
		if b.step != k || g.at[b.who] < 0 || !g.withCompanion(b.who, g.turn, -1) {
			continue
		}
		points := int(g.rules.scoring.bonus[b.rule])
		g.players[g.turn].Score += points
		events = append(events, Event{Kind: EventScored, Player: g.turn, Points: points, Scoring: b.rule})
	}
	return events
}

// scoredBonuses scores the feature-scored bonuses to each player with the
// follower their figure stands with on a feature being scored, whatever
// the feature scores.
func (g *Game) scoredBonuses(f Feature, end bool, events []Event) []Event {
	for _, b := range g.rules.scoring.onScored {
		if g.at[b.who] < 0 {
			continue
		}
		points := int(g.rules.scoring.bonus[b.rule])
		for p := range g.players {
			if g.withCompanion(b.who, p, int32(f.ID)) {
				g.players[p].Score += points
				events = append(events, Event{Kind: EventScored, Feature: f, Player: p, Points: points, End: end, Scoring: b.rule})
			}
		}
	}
	return events
}

// removeCompanion notes that a figure left the board: a companion stands
// next to nobody.
func (g *Game) removeCompanion(f Figure) {
	if k := g.rules.companionOf(f); k >= 0 {
		g.companions[k].node = -1
	}
}

// leaveCompanion notes that a follower leaves the board: a companion next
// to it stays on its tile, next to nobody.
func (g *Game) leaveCompanion(f follower) {
	for k := range g.companions {
		if st := &g.companions[k]; f.node == st.node && f.player == st.player {
			st.node = -1
		}
	}
}

// checkCompanionSection checks a companion's section: "x,y" or
// "x,y:FEATURE".
func checkCompanionSection(_ *Ruleset, v string) error {
	at, _, _ := strings.Cut(v, ":")
	_, err := parsePos(at)
	return err
}

// setCompanionSection sets companion k's section: "ID x,y", or "ID
// x,y:FEATURE" next to the follower on that feature of the tile.
func (g *Game) setCompanionSection(k int, value string) error {
	c := &g.rules.companions[k]
	id := c.who.ID()
	at, name, _ := strings.Cut(value, ":")
	cell, err := g.sectionCell(id, at)
	if err != nil {
		return err
	}
	g.at[c.who] = cell
	if name == "" {
		return nil
	}
	p, _ := parsePos(at)
	typ, _, _ := g.board.At(p)
	i, err := g.rules.FeatureIndex(typ, name)
	if err != nil {
		return fmt.Errorf("%s %s:%s: %w", id, notationPos(p), name, err)
	}
	x := g.board.instance(int32(g.board.cells[cell].slot), int32(i))
	f := g.followerAt(x)
	if f < 0 {
		return fmt.Errorf("%s %s:%s: no follower stands there for the %s to stand next to", id, notationPos(p), name, c.who)
	}
	g.companions[k] = companionState{node: x, player: g.followers[f].player}
	return nil
}

// writeCompanionSection writes where companion k stands, if it does.
func (g *Game) writeCompanionSection(k int, sb *strings.Builder) {
	c, st := &g.rules.companions[k], &g.companions[k]
	cell := g.at[c.who]
	if cell < 0 {
		return
	}
	sb.WriteString(" / " + c.who.ID() + " " + notationPos(g.board.position(int(cell))))
	if st.node >= 0 {
		typ := int(g.board.cells[cell].tile) - 1
		sb.WriteString(":" + g.rules.FeatureName(typ, g.board.indexOf(st.node)))
	}
}

// checkCompanions checks the companions' invariants after a move: a
// companion next to a follower stands on that follower's tile, and the
// follower is there, of the player the companion stands by; one beside
// the board stands next to nobody.
func checkCompanions(iv *invariants) error {
	g := iv.g
	for k := range g.rules.companions {
		c, st := &g.rules.companions[k], &g.companions[k]
		switch {
		case st.node < 0:
		case g.at[c.who] < 0:
			return iv.broken("the %s stands beside the board next to a follower", c.who)
		case g.board.cellOf(st.node) != g.at[c.who]:
			return iv.broken("the %s stands next to a follower on another tile", c.who)
		case !slices.ContainsFunc(g.followers, func(f follower) bool { return f.node == st.node && f.player == st.player }):
			return iv.broken("the %s stands next to a follower of player %d that is not there", c.who, st.player+1)
		}
	}
	return nil
}
