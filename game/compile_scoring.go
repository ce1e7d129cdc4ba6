package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
)

// The scoring rules of the data (tilekit.ScoreRule), compiled once: for
// each moment and feature kind, the rules in the order written, each a
// flat array of coefficients, so that scoring a feature reads no map or
// string. The bonuses (tilekit.Bonus) are compiled into the points of the
// units' scoring rules.

// scoreStep is the id of the step whose data holds the scoring rules.
const scoreStep = "score-features"

// The terms of a compiled rule, as indices into its coefficients.
const (
	termTile = iota
	termPennant
	termAround
	termCities
	termConstant
	numTerms
)

// termIndex maps the data's kinds of terms to the coefficients' indices.
var termIndex = map[tilekit.ScoreTermKind]int{
	tilekit.TermPerTile: termTile, tilekit.TermPerPennant: termPennant, tilekit.TermPerTileAround: termAround,
	tilekit.TermPerCompletedCity: termCities, tilekit.TermConstant: termConstant,
}

// scoreRule is a compiled scoring rule: the event rule it scores by, its
// condition (a setup option as a mask of Options, the editions it holds
// in already resolved, a number of tiles or 0) and the points of each
// term.
type scoreRule struct {
	rule     ScoringRule
	option   tilekit.SetupOption
	tiles    int32
	eachCity bool
	// has is the attribute one of the feature's tiles must show, as its
	// bit (attributeBit), or 0 for none.
	has  uint16
	coef [numTerms]int32
	// symbols are its terms that count the tiles showing a symbol.
	symbols []symbolTerm
}

// symbolTerm is a compiled symbol-tile term: its points, and by tile type
// whether the tile shows the symbol.
type symbolTerm struct {
	points int32
	shows  []bool
}

// scoring holds the compiled scoring: by moment (0 completed, 1 end of
// the game) and feature kind, the rules that may score it, in order; the
// points of each unit's scoring rule a bonus gives, with whether a bonus
// gives it; and the data's rule or bonus of each ScoringRule the data
// state, for the events' rules (Ruleset.EventRule).
type scoring struct {
	rules   [2][4][]scoreRule
	bonus   [maxScoringRules]int32
	bonusOn [maxScoringRules]bool
	data    map[ScoringRule]scoreData
	// bonuses are the bonuses of the turn's steps, in order; atStart,
	// onScored and ofJoiners those a neutral figure pays at the start of
	// a turn, those it pays when a feature is scored, and those of the
	// figures that join followers, so that each hook reads its own.
	bonuses                      []bonus
	atStart, onScored, ofJoiners []bonus
}

// scoreData is the data's scoring rule or bonus of a ScoringRule: one of
// them is set.
type scoreData struct {
	rule  *tilekit.ScoreRule
	bonus *tilekit.Bonus
}

// maxScoringRules bounds the ScoringRule values of the base game and the
// units.
const maxScoringRules = 32

// compileScoring reads the scoring rules of the catalog's score-features
// step, whatever the turn (the base game's turn too), and the bonuses of
// the steps the turn plays. It is an error when the data give no scoring
// rule, or a rule or bonus whose id the engine's events do not know or
// whose moment is not that id's.
func (r *Ruleset) compileScoring(cat *tilekit.Catalog) error {
	st := cat.Step(scoreStep)
	if st == nil || len(st.Mechanics.Scoring) == 0 {
		return fmt.Errorf("the data give no scoring rules: the base game's step %s lists them ([[step.scoring]])", scoreStep)
	}
	r.scoring.data = map[ScoringRule]scoreData{}
	r.scoring.bonuses = r.scoring.bonuses[:0]
	for _, ts := range r.turn {
		if ts.data != nil && ts.id != scoreStep {
			if err := r.addScoreRules(ts.data); err != nil {
				return err
			}
		}
	}
	if err := r.addScoreRules(st); err != nil {
		return err
	}
	for k, ts := range r.turn {
		if ts.data == nil {
			continue
		}
		for i := range ts.data.Mechanics.Bonuses {
			if err := r.addBonus(&ts.data.Mechanics.Bonuses[i], ts.id, k); err != nil {
				return fmt.Errorf("%s: %w", ts.data.Mechanics.Bonuses[i].Origin, err)
			}
		}
	}
	r.scoring.atStart, r.scoring.onScored, r.scoring.ofJoiners = nil, nil, nil
	for _, b := range r.scoring.bonuses {
		switch {
		case b.turnStart && b.joiner < 0:
			r.scoring.atStart = append(r.scoring.atStart, b)
		case !b.turnStart && b.joiner < 0:
			r.scoring.onScored = append(r.scoring.onScored, b)
		case !b.turnStart:
			r.scoring.ofJoiners = append(r.scoring.ofJoiners, b)
		}
	}
	return nil
}

