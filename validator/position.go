package validator

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// BurntSushi/toml keeps the positions of keys private, so diagnostics about
// well-formed files are located with this small index instead. It maps the
// data path of every table, key and array element to where it starts in the
// source. It is built only for files that have something to report, and only
// after the TOML parser has accepted the file, so it may assume valid syntax;
// on anything unexpected it stops early and keeps what it found.

// sourcePos is a line and column in a source file, both starting at 1.
type sourcePos struct{ Line, Column int }

// positionIndex maps data paths (segments joined by "\x00") to positions.
type positionIndex map[string]sourcePos

// lookup returns the position of the path or of its nearest ancestor that
// has one; the start of the file when none has.
func (ix positionIndex) lookup(path []string) sourcePos {
	for n := len(path); n > 0; n-- {
		if p, ok := ix[pathKey(path[:n])]; ok {
			return p
		}
	}
	return sourcePos{1, 1}
}

func pathKey(path []string) string { return strings.Join(path, "\x00") }

// indexPositions scans TOML source and returns its position index.
func indexPositions(src []byte) positionIndex {
	return scan(src).index
}

func scan(src []byte) *posScanner {
	s := &posScanner{src: src, line: 1, col: 1, index: positionIndex{}, arrays: map[string]int{}}
	s.document()
	return s
}

// newerSyntax is one use of TOML 1.1 syntax.
type newerSyntax struct {
	pos  sourcePos
	what string
}

// findNewerSyntax returns the places where a file uses TOML 1.1 syntax.
// Most files use none, so a quick look at the bytes decides whether the
// file needs scanning at all.
func findNewerSyntax(src []byte) []newerSyntax {
	if !mayUseNewerSyntax(src) {
		return nil
	}
	return scan(src).newer
}

var (
	timeWithoutSeconds = regexp.MustCompile(`[0-9]{2}:[0-9]{2}([^:0-9]|$)`)
	trailingComma      = regexp.MustCompile(`,\s*\}`)
)

func mayUseNewerSyntax(src []byte) bool {
	if bytes.Contains(src, []byte(`\e`)) || bytes.Contains(src, []byte(`\x`)) ||
		timeWithoutSeconds.Match(src) || trailingComma.Match(src) {
		return true
	}
	for i := 0; i < len(src); i++ {
		if src[i] != '{' {
			continue
		}
		end := bytes.IndexByte(src[i:], '}')
		if end < 0 || bytes.IndexByte(src[i:i+end], '\n') >= 0 {
			return true
		}
	}
	return false
}

type posScanner struct {
	// newer collects uses of TOML 1.1 syntax, which TOML 1.0 tools such
	// as Taplo reject.
	newer     []newerSyntax
	src       []byte
	off       int
	line, col int
	index     positionIndex
	// arrays counts the elements of each array of tables seen so far.
	arrays map[string]int
	table  []string
}

func (s *posScanner) eof() bool { return s.off >= len(s.src) }

func (s *posScanner) peek() byte {
	if s.eof() {
		return 0
	}
	return s.src[s.off]
}

func (s *posScanner) peekAt(n int) byte {
	if s.off+n >= len(s.src) {
		return 0
	}
	return s.src[s.off+n]
}

func (s *posScanner) advance() {
	if s.eof() {
		return
	}
	r, size := utf8.DecodeRune(s.src[s.off:])
	s.off += size
	if r == '\n' {
		s.line++
		s.col = 1
	} else {
		s.col++
	}
}

func (s *posScanner) pos() sourcePos { return sourcePos{s.line, s.col} }

func (s *posScanner) record(path []string, p sourcePos) {
	k := pathKey(path)
	if _, seen := s.index[k]; !seen {
		s.index[k] = p
	}
}

// skipSpace skips blanks, and with newlines also line ends and comments.
func (s *posScanner) skipSpace(newlines bool) {
	for !s.eof() {
		switch c := s.peek(); {
		case c == ' ' || c == '\t' || c == '\r':
			s.advance()
		case c == '#':
			for !s.eof() && s.peek() != '\n' {
				s.advance()
			}
		case c == '\n' && newlines:
			s.advance()
		default:
			return
		}
	}
}

func (s *posScanner) document() {
	for {
		s.skipSpace(true)
		if s.eof() {
			return
		}
		start := s.pos()
		if s.peek() == '[' {
			if !s.header(start) {
				return
			}
			continue
		}
		if !s.keyValue(s.table) {
			return
		}
	}
}

// header reads [table] or [[array.of.tables]].
func (s *posScanner) header(start sourcePos) bool {
	s.advance()
	array := s.peek() == '['
	if array {
		s.advance()
	}
	keys, ok := s.key()
	if !ok {
		return false
	}
	path := s.resolve(keys, array)
	s.table = path
	s.record(path, start)
	for !s.eof() && s.peek() != '\n' {
		s.advance()
	}
	return true
}

// resolve turns the keys of a header into a data path: an array of tables
// named on the way stands for its last element, and a new [[array]] header
// adds an element.
func (s *posScanner) resolve(keys []string, array bool) []string {
	var path []string
	for i, k := range keys {
		path = append(path, k)
		key := pathKey(path)
		n, isArray := s.arrays[key]
		last := i == len(keys)-1
		switch {
		case last && array:
			s.arrays[key] = n + 1
			path = append(path, strconv.Itoa(n))
		case isArray && n > 0:
			path = append(path, strconv.Itoa(n-1))
		}
	}
	return path
}

