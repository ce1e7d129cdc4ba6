package tilekit

import (
	"fmt"
	"strings"
)

// The mechanics of a step, written as data so that the game engine reads
// them instead of hard-coding them: what sets the step off (a tile's symbol,
// a score threshold, completed features), how a figure moves and what it
// eats, what a player may or must choose, and where a removed figure goes.
// A fan author can change these values in a data folder; the engine has one
// implementation per step id and takes its numbers and limits from here.

// TriggerKind says what sets a step off.
type TriggerKind string

// The trigger kinds.
const (
	// TriggerTileSymbol: the tile placed this turn shows a symbol.
	TriggerTileSymbol TriggerKind = "tile-symbol"
	// TriggerScoreReached: a player's score has reached or passed a
	// threshold within the turn.
	TriggerScoreReached TriggerKind = "score-reached"
	// TriggerFeaturesCompleted: placing the tile completed at least one
	// feature.
	TriggerFeaturesCompleted TriggerKind = "features-completed"
	// TriggerRoadCompleted: a road ending at the symbol was completed and
	// scored.
	TriggerRoadCompleted TriggerKind = "road-completed"
	// TriggerTurnStart: every turn, at its start.
	TriggerTurnStart TriggerKind = "turn-start"
)

// TriggerKinds lists the trigger kinds in the schema's order.
var TriggerKinds = []TriggerKind{TriggerTileSymbol, TriggerScoreReached, TriggerFeaturesCompleted, TriggerRoadCompleted, TriggerTurnStart}

// CountStart says from when points count towards a score threshold.
type CountStart string

// CountFromTurnStart counts every point scored since the turn began.
const CountFromTurnStart CountStart = "turn-start"

// CountStarts lists the count starts in the schema's order.
var CountStarts = []CountStart{CountFromTurnStart}

// LapRule says how often a score threshold sets its step off.
type LapRule string

// The lap rules.
const (
	// LapsOnce: once in a game.
	LapsOnce LapRule = "once"
	// LapsEveryLap: again on each lap of the scoring track.
	LapsEveryLap LapRule = "every-lap"
)

// LapRules lists the lap rules in the schema's order.
var LapRules = []LapRule{LapsOnce, LapsEveryLap}

// EarlyTile says what happens to a tile showing a step's symbol that is
// drawn before the step's figure has entered the game.
type EarlyTile string

// EarlySetAside puts the tile aside and shuffles it back in once the figure
// is in play.
const EarlySetAside EarlyTile = "set-aside"

// EarlyTiles lists the rules for early tiles in the schema's order.
var EarlyTiles = []EarlyTile{EarlySetAside}

// OffBoardRule says what a step's symbol does while its figure is off the
// board.
type OffBoardRule string

// OffBoardIgnoreSymbol plays the tile as a normal tile.
const OffBoardIgnoreSymbol OffBoardRule = "ignore-symbol"

// OffBoardRules lists the off-board rules in the schema's order.
var OffBoardRules = []OffBoardRule{OffBoardIgnoreSymbol}

// MovementTarget says where a movement takes its figure.
type MovementTarget string

// The movement targets.
const (
	// MoveToPlacedTile sets the figure on the tile placed this turn.
	MoveToPlacedTile MovementTarget = "placed-tile"
	// MoveOrthogonalSteps moves the figure tile by tile to a tile beside.
	MoveOrthogonalSteps MovementTarget = "orthogonal-steps"
	// MoveBesideFollower sets the figure next to one of the active
	// player's followers, as the player's figure decision of the turn.
	MoveBesideFollower MovementTarget = "beside-follower"
)

// MovementTargets lists the movement targets in the schema's order.
var MovementTargets = []MovementTarget{MoveToPlacedTile, MoveOrthogonalSteps, MoveBesideFollower}

// StepsPer says what an orthogonal movement takes one step for, in place
// of a fixed number of steps.
type StepsPer string

// PerCompletedFeature takes one step per feature the tile completed.
const PerCompletedFeature StepsPer = "completed-feature"

// StepsPers lists the kinds of per-step counts in the schema's order.
var StepsPers = []StepsPer{PerCompletedFeature}

// Chooser says who chooses a figure's steps or a step's choice.
type Chooser string