// addScoreRules compiles the scoring rules a step states, in the order
// written.
func (r *Ruleset) addScoreRules(st *tilekit.Step) error {
	for i := range st.Mechanics.Scoring {
		if err := r.addScoreRule(&st.Mechanics.Scoring[i], st.ID); err != nil {
			return fmt.Errorf("%s: %w", st.Mechanics.Scoring[i].Origin, err)
		}
	}
	return nil
}

// addScoreRule compiles a scoring rule that a step states, unless its
// editions leave out the edition played.
func (r *Ruleset) addScoreRule(s *tilekit.ScoreRule, step string) error {
	end := s.At == tilekit.ScoreEndOfGame
	kind, ok := kindOf[s.Feature]
	if !ok {
		return fmt.Errorf("scoring rule %q: no feature kind %q", s.ID, s.Feature)
	}
	rule, ok := baseRuleOf(s.ID, end)
	if !ok {
		var err error
		if rule, err = nameDataRule(s.ID, step, end, kind); err != nil {
			return err
		}
	}
	r.scoring.data[rule] = scoreData{rule: s}
	c := scoreRule{rule: rule, eachCity: s.Majority == tilekit.MajorityEachCity}
	if w := s.When; w != nil {
		if len(w.Editions) > 0 && !slices.Contains(w.Editions, r.edition) {
			return nil
		}
		c.option, c.tiles = w.Option, int32(w.Tiles)
		if w.Has != "" {
			c.has = attributeBit(w.Has)
		}
	}
	for _, t := range s.Terms {
		if t.Per == tilekit.TermPerSymbolTile {
			c.symbols = append(c.symbols, r.symbolTerm(t))
			continue
		}
		i, ok := termIndex[t.Per]
		if !ok {
			return fmt.Errorf("scoring rule %q: the engine counts no %q", s.ID, t.Per)
		}
		c.coef[i] += int32(t.Points)
	}
	m := 0
	if end {
		m = 1
	}
	r.scoring.rules[m][kind] = append(r.scoring.rules[m][kind], c)
	return nil
}

// bonusTable holds the ids of the data's bonuses named so far, by value:
// a bonus's ScoringRule is numBaseRules plus its value. bonusOn and
// bonusStep hold, by value, the trigger it scores on and the step that
// states it, as the ruleset that first named it compiled them.
var (
	bonusTable = registry{max: maxScoringRules - int(numBaseRules), what: "bonuses"}
	bonusOn    [maxScoringRules]tilekit.BonusTrigger
	bonusStep  [maxScoringRules]string
)

// nameBonus returns the ScoringRule of a bonus of the data that a step
// states, giving it the next value when it has none yet; a bonus id that
// scores on another trigger in the process is refused.
func nameBonus(b *tilekit.Bonus, step string) (ScoringRule, error) {
	i, err := bonusTable.name(b.ID, func(i int) error {
		bonusOn[i], bonusStep[i] = b.On, step
		return nil
	})
	switch {
	case err != nil:
		return RuleNone, fmt.Errorf("bonus %w", err)
	case bonusOn[i] != b.On:
		return RuleNone, fmt.Errorf("bonus %q scores on %s here and on %s in another ruleset of this process: give it another id", b.ID, b.On, bonusOn[i])
	}
	return numBaseRules + ScoringRule(i), nil
}

