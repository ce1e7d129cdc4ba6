package tomlscan

import (
	"bytes"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// BurntSushi/toml keeps the positions of keys private, so the data paths of
// well-formed files are located with this small index instead. It maps the
// data path of every table, key and array element to where it is first
// defined in the source. It is meant to be built only after the TOML parser
// has accepted the file, so it may assume valid syntax; on anything unexpected it stops early and keeps what
// it found. The same scanner also finds TOML 1.1 syntax and the invalid TOML
// that BurntSushi/toml accepts (see lexical.go).
//
// Every part of the scan is linear in the size of the source: the index is a
// trie of path segments, so no key ever holds a whole path, and nesting is
// followed with an explicit stack rather than recursion.

// Pos is a line and column in a source file, both starting at 1. The
// column counts characters (runes; each byte of invalid UTF-8 counts as
// one), and a byte order mark at the start of the file is not counted.
type Pos struct{ Line, Column int }

// childKey names a node of the index below its parent node: a key, or the
// decimal index of an array element.
type childKey struct {
	parent int32
	name   string
}

// indexEntry is a node of the index: its id, which its children are keyed
// under, and the line and column where it is first defined.
type indexEntry struct {
	id, line, col int32
}

func (e indexEntry) pos() Pos { return Pos{int(e.line), int(e.col)} }

// Index holds where every data path of a TOML file is first defined; make
// one with NewIndex. It is a trie of data paths: it maps a node (the root
// is 0) and the next segment of a path to the child node and its position,
// so that no key holds a whole path. The zero Index knows no path.
type Index struct {
	entries map[childKey]indexEntry
}

// Lookup returns the position of the data path (keys, and the decimal
// index of an array element, as BurntSushi/toml decodes them), or of its
// nearest ancestor that has one; the start of the file, 1:1, when none
// has.
func (ix Index) Lookup(path []string) Pos {
	pos := Pos{1, 1}
	var id int32
	for _, seg := range path {
		e, ok := ix.entries[childKey{id, seg}]
		if !ok {
			break
		}
		pos, id = e.pos(), e.id
	}
	return pos
}

// NewIndex scans TOML source and returns its position index. It assumes
// the file is valid TOML (BurntSushi/toml has accepted it); on anything
// else it stops early, never panicking, and keeps what it found. Every
// prefix of a header or of a dotted key is recorded where it first occurs,
// an array of tables where its first [[header]] is, and keys under the
// names BurntSushi/toml decodes them to.
func NewIndex(src []byte) Index {
	lx := newLexer(src, scanIndex)
	lx.run()
	return Index{lx.index}
}

// NewerSyntax is one use of TOML 1.1 syntax, which TOML 1.0 tools reject,
// found by Check.
type NewerSyntax struct {
	// Pos is where it is.
	Pos Pos
	// What names the syntax and says how TOML 1.0 writes it instead ("a
	// trailing comma in an inline table", "a time without seconds (write
	// :00 seconds)").
	What string
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// scanMode selects what a lexer collects.
type scanMode uint8

const (
	// scanIndex records the position of every table, key and element.
	scanIndex scanMode = 1 << iota
	// scanNewer collects uses of TOML 1.1 syntax.
	scanNewer
	// scanProblems collects invalid TOML that BurntSushi/toml accepts.
	scanProblems
	// scanSuspects notes, without following the nodes of the data,
	// whether a scan for problems could find any: whether there is a
	// dotted key, or a header naming a key that holds an inline table or
	// array.
	scanSuspects
)

// nodeKind says how a node of the data was made, which decides how it may
// be extended later.
type nodeKind uint8

const (
	// kindImplicit is a table named on the way to a header, or the root.
	kindImplicit nodeKind = iota
	// kindHeader is a table defined by its own [header].
	kindHeader
	// kindArrayOfTables is an array of tables, extended by [[headers]].
	kindArrayOfTables
	// kindElement is an element of an array of tables.
	kindElement
	// kindDotted is a table made by dotted keys.
	kindDotted
	// kindInlineTable is a value written { ... }.
	kindInlineTable
	// kindInlineArray is a value written [ ... ].
	kindInlineArray
	// kindValue is any other value.
	kindValue
)

// node is what the lexer knows of a node of the data.
type node struct {
	kind nodeKind
	// dotted says whether some child was made by dotted keys.
	dotted bool
	// last is, for an array of tables, its last element.
	last int32
	// elems counts the elements of an array of tables so far.
	elems int32
}

// keyPart is one part of a dotted key.
type keyPart struct {
	// name is the name as BurntSushi/toml decodes it; when the lexer does
	// not follow nodes, only for a name with escapes.
	name string
	// from and to delimit the name in the source, without its quotes.
	from, to int
}

// frame is an array or inline table being read.
type frame struct {
	// node is the array or inline table, or -1 when it is not followed.
	node int32
	// open is the offset of its opening bracket.
	open int
	// elems counts the elements of an array so far.
	elems  int32
	inline bool
	// comma says, in an inline table, that the last thing read was a comma.
	comma bool
	// multiline says, in an inline table, that a line break was seen.
	multiline bool
}

// found is a finding of the lexer at an offset, located at the end.
type found struct {
	off  int
	what string
}

// lexer scans TOML source once, byte by byte.
type lexer struct {
	src  []byte
	str  string // src as a string, which key names are cut from
	off  int
	mode scanMode
	// model says whether the nodes of the data are followed.
	model bool
	index map[childKey]indexEntry
	nodes []node
	// table is the table of the last header, where key/value pairs go.
	table int32
	stack []frame
	keys  []keyPart
	// cursor turns the increasing offsets of new nodes into positions.
	cursor   posCursor
	newer    []found
	problems []found
	// escape is lx.noteEscape, made once.
	escape func(int)
	// inlineNames holds, for scanSuspects, the names of the keys that hold
	// inline tables or arrays, and suspect says whether a scan for
	// problems is needed.
	inlineNames nameSet
	suspect     bool
}

func newLexer(src []byte, mode scanMode) *lexer {
	lx := &lexer{src: src, mode: mode, model: mode&(scanIndex|scanProblems) != 0, cursor: newCursor(src)}
	if lx.model {
		lx.str = string(src)
		lx.index = map[childKey]indexEntry{}
		lx.nodes = []node{{kind: kindImplicit}}
	}
	if mode&scanNewer != 0 {
		lx.escape = lx.noteEscape
	}
	return lx
}

// results returns what the lexer found, sorted and located.
func (lx *lexer) results() ([]NewerSyntax, []Problem) {
	var newer []NewerSyntax
	var problems []Problem
	sortFound(lx.newer)
	sortFound(lx.problems)
	c := newCursor(lx.src)
	for _, f := range lx.newer {
		newer = append(newer, NewerSyntax{c.at(f.off), f.what})
	}
	c = newCursor(lx.src)
	for _, f := range lx.problems {
		problems = append(problems, Problem{c.at(f.off), f.what})
	}
	return newer, problems
}

func sortFound(fs []found) {
	slices.SortStableFunc(fs, func(a, b found) int { return a.off - b.off })
}

func (lx *lexer) eof() bool { return lx.off >= len(lx.src) }

func (lx *lexer) peek() byte {
	if lx.off >= len(lx.src) {
		return 0
	}
	return lx.src[lx.off]
}

// eat skips c if it is next.
func (lx *lexer) eat(c byte) bool {
	if lx.peek() == c {
		lx.off++
		return true
	}
	return false
}

// spaces skips blanks within a line.
func (lx *lexer) spaces() {
	for lx.off < len(lx.src) {
		switch lx.src[lx.off] {
		case ' ', '\t', '\r':
			lx.off++
		default:
			return
		}
	}
}

// blank skips blanks and comments, and with lines also line breaks; it
// reports whether it skipped a line break.
func (lx *lexer) blank(lines bool) bool {
	crossed := false
	for lx.off < len(lx.src) {
		switch lx.src[lx.off] {
		case ' ', '\t', '\r':
			lx.off++
		case '#':
			lx.off = lineEnd(lx.src, lx.off)
		case '\n':
			if !lines {
				return crossed
			}
			crossed = true
			lx.off++
		default:
			return crossed
		}
	}
	return crossed
}

func (lx *lexer) newerAt(off int, what string) {
	if lx.mode&scanNewer != 0 {
		lx.newer = append(lx.newer, found{off, what})
	}
}

func (lx *lexer) problemAt(off int, what string) {
	lx.problems = append(lx.problems, found{off, what})
}

// noteEscape notes a \e or \xHH escape at the backslash at off.
func (lx *lexer) noteEscape(off int) {
	if off+1 >= len(lx.src) {
		return
	}
	switch lx.src[off+1] {
	case 'e':
		lx.newerAt(off, `the \e escape (write \u001B)`)
	case 'x':
		lx.newerAt(off, `a \xHH escape (write \u00HH)`)
	}
}

// run scans the whole source.
func (lx *lexer) run() {
	lx.off = bomLen(lx.src)
	for {
		lx.blank(true)
		if lx.eof() {
			return
		}
		var ok bool
		if lx.src[lx.off] == '[' {
			ok = lx.header()
		} else {
			ok = lx.keyValue()
		}
		if !ok {
			return
		}
		// Only a comment may follow on the line.
		lx.blank(false)
		if !lx.eof() && lx.src[lx.off] != '\n' {
			return
		}
	}
}

// header reads [table] or [[array.of.tables]] and makes its table the
// current one.
func (lx *lexer) header() bool {
	at := lx.off
	lx.off++
	array := lx.eat('[')
	if !lx.key() {
		return false
	}
	lx.spaces()
	if !lx.eat(']') || array && !lx.eat(']') {
		return false
	}
	if !lx.model {
		if lx.mode&scanSuspects != 0 {
			for _, k := range lx.keys {
				if lx.isInlineName(k) {
					lx.suspect = true
				}
			}
		}
		return true
	}
	keys := lx.keys
	cur := int32(0)
	reported := false
	for i, k := range keys {
		last := i == len(keys)-1
		id, ok := lx.child(cur, k.name)
		if !ok {
			kind := kindImplicit
			if last && array {
				kind = kindArrayOfTables
			} else if last {
				kind = kindHeader
			}
			id = lx.add(cur, k.name, kind, at)
		} else if lx.mode&scanProblems != 0 && !reported {
			switch k := lx.nodes[id].kind; k {
			case kindInlineTable, kindInlineArray:
				// BurntSushi/toml rejects a header naming an inline array
				// itself, but not one going through it.
				if k == kindInlineTable || !last {
					lx.problemAt(at, inlineMessage(k, keys[:i+1], keys[i+1:]))
					reported = true
				}
			case kindDotted:
				if last && !array {
					lx.problemAt(at, formatKey(keys)+" is already a table made by dotted keys and cannot be defined again by a [header]; "+
						"write all its keys in one place")
					reported = true
				}
			}
		}
		switch n := &lx.nodes[id]; {
		case last && !array && n.kind == kindImplicit:
			n.kind = kindHeader
		case n.kind == kindArrayOfTables && last && array:
			id = lx.element(id, at)
		case n.kind == kindArrayOfTables && n.last > 0:
			id = n.last
		}
		cur = id
	}
	lx.table = cur
	return true
}

// element adds an element to the array of tables a, defined at offset at.
func (lx *lexer) element(a int32, at int) int32 {
	n := lx.nodes[a].elems
	var id int32
	if lx.mode&scanIndex != 0 {
		id = lx.add(a, strconv.Itoa(int(n)), kindElement, at)
	} else {
		id = lx.anonymous(kindElement)
	}
	lx.nodes[a].elems = n + 1
	lx.nodes[a].last = id
	return id
}

// child returns the child of parent with the given name.
func (lx *lexer) child(parent int32, name string) (int32, bool) {
	e, ok := lx.index[childKey{parent, name}]
	return e.id, ok
}

// add makes a child of parent, defined at offset at.
func (lx *lexer) add(parent int32, name string, kind nodeKind, at int) int32 {
	id := lx.anonymous(kind)
	e := indexEntry{id: id}
	if lx.mode&scanIndex != 0 {
		p := lx.cursor.at(at)
		e.line, e.col = int32(min(p.Line, math.MaxInt32)), int32(min(p.Column, math.MaxInt32))
	}
	lx.index[childKey{parent, name}] = e
	return id
}

// anonymous makes a node that no path leads to.
func (lx *lexer) anonymous(kind nodeKind) int32 {
	lx.nodes = append(lx.nodes, node{kind: kind})
	return int32(len(lx.nodes) - 1)
}

// key reads a possibly dotted key into lx.keys.
func (lx *lexer) key() bool {
	lx.keys = lx.keys[:0]
	for {
		lx.spaces()
		lx.keys = append(lx.keys, keyPart{})
		if !lx.keyPart(&lx.keys[len(lx.keys)-1]) {
			return false
		}
		lx.spaces()
		if !lx.eat('.') {
			return true
		}
	}
}

// keyPart reads a bare or quoted key into k. Its name is the one
// BurntSushi/toml decodes.
func (lx *lexer) keyPart(k *keyPart) bool {
	start := lx.off
	switch q := lx.peek(); q {
	case '"', '\'':
		end, closed := stringEnd(lx.src, start, lx.escapeFor(q))
		if !closed || end-start < 2 || end-start >= 3 && lx.src[start+1] == q && lx.src[start+2] == q {
			return false
		}
		lx.off = end
		k.from, k.to = start+1, end-1
		if q == '"' && bytes.IndexByte(lx.src[k.from:k.to], '\\') >= 0 {
			k.name = unescapeBasic(lx.src[k.from:k.to])
		} else if lx.model {
			k.name = lx.str[k.from:k.to]
		}
		return true
	}
	i := start
	for i < len(lx.src) && bareKeyByte[lx.src[i]] {
		i++
	}
	if i == start {
		return false
	}
	lx.off = i
	k.from, k.to = start, i
	if lx.model {
		k.name = lx.str[start:i]
	}
	return true
}

// isInlineName reports whether the key part is the name of a key that
// holds an inline table or array, for scanSuspects.
func (lx *lexer) isInlineName(k keyPart) bool {
	if k.name != "" || k.from == k.to {
		return lx.inlineNames.has([]byte(k.name))
	}
	return lx.inlineNames.has(lx.src[k.from:k.to])
}

// nameSet is a set of names. Files use few distinct names, which a list
// finds faster than a map.
type nameSet struct {
	list []string
	m    map[string]struct{}
}

func (s *nameSet) has(name []byte) bool {
	if s.m != nil {
		_, ok := s.m[string(name)]
		return ok
	}
	for _, n := range s.list {
		if n == string(name) {
			return true
		}
	}
	return false
}

func (s *nameSet) add(name string) {
	if s.m != nil {
		s.m[name] = struct{}{}
		return
	}
	s.list = append(s.list, name)
	if len(s.list) > 16 {
		s.m = map[string]struct{}{}
		for _, n := range s.list {
			s.m[n] = struct{}{}
		}
	}
}

// bareKeyByte says which bytes bare keys are made of.
var bareKeyByte = func() (t [256]bool) {
	for c := range t {
		t[c] = c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	return t
}()

// unescapeBasic decodes the escapes of a basic string as BurntSushi/toml
// does; it never fails, keeping what it cannot decode.
func unescapeBasic(raw []byte) string {
	var b strings.Builder
	b.Grow(len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' || i+1 >= len(raw) {
			b.WriteByte(c)
			continue
		}
		digits := 0
		switch raw[i+1] {
		case 'b':
			b.WriteByte('\b')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case 'e':
			b.WriteByte(0x1b)
		case '"', '\\':
			b.WriteByte(raw[i+1])
		case 'x':
			digits = 2
		case 'u':
			digits = 4
		case 'U':
			digits = 8
		default:
			b.WriteByte(c)
			continue
		}
		if digits == 0 {
			i++
			continue
		}
		if i+2+digits > len(raw) {
			b.WriteByte(c)
			continue
		}
		r, err := strconv.ParseUint(string(raw[i+2:i+2+digits]), 16, 32)
		if err != nil || !utf8.ValidRune(rune(r)) {
			b.WriteByte(c)
			continue
		}
		b.WriteRune(rune(r))
		i += 1 + digits
	}
	return b.String()
}

// keyValue reads key = value in the current table.
func (lx *lexer) keyValue() bool {
	at := lx.off
	if !lx.key() || !lx.eat('=') {
		return false
	}
	lx.spaces()
	n := lx.assign(lx.table, at, lx.peek())
	return lx.values(n)
}

// assign finds or makes the node of the key in lx.keys, read at offset at in
// the table or inline table block, for a value starting with the byte v. It
// returns -1 when the value's node is not needed.
func (lx *lexer) assign(block int32, at int, v byte) int32 {
	if !lx.model {
		if lx.mode&scanSuspects != 0 && len(lx.keys) > 0 {
			if len(lx.keys) > 1 {
				lx.suspect = true
			} else if k := lx.keys[0]; (v == '{' || v == '[') && !lx.isInlineName(k) {
				name := k.name
				if name == "" {
					name = string(lx.src[k.from:k.to])
				}
				lx.inlineNames.add(name)
			}
		}
		return -1
	}
	if block < 0 || len(lx.keys) == 0 {
		return -1
	}
	keys := lx.keys
	check := lx.mode&scanProblems != 0
	reported := false
	cur := block
	for i := 0; i < len(keys)-1; i++ {
		id, ok := lx.child(cur, keys[i].name)
		if !ok {
			id = lx.add(cur, keys[i].name, kindDotted, at)
			lx.nodes[cur].dotted = true
		} else if check && !reported {
			switch k := lx.nodes[id].kind; k {
			case kindInlineTable, kindInlineArray:
				lx.problemAt(at, inlineMessage(k, keys[:i+1], keys[i+1:]))
				reported = true
			case kindHeader, kindArrayOfTables:
				lx.problemAt(at, formatKey(keys[:i+1])+" is defined by its own [header] and cannot be extended by dotted keys here; "+
					"write "+formatKey(keys[i+1:])+" under that header")
				reported = true
			}
		}
		if n := lx.nodes[id]; n.kind == kindArrayOfTables && n.last > 0 {
			id = n.last
		}
		cur = id
	}
	kind := kindValue
	switch v {
	case '{':
		kind = kindInlineTable
	case '[':
		kind = kindInlineArray
	}
	if kind == kindValue && lx.mode&scanIndex == 0 && !lx.nodes[cur].dotted {
		// Nothing can extend a plain value, and it cannot clash with a
		// table made by dotted keys here.
		return -1
	}
	last := keys[len(keys)-1]
	if id, ok := lx.child(cur, last.name); ok {
		if check && !reported && lx.nodes[id].kind == kindDotted {
			lx.problemAt(at, formatKey(keys)+" is already a table made by dotted keys and cannot also be given a value")
		}
		return id
	}
	if kind == kindValue && lx.mode&scanIndex == 0 {
		return -1
	}
	return lx.add(cur, last.name, kind, at)
}

// inlineMessage describes extending the inline table or array named by
// keys with the rest of a key or header.
func inlineMessage(kind nodeKind, keys, rest []keyPart) string {
	name := formatKey(keys)
	if kind == kindInlineArray {
		return name + " is an inline array and cannot be extended here; change it inside its brackets"
	}
	add := "its keys"
	if len(rest) > 0 {
		add = formatKey(rest)
	}
	return name + " is an inline table and cannot be extended here; add " + add + " inside its braces"
}

// formatKey writes a dotted key, quoting the parts that need it.
func formatKey(keys []keyPart) string {
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte('.')
		}
		bare := k.name != ""
		for j := 0; j < len(k.name); j++ {
			if !bareKeyByte[k.name[j]] {
				bare = false
				break
			}
		}
		if bare {
			b.WriteString(k.name)
		} else {
			b.WriteString(strconv.Quote(k.name))
		}
	}
	return b.String()
}

