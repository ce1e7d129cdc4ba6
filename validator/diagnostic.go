package validator

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Severity says how bad a diagnostic is. Errors make validation fail;
// warnings are reported but do not.
type Severity string

// The severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Diagnostic is one problem found in the data, located in its source.
type Diagnostic struct {
	// Code is a stable identifier of the kind of problem, such as
	// "duplicate-id"; see Codes.
	Code string `json:"code"`
	// Severity is error or warning.
	Severity Severity `json:"severity"`
	// File is the path of the data file as shown to the user.
	File string `json:"file"`
	// Line and Column locate the problem, starting at 1; 0 when unknown.
	Line   int `json:"line"`
	Column int `json:"column"`
	// Path is the data path of the offending value inside the file, such as
	// tile[3].feature[1].sides[0]; empty for problems of the whole file.
	Path string `json:"path,omitempty"`
	// Message says what is wrong, in a sentence without final period.
	Message string `json:"message"`

	// dataPath is Path as segments, resolved to Line and Column once the
	// file's position index is built.
	dataPath []string
}

// String renders the diagnostic as "file:line:col: severity: path: message [code]".
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", d.Line, d.Column)
	}
	fmt.Fprintf(&b, ": %s: ", d.Severity)
	if d.Path != "" {
		b.WriteString(d.Path)
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "%s [%s]", d.Message, d.Code)
	return b.String()
}

// Diagnostics is a list of problems.
type Diagnostics []Diagnostic

// fileLevel lists the codes of problems that leave a whole file (or, for
// wrong-folder, its entries of a kind) unread or unloaded. Other problems, in other files too, may follow from them (an
// unknown tile whose file did not parse), so they are listed first.
var fileLevel = map[string]bool{
	"file-skipped": true, "file-unreadable": true, "file-too-large": true, "file-empty": true,
	"no-data-files": true, "too-many-values": true, "nesting-too-deep": true, "toml-syntax": true,
	"wrong-folder": true,
}

// Sort orders the diagnostics causes first: the problems that leave a
// file out (see fileLevel), then the others, each by file, line, column,
// code and message, so that output is the same for the same input.
func (ds Diagnostics) Sort() {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if fa, fb := fileLevel[a.Code], fileLevel[b.Code]; fa != fb {
			return fa
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Message < b.Message
	})
}

// Count returns the number of diagnostics of a severity.
func (ds Diagnostics) Count(s Severity) int {
	n := 0
	for _, d := range ds {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool { return ds.Count(Error) > 0 }

// formatPath renders data path segments as tile[3].feature[1].sides.
func formatPath(segs []string) string {
	var b strings.Builder
	for _, s := range segs {
		if _, err := strconv.Atoi(s); err == nil {
			fmt.Fprintf(&b, "[%s]", s)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		if len(s) > maxEchoed {
			s = fmt.Sprintf("%s(%s bytes)", cutValue(s), groupThousands(int64(len(s))))
		}
		b.WriteString(s)
	}
	return b.String()
}

// MaxPerCode is how many diagnostics of one code a run reports; the rest
// are counted in one more-problems diagnostic, so that a file with one
// fault repeated a million times gives readable output of bounded size.
const MaxPerCode = 100

// limitPerCode keeps the first max diagnostics of each code of sorted
// diagnostics and adds, for each code with more (or with some omitted
// before, counted in omitted), one more-problems diagnostic after the last
// one shown, counting what was left out.
func limitPerCode(ds Diagnostics, max int, omitted map[string]int) Diagnostics {
	counts := map[string]int{}
	errs := map[string]bool{}
	for _, d := range ds {
		counts[d.Code]++
		errs[d.Code] = errs[d.Code] || d.Severity == Error
	}
	more := map[string]int{}
	for code, n := range counts {
		if n+omitted[code] > max {
			more[code] = n + omitted[code] - min(n, max)
		}
	}
	if len(more) == 0 {
		return ds
	}
	seen := map[string]int{}
	out := ds[:0:0]
	for _, d := range ds {
		seen[d.Code]++
		if seen[d.Code] > max {
			continue
		}
		out = append(out, d)
		if n := more[d.Code]; n > 0 && seen[d.Code] == min(counts[d.Code], max) {
			sev := Warning
			if errs[d.Code] {
				sev = Error
			}
			out = append(out, Diagnostic{Code: "more-problems", Severity: sev, File: d.File, Line: d.Line, Column: d.Column,
				Message: fmt.Sprintf("%d more %s problems after this one are not shown; tilekit lists the first %d of each code", n, d.Code, max)})
		}
	}
	return out
}

// maxEchoed is the longest value, in bytes, that a message or a data path
// repeats whole; a longer one (a key or id a megabyte long) is cut by
// cutValue to its first cutKeep bytes and its size.
const (
	maxEchoed = 80
	cutKeep   = 60
)

// cutValue shortens a value longer than maxEchoed to its first cutKeep
// bytes (on a character boundary) and "…"; the caller says its size.
func cutValue(s string) string {
	if len(s) <= maxEchoed {
		return s
	}
	n := cutKeep
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// cutLongValues is the one place a diagnostic's message is kept readable
// whatever the data says: every word of it longer than maxEchoed bytes (an
// unknown key, an id, a value, quoted or not, echoed from the data) is cut
// by cutValue and followed by its size, as `"aaaa…" (1,000,000 bytes)`.
// A location (file:line:col), which a reader needs whole, is kept.
func cutLongValues(msg string) string {
	if len(msg) <= maxEchoed {
		return msg
	}
	words := strings.Split(msg, " ")
	changed := false
	for i, w := range words {
		if len(w) <= maxEchoed || isLocation(w) {
			continue
		}
		// Quotes and punctuation around the value stay around it.
		core := strings.TrimLeft(w, `"'([{`)
		lead := w[:len(w)-len(core)]
		rest := core
		core = strings.TrimRight(rest, `"')]},;:.?`)
		if len(core) <= maxEchoed {
			continue
		}
		tail := rest[len(core):]
		after := strings.TrimLeft(tail, `"'`)
		quote := tail[:len(tail)-len(after)]
		words[i] = fmt.Sprintf("%s%s%s (%s bytes)%s", lead, cutValue(core), quote, groupThousands(int64(len(core))), after)
		changed = true
	}
	if !changed {
		return msg
	}
	return strings.Join(words, " ")
}

// isLocation reports whether a word of a message is a location,
// file:line:col, perhaps followed by punctuation.
func isLocation(w string) bool {
	w = strings.TrimRight(w, ")]},;.")
	for range 2 {
		i := strings.LastIndexByte(w, ':')
		if i < 0 || i == len(w)-1 {
			return false
		}
		for _, c := range w[i+1:] {
			if c < '0' || c > '9' {
				return false
			}
		}
		w = w[:i]
	}
	return w != ""
}