// The choosers.
const (
	// ChooserActivePlayer: the player whose turn it is.
	ChooserActivePlayer Chooser = "active-player"
	// ChooserEachPlayerInTurn: each player in turn, starting with the
	// active player (a movement's mover).
	ChooserEachPlayerInTurn Chooser = "each-player-in-turn"
	// ChooserSoleMajority: the one player with the most followers on the
	// feature; a tie lets nobody (a choice's chooser).
	ChooserSoleMajority Chooser = "sole-majority"
	// ChooserEachFollower: each of that player's followers on its own (a
	// choice's chooser).
	ChooserEachFollower Chooser = "each-follower"
)

// Movers lists who may choose a movement's steps, and Choosers who may
// take a step's choice, in the schema's order.
var (
	Movers   = []Chooser{ChooserActivePlayer, ChooserEachPlayerInTurn}
	Choosers = []Chooser{ChooserActivePlayer, ChooserSoleMajority, ChooserEachFollower}
)

// DeadEndRule says what happens when a movement has no step it may take.
type DeadEndRule string

// DeadEndStop ends the movement early.
const DeadEndStop DeadEndRule = "stop"

// DeadEndRules lists the dead-end rules in the schema's order.
var DeadEndRules = []DeadEndRule{DeadEndStop}

// RemovalWait says what a figure taken to the side of the board waits for.
type RemovalWait string

// WaitNextCall: the figure waits for the next tile whose symbol calls it
// back onto the board (the volcano, for the red dragon).
const WaitNextCall RemovalWait = "next-volcano"

// RemovalWaits lists what a removed figure may wait for, in the schema's
// order.
var RemovalWaits = []RemovalWait{WaitNextCall}

// Trigger says when a step happens.
type Trigger struct {
	On TriggerKind
	// Symbol is the tile symbol of a tile-symbol or road-completed trigger.
	Symbol Symbol
	// Threshold is the score of a score-reached trigger.
	Threshold int
	// CountedFrom says from when points count towards the threshold.
	CountedFrom CountStart
	// CountedUntil is the step after which points no longer count for this
	// turn's check.
	CountedUntil string
	// Laps says whether the threshold sets the step off once or again on
	// each lap of the scoring track.
	Laps LapRule
	// BeforeInPlay says what happens to a tile showing the symbol drawn
	// before the step's figure has entered the game.
	BeforeInPlay EarlyTile
	// OffBoard says what the symbol does while the figure has been taken
	// off the board.
	OffBoard OffBoardRule
	// Notes are notes about the trigger, such as an open question on it.
	Notes  []string
	Source Citation
	Origin Origin
}

// Movement says how a step moves a figure and what it does where it goes.
type Movement struct {
	// Figure is the id of the figure that moves.
	Figure string
	// To says where the figure goes: the tile placed this turn, or tile by
	// tile to a tile beside.
	To MovementTarget
	// Steps is the number of steps of an orthogonal move, when fixed.
	Steps int
	// Per is what the movement takes one step for, in place of a fixed
	// number ("" for a fixed number).
	Per StepsPer
	// Mover is who chooses each step (one of Movers).
	Mover Chooser
	// Revisit says whether the figure may enter a tile it entered this turn.
	Revisit bool
	// ReturnToStart says whether the figure may go back to the tile it
	// started the turn on.
	ReturnToStart bool
	// DeadEnd is what happens when no step is allowed.
	DeadEnd DeadEndRule
	// BlockedBy lists figures whose tile the figure may not enter.
	BlockedBy []string
	// Eats is the table that says which figures it eats on a tile it enters.
	Eats string
	// Spares is the table that says which places protect a figure from it.
	Spares string
	// NoDeploy says that no figure may be deployed to the tile it stands on.
	NoDeploy bool
	// Deploy is the table that says which figures may still be deployed,
	// or moved, to the tile the figure was set on this turn (by a
	// tile-symbol trigger); "" for none.
	Deploy string
	// Beside is the table that says, for a beside-follower movement,
	// which followers the figure may stand next to: yes next to the
	// follower, a conditional verdict onto the follower's tile.
	Beside string
	// Notes are notes about the movement, such as where the page is silent.
	Notes  []string
	Source Citation
	Origin Origin
}

// ChoiceMode says whether a player may or must take a step's action.
type ChoiceMode string

// The choice modes.
const (
	May  ChoiceMode = "may"
	Must ChoiceMode = "must"
)

// Choice says what a step lets a player choose.
type Choice struct {
	Mode ChoiceMode
	// By is who chooses (one of Choosers).
	By Chooser
	// InsteadOf lists steps whose action the choice replaces: taking it
	// means not taking theirs in the same turn.
	InsteadOf []string
	// Except lists figures that may still be placed although the choice was
	// taken.
	Except []string
	Source Citation
	Origin Origin
}