// valueState is where values stands in reading a value.
type valueState int

const (
	atValue      valueState = iota // a value starts here
	afterValue                     // a value has ended
	atElement                      // in an array, before an element or ']'
	atMember                       // in an inline table, before a key or '}'
	valuesDone                     // the outermost value has ended
	valuesFailed                   // the source is not as expected
)

// values reads the value at the current offset, whose node is n, with all
// the arrays and inline tables nested in it.
func (lx *lexer) values(n int32) bool {
	state := atValue
	for {
		switch state {
		case atValue:
			state, n = lx.valueStart(n)
		case afterValue:
			state = lx.valueEnd()
		case atElement:
			state, n = lx.arrayElement()
		case atMember:
			state, n = lx.inlineMember()
		case valuesDone:
			return true
		default:
			return false
		}
	}
}

// valueStart reads a string or scalar, or opens an array or inline table,
// whose node is n.
func (lx *lexer) valueStart(n int32) (valueState, int32) {
	if lx.eof() {
		return valuesFailed, n
	}
	switch c := lx.src[lx.off]; c {
	case '"', '\'':
		end, closed := stringEnd(lx.src, lx.off, lx.escapeFor(c))
		if !closed {
			return valuesFailed, n
		}
		lx.off = end
		return afterValue, n
	case '[':
		lx.stack = append(lx.stack, frame{node: n, open: lx.off})
		lx.off++
		return atElement, n
	case '{':
		if n < 0 && lx.mode&scanProblems != 0 {
			n = lx.anonymous(kindInlineTable)
		}
		lx.stack = append(lx.stack, frame{node: n, open: lx.off, inline: true})
		lx.off++
		return atMember, n
	default:
		if !lx.scalar() {
			return valuesFailed, n
		}
		return afterValue, n
	}
}

