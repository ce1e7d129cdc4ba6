package validator

import (
	"strconv"
	"strings"

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
	return own(s)
}

func strs(m map[string]any, key string) []string {
	items, _ := m[key].([]any)
	out := make([]string, 0, len(items))
	for _, it := range items {
		if s, ok := it.(string); ok {
			out = append(out, own(s))
		}
	}
	return out
}

// vocabulary holds the words of tilekit's closed vocabularies (and the
// keys of entries), one copy each, for own.
var vocabulary = func() map[string]string {
	words := map[string]string{}
	add := func(ws ...string) {
		for _, w := range ws {
			words[w] = w
		}
	}
	for _, k := range tilekit.FeatureKinds {
		add(string(k))
	}
	for _, e := range tilekit.Editions {
		add(string(e))
	}
	for _, a := range tilekit.Attributes {
		add(string(a))
	}
	for _, k := range tilekit.SubjectKinds {
		add(string(k))
	}
	for _, p := range tilekit.Publishers {
		add(string(p))
	}
	add("N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR", "yes", "no", "conditional", "open", string(tilekit.StrengthPennants),
		"expansion", "figure", "location", "action", "tile", "table", "row", "note", "step", "scenario")
	return words
}()

// own returns a string of the parse as one that refers to nothing else: a
// word of the vocabularies as its one copy, anything else copied. The
// parser's strings are pieces of the text of the chunk it parsed, which a
// built value would otherwise keep whole in memory for as long as it
// lives.
func own(s string) string {
	if w, ok := vocabulary[s]; ok {
		return w
	}
	return strings.Clone(s)
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

// buildEntry adds one schema-valid entry of a file of a data folder to d.
func buildEntry(folder, key string, m map[string]any, at tilekit.Origin, d *tilekit.Data) {
	switch folder + "/" + key {
	case "expansions/expansion":
		d.Expansions = append(d.Expansions, buildExpansion(m, at))
	case "expansions/box":
		d.Boxes = append(d.Boxes, buildBox(m, at))
	case "expansions/figure":
		d.Figures = append(d.Figures, buildFigure(m, at))
	case "expansions/symbol":
		d.Symbols = append(d.Symbols, buildSymbol(m, at))
	case "expansions/location":
		d.Locations = append(d.Locations, buildLocation(m, at))
	case "expansions/action":
		d.Actions = append(d.Actions, buildAction(m, at))
	case "tiles/tile":
		d.Tiles = append(d.Tiles, buildTile(m, at))
	case "interactions/table":
		d.Tables = append(d.Tables, buildTable(m, at))
	case "interactions/row":
		d.Rows = append(d.Rows, buildRow(m, at))
	case "interactions/note":
		d.Notes = append(d.Notes, buildNote(m, at))
	case "interactions/step":
		d.Steps = append(d.Steps, buildStep(m, at))
	case "scenarios/scenario":
		d.Scenarios = append(d.Scenarios, buildScenario(m, at))
	}
}

// droppedEntry is an entry left out for a problem of its own: references
// to it are not reported again as references to nothing.
type droppedEntry struct {
	// kind is the entry's array: expansion, figure, table, row, ...
	kind string
	// id is the entry's id, when it has one that could be read; for a row,
	// its id or subject.
	id string
	// table is a row's table.
	table string
}

// dropped describes an entry left out; its values may be of any type.
func dropped(kind string, v any) droppedEntry {
	m, _ := v.(map[string]any)
	e := droppedEntry{kind: kind, id: str(m, "id"), table: str(m, "table")}
	if kind == "row" && e.id == "" {
		e.id = str(m, "subject")
	}
	return e
}

// typedStrs reads a list of strings of a key as values of a string type,
// such as editions or publishers.
func typedStrs[T ~string](m map[string]any, key string) []T {
	names := strs(m, key)
	out := make([]T, len(names))
	for i, n := range names {
		out[i] = T(n)
	}
	return out
}

func table(m map[string]any, key string) map[string]any {
	t, _ := m[key].(map[string]any)
	return t
}

// translations reads an entry's translations table: by language, the
// texts of its translated fields; nil when it has none.
func translations(m map[string]any) tilekit.Translations {
	langs := table(m, "translations")
	if len(langs) == 0 {
		return nil
	}
	out := make(tilekit.Translations, len(langs))
	for lang, v := range langs {
		fields, _ := v.(map[string]any)
		texts := make(map[string]string, len(fields))
		for field := range fields {
			texts[own(field)] = str(fields, field)
		}
		out[own(lang)] = texts
	}
	return out
}

func boolean(m map[string]any, key string) bool {
	b, _ := m[key].(bool)
	return b
}

func buildExpansion(m map[string]any, at tilekit.Origin) tilekit.Expansion {
	x := tilekit.Expansion{
		ID:           str(m, "id"),
		Name:         str(m, "name"),
		Kind:         tilekit.ExpansionKind(str(m, "kind")),
		Translations: translations(m),
		Label:        str(m, "label"),
		Editions:     typedStrs[tilekit.Edition](m, "editions"),
		Published:    str(m, "published"),
		Origin:       at,
	}
	for _, p := range list(m["part"]) {
		x.Parts = append(x.Parts, tilekit.Part{ID: str(p, "id"), Name: str(p, "name"), Translations: translations(p)})
	}
	return x
}

func buildBox(m map[string]any, at tilekit.Origin) tilekit.Box {
	return tilekit.Box{
		ID: str(m, "id"), Name: str(m, "name"), Publisher: tilekit.Publisher(str(m, "publisher")),
		Published: str(m, "published"), Edition: tilekit.Edition(str(m, "edition")), Expansions: strs(m, "expansions"),
		Note: str(m, "note"), Source: buildCitation(table(m, "source")), Translations: translations(m), Origin: at,
	}
}

func buildFigure(m map[string]any, at tilekit.Origin) tilekit.Figure {
	return tilekit.Figure{
		ID: str(m, "id"), Name: str(m, "name"), Expansion: str(m, "expansion"),
		Category: tilekit.FigureCategory(str(m, "category")), Owner: str(m, "owner"),
		Living: boolean(m, "living"), Footprint: tilekit.Footprint(str(m, "footprint")),
		Description: str(m, "description"), Play: buildFollowerPlay(m), Translations: translations(m), Origin: at,
	}
}

// followerPlayKeys are the keys of a figure that say how a follower is
// played (tilekit.FollowerPlay).
var followerPlayKeys = []string{"per-player", "weight", "stands-on", "joins", "stands-at", "source"}

// buildFollowerPlay reads how a follower is played, or nil when the
// figure gives none of its keys; a key left out reads as its zero value,
// which the checks report (checkFollowerPlay).
func buildFollowerPlay(m map[string]any) *tilekit.FollowerPlay {
	given := false
	for _, k := range followerPlayKeys {
		_, ok := m[k]
		given = given || ok
	}
	if !given {
		return nil
	}
	p := &tilekit.FollowerPlay{
		PerPlayer: integer(m["per-player"]), StandsOn: typedStrs[tilekit.FeatureKind](m, "stands-on"), Joins: tilekit.Joining(str(m, "joins")),
		StandsAt: tilekit.StandsAt(str(m, "stands-at")),
		Source:   buildCitation(table(m, "source")),
	}
	if rule, ok := m["weight"].(string); ok {
		p.Strength = tilekit.Strength(own(rule))
	} else {
		p.Weight = integer(m["weight"])
	}
	return p
}

func buildLocation(m map[string]any, at tilekit.Origin) tilekit.Location {
	return tilekit.Location{
		ID: str(m, "id"), Name: str(m, "name"), Expansion: str(m, "expansion"),
		Footprint: tilekit.Footprint(str(m, "footprint")), Description: str(m, "description"), Origin: at,
		DeployedBy: str(m, "deployed-by"), TileOf: str(m, "tile-of"), Translations: translations(m),
	}
}

func buildSymbol(m map[string]any, at tilekit.Origin) tilekit.SymbolDef {
	return tilekit.SymbolDef{ID: tilekit.Symbol(str(m, "id")), Name: str(m, "name"), Expansion: str(m, "expansion"), Description: str(m, "description"), Translations: translations(m), Origin: at}
}

func buildAction(m map[string]any, at tilekit.Origin) tilekit.Action {
	return tilekit.Action{ID: str(m, "id"), Name: str(m, "name"), Expansion: str(m, "expansion"), Description: str(m, "description"), Translations: translations(m), Origin: at}
}

// buildCitation turns a source table into a citation.
func buildCitation(m map[string]any) tilekit.Citation {
	return tilekit.Citation{
		Kind: tilekit.CitationKind(str(m, "kind")), Title: str(m, "title"), Section: str(m, "section"),
		URL: str(m, "url"), Date: str(m, "date"), Undated: boolean(m, "undated"), Publisher: tilekit.Publisher(str(m, "publisher")),
	}
}

func buildTable(m map[string]any, at tilekit.Origin) tilekit.Table {
	t := tilekit.Table{
		ID: str(m, "id"), Name: str(m, "name"), Question: str(m, "question"), Expansion: str(m, "expansion"),
		Subjects: typedStrs[tilekit.SubjectKind](m, "subjects"), Description: str(m, "description"),
		Supersedes: str(m, "supersedes"), Translations: translations(m), Origin: at,
	}
	if _, ok := m["subjects"]; !ok && t.Supersedes != "" {
		t.Subjects = nil // kept from the table it supersedes
	}
	if r := table(m, "rule"); r != nil {
		when := table(r, "when")
		rule := &tilekit.Rule{
			Text: str(r, "text"), Verdict: tilekit.Verdict(str(r, "verdict")), Otherwise: tilekit.Verdict(str(r, "otherwise")),
			AppliesTo: typedStrs[tilekit.SubjectKind](r, "applies_to"), Source: buildCitation(table(r, "source")), Translations: translations(r),
			When: tilekit.Match{Footprint: tilekit.Footprint(str(when, "footprint")), Category: tilekit.FigureCategory(str(when, "category")), Owner: str(when, "owner")},
		}
		if living, ok := when["living"].(bool); ok {
			rule.When.Living = &living
		}
		for i, v := range list(r["variant"]) {
			rule.Variants = append(rule.Variants, tilekit.RuleVariant{
				Publishers: typedStrs[tilekit.Publisher](v, "publishers"), Text: str(v, "text"),
				Verdict: tilekit.Verdict(str(v, "verdict")), Condition: str(v, "condition"),
				Source: buildCitation(table(v, "source")), Origin: at.At("rule", "variant", strconv.Itoa(i)), Translations: translations(v),
			})
		}
		t.Rule = rule
	}
	return t
}

func buildRow(m map[string]any, at tilekit.Origin) tilekit.Row {
	r := tilekit.Row{
		Table: str(m, "table"), Subject: str(m, "subject"), Kind: tilekit.EntryKind(str(m, "kind")), ID: str(m, "id"),
		Verdict: tilekit.Verdict(str(m, "verdict")), Condition: str(m, "condition"),
		Source: buildCitation(table(m, "source")), Editions: typedStrs[tilekit.Edition](m, "editions"),
		Publishers: typedStrs[tilekit.Publisher](m, "publishers"), Explanation: str(m, "explanation"),
		SupersededBy: str(m, "superseded_by"), Supersedes: str(m, "supersedes"), Exception: boolean(m, "exception"), Notes: strs(m, "notes"),
		Translations: translations(m), Origin: at,
	}
	if r.ID == "" {
		r.ID = r.Subject
	}
	return r
}

func buildNote(m map[string]any, at tilekit.Origin) tilekit.Note {
	n := tilekit.Note{
		ID: str(m, "id"), Title: str(m, "title"), Text: str(m, "text"), Source: buildCitation(table(m, "source")),
		Expansions: strs(m, "expansions"), Tables: strs(m, "tables"), Subjects: strs(m, "subjects"), Steps: strs(m, "steps"),
		Open: boolean(m, "open"), Translations: translations(m), Origin: at,
	}
	for _, r := range list(m["readings"]) {
		n.Readings = append(n.Readings, tilekit.Reading{ID: str(r, "id"), Text: str(r, "text"), Translations: translations(r)})
	}
	return n
}

func buildStep(m map[string]any, at tilekit.Origin) tilekit.Step {
	s := tilekit.Step{
		ID: str(m, "id"), Name: str(m, "name"), Expansion: str(m, "expansion"), Phase: integer(m["phase"]),
		After: strs(m, "after"), Before: strs(m, "before"), Source: buildCitation(table(m, "source")),
		Explanation: str(m, "explanation"), Notes: strs(m, "notes"), Mechanics: buildMechanics(m, at), Translations: translations(m), Origin: at,
	}
	for i, v := range list(m["variant"]) {
		vat := at.At("variant", strconv.Itoa(i))
		sv := tilekit.StepVariant{
			Publishers: typedStrs[tilekit.Publisher](v, "publishers"), Editions: typedStrs[tilekit.Edition](v, "editions"),
			With: strs(v, "with"), After: strs(v, "after"), Before: strs(v, "before"), Choice: buildChoice(table(v, "choice"), vat.At("choice")),
			Source: buildCitation(table(v, "source")), Explanation: str(v, "explanation"), Translations: translations(v), Origin: vat,
		}
		_, hasAfter := v["after"]
		_, hasBefore := v["before"]
		if !hasAfter && !hasBefore { // the variant keeps the step's place
			sv.After, sv.Before = s.After, s.Before
		}
		s.Variants = append(s.Variants, sv)
	}
	if s.Supersedes = str(m, "supersedes"); s.Supersedes != "" {
		overlayGaps(&s, m)
	}
	return s
}

// overlayGaps marks what a step that supersedes another does not give, so
// that it keeps the other step's: a list left out is nil, not empty, and a
// phase left out is PhaseNotGiven.
func overlayGaps(s *tilekit.Step, m map[string]any) {
	if _, ok := m["phase"]; !ok {
		s.Phase = tilekit.PhaseNotGiven
	}
	for key, list := range map[string]*[]string{"after": &s.After, "before": &s.Before, "notes": &s.Notes} {
		if _, ok := m[key]; !ok {
			*list = nil
		}
	}
	for i, v := range list(m["variant"]) {
		_, hasAfter := v["after"]
		_, hasBefore := v["before"]
		if !hasAfter && !hasBefore { // it keeps the place of the step it is merged into
			s.Variants[i].After, s.Variants[i].Before = nil, nil
		}
	}
}

func buildTile(m map[string]any, at tilekit.Origin) tilekit.Tile {
	t := tilekit.Tile{
		ID:           str(m, "id"),
		Name:         str(m, "name"),
		Counts:       map[tilekit.Edition]int{},
		Start:        typedStrs[tilekit.Edition](m, "start"),
		Note:         str(m, "note"),
		Provisional:  boolean(m, "provisional"),
		Fits:         tilekit.TileFit(str(m, "fits")),
		Translations: translations(m),
		Origin:       at,
	}
	for e, n := range table(m, "counts") {
		t.Counts[tilekit.Edition(own(e))] = integer(n)
	}
	for _, s := range strs(m, "symbols") {
		t.Symbols = append(t.Symbols, tilekit.Symbol(s))
	}
	features := list(m["feature"])
	t.Features = make([]tilekit.Feature, len(features))
	// The features' origins share one array of paths, cut so that no
	// origin's path can grow into the next one's.
	n := len(at.Path) + 2
	paths := make([]string, 0, n*len(features))
	for j, fm := range features {
		paths = append(append(paths, at.Path...), "feature", strconv.Itoa(j))
		t.Features[j] = buildFeature(fm, tilekit.Origin{File: at.File, Path: paths[j*n : (j+1)*n : (j+1)*n]})
	}
	for j, rm := range list(m["rule"]) {
		t.Rules = append(t.Rules, tilekit.TileRule{Text: str(rm, "text"), Source: buildCitation(table(rm, "source")), Origin: at.At("rule", strconv.Itoa(j))})
	}
	return t
}

func buildFeature(m map[string]any, at tilekit.Origin) tilekit.Feature {
	f := tilekit.Feature{
		Kind:        tilekit.FeatureKind(str(m, "kind")),
		ID:          str(m, "id"),
		Cities:      strs(m, "cities"),
		Apart:       strs(m, "apart"),
		Inside:      str(m, "inside"),
		Under:       str(m, "under"),
		Drawbridges: strs(m, "drawbridges"),
		Origin:      at,
	}
	if sides := strs(m, "sides"); len(sides) > 0 {
		f.Sides = make([]tilekit.EdgePoint, 0, len(sides))
		for _, s := range sides {
			if p, err := tilekit.ParseEdgePoint(s); err == nil {
				f.Sides = append(f.Sides, p)
			}
		}
	}
	for _, a := range strs(m, "attributes") {
		f.Attributes = append(f.Attributes, tilekit.Attribute(a))
	}
	return f
}

// wasDropped reports whether an entry of the kind with the id was left out
// for a problem of its own.
func (l *loader) wasDropped(kind, id string) bool {
	return l.droppedIndex()[kind+"\x00"+id]
}

// wasDroppedRow reports whether the row id of a table was left out.
func (l *loader) wasDroppedRow(table, id string) bool {
	return l.droppedIndex()["row\x00"+table+"\x00"+id]
}

// wasDroppedSubject reports whether a figure, location or action with the
// id was left out.
func (l *loader) wasDroppedSubject(id string) bool {
	return l.wasDropped("figure", id) || l.wasDropped("location", id) || l.wasDropped("action", id)
}

// wasDroppedExpansion reports whether the expansion with the id, or the one
// a part id belongs to, was left out.
func (l *loader) wasDroppedExpansion(id string) bool {
	return l.wasDropped("expansion", id) || l.wasDropped("expansion", tilekit.ParentExpansion(id))
}

func (l *loader) droppedIndex() map[string]bool {
	if l.droppedSet == nil {
		l.droppedSet = map[string]bool{}
		for _, d := range l.dropped {
			key := d.kind + "\x00" + d.id
			if d.kind == "row" {
				key = "row\x00" + d.table + "\x00" + d.id
			}
			l.droppedSet[key] = true
		}
	}
	return l.droppedSet
}
