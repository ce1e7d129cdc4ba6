package tomlscan

import "bytes"

// This file holds the byte-level checks of TOML source that do not need the
// TOML parser: the nesting-depth guard run before it, and the check for
// TOML 1.1 syntax and for invalid TOML that BurntSushi/toml accepts, run
// after it. All of them read the source once, in time linear in its size,
// and never panic whatever the bytes.

// Problem is invalid TOML that BurntSushi/toml accepts anyway, found by
// Check.
type Problem struct {
	// Pos is where the key or header that does it is.
	Pos Pos
	// Message says what is wrong and how to write it instead, naming the
	// keys as they are written ("a is an inline table and cannot be
	// extended here; add c inside its braces").
	Message string
}

// Check scans a file that BurntSushi/toml has accepted and returns
// its uses of TOML 1.1 syntax and its invalid TOML, each in the order they
// occur. It never panics, whatever the bytes, and takes time linear in
// their number. The invalid TOML it finds is:
//
//   - an inline table or inline array extended after its definition, by a
//     dotted key (counts = { C1 = 1 } then counts.C2 = 2, also inside an
//     inline table) or by a header ([tile.counts.x], [[tile.counts]]);
//   - a table made by dotted keys (a.b = 1) defined again by a header ([a])
//     or given a value (a = 2, which BurntSushi/toml silently drops);
//   - a table defined by its own header ([a.b]) or an array of tables
//     extended by dotted keys from its parent table ([a] then b.c = 1).
//
// Each problem is located at the key or header that does it.
//
// Most files can have none of these problems: they have no dotted key, and
// no header names a key holding an inline table or array. The first scan
// notes whether that is so, and only if not does a second scan follow the
// tables and keys of the file.
func Check(src []byte) (newer []NewerSyntax, problems []Problem) {
	lx := newLexer(src, scanNewer|scanSuspects)
	lx.run()
	newer, _ = lx.results()
	if lx.suspect {
		problems = findProblems(src)
	}
	return newer, problems
}

// findProblems follows the tables and keys of src and returns its invalid
// TOML.
func findProblems(src []byte) []Problem {
	lx := newLexer(src, scanProblems)
	lx.run()
	_, problems := lx.results()
	return problems
}

// bomLen returns the length of the UTF-8 byte order mark that src starts
// with, if any.
func bomLen(src []byte) int {
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		return 3
	}
	return 0
}

// lineEnd returns the offset of the line break that ends the line holding
// src[i], or len(src).
func lineEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}

// stringEnd reads the string whose opening quote is src[i], ' or ", one-line
// or multi-line, and returns the offset just after it and whether it is
// closed. A one-line string stops unclosed at a line break (the returned
// offset is the line break's) or at the end; a multi-line one at the end. A
// closing """ may follow up to two quotes that belong to the string. When
// esc is not nil it is called with the offset of each backslash of a basic
// string that starts an escape.
func stringEnd(src []byte, i int, esc func(int)) (int, bool) {
	n := len(src)
	q := src[i]
	basic := q == '"'
	if i+2 < n && src[i+1] == q && src[i+2] == q {
		for j := i + 3; j < n; j++ {
			c := src[j]
			if c == '\\' && basic {
				if esc != nil {
					esc(j)
				}
				j++ // the escaped byte: a quote, a backslash, a line break...
				continue
			}
			if c == q && j+2 < n && src[j+1] == q && src[j+2] == q {
				k := j + 3
				for k < n && k < j+5 && src[k] == q {
					k++
				}
				return k, true
			}
		}
		return n, false
	}
	for j := i + 1; j < n; j++ {
		switch c := src[j]; {
		case c == q:
			return j + 1, true
		case c == '\n':
			return j, false
		case c == '\\' && basic:
			if esc != nil {
				esc(j)
			}
			if j+1 < n && src[j+1] != '\n' {
				j++
			}
		}
	}
	return n, false
}

// NestingTooDeep reads src, which need not be valid TOML, and returns the
// position where its nesting first gets deeper than limit, and true; or
// false when it never does. The depth at a
// point is the number of parts of the current table header (plus one for
// an array of tables), plus the parts of the dotted keys leading to it
// (those of the key being read, and those whose values are the enclosing
// inline tables and arrays), plus the number of enclosing brackets and
// braces. Comments and strings of all four kinds are skipped. It reads each
// byte once and allocates only a stack as deep as the nesting it accepts.
func NestingTooDeep(src []byte, limit int) (Pos, bool) {
	s := depthScan{src: src, limit: limit, inKey: true, lineStart: true, deepAt: -1}
	for i := bomLen(src); i < len(src) && s.deepAt < 0; {
		i = s.step(i)
	}
	if s.deepAt < 0 {
		return Pos{}, false
	}
	c := newCursor(src)
	return c.at(s.deepAt), true
}

