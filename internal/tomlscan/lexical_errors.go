package tomlscan

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// BurntSushi/toml locates some syntax errors away from where the user should
// look. Its Position.Col is computed from the byte offset Start, but its
// Position.Line is the lexer's line when it gave up, which is one line
// further after a line break was read, and several lines further for an
// error inside a multi-line string; and an offset at the very start of a
// line gets the column just past the end of the line before. Errors about
// strings and escapes are located at the start of the string, or at its
// end. ParseErrorPosition undoes all that from the source and the message.

// ParseErrorPosition returns where a user should look for the syntax error
// that BurntSushi/toml reported at line:col (pe.Position.Line and
// pe.Position.Col) with message msg (pe.Message), in src:
//
//   - a string left open, on one line or several: its opening quote;
//   - an invalid escape, or a bad \x, \u or \U escape: its backslash;
//   - a control character, invalid UTF-8 or a NUL byte: that byte;
//   - six quotes or more closing a multi-line string: the first of them;
//   - a header left open ([[tile] or [a.b): the end of the header's own
//     line, not the next line;
//   - anything else: the reported position, moved to the start of the line
//     when BurntSushi/toml gave the column past the end of the line before.
//
// The result is always a position inside src (or just past its end), with a
// column counting characters as the position index does.
func ParseErrorPosition(src []byte, line, col int, msg string) Pos {
	// BurntSushi/toml reads past a byte order mark, and its offsets start
	// after it; so do the positions of this package.
	body := src[bomLen(src):]
	off, ok := findErrorOffset(body, msg)
	if !ok {
		off = reportedOffset(body, line, col, msg)
	}
	c := newCursor(src)
	return c.at(bomLen(src) + off)
}

// findErrorOffset finds the offset of the error in src from its message
// alone, for the errors whose kind says where they are.
func findErrorOffset(src []byte, msg string) (int, bool) {
	switch {
	case msg == "strings cannot contain newlines" || unclosedStringMessage(msg):
		return firstUnclosedString(src)
	case strings.Contains(msg, "escape") || strings.Contains(msg, "hexadecimal digits after") || strings.HasPrefix(msg, "Escaped character"):
		return firstBadEscape(src)
	case msg == `unexpected '""""""'` || msg == `unexpected "''''''"`:
		return firstLongClosingQuotes(src)
	case strings.HasPrefix(msg, "TOML files cannot contain control characters: '0x"):
		hex := strings.TrimSuffix(strings.TrimPrefix(msg, "TOML files cannot contain control characters: '0x"), "'")
		c, err := strconv.ParseUint(hex, 16, 8)
		if err != nil {
			return 0, false
		}
		return firstControl(src, byte(c))
	case strings.HasPrefix(msg, "files cannot contain NULL bytes"):
		return firstControl(src, 0)
	case strings.HasPrefix(msg, "invalid UTF-8"):
		for i := 0; i < len(src); {
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size == 1 {
				return i, true
			}
			i += size
		}
	}
	return 0, false
}

// unclosedStringMessage reports whether msg says that the file ended inside
// a string.
func unclosedStringMessage(msg string) bool {
	switch strings.TrimPrefix(msg, "unexpected EOF; expected ") {
	case `'"'`, `"'"`, `'"""'`, `"'''"`:
		return true
	}
	return false
}

// firstUnclosedString returns the offset of the opening quote of the first
// string that is not closed. BurntSushi/toml stops at the first error, so
// everything before it is valid TOML, where every quote outside comments and
// strings opens a string.
func firstUnclosedString(src []byte) (int, bool) {
	for i := 0; i < len(src); {
		switch src[i] {
		case '#':
			i = lineEnd(src, i)
		case '"', '\'':
			end, closed := stringEnd(src, i, nil)
			if !closed {
				return i, true
			}
			i = end
		default:
			i++
		}
	}
	return 0, false
}

// firstLongClosingQuotes returns the offset of the first run of six or more
// quotes that closes a multi-line string: three close it, up to two more
// belong to it, and more are an error.
func firstLongClosingQuotes(src []byte) (int, bool) {
	for i := 0; i < len(src); {
		switch q := src[i]; q {
		case '#':
			i = lineEnd(src, i)
		case '"', '\'':
			end, closed := stringEnd(src, i, nil)
			multi := i+2 < len(src) && src[i+1] == q && src[i+2] == q
			if closed && multi && end < len(src) && src[end] == q {
				return end - 5, true
			}
			i = end
		default:
			i++
		}
	}
	return 0, false
}

// firstBadEscape returns the offset of the backslash of the first escape
// that BurntSushi/toml rejects.
func firstBadEscape(src []byte) (int, bool) {
	bad := -1
	for i := 0; i < len(src) && bad < 0; {
		switch src[i] {
		case '#':
			i = lineEnd(src, i)
		case '"', '\'':
			multi := i+2 < len(src) && src[i+1] == src[i] && src[i+2] == src[i]
			end, _ := stringEnd(src, i, func(j int) {
				if bad < 0 && !validEscape(src, j, multi) {
					bad = j
				}
			})
			i = end
		default:
			i++
		}
	}
	return bad, bad >= 0
}

