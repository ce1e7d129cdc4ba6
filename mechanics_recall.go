package tilekit

import (
	"fmt"
	"slices"
	"strings"
)

// SymbolFeature is a step's mechanic that makes a tile symbol a feature:
// every tile showing the symbol has, beside its own features, one more
// of a kind without sides (a cloister), named ID, scored by that kind's
// rules, on which only the figures Figures may stand. The seed's is the
// garden of The Abbot (interactions/abbot.toml, step abbot-garden): a
// garden scores as a monastery does, and only the abbot stands in it.
type SymbolFeature struct {
	// Symbol is the symbol the tiles show.
	Symbol Symbol
	// Kind is the kind of feature it is: a kind without sides.
	Kind FeatureKind
	// ID names the feature on its tiles, as moves and positions name a
	// feature by its id ("garden abbot").
	ID string
	// Figures are the figures that may stand on it.
	Figures []string
	Source  Citation
	Origin  Origin
}

// Describe says what the mechanic does, in a sentence for a reader.
func (s *SymbolFeature) Describe() string {
	return fmt.Sprintf("a tile showing the %s symbol has a %s (%s) scored as a %s is, on which only %s may stand",
		s.Symbol, s.ID, s.Kind, s.Kind, strings.Join(s.Figures, ", "))
}

// Recall is a step's mechanic that lets a player take a follower of a
// kind back from the board instead of deploying one, and score its
// feature at once as at the end of the game, the points to its owner
// alone; a bonus paid when a feature is scored is not paid. Action, when
// set, is the id of the action that the tables answer for (whether it
// may be done on a turn whose tile keeps figures off it). The seed's is
// the abbot's of The Abbot (interactions/abbot.toml, step abbot-recall).
type Recall struct {
	// Figure is the kind of follower taken back.
	Figure string
	// Word is the word of the moves in the move notation: "WORD
	// x,y:FEATURE", the follower's place.
	Word MoveWord
	// Action is the id of the action (places.toml) the tables answer
	// for; empty for none.
	Action string
	Source Citation
	Origin Origin
}

// Describe says what the mechanic does, in a sentence for a reader.
func (r *Recall) Describe() string {
	return fmt.Sprintf("instead of deploying a follower a player may take their %s back and score its feature at once as at the end of the game (moves: %s x,y:FEATURE)", r.Figure, r.Word)
}

// PlayedTile returns a tile as a game of a selection plays it (has
// reports whether an expansion or part is selected): after its own
// features, one for each symbol it shows that a step of a selected
// expansion makes a feature (SymbolFeature), in the order of the steps;
// the tile itself when no step does. A game engine, a scenario's checks
// and a picture of a board then name the same features.
func (c *Catalog) PlayedTile(t *Tile, has func(expansion string) bool) *Tile {
	out := t
	for i := range c.Steps {
		s := &c.Steps[i]
		sf := s.Mechanics.SymbolFeature
		if sf == nil || !has(s.Expansion) || !slices.Contains(t.Symbols, sf.Symbol) {
			continue
		}
		if out == t {
			clone := *t
			clone.Features = slices.Clip(t.Features)
			out = &clone
		}
		out.Features = append(out.Features, Feature{Kind: sf.Kind, ID: sf.ID})
	}
	return out
}

// HeldTile is a step's mechanic that deals each player copies of a tile
// to hold beside the pile, one of which the player may place instead of
// drawing a tile; the tile is in no pile (its counts are 0). The seed's is
// the abbey of Abbey & Mayor (interactions/abbey-mayor-abbey.toml, step
// abbey-place), which fits any hole (Tile.Fits).
type HeldTile struct {
	// Tile is the id of the tile held.
	Tile string
	// PerPlayer is how many each player holds at the start.
	PerPlayer int
	Source    Citation
	Origin    Origin
}

// Describe says what the mechanic does, in a sentence for a reader.
func (h *HeldTile) Describe() string {
	return fmt.Sprintf("each player holds %d %s beside the pile and may place one instead of drawing a tile", h.PerPlayer, h.Tile)
}
