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

// Trigger says when a step happens.
type Trigger struct {
	On TriggerKind
	// Symbol is the tile symbol of a tile-symbol or road-completed trigger.
	Symbol Symbol
	// Threshold is the score of a score-reached trigger.
	Threshold int
	// CountedFrom says from when points count towards the threshold:
	// "turn-start" counts every point scored since the turn began.
	CountedFrom string
	// CountedUntil is the step after which points no longer count for this
	// turn's check.
	CountedUntil string
	// Laps says whether the threshold sets the step off once ("once") or
	// again on each lap of the scoring track ("every-lap").
	Laps string
	// BeforeInPlay says what happens to a tile showing the symbol drawn
	// before the step's figure has entered the game: "set-aside" puts it
	// aside and shuffles it back in once the figure is in play.
	BeforeInPlay string
	// OffBoard says what the symbol does while the figure has been taken
	// off the board: "ignore-symbol" plays the tile as a normal tile.
	OffBoard string
	// Notes are notes about the trigger, such as an open question on it.
	Notes  []string
	Source Citation
	Origin Origin
}

// Movement says how a step moves a figure and what it does where it goes.
type Movement struct {
	// Figure is the id of the figure that moves.
	Figure string
	// To is "placed-tile" for a figure set on the tile placed this turn, or
	// "orthogonal-steps" for a figure moved tile by tile to a tile beside.
	To string
	// Steps is the number of steps of an orthogonal move, when fixed.
	Steps int
	// Per is "completed-feature" for one step per feature the tile
	// completed, in place of a fixed number.
	Per string
	// Mover is who chooses each step: "active-player", or
	// "each-player-in-turn" starting with the active player.
	Mover string
	// Revisit says whether the figure may enter a tile it entered this turn.
	Revisit bool
	// ReturnToStart says whether the figure may go back to the tile it
	// started the turn on.
	ReturnToStart bool
	// DeadEnd is what happens when no step is allowed: "stop" ends the
	// movement early.
	DeadEnd string
	// BlockedBy lists figures whose tile the figure may not enter.
	BlockedBy []string
	// Eats is the table that says which figures it eats on a tile it enters.
	Eats string
	// Spares is the table that says which places protect a figure from it.
	Spares string
	// NoDeploy says that no figure may be deployed to the tile it stands on.
	NoDeploy bool
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
	// By is who chooses: "active-player", "sole-majority" (the one player
	// with the most followers on the feature; a tie lets nobody) or
	// "each-follower" (each of that player's followers on its own).
	By string
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
	// Then is what a figure taken to the side of the board waits for, such
	// as "next-volcano".
	Then   string
	Source Citation
	Origin Origin
}

// Mechanics are a step's engine data; any part may be missing.
type Mechanics struct {
	Trigger  *Trigger
	Movement *Movement
	Choice   *Choice
	Removals []Removal
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
		if t.CountedFrom == "turn-start" {
			out += " since the turn began"
		}
		if t.CountedUntil != "" {
			out += ", counting the points scored until " + t.CountedUntil
		}
		switch t.Laps {
		case "once":
			out += "; once in a game"
		case "every-lap":
			out += "; again on every lap of the scoring track"
		}
	case TriggerFeaturesCompleted:
		out = "when the tile placed completed at least one feature"
	case TriggerRoadCompleted:
		out = "when a completed road ends at a " + string(t.Symbol)
	case TriggerTurnStart:
		out = "at the start of every turn"
	}
	if t.BeforeInPlay == "set-aside" {
		out += "; such a tile drawn before the figure is in play is set aside, and shuffled back in once it is"
	}
	if t.OffBoard == "ignore-symbol" {
		out += "; while the figure is off the board the symbol is ignored"
	}
	return out
}

// Describe says how the figure moves and what it does, in a sentence for a
// reader.
func (m *Movement) Describe() string {
	parts := []string{}
	switch m.To {
	case "placed-tile":
		parts = append(parts, m.Figure+" goes to the tile placed this turn")
	case "orthogonal-steps":
		n := fmt.Sprintf("%d steps", m.Steps)
		if m.Steps == 1 {
			n = "1 step"
		}
		if m.Per == "completed-feature" {
			n = "one step per completed feature"
		}
		who := ""
		switch m.Mover {
		case "active-player":
			who = ", chosen by the active player"
		case "each-player-in-turn":
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
		if m.DeadEnd == "stop" {
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
	return strings.Join(parts, "; ")
}

// Describe says what the player may or must choose, in a sentence for a
// reader.
func (c *Choice) Describe() string {
	out := string(c.Mode)
	switch c.By {
	case "active-player":
		out = "the active player " + out
	case "sole-majority":
		out = "the player with the sole majority " + out + ", for each follower"
	case "each-follower":
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
	if r.Then == "next-volcano" {
		out += ", waiting for the next volcano"
	}
	return out
}
