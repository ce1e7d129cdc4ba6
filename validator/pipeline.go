package validator

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"sync"
	"unsafe"

	"github.com/BurntSushi/toml"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/internal/tomlscan"
)

// The load pipeline of one source. Files are independent until the
// consistency checks, so every step that can runs in parallel, and results
// are merged in file order so that the output does not depend on timing:
//
//  1. each file is checked lexically (nesting depth, invalid TOML the
//     parser accepts, TOML 1.1 syntax) and cut into chunks (chunk.go);
//  2. each chunk is parsed, and its entries ([[tile]], [[row]], ...) are
//     normalised, checked against their own schema definition and built,
//     and the parse is dropped before the next chunk is taken, so memory
//     holds the built values and a chunk's parse per core;
//  3. the chunks' results are joined in order; a file any chunk of which
//     is not valid TOML is reported once and loads nothing.

// fileLoad is one data file on its way through the pipeline.
type fileLoad struct {
	dataFile
	chunks []tomlscan.Chunk
	// The results of the chunks are folded into acc in chunk order as they
	// come (results holds those that came early), so that a file holds one
	// sink's worth of problems however many chunks it has.
	mu      sync.Mutex
	results []*chunkResult
	folded  int // the chunks folded into acc
	acc     chunkResult
	diags   diagSink               // problems of the whole file
	newer   []tomlscan.NewerSyntax // uses of TOML 1.1, reported if the file parses
	// invalid lists what the TOML spec forbids but the parser accepts,
	// reported if the file parses.
	invalid []tomlscan.Problem
	dead    bool // the file cannot be loaded at all
}

// chunkResult is what one chunk of a file gave.
type chunkResult struct {
	err     *Diagnostic // the chunk is not valid TOML
	diags   diagSink
	data    tilekit.Data
	dropped []droppedEntry
	// topProblem says a value outside any entry has a problem: the whole
	// file is left out.
	topProblem bool
	// inline lists the arrays the first chunk writes inline (k = [...]),
	// which no later chunk may add [[k]] entries to.
	inline []string
}

// parallel calls fn(0) ... fn(n-1) on every core and returns when all
// calls have.
func parallel(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	next := 0
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}

func (l *loader) loadSource(src Folder) error {
	src.Name = sourceName(src)
	mark := l.mark()
	files, err := l.reader.readSource(src)
	for _, d := range l.reader.diags {
		l.sink.add(d)
	}
	l.reader.diags = nil
	texts := l.reader.texts
	l.reader.texts = nil
	if err != nil {
		return err
	}
	if len(files) == 0 && len(texts) == 0 && !isBuiltin(src) {
		l.sink.add(Diagnostic{Code: "no-data-files", Severity: Error, File: src.Name,
			Message: "no data file was read: data files end in .toml and go below tiles/, expansions/ or interactions/"})
	}
	counts := [...]int{len(l.data.Rows), len(l.data.Steps), len(l.data.Scenarios), len(l.data.Tables)}
	l.loadFiles(files)
	l.data.Texts = append(l.data.Texts, texts...)
	l.stampFolder(counts)
	if !isBuiltin(src) {
		l.folderLoaded(src.Name, mark)
	}
	return nil
}

// stampFolder records the folder being loaded on the rows, steps,
// scenarios and tables it gave, those from the counts on (in that order),
// and counts the folder: a row, step or table supersedes only one of an
// earlier folder, and a worked example plays by the rules up to its own.
func (l *loader) stampFolder(counts [4]int) {
	d, f := &l.data, l.folderCount
	for i := counts[0]; i < len(d.Rows); i++ {
		d.Rows[i].Folder = f
	}
	for i := counts[1]; i < len(d.Steps); i++ {
		d.Steps[i].Folder = f
	}
	for i := counts[2]; i < len(d.Scenarios); i++ {
		d.Scenarios[i].Folder = f
	}
	for i := counts[3]; i < len(d.Tables); i++ {
		d.Tables[i].Folder = f
	}
	l.folderCount++
}

// loadFiles loads the data files of one source, or scenario files given on
// their own, in parallel, and merges what they give in file order.
func (l *loader) loadFiles(files []dataFile) {
	if len(files) > 0 {
		// Compile the schemas on another core while this one prepares the
		// files; the first chunk to need them waits for them.
		go schemas()
	}
	loads := make([]*fileLoad, len(files))
	for i, f := range files {
		loads[i] = &fileLoad{dataFile: f}
		l.files[f.name] = &sourceFile{src: f.data}
	}
	parallel(len(loads), func(i int) { loads[i].prepare() })
	for _, f := range loads {
		if len(f.chunks) > 1 {
			l.files[f.name].chunks = f.chunks
		}
	}
	// The jobs: each chunk of each file, and for each file its lexical
	// check, whose findings count only once every chunk has parsed.
	type job struct{ file, chunk int }
	var jobs []job
	for i, f := range loads {
		f.results = make([]*chunkResult, len(f.chunks))
		if !f.dead {
			jobs = append(jobs, job{i, -1})
		}
		for j := range f.chunks {
			jobs = append(jobs, job{i, j})
		}
	}
	parallel(len(jobs), func(k int) {
		f, j := loads[jobs[k].file], jobs[k].chunk
		if j < 0 {
			f.newer, f.invalid = tomlscan.Check(f.data)
			return
		}
		r := f.load(j)
		f.fold(j, &r)
	})
	for _, f := range loads {
		f.join()
		l.sink.merge(&f.diags)
		if f.dead {
			continue
		}
		l.sink.merge(&f.acc.diags)
		appendData(&l.data, &f.acc.data)
		l.dropped = append(l.dropped, f.acc.dropped...)
	}
}

