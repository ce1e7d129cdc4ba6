package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The steps the engine implements by their id are the steps
// rules.EngineSteps says it plays, which the validator and the site read:
// the two lists cannot drift apart (a step with a movement is played by
// the moving figures' mechanic, whatever its id).
func TestEngineStepsAgreeWithRules(t *testing.T) {
	ids := coreSteps[:]
	for _, u := range units {
		for _, st := range u.steps {
			if st.id != "" {
				ids = append(ids, st.id)
			}
		}
	}
	assert.ElementsMatch(t, ids, rules.EngineSteps)
	for _, id := range rules.EngineSteps {
		st, us := stepOf(&tilekit.Step{ID: id})
		assert.False(t, st == stepUnit && us == nil, "the engine has no implementation of %s", id)
	}
}
