package tilekit

import (
	"fmt"
	"slices"
	"strings"
)

// The scoring vocabulary: how a feature scores, as data a step carries
// (Mechanics.Scoring), and the points a neutral figure brings the owner of
// the follower it stands with (Mechanics.Bonuses). A scoring rule is a sum
// of linear terms (points per tile, per pennant, per tile around a
// cloister, per completed city a field borders, and a constant), with
// conditions on the setup and the feature; the game engine compiles the
// rules of a turn into flat arrays once, at setup.

// ScoreMoment says when a scoring rule scores a feature.
type ScoreMoment string

// The scoring moments.
const (
	// ScoreCompleted scores a feature when a tile completes it.
	ScoreCompleted ScoreMoment = "completed"
	// ScoreEndOfGame scores what is left on the board at the end of the
	// game.
	ScoreEndOfGame ScoreMoment = "end-of-game"
)

// ScoreMoments lists the scoring moments in the schema's order.
var ScoreMoments = []ScoreMoment{ScoreCompleted, ScoreEndOfGame}

// ScoreTermKind says what a term of a scoring rule counts.
type ScoreTermKind string

// The kinds of terms.
const (
	// TermPerTile counts the tiles of the feature.
	TermPerTile ScoreTermKind = "tile"
	// TermPerPennant counts the pennants of a city.
	TermPerPennant ScoreTermKind = "pennant"
	// TermPerTileAround counts the tiles around a cloister.
	TermPerTileAround ScoreTermKind = "tile-around"
	// TermPerCompletedCity counts the completed cities a field borders.
	TermPerCompletedCity ScoreTermKind = "completed-city"
	// TermConstant counts one, whatever the feature.
	TermConstant ScoreTermKind = "constant"
	// TermPerSymbolTile counts the tiles of the feature that show a
	// symbol (ScoreTerm.Symbol).
	TermPerSymbolTile ScoreTermKind = "symbol-tile"
)

// ScoreTermKinds lists the kinds of terms in the schema's order.
var ScoreTermKinds = []ScoreTermKind{TermPerTile, TermPerPennant, TermPerTileAround, TermPerCompletedCity, TermConstant, TermPerSymbolTile}

// TermKinds says, for each kind of term that only some feature kinds
// have, the feature kinds that have it; a term not listed fits every kind.
var TermKinds = map[ScoreTermKind][]FeatureKind{
	TermPerPennant:       {City},
	TermPerTileAround:    {Cloister},
	TermPerCompletedCity: {Field},
}

// Fits reports whether a feature kind has what the term counts.
func (k ScoreTermKind) Fits(f FeatureKind) bool {
	kinds, ok := TermKinds[k]
	return !ok || slices.Contains(kinds, f)
}

// ScoreMajority says over what the followers are counted for a scoring
// rule's points.
type ScoreMajority string

// The majorities.
const (
	// MajorityFeature gives the points to the players with the most
	// followers on the feature (the default).
	MajorityFeature ScoreMajority = "feature"
	// MajorityEachCity scores a field's rule once per completed city,
	// each to the players with the most farmers in all the fields that
	// border that city together; the points are those of one city.
	MajorityEachCity ScoreMajority = "each-city"
)

// ScoreMajorities lists the majorities in the schema's order.
var ScoreMajorities = []ScoreMajority{MajorityFeature, MajorityEachCity}

// SetupOption names a rule option of a game's setup that a scoring rule
// may be conditioned on.
type SetupOption string

// The setup options.
const (
	// OptionFirstEditionScoring: the game scores as the 1st edition did
	// (a scenario's first-edition-scoring).
	OptionFirstEditionScoring SetupOption = "first-edition-scoring"
	// OptionNoFarmers: the game is played without farmers.
	OptionNoFarmers SetupOption = "no-farmers"
)

// SetupOptions lists the setup options in the schema's order.
var SetupOptions = []SetupOption{OptionFirstEditionScoring, OptionNoFarmers}

// ScoreTerm is one term of a scoring rule: Points for each thing Per
// counts.
type ScoreTerm struct {
	Per    ScoreTermKind
	Points int
	// Symbol is the symbol a symbol-tile term counts the tiles of.
	Symbol Symbol
}

// ScoreCondition says when a scoring rule holds; each part given must
// hold, and a condition with no part always holds.
type ScoreCondition struct {
	// Option is a setup option that must be chosen ("" for none).
	Option SetupOption
	// Editions lists the editions the game must be played in (none for
	// any).
	Editions []Edition
	// Tiles is the number of tiles the feature must have (0 for any).
	Tiles int
	// Has is an attribute one of the feature's tiles must show for it
	// ("" for none), such as an inn on a road or a cathedral in a city.
	Has    Attribute
	Origin Origin
}

