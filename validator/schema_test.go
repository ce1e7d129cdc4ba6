package validator

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

func loadSchemaJSON(t *testing.T, name string) map[string]any {
	data, err := fs.ReadFile(tilekit.Schemas(), name)
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(data, &doc))
	return doc
}

func schemaNames(t *testing.T) []string {
	names, err := fs.Glob(tilekit.Schemas(), "*.schema.json")
	require.NoError(t, err)
	require.Len(t, names, len(Subfolders))
	return names
}

// TestSchemasDocumentEveryProperty checks that every property and
// definition has a title, a description and examples, and that each
// example satisfies the schema it illustrates.
func TestSchemasDocumentEveryProperty(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft7
	for _, name := range schemaNames(t) {
		data, err := fs.ReadFile(tilekit.Schemas(), name)
		require.NoError(t, err)
		require.NoError(t, c.AddResource(schemaURL+name, strings.NewReader(string(data))))
	}
	for _, name := range schemaNames(t) {
		doc := loadSchemaJSON(t, name)
		assert.Equal(t, "http://json-schema.org/draft-07/schema#", doc["$schema"], name)
		var walk func(node map[string]any, ptr string, documented bool)
		walk = func(node map[string]any, ptr string, documented bool) {
			if documented {
				for _, k := range []string{"title", "description", "examples"} {
					assert.Contains(t, node, k, "%s#%s has no %s", name, ptr, k)
				}
				if examples, ok := node["examples"].([]any); ok && node["$ref"] == nil {
					s, err := c.Compile(schemaURL + name + "#" + ptr)
					require.NoError(t, err, ptr)
					for i, ex := range examples {
						assert.NoError(t, s.Validate(ex), "%s#%s example %d", name, ptr, i)
					}
				}
			}
			for _, group := range []string{"properties", "definitions"} {
				if props, ok := node[group].(map[string]any); ok {
					for k, v := range props {
						walk(v.(map[string]any), ptr+"/"+group+"/"+k, true)
					}
				}
			}
			if items, ok := node["items"].(map[string]any); ok && items["$ref"] == nil {
				walk(items, ptr+"/items", true)
			}
		}
		walk(doc, "", false)
	}
}

func enumOf(t *testing.T, schema, ptr string) []string {
	node := any(loadSchemaJSON(t, schema))
	for _, k := range strings.Split(strings.Trim(ptr, "/"), "/") {
		if list, ok := node.([]any); ok {
			i, err := strconv.Atoi(k)
			require.NoError(t, err, ptr)
			node = list[i]
			continue
		}
		node = node.(map[string]any)[k]
	}
	var out []string
	for _, v := range node.(map[string]any)["enum"].([]any) {
		out = append(out, v.(string))
	}
	sort.Strings(out)
	return out
}

func sorted[T ~string](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	sort.Strings(out)
	return out
}

// TestSchemaVocabularyMatchesGo keeps the closed vocabularies of the schema
// and of the domain types in step.
func TestSchemaVocabularyMatchesGo(t *testing.T) {
	var symbols []tilekit.Symbol
	for _, d := range tilekit.SymbolDocs {
		symbols = append(symbols, d.Symbol)
	}
	var positions []string
	for _, s := range tilekit.Sides {
		positions = append(positions, s.String())
	}
	for _, h := range tilekit.Halves {
		positions = append(positions, h.String())
	}
	sort.Strings(positions)
	assert.Equal(t, sorted(tilekit.FeatureKinds), enumOf(t, "tiles.schema.json", "definitions/feature/properties/kind"))
	assert.Equal(t, sorted(symbols), enumOf(t, "tiles.schema.json", "definitions/symbol/anyOf/0"))
	assert.Equal(t, sorted(tilekit.Attributes), enumOf(t, "tiles.schema.json", "definitions/feature/properties/attributes/items"))
	assert.Equal(t, positions, enumOf(t, "tiles.schema.json", "definitions/position"))
	assert.Equal(t, sorted(tilekit.Editions), enumOf(t, "tiles.schema.json", "definitions/edition"))
	assert.Equal(t, sorted(tilekit.Editions), enumOf(t, "expansions.schema.json", "definitions/expansion/properties/editions/items"))
	assert.Equal(t, sorted(tilekit.FeatureKinds), enumOf(t, "expansions.schema.json", "definitions/figure/properties/stands-on/items"))
	assert.Equal(t, sorted(tilekit.TriggerKinds), enumOf(t, "interactions.schema.json", "definitions/trigger/properties/on"))
	assert.Equal(t, sorted(tilekit.Destinations), enumOf(t, "interactions.schema.json", "definitions/removal/properties/to"))
	mechanics := []struct {
		path string
		want []string
	}{
		{"definitions/trigger/properties/counted-from", sorted(tilekit.CountStarts)},
		{"definitions/trigger/properties/laps", sorted(tilekit.LapRules)},
		{"definitions/trigger/properties/before-in-play", sorted(tilekit.EarlyTiles)},
		{"definitions/trigger/properties/off-board", sorted(tilekit.OffBoardRules)},
		{"definitions/movement/properties/to", sorted(tilekit.MovementTargets)},
		{"definitions/movement/properties/per", sorted(tilekit.StepsPers)},
		{"definitions/movement/properties/mover", sorted(tilekit.Movers)},
		{"definitions/movement/properties/dead-end", sorted(tilekit.DeadEndRules)},
		{"definitions/deployment/properties/to", sorted(tilekit.DeploymentTargets)},
		{"definitions/choice/properties/by", sorted(tilekit.Choosers)},
		{"definitions/removal/properties/then", sorted(tilekit.RemovalWaits)},
		{"definitions/dismissal/properties/feature", sorted(tilekit.FeatureKinds)},
		{"definitions/dismissal/properties/attribute", sorted(tilekit.Attributes)},
		{"definitions/score-condition/properties/has", sorted(tilekit.Attributes)},
	}
	for _, m := range mechanics {
		assert.Equal(t, m.want, enumOf(t, "interactions.schema.json", m.path), m.path)
	}
	assert.Equal(t, sorted(symbols), enumOf(t, "interactions.schema.json", "definitions/trigger/properties/symbol/anyOf/0"))
	for _, k := range tilekit.FeatureKinds {
		assert.True(t, k.Known(), k)
	}
}

