package validator

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/internal/tomlscan"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// The checks of a rules text's Markdown read the text once, parsed as the
// site parses it (tilekit.NewTextMarkdown: goldmark with tables and heading
// ids made by tilekit.HeadingIDs), and walk its tree: the text starts with
// a first-level heading and no heading of the text's top level skips a
// level (the headings the site moves under a page's title); raw HTML,
// which the site shows as text, is worth a warning; and its links and
// images go where the site can follow them (texts_links.go). A node's
// offset in the text (ast.Node.Pos, or its segments) is turned into a line
// and column. They run only on a text within tilekit.CheckTextLimits,
// which the parser reads quickly.

// markdownProblem is one problem of a text's Markdown, at a line and column
// counted from 1 (columns in characters).
type markdownProblem struct {
	line, column int
	code         string
	severity     Severity
	message      string
}

// textParser parses rules texts as the site does.
var textParser = tilekit.NewTextMarkdown().Parser()

// markdownText is a rules text being checked: its bytes, where its lines
// start, the anchors of its headings and the problems found so far.
type markdownText struct {
	src      []byte
	lines    []int
	anchors  tilekit.TextIDs
	htmlLine map[int]bool // the lines whose raw HTML was reported
	problems []markdownProblem
}

// checkMarkdown returns the problems of a rules text's Markdown, checking
// its links against the catalog.
func checkMarkdown(cat *tilekit.Catalog, src string) []markdownProblem {
	m := &markdownText{src: []byte(src), htmlLine: map[int]bool{}}
	m.lines = tomlscan.LineStarts(m.src)
	doc := textParser.Parse(text.NewReader(m.src), parser.WithContext(parser.NewContext(parser.WithIDs(&m.anchors))))
	m.checkHeadings(doc)
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			m.checkNode(cat, n)
		}
		return ast.WalkContinue, nil
	})
	return m.problems
}

// at returns the line and column of an offset of the text.
func (m *markdownText) at(offset int) (int, int) {
	offset = min(max(offset, 0), len(m.src))
	line := sort.Search(len(m.lines), func(i int) bool { return m.lines[i] > offset })
	return line, utf8.RuneCount(m.src[m.lines[line-1]:offset]) + 1
}

// report adds a problem at an offset of the text.
func (m *markdownText) report(offset int, code string, sev Severity, format string, args ...any) {
	line, col := m.at(offset)
	m.problems = append(m.problems, markdownProblem{line, col, code, sev, fmt.Sprintf(format, args...)})
}

// checkHeadings checks that the text starts with a first-level heading and
// that no heading of its top level skips a level; a link reference
// definition ("[d]: https://...") shows nothing and does not count. Both
// are problems of a whole line: they are reported at its first column.
func (m *markdownText) checkHeadings(doc ast.Node) {
	first := shownBlock(doc.FirstChild())
	if first == nil {
		m.report(0, "text-heading", Error, "the text is empty; a rules text starts with a first-level heading (# Title) naming the expansion")
		return
	}
	if h, ok := first.(*ast.Heading); !ok || h.Level != 1 {
		m.report(m.lineStart(first.Pos()), "text-heading", Error, "a rules text starts with a first-level heading (# Title) naming the expansion; this one starts with %s", describeBlock(first))
	}
	last := 0
	for n := first; n != nil; n = shownBlock(n.NextSibling()) {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		if last > 0 && h.Level > last+1 {
			m.report(m.lineStart(h.Pos()), "text-heading", Error, "a level-%d heading follows a level-%d heading, skipping a level; make it %s", h.Level, last, strings.Repeat("#", last+1))
		}
		last = h.Level
	}
}

// shownBlock returns the first block from n on that the site shows: n or
// a later sibling that is not a link reference definition, or nil.
func shownBlock(n ast.Node) ast.Node {
	for n != nil && n.Kind() == ast.KindLinkReferenceDefinition {
		n = n.NextSibling()
	}
	return n
}

// lineStart returns the offset of the start of the line holding an offset.
func (m *markdownText) lineStart(offset int) int {
	line, _ := m.at(offset)
	return m.lines[line-1]
}

// describeBlock says what a block that is not a first-level heading is.
func describeBlock(n ast.Node) string {
	if h, ok := n.(*ast.Heading); ok {
		return fmt.Sprintf("a level-%d heading", h.Level)
	}
	return "text"
}

// checkNode checks one node of the text: raw HTML, a link or an image.
func (m *markdownText) checkNode(cat *tilekit.Catalog, n ast.Node) {
	switch t := n.(type) {
	case *ast.RawHTML:
		if t.Segments.Len() > 0 {
			m.rawHTML(t.Segments.At(0).Start)
		}
	case *ast.HTMLBlock:
		for i := range t.Lines().Len() {
			m.rawHTMLLine(t.Lines().At(i))
		}
		if t.HasClosure() {
			m.rawHTMLLine(t.ClosureLine)
		}
	case *ast.Image:
		m.checkImage(t)
	case *ast.Link:
		m.checkLink(cat, t)
	}
}

// rawHTMLLine reports the first tag, comment or declaration of a line of a
// block of HTML ("<" and a letter, "/", "!" or "?"); a line without one,
// such as the attributes of a tag begun above, has nothing to report.
func (m *markdownText) rawHTMLLine(seg text.Segment) {
	line := seg.Value(m.src)
	for i := 0; i+1 < len(line); i++ {
		if c := line[i+1]; line[i] == '<' && (c == '/' || c == '!' || c == '?' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			m.rawHTML(seg.Start + i)
			return
		}
	}
}

// rawHTML reports the raw HTML at an offset of the text, the first of its
// line only.
func (m *markdownText) rawHTML(offset int) {
	line, _ := m.at(offset)
	if m.htmlLine[line] {
		return
	}
	m.htmlLine[line] = true
	m.report(offset, "text-raw-html", Warning, "raw HTML (%s...) is shown on the site as text, not as HTML; write it in Markdown", htmlOpening(m.src[offset:]))
}

// htmlOpening returns how the raw HTML that s starts with opens: a
// comment's "<!--", or the tag up to its first space or ">" (at most 24
// characters).
func htmlOpening(s []byte) string {
	if strings.HasPrefix(string(s[:min(len(s), 4)]), "<!--") {
		return "<!--"
	}
	end := 1
	for n := 0; end < len(s) && n < 24; n++ {
		r, size := utf8.DecodeRune(s[end:])
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
			break
		}
		end += size
		if r == '>' {
			break
		}
	}
	return string(s[:end])
}
