package tilekit_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/validator"
)

// TestReadmeListsEveryCode keeps the README's table of diagnostic codes in
// step with the validator.
func TestReadmeListsEveryCode(t *testing.T) {
	data, err := os.ReadFile("README.md")
	require.NoError(t, err)
	for _, c := range validator.Codes {
		assert.True(t, strings.Contains(string(data), "| `"+c.ID+"` |"), "README.md does not document %s", c.ID)
	}
}

// TestReadmeStartsWithTheTwoCommands keeps the newcomer's commands first.
func TestReadmeStartsWithTheTwoCommands(t *testing.T) {
	data, err := os.ReadFile("README.md")
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	require.Greater(t, len(lines), 5)
	assert.Contains(t, lines[3], "go run ./cmd/tilekit site build")
	assert.Contains(t, lines[4], "make test")
}

// TestReadmeDocumentsTheRulesVocabulary keeps the README's chapter
// "Writing your expansion's rules" in step with the schema: every key of
// every part of a step's mechanics that the schema defines is named in
// the chapter, as `key`, `key = ...` or, for a scoring condition,
// `when.key`.
func TestReadmeDocumentsTheRulesVocabulary(t *testing.T) {
	data, err := os.ReadFile("README.md")
	require.NoError(t, err)
	readme := string(data)
	from, until := strings.Index(readme, "### Writing your expansion's rules"), strings.Index(readme, "### Writing a scenario")
	require.True(t, from >= 0 && until > from, "the chapter is in README.md")
	chapter := readme[from:until]
	raw, err := os.ReadFile("schema/interactions.schema.json")
	require.NoError(t, err)
	var schema struct {
		Definitions map[string]struct {
			Properties map[string]any `json:"properties"`
		} `json:"definitions"`
	}
	require.NoError(t, json.Unmarshal(raw, &schema))
	parts := []string{"trigger", "movement", "choice", "removal", "score-rule", "score-term", "score-condition", "bonus", "deployment", "dismissal", "crossing", "extraTurn", "collection", "secondDeployment"}
	for _, part := range parts {
		def, ok := schema.Definitions[part]
		require.True(t, ok, "the schema defines %s", part)
		for key := range def.Properties {
			named := strings.Contains(chapter, "`"+key+"`") || strings.Contains(chapter, "`"+key+" ") || strings.Contains(chapter, "`when."+key+"`")
			assert.True(t, named || key == "source" || key == "sources", "the chapter does not name the key %s of %s", key, part)
		}
	}
}
