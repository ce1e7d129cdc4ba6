package tilekit

import "slices"

// This file links the entries that supersede others: a row of an earlier
// source overturned by a row that names it (superseded_by on the old row,
// or supersedes on the new one), and a step of an earlier source replaced
// by a step of a later folder, such as a group's house rule. The validator
// reports the faults it finds; the catalog and the rules read the links.

// SupersedeFault says why a supersedes key links nothing.
type SupersedeFault uint8

// The faults of a supersedes key.
const (
	// SupersedeOK: the key names an entry of an earlier source, which it
	// supersedes.
	SupersedeOK SupersedeFault = iota
	// SupersedeUnknown: no earlier source has an entry with that id (for
	// a row, in its table).
	SupersedeUnknown
	// SupersedeSameFolder: the entry named is in the folder of the entry
	// that names it, where the older entry says superseded_by instead.
	SupersedeSameFolder
	// SupersedeTwice: the entry named is already superseded by another.
	SupersedeTwice
	// SupersedeMismatch: the entry named is not about the same thing: a
	// row of another subject, or a step of another id.
	SupersedeMismatch
)

// Supersession is what an entry's supersedes key links to.
type Supersession struct {
	// Target is the index of the entry superseded, or -1.
	Target int
	Fault  SupersedeFault
	// Other is the entry a fault is about: the entry of the same folder,
	// the entry already superseding the one named, or the entry of another
	// subject; -1 when there is none.
	Other int
}

// supersedeKey is what the links read of an entry.
type supersedeKey struct {
	group, id, supersedes string
	// subject and kind are a row's; a step has neither.
	subject string
	kind    EntryKind
	folder  int
	// keepsID says that the entry must have the id of the entry it
	// supersedes, as a step does.
	keepsID bool
}

// RowLinks are the links between rows: who supersedes whom.
type RowLinks struct {
	// Next holds, for each row, the index of the row that supersedes it,
	// or -1 when it is in force.
	Next []int
	// Supersedes holds, for each row, what its Supersedes key links to;
	// Target is -1 for a row without the key.
	Supersedes []Supersession
	// UnknownSuccessor marks the rows whose SupersededBy names no row of
	// their table.
	UnknownSuccessor []bool
}

// LinkRows links the rows that supersede each other. A row's SupersededBy
// names a row of its table by id: the first of its own folder with that id,
// else the last of an earlier folder, else the first of any. A row's
// Supersedes names the last row of its table with that id in an earlier
// folder; it links nothing (with the fault) when no earlier folder has
// one, when the row named is of another subject, or when another row
// supersedes it already (the first link wins).
func LinkRows(rows []Row) RowLinks {
	keys := make([]supersedeKey, len(rows))
	for i := range rows {
		r := &rows[i]
		keys[i] = supersedeKey{group: r.Table, id: r.ID, supersedes: r.Supersedes, subject: r.Subject, kind: r.Kind, folder: r.Folder}
	}
	byID := indexKeys(keys)
	links := RowLinks{Next: make([]int, len(rows)), UnknownSuccessor: make([]bool, len(rows))}
	for i := range rows {
		links.Next[i] = -1
		if rows[i].SupersededBy != "" {
			links.Next[i] = successorOf(keys, byID[rows[i].Table+"\x00"+rows[i].SupersededBy], i)
			links.UnknownSuccessor[i] = links.Next[i] < 0
		}
	}
	links.Supersedes = resolveSupersedes(keys, byID, links.Next)
	return links
}

// sameSubject reports whether two entries are about the same subject:
// the same id, and the same entry kind where both give one.
func sameSubject(a, b supersedeKey) bool {
	return a.subject == b.subject && (a.kind == "" || b.kind == "" || a.kind == b.kind)
}

// indexKeys lists, by group and id, the entries with that id in data order.
func indexKeys(keys []supersedeKey) map[string][]int {
	byID := map[string][]int{}
	for i, k := range keys {
		byID[k.group+"\x00"+k.id] = append(byID[k.group+"\x00"+k.id], i)
	}
	return byID
}

// successorOf picks the row a SupersededBy of row i names among the
// candidates with that id: the first of its folder, else the last of an
// earlier folder, else the first; -1 when there is none.
func successorOf(keys []supersedeKey, candidates []int, i int) int {
	earlier := -1
	for _, c := range candidates {
		switch {
		case keys[c].folder == keys[i].folder:
			return c
		case keys[c].folder < keys[i].folder:
			earlier = c
		}
	}
	if earlier < 0 && len(candidates) > 0 {
		return candidates[0]
	}
	return earlier
}