// Destination says where a removed figure goes.
type Destination string

// The destinations.
const (
	OwnerSupply      Destination = "owner-supply"
	BoardSide        Destination = "board-side"
	OutOfGame        Destination = "out-of-game"
	GeneralSupply    Destination = "general-supply"
	WithLastFollower Destination = "with-last-follower"
)

// Destinations lists the destinations in the schema's order.
var Destinations = []Destination{OwnerSupply, BoardSide, OutOfGame, GeneralSupply, WithLastFollower}

// Removal says where the figures a step removes go. A removal names
// figures, or an owner (every player figure, every neutral figure); one
// that names the figure wins over one that names its owner.
type Removal struct {
	Figures []string
	// Owner is "player" or "neutral" for a removal that covers every figure
	// of that owner.
	Owner string
	To    Destination
	// Then is what a figure taken to the side of the board waits for.
	Then   RemovalWait
	Source Citation
	Origin Origin
}

// Mechanics are a step's engine data; any part may be missing.
type Mechanics struct {
	Trigger  *Trigger
	Movement *Movement
	Crossing *Crossing
	Choice   *Choice
	Removals []Removal
	// Deployment is another place for the turn's follower (see Deployment).
	Deployment *Deployment
	// Dismissal removes a follower from a feature the tile extends.
	Dismissal *Dismissal
	// ExtraTurn gives the player another tile (see ExtraTurn).
	ExtraTurn *ExtraTurn
	// Collection hands out tokens for completed features and scores
	// their majorities (see Collection).
	Collection *Collection
	// SecondDeployment lets a second follower of a kind be deployed in
	// the turn (see SecondDeployment).
	SecondDeployment *SecondDeployment
	// CornerFigure puts a player's figure at a corner of the tile placed
	// (see CornerFigure).
	CornerFigure *CornerFigure
	// Relocation lets a follower move on once its feature is scored
	// (see Relocation).
	Relocation *Relocation
	// SymbolFeature makes a tile symbol a feature (see SymbolFeature).
	SymbolFeature *SymbolFeature
	// Recall takes a follower back and scores its feature (see Recall).
	Recall *Recall
	// HeldTile deals each player a tile to place instead of a draw (see
	// HeldTile).
	HeldTile *HeldTile
	// Scoring are the scoring rules the step scores by, in order (see
	// ScoreRule), and Bonuses the points its figure brings (see Bonus).
	Scoring []ScoreRule
	Bonuses []Bonus
}

// Plays reports whether the mechanics give the game engine a mechanic to
// play: a step with none plays only when the engine plays its id (the
// base game's steps).
func (m *Mechanics) Plays() bool {
	return m.Movement != nil || len(m.Bonuses) > 0 || len(m.Scoring) > 0 ||
		m.Deployment != nil || m.Crossing != nil || m.Dismissal != nil || m.ExtraTurn != nil || m.Collection != nil || m.SecondDeployment != nil || m.CornerFigure != nil || m.Relocation != nil ||
		m.SymbolFeature != nil || m.Recall != nil || m.HeldTile != nil
}

// Words returns the words the step's moves are written with in the move
// notation (MoveText.Word), other than a moving figure's id.
func (m *Mechanics) Words() []MoveWord {
	var words []MoveWord
	if m.Deployment != nil {
		words = append(words, m.Deployment.Word)
	}
	if m.Crossing != nil {
		words = append(words, m.Crossing.Word)
	}
	if m.Dismissal != nil {
		words = append(words, m.Dismissal.Word)
	}
	if m.CornerFigure != nil {
		words = append(words, m.CornerFigure.Word)
	}
	if m.Relocation != nil {
		words = append(words, m.Relocation.Word)
	}
	if m.Recall != nil {
		words = append(words, m.Recall.Word)
	}
	return words
}

// RemovalOf returns where the step sends a removed figure: the removal that
// names the figure, else the one that names its owner; nil when none does.
func (m *Mechanics) RemovalOf(f *Figure) *Removal {
	for i := range m.Removals {
		for _, id := range m.Removals[i].Figures {
			if id == f.ID {
				return &m.Removals[i]
			}
		}
	}
	for i := range m.Removals {
		if m.Removals[i].Owner != "" && m.Removals[i].Owner == f.Owner {
			return &m.Removals[i]
		}
	}
	return nil
}