// valueEnd reads what follows a value: a comma, or the bracket or brace
// that closes the array or inline table around it.
func (lx *lexer) valueEnd() valueState {
	if len(lx.stack) == 0 {
		return valuesDone
	}
	f := &lx.stack[len(lx.stack)-1]
	if f.inline {
		lx.inlineBlank(f)
	} else {
		lx.blank(true)
	}
	switch c := lx.peek(); {
	case c == ',':
		lx.off++
		f.comma = true
		if f.inline {
			return atMember
		}
		return atElement
	case c == ']' && !f.inline || c == '}' && f.inline:
		lx.off++
		lx.stack = lx.stack[:len(lx.stack)-1]
		return afterValue
	default:
		return valuesFailed
	}
}

// arrayElement reads what starts an array's element, or the bracket that
// closes it, and returns the element's node.
func (lx *lexer) arrayElement() (valueState, int32) {
	f := &lx.stack[len(lx.stack)-1]
	lx.blank(true)
	if lx.eof() {
		return valuesFailed, -1
	}
	if lx.src[lx.off] == ']' {
		lx.off++
		lx.stack = lx.stack[:len(lx.stack)-1]
		return afterValue, -1
	}
	n := int32(-1)
	if lx.mode&scanIndex != 0 && f.node >= 0 {
		kind := kindValue
		switch lx.src[lx.off] {
		case '{':
			kind = kindInlineTable
		case '[':
			kind = kindInlineArray
		}
		n = lx.add(f.node, strconv.Itoa(int(f.elems)), kind, lx.off)
	}
	f.elems++
	return atValue, n
}

