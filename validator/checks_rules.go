package validator

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// RuleCodes lists the codes of the checks on the catalog, the interaction
// tables, the notes and the order of play.
var RuleCodes = []Code{
	{"part-outside-expansion", "A part's id does not start with the id of the expansion that lists it."},
	{"unknown-table", "A row or note names a table that no loaded file defines, or a table supersedes one no earlier folder defines."},
	{"unknown-subject", "A row or note names a figure, location or action that no loaded file defines."},
	{"subject-not-covered", "A row's subject exists but is of a kind its table does not answer for."},
	{"applies-to-not-covered", "A table's rule of thumb applies to a kind of subject the table does not ask about (applies_to names a kind missing from subjects)."},
	{"ambiguous-subject", "A row's subject id names both a figure and a location the table covers."},
	{"condition-mismatch", "A conditional verdict without its condition, or a condition on another verdict."},
	{"source-undated", "An official FAQ or clarification with neither its date nor undated = true."},
	{"citation-date-and-undated", "A citation gives a date and says undated = true."},
	{"unknown-row", "A row is superseded by, or supersedes, a row its table does not have (in the built-in data or an earlier folder, for supersedes)."},
	{"supersede-cycle", "Rows that supersede each other in a circle, so none is in force."},
	{"supersede-same-folder", "A row, step or table supersedes one of its own folder, where the older row says superseded_by instead."},
	{"superseded-twice", "A row, step or table is superseded by two: supersede the one in force instead."},
	{"supersede-mismatch", "A row supersedes a row of another subject, or a step or table one of another id."},
	{"contrary-verdicts", "Two rows in force give different verdicts for the same subject, edition and publisher."},
	{"unmarked-exception", "A row contradicts its table's rule of thumb without being marked as an exception."},
	{"needless-exception", "A row marked as an exception agrees with the rule of thumb, or its table has none."},
	{"unknown-note", "A row or step names a note that no loaded file defines."},
	{"unknown-step", "A step or note names a step that no loaded file defines, or a step supersedes one no earlier folder defines."},
	{"step-not-played", "A warning: a step of a data folder is one the game engine does not play yet, so games of its expansion cannot be played."},
	{"order-cycle", "Ordering constraints between steps form a cycle under some publisher's or edition's rules."},
	{"translation-no-english", "A warning: a table translates its description into another language, but has no description in English (nor keeps one from a table it supersedes), so the translation is never shown."},
}

// checkRules runs the consistency checks of the rules data.
func (l *loader) checkRules(cat *tilekit.Catalog) {
	d := &l.data
	seen := map[string]tilekit.Origin{}
	for _, x := range d.Expansions {
		for j, p := range x.Parts {
			at := x.Origin.At("part", strconv.Itoa(j), "id")
			l.unique(seen, "expansion part "+p.ID, at)
			if tilekit.ParentExpansion(p.ID) != x.ID {
				l.report(at, "part-outside-expansion", Error, "part %s is listed by expansion %s; its id must start with %s/", p.ID, x.ID, x.ID)
			}
		}
	}
	l.checkBoxes(cat, seen)
	for _, f := range d.Figures {
		l.catalogEntry(cat, seen, "figure", f.ID, f.Expansion, f.Origin)
	}
	l.checkFigures(d.Figures)
	for _, x := range d.Locations {
		l.catalogEntry(cat, seen, "location", x.ID, x.Expansion, x.Origin)
		l.checkLocationMeaning(cat, &x)
	}
	for _, x := range d.Symbols {
		l.catalogEntry(cat, seen, "symbol", string(x.ID), x.Expansion, x.Origin)
		if x.ID.Known() {
			l.report(x.Origin.At("id"), "builtin-symbol-declared", Error, "%s is a built-in symbol: a tile lists it without a [[symbol]] entry", x.ID)
		}
	}
	for _, x := range d.Actions {
		l.catalogEntry(cat, seen, "action", x.ID, x.Expansion, x.Origin)
	}
	for _, t := range d.Tables {
		if t.Supersedes == "" {
			l.catalogEntry(cat, seen, "table", t.ID, t.Expansion, t.Origin)
		} else if t.Expansion != "" { // a superseding table is no duplicate, and may keep the other's expansion
			l.expansionRef(cat, t.Expansion, t.Origin.At("expansion"))
		}
		l.checkAppliesTo(cat, t)
		l.checkTranslatedDescription(cat, &t)
		if t.Rule != nil {
			l.checkSource(t.Rule.Source, t.Origin.At("rule", "source"))
			for _, v := range t.Rule.Variants {
				l.checkSource(v.Source, v.Origin.At("source"))
				l.checkCondition(v.Verdict, v.Condition, v.Origin)
			}
		}
	}
	for _, n := range d.Notes {
		l.unique(seen, "note "+n.ID, n.Origin.At("id"))
		l.checkNote(cat, &n)
	}
	for _, s := range d.Steps {
		if s.Supersedes != s.ID { // a step that supersedes its namesake of an earlier folder is no duplicate
			l.unique(seen, "step "+s.ID, s.Origin.At("id"))
		}
		l.checkStep(cat, &s)
	}
	l.checkSupersedesByID("step", len(d.Steps), tilekit.LinkSteps(d.Steps), func(i int) (string, tilekit.Origin) { return d.Steps[i].Supersedes, d.Steps[i].Origin })
	l.checkSupersedesByID("table", len(d.Tables), tilekit.LinkTables(d.Tables), func(i int) (string, tilekit.Origin) { return d.Tables[i].Supersedes, d.Tables[i].Origin })
	l.checkRows(cat, seen)
	l.checkOrderCycles(cat.Steps)
}

