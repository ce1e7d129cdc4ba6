package validator

import (
	"strconv"

	"github.com/tilekit/tilekit"
)

// The builders below turn a schema-valid document into domain values. The
// schema has already checked every type and required key, so they only
// convert; a value of an unexpected type is left at its zero value.

func list(v any) []map[string]any {
	items, _ := v.([]any)
	out := make([]map[string]any, 0, len(items))
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

func strs(m map[string]any, key string) []string {
	items, _ := m[key].([]any)
	out := make([]string, 0, len(items))
	for _, it := range items {
		if s, ok := it.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func integer(v any) int {
	switch n := v.(type) {
	case int64:
		return int(n)
	case float64:
		return int(n)
	}
	return 0
}

func editions(names []string) []tilekit.Edition {
	out := make([]tilekit.Edition, len(names))
	for i, n := range names {
		out[i] = tilekit.Edition(n)
	}
	return out
}

func buildExpansions(doc map[string]any, root tilekit.Origin, keep func(tilekit.Origin) bool) []tilekit.Expansion {
	var out []tilekit.Expansion
	for i, m := range list(doc["expansion"]) {
		if !keep(root.At("expansion", strconv.Itoa(i))) {
			continue
		}
		out = append(out, tilekit.Expansion{
			ID:       str(m, "id"),
			Name:     str(m, "name"),
			Kind:     tilekit.ExpansionKind(str(m, "kind")),
			Editions: editions(strs(m, "editions")),
			Origin:   root.At("expansion", strconv.Itoa(i)),
		})
	}
	return out
}

func buildTiles(doc map[string]any, root tilekit.Origin, keep func(tilekit.Origin) bool) []tilekit.Tile {
	var out []tilekit.Tile
	for i, m := range list(doc["tile"]) {
		at := root.At("tile", strconv.Itoa(i))
		if !keep(at) {
			continue
		}
		t := tilekit.Tile{
			ID:     str(m, "id"),
			Name:   str(m, "name"),
			Counts: map[tilekit.Edition]int{},
			Start:  editions(strs(m, "start")),
			Note:   str(m, "note"),
			Origin: at,
		}
		t.Provisional, _ = m["provisional"].(bool)
		if counts, ok := m["counts"].(map[string]any); ok {
			for e, n := range counts {
				t.Counts[tilekit.Edition(e)] = integer(n)
			}
		}
		for _, s := range strs(m, "symbols") {
			t.Symbols = append(t.Symbols, tilekit.Symbol(s))
		}
		for j, fm := range list(m["feature"]) {
			t.Features = append(t.Features, buildFeature(fm, at.At("feature", strconv.Itoa(j))))
		}
		out = append(out, t)
	}
	return out
}

func buildFeature(m map[string]any, at tilekit.Origin) tilekit.Feature {
	f := tilekit.Feature{
		Kind:        tilekit.FeatureKind(str(m, "kind")),
		ID:          str(m, "id"),
		Cities:      strs(m, "cities"),
		Inside:      str(m, "inside"),
		Under:       str(m, "under"),
		Drawbridges: strs(m, "drawbridges"),
		Origin:      at,
	}
	for _, s := range strs(m, "sides") {
		if p, err := tilekit.ParsePosition(s); err == nil {
			f.Sides = append(f.Sides, p)
		}
	}
	for _, a := range strs(m, "attributes") {
		f.Attributes = append(f.Attributes, tilekit.Attribute(a))
	}
	return f
}