// bonusIndex returns the value of a bonus's ScoringRule in bonusTable,
// and whether the rule is a bonus that was named.
func bonusIndex(r ScoringRule) (int, bool) {
	i := int(r) - int(numBaseRules)
	return i, r >= numBaseRules && r < dataRuleBase && i < len(bonusTable.list())
}

// The data's own scoring rules, beyond the base game's ids (an
// expansion's road with an inn): ruleTable holds the ids named so far, by
// value, and a rule's ScoringRule is dataRuleBase plus its value;
// ruleEnd, ruleKindOf and ruleStep hold, by value, whether it scores at
// the end of the game, the feature kind it scores and the step that
// states it, as the ruleset that first named it compiled them.
const (
	dataRuleBase = ScoringRule(maxScoringRules)
	maxDataRules = 64
)

var (
	ruleTable  = registry{max: maxDataRules, what: "scoring rules of the data"}
	ruleEnd    [maxDataRules]bool
	ruleKindOf [maxDataRules]Kind
	ruleStep   [maxDataRules]string
)

// nameDataRule returns the ScoringRule of a scoring rule of the data that
// the base game does not name, giving it the next value when it has none
// yet; an id that scores at another moment or another feature kind in the
// process is refused.
func nameDataRule(id, step string, end bool, kind Kind) (ScoringRule, error) {
	if _, base := baseRuleOf(id, !end); base {
		return RuleNone, fmt.Errorf("scoring rule %q: the base game's rule of that id scores %s, not %s", id, momentText(!end), momentText(end))
	}
	i, err := ruleTable.name(id, func(i int) error {
		ruleEnd[i], ruleKindOf[i], ruleStep[i] = end, kind, step
		return nil
	})
	switch {
	case err != nil:
		return RuleNone, fmt.Errorf("scoring rule %w", err)
	case ruleEnd[i] != end || ruleKindOf[i] != kind:
		return RuleNone, fmt.Errorf("scoring rule %q scores a %s %s here and a %s %s in another ruleset of this process: give it another id", id, kind, momentText(end), ruleKindOf[i], momentText(ruleEnd[i]))
	}
	return dataRuleBase + ScoringRule(i), nil
}

// dataRuleIndex returns the value of a data rule's ScoringRule in
// ruleTable, and whether the rule is one that was named.
func dataRuleIndex(r ScoringRule) (int, bool) {
	i := int(r) - int(dataRuleBase)
	return i, r >= dataRuleBase && i < len(ruleTable.list())
}

// attributeBit returns the bit of an attribute in the masks of the
// compiled features (Ruleset.featAttrs): its place in tilekit.Attributes.
func attributeBit(a tilekit.Attribute) uint16 {
	return 1 << slices.Index(tilekit.Attributes, a)
}

// addBonus compiles a bonus of a step, step k of the turn, into the
// points of its scoring rule and the ruleset's bonuses.
func (r *Ruleset) addBonus(b *tilekit.Bonus, step string, k int) error {
	rule, err := nameBonus(b, step)
	if err != nil {
		return err
	}
	who, err := nameFigure(b.Figure)
	if err != nil {
		return err
	}
	r.scoring.bonus[rule], r.scoring.bonusOn[rule] = int32(b.Points), true
	r.scoring.data[rule] = scoreData{bonus: b}
	joiner := -1
	if kind, ok := r.KindIndex(b.Figure); ok && (r.joining|r.cornerKinds)&(1<<kind) != 0 {
		joiner = kind
	}
	r.scoring.bonuses = append(r.scoring.bonuses, bonus{rule: rule, who: who, turnStart: b.On == tilekit.BonusTurnStart, step: k, joiner: int8(joiner)})
	return nil
}