// key reads a possibly dotted key and returns its parts.
func (s *posScanner) key() ([]string, bool) {
	var parts []string
	for {
		s.skipSpace(false)
		part, ok := s.keyPart()
		if !ok {
			return nil, false
		}
		parts = append(parts, part)
		s.skipSpace(false)
		if s.peek() != '.' {
			return parts, true
		}
		s.advance()
	}
}

func (s *posScanner) keyPart() (string, bool) {
	switch s.peek() {
	case '"', '\'':
		return s.quoted()
	}
	start := s.off
	for !s.eof() {
		c := s.peek()
		if c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			s.advance()
			continue
		}
		break
	}
	if s.off == start {
		return "", false
	}
	return string(s.src[start:s.off]), true
}

// quoted reads a one-line basic or literal string and returns its text.
func (s *posScanner) quoted() (string, bool) {
	q := s.peek()
	s.advance()
	var b strings.Builder
	for !s.eof() {
		c := s.peek()
		switch {
		case c == q:
			s.advance()
			if q == '"' {
				if u, err := strconv.Unquote(`"` + b.String() + `"`); err == nil {
					return u, true
				}
			}
			return b.String(), true
		case c == '\n':
			return "", false
		case c == '\\' && q == '"':
			s.escape()
			b.WriteByte(c)
			s.advance()
			b.WriteByte(s.peek())
			s.advance()
		default:
			b.WriteByte(c)
			s.advance()
		}
	}
	return "", false
}

// keyValue reads key = value below the table path.
func (s *posScanner) keyValue(table []string) bool {
	start := s.pos()
	keys, ok := s.key()
	if !ok {
		return false
	}
	path := append(append([]string{}, table...), keys...)
	s.record(path, start)
	s.skipSpace(false)
	if s.peek() != '=' {
		return false
	}
	s.advance()
	s.skipSpace(false)
	return s.value(path)
}

func (s *posScanner) value(path []string) bool {
	switch c := s.peek(); c {
	case '"', '\'':
		return s.stringValue()
	case '[':
		return s.array(path)
	case '{':
		return s.inlineTable(path)
	default:
		start, from := s.pos(), s.off
		for !s.eof() {
			switch s.peek() {
			case ',', ']', '}', '#', '\n':
				s.scalar(start, bytes.TrimSpace(s.src[from:s.off]))
				return true
			}
			s.advance()
		}
		s.scalar(start, bytes.TrimSpace(s.src[from:s.off]))
		return true
	}
}

var (
	localTimeNoSeconds = regexp.MustCompile(`^[0-9]{2}:[0-9]{2}$`)
	dateTimeNoSeconds  = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}([Zz]|[+-][0-9]{2}:[0-9]{2})?$`)
)

// scalar notes a time written without seconds.
func (s *posScanner) scalar(start sourcePos, text []byte) {
	if localTimeNoSeconds.Match(text) || dateTimeNoSeconds.Match(text) {
		s.newer = append(s.newer, newerSyntax{start, "a time without seconds (write :00 seconds)"})
	}
}

// escape notes a \e or \xHH escape; the scanner stands on the backslash.
func (s *posScanner) escape() {
	switch s.peekAt(1) {
	case 'e':
		s.newer = append(s.newer, newerSyntax{s.pos(), `the \e escape (write \u001B)`})
	case 'x':
		s.newer = append(s.newer, newerSyntax{s.pos(), `a \xHH escape (write \u00HH)`})
	}
}

func (s *posScanner) stringValue() bool {
	q := s.peek()
	if s.peekAt(1) == q && s.peekAt(2) == q {
		s.advance()
		s.advance()
		s.advance()
		for !s.eof() {
			c := s.peek()
			if c == '\\' && q == '"' {
				s.escape()
				s.advance()
				s.advance()
				continue
			}
			if c == q && s.peekAt(1) == q && s.peekAt(2) == q {
				// A closing delimiter may be preceded by up to two quotes
				// that belong to the string.
				for s.peekAt(3) == q {
					s.advance()
				}
				s.advance()
				s.advance()
				s.advance()
				return true
			}
			s.advance()
		}
		return false
	}
	_, ok := s.quoted()
	return ok
}

func (s *posScanner) array(path []string) bool {
	s.advance()
	for i := 0; ; i++ {
		s.skipSpace(true)
		if s.eof() {
			return false
		}
		if s.peek() == ']' {
			s.advance()
			return true
		}
		before := s.off
		elem := append(append([]string{}, path...), strconv.Itoa(i))
		s.record(elem, s.pos())
		if !s.value(elem) {
			return false
		}
		s.skipSpace(true)
		if s.peek() == ',' {
			s.advance()
		}
		if s.off == before {
			return false
		}
	}
}

func (s *posScanner) inlineTable(path []string) bool {
	open := s.pos()
	s.advance()
	comma, multiline := false, false
	// skip skips blanks and notes the first line break inside the table.
	skip := func() {
		line := s.line
		s.skipSpace(true)
		if s.line != line && !multiline {
			multiline = true
			s.newer = append(s.newer, newerSyntax{open, "an inline table spread over several lines (keep it on one line, or use a [table])"})
		}
	}
	for {
		skip()
		if s.eof() {
			return false
		}
		if s.peek() == '}' {
			if comma {
				s.newer = append(s.newer, newerSyntax{open, "a trailing comma in an inline table"})
			}
			s.advance()
			return true
		}
		before := s.off
		if !s.keyValue(path) {
			return false
		}
		skip()
		comma = s.peek() == ','
		if comma {
			s.advance()
		}
		if s.off == before {
			return false
		}
	}
}