// catalogEntry checks that an entry's id is unique among its kind and that
// the expansion it belongs to exists.
func (l *loader) catalogEntry(cat *tilekit.Catalog, seen map[string]tilekit.Origin, kind, id, expansion string, at tilekit.Origin) {
	l.unique(seen, kind+" "+id, at.At("id"))
	l.expansionRef(cat, expansion, at.At("expansion"))
}

// expansionRef checks a reference to an expansion or a part.
func (l *loader) expansionRef(cat *tilekit.Catalog, id string, at tilekit.Origin) {
	if !cat.HasExpansionOrPart(id) && !l.wasDroppedExpansion(id) {
		l.report(at, "unknown-expansion", Error, "no loaded file defines the expansion or part %q%s", id, l.nearest(cat, "expansion", id))
	}
}

// checkSource checks a citation beyond its schema: an official FAQ is
// dated, so that --as-of can place it, or says undated = true where the
// page that reports it gives no date (it is then in force at any month);
// a citation is not both.
func (l *loader) checkSource(s tilekit.Citation, at tilekit.Origin) {
	switch {
	case s.Undated && s.Date != "":
		l.report(at.At("undated"), "citation-date-and-undated", Error, "a citation with a date (%s) is not undated; drop undated = true or the date", s.Date)
	case s.Kind == tilekit.FAQ && s.Date == "" && !s.Undated:
		l.report(at, "source-undated", Error, "an official FAQ needs its date (YYYY-MM), or undated = true when no date is known")
	}
}

func (l *loader) noteRefs(cat *tilekit.Catalog, ids []string, at tilekit.Origin) {
	for j, id := range ids {
		if cat.Note(id) == nil && !l.wasDropped("note", id) {
			l.report(at.At(strconv.Itoa(j)), "unknown-note", Error, "no loaded file defines the note %q%s", id, l.nearest(cat, "note", id))
		}
	}
}

func (l *loader) stepRefs(cat *tilekit.Catalog, ids []string, at tilekit.Origin) {
	for j, id := range ids {
		if cat.Step(id) == nil && !l.wasDropped("step", id) {
			l.report(at.At(strconv.Itoa(j)), "unknown-step", Error, "no loaded file defines the step %q%s", id, l.nearest(cat, "step", id))
		}
	}
}