// resolveSupersedes resolves every supersedes key, in data order, and adds
// each link to next (the first link to an entry wins).
func resolveSupersedes(keys []supersedeKey, byID map[string][]int, next []int) []Supersession {
	out := make([]Supersession, len(keys))
	for i, k := range keys {
		out[i] = Supersession{Target: -1, Other: -1}
		if k.supersedes == "" {
			continue
		}
		target, same := -1, -1
		for _, c := range byID[k.group+"\x00"+k.supersedes] {
			switch {
			case keys[c].folder < k.folder:
				target = c
			case c != i && keys[c].folder == k.folder && same < 0:
				same = c
			}
		}
		switch {
		case target < 0 && same >= 0:
			out[i].Fault, out[i].Other = SupersedeSameFolder, same
		case target < 0:
			out[i].Fault = SupersedeUnknown
		case k.keepsID && k.supersedes != k.id, !sameSubject(keys[target], k):
			out[i].Fault, out[i].Other = SupersedeMismatch, target
		case next[target] >= 0 && next[target] != i:
			out[i].Fault, out[i].Other = SupersedeTwice, next[target]
		default:
			out[i].Target = target
			next[target] = i
		}
	}
	return out
}

// LinkSteps resolves the Supersedes keys of steps: a step of a later
// folder that supersedes a step keeps its id, so each names the last step
// with its own id in an earlier folder. A step with another id than the
// one it names is a mismatch, and two steps of one folder that supersede
// the same step supersede it twice (the first wins).
func LinkSteps(steps []Step) []Supersession {
	return linkByID(len(steps), func(i int) (string, string, int) { return steps[i].ID, steps[i].Supersedes, steps[i].Folder })
}

// LinkTables resolves the Supersedes keys of tables as LinkSteps does those
// of steps: a superseding table keeps its id.
func LinkTables(tables []Table) []Supersession {
	return linkByID(len(tables), func(i int) (string, string, int) { return tables[i].ID, tables[i].Supersedes, tables[i].Folder })
}

// linkByID resolves the Supersedes keys of n entries that keep the id of
// the entry they supersede, read by key.
func linkByID(n int, key func(i int) (id, supersedes string, folder int)) []Supersession {
	keys := make([]supersedeKey, n)
	next := make([]int, n)
	for i := range keys {
		id, sup, folder := key(i)
		keys[i] = supersedeKey{id: id, supersedes: sup, folder: folder, keepsID: true}
		next[i] = -1
	}
	return resolveSupersedes(keys, indexKeys(keys), next)
}

// overlay puts, in data order, each entry that supersedes another in the
// place of the entry it supersedes, merged onto it by merge, and leaves out
// an entry whose Supersedes links nothing; supersedes reads an entry's key.
func overlay[T any](xs []T, links []Supersession, supersedes func(*T) string, merge func(mine *T, old T) T) []T {
	slot := make([]int, len(xs)) // where each entry's final form is kept
	var out []T
	for i := range xs {
		x := &xs[i]
		switch t := links[i].Target; {
		case supersedes(x) == "":
			slot[i] = len(out)
			out = append(out, *x)
		case t >= 0 && t < i && slot[t] >= 0: // folders come in data order
			slot[i] = slot[t]
			out[slot[i]] = merge(x, out[slot[i]])
		default:
			slot[i] = -1
		}
	}
	return out
}

// orOld sets a list a superseding entry left out (nil) to the old entry's.
func orOld[S ~[]E, E any](mine *S, old S) {
	if *mine == nil {
		*mine = old
	}
}

// orOldPointer sets a part a superseding entry left out (nil) to the old
// entry's.
func orOldPointer[T any](mine **T, old *T) {
	if *mine == nil {
		*mine = old
	}
}

// overlayTranslations returns the translations of an entry that
// supersedes another: its own, and those of the other's for the fields
// whose English it keeps (a field it gives in English, by mine, makes the
// other's translations of that field out of date).
func overlayTranslations(mine, theirs Translations, english map[string]string) Translations {
	if len(mine) == 0 && len(theirs) == 0 {
		return nil
	}
	out := Translations{}
	for lang, fields := range theirs {
		for field, text := range fields {
			if english[field] != "" {
				continue
			}
			if out[lang] == nil {
				out[lang] = map[string]string{}
			}
			out[lang][field] = text
		}
	}
	for lang, fields := range mine {
		for field, text := range fields {
			if out[lang] == nil {
				out[lang] = map[string]string{}
			}
			out[lang][field] = text
		}
	}
	return out
}

