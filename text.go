package tilekit

import (
	"path"
	"strconv"
	"strings"
	"unicode/utf8"
)

// TextFolder is the folder of a data folder that holds the rules texts:
// TextFolder/<lang>/<expansion-id>.md for an expansion and
// TextFolder/<lang>/<expansion-id>--<part>.md for one of its parts.
const TextFolder = "expansions/text"

// partSeparator separates an expansion's id from a part's name in the name
// of a text file, since a file name cannot hold the slash of a part's id.
const partSeparator = "--"

// Text is the rules text of an expansion, or of one part of it, in one
// language: Markdown written for tilekit in the project's own words, which
// starts with a first-level heading and cites its sources by name and date.
type Text struct {
	// Expansion is the id of the expansion or part the text is about, such
	// as "princess-dragon" or "princess-dragon/fairy".
	Expansion string
	// Lang is the language the text is written in, a two-letter code such
	// as "en" (the name of its folder).
	Lang string
	// Markdown is the text as it was read, without a byte-order mark.
	Markdown string
	// Origin says which file the text was read from; it has no data path.
	Origin Origin
}

// TextPath returns where, inside a data folder, the text of an expansion or
// part in a language is kept, such as
// "expansions/text/en/princess-dragon--fairy.md" for the part
// "princess-dragon/fairy".
func TextPath(expansion, lang string) string {
	return path.Join(TextFolder, lang, strings.Replace(expansion, "/", partSeparator, 1)+".md")
}

// ParseTextPath reads the language and the expansion or part id from the
// path of a text file inside a data folder, the inverse of TextPath. It
// reports false for a path that does not have the layout of a text file;
// it does not check that the language or the expansion exist.
func ParseTextPath(p string) (expansion, lang string, ok bool) {
	rest, found := strings.CutPrefix(p, TextFolder+"/")
	if !found {
		return "", "", false
	}
	lang, file, found := strings.Cut(rest, "/")
	if !found || lang == "" || strings.Contains(file, "/") {
		return "", "", false
	}
	name, found := strings.CutSuffix(file, ".md")
	if !found || name == "" {
		return "", "", false
	}
	return strings.Replace(name, partSeparator, "/", 1), lang, true
}

// Limits on a rules text. The Markdown parser takes time that grows with
// the square of a paragraph's length, or of its nesting, on some inputs
// (a run of "[a](", thousands of ">"), so a text is held to sizes it
// parses in well under a second; the built-in texts are about 5 KB, with
// blocks of at most 1.3 KB and lists two levels deep.
const (
	// MaxTextSize is the largest rules text, in bytes.
	MaxTextSize = 128 << 10
	// MaxTextBlock is the longest run of lines without a blank line between
	// them (a paragraph, a list, a table), in bytes.
	MaxTextBlock = 4 << 10
	// MaxTextNesting is the most block quotes and list items a line may
	// open, one inside the other.
	MaxTextNesting = 8
)

// TextLimit names one of the limits on a rules text.
type TextLimit int

// The limits on a rules text.
const (
	TextSizeLimit    TextLimit = iota + 1 // MaxTextSize
	TextBlockLimit                        // MaxTextBlock
	TextNestingLimit                      // MaxTextNesting
)

// TextExcess is where a rules text goes past one of its limits.
type TextExcess struct {
	Limit TextLimit
	// Line and Column (from 1, the column in characters) are where: the
	// start of the text for its size, the first line of a block too long,
	// the block quote or list marker past the limit of nesting.
	Line, Column int
	// Size is what goes past the limit: the text's or the block's size in
	// bytes, or the nesting.
	Size int
}

// CheckTextLimits returns the first place where a rules text goes past a
// limit, and false when it keeps to them all. It reads the text once.
func CheckTextLimits(src string) (TextExcess, bool) {
	if len(src) > MaxTextSize {
		return TextExcess{Limit: TextSizeLimit, Line: 1, Column: 1, Size: len(src)}, true
	}
	blockLine, blockSize := 0, 0
	for n, line := range strings.Split(src, "\n") {
		if strings.TrimLeft(strings.TrimSuffix(line, "\r"), " \t") == "" {
			blockLine, blockSize = 0, 0
			continue
		}
		if blockLine == 0 {
			blockLine = n + 1
		}
		if blockSize += len(line) + 1; blockSize > MaxTextBlock {
			return TextExcess{Limit: TextBlockLimit, Line: blockLine, Column: 1, Size: blockRunSize(src, blockLine)}, true
		}
		if depth, at := lineNesting(line); depth > MaxTextNesting {
			return TextExcess{Limit: TextNestingLimit, Line: n + 1, Column: utf8.RuneCountInString(line[:at]) + 1, Size: depth}, true
		}
	}
	return TextExcess{}, false
}

// blockRunSize returns the size in bytes of the block of src that starts
// at line first.
func blockRunSize(src string, first int) int {
	size := 0
	for n, line := range strings.Split(src, "\n") {
		switch {
		case n+1 < first:
		case strings.TrimLeft(strings.TrimSuffix(line, "\r"), " \t") == "":
			if size > 0 {
				return size
			}
		default:
			size += len(line) + 1
		}
	}
	return size
}

// lineNesting counts the block quote and list markers a line starts
// with, one inside the other, and returns where the marker past
// MaxTextNesting starts. A thematic break ("- - -", "* * *") opens none.
func lineNesting(line string) (depth, at int) {
	if isThematicBreak(line) {
		return 0, 0
	}
	i := 0
	for {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		n := markerLength(line[i:])
		if n == 0 {
			return depth, at
		}
		if depth++; depth == MaxTextNesting+1 {
			at = i
		}
		i += n
	}
}