// checkNote checks a note's references.
func (l *loader) checkNote(cat *tilekit.Catalog, n *tilekit.Note) {
	l.checkSource(n.Source, n.Origin.At("source"))
	for j, id := range n.Expansions {
		l.expansionRef(cat, id, n.Origin.At("expansions", strconv.Itoa(j)))
	}
	for j, id := range n.Tables {
		if cat.Table(id) == nil && !l.wasDropped("table", id) {
			l.report(n.Origin.At("tables", strconv.Itoa(j)), "unknown-table", Error, "no loaded file defines the table %q%s", id, l.nearest(cat, "table", id))
		}
	}
	for j, id := range n.Subjects {
		if len(cat.SubjectsNamed(id)) == 0 && !l.wasDroppedSubject(id) {
			l.report(n.Origin.At("subjects", strconv.Itoa(j)), "unknown-subject", Error, "no loaded file defines a figure, location or action %q%s", id, l.nearest(cat, "subject", id))
		}
	}
	l.stepRefs(cat, n.Steps, n.Origin.At("steps"))
}

// checkCondition checks that a verdict has a condition when, and only
// when, it is conditional; at is the entry holding both keys.
func (l *loader) checkCondition(v tilekit.Verdict, condition string, at tilekit.Origin) {
	switch {
	case v == tilekit.Conditional && condition == "":
		l.report(at.At("verdict"), "condition-mismatch", Error, "a conditional verdict needs its condition")
	case v != tilekit.Conditional && condition != "":
		l.report(at.At("condition"), "condition-mismatch", Error, "only a conditional verdict has a condition; this one is %s", v)
	}
}

func (l *loader) checkStep(cat *tilekit.Catalog, s *tilekit.Step) {
	if s.Expansion != "" || s.Supersedes == "" { // a superseding step may keep the other's
		l.expansionRef(cat, s.Expansion, s.Origin.At("expansion"))
	}
	l.checkSource(s.Source, s.Origin.At("source"))
	l.stepRefs(cat, s.After, s.Origin.At("after"))
	l.stepRefs(cat, s.Before, s.Origin.At("before"))
	l.noteRefs(cat, s.Notes, s.Origin.At("notes"))
	l.checkMechanics(cat, s)
	l.checkDeployment(cat, s)
	if !rules.StepPlayed(s) && !strings.HasPrefix(s.Origin.File, BuiltinName+"/") {
		l.report(s.Origin.At("id"), "step-not-played", Warning,
			"the game engine does not play the step %s yet (it plays %s, and every step with a movement, a deployment or a crossing): play cannot play the scenarios of %s, the site marks its worked examples as not played, and site build --stats leaves it out",
			s.ID, strings.Join(rules.EngineSteps, ", "), s.Expansion)
	}
	x := cat.Expansion(tilekit.ParentExpansion(s.Expansion))
	for _, v := range s.Variants {
		l.checkSource(v.Source, v.Origin.At("source"))
		l.stepRefs(cat, v.After, v.Origin.At("after"))
		l.stepRefs(cat, v.Before, v.Origin.At("before"))
		for j, e := range v.Editions {
			if x != nil && !x.HasEdition(e) {
				l.report(v.Origin.At("editions", strconv.Itoa(j)), "edition-not-in-expansion", Error,
					"step %s has a variant for %s, but %s was not published in %s", s.ID, e, x.ID, e)
			}
		}
	}
}

// checkRows checks every row on its own, then the rows of each subject
// together: supersession, contrary verdicts and the rule of thumb.
func (l *loader) checkRows(cat *tilekit.Catalog, seen map[string]tilekit.Origin) {
	rows := l.data.Rows
	links := tilekit.LinkRows(rows)
	for i := range rows {
		l.checkRow(cat, seen, &rows[i], links.Supersedes[i].Fault)
	}
	l.checkRowSupersedes(rows, links)
	live := l.checkSupersession(rows, links)
	for i := range rows {
		// A row whose supersedes links nothing is reported for that; it
		// meant to take another's place, so it is not compared with it.
		live[i] = live[i] && links.Supersedes[i].Fault == tilekit.SupersedeOK
	}
	for i := range rows {
		l.checkException(cat, &rows[i])
	}
	l.checkVerdicts(rows, live)
}

