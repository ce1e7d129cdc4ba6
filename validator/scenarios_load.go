package validator

import (
	"io/fs"

	"github.com/tilekit/tilekit"
)

// ScenarioFile is a scenario file read on its own, outside a data folder,
// such as a file given to `tilekit play`.
type ScenarioFile struct {
	// Name is how the file is named in diagnostics and in the Origins of
	// its scenarios: a path relative to the working directory.
	Name string
	// FS and Path say where the file is read: Path is slash-separated,
	// inside FS.
	FS   fs.FS
	Path string
}

// scenariosSchema is the schema of the files below scenarios/.
const scenariosSchema = "scenarios.schema.json"

// ValidateScenarios loads the sources as Validate does, then the scenario
// files, each checked against the scenarios schema, and checks everything
// loaded. The result's catalog holds the scenarios of the files alone:
// those of the sources are left out, so that a file of the built-in
// scenarios given by its path is not a duplicate of itself, and so that
// the scenarios to run are those of the files. A file is checked against
// the sub-folder of scenarios/ it is in only when its name has one.
func ValidateScenarios(files []ScenarioFile, sources ...Folder) (*Result, error) {
	l := &loader{files: map[string]*sourceFile{}}
	rest, snapshot := sources, len(sources) > 0 && l.loadSnapshot(sources[0])
	if snapshot {
		rest = sources[1:]
	}
	for _, src := range rest {
		if err := l.loadSource(src); err != nil {
			return nil, err
		}
	}
	l.data.Scenarios = nil
	var read []dataFile
	for _, f := range files {
		if data, ok := l.reader.readFile(f.FS, f.Path, f.Name); ok {
			read = append(read, dataFile{name: f.Name, folder: "scenarios", schema: scenariosSchema, data: data, alone: true})
		}
	}
	for _, d := range l.reader.diags {
		l.sink.add(d)
	}
	l.reader.diags = nil
	l.loadFiles(read)
	cat := tilekit.NewCatalog(l.data)
	if !snapshot || len(rest) > 0 {
		l.check(cat)
	} else { // the snapshot alone was proven clean: only the files are new
		l.checkScenarios(cat)
	}
	l.resolvePositions()
	return &Result{Catalog: cat, Diagnostics: l.sink.result(), Files: len(l.files), files: l.files}, nil
}

// Locate returns the line and column, from 1, where a value loaded into
// the result's catalog was written: its Origin's file and data path. It
// returns 0, 0 for a file the run did not read.
func (r *Result) Locate(at tilekit.Origin) (line, column int) {
	f := r.files[at.File]
	if f == nil {
		return 0, 0
	}
	p := f.lookup(at.Path)
	return p.Line, p.Column
}

// wrongFolder reports the entries of another sub-folder in a file: where
// they go, or, in a scenario file given on its own, that they are not
// scenarios.
func wrongFolder(at tilekit.Origin, key, folder string, f *dataFile) Diagnostic {
	if f.alone {
		return newDiagnostic(at, "wrong-folder", Error,
			"[[%s]] entries are data, not scenarios: a scenario file holds [[scenario]] entries; load the data folder this file belongs to with --data", key)
	}
	return newDiagnostic(at, "wrong-folder", Error, "[[%s]] entries go in a file below %s/, not %s/: move them there", key, folder, f.folder)
}
