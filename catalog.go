package tilekit

import (
	"slices"
	"sort"
)

// ExpansionKind classifies an expansion.
type ExpansionKind string

// The expansion kinds.
const (
	Major ExpansionKind = "major"
	Minor ExpansionKind = "minor"
	Other ExpansionKind = "other"
	Fan   ExpansionKind = "fan"
)

// Expansion is the base game or an expansion to it.
type Expansion struct {
	// ID is the stable id, such as "princess-dragon".
	ID string
	// Name is the display name.
	Name string
	// Kind classifies the expansion.
	Kind ExpansionKind
	// Label is the short label players use, such as "Exp. 3".
	Label string
	// Editions lists the editions in which the expansion was published. A
	// fan expansion may name none: it is then played with every edition.
	Editions []Edition
	// Parts lists the parts that can be chosen one by one.
	Parts []Part
	// Published is when the expansion was first published, as YYYY-MM, or
	// YYYY where only the year is known; empty when unknown. Before it, its
	// subjects did not exist.
	Published string
	// Translations are its name in other languages (see
	// Translations.Text).
	Translations Translations
	// Origin says where the expansion was defined.
	Origin Origin
}

// HasEdition reports whether the expansion was published in edition e, or
// is played with it: an expansion that names no edition (a fan expansion
// made for none in particular) is played with every edition.
func (x *Expansion) HasEdition(e Edition) bool {
	return len(x.Editions) == 0 || slices.Contains(x.Editions, e)
}

// Data is everything the data files define, in the order it was loaded.
type Data struct {
	Expansions []Expansion
	// Boxes are the boxed sets that hold several expansions ([[box]]).
	Boxes   []Box
	Tiles   []Tile
	Figures []Figure
	// Symbols are the tile symbols expansions declare ([[symbol]]),
	// beside the built-in ones of SymbolDocs.
	Symbols   []SymbolDef
	Locations []Location
	Actions   []Action
	Tables    []Table
	Rows      []Row
	Notes     []Note
	Steps     []Step
	Scenarios []Scenario
	Texts     []Text
}

// Catalog is all loaded data, the built-in data and any user folders on
// top, with lookups by id. Expansions, boxes, tiles, figures, locations, actions,
// tables and scenarios are sorted by id, and texts by expansion and then
// language; rows, notes and steps keep the order they were written in,
// which the order of play uses to break ties.
type Catalog struct {
	Data

	expansionByID map[string]int
	boxByID       map[string]int
	partByID      map[string]*Part
	tileByID      map[string]int
	figureByID    map[string]int
	symbolByID    map[string]int
	locationByID  map[string]int
	actionByID    map[string]int
	tableByID     map[string]int
	noteByID      map[string]int
	stepByID      map[string]int
	scenarioByID  map[string]int
	textByKey     map[textKey]int
	subjects      []Subject
	subjectsByID  map[string][]int // indexes into subjects
	rowLinks      RowLinks
	// written and writtenTables hold the steps and tables as the data
	// wrote them, before those that supersede others took their places.
	written       []Step
	writtenTables []Table
}

// NewCatalog sorts and indexes the data. When two values share an id, the
// first one given wins the lookup (the validator reports the duplicate).
// A step or table that supersedes one of an earlier folder takes its place
// (see Step.Supersedes and Table.Supersedes), and rows are linked to the rows that supersede them
// (see LinkRows).
func NewCatalog(d Data) *Catalog {
	c := &Catalog{Data: d}
	// Tables are sorted before superseding tables take their places: a
	// stable sort keeps those of one id in the order of their folders.
	sortByID(d.Tables, func(x Table) string { return x.ID })
	c.written, c.writtenTables = d.Steps, d.Tables
	c.Steps, c.Tables = overlaySteps(d.Steps), overlayTables(d.Tables)
	c.rowLinks = LinkRows(c.Rows)
	sortByID(c.Expansions, func(x Expansion) string { return x.ID })
	sortByID(c.Boxes, func(x Box) string { return x.ID })
	sortByID(c.Tiles, func(x Tile) string { return x.ID })
	sortByID(c.Figures, func(x Figure) string { return x.ID })
	sortByID(c.Symbols, func(x SymbolDef) string { return string(x.ID) })
	sortByID(c.Locations, func(x Location) string { return x.ID })
	sortByID(c.Actions, func(x Action) string { return x.ID })
	sortByID(c.Tables, func(x Table) string { return x.ID })
	sortByID(c.Scenarios, func(x Scenario) string { return x.ID })
	sortByID(c.Texts, func(x Text) string { return x.Expansion + "\x00" + x.Lang })
	c.expansionByID = indexByID(c.Expansions, func(x Expansion) string { return x.ID })
	c.boxByID = indexByID(c.Boxes, func(x Box) string { return x.ID })
	c.tileByID = indexByID(c.Tiles, func(x Tile) string { return x.ID })
	c.figureByID = indexByID(c.Figures, func(x Figure) string { return x.ID })
	c.symbolByID = indexByID(c.Symbols, func(x SymbolDef) string { return string(x.ID) })
	c.locationByID = indexByID(c.Locations, func(x Location) string { return x.ID })
	c.actionByID = indexByID(c.Actions, func(x Action) string { return x.ID })
	c.tableByID = indexByID(c.Tables, func(x Table) string { return x.ID })
	c.noteByID = indexByID(c.Notes, func(x Note) string { return x.ID })
	c.stepByID = indexByID(c.Steps, func(x Step) string { return x.ID })
	c.scenarioByID = indexByID(c.Scenarios, func(x Scenario) string { return x.ID })
	c.textByKey = map[textKey]int{}
	for i, t := range c.Texts {
		if _, dup := c.textByKey[textKey{t.Expansion, t.Lang}]; !dup {
			c.textByKey[textKey{t.Expansion, t.Lang}] = i
		}
	}
	c.subjects = c.collectSubjects()
	c.subjectsByID = map[string][]int{}
	for i, s := range c.subjects {
		c.subjectsByID[s.ID] = append(c.subjectsByID[s.ID], i)
	}
	c.partByID = map[string]*Part{}
	for i := range c.Expansions {
		for j := range c.Expansions[i].Parts {
			p := &c.Expansions[i].Parts[j]
			if _, dup := c.partByID[p.ID]; !dup {
				c.partByID[p.ID] = p
			}
		}
	}
	return c
}