// prepare checks a file lexically and cuts it into chunks; a file that
// fails the checks has no chunks.
func (f *fileLoad) prepare() {
	if pos, deep := tomlscan.NestingTooDeep(f.data, MaxDepth); deep {
		f.fail(Diagnostic{Code: "nesting-too-deep", Severity: Error, File: f.name, Line: pos.Line, Column: pos.Column,
			Message: fmt.Sprintf("tables, keys and arrays nest more than %d levels deep here; tilekit data needs 6", MaxDepth)})
		return
	}
	f.chunks = tomlscan.Split(f.data, chunkSize)
	for _, c := range f.chunks {
		if c.Values > MaxValues {
			f.fail(Diagnostic{Code: "too-many-values", Severity: Error, File: f.name, Line: c.Line, Column: 1,
				Message: fmt.Sprintf("from here on the file has %d values before the next [[entry]] header; tilekit parses at most %d at once, so split them into entries or files", c.Values, MaxValues)})
			return
		}
	}
}

// fail reports a problem that leaves out the whole file.
func (f *fileLoad) fail(d Diagnostic) {
	f.dead = true
	f.chunks = nil
	f.diags.add(d)
}

// decode parses one piece of TOML. The parser reads the bytes as a string
// without copying them: nothing writes to a file's bytes once read.
func decode(src []byte) (map[string]any, error) {
	var doc map[string]any
	if len(src) == 0 {
		return map[string]any{}, nil
	}
	_, err := toml.Decode(unsafe.String(&src[0], len(src)), &doc)
	return doc, err
}

// load parses chunk j and builds its entries. An entry with a problem is
// left out, so that the others are still loaded and checked, and noted so
// that references to it are not reported again.
func (f *fileLoad) load(j int) (r chunkResult) {
	c := &f.chunks[j]
	doc, err := decode(c.Src)
	if err != nil {
		d := f.syntaxError(err, c)
		r.err = &d
		return r
	}
	root := tilekit.Origin{File: f.name}
	top := map[string]any{}
	keys := make([]string, 0, len(doc))
	for k := range doc {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := doc[k]
		k := own(k) // kept by the origins of the entries built
		var items []any
		switch v := v.(type) {
		case []map[string]any:
			items = make([]any, len(v))
			for i, m := range v {
				items[i] = m
			}
		case []any:
			items = v
			r.inline = append(r.inline, k)
		}
		if items != nil && !isEntryKey(f.schema, k) {
			if folder := entryFolder(k); folder != "" {
				// Entries of another sub-folder: say where they go, once.
				r.diags.add(wrongFolder(root.At(k), k, folder, &f.dataFile))
				continue
			}
		}
		if items == nil || !isEntryKey(f.schema, k) {
			top[k] = v
			continue
		}
		top[k] = []any{} // the top-level check sees the array, not its entries
		for i, item := range items {
			at := root.At(k, strconv.Itoa(c.Before[k]+i))
			value, problems := normalizeEntry(item)
			problems = append(problems, validateSchema(f.schema, k, value, r.diags.room)...)
			if len(problems) > 0 {
				for _, p := range dedupeProblems(problems) {
					if !r.diags.room(p.code) {
						r.diags.omitted[p.code]++ // counted, never shown
						continue
					}
					r.diags.add(newDiagnostic(at.At(p.path...), p.code, Error, "%s", p.message))
				}
				if d := dropped(k, value); d.id != "" {
					r.dropped = append(r.dropped, d)
				}
				continue
			}
			buildEntry(f.folder, k, value.(map[string]any), at, &r.data)
		}
		doc[k] = nil // let the parse go as soon as its entries are built
	}
	normal, problems := normalize(top)
	problems = append(problems, validateSchema(f.schema, "", normal, nil)...)
	for _, p := range dedupeProblems(problems) {
		r.diags.add(newDiagnostic(root.At(p.path...), p.code, Error, "%s", p.message))
		r.topProblem = true
	}
	return r
}

// fold takes the result of chunk j and folds every result it can into the
// file's, in chunk order: after the first chunk that is not valid TOML,
// nothing more is kept, since the file will load nothing.
func (f *fileLoad) fold(j int, r *chunkResult) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.results[j] = r
	for ; f.folded < len(f.results) && f.results[f.folded] != nil; f.folded++ {
		r := f.results[f.folded]
		f.results[f.folded] = nil
		switch {
		case f.acc.err != nil:
		case r.err != nil:
			f.acc = chunkResult{err: r.err}
		default:
			f.acc.diags.merge(&r.diags)
			appendData(&f.acc.data, &r.data)
			f.acc.dropped = append(f.acc.dropped, r.dropped...)
			f.acc.topProblem = f.acc.topProblem || r.topProblem
			if f.folded == 0 {
				f.acc.inline = r.inline
			}
		}
	}
}