// markerLength returns the length of the block quote or list marker s
// starts with ("> ", "- ", "1. "), or 0.
func markerLength(s string) int {
	switch {
	case s == "":
		return 0
	case s[0] == '>':
		return 1
	case strings.IndexByte("-+*", s[0]) >= 0:
		if len(s) == 1 || s[1] == ' ' || s[1] == '\t' {
			return 1
		}
		return 0
	}
	digits := len(s) - len(strings.TrimLeft(s, "0123456789"))
	if digits == 0 || digits > 9 || digits == len(s) || (s[digits] != '.' && s[digits] != ')') {
		return 0
	}
	if digits+1 == len(s) || s[digits+1] == ' ' || s[digits+1] == '\t' {
		return digits + 1
	}
	return 0
}

// isThematicBreak reports whether a line is a thematic break: three or
// more of one of '-', '*' or '_', and spaces or tabs.
func isThematicBreak(line string) bool {
	var mark byte
	count := 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == ' ' || c == '\t' || c == '\r':
		case (c == '-' || c == '*' || c == '_') && (mark == 0 || c == mark):
			mark = c
			count++
		default:
			return false
		}
	}
	return count >= 3
}

// A rules text links to another page of the site with a link whose
// destination is a kind of page and an id, such as
// [the dragon's diet](table:dragon-diet); the site makes it a relative
// link to that page, and the validator reports an id that names nothing.
// A link to "#anchor" goes to a heading of the same text, by the anchor
// HeadingIDs gives it.

// TextLinkKind is a kind of page a rules text can link to.
type TextLinkKind string

// The kinds of page a rules text can link to.
const (
	TextLinkExpansion TextLinkKind = "expansion" // an expansion's or a part's page (expansion:princess-dragon/fairy)
	TextLinkTable     TextLinkKind = "table"     // an interaction table's page (table:dragon-diet)
	TextLinkExample   TextLinkKind = "example"   // a worked example's page (example:base/road-completed-three-tiles)
	TextLinkTile      TextLinkKind = "tile"      // a tile in the gallery (tile:base/A)
)

// TextLinkKinds lists the kinds of page a rules text can link to.
var TextLinkKinds = []TextLinkKind{TextLinkExpansion, TextLinkTable, TextLinkExample, TextLinkTile}

// ParseTextLink reads a link destination of the form KIND:ID, and
// reports false for any other destination (a web address, an anchor).
func ParseTextLink(dest string) (kind TextLinkKind, id string, ok bool) {
	k, id, found := strings.Cut(dest, ":")
	if !found || id == "" || strings.HasPrefix(id, "//") {
		return "", "", false
	}
	for _, known := range TextLinkKinds {
		if TextLinkKind(k) == known {
			return known, id, true
		}
	}
	return "", "", false
}

// HasTextLinkTarget reports whether the catalog has what a link of the
// kind to the id names.
func (c *Catalog) HasTextLinkTarget(kind TextLinkKind, id string) bool {
	switch kind {
	case TextLinkExpansion:
		return c.HasExpansionOrPart(id)
	case TextLinkTable:
		return c.Table(id) != nil
	case TextLinkExample:
		return c.Scenario(id) != nil
	case TextLinkTile:
		return c.Tile(id) != nil
	}
	return false
}

// HeadingIDs makes the anchors of one text's headings from their text:
// lower-case letters and digits joined by single hyphens ("The move into
// the city" is "the-move-into-the-city"), "section" for a heading with
// none, and a number from -2 on for a heading whose anchor is taken. The
// zero value is ready to use.
type HeadingIDs struct {
	used map[string]bool
	// next is, for each anchor made from a heading's text, the number to
	// try first when it is taken, so that many headings of one text cost
	// one try each, not one per earlier heading.
	next map[string]int
	// Tries counts the anchors tried.
	Tries int
}

// Next returns the anchor of the next heading, whose text is given.
func (h *HeadingIDs) Next(text string) string {
	if h.used == nil {
		h.used, h.next = map[string]bool{}, map[string]int{}
	}
	base := headingSlug(text)
	id := base
	n := max(h.next[base], 2)
	for h.Tries++; h.used[id]; h.Tries++ {
		id = base + "-" + strconv.Itoa(n)
		n++
	}
	h.next[base] = n
	h.used[id] = true
	return id
}

// Use notes an anchor as taken.
func (h *HeadingIDs) Use(id string) {
	if h.used == nil {
		h.used, h.next = map[string]bool{}, map[string]int{}
	}
	h.used[id] = true
}

// Has reports whether an anchor was made or taken.
func (h *HeadingIDs) Has(id string) bool { return h.used[id] }

// headingSlug makes an anchor of a heading's text.
func headingSlug(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(text) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	if s := strings.TrimSuffix(b.String(), "-"); s != "" {
		return s
	}
	return "section"
}

// IsElsewhere reports whether a link's destination is an address on
// another site, one with a scheme (https:, data:, ...) or starting with
// "//", rather than a path of the site; a KIND:ID link has a scheme too.
func IsElsewhere(dest string) bool {
	if strings.HasPrefix(dest, "//") {
		return true
	}
	scheme, _, found := strings.Cut(dest, ":")
	if !found || scheme == "" {
		return false
	}
	for i, r := range scheme {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	return true
}
