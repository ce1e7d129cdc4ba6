package validator

import "github.com/tilekit/tilekit"

// buildCrossing reads a step's crossing: followers that cross from a
// scored feature into a linked one; nil when m is.
func buildCrossing(m map[string]any, at tilekit.Origin) *tilekit.Crossing {
	if m == nil {
		return nil
	}
	return &tilekit.Crossing{
		Word: tilekit.MoveWord(str(m, "word")), From: tilekit.FeatureKind(str(m, "from")), Into: tilekit.FeatureKind(str(m, "into")),
		Link: str(m, "link"), Table: str(m, "table"), Source: buildCitation(table(m, "source")), Origin: at,
	}
}
