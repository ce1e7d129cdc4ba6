package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tilekit/tilekit/rules"
)

// The steps the engine implements are the steps rules.EngineSteps says it
// plays, which the validator and the site read: the two lists cannot
// drift apart.
func TestEngineStepsAgreeWithRules(t *testing.T) {
	assert.ElementsMatch(t, stepNames[:], rules.EngineSteps)
	for _, id := range rules.EngineSteps {
		_, ok := stepByName(id)
		assert.True(t, ok, "the engine has no implementation of %s", id)
	}
}