// Describe says when the trigger sets its step off, in a sentence for a
// reader, such as "when the tile placed shows the dragon symbol".
func (t *Trigger) Describe() string {
	var out string
	switch t.On {
	case TriggerTileSymbol:
		out = "when the tile placed shows the " + string(t.Symbol) + " symbol"
	case TriggerScoreReached:
		out = fmt.Sprintf("when a player's score has reached or passed %d", t.Threshold)
		if t.CountedFrom == CountFromTurnStart {
			out += " since the turn began"
		}
		if t.CountedUntil != "" {
			out += ", counting the points scored until " + t.CountedUntil
		}
		switch t.Laps {
		case LapsOnce:
			out += "; once in a game"
		case LapsEveryLap:
			out += "; again on every lap of the scoring track"
		}
	case TriggerFeaturesCompleted:
		out = "when the tile placed completed at least one feature"
	case TriggerRoadCompleted:
		out = "when a completed road ends at a " + string(t.Symbol)
	case TriggerTurnStart:
		out = "at the start of every turn"
	}
	if t.BeforeInPlay == EarlySetAside {
		out += "; such a tile drawn before the figure is in play is set aside, and shuffled back in once it is"
	}
	if t.OffBoard == OffBoardIgnoreSymbol {
		out += "; while the figure is off the board the symbol is ignored"
	}
	return out
}

// Describe says how the figure moves and what it does, in a sentence for a
// reader.
func (m *Movement) Describe() string {
	parts := []string{}
	switch m.To {
	case MoveToPlacedTile:
		parts = append(parts, m.Figure+" goes to the tile placed this turn")
	case MoveBesideFollower:
		parts = append(parts, m.Figure+" goes next to one of the active player's followers, as "+m.Beside+" says")
	case MoveOrthogonalSteps:
		n := fmt.Sprintf("%d steps", m.Steps)
		if m.Steps == 1 {
			n = "1 step"
		}
		if m.Per == PerCompletedFeature {
			n = "one step per completed feature"
		}
		who := ""
		switch m.Mover {
		case ChooserActivePlayer:
			who = ", chosen by the active player"
		case ChooserEachPlayerInTurn:
			who = ", each chosen by the next player in turn from the active player"
		}
		parts = append(parts, m.Figure+" moves "+n+" to a tile beside (not diagonally)"+who)
		limits := []string{}
		if !m.Revisit {
			limits = append(limits, "never onto a tile it entered this turn")
		}
		if !m.ReturnToStart {
			limits = append(limits, "never back to its start")
		}
		for _, f := range m.BlockedBy {
			limits = append(limits, "never onto the "+f+"'s tile")
		}
		if len(limits) > 0 {
			parts = append(parts, strings.Join(limits, ", "))
		}
		if m.DeadEnd == DeadEndStop {
			parts = append(parts, "a dead end stops it early")
		}
	}
	if m.Eats != "" {
		eats := "it eats what " + m.Eats + " says"
		if m.Spares != "" {
			eats += ", sparing what " + m.Spares + " protects"
		}
		parts = append(parts, eats)
	}
	if m.NoDeploy {
		parts = append(parts, "no figure may be deployed to its tile")
	}
	if m.Deploy != "" {
		parts = append(parts, "on the turn it arrives, only the figures "+m.Deploy+" allows may be deployed to its tile")
	}
	return strings.Join(parts, "; ")
}

// Describe says what the player may or must choose, in a sentence for a
// reader.
func (c *Choice) Describe() string {
	out := string(c.Mode)
	switch c.By {
	case ChooserActivePlayer:
		out = "the active player " + out
	case ChooserSoleMajority:
		out = "the player with the sole majority " + out + ", for each follower"
	case ChooserEachFollower:
		out = "each follower's owner " + out
	}
	if len(c.InsteadOf) > 0 {
		out += ", instead of " + strings.Join(c.InsteadOf, ", ")
	}
	if len(c.Except) > 0 {
		out += " (" + strings.Join(c.Except, ", ") + " still allowed)"
	}
	return out
}

// destinationText says where a destination sends a figure.
var destinationText = map[Destination]string{
	OwnerSupply:      "their owner's supply",
	BoardSide:        "the side of the board",
	OutOfGame:        "out of the game",
	GeneralSupply:    "the general supply",
	WithLastFollower: "home with their owner's last follower on the feature",
}

// Describe says which figures go where, such as "player figures: their
// owner's supply".
func (r *Removal) Describe() string {
	who := strings.Join(r.Figures, ", ")
	if r.Owner != "" {
		who = r.Owner + " figures"
	}
	out := who + ": " + destinationText[r.To]
	if r.Then == WaitNextCall {
		out += ", waiting for the next volcano"
	}
	return out
}