// RowSuccessor returns the index in Rows of the row that supersedes row i
// (by its superseded_by, or by the other row's supersedes), or -1 when
// none does.
func (c *Catalog) RowSuccessor(i int) int { return c.rowLinks.Next[i] }

// Written returns the data as it was given to NewCatalog, with the steps
// and tables as their folders wrote them, before those that supersede
// others took their places (the Data of c holds those in force):
// NewCatalog(c.Written()) gives the same catalog as c.
func (c *Catalog) Written() Data {
	d := c.Data
	d.Steps, d.Tables = slices.Clone(c.written), slices.Clone(c.writtenTables)
	return d
}

// RowSupersedes returns the index in Rows of the row that row i
// supersedes by its Supersedes key, or -1.
func (c *Catalog) RowSupersedes(i int) int { return c.rowLinks.Supersedes[i].Target }

// UpToFolder returns the catalog of the rules as the data folders up to
// folder f (in loading order, 0 the built-in data) give them: without the
// rows, steps and tables of later folders, so that a step or table one of
// them superseded is back as it was written. It returns c itself when no
// later folder gave a row, step or table.
func (c *Catalog) UpToFolder(f int) *Catalog {
	later := func(folder int) bool { return folder > f }
	if !slices.ContainsFunc(c.Rows, func(r Row) bool { return later(r.Folder) }) &&
		!slices.ContainsFunc(c.written, func(s Step) bool { return later(s.Folder) }) &&
		!slices.ContainsFunc(c.writtenTables, func(t Table) bool { return later(t.Folder) }) {
		return c
	}
	d := c.Data
	d.Rows = slices.DeleteFunc(slices.Clone(c.Rows), func(r Row) bool { return later(r.Folder) })
	d.Steps = slices.DeleteFunc(slices.Clone(c.written), func(s Step) bool { return later(s.Folder) })
	d.Tables = slices.DeleteFunc(slices.Clone(c.writtenTables), func(t Table) bool { return later(t.Folder) })
	return NewCatalog(d)
}

func sortByID[T any](xs []T, id func(T) string) {
	sort.SliceStable(xs, func(i, j int) bool { return id(xs[i]) < id(xs[j]) })
}

func indexByID[T any](xs []T, id func(T) string) map[string]int {
	m := make(map[string]int, len(xs))
	for i, x := range xs {
		if _, dup := m[id(x)]; !dup {
			m[id(x)] = i
		}
	}
	return m
}

func lookup[T any](xs []T, index map[string]int, id string) *T {
	if i, ok := index[id]; ok {
		return &xs[i]
	}
	return nil
}

// Figure returns the figure with the id, or nil.
func (c *Catalog) Figure(id string) *Figure { return lookup(c.Figures, c.figureByID, id) }

// DeclaredSymbol returns the symbol an expansion declares with the id, or
// nil (also for a built-in symbol, which no expansion declares).
func (c *Catalog) DeclaredSymbol(id Symbol) *SymbolDef {
	return lookup(c.Symbols, c.symbolByID, string(id))
}

// KnownSymbol reports whether a tile may show the symbol: a built-in one
// or one an expansion declares.
func (c *Catalog) KnownSymbol(s Symbol) bool { return s.Known() || c.DeclaredSymbol(s) != nil }

// Location returns the location with the id, or nil.
func (c *Catalog) Location(id string) *Location { return lookup(c.Locations, c.locationByID, id) }

// Action returns the action with the id, or nil.
func (c *Catalog) Action(id string) *Action { return lookup(c.Actions, c.actionByID, id) }