// ScoreRule is how a feature kind scores at a moment: the sum of its terms,
// to the players with the most followers on it, when its condition holds.
// A step lists its rules in order, and the first of a kind and moment whose
// condition holds scores the feature.
type ScoreRule struct {
	// ID names the rule in events, the event notation and the words of
	// the site, such as "city" or "end-city".
	ID      string
	Feature FeatureKind
	At      ScoreMoment
	Terms   []ScoreTerm
	// When is the rule's condition; nil holds always.
	When *ScoreCondition
	// Majority is over what the followers are counted ("" for the
	// feature).
	Majority ScoreMajority
	// Sources are where a reader finds the rule, the first foremost.
	Sources []Citation
	Origin  Origin
}

// Points returns the points of a term kind in the rule, 0 when it has none.
func (s *ScoreRule) Points(per ScoreTermKind) int {
	n := 0
	for _, t := range s.Terms {
		if t.Per == per {
			n += t.Points
		}
	}
	return n
}

// BonusTrigger says when a bonus scores.
type BonusTrigger string

// The bonus triggers.
const (
	// BonusTurnStart scores at the start of the turn of the follower's
	// owner.
	BonusTurnStart BonusTrigger = "turn-start"
	// BonusFeatureScored scores when the follower's feature is scored,
	// whatever the feature scores.
	BonusFeatureScored BonusTrigger = "feature-scored"
)

// BonusTriggers lists the bonus triggers in the schema's order.
var BonusTriggers = []BonusTrigger{BonusTurnStart, BonusFeatureScored}

// Bonus is points a figure brings, on a trigger: a neutral figure to the
// owner of the follower it stands with, a player's figure that joins
// their followers (FollowerPlay.Joins) to its owner.
type Bonus struct {
	// ID names the bonus in events, the event notation and the words of
	// the site, such as "fairy-turn".
	ID string
	// Figure is the neutral figure the follower stands with, or the
	// player's joining figure.
	Figure string
	On     BonusTrigger
	// Points are the points, or with Per the points for each thing Per
	// counts of the feature scored (a term kind: completed-city, tile,
	// pennant, ...).
	Points int
	Per    ScoreTermKind
	// Winner says that only an owner among the players who score the
	// feature gets the points.
	Winner  bool
	Sources []Citation
	Origin  Origin
}

// Describe says how the rule scores, in a sentence for a reader, such as
// "a completed city: 2 points a tile and 2 a pennant, when it has 2 tiles".
func (s *ScoreRule) Describe() string {
	moment := "a completed "
	if s.At == ScoreEndOfGame {
		moment = "at the end of the game, a "
	}
	var terms []string
	for _, t := range s.Terms {
		terms = append(terms, t.Describe())
	}
	if len(terms) == 0 {
		terms = []string{"nothing"}
	}
	out := moment + string(s.Feature) + ": " + strings.Join(terms, " and ")
	if s.Majority == MajorityEachCity {
		out += ", once per completed city, to the players with the most farmers in the fields that border it"
	}
	if w := s.When.describe(); w != "" {
		out += ", " + w
	}
	return out
}

// termText words a term kind after its points.
var termText = map[ScoreTermKind]string{
	TermPerTile: "a tile", TermPerPennant: "a pennant", TermPerTileAround: "a tile around it",
	TermPerCompletedCity: "a completed city it borders", TermConstant: "", TermPerSymbolTile: "a tile with the symbol",
}

// Describe says a term, such as "2 points a tile".
func (t ScoreTerm) Describe() string {
	out := fmt.Sprintf("%d points", t.Points)
	if t.Points == 1 {
		out = "1 point"
	}
	if w := termText[t.Per]; w != "" {
		out += " " + w
	}
	if t.Symbol != "" {
		out += " " + string(t.Symbol)
	}
	return out
}

// describe says when the condition holds, or "" for nil.
func (c *ScoreCondition) describe() string {
	if c == nil {
		return ""
	}
	var parts []string
	if c.Option != "" {
		parts = append(parts, "with the setup option "+string(c.Option))
	}
	if len(c.Editions) > 0 {
		var eds []string
		for _, e := range c.Editions {
			eds = append(eds, string(e))
		}
		parts = append(parts, "in edition "+strings.Join(eds, " or "))
	}
	if c.Tiles > 0 {
		parts = append(parts, fmt.Sprintf("when it has %d tiles", c.Tiles))
	}
	if c.Has != "" {
		parts = append(parts, "when one of its tiles shows the attribute "+string(c.Has))
	}
	return strings.Join(parts, ", ")
}

// Describe says the bonus, such as "3 points to the owner of the follower
// with the fairy, when its feature is scored".
func (b *Bonus) Describe() string {
	out := ScoreTerm{Per: b.Per, Points: b.Points}.Describe()
	if b.Per == "" {
		out = ScoreTerm{Per: TermConstant, Points: b.Points}.Describe()
	}
	if b.Winner {
		out += " to the owner of the " + b.Figure + " when they score its feature"
	} else {
		out += " to the owner of the follower with the " + b.Figure
	}
	if b.On == BonusTurnStart {
		return out + ", at the start of their turn"
	}
	return out + ", when its feature is scored"
}