// depthScan is the state of NestingTooDeep's scan.
type depthScan struct {
	src   []byte
	limit int
	// stack holds, for each open bracket, the depth around it, times two,
	// plus one for a brace.
	stack     []int
	depth     int  // the depth inside the innermost bracket, or of the table
	parts     int  // parts of the key being read
	extra     int  // parts of the key whose value is being read
	inKey     bool // a key is being read
	inPart    bool // a bare key part is being read
	lineStart bool
	deepAt    int // the offset where the nesting went past limit, or -1
}

func (s *depthScan) inBrace() bool { return len(s.stack) > 0 && s.stack[len(s.stack)-1]&1 == 1 }

// tooDeep notes that the nesting went past the limit at offset i.
func (s *depthScan) tooDeep(i int) { s.deepAt = i }

// step reads what starts at src[i] and returns the offset after it.
func (s *depthScan) step(i int) int {
	c := s.src[i]
	switch c {
	case '\n':
		if len(s.stack) == 0 {
			s.inKey, s.parts, s.extra, s.lineStart = true, 0, 0, true
		}
		s.inPart = false
		return i + 1
	case ' ', '\t', '\r':
		s.inPart = false
		return i + 1
	case '#':
		return lineEnd(s.src, i)
	}
	first := s.lineStart
	s.lineStart = false
	switch {
	case c == '[' && first && len(s.stack) == 0:
		end, d, deep := headerDepth(s.src, i, s.limit)
		if d > s.limit {
			s.tooDeep(deep)
			return end
		}
		s.depth, s.inKey = d, false
		return end
	case c == '"' || c == '\'':
		if s.inKey {
			s.parts++
			if s.depth+s.parts > s.limit {
				s.tooDeep(i)
				return i
			}
		}
		end, _ := stringEnd(s.src, i, nil)
		s.inPart = false
		return end
	case s.inKey:
		s.keyByte(c, i)
	default:
		s.valueByte(c, i)
	}
	return i + 1
}

// keyByte reads a byte of a key.
func (s *depthScan) keyByte(c byte, i int) {
	switch {
	case c == '=':
		s.inKey, s.extra, s.parts = false, s.parts, 0
	case c == '.' || c == ',':
		// A comma here is out of place; it is skipped.
	case c == '}' && s.inBrace():
		// An empty inline table, or one with a trailing comma.
		s.depth = s.stack[len(s.stack)-1] >> 1
		s.stack = s.stack[:len(s.stack)-1]
		s.inKey, s.parts, s.extra = false, 0, 0
	default:
		if !s.inPart {
			s.parts++
			if s.depth+s.parts > s.limit {
				s.tooDeep(i)
				return
			}
		}
	}
	s.inPart = c != '.' && c != ',' && c != '}' && c != '='
}

// valueByte reads a byte of a value outside strings.
func (s *depthScan) valueByte(c byte, i int) {
	switch c {
	case '[', '{':
		brace := 0
		if c == '{' {
			brace = 1
		}
		s.stack = append(s.stack, s.depth<<1|brace)
		s.depth += s.extra + 1
		if s.depth > s.limit {
			s.tooDeep(i)
			return
		}
		s.extra = 0
		if c == '{' {
			s.inKey, s.parts, s.inPart = true, 0, false
		}
	case ']', '}':
		if len(s.stack) > 0 {
			s.depth = s.stack[len(s.stack)-1] >> 1
			s.stack = s.stack[:len(s.stack)-1]
		}
		s.extra = 0
	case ',':
		s.extra = 0
		if s.inBrace() {
			s.inKey, s.parts, s.inPart = true, 0, false
		}
	}
}

// headerDepth reads the header that starts at src[i] and returns the offset
// after it, its depth (its parts, plus one for an array of tables) and the
// offset of the part that made it deeper than limit, if it is.
func headerDepth(src []byte, i, limit int) (end, depth, deep int) {
	n := len(src)
	i++
	if i < n && src[i] == '[' {
		depth++
		i++
	}
	inPart := false
	for i < n {
		switch c := src[i]; c {
		case ']', '\n':
			return i, depth, 0
		case '"', '\'':
			depth++
			if depth > limit {
				return i, depth, i
			}
			if i, _ = stringEnd(src, i, nil); i < n && src[i] == '\n' {
				return i, depth, 0
			}
			inPart = false
		case '.', ' ', '\t', '\r':
			inPart = false
			i++
		default:
			if !inPart {
				inPart = true
				depth++
				if depth > limit {
					return i, depth, i
				}
			}
			i++
		}
	}
	return n, depth, 0
}