// checkRow checks one row's own fields and references; fault is what its
// supersedes key links to.
func (l *loader) checkRow(cat *tilekit.Catalog, seen map[string]tilekit.Origin, r *tilekit.Row, fault tilekit.SupersedeFault) {
	idAt := r.Origin.At("subject")
	if r.ID != r.Subject {
		idAt = r.Origin.At("id")
	}
	// A row that supersedes its namesake of an earlier folder is no
	// duplicate, and one whose supersedes links nothing is reported for it.
	if r.Supersedes != r.ID && fault == tilekit.SupersedeOK {
		l.unique(seen, fmt.Sprintf("row %s of table %s", r.ID, r.Table), idAt)
	}
	l.checkSource(r.Source, r.Origin.At("source"))
	l.noteRefs(cat, r.Notes, r.Origin.At("notes"))
	l.checkCondition(r.Verdict, r.Condition, r.Origin)
	t := cat.Table(r.Table)
	if t == nil {
		if !l.wasDropped("table", r.Table) {
			l.report(r.Origin.At("table"), "unknown-table", Error, "no loaded file defines the table %q%s", r.Table, l.nearest(cat, "table", r.Table))
		}
		return
	}
	subjects := cat.TableSubject(t, r.Subject)
	if r.Kind != "" {
		subjects = slices.DeleteFunc(subjects, func(s tilekit.Subject) bool { return s.Kind.Entry() != r.Kind })
	}
	switch {
	case len(subjects) > 1:
		l.report(r.Origin.At("subject"), "ambiguous-subject", Error, "%s names both a %s and a %s, and table %s covers both; say which with kind = %q or %q",
			r.Subject, subjects[0].Kind.Entry(), subjects[1].Kind.Entry(), t.ID, subjects[0].Kind.Entry(), subjects[1].Kind.Entry())
	case len(subjects) == 1:
	case r.Kind != "" && len(cat.TableSubject(t, r.Subject)) > 0:
		l.report(r.Origin.At("kind"), "subject-not-covered", Error, "%s is no %s that table %s answers for", r.Subject, r.Kind, t.ID)
	case l.wasDroppedSubject(r.Subject):
	default:
		if kind := subjectKindOf(cat, r.Subject); kind != "" {
			l.report(r.Origin.At("subject"), "subject-not-covered", Error, "%s is a %s; table %s answers for %s", r.Subject, kind, t.ID, kindList(t.Subjects))
		} else {
			l.report(r.Origin.At("subject"), "unknown-subject", Error, "no loaded file defines a figure, location or action %q%s", r.Subject, l.nearest(cat, "subject", r.Subject))
		}
	}
}

// scopeCell is one edition under one publisher's rules; a row's editions
// and publishers cover a set of cells, and two rows overlap when their
// sets meet.
type scopeCell struct {
	edition   tilekit.Edition
	publisher tilekit.Publisher
}

// cells lists the cells a row's scope covers: all editions when it names
// none, all publishers when it names none.
func cells(r *tilekit.Row) []scopeCell {
	editions, publishers := r.Editions, r.Publishers
	if len(editions) == 0 {
		editions = tilekit.Editions
	}
	if len(publishers) == 0 {
		publishers = tilekit.Publishers
	}
	out := make([]scopeCell, 0, len(editions)*len(publishers))
	for _, e := range editions {
		for _, p := range publishers {
			out = append(out, scopeCell{e, p})
		}
	}
	return out
}

