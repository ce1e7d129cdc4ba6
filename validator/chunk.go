package validator

import "bytes"

// A data file is parsed in pieces so that every core works on it and so
// that memory holds one piece's parse at a time, not the whole file's: it
// is cut before top-level [[name]] headers into chunks of at least
// chunkSize bytes. Each chunk after the first holds whole entries of arrays
// of tables and nothing else, so it parses alone to the same values the
// whole file would give, its entries numbered after those of the chunks
// before it. A file that cannot be cut so safely is one chunk.

// chunkSize is the least size of a chunk; files smaller than two chunks are
// never cut.
const chunkSize = 64 << 10

// MaxValues is the most values (keys, array elements, tables) one chunk
// may have. Parsing takes a few hundred bytes a value, so this bounds the
// memory a file can take; real data has a few thousand a chunk.
const MaxValues = 400_000

// chunk is a piece of a data file.
type chunk struct {
	src []byte
	// line is the line of the file the chunk starts on, from 1.
	line int
	// before counts, by array name, the entries of the chunks before.
	before map[string]int
	// arrays counts, by array name, the chunk's own [[name]] entries, and
	// first is the line of the first of each.
	arrays map[string]int
	first  map[string]int
	// values counts the values in the chunk, roughly: every '=', ',' and
	// opening bracket outside strings and comments, and every header.
	values int
}

// splitChunks cuts src before top-level [[name]] headers into chunks of at
// least chunkSize bytes, or returns it as one chunk.
func splitChunks(src []byte) []chunk {
	cut := len(src) >= 2*chunkSize
	chunks, cuttable := scanChunks(src, cut)
	if cut && !cuttable {
		chunks, _ = scanChunks(src, false)
	}
	return chunks
}

// scanChunks reads src once, skipping strings and comments, and finds the
// top-level [[name]] headers with a bare name that stand outside any value;
// when cut, it cuts before such headers into chunks of at least chunkSize
// bytes. It reports false when the file has a header that would tie a
// chunk to another one: a [table] or [[table]] header that is not below
// the array of the entry it follows, or one with a quoted name. It keeps
// nothing per header, so its memory is the chunks'.
func scanChunks(src []byte, cut bool) ([]chunk, bool) {
	cuttable := true
	current := "" // the array whose entry the lines belong to
	var lx valueLexer
	c := chunk{src: src, line: 1, arrays: map[string]int{}, first: map[string]int{}}
	var out []chunk
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
					if cut && off-start >= chunkSize {
						c.src, c.values = src[start:off], c.values+lx.values
						out = append(out, c)
						before := make(map[string]int, len(c.before)+len(c.arrays))
						for k, n := range c.before {
							before[k] += n
						}
						for k, n := range c.arrays {
							before[k] += n
						}
						c = chunk{line: line, before: before, arrays: map[string]int{}, first: map[string]int{}}
						start, lx.values = off, 0
					}
					if c.arrays[name] == 0 {
						c.first[name] = line
					}
					c.arrays[name]++
					current = name
				case ok && current != "" && len(name) > len(current) && name[:len(current)+1] == current+".":
					// A table below the current entry.
				default:
					cuttable = false
				}
				c.values++
				off = end
				continue
			}
		}
		lx.line(text)
		off = end
	}
	c.src, c.values = src[start:], c.values+lx.values
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

func isBareKey(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
