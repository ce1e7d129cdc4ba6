package tilekit_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tilekit/tilekit"
)

func TestTranslationsTextFallsBackToEnglish(t *testing.T) {
	tr := tilekit.Translations{"de": {"name": "Was der Drache frisst"}}
	assert.Equal(t, "Was der Drache frisst", tr.Text("de", "name", "What the dragon eats"))
	assert.Equal(t, "Can it?", tr.Text("de", "question", "Can it?"), "a field without a translation is English")
	assert.Equal(t, "What the dragon eats", tr.Text("fr", "name", "What the dragon eats"), "a language without a translation is English")
	assert.Equal(t, "What the dragon eats", tr.Text("en", "name", "What the dragon eats"))
	assert.Equal(t, "x", tilekit.Translations(nil).Text("de", "name", "x"), "no translations at all")
	assert.True(t, tr.Has("de", "name"))
	assert.False(t, tr.Has("de", "question"))
}
