package validator

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"regexp/syntax"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/tilekit/tilekit"
)

// schemaURL is the base of the $id of every embedded schema.
const schemaURL = "https://tilekit.dev/schema/"

var (
	compileOnce sync.Once
	compiled    map[string]*jsonschema.Schema
	schemaDocs  map[string]any // the schemas' JSON, by URL, for their titles
	// entrySchema holds, by schema file and top-level key, the schema of
	// one entry of that array of tables ([[tile]], [[row]], ...).
	entrySchema map[string]map[string]*jsonschema.Schema
	compileErr  error
)

// schemas compiles the embedded schemas once and returns them by file name.
// They are compiled with every "$ref" to a definition replaced by the
// definition itself: jsonschema/v5 validates a reference as a second pass
// over the same value, which made references a third of all validation
// work; the schemas users read keep their definitions.
func schemas() (map[string]*jsonschema.Schema, error) {
	compileOnce.Do(func() {
		schemaDocs = map[string]any{}
		entrySchema = map[string]map[string]*jsonschema.Schema{}
		all := map[string]*jsonschema.Schema{}
		c := newCompiler()
		names, _ := fs.Glob(tilekit.Schemas(), "*.schema.json")
		for _, name := range names {
			data, _ := fs.ReadFile(tilekit.Schemas(), name)
			var doc any
			if compileErr = json.Unmarshal(data, &doc); compileErr != nil {
				compileErr = fmt.Errorf("schema %s: %w", name, compileErr)
				return
			}
			doc = inlineRefs(doc, doc, 0)
			schemaDocs[schemaURL+name] = doc
			inlined, _ := json.Marshal(doc)
			if compileErr = c.AddResource(schemaURL+name, strings.NewReader(string(inlined))); compileErr != nil {
				return
			}
		}
		for _, name := range names {
			s, err := c.Compile(schemaURL + name)
			if err != nil {
				compileErr = fmt.Errorf("schema %s: %w", name, err)
				return
			}
			all[name] = s
			entrySchema[name] = map[string]*jsonschema.Schema{}
			props, _ := valueAt(schemaDocs[schemaURL+name], []string{"properties"}).(map[string]any)
			for key, p := range props {
				if m, _ := p.(map[string]any); m["type"] == "array" && m["items"] != nil {
					s, err := c.Compile(schemaURL + name + "#/properties/" + key + "/items")
					if err != nil {
						compileErr = fmt.Errorf("schema %s: %w", name, err)
						return
					}
					entrySchema[name][key] = s
				}
			}
		}
		compiled = all
	})
	return compiled, compileErr
}

// mergeSingleAllOf merges into a schema object the one schema of its
// allOf, as a property written {title, description, allOf: [{$ref}]} is
// after inlining, so that the validator checks the value in one pass; it
// keeps the allOf when a keyword other than an annotation would clash.
func mergeSingleAllOf(obj map[string]any) map[string]any {
	all, _ := obj["allOf"].([]any)
	if len(all) != 1 {
		return obj
	}
	sub, ok := all[0].(map[string]any)
	if !ok {
		return obj
	}
	for k := range sub {
		if _, clash := obj[k]; clash && k != "title" && k != "description" && k != "examples" {
			return obj
		}
	}
	delete(obj, "allOf")
	for k, x := range sub {
		if _, has := obj[k]; !has {
			obj[k] = x
		}
	}
	return obj
}

// inlineRefs returns v with every {"$ref": "#/definitions/x"} replaced by a
// copy of definition x of root, itself inlined; depth guards against a
// definition that refers to itself, which is left as a reference.
func inlineRefs(v, root any, depth int) any {
	switch v := v.(type) {
	case map[string]any:
		if ref, ok := v["$ref"].(string); ok && len(v) == 1 && strings.HasPrefix(ref, "#/definitions/") && depth < 32 {
			if def := valueAt(root, splitPointer(strings.TrimPrefix(ref, "#"))); def != nil {
				return inlineRefs(def, root, depth+1)
			}
		}
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = inlineRefs(x, root, depth)
		}
		return mergeSingleAllOf(out)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = inlineRefs(x, root, depth)
		}
		return out
	}
	return v
}

// entryFolder returns the sub-folder whose files hold [[key]] entries, or
// "" when none does.
func entryFolder(key string) string {
	for _, sub := range Subfolders {
		if isEntryKey(sub.Schema, key) {
			return sub.Name
		}
	}
	return ""
}

// isEntryKey reports whether key is, in files checked by the named schema,
// an array of tables whose elements are entries checked one by one.
func isEntryKey(schemaName, key string) bool {
	if _, err := schemas(); err != nil {
		return false
	}
	return entrySchema[schemaName][key] != nil
}

// schemaNode returns the schema object at an absolute keyword location's
// parent ("https://.../tiles.schema.json#/definitions/tile/properties/id/pattern"
// gives the "id" property), or nil.
func schemaNode(absLocation string) map[string]any {
	url, ptr, _ := strings.Cut(absLocation, "#")
	segs := splitPointer(ptr)
	if len(segs) == 0 {
		return nil
	}
	m, _ := valueAt(schemaDocs[url], segs[:len(segs)-1]).(map[string]any)
	return m
}

