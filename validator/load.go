package validator

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/tilekit/tilekit"
)

// Source is one data folder: the built-in data or a user's folder. It has the
// layout of the built-in data: TOML files below tiles/, expansions/ and
// interactions/.
type Source struct {
	// Name is how the folder's files are named in diagnostics: a path
	// relative to the working directory, or BuiltinName.
	Name string
	// FS holds the folder's files.
	FS fs.FS
}

// BuiltinName names the built-in data in diagnostics.
const BuiltinName = "<builtin>"

// Folders lists the data folders of a source, in loading order, with the
// schema that every TOML file below each of them must satisfy.
var Folders = []struct{ Name, Schema string }{
	{"expansions", "expansions.schema.json"},
	{"tiles", "tiles.schema.json"},
	{"interactions", "interactions.schema.json"},
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
}

// Builtin returns the source of the built-in data.
func Builtin() Source { return Source{Name: BuiltinName, FS: tilekit.Builtin()} }

// Validate loads the sources in order, checks every file against its schema
// and the whole against the consistency checks, and returns what it found.
// It returns an error only when a source cannot be read at all; problems in
// the data are diagnostics.
func Validate(sources ...Source) (*Result, error) {
	l := &loader{files: map[string]*sourceFile{}}
	for _, src := range sources {
		if err := l.loadSource(src); err != nil {
			return nil, err
		}
	}
	cat := tilekit.NewCatalog(l.data)
	l.check(cat)
	l.resolvePositions()
	l.diags.Sort()
	return &Result{Catalog: cat, Diagnostics: l.diags, Files: len(l.files)}, nil
}

// sourceFile is one data file being loaded.
type sourceFile struct {
	src   []byte
	index positionIndex
}

type loader struct {
	files map[string]*sourceFile
	diags Diagnostics
	data  tilekit.Data
}

// pendingFile is a data file read from a source, waiting to be loaded.
type pendingFile struct {
	name, folder, schema string
	data                 []byte
}

func (l *loader) loadSource(src Source) error {
	var pending []pendingFile
	for _, folder := range Folders {
		var names []string
		err := fs.WalkDir(src.FS, folder.Name, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if p == folder.Name && errors.Is(err, fs.ErrNotExist) {
					return fs.SkipDir
				}
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".toml") {
				names = append(names, p)
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("reading %s: %w", displayName(src.Name, folder.Name), err)
		}
		for _, name := range names {
			data, err := fs.ReadFile(src.FS, name)
			if err != nil {
				return fmt.Errorf("reading %s: %w", displayName(src.Name, name), err)
			}
			pending = append(pending, pendingFile{displayName(src.Name, name), folder.Name, folder.Schema, data})
		}
	}
	// Files are independent until the consistency checks, so they are
	// parsed and schema-checked in parallel, then merged in order.
	results := make([]fileResult, len(pending))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(pending)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = loadFile(pending[i])
			}
		}()
	}
	for i := range pending {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, r := range results {
		l.files[pending[i].name] = &sourceFile{src: pending[i].data}
		l.diags = append(l.diags, r.diags...)
		appendData(&l.data, &r.data)
	}
	return nil
}

// displayName joins a source name and a slash-separated path inside it.
func displayName(source, name string) string {
	if source == "" || source == "." {
		return name
	}
	return path.Join(source, name)
}

// fileResult is what one file defines and what is wrong with it.
type fileResult struct {
	diags Diagnostics
	data  tilekit.Data
}

func appendData(to, from *tilekit.Data) {
	to.Expansions = append(to.Expansions, from.Expansions...)
	to.Tiles = append(to.Tiles, from.Tiles...)
	to.Figures = append(to.Figures, from.Figures...)
	to.Locations = append(to.Locations, from.Locations...)
	to.Actions = append(to.Actions, from.Actions...)
	to.Tables = append(to.Tables, from.Tables...)
	to.Rows = append(to.Rows, from.Rows...)
	to.Notes = append(to.Notes, from.Notes...)
	to.Steps = append(to.Steps, from.Steps...)
}

func (r *fileResult) report(at tilekit.Origin, code string, sev Severity, format string, args ...any) {
	r.diags = append(r.diags, newDiagnostic(at, code, sev, format, args...))
}

// loadFile parses, normalises and schema-checks one file, then builds the
// domain values it defines.
func loadFile(f pendingFile) (r fileResult) {
	var doc map[string]any
	if _, err := toml.Decode(string(f.data), &doc); err != nil {
		d := Diagnostic{Code: "toml-syntax", Severity: Error, File: f.name, Line: 1, Column: 1, Message: err.Error()}
		var pe toml.ParseError
		if errors.As(err, &pe) {
			d.Line, d.Column, d.Message = pe.Position.Line, max(pe.Position.Col, 1), pe.Message
		}
		r.diags = append(r.diags, d)
		return r
	}
	root := tilekit.Origin{File: f.name}
	for _, n := range findNewerSyntax(f.data) {
		r.diags = append(r.diags, Diagnostic{Code: "toml-1.1", Severity: Warning, File: f.name, Line: n.pos.Line, Column: n.pos.Column,
			Message: n.what + " is TOML 1.1 syntax, which Taplo and other TOML 1.0 tools reject"})
	}
	normal, problems := normalize(doc)
	for _, p := range problems {
		r.report(root.At(p.path...), p.code, Error, "%s", p.message)
	}
	if len(problems) > 0 {
		return r
	}
	// An entry ([[tile]], [[expansion]], ...) with a schema problem is left
	// out, so that the others are still loaded and checked; a problem
	// outside any entry leaves out the whole file.
	invalid := map[string]bool{}
	for _, p := range validateSchema(f.schema, normal) {
		r.report(root.At(p.path...), p.code, Error, "%s", p.message)
		if len(p.path) < 2 {
			return r
		}
		invalid[pathKey(p.path[:2])] = true
	}
	keep := func(at tilekit.Origin) bool { return !invalid[pathKey(at.Path)] }
	build(f.folder, normal, root, keep, &r.data)
	return r
}

// report records a diagnostic at a data origin; its line and column are
// filled in from the file's position index at the end.
func (l *loader) report(at tilekit.Origin, code string, sev Severity, format string, args ...any) {
	l.diags = append(l.diags, newDiagnostic(at, code, sev, format, args...))
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

func (l *loader) position(at tilekit.Origin) sourcePos {
	f := l.files[at.File]
	if f == nil {
		return sourcePos{1, 1}
	}
	if f.index == nil {
		f.index = indexPositions(f.src)
	}
	return f.index.lookup(at.Path)
}

func (l *loader) resolvePositions() {
	for i := range l.diags {
		d := &l.diags[i]
		if d.Line == 0 {
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
