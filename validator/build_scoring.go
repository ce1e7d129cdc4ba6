package validator

import (
	"strconv"

	"github.com/tilekit/tilekit"
)

// buildScoring reads a step's scoring rules, in the order written.
func buildScoring(m map[string]any, at tilekit.Origin) []tilekit.ScoreRule {
	var out []tilekit.ScoreRule
	for i, r := range list(m["scoring"]) {
		here := at.At("scoring", strconv.Itoa(i))
		rule := tilekit.ScoreRule{
			ID: str(r, "id"), Feature: tilekit.FeatureKind(str(r, "feature")), At: tilekit.ScoreMoment(str(r, "at")),
			Majority: tilekit.ScoreMajority(str(r, "majority")), Sources: buildCitations(r["sources"]), Origin: here,
		}
		for _, t := range list(r["term"]) {
			rule.Terms = append(rule.Terms, tilekit.ScoreTerm{Per: tilekit.ScoreTermKind(str(t, "per")), Points: integer(t["points"]), Symbol: tilekit.Symbol(str(t, "symbol"))})
		}
		if c := table(r, "when"); c != nil {
			cond := &tilekit.ScoreCondition{Option: tilekit.SetupOption(str(c, "option")), Tiles: integer(c["tiles"]), Has: tilekit.Attribute(str(c, "has")), Origin: here.At("when")}
			for _, e := range strs(c, "editions") {
				cond.Editions = append(cond.Editions, tilekit.Edition(e))
			}
			rule.When = cond
		}
		out = append(out, rule)
	}
	return out
}

// buildBonuses reads a step's bonuses, in the order written.
func buildBonuses(m map[string]any, at tilekit.Origin) []tilekit.Bonus {
	var out []tilekit.Bonus
	for i, b := range list(m["bonus"]) {
		out = append(out, tilekit.Bonus{
			ID: str(b, "id"), Figure: str(b, "figure"), On: tilekit.BonusTrigger(str(b, "on")), Points: integer(b["points"]),
			Per: tilekit.ScoreTermKind(str(b, "per")), Winner: boolean(b, "winner"),
			Sources: buildCitations(b["sources"]), Origin: at.At("bonus", strconv.Itoa(i)),
		})
	}
	return out
}

// buildCitations reads a list of citations.
func buildCitations(v any) []tilekit.Citation {
	var out []tilekit.Citation
	for _, c := range list(v) {
		out = append(out, buildCitation(c))
	}
	return out
}
