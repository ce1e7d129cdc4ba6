package tilekit

import (
	"fmt"
	"strings"
)

// Collection is a step's mechanic that hands out tokens and scores their
// majorities: when a feature of a kind (Feature) is completed, the player
// who placed the tile takes one token for each feature of its tiles that
// carries one of the attributes (Attributes), whoever holds the feature;
// at the end of the game, for each attribute, the players with the most
// of its tokens (at least one) score Majority points each. The seed's are
// the trade goods of Traders & Builders (interactions/traders-builders.toml,
// step trade-goods).
type Collection struct {
	// ID names the majority's scoring in events and the event notation
	// ("end score p1 10 trade-goods").
	ID         string
	Feature    FeatureKind
	Attributes []Attribute
	Majority   int
	Source     Citation
	Origin     Origin
}

// Describe says what the mechanic does, in a sentence for a reader.
func (c *Collection) Describe() string {
	names := make([]string, len(c.Attributes))
	for i, a := range c.Attributes {
		names[i] = string(a)
	}
	return fmt.Sprintf("the player who completes a %s takes a token for each %s of it; at the end the most tokens of each score %d points (%s)",
		c.Feature, strings.Join(names, ", "), c.Majority, c.ID)
}
