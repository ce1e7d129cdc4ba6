package validator

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/internal/tomlscan"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// The checks of a rules text's links, on the text parsed as the site
// parses it (goldmark with tables and heading ids made by
// tilekit.HeadingIDs): an image from elsewhere, which the site would have
// the reader's browser fetch; a "#anchor" that no heading of the text
// has; a KIND:ID link (tilekit.TextLinkKind) to nothing in the catalog.
// They run only on a text within tilekit.CheckTextLimits, which the
// parser reads quickly.

// textParser parses rules texts as the site does.
var textParser = goldmark.New(goldmark.WithExtensions(extension.Table), goldmark.WithParserOptions(parser.WithAutoHeadingID())).Parser()

// headingAnchors gives a text's headings their anchors as the site does.
type headingAnchors struct{ ids tilekit.HeadingIDs }

// Generate makes a heading's anchor from its text.
func (h *headingAnchors) Generate(value []byte, _ ast.NodeKind) []byte {
	return []byte(h.ids.Next(string(value)))
}

// Put notes an anchor as taken.
func (h *headingAnchors) Put(value []byte) { h.ids.Use(string(value)) }

// checkLinks returns the problems of a text's links and images.
func checkLinks(cat *tilekit.Catalog, src string) []markdownProblem {
	data := []byte(src)
	anchors := &headingAnchors{}
	doc := textParser.Parse(text.NewReader(data), parser.WithContext(parser.NewContext(parser.WithIDs(anchors))))
	lines := tomlscan.LineStarts(data)
	var problems []markdownProblem
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch l := n.(type) {
		case *ast.Image:
			if dest := string(l.Destination); tilekit.IsElsewhere(dest) {
				line, col := nodePosition(l, data, lines, 2)
				problems = append(problems, markdownProblem{line, col, "text-remote-image", Error,
					fmt.Sprintf("the image %s is on another site: the rules reference fetches nothing from elsewhere, so link to it instead ([...](%s)) or leave it out", dest, dest)})
			}
		case *ast.Link:
			if msg := linkProblem(cat, &anchors.ids, string(l.Destination)); msg != "" {
				line, col := nodePosition(l, data, lines, 1)
				code := "text-unknown-link"
				if strings.HasPrefix(string(l.Destination), "#") {
					code = "text-unknown-anchor"
				}
				problems = append(problems, markdownProblem{line, col, code, Error, msg})
			}
		}
		return ast.WalkContinue, nil
	})
	return problems
}

// linkProblem says what is wrong with a link's destination, or "".
func linkProblem(cat *tilekit.Catalog, ids *tilekit.HeadingIDs, dest string) string {
	if anchor, ok := strings.CutPrefix(dest, "#"); ok {
		if ids.Has(anchor) {
			return ""
		}
		return fmt.Sprintf("the link goes to #%s, which no heading of this text has; a heading's anchor is its text in lower case, with hyphens between words (## The tiles is #the-tiles)", anchor)
	}
	kind, id, ok := tilekit.ParseTextLink(dest)
	if !ok || cat.HasTextLinkTarget(kind, id) {
		return ""
	}
	return fmt.Sprintf("the link goes to %s:%s, but no loaded file defines the %s %q%s", kind, id, kind, id, Suggest(id, knownIDs(cat, string(kind))))
}

// nodePosition returns the line and column of a link or image: of its
// opener ("[" or "!["), found before its first text; of the block that
// holds it when it has no text.
func nodePosition(n ast.Node, data []byte, lines []int, opener int) (int, int) {
	at := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); entering && ok && at < 0 {
			at = max(t.Segment.Start-opener, 0)
		}
		return ast.WalkContinue, nil
	})
	for p := n.Parent(); at < 0 && p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			at = p.Lines().At(0).Start
		}
	}
	at = max(at, 0)
	line := sort.Search(len(lines), func(i int) bool { return lines[i] > at })
	return line, utf8.RuneCount(data[lines[line-1]:at]) + 1
}