// checkVerdicts reports, once per table and subject, rows in force that
// give different verdicts where their scopes meet, naming the rows
// involved. It looks at each row's cells once, so it takes linear time
// however many rows a subject has.
func (l *loader) checkVerdicts(rows []tilekit.Row, live []bool) {
	type cell struct {
		rows  []int // rows in force that cover it, in order
		mixed bool  // they do not all give the same verdict
	}
	type subject struct {
		cells     map[scopeCell]*cell
		at, other int // the first row that contradicts an earlier one, and that one
	}
	groups := map[string]*subject{}
	var order []string
	for i := range rows {
		if !live[i] {
			continue
		}
		r := &rows[i]
		key := r.Table + "\x00" + r.Subject
		g := groups[key]
		if g == nil {
			g = &subject{cells: map[scopeCell]*cell{}, at: -1}
			groups[key] = g
			order = append(order, key)
		}
		for _, sc := range cells(r) {
			c := g.cells[sc]
			if c == nil {
				c = &cell{}
				g.cells[sc] = c
			}
			if len(c.rows) > 0 && rows[c.rows[0]].Verdict != r.Verdict {
				c.mixed = true
				if g.at < 0 {
					g.at, g.other = i, c.rows[0]
				}
			}
			c.rows = append(c.rows, i)
		}
	}
	for _, key := range order {
		g := groups[key]
		if g.at < 0 {
			continue
		}
		involved := map[int]bool{}
		for _, c := range g.cells {
			if c.mixed {
				for _, i := range c.rows {
					involved[i] = true
				}
			}
		}
		r, o := &rows[g.at], &rows[g.other]
		msg := fmt.Sprintf("table %s already answers %s for %s (row %s at %s); supersede one of them, or give them different editions or publishers",
			r.Table, o.Verdict, r.Subject, o.ID, l.locate(o.Origin.At("verdict")))
		var ids []int
		for i := range involved {
			if i != g.at && i != g.other {
				ids = append(ids, i)
			}
		}
		slices.Sort(ids) // in data order, for the same output every time
		var others []string
		for _, i := range ids {
			others = append(others, fmt.Sprintf("%s (%s)", rows[i].ID, rows[i].Verdict))
		}
		if len(others) > 0 {
			msg += fmt.Sprintf("; %d more rows disagree: %s", len(others), listSome(others, 5))
		}
		l.report(r.Origin.At("verdict"), "contrary-verdicts", Error, "%s", msg)
	}
}

