package validator

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/internal/tomlscan"
)

// Folder is one data folder: the built-in data or a user's folder. It has the
// layout of the built-in data: TOML files below tiles/, expansions/ and
// interactions/.
type Folder struct {
	// Name is how the folder's files are named in diagnostics: a path
	// relative to the working directory, or BuiltinName.
	Name string
	// FS holds the folder's files.
	FS fs.FS
}

// BuiltinName names the built-in data in diagnostics.
const BuiltinName = "<builtin>"

// Subfolders lists the sub-folders of a data folder, in loading order, with the
// schema that every TOML file below each of them must satisfy.
var Subfolders = []struct{ Name, Schema string }{
	{"expansions", "expansions.schema.json"},
	{"tiles", "tiles.schema.json"},
	{"interactions", "interactions.schema.json"},
	{"scenarios", "scenarios.schema.json"},
}

// Result is what validation found: the loaded catalog and the problems.
type Result struct {
	// Catalog holds every value that could be loaded, even when there are
	// problems elsewhere.
	Catalog *tilekit.Catalog
	// Diagnostics lists the problems, sorted.
	Diagnostics Diagnostics
	// Files counts the data files read.
	Files int
	// Folders sums up each user's folder, in the order they were given.
	Folders []FolderSummary
	// files are the data files read, by name, for Locate.
	files map[string]*sourceFile
}

// BuiltinFolder returns the built-in data as a folder.
func BuiltinFolder() Folder { return Folder{Name: BuiltinName, FS: tilekit.Builtin()} }

// Validate loads the sources in order, checks every file against its schema
// and the whole against the consistency checks, and returns what it found.
// It returns an error only when a source cannot be read at all; problems in
// the data are diagnostics.
func Validate(sources ...Folder) (*Result, error) {
	l := &loader{files: map[string]*sourceFile{}}
	// The built-in data comes first; its snapshot stands for it when
	// current (see snapshot.go).
	rest, snapshot := sources, len(sources) > 0 && l.loadSnapshot(sources[0])
	if snapshot {
		rest = sources[1:]
		// The built-in rules texts count towards the limit as if read.
		l.reader.textTotal += builtinTextSize(l.data.Texts)
	}
	for _, src := range rest {
		if err := l.loadSource(src); err != nil {
			return nil, err
		}
	}
	cat := tilekit.NewCatalog(l.data)
	if !snapshot || len(rest) > 0 { // the snapshot alone was proven clean
		l.check(cat)
	}
	l.resolvePositions()
	ds := l.sink.result()
	return &Result{Catalog: cat, Diagnostics: ds, Files: len(l.files), Folders: l.folderSummaries(ds), files: l.files}, nil
}

// sourceFile is one data file being loaded.
type sourceFile struct {
	src   []byte
	index *tomlscan.Index // made when a position is first needed
	// chunks are the pieces the file was cut into, when more than one,
	// and indexes the position indexes of the last few used (locate.go).
	chunks  []tomlscan.Chunk
	indexes []chunkIndex
	// builtin names a built-in file loaded from the snapshot, whose src is
	// read only when a position in it is needed (see source).
	builtin string
}

type loader struct {
	files  map[string]*sourceFile
	sink   diagSink
	data   tilekit.Data
	reader reader
	// dropped lists the entries left out for problems of their own, and
	// droppedSet indexes them once the checks start.
	dropped    []droppedEntry
	droppedSet map[string]bool
	// folders counts the data folders loaded so far, the built-in data
	// included (see stampFolder).
	folderCount int
	// folders sum up the user folders loaded so far.
	folders []FolderSummary
}

// filePath joins a source name and a slash-separated path inside it. A
// source named "./x" keeps its "./" (see sourceName).
func filePath(source, name string) string {
	if source == "" || source == "." {
		return name
	}
	if strings.HasPrefix(source, "./") {
		return "./" + path.Join(source, name)
	}
	return path.Join(source, name)
}

// sourceName is the name a source's files go by in diagnostics: its own,
// unless that is the built-in data's and the source is not the built-in
// data (a user's folder named <builtin>), which becomes ./<builtin> so
// that its files are never taken for built-in ones.
func sourceName(src Folder) string {
	if isBuiltin(src) {
		return src.Name
	}
	if n := path.Clean(src.Name); n == BuiltinName || strings.HasPrefix(n, BuiltinName+"/") {
		return "./" + n
	}
	return src.Name
}

// report records a diagnostic at a data origin; its line and column are
// filled in from the file's position index at the end.
func (l *loader) report(at tilekit.Origin, code string, sev Severity, format string, args ...any) {
	l.sink.add(newDiagnostic(at, code, sev, format, args...))
}

func newDiagnostic(at tilekit.Origin, code string, sev Severity, format string, args ...any) Diagnostic {
	return Diagnostic{
		Code:     code,
		Severity: sev,
		File:     at.File,
		Path:     formatPath(at.Path),
		Message:  fmt.Sprintf(format, args...),
		dataPath: at.Path,
	}
}

// locate returns "file:line:col" for an origin, for messages that point at
// a second place.
func (l *loader) locate(at tilekit.Origin) string {
	p := l.position(at)
	return fmt.Sprintf("%s:%d:%d", at.File, p.Line, p.Column)
}

func (l *loader) position(at tilekit.Origin) tomlscan.Pos {
	f := l.files[at.File]
	if f == nil {
		return tomlscan.Pos{Line: 1, Column: 1}
	}
	return f.lookup(at.Path)
}

func (l *loader) resolvePositions() {
	for i := range l.sink.kept {
		d := &l.sink.kept[i]
		if d.Line == 0 && l.files[d.File] != nil { // a folder's problem has no line
			p := l.position(tilekit.Origin{File: d.File, Path: d.dataPath})
			d.Line, d.Column = p.Line, p.Column
		}
	}
}

// Stats summarises a result for the one-line summary.
func (r *Result) Stats() string {
	copies := map[tilekit.Edition]int{}
	for _, t := range r.Catalog.Tiles {
		for e, n := range t.Counts {
			copies[e] += n
		}
	}
	var parts []string
	for _, e := range tilekit.Editions {
		if copies[e] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", copies[e], e))
		}
	}
	tiles := fmt.Sprintf("%d tiles", len(r.Catalog.Tiles))
	if len(parts) > 0 {
		tiles += " (" + strings.Join(parts, ", ") + " copies)"
	}
	c := r.Catalog
	errs, warns := r.Diagnostics.Count(Error), r.Diagnostics.Count(Warning)
	return fmt.Sprintf("%d files, %d expansions, %s, %d figures and places, %d tables (%d rows), %d steps: %s, %s",
		r.Files, len(c.Expansions), tiles, len(c.Figures)+len(c.Locations)+len(c.Actions), len(c.Tables), len(c.Rows), len(c.Steps),
		plural(errs, "error"), plural(warns, "warning"))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// BuiltinCatalog returns the catalog of the built-in data alone, or an
// error when it has problems (it never has: a test proves it).
func BuiltinCatalog() (*tilekit.Catalog, error) {
	res, err := Validate(BuiltinFolder())
	if err != nil {
		return nil, err
	}
	if res.Diagnostics.HasErrors() {
		return nil, fmt.Errorf("the built-in data has problems: %s", res.Diagnostics[0])
	}
	return res.Catalog, nil
}
