package validator

import (
	"fmt"
	"path"
	"strings"

	"github.com/tilekit/tilekit"
)

// FolderSummary is what one user's data folder gave: the expansions it
// defines, how many entries of each kind loaded from it, and the problems
// located in its files.
type FolderSummary struct {
	// Name is the folder as its files are named in diagnostics.
	Name string
	// Expansions lists the ids of the expansions the folder defines, in the
	// order its files define them.
	Expansions []string
	// Counts holds, for each kind of entry, how many loaded.
	Tiles, Figures, Locations, Actions, Tables, Rows, Notes, Steps, Scenarios, Texts int
	// Errors and Warnings count the diagnostics listed in its files.
	Errors, Warnings int
}

// String renders the summary as "river-witches: 6 tiles, 1 figure, 2
// scenarios: ok". The folder's expansions follow its name in brackets
// unless it defines one expansion of its own name.
func (s FolderSummary) String() string {
	name := s.Name
	switch {
	case len(s.Expansions) == 0:
		name += " (no expansion)"
	case len(s.Expansions) > 1 || s.Expansions[0] != path.Base(s.Name):
		name += " (" + strings.Join(s.Expansions, ", ") + ")"
	}
	var parts []string
	for _, c := range []struct {
		n    int
		word string
	}{
		{s.Tiles, "tile"}, {s.Figures, "figure"}, {s.Locations, "location"}, {s.Actions, "action"},
		{s.Tables, "table"}, {s.Rows, "row"}, {s.Notes, "note"}, {s.Steps, "step"},
		{s.Scenarios, "scenario"}, {s.Texts, "rules text"},
	} {
		if c.n > 0 {
			parts = append(parts, plural(c.n, c.word))
		}
	}
	loaded := strings.Join(parts, ", ")
	if loaded == "" {
		loaded = "nothing loaded"
	}
	status := "ok"
	if s.Errors > 0 || s.Warnings > 0 {
		status = plural(s.Errors, "error") + ", " + plural(s.Warnings, "warning")
	}
	return fmt.Sprintf("%s: %s: %s", name, loaded, status)
}

// dataMark is how much data the loader held when a user's folder began
// to load, so that what the folder adds can be counted after.
type dataMark struct {
	expansions int
	counts     FolderSummary
}

// entryCounts counts the entries of each kind in d.
func entryCounts(d *tilekit.Data) FolderSummary {
	return FolderSummary{Tiles: len(d.Tiles), Figures: len(d.Figures), Locations: len(d.Locations),
		Actions: len(d.Actions), Tables: len(d.Tables), Rows: len(d.Rows), Notes: len(d.Notes), Steps: len(d.Steps),
		Scenarios: len(d.Scenarios), Texts: len(d.Texts)}
}

func (l *loader) mark() dataMark {
	return dataMark{expansions: len(l.data.Expansions), counts: entryCounts(&l.data)}
}

// folderLoaded records what the user's folder name added since m.
func (l *loader) folderLoaded(name string, m dataMark) {
	s, b := entryCounts(&l.data), m.counts
	s.Name = name
	for _, x := range l.data.Expansions[m.expansions:] {
		s.Expansions = append(s.Expansions, x.ID)
	}
	s.Tiles, s.Figures, s.Locations, s.Actions = s.Tiles-b.Tiles, s.Figures-b.Figures, s.Locations-b.Locations, s.Actions-b.Actions
	s.Tables, s.Rows, s.Notes, s.Steps = s.Tables-b.Tables, s.Rows-b.Rows, s.Notes-b.Notes, s.Steps-b.Steps
	s.Scenarios, s.Texts = s.Scenarios-b.Scenarios, s.Texts-b.Texts
	l.folders = append(l.folders, s)
}

// folderSummaries counts each user folder's diagnostics and returns the
// summaries. A diagnostic belongs to the folder whose name is the longest
// that its file starts with; a folder named "." (or "") has the files of no
// other folder and of no built-in one.
func (l *loader) folderSummaries(ds Diagnostics) []FolderSummary {
	for _, d := range ds {
		best, n := -1, -1
		for i, f := range l.folders {
			switch {
			case f.Name == "" || f.Name == ".":
				if n < 0 && !builtinFile(d.File) {
					best, n = i, 0
				}
			case (d.File == f.Name || strings.HasPrefix(d.File, f.Name+"/")) && len(f.Name) > n:
				best, n = i, len(f.Name)
			}
		}
		switch {
		case best < 0:
		case d.Severity == Error:
			l.folders[best].Errors++
		default:
			l.folders[best].Warnings++
		}
	}
	return l.folders
}