// inlineMember reads the key of an inline table's member, or the brace
// that closes it, and returns the member's node.
func (lx *lexer) inlineMember() (valueState, int32) {
	f := &lx.stack[len(lx.stack)-1]
	lx.inlineBlank(f)
	if lx.eof() {
		return valuesFailed, -1
	}
	if lx.src[lx.off] == '}' {
		if f.comma {
			lx.newerAt(f.open, "a trailing comma in an inline table")
		}
		lx.off++
		lx.stack = lx.stack[:len(lx.stack)-1]
		return afterValue, -1
	}
	at := lx.off
	if !lx.key() || !lx.eat('=') {
		return valuesFailed, -1
	}
	lx.spaces()
	f.comma = false
	return atValue, lx.assign(f.node, at, lx.peek())
}

// escapeFor returns the function to call on the escapes of a string that
// starts with the quote q.
func (lx *lexer) escapeFor(q byte) func(int) {
	if q == '"' {
		return lx.escape
	}
	return nil
}

// inlineBlank skips blanks in an inline table and notes its first line
// break.
func (lx *lexer) inlineBlank(f *frame) {
	if lx.blank(true) && !f.multiline {
		f.multiline = true
		lx.newerAt(f.open, "an inline table spread over several lines (keep it on one line, or use a [table])")
	}
}