// TestSchemasHoldNoFloatsOrDates keeps true what normalize assumes: no
// value in the data is a float or a TOML date, so each one it meets is
// reported, and every integer has a maximum, so that no count can wrap.
func TestSchemasHoldNoFloatsOrDates(t *testing.T) {
	for _, name := range schemaNames(t) {
		var walk func(v any, at string)
		walk = func(v any, at string) {
			switch v := v.(type) {
			case map[string]any:
				if v["type"] == "number" {
					t.Errorf("%s %s: a number property; normalize reports every float", name, at)
				}
				if format, _ := v["format"].(string); strings.Contains(format, "date") || strings.Contains(format, "time") {
					t.Errorf("%s %s: a %s property; normalize reports every TOML date", name, at, format)
				}
				if v["type"] == "integer" && v["maximum"] == nil {
					t.Errorf("%s %s: an integer without a maximum", name, at)
				}
				for k, x := range v {
					if k != "examples" {
						walk(x, at+"/"+k)
					}
				}
			case []any:
				for _, x := range v {
					walk(x, at)
				}
			}
		}
		walk(loadSchemaJSON(t, name), "")
	}
}

// TestCompiledSchemasInlineTheirDefinitions checks that the schemas the
// validator compiles have no reference left (jsonschema/v5 validates a
// reference as a second pass over the value), while the schemas users
// read keep their definitions.
func TestCompiledSchemasInlineTheirDefinitions(t *testing.T) {
	_, err := schemas()
	require.NoError(t, err)
	for _, name := range schemaNames(t) {
		data, err := fs.ReadFile(tilekit.Schemas(), name)
		require.NoError(t, err)
		assert.Contains(t, string(data), `"$ref"`, "%s: the published schema uses its definitions", name)
		inlined, err := json.Marshal(schemaDocs[schemaURL+name])
		require.NoError(t, err)
		assert.NotContains(t, string(inlined), `"$ref"`, "%s: the compiled schema has a reference left", name)
	}
}

// TestCompiledSchemasHaveNoSingleAllOf checks that a property written as
// annotations beside allOf: [{$ref}] is compiled as one schema, which the
// validator checks in one pass.
func TestCompiledSchemasHaveNoSingleAllOf(t *testing.T) {
	_, err := schemas()
	require.NoError(t, err)
	for _, name := range schemaNames(t) {
		var walk func(v any, at string)
		walk = func(v any, at string) {
			switch v := v.(type) {
			case map[string]any:
				if all, ok := v["allOf"].([]any); ok && len(all) == 1 {
					t.Errorf("%s %s: an allOf of one schema left after inlining", name, at)
				}
				for k, x := range v {
					walk(x, at+"/"+k)
				}
			case []any:
				for i, x := range v {
					walk(x, fmt.Sprintf("%s/%d", at, i))
				}
			}
		}
		walk(schemaDocs[schemaURL+name], "")
	}
}