// valueAt returns the value at a data path of a normalised document.
func valueAt(doc any, path []string) any {
	for _, seg := range path {
		switch v := doc.(type) {
		case map[string]any:
			doc = v[seg]
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(v) {
				return nil
			}
			doc = v[i]
		default:
			return nil
		}
	}
	return doc
}

func newCompiler() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft7
	return c
}

// validateSchema checks a normalised value against a named schema, the
// whole document's when key is "", else that of one entry of the array
// key, and returns one problem per failed leaf keyword, with paths
// relative to the value. A problem whose code explain refuses is returned
// without its message, which saves the work of one that will only be
// counted.
func validateSchema(name, key string, doc any, explain func(code string) bool) []problem {
	all, err := schemas()
	if err != nil {
		return []problem{{code: "schema-broken", message: err.Error(), rank: rankSchema}}
	}
	s := all[name]
	if key != "" {
		s = entrySchema[name][key]
	}
	if s == nil {
		return []problem{{code: "schema-broken", message: "no schema " + name + " " + key, rank: rankSchema}}
	}
	err = s.Validate(doc)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []problem{{code: "schema-broken", message: err.Error(), rank: rankSchema}}
	}
	var out []problem
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if open := openAlternative(e); open != nil {
			out = append(out, schemaProblem(open, doc, explain))
			return
		}
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		out = append(out, schemaProblem(e, doc, explain))
	}
	walk(ve)
	out = explainMisspelt(out)
	sort.SliceStable(out, func(i, j int) bool { return pathKey(out[i].path) < pathKey(out[j].path) })
	return out
}

// openAlternative returns, for a value that fails an anyOf of a closed
// list and an open pattern (the built-in symbols, or any id an expansion
// may declare), the pattern's failure alone: the pattern says what the
// value may be, and the list, which it need not be in, is no fault.
func openAlternative(e *jsonschema.ValidationError) *jsonschema.ValidationError {
	if !strings.HasSuffix(e.KeywordLocation, "/anyOf") {
		return nil
	}
	for _, c := range e.Causes {
		if len(c.Causes) == 0 && strings.HasSuffix(c.KeywordLocation, "/pattern") {
			return c
		}
	}
	return nil
}

// explainMisspelt drops a missing required key that an unknown key beside
// it is a misspelling of: "count" for "counts" is one fault, reported once,
// as the unknown key with its suggestion.
func explainMisspelt(ps []problem) []problem {
	meant := map[string]bool{} // parent path and key an unknown key suggests
	for _, p := range ps {
		if p.code == "schema-additionalProperties" && p.suggests != "" && len(p.path) > 0 {
			meant[pathKey(append(slices.Clone(p.path[:len(p.path)-1]), p.suggests))] = true
		}
	}
	if len(meant) == 0 {
		return ps
	}
	out := ps[:0]
	for _, p := range ps {
		if p.code == "schema-required" {
			var still []string
			for _, k := range p.missing {
				if !meant[pathKey(append(slices.Clone(p.path), k))] {
					still = append(still, k)
				}
			}
			if len(still) == 0 {
				continue
			}
			if len(still) < len(p.missing) {
				p.message = fmt.Sprintf("missing required key %s", strings.Join(quoteAll(still), ", "))
			}
		}
		out = append(out, p)
	}
	return out
}

// schemaProblem turns a leaf validation error into a problem whose code is
// "schema-" and the failed keyword, located at the offending value; for an
// unknown key, at the key itself. A value that does not match a pattern is
// explained with the schema's own title and description.
func schemaProblem(e *jsonschema.ValidationError, doc any, explain func(code string) bool) problem {
	keyword := e.KeywordLocation[strings.LastIndex(e.KeywordLocation, "/")+1:]
	p := problem{path: splitPointer(e.InstanceLocation), code: "schema-" + keyword, message: e.Message, rank: rankSchema}
	if explain != nil && !explain(p.code) && keyword != "additionalProperties" {
		return p // the path of an unknown key needs the work below
	}
	switch keyword {
	case "pattern":
		node := schemaNode(e.AbsoluteKeywordLocation)
		title, _ := node["title"].(string)
		desc, _ := node["description"].(string)
		pattern, _ := node["pattern"].(string)
		if value, ok := valueAt(doc, p.path).(string); ok && title != "" {
			p.message = fmt.Sprintf("%s %q is not valid: %s", lowerFirst(title), value, desc)
			if why := patternFault(pattern, value); why != "" {
				p.message = fmt.Sprintf("%s %q is not valid: %s (%s)", lowerFirst(title), value, why, strings.TrimSuffix(desc, "."))
			}
		}
	case "uniqueItems":
		// Named by its key, in the singular: "side EL is listed twice".
		if items, ok := valueAt(doc, p.path).([]any); ok && len(p.path) > 0 {
			if dup, ok := firstRepeated(items); ok {
				what := strings.TrimSuffix(strings.ReplaceAll(p.path[len(p.path)-1], "_", " "), "s")
				p.message = fmt.Sprintf("%s %v is listed twice", what, dup)
			}
		}
	case "additionalProperties":
		// The keys are read from the data, not from the message, which
		// quotes them without escaping.
		node := schemaNode(e.AbsoluteKeywordLocation)
		if names := unknownKeys(valueAt(doc, p.path), node); len(names) > 0 {
			p.path = append(p.path, names[0])
			props, _ := node["properties"].(map[string]any)
			p.suggests = nearestWord(names[0], slices.Collect(maps.Keys(props)))
			p.message = fmt.Sprintf("unknown key %s%s", strings.Join(quoteAll(names), ", "), didYouMean(p.suggests))
		}
	case "enum":
		if value, ok := valueAt(doc, p.path).(string); ok {
			allowed := enumWords(schemaNode(e.AbsoluteKeywordLocation))
			p.message = fmt.Sprintf("value %q must be one of %s%s", value, strings.Join(quoteAll(allowed), ", "), didYouMean(nearestAllowed(value, allowed)))
		}
	case "required":
		if names := missingKeys(valueAt(doc, p.path), schemaNode(e.AbsoluteKeywordLocation)); len(names) > 0 {
			p.missing = names
			p.message = fmt.Sprintf("missing required key %s", strings.Join(quoteAll(names), ", "))
		}
	}
	return p
}