// listSome joins at most n names, saying how many more there are.
func listSome(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// checkException keeps a row and its table's rule of thumb from silently
// disagreeing. A row whose table or subject did not load has nothing to
// compare with: it is reported by checkRow.
//
// A row is compared with the rule of thumb as the folders up to its own
// give it: a house rule of thumb of a later folder does not make the
// built-in rows exceptions.
func (l *loader) checkException(cat *tilekit.Catalog, r *tilekit.Row) {
	t := cat.Table(r.Table)
	if t == nil {
		return
	}
	t = t.AsOfFolder(r.Folder)
	subjects := cat.TableSubject(t, r.Subject)
	if len(subjects) != 1 {
		return
	}
	var p tilekit.Publisher // the wording of the rule the row is compared with
	if len(r.Publishers) > 0 {
		p = r.Publishers[0]
	}
	ruled, _, applies := t.Rule.AnswerFor(subjects[0], p)
	definite := r.Verdict == tilekit.Yes || r.Verdict == tilekit.No
	switch {
	case applies && definite && ruled != r.Verdict && !r.Exception:
		l.report(r.Origin.At("verdict"), "unmarked-exception", Error,
			"the rule of thumb of %s says %s for %s (%s), this row says %s: mark it exception = true, or correct the figure's attributes",
			t.ID, ruled, r.Subject, describeSubject(subjects[0]), r.Verdict)
	case r.Exception && !(applies && definite && ruled != r.Verdict):
		why := "table " + t.ID + " has no rule of thumb for it"
		if applies && definite {
			why = fmt.Sprintf("the rule of thumb of %s says %s too", t.ID, ruled)
		} else if applies {
			article := "a "
			if strings.HasPrefix(string(r.Verdict), "o") {
				article = "an "
			}
			why = article + string(r.Verdict) + " verdict is not a yes or no to differ from the rule"
		}
		l.report(r.Origin.At("exception"), "needless-exception", Error, "this row is marked as an exception, but %s", why)
	}
}

func describeSubject(s tilekit.Subject) string {
	desc := map[bool]string{true: "living", false: "not living"}[s.Living]
	if s.Kind == tilekit.LocationSubject || s.Kind == tilekit.ActionSubject {
		desc = string(s.Kind)
	}
	if s.Footprint != "" {
		desc += ", footprint " + string(s.Footprint)
	}
	return desc
}

func subjectKindOf(cat *tilekit.Catalog, id string) string {
	if subjects := cat.SubjectsNamed(id); len(subjects) > 0 {
		return string(subjects[0].Kind)
	}
	return ""
}

// kindList writes kinds of a vocabulary as "city, road".
func kindList[T ~string](kinds []T) string {
	var out []string
	for _, k := range kinds {
		out = append(out, string(k))
	}
	return strings.Join(out, ", ")
}

// checkOrderCycles checks the steps of all loaded expansions under every
// publisher's rules: a selection removes steps, and the order keeps
// constraints that pass through removed steps, so a cycle free whole means
// a cycle free selection. A selection also decides the variants that name
// expansions (With); the whole is checked with all of them in force and with
// none (the data has one such set; combinations of several are not tried).
func (l *loader) checkOrderCycles(steps []tilekit.Step) {
	var ids []string
	for _, s := range steps {
		ids = append(ids, s.ID)
	}
	reported := map[string]bool{}
	for _, opt := range ruleSets() {
		p := opt.Publisher
		cycle := rules.FindCycle(ids, rules.OrderGraph(steps, opt))
		if cycle == nil {
			continue
		}
		members := append([]string{}, cycle[:len(cycle)-1]...)
		sort.Strings(members)
		if reported[strings.Join(members, " ")] {
			continue
		}
		reported[strings.Join(members, " ")] = true
		whose := "the steps' own rules"
		switch {
		case p != "" && opt.Edition != "":
			whose = p.Name() + "'s rules for " + string(opt.Edition)
		case p != "":
			whose = p.Name() + "'s rules"
		case opt.Edition != "":
			whose = "the rules for " + string(opt.Edition)
		}
		l.report(cycleCloser(steps, members, opt), "order-cycle", Error, "under %s the steps form a cycle: %s", whose, strings.Join(cycle, " → "))
	}
}

// ruleSets returns every set of rules a turn can follow: the steps' own,
// each publisher's, each edition's and each publisher's in each edition,
// each with the variants that name expansions (With) in force and not.
func ruleSets() []rules.OrderOptions {
	var out []rules.OrderOptions
	for _, sel := range []rules.Selection{rules.SelectAll(), {}} {
		for _, p := range append([]tilekit.Publisher{""}, tilekit.Publishers...) {
			for _, e := range append([]tilekit.Edition{""}, tilekit.Editions...) {
				out = append(out, rules.OrderOptions{Publisher: p, Edition: e, Selection: sel})
			}
		}
	}
	return out
}

// cycleCloser returns where to report a cycle of the steps in force: at
// the constraint of the step of the folder loaded last (a user's step,
// when the cycle runs through the built-in data; the last written of that
// folder) that names another step of the cycle.
func cycleCloser(steps []tilekit.Step, members []string, opt rules.OrderOptions) tilekit.Origin {
	var last *tilekit.Step
	for i := range steps {
		if s := &steps[i]; slices.Contains(members, s.ID) && (last == nil || s.Folder >= last.Folder) {
			last = s
		}
	}
	find := func(ids []string, at tilekit.Origin) (tilekit.Origin, bool) {
		for j, id := range ids {
			if slices.Contains(members, id) {
				return at.At(strconv.Itoa(j)), true
			}
		}
		return at, false
	}
	for _, v := range last.Variants {
		if v.AppliesWith(opt.Publisher, opt.Edition, opt.Selection.Has) {
			if at, ok := find(v.After, v.Origin.At("after")); ok {
				return at
			}
			if at, ok := find(v.Before, v.Origin.At("before")); ok {
				return at
			}
		}
	}
	if at, ok := find(last.After, last.Origin.At("after")); ok {
		return at
	}
	if at, ok := find(last.Before, last.Origin.At("before")); ok {
		return at
	}
	return last.Origin.At("id")
}

// checkTranslatedDescription reports a table's translation of a
// description the table does not have in English: the schema allows the
// field on every table, since a table that supersedes another keeps the
// other's description, so only the catalog can tell.
func (l *loader) checkTranslatedDescription(cat *tilekit.Catalog, t *tilekit.Table) {
	english := t.Description
	if english == "" && t.Supersedes != "" {
		if merged := cat.Table(t.ID); merged != nil {
			english = merged.Description
		}
	}
	if english != "" {
		return
	}
	for _, lang := range slices.Sorted(maps.Keys(t.Translations)) {
		if t.Translations.Has(lang, "description") {
			l.report(t.Origin.At("translations", lang, "description"), "translation-no-english", Warning,
				"table %s translates its description into %s but has no description in English; write the English description, or take the translation out", t.ID, lang)
		}
	}
}