// bonus is a compiled bonus: its scoring rule, the figure whose follower
// it pays, whether it scores at the start of the turn (else when a
// feature is scored) and the index in the turn of the step that states
// it.
type bonus struct {
	rule      ScoringRule
	who       Figure
	turnStart bool
	step      int
	// joiner is the kind of the bonus's figure when it is a kind that
	// joins its owner's followers (FollowerKind.Joins) or stands at a
	// corner (FollowerKind.Corner), else -1.
	joiner int8
}

// momentText words a moment for an error.
func momentText(end bool) string {
	if end {
		return "at the end of the game"
	}
	return "on completion"
}

// baseRuleOf returns the base game's scoring rule of an id that scores at
// the end of the game or not.
func baseRuleOf(id string, end bool) (ScoringRule, bool) {
	for r := RuleNone + 1; r < numBaseRules; r++ {
		if baseScoringRules[r].ID == id && r.atEnd() == end {
			return r, true
		}
	}
	return RuleNone, false
}

// holds reports whether a compiled rule's condition holds for a feature
// under the rule options, but for its attribute, which the caller, who has
// the board, checks (Game.scoreRuleFor).
func (c *scoreRule) holds(opts Options, tiles int) bool {
	switch c.option {
	case tilekit.OptionFirstEditionScoring:
		if !opts.FirstEditionScoring {
			return false
		}
	case tilekit.OptionNoFarmers:
		if !opts.NoFarmers {
			return false
		}
	}
	return c.tiles == 0 || int(c.tiles) == tiles
}

// scoreRuleFor returns the first compiled rule that scores a feature at
// the end of the game or on completion, or nil.
func (g *Game) scoreRuleFor(f *Feature, end bool) *scoreRule {
	m := 0
	if end {
		m = 1
	}
	r := g.rules
	rules := r.scoring.rules[m][f.Kind&3]
	for i := range rules {
		if rules[i].holds(r.opts, f.Tiles) && (rules[i].has == 0 || g.board.anyFeatureWith(int32(f.ID), rules[i].has)) {
			return &rules[i]
		}
	}
	return nil
}

// points returns what a compiled rule scores a feature, counting the
// completed cities of a field (a field's root) only when a term needs
// them.
func (g *Game) points(c *scoreRule, f *Feature) int {
	n := c.coef[termTile]*int32(f.Tiles) + c.coef[termPennant]*int32(f.Pennants) + c.coef[termAround]*int32(f.Around) + c.coef[termConstant]
	if c.coef[termCities] != 0 {
		n += c.coef[termCities] * int32(g.completedCities(int32(f.ID)))
	}
	for _, st := range c.symbols {
		n += st.points * g.board.countTilesWith(int32(f.ID), st.shows)
	}
	return int(n)
}

// Bonuses returns the scoring rules of the bonuses the ruleset's steps
// state, in the order of its turn.
func (r *Ruleset) Bonuses() []ScoringRule {
	out := make([]ScoringRule, len(r.scoring.bonuses))
	for i, b := range r.scoring.bonuses {
		out[i] = b.rule
	}
	return out
}

// IsBonus reports whether a scoring rule is a bonus of the data
// (tilekit.Bonus) rather than one of the base game's rules.
func (r ScoringRule) IsBonus() bool { _, ok := bonusIndex(r); return ok }

// BonusByID returns the scoring rule of a bonus of the ruleset's steps by
// its id, such as the one its events' notation writes.
func (r *Ruleset) BonusByID(id string) (ScoringRule, bool) {
	for _, b := range r.scoring.bonuses {
		if ruleWord(b.rule) == id {
			return b.rule, true
		}
	}
	return RuleNone, false
}

// symbolTerm compiles a symbol-tile term: which tile types show its
// symbol.
func (r *Ruleset) symbolTerm(t tilekit.ScoreTerm) symbolTerm {
	st := symbolTerm{points: int32(t.Points), shows: make([]bool, len(r.tiles))}
	for typ, tile := range r.tiles {
		st.shows[typ] = slices.Contains(tile.Symbols, t.Symbol)
	}
	return st
}