// validEscape reports whether the escape at the backslash src[i] is one that
// BurntSushi/toml accepts, in a multi-line string if multi.
func validEscape(src []byte, i int, multi bool) bool {
	if i+1 >= len(src) {
		return false
	}
	digits := 0
	switch src[i+1] {
	case 'b', 't', 'n', 'f', 'r', 'e', '"', '\\':
		return true
	case 'x':
		digits = 2
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	case ' ', '\t', '\r', '\n':
		// A backslash at the end of a line of a multi-line string, maybe
		// followed by blanks, joins the lines.
		if !multi {
			return false
		}
		j := i + 1
		for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r') {
			j++
		}
		return j < len(src) && src[j] == '\n'
	default:
		return false
	}
	if i+2+digits > len(src) {
		return false
	}
	r, err := strconv.ParseUint(string(src[i+2:i+2+digits]), 16, 32)
	return err == nil && utf8.ValidRune(rune(r))
}

// firstControl returns the offset of the first control character c that
// BurntSushi/toml rejects: a carriage return only when no line feed follows.
func firstControl(src []byte, c byte) (int, bool) {
	for i := 0; i < len(src); i++ {
		if src[i] == c && (c != '\r' || i+1 == len(src) || src[i+1] != '\n') {
			return i, true
		}
	}
	return 0, false
}

// reportedOffset turns BurntSushi/toml's line:col into a byte offset in src.
// BurntSushi/toml computes col from the byte offset of the error, relative
// to the line holding it, except that an offset at the start of a line gets
// the column past the end of the line before; and its line may be one too
// far. So the offset is one of: col on the reported line; the start of the
// reported line; col on the line before. The texts quoted in the message
// (what was found, the key defined twice) and the kind of error decide.
func reportedOffset(src []byte, line, col int, msg string) int {
	lines := LineStarts(src)
	line = min(max(line, 1), len(lines))
	col = max(col, 1)
	start := func(l int) int { return lines[l-1] }
	length := func(l int) int { // without the line break
		if l < len(lines) {
			return lines[l] - 1 - lines[l-1]
		}
		return len(src) - lines[l-1]
	}
	onLine, lineStart, lineBefore := -1, -1, -1
	if col-1 <= length(line) {
		onLine = start(line) + col - 1
	}
	if line > 1 && col-1 == length(line-1)+1 {
		lineStart = start(line)
	}
	if line > 1 && col-1 <= length(line-1) {
		lineBefore = start(line-1) + col - 1
	}
	got, hints := messageHints(msg)
	if strings.Contains(msg, "table name") || strings.Contains(msg, "table array name") {
		// A header left open: its own line starts with a bracket. When
		// the lexer read the line break, that is the line before.
		order := []int{onLine, lineBefore}
		if got == "\n" {
			order = []int{lineBefore, onLine}
		}
		for _, off := range order {
			if off >= 0 && isHeaderLine(src, off) && matchesHint(src, off, hints) {
				// Point at what was found instead of the bracket.
				if got != "" && !matchesText(src, off, got) && matchesText(src, off+1, got) {
					off++
				}
				return off
			}
		}
	}
	if len(hints) > 0 {
		for _, off := range []int{onLine, lineStart, lineBefore} {
			if off >= 0 && matchesHint(src, off, hints) {
				return off
			}
		}
	}
	for _, off := range []int{onLine, lineStart, lineBefore} {
		if off >= 0 {
			return off
		}
	}
	// Past the end of the line: keep the line, at its end.
	return start(line) + length(line)
}

// LineStarts returns the byte offset of the start of every line of src,
// the first line's (0) included: line n starts at LineStarts(src)[n-1].
func LineStarts(src []byte) []int {
	starts := []int{0}
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, i)
	}
	return starts
}

// isHeaderLine reports whether the line holding src[off] starts with '['.
func isHeaderLine(src []byte, off int) bool {
	if off > len(src) {
		return false
	}
	i := bytes.LastIndexByte(src[:off], '\n') + 1
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i < len(src) && src[i] == '['
}

// messageHints returns the texts of a message that should be found in the
// source where the error is: what was found instead of what was expected
// (also returned as got), every part of a key defined twice, or else every
// quoted text.
func messageHints(msg string) (got string, hints []string) {
	from := 0
	if i := strings.Index(msg, "but got "); i >= 0 {
		from = i
	} else if i := strings.Index(msg, "found "); i >= 0 {
		from = i
	}
	for i := from; i < len(msg); i++ {
		q := msg[i]
		if q != '\'' && q != '"' {
			continue
		}
		j := i + 1
		for j < len(msg) && msg[j] != q {
			if msg[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(msg) {
			break
		}
		raw := msg[i : j+1]
		text := raw[1 : len(raw)-1]
		if u, err := strconv.Unquote(raw); err == nil {
			text = u
		}
		if from > 0 && got == "" {
			got = text
		}
		if strings.HasPrefix(msg, "Key '") {
			hints = append(hints, strings.Split(text, ".")...)
		} else if text != "" {
			hints = append(hints, text)
		}
		i = j
	}
	return got, hints
}

// matchesHint reports whether one of the hints is written at off or just
// after it (BurntSushi/toml sometimes starts the error at the blank or the
// bracket before what it found).
func matchesHint(src []byte, off int, hints []string) bool {
	if len(hints) == 0 {
		return true
	}
	for _, h := range hints {
		if matchesText(src, off, h) || matchesText(src, off+1, h) {
			return true
		}
	}
	return false
}

// matchesText reports whether text is written at src[off]; BurntSushi/toml
// writes the end of the file as a NUL.
func matchesText(src []byte, off int, text string) bool {
	if text == "\x00" && off == len(src) {
		return true
	}
	return text != "" && off >= 0 && off <= len(src) && bytes.HasPrefix(src[off:], []byte(text))
}
