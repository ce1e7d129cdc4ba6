package validator

import "github.com/tilekit/tilekit"

// buildDismissal reads a step's dismissal; nil when the step has none.
func buildDismissal(m map[string]any, at tilekit.Origin) *tilekit.Dismissal {
	if m == nil {
		return nil
	}
	return &tilekit.Dismissal{
		Word: tilekit.MoveWord(str(m, "word")), Feature: tilekit.FeatureKind(str(m, "feature")), Attribute: tilekit.Attribute(str(m, "attribute")),
		Table: str(m, "table"), Source: buildCitation(table(m, "source")), Origin: at,
	}
}
