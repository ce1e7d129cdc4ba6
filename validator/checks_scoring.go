package validator

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// ScoringCodes lists the codes of the checks on the steps' scoring rules
// and bonuses.
var ScoringCodes = []Code{
	{"score-term-misfit", "A scoring rule counts what its feature kind has not: pennants of a road, tiles around a field."},
	{"score-term-symbol", "A scoring rule's symbol-tile term names no symbol, or another term names one."},
	{"score-majority-misfit", "A scoring rule is scored once per completed city but is not a field's rule of completed cities alone."},
	{"score-condition-impossible", "A scoring rule's condition cannot hold: it asks for an edition its step's expansion was not published in, more than one tile of a cloister, farmers without farmers, or an attribute its feature kind never carries."},
	{"score-rule-unreachable", "A scoring rule comes after one of the same feature kind and moment that always holds, so it never scores."},
	{"score-rule-duplicate", "Two scoring rules or bonuses of one step have the same id."},
	{"bonus-not-neutral", "A bonus names a figure that is neither a neutral figure nor a player's figure that joins their followers (joins)."},
}

// checkScoring checks a step's scoring rules and bonuses: each term fits
// the feature kind, a condition can hold, a rule can be reached, ids are
// unique, and a bonus's figure is a neutral figure.
func (l *loader) checkScoring(cat *tilekit.Catalog, s *tilekit.Step) {
	m := &s.Mechanics
	ids := map[string]bool{}
	for i := range m.Scoring {
		r := &m.Scoring[i]
		l.uniqueScoreID(ids, r.ID, r.Origin)
		for j, src := range r.Sources {
			l.checkSource(src, r.Origin.At("sources", strconv.Itoa(j)))
		}
		for j, t := range r.Terms {
			if !t.Per.Fits(r.Feature) {
				l.report(r.Origin.At("term", strconv.Itoa(j), "per"), "score-term-misfit", Error, "scoring rule %s counts %s, which a %s has not (it fits %s)", r.ID, t.Per, r.Feature, kindsText(tilekit.TermKinds[t.Per]))
			}
			l.checkTermSymbol(cat, r, j, t)
		}
		if r.Majority == tilekit.MajorityEachCity && (r.Feature != tilekit.Field || r.Points(tilekit.TermPerCompletedCity) == 0 || len(r.Terms) != 1) {
			l.report(r.Origin.At("majority"), "score-majority-misfit", Error, "scoring rule %s is scored once per completed city: it must be a field's rule with one term, per completed-city", r.ID)
		}
		l.checkScoreCondition(cat, s, r)
		l.checkReachable(m.Scoring[:i], r)
	}
	for i := range m.Bonuses {
		b := &m.Bonuses[i]
		l.uniqueScoreID(ids, b.ID, b.Origin)
		for j, src := range b.Sources {
			l.checkSource(src, b.Origin.At("sources", strconv.Itoa(j)))
		}
		l.figureRefs(cat, []string{b.Figure}, b.Origin.At("figure"), false)
		if f := cat.Figure(b.Figure); f != nil && f.Owner != "neutral" && !(f.Played() && (f.Play.Joins != "" || f.Play.StandsAt != "")) {
			l.report(b.Origin.At("figure"), "bonus-not-neutral", Error, "bonus %s names %s, a figure of the players that joins no follower: a bonus goes to the owner of the follower a neutral figure stands with, or of a figure that joins their followers or stands at a corner", b.ID, b.Figure)
		}
	}
}

// uniqueScoreID reports an id of a step's scoring rules and bonuses seen
// before in the step.
func (l *loader) uniqueScoreID(ids map[string]bool, id string, at tilekit.Origin) {
	if ids[id] {
		l.report(at.At("id"), "score-rule-duplicate", Error, "the step has two scoring rules or bonuses of the id %s", id)
	}
	ids[id] = true
}

// checkScoreCondition reports a condition of a scoring rule that cannot
// hold.
func (l *loader) checkScoreCondition(cat *tilekit.Catalog, s *tilekit.Step, r *tilekit.ScoreRule) {
	w := r.When
	if w == nil {
		return
	}
	if e := cat.Expansion(s.Expansion); e != nil {
		for j, ed := range w.Editions {
			if !slices.Contains(e.Editions, ed) {
				l.report(w.Origin.At("editions", strconv.Itoa(j)), "score-condition-impossible", Error, "scoring rule %s holds in %s, but %s was not published in %s", r.ID, ed, s.Expansion, ed)
			}
		}
	}
	switch {
	case r.Feature == tilekit.Cloister && w.Tiles > 1:
		l.report(w.Origin.At("tiles"), "score-condition-impossible", Error, "scoring rule %s asks for a cloister of %d tiles: a cloister lies on one tile", r.ID, w.Tiles)
	case r.Feature == tilekit.Field && w.Option == tilekit.OptionNoFarmers:
		l.report(w.Origin.At("option"), "score-condition-impossible", Error, "scoring rule %s scores a field in a game without farmers, where no field scores", r.ID)
	case w.Has != "" && !slices.Contains(r.Feature.Info().Attributes, w.Has):
		l.report(w.Origin.At("has"), "score-condition-impossible", Error, "scoring rule %s asks for a %s with the attribute %s, which a %s never carries", r.ID, r.Feature, w.Has, r.Feature)
	}
}

// checkReachable reports a scoring rule after one of the same feature kind
// and moment without a condition, which always holds first.
func (l *loader) checkReachable(before []tilekit.ScoreRule, r *tilekit.ScoreRule) {
	for _, o := range before {
		if o.Feature == r.Feature && o.At == r.At && o.When == nil {
			l.report(r.Origin.At("id"), "score-rule-unreachable", Error, "scoring rule %s never scores: %s, before it, scores every %s %s", r.ID, o.ID, r.Feature, r.At)
			return
		}
	}
}

// kindsText writes feature kinds as "city, road".
func kindsText(kinds []tilekit.FeatureKind) string {
	words := make([]string, len(kinds))
	for i, k := range kinds {
		words[i] = string(k)
	}
	return strings.Join(words, ", ")
}

// checkTermSymbol checks that a term names a known symbol when, and only
// when, it counts the tiles that show one.
func (l *loader) checkTermSymbol(cat *tilekit.Catalog, r *tilekit.ScoreRule, j int, t tilekit.ScoreTerm) {
	at := r.Origin.At("term", strconv.Itoa(j))
	switch {
	case t.Per == tilekit.TermPerSymbolTile && t.Symbol == "":
		l.report(at.At("per"), "score-term-symbol", Error, "scoring rule %s counts the tiles with a symbol: give the term's symbol", r.ID)
	case t.Per != tilekit.TermPerSymbolTile && t.Symbol != "":
		l.report(at.At("symbol"), "score-term-symbol", Error, "scoring rule %s counts %s: a symbol is for a symbol-tile term only", r.ID, t.Per)
	default:
		l.symbolRef(cat, t.Symbol, at.At("symbol"))
	}
}
