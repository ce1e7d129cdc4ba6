package tomlscan

import "bytes"

// A large TOML file can be parsed in pieces, so that several cores work on
// it and memory holds one piece's parse at a time: Split cuts it before
// top-level [[name]] headers. Each chunk after the first holds whole
// elements of arrays of tables and nothing else, so it parses alone to the
// same values the whole file would give, its elements numbered after those
// of the chunks before it. A file that cannot be cut so safely is one
// chunk.

// Chunk is a piece of a TOML file, made by Split.
type Chunk struct {
	// Src is the chunk's text, a piece of the file's.
	Src []byte
	// Line is the line of the file the chunk starts on, from 1.
	Line int
	// Before counts, by array name, the [[name]] elements of the chunks
	// before.
	Before map[string]int
	// Arrays counts, by array name, the chunk's own [[name]] elements, and
	// First is the line of the file of the first of each.
	Arrays map[string]int
	First  map[string]int
	// Values counts the values in the chunk, roughly: every '=', ',' and
	// opening bracket outside strings and comments, and every header. A
	// parser takes memory in proportion to it.
	Values int
}

// Split cuts src before top-level [[name]] headers (with a bare name,
// outside strings, comments and values) into chunks of at least size
// bytes, or returns it as one chunk: when it is smaller than two chunks,
// or when a header would tie a chunk to another one (a [table] or
// [[table]] header not below the array of the element it follows, or one
// with a quoted name). Either way it counts the chunks' elements and
// values. It reads src once, never panics, and keeps nothing per header.
func Split(src []byte, size int) []Chunk {
	if size > 0 && len(src) >= 2*size {
		if chunks, cuttable := scanChunks(src, size); cuttable {
			return chunks
		}
	}
	chunks, _ := scanChunks(src, 0)
	return chunks
}

// scanChunks reads src once, skipping strings and comments, and finds the
// top-level [[name]] headers with a bare name that stand outside any value;
// when size > 0, it cuts before such headers into chunks of at least size
// bytes. It reports false when the file has a header that would tie a
// chunk to another one: a [table] or [[table]] header that is not below
// the array of the entry it follows, or one with a quoted name. It keeps
// nothing per header, so its memory is the chunks'.
func scanChunks(src []byte, size int) ([]Chunk, bool) {
	cuttable := true
	current := "" // the array whose entry the lines belong to
	var lx valueLexer
	c := Chunk{Src: src, Line: 1, Arrays: map[string]int{}, First: map[string]int{}}
	var out []Chunk
	start, line := 0, 1
	for off := 0; off < len(src); line++ {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off + 1
		}
		text := src[off:end]
		if lx.quote == 0 && lx.depth == 0 {
			trimmed := bytes.TrimLeft(text, " \t")
			if len(trimmed) > 0 && trimmed[0] == '[' {
				name, array, ok := headerName(trimmed)
				switch {
				case ok && array && isBareKey(name):
					if size > 0 && off-start >= size {
						c.Src, c.Values = src[start:off], c.Values+lx.values
						out = append(out, c)
						before := make(map[string]int, len(c.Before)+len(c.Arrays))
						for k, n := range c.Before {
							before[k] += n
						}
						for k, n := range c.Arrays {
							before[k] += n
						}
						c = Chunk{Line: line, Before: before, Arrays: map[string]int{}, First: map[string]int{}}
						start, lx.values = off, 0
					}
					if c.Arrays[name] == 0 {
						c.First[name] = line
					}
					c.Arrays[name]++
					current = name
				case ok && current != "" && len(name) > len(current) && name[:len(current)+1] == current+".":
					// A table below the current entry.
				default:
					cuttable = false
				}
				c.Values++
				off = end
				continue
			}
		}
		lx.line(text)
		off = end
	}
	c.Src, c.Values = src[start:], c.Values+lx.values
	return append(out, c), cuttable
}

// valueLexer follows strings and bracket nesting across the lines of key =
// value pairs.
type valueLexer struct {
	quote  byte // the quote of the multi-line string open, or 0
	depth  int  // brackets open in a value
	values int
}

// line reads one line.
func (lx *valueLexer) line(text []byte) {
	for i := 0; i < len(text); {
		if lx.quote != 0 {
			// Inside a multi-line string: look for its closing delimiter.
			c := text[i]
			if c == '\\' && lx.quote == '"' {
				i += 2
				continue
			}
			if c == lx.quote && i+2 < len(text) && text[i+1] == c && text[i+2] == c {
				i += 3
				for i < len(text) && text[i] == c {
					i++ // up to two quotes may end the string's text
				}
				lx.quote = 0
				continue
			}
			i++
			continue
		}
		switch c := text[i]; c {
		case '#':
			return
		case '=', ',':
			lx.values++
			i++
		case '[', '{':
			lx.values++
			lx.depth++
			i++
		case ']', '}':
			if lx.depth > 0 {
				lx.depth--
			}
			i++
		case '"', '\'':
			if i+2 < len(text) && text[i+1] == c && text[i+2] == c {
				lx.quote = c
				i += 3
				continue
			}
			// A one-line string: skip to its end.
			i++
			for i < len(text) && text[i] != c && text[i] != '\n' {
				if text[i] == '\\' && c == '"' {
					i++
				}
				i++
			}
			i++
		default:
			i++
		}
	}
}

// headerName reads the key of a header line "[a.b]" or "[[a]]", as written
// (spaces around it dropped), and whether it is an array header. It
// reports false for a header with a quoted key or with anything but a
// comment after it.
func headerName(line []byte) (string, bool, bool) {
	array := bytes.HasPrefix(line, []byte("[["))
	open, closing := "[", "]"
	if array {
		open, closing = "[[", "]]"
	}
	rest := line[len(open):]
	i := bytes.Index(rest, []byte(closing))
	if i < 0 || bytes.ContainsAny(rest[:i], `"'[`) {
		return "", false, false
	}
	name := string(bytes.TrimSpace(rest[:i]))
	after := bytes.TrimSpace(rest[i+len(closing):])
	if len(after) > 0 && after[0] != '#' {
		return "", false, false
	}
	return name, array, true
}

// isBareKey reports whether s is a bare key: not empty, and made of
// letters, digits, underscores and dashes only.
func isBareKey(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !bareKeyByte[s[i]] {
			return false
		}
	}
	return true
}
