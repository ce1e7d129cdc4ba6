package tilekit_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// The built-in symbols are listed once, in vocabulary.go; every document
// that names them says the same list, in the same order. The scaffold's
// comment is made from the list when it is written.

// symbolWords writes the symbols a tile lists as a comment lists them:
// "volcano, dragon, ...".
func symbolWords() string {
	var words []string
	for _, s := range tilekit.TileSymbols() {
		words = append(words, string(s))
	}
	return strings.Join(words, ", ")
}

// symbolProse writes them as a sentence does: "`volcano`, ... and `x`".
func symbolProse() string {
	var words []string
	for _, s := range tilekit.TileSymbols() {
		words = append(words, "`"+string(s)+"`")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// TestReadmeListsTheBuiltinSymbols checks the README's lists of symbols
// against the vocabulary.
func TestReadmeListsTheBuiltinSymbols(t *testing.T) {
	data, err := os.ReadFile("README.md")
	require.NoError(t, err)
	readme := string(data)
	assert.Contains(t, readme, `# symbols = ["garden"]             # `+symbolWords()+", or your own\n",
		"README.md: the tile example's comment lists the symbols of vocabulary.go")
	assert.Contains(t, readme, "The built-in tile `symbols` are "+symbolProse()+"; the\n",
		"README.md: the sentence on symbols lists those of vocabulary.go")
}

// TestSchemasListTheBuiltinSymbols checks the descriptions of the schemas'
// symbols against the vocabulary (TestSchemaVocabularyMatchesGo checks the
// enums).
func TestSchemasListTheBuiltinSymbols(t *testing.T) {
	for _, c := range []struct{ file, definition string }{
		{"schema/tiles.schema.json", "symbol"},
		{"schema/expansions.schema.json", "symbol"},
	} {
		data, err := os.ReadFile(c.file)
		require.NoError(t, err)
		var doc struct {
			Definitions map[string]struct {
				Description string `json:"description"`
			} `json:"definitions"`
		}
		require.NoError(t, json.Unmarshal(data, &doc))
		assert.Contains(t, doc.Definitions[c.definition].Description, "("+symbolWords()+";",
			"%s: the description of %s lists the symbols of vocabulary.go", c.file, c.definition)
	}
}