// pick returns mine, or theirs when mine is empty.
func pick(mine, theirs string) string {
	if mine == "" {
		return theirs
	}
	return mine
}

// overlay returns the table t as a table that supersedes old makes it:
// what t gives (name, question, expansion, subjects, rule of thumb,
// description) replaces old's, the rest is old's, and Replaces is old.
func (t *Table) overlay(old Table) Table {
	out := *t
	out.Name, out.Question, out.Expansion, out.Description = pick(t.Name, old.Name), pick(t.Question, old.Question), pick(t.Expansion, old.Expansion), pick(t.Description, old.Description)
	out.Translations = overlayTranslations(t.Translations, old.Translations, map[string]string{"name": t.Name, "question": t.Question, "description": t.Description})
	orOld(&out.Subjects, old.Subjects)
	orOldPointer(&out.Rule, old.Rule)
	out.Replaces = &old
	return out
}

// PhaseNotGiven is the Phase of a step that supersedes another and gives
// no phase of its own: it keeps the phase of the step it supersedes.
const PhaseNotGiven = -1

// overlay returns the step s as a step that supersedes old makes it: each
// part the superseding step gives replaces old's, the rest is old's, and
// Replaces is old.
func (s *Step) overlay(old Step) Step {
	out := *s
	out.Name, out.Expansion, out.Explanation = pick(s.Name, old.Name), pick(s.Expansion, old.Expansion), pick(s.Explanation, old.Explanation)
	out.Translations = overlayTranslations(s.Translations, old.Translations, map[string]string{"name": s.Name, "explanation": s.Explanation})
	if s.Phase == PhaseNotGiven {
		out.Phase = old.Phase
	}
	orOld(&out.After, old.After)
	orOld(&out.Before, old.Before)
	orOld(&out.Notes, old.Notes)
	if s.Variants != nil {
		out.Variants = slices.Clone(s.Variants)
		for i := range out.Variants {
			if v := &out.Variants[i]; v.After == nil && v.Before == nil { // it keeps the step's place
				v.After, v.Before = out.After, out.Before
			}
		}
	}
	orOld(&out.Variants, old.Variants)
	m, o := &out.Mechanics, &old.Mechanics
	orOldPointer(&m.Trigger, o.Trigger)
	orOldPointer(&m.Movement, o.Movement)
	orOldPointer(&m.Crossing, o.Crossing)
	orOldPointer(&m.Choice, o.Choice)
	orOldPointer(&m.Deployment, o.Deployment)
	orOldPointer(&m.Dismissal, o.Dismissal)
	orOldPointer(&m.CornerFigure, o.CornerFigure)
	orOldPointer(&m.Relocation, o.Relocation)
	orOldPointer(&m.SymbolFeature, o.SymbolFeature)
	orOldPointer(&m.Recall, o.Recall)
	orOldPointer(&m.HeldTile, o.HeldTile)
	orOld(&m.Removals, o.Removals)
	m.Scoring = overlayByID(m.Scoring, o.Scoring, func(r *ScoreRule) string { return r.ID })
	m.Bonuses = overlayByID(m.Bonuses, o.Bonuses, func(b *Bonus) string { return b.ID })
	out.Replaces = &old
	return out
}

// overlaySteps returns the steps in force: each step that supersedes
// another takes its place in the order they were written, with the parts
// it does not give taken from it (Replaces keeps the step it replaced);
// a step whose Supersedes links nothing is left out.
func overlaySteps(steps []Step) []Step {
	return overlay(steps, LinkSteps(steps), func(s *Step) string { return s.Supersedes }, (*Step).overlay)
}

// overlayTables returns the tables in force, as overlaySteps does the
// steps.
func overlayTables(tables []Table) []Table {
	return overlay(tables, LinkTables(tables), func(t *Table) string { return t.Supersedes }, (*Table).overlay)
}

// overlayByID returns the old entries with each new one of the same id in
// its place, followed by the new ones of ids the old lack: a superseding
// step that gives one scoring rule changes that rule and keeps the others.
func overlayByID[T any](news, olds []T, id func(*T) string) []T {
	if news == nil {
		return olds
	}
	out := slices.Clone(olds)
	for i := range news {
		j := slices.IndexFunc(out, func(o T) bool { return id(&o) == id(&news[i]) })
		if j < 0 {
			out = append(out, news[i])
			continue
		}
		out[j] = news[i]
	}
	return out
}
