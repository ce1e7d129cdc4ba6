package game

import (
	"fmt"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The unit of the fairy of The Princess & the Dragon (Wikicarpedia: The
// Princess and The Dragon (1st edition)/de, Die Fee): instead of a
// deployment a player may move the fairy next to one of their followers
// (onto its tile, Rio Grande and Z-Man); its follower's owner scores 1
// point at the start of their turn and 3 when its feature is scored.

// sourceFairy is the source of the unit's rules.
const sourceFairy = sourcePD + ", Die Fee"

// fairyState is the feature instance of the follower of fairyPlayer the
// fairy stands next to (Hans im Glück), or -1; where it stands is its
// cell among the neutral figures' (Game.fairyCell).
type fairyState struct {
	fairyNode, fairyPlayer int32
}

// fairyFigure is the fairy, a neutral figure of the rules data.
var fairyFigure = mustNameFigure("fairy")

func init() { unitMoveRules[fairyFigure] = ruleFairyMoved }

// fairyCell returns the cell the fairy stands on, -1 beside the board.
func (g *Game) fairyCell() int32 { return g.at[fairyFigure] }

// fairyRules are the unit's compiled data: whether the turn has the
// fairy's move, and its choice.
type fairyRules struct {
	fairyMoveStep bool
	fairyChoice   choice
}

// MoveFairy moves the fairy next to the follower on a feature of a tile
// (Feature -1: onto the tile).
const MoveFairy MoveKind = 3

// The unit's scoring rules.
const (
	// RuleFairyTurn scores the fairy's point at the start of a turn.
	RuleFairyTurn ScoringRule = 10
	// RuleFairyFeature scores the fairy's 3 points when its follower's
	// feature is scored.
	RuleFairyFeature ScoringRule = 11
)

// FairyMove moves the fairy next to the follower on feature i of the tile
// at a position, or with i -1 onto that tile.
func FairyMove(p tilekit.BoardPosition, i int) Move {
	return Move{Kind: MoveFairy, Follower: true, Placement: Placement{Pos: p}, Feature: i, Word: fairyWord}
}

var (
	fairyUnit = unit{
		steps: []unitStep{
			{id: "fairy-point", run: (*Game).fairyPoint},
			{id: "fairy-move", figure: true, compile: func(r *Ruleset, ps rules.PlayedStep) error {
				r.fairyMoveStep, r.fairyChoice = true, readChoice(ps.Choice)
				_, err := r.addNeutral(fairyFigure.ID())
				return err
			}},
		},
		rulings: func(r *Ruleset, read rulingReader) error {
			if !r.fairyMoveStep {
				return nil
			}
			var err error
			r.figures.companion, err = read.meeple("fairy-companions")
			r.figures.companionOnTile = r.figures.companion.conditional
			return err
		},
		reset: func(g *Game) { g.fairyNode, g.fairyPlayer = -1, -1 },
		hooks: unitHooks{
			removed: func(g *Game, f Figure) {
				if f == fairyFigure {
					g.fairyNode = -1
				}
			},
			figure: &figureHook{kind: MoveFairy, moves: (*Game).fairyMoves, apply: (*Game).moveFairy},
			scored: (*Game).fairyBonus,
			leaves: (*Game).leaveFairy,
		},
	}
	fairyWord        = mustNameWord("fairy", MoveFairy)
	fairyKind        = moveKind{bare: true, notation: placeNotation, parse: placeMove(MoveFairy), taken: fmt.Errorf("the fairy moved this turn instead of a deployment (%s)", sourceFairy)}
	fairyTurnRule    = scoringRule{RuleFairyTurn, "fairy-turn", false, tilekit.BonusTurnStart, EventRule{ID: "fairy-turn", Step: "fairy-point"}}
	fairyFeatureRule = scoringRule{RuleFairyFeature, "fairy-feature", true, tilekit.BonusFeatureScored, EventRule{ID: "fairy-feature", Step: "fairy-move"}}
	fairySection     = section{key: "fairy", check: func(_ *Ruleset, v string) error {
		at, _, _ := strings.Cut(v, ":")
		_, err := parsePos(at)
		return err
	}, set: (*Game).setFairySection, write: (*Game).writeFairySection}
)

// ruleFairyMoved is the rule of the fairy's move.
var ruleFairyMoved = stepRule("move-fairy", "fairy-move", citePD("Die Fee"))

// fairyMoves appends the fairy's moves, instead of a deployment, when
// fairy-companions allows the meeple: next to each of the player's
// followers (Hans im Glück), or onto each tile with one (a conditional
// verdict: Rio Grande, Z-Man); not where it stands already, and not on a
// volcano turn unless volcano-deploy allows the fairy (Wikicarpedia: The
// Princess and The Dragon (1st edition)/de, Die Fee; Der Vulkan).
func (g *Game) fairyMoves(dst []Move) []Move {
	r := g.rules
	fr := &r.figures
	if !r.fairyMoveStep || !fr.companion.yes || g.volcanoBlocks(fairyFigure) {
		return dst
	}
	b := g.board
	for i := range g.followers {
		f := &g.followers[i]
		if int(f.player) != g.turn {
			continue
		}
		cell := b.cellOf(f.node)
		if !fr.companionOnTile {
			if f.node != g.fairyNode || f.player != g.fairyPlayer {
				dst = append(dst, FairyMove(b.position(int(cell)), b.indexOf(f.node)))
			}
			continue
		}
		if cell != g.fairyCell() && !g.playerOnCellBefore(i, cell) {
			dst = append(dst, FairyMove(b.position(int(cell)), -1))
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

// moveFairy plays a legal fairy move.
func (g *Game) moveFairy(m Move, events []Event) []Event {
	idx, _ := g.board.index(m.Placement.Pos)
	g.at[fairyFigure], g.fairyNode, g.fairyPlayer = int32(idx), -1, -1
	if m.Feature >= 0 {
		g.fairyNode, g.fairyPlayer = g.board.instance(int32(g.board.cells[idx].slot), int32(m.Feature)), int32(g.turn)
	}
	return append(events, Event{Kind: EventMoved, Actor: fairyFigure, Pos: m.Placement.Pos, Player: -1})
}

// fairyPoint scores the points of the data's fairy-turn bonus (1 in the
// built-in data) at the start of a turn for the player whose
// follower the fairy stands next to, or with one on the fairy's tile under
// Rio Grande's and Z-Man's rules (Wikicarpedia: The Princess and The
// Dragon (1st edition)/de, Die Fee: 1 Point at the beginning of a turn).
func (g *Game) fairyPoint(events []Event) ([]Event, bool) {
	points, ok := g.rules.bonusPoints(RuleFairyTurn)
	if !ok || g.fairyCell() < 0 || !g.hasFairyFollower(g.turn, -1) {
		return events, false
	}
	g.players[g.turn].Score += points
	return append(events, Event{Kind: EventScored, Player: g.turn, Points: points, Scoring: RuleFairyTurn}), false
}

// hasFairyFollower reports whether a player has the follower the fairy
// stands next to (on its tile, Rio Grande and Z-Man), on the joined
// feature of a root when root is not -1.
func (g *Game) hasFairyFollower(player int, root int32) bool {
	if !g.rules.figures.companionOnTile {
		return g.fairyNode >= 0 && int(g.fairyPlayer) == player && (root < 0 || g.board.find(g.fairyNode) == root)
	}
	for _, f := range g.followers {
		if int(f.player) == player && g.board.cellOf(f.node) == g.fairyCell() && (root < 0 || g.board.find(f.node) == root) {
			return true
		}
	}
	return false
}

// fairyBonus scores the points of the data's fairy-feature bonus (3 in
// the built-in data) to the owner of the follower next to the
// fairy (each player with a follower on its tile, Rio Grande and Z-Man)
// when that follower's feature is scored, whatever the feature scores
// (Wikicarpedia: The Princess and The Dragon (1st edition)/de, Die Fee: 3
// Points at scoring).
func (g *Game) fairyBonus(f Feature, end bool, events []Event) []Event {
	points, ok := g.rules.bonusPoints(RuleFairyFeature)
	if !ok || g.fairyCell() < 0 {
		return events
	}
	for p := range g.players {
		if g.hasFairyFollower(p, int32(f.ID)) {
			g.players[p].Score += points
			events = append(events, Event{Kind: EventScored, Feature: f, Player: p, Points: points, End: end, Scoring: RuleFairyFeature})
		}
	}
	return events
}

// leaveFairy notes that a follower leaves the board: the fairy next to it
// stays on its tile, next to nobody.
func (g *Game) leaveFairy(f follower) {
	if f.node == g.fairyNode && f.player == g.fairyPlayer {
		g.fairyNode = -1
	}
}

// setFairySection sets "fairy x,y", or "fairy x,y:FEATURE" next to the
// follower on that feature of the tile.
func (g *Game) setFairySection(value string) error {
	at, name, _ := strings.Cut(value, ":")
	cell, err := g.sectionCell("fairy", at)
	if err != nil {
		return err
	}
	g.at[fairyFigure] = cell
	if name == "" {
		return nil
	}
	p, _ := parsePos(at)
	typ, _, _ := g.board.At(p)
	i, err := g.rules.FeatureIndex(typ, name)
	if err != nil {
		return fmt.Errorf("fairy %s:%s: %w", notationPos(p), name, err)
	}
	x := g.board.instance(int32(g.board.cells[cell].slot), int32(i))
	f := g.followerAt(x)
	if f < 0 {
		return fmt.Errorf("fairy %s:%s: no follower stands there for the fairy to stand next to", notationPos(p), name)
	}
	g.fairyNode, g.fairyPlayer = x, g.followers[f].player
	return nil
}

// writeFairySection writes where the fairy stands, if it does.
func (g *Game) writeFairySection(sb *strings.Builder) {
	if g.fairyCell() < 0 {
		return
	}
	sb.WriteString(" / fairy " + notationPos(g.board.position(int(g.fairyCell()))))
	if g.fairyNode >= 0 {
		typ := int(g.board.cells[g.fairyCell()].tile) - 1
		sb.WriteString(":" + g.rules.FeatureName(typ, g.board.indexOf(g.fairyNode)))
	}
}