// scalar reads a number, boolean or date and notes a time without seconds.
func (lx *lexer) scalar() bool {
	start := lx.off
	colon := false
scan:
	for lx.off < len(lx.src) {
		switch lx.src[lx.off] {
		case ',', ']', '}', '#', '\n':
			break scan
		case ':':
			colon = true
		}
		lx.off++
	}
	text := bytes.TrimSpace(lx.src[start:lx.off])
	if len(text) == 0 {
		return false
	}
	if colon && lx.mode&scanNewer != 0 && timeWithoutSeconds(text) {
		lx.newerAt(start, "a time without seconds (write :00 seconds)")
	}
	return true
}

// timeWithoutSeconds reports whether text is a local time hh:mm or a date
// and time yyyy-mm-dd[T ]hh:mm with an optional offset, without seconds.
func timeWithoutSeconds(text []byte) bool {
	digits := func(s []byte) bool {
		for _, c := range s {
			if !isDigit(c) {
				return false
			}
		}
		return true
	}
	hhmm := func(s []byte) bool { return len(s) == 5 && digits(s[:2]) && s[2] == ':' && digits(s[3:]) }
	if len(text) == 5 {
		return hhmm(text)
	}
	if len(text) < 16 || !digits(text[:4]) || text[4] != '-' || !digits(text[5:7]) || text[7] != '-' || !digits(text[8:10]) {
		return false
	}
	if c := text[10]; c != 'T' && c != 't' && c != ' ' || !hhmm(text[11:16]) {
		return false
	}
	switch zone := text[16:]; {
	case len(zone) == 0:
		return true
	case len(zone) == 1:
		return zone[0] == 'Z' || zone[0] == 'z'
	case len(zone) == 6:
		return (zone[0] == '+' || zone[0] == '-') && hhmm(zone[1:])
	}
	return false
}

// posCursor turns offsets into positions, reading forward from the last
// offset asked for, so that increasing offsets cost one pass in all.
type posCursor struct {
	src        []byte
	start, off int
	line, col  int
}

func newCursor(src []byte) posCursor {
	s := bomLen(src)
	return posCursor{src: src, start: s, off: s, line: 1, col: 1}
}

// at returns the position of the byte at off.
func (c *posCursor) at(off int) Pos {
	if off < c.off {
		c.off, c.line, c.col = c.start, 1, 1
	}
	if off > len(c.src) {
		off = len(c.src)
	}
	for c.off < off {
		b := c.src[c.off]
		switch {
		case b == '\n':
			c.off++
			c.line++
			c.col = 1
		case b < utf8.RuneSelf:
			c.off++
			c.col++
		default:
			_, size := utf8.DecodeRune(c.src[c.off:])
			c.off += size
			c.col++
		}
	}
	return Pos{c.line, c.col}
}
