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

// build adds what a file of a data folder defines to d, leaving out the
// entries keep refuses.
func build(folder string, doc map[string]any, root tilekit.Origin, keep func(tilekit.Origin) bool, d *tilekit.Data) {
	switch folder {
	case "expansions":
		d.Expansions = entries(doc, "expansion", root, keep, buildExpansion)
		d.Figures = entries(doc, "figure", root, keep, buildFigure)
		d.Locations = entries(doc, "location", root, keep, buildLocation)
		d.Actions = entries(doc, "action", root, keep, buildAction)
	case "tiles":
		d.Tiles = entries(doc, "tile", root, keep, buildTile)
	case "interactions":
		d.Tables = entries(doc, "table", root, keep, buildTable)
		d.Rows = entries(doc, "row", root, keep, buildRow)
		d.Notes = entries(doc, "note", root, keep, buildNote)
		d.Steps = entries(doc, "step", root, keep, buildStep)
	}
}

// entries builds each table of an array of tables.
func entries[T any](doc map[string]any, key string, root tilekit.Origin, keep func(tilekit.Origin) bool, one func(map[string]any, tilekit.Origin) T) []T {
	var out []T
	for i, m := range list(doc[key]) {
		at := root.At(key, strconv.Itoa(i))
		if keep(at) {
			out = append(out, one(m, at))
		}
	}
	return out
}

func table(m map[string]any, key string) map[string]any {
	t, _ := m[key].(map[string]any)
	return t
}

func boolean(m map[string]any, key string) bool {
	b, _ := m[key].(bool)
	return b
}

func buildExpansion(m map[string]any, at tilekit.Origin) tilekit.Expansion {
	x := tilekit.Expansion{
		ID:       str(m, "id"),
		Name:     str(m, "name"),
		Kind:     tilekit.ExpansionKind(str(m, "kind")),
		Label:    str(m, "label"),
		Editions: editions(strs(m, "editions")),
		Origin:   at,
	}
	for _, p := range list(m["part"]) {
		x.Parts = append(x.Parts, tilekit.Part{ID: str(p, "id"), Name: str(p, "name")})
	}
	return x
}

func buildFigure(m map[string]any, at tilekit.Origin) tilekit.Figure {
	return tilekit.Figure{
		ID: str(m, "id"), Name: str(m, "name"), Expansion: str(m, "expansion"),
		Category: tilekit.FigureCategory(str(m, "category")), Owner: str(m, "owner"),
		Living: boolean(m, "living"), Footprint: tilekit.Footprint(str(m, "footprint")),
		Description: str(m, "description"), Origin: at,
	}
}

func buildLocation(m map[string]any, at tilekit.Origin) tilekit.Location {
	return tilekit.Location{
		ID: str(m, "id"), Name: str(m, "name"), Expansion: str(m, "expansion"),
		Footprint: tilekit.Footprint(str(m, "footprint")), Description: str(m, "description"), Origin: at,
	}
}

func buildAction(m map[string]any, at tilekit.Origin) tilekit.Action {
	return tilekit.Action{ID: str(m, "id"), Name: str(m, "name"), Expansion: str(m, "expansion"), Description: str(m, "description"), Origin: at}
}

func buildSource(m map[string]any) tilekit.Source {
	return tilekit.Source{
		Kind: tilekit.SourceKind(str(m, "kind")), Publisher: tilekit.Publisher(str(m, "publisher")),
		Date: str(m, "date"), Page: str(m, "page"), Ref: str(m, "ref"),
	}
}

func subjectKinds(names []string) []tilekit.SubjectKind {
	out := make([]tilekit.SubjectKind, len(names))
	for i, n := range names {
		out[i] = tilekit.SubjectKind(n)
	}
	return out
}

func publishers(names []string) []tilekit.Publisher {
	out := make([]tilekit.Publisher, len(names))
	for i, n := range names {
		out[i] = tilekit.Publisher(n)
	}
	return out
}