// SubjectTranslations returns the translations of the figure, location or
// action a subject stands for: its name in other languages; nil when it
// has none.
func (c *Catalog) SubjectTranslations(s Subject) Translations {
	switch s.Kind.Entry() {
	case LocationEntry:
		if l := c.Location(s.ID); l != nil {
			return l.Translations
		}
	case ActionEntry:
		if a := c.Action(s.ID); a != nil {
			return a.Translations
		}
	default:
		if f := c.Figure(s.ID); f != nil {
			return f.Translations
		}
	}
	return nil
}

// Table returns the table with the id, or nil.
func (c *Catalog) Table(id string) *Table { return lookup(c.Tables, c.tableByID, id) }

// Note returns the note with the id, or nil.
func (c *Catalog) Note(id string) *Note { return lookup(c.Notes, c.noteByID, id) }

// Step returns the step with the id, or nil.
func (c *Catalog) Step(id string) *Step { return lookup(c.Steps, c.stepByID, id) }

// Scenario returns the scenario with the id, or nil.
func (c *Catalog) Scenario(id string) *Scenario {
	return lookup(c.Scenarios, c.scenarioByID, id)
}

// textKey identifies a rules text: an expansion or part and a language.
type textKey struct{ expansion, lang string }

// Text returns the rules text of the expansion or part (such as
// "princess-dragon/fairy") in the language (such as "en"), or nil when
// there is none. When two texts share both, the first one loaded wins (the
// validator reports the other).
func (c *Catalog) Text(expansion, lang string) *Text {
	if i, ok := c.textByKey[textKey{expansion, lang}]; ok {
		return &c.Texts[i]
	}
	return nil
}

// Part returns the expansion part with the id, or nil.
func (c *Catalog) Part(id string) *Part { return c.partByID[id] }

// HasExpansionOrPart reports whether id names a loaded expansion or part.
func (c *Catalog) HasExpansionOrPart(id string) bool {
	return c.Expansion(id) != nil || c.Part(id) != nil
}

// Subjects returns every figure, location and action as a table subject,
// in the order of SubjectKinds and then by id.
func (c *Catalog) Subjects() []Subject { return c.subjects }

// collectSubjects lists each figure, location and action once: a second
// definition of an id (reported by the validator as a duplicate) takes no
// part in the answers, so that it cannot make rows ambiguous.
func (c *Catalog) collectSubjects() []Subject {
	var out []Subject
	for _, kind := range SubjectKinds {
		for i, f := range c.Figures {
			if i != c.figureByID[f.ID] {
				continue
			}
			if SubjectKind(f.Category) == kind {
				out = append(out, Subject{Kind: kind, ID: f.ID, Name: f.Name, Expansion: f.Expansion, Living: f.Living, Footprint: f.Footprint, Owner: f.Owner})
			}
		}
		switch kind {
		case LocationSubject:
			for i, l := range c.Locations {
				if i == c.locationByID[l.ID] {
					out = append(out, Subject{Kind: kind, ID: l.ID, Name: l.Name, Expansion: l.Expansion, Footprint: l.Footprint})
				}
			}
		case ActionSubject:
			for i, a := range c.Actions {
				if i == c.actionByID[a.ID] {
					out = append(out, Subject{Kind: kind, ID: a.ID, Name: a.Name, Expansion: a.Expansion})
				}
			}
		}
	}
	return out
}

// TableSubject finds the subject a row of a table names: a figure,
// location or action of a kind the table covers. It returns every match, so
// that a caller can tell a missing subject from an ambiguous one.
func (c *Catalog) TableSubject(t *Table, id string) []Subject {
	var out []Subject
	for _, s := range c.SubjectsNamed(id) {
		if t.Covers(s.Kind) {
			out = append(out, s)
		}
	}
	return out
}

// SubjectsNamed returns the subjects with the id, of any kind, in the order
// of Subjects.
func (c *Catalog) SubjectsNamed(id string) []Subject {
	var out []Subject
	for _, i := range c.subjectsByID[id] {
		out = append(out, c.subjects[i])
	}
	return out
}

// Expansion returns the expansion with the id, or nil.
func (c *Catalog) Expansion(id string) *Expansion {
	return lookup(c.Expansions, c.expansionByID, id)
}

// Box returns the boxed set with the id, or nil.
func (c *Catalog) Box(id string) *Box { return lookup(c.Boxes, c.boxByID, id) }

// Tile returns the tile with the id, or nil.
func (c *Catalog) Tile(id string) *Tile { return lookup(c.Tiles, c.tileByID, id) }

// TilesOf returns the tiles of one expansion, in catalog order.
func (c *Catalog) TilesOf(expansion string) []*Tile {
	var out []*Tile
	for i := range c.Tiles {
		if c.Tiles[i].Expansion() == expansion {
			out = append(out, &c.Tiles[i])
		}
	}
	return out
}