// enumWords returns the string values an enum schema allows, in its order.
func enumWords(schema map[string]any) []string {
	values, _ := schema["enum"].([]any)
	var out []string
	for _, v := range values {
		if w, ok := v.(string); ok {
			out = append(out, w)
		}
	}
	return out
}

// missingKeys returns, in the schema's order, the keys an object schema
// requires that an object value lacks.
func missingKeys(value any, schema map[string]any) []string {
	obj, _ := value.(map[string]any)
	required, _ := schema["required"].([]any)
	var out []string
	for _, r := range required {
		if k, ok := r.(string); ok {
			if _, has := obj[k]; !has {
				out = append(out, k)
			}
		}
	}
	return out
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// firstRepeated returns the first item of a list that an earlier one
// equals.
func firstRepeated(items []any) (any, bool) {
	for i, x := range items {
		for _, y := range items[:i] {
			if fmt.Sprint(x) == fmt.Sprint(y) {
				return x, true
			}
		}
	}
	return nil, false
}

// patternFault says, in a reader's words, what is wrong with a value that
// does not match an id pattern of the schemas: a character the pattern
// never allows, a missing slash, a dash out of place. It returns "" when it
// cannot tell, and the pattern's description says the rest.
func patternFault(pattern, value string) string {
	if !strings.HasPrefix(pattern, "^") || !strings.HasSuffix(pattern, "$") || strings.ContainsAny(pattern, ".\\") || strings.Contains(pattern, "[^") {
		return "" // not an id pattern: its description says it all
	}
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return ""
	}
	allowed := map[rune]bool{}
	var collect func(r *syntax.Regexp)
	collect = func(r *syntax.Regexp) {
		switch r.Op {
		case syntax.OpLiteral:
			for _, c := range r.Rune {
				allowed[c] = true
			}
		case syntax.OpCharClass:
			for i := 0; i+1 < len(r.Rune); i += 2 {
				for c := r.Rune[i]; c <= r.Rune[i+1] && c-r.Rune[i] < 128; c++ {
					allowed[c] = true
				}
			}
		}
		for _, sub := range r.Sub {
			collect(sub)
		}
	}
	collect(re)
	switch {
	case value == "":
		return "it is empty"
	case strings.Contains(pattern, ")*/") && !strings.Contains(value, "/"):
		return "the slash between the expansion id and the name is missing"
	}
	for _, c := range value {
		if !allowed[c] {
			if allowed['a'] && !allowed['A'] && unicode.IsUpper(c) {
				return fmt.Sprintf("%q is upper-case; write it in lower case", string(c))
			}
			return fmt.Sprintf("the character %q is not allowed here", string(c))
		}
	}
	for _, part := range strings.Split(value, "/") {
		switch {
		case part == "":
			return "a part between slashes is empty"
		case strings.HasPrefix(part, "-") || strings.HasSuffix(part, "-") || strings.Contains(part, "--"):
			return "a dash joins two words: it cannot start or end a name, or stand twice"
		}
	}
	if strings.Count(value, "/") > strings.Count(pattern, "/") {
		return "it has more slashes than the expansion id and the name need"
	}
	return ""
}

// unknownKeys returns, sorted, the keys of an object value that its
// schema object does not list among its properties.
func unknownKeys(value any, schema map[string]any) []string {
	obj, _ := value.(map[string]any)
	props, _ := schema["properties"].(map[string]any)
	var out []string
	for k := range obj {
		if _, known := props[k]; !known {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}

// splitPointer turns a JSON pointer into path segments.
func splitPointer(ptr string) []string {
	if ptr == "" || ptr == "/" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, p := range parts {
		parts[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(p)
	}
	return parts
}