func buildTable(m map[string]any, at tilekit.Origin) tilekit.Table {
	t := tilekit.Table{
		ID: str(m, "id"), Name: str(m, "name"), Question: str(m, "question"), Expansion: str(m, "expansion"),
		Subjects: subjectKinds(strs(m, "subjects")), Description: str(m, "description"), Origin: at,
	}
	if r := table(m, "rule"); r != nil {
		when := table(r, "when")
		rule := &tilekit.Rule{
			Text: str(r, "text"), Verdict: tilekit.Verdict(str(r, "verdict")), Otherwise: tilekit.Verdict(str(r, "otherwise")),
			AppliesTo: subjectKinds(strs(r, "applies_to")), Source: buildSource(table(r, "source")),
			When: tilekit.Match{Footprint: tilekit.Footprint(str(when, "footprint")), Category: tilekit.FigureCategory(str(when, "category")), Owner: str(when, "owner")},
		}
		if living, ok := when["living"].(bool); ok {
			rule.When.Living = &living
		}
		t.Rule = rule
	}
	return t
}

func buildRow(m map[string]any, at tilekit.Origin) tilekit.Row {
	r := tilekit.Row{
		Table: str(m, "table"), Subject: str(m, "subject"), ID: str(m, "id"),
		Verdict: tilekit.Verdict(str(m, "verdict")), Condition: str(m, "condition"),
		Source: buildSource(table(m, "source")), Editions: editions(strs(m, "editions")),
		Publishers: publishers(strs(m, "publishers")), Explanation: str(m, "explanation"),
		SupersededBy: str(m, "superseded_by"), Exception: boolean(m, "exception"), Notes: strs(m, "notes"), Origin: at,
	}
	if r.ID == "" {
		r.ID = r.Subject
	}
	return r
}

func buildNote(m map[string]any, at tilekit.Origin) tilekit.Note {
	n := tilekit.Note{
		ID: str(m, "id"), Title: str(m, "title"), Text: str(m, "text"), Source: buildSource(table(m, "source")),
		Expansions: strs(m, "expansions"), Tables: strs(m, "tables"), Subjects: strs(m, "subjects"), Steps: strs(m, "steps"),
		Open: boolean(m, "open"), Origin: at,
	}
	for _, r := range list(m["readings"]) {
		n.Readings = append(n.Readings, tilekit.Reading{ID: str(r, "id"), Text: str(r, "text")})
	}
	return n
}

func buildStep(m map[string]any, at tilekit.Origin) tilekit.Step {
	s := tilekit.Step{
		ID: str(m, "id"), Name: str(m, "name"), Expansion: str(m, "expansion"), Phase: integer(m["phase"]),
		After: strs(m, "after"), Before: strs(m, "before"), Source: buildSource(table(m, "source")),
		Explanation: str(m, "explanation"), Notes: strs(m, "notes"), Origin: at,
	}
	for i, v := range list(m["variant"]) {
		s.Variants = append(s.Variants, tilekit.StepVariant{
			Publishers: publishers(strs(v, "publishers")), After: strs(v, "after"), Before: strs(v, "before"),
			Source: buildSource(table(v, "source")), Explanation: str(v, "explanation"), Origin: at.At("variant", strconv.Itoa(i)),
		})
	}
	return s
}

func buildTile(m map[string]any, at tilekit.Origin) tilekit.Tile {
	t := tilekit.Tile{
		ID:          str(m, "id"),
		Name:        str(m, "name"),
		Counts:      map[tilekit.Edition]int{},
		Start:       editions(strs(m, "start")),
		Note:        str(m, "note"),
		Provisional: boolean(m, "provisional"),
		Origin:      at,
	}
	for e, n := range table(m, "counts") {
		t.Counts[tilekit.Edition(e)] = integer(n)
	}
	for _, s := range strs(m, "symbols") {
		t.Symbols = append(t.Symbols, tilekit.Symbol(s))
	}
	for j, fm := range list(m["feature"]) {
		t.Features = append(t.Features, buildFeature(fm, at.At("feature", strconv.Itoa(j))))
	}
	return t
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