// join decides what a file gives from its chunks: the first syntax error
// alone, or everything its chunks built with its TOML 1.1 warnings.
func (f *fileLoad) join() {
	if f.dead {
		return
	}
	if f.acc.err != nil {
		f.fail(*f.acc.err)
		return
	}
	// An array written inline in the first chunk cannot be added to by
	// [[k]] headers in a later one.
	for _, k := range f.acc.inline {
		for _, c := range f.chunks[1:] {
			if c.Arrays[k] > 0 {
				f.fail(Diagnostic{Code: "toml-syntax", Severity: Error, File: f.name, Line: c.First[k], Column: 1,
					Message: fmt.Sprintf("[[%s]] adds to the array %s, which is written inline (%s = [...]) above; TOML forbids adding to it, so write all its entries one way", k, k, k)})
				return
			}
		}
	}
	if len(f.invalid) > 0 {
		f.dead = true
		for _, p := range f.invalid {
			f.diags.add(Diagnostic{Code: "toml-syntax", Severity: Error, File: f.name, Line: p.Pos.Line, Column: p.Pos.Column, Message: p.Message})
		}
		return
	}
	for _, n := range f.newer {
		f.diags.add(Diagnostic{Code: "toml-1.1", Severity: Warning, File: f.name, Line: n.Pos.Line, Column: n.Pos.Column,
			Message: n.What + " is TOML 1.1 syntax, which Taplo and other TOML 1.0 tools reject"})
	}
	if f.acc.topProblem {
		// A problem outside any entry leaves out the whole file.
		f.acc.data, f.acc.dropped = tilekit.Data{}, nil
	}
}

// syntaxError describes a file that is not valid TOML; the error is of
// chunk c. It is located where a reader should look, which is not always
// where the parser stopped (an unclosed string is reported where it opens).
func (f *fileLoad) syntaxError(err error, c *tomlscan.Chunk) Diagnostic {
	d := Diagnostic{Code: "toml-syntax", Severity: Error, File: f.name, Line: c.Line, Column: 1, Message: err.Error()}
	var pe toml.ParseError
	if errors.As(err, &pe) {
		p := tomlscan.ParseErrorPosition(c.Src, pe.Position.Line, pe.Position.Col, pe.Message)
		d.Line, d.Column, d.Message = c.Line-1+p.Line, max(p.Column, 1), pe.Message
	}
	return d
}

func appendData(to, from *tilekit.Data) {
	to.Expansions = append(to.Expansions, from.Expansions...)
	to.Boxes = append(to.Boxes, from.Boxes...)
	to.Tiles = append(to.Tiles, from.Tiles...)
	to.Figures = append(to.Figures, from.Figures...)
	to.Symbols = append(to.Symbols, from.Symbols...)
	to.Locations = append(to.Locations, from.Locations...)
	to.Actions = append(to.Actions, from.Actions...)
	to.Tables = append(to.Tables, from.Tables...)
	to.Rows = append(to.Rows, from.Rows...)
	to.Notes = append(to.Notes, from.Notes...)
	to.Steps = append(to.Steps, from.Steps...)
	to.Scenarios = append(to.Scenarios, from.Scenarios...)
	to.Texts = append(to.Texts, from.Texts...)
}

// diagSink collects diagnostics, keeping at most MaxPerCode of each code
// and counting the rest, so that a fault repeated a million times costs
// memory for a hundred.
type diagSink struct {
	kept    Diagnostics
	count   map[string]int // kept, by code
	omitted map[string]int // left out, by code
}

// room reports whether a diagnostic of the code would be kept.
func (s *diagSink) room(code string) bool {
	if s.count == nil {
		s.count, s.omitted = map[string]int{}, map[string]int{}
	}
	return s.count[code] < MaxPerCode
}

func (s *diagSink) add(d Diagnostic) {
	if s.count == nil {
		s.count, s.omitted = map[string]int{}, map[string]int{}
	}
	if s.count[d.Code] >= MaxPerCode {
		s.omitted[d.Code]++
		return
	}
	s.count[d.Code]++
	d.Message = cutLongValues(d.Message)
	s.kept = append(s.kept, d)
}

// merge adds what another sink kept and counted.
func (s *diagSink) merge(o *diagSink) {
	for _, d := range o.kept {
		s.add(d)
	}
	for code, n := range o.omitted {
		if s.omitted == nil {
			s.count, s.omitted = map[string]int{}, map[string]int{}
		}
		s.omitted[code] += n
	}
}

// result sorts what was kept and adds, for each code with more than
// MaxPerCode, one more-problems diagnostic that counts the rest.
func (s *diagSink) result() Diagnostics {
	ds := slices.Clone(s.kept)
	ds.Sort()
	return limitPerCode(ds, MaxPerCode, s.omitted)
}
