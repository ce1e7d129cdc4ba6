package site

import (
	"bytes"
	"fmt"
	"html/template"
	"slices"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// This file renders the rules texts, Markdown written for tilekit, with
// goldmark: headings get ids (prefixed, so that they cannot clash with the
// page's own anchors) and move down a level to sit under the page's title,
// and raw HTML comes out as text, never as markup.

// rulesHeading is a heading of a rules text, with the plain text of what
// follows it up to the next heading, for the search index.
type rulesHeading struct {
	Level int
	ID    string
	Title string
	Text  string
}

// renderedText is a rules text rendered for a page.
type renderedText struct {
	HTML     template.HTML
	Markdown string
	Headings []rulesHeading
	// Lang is the language of a text shown in another language than the
	// page's, because the page's has none; empty otherwise.
	Lang string
	// Stale lists the sections of a translation whose section of the text
	// translated has changed since (tilekit.CheckTranslation), linked.
	Stale []link
}

// markdownEngine is goldmark as it reads rules texts everywhere
// (tilekit.NewTextMarkdown: tables and heading ids), with the escaping of
// raw HTML and nothing else.
var markdownEngine = tilekit.NewTextMarkdown(
	goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(rawHTMLAsText{}, 100))),
)

// renderRulesText renders a rules text, its headings moved down by shift
// levels (at most to the sixth) and their ids prefixed with idPrefix.
func renderRulesText(source, idPrefix string, shift int, links linkResolver) (renderedText, error) {
	if e, over := tilekit.CheckTextLimits(source); over {
		// The validator reports this with its reason; a text it did not
		// check must not hold the parser for minutes either.
		return renderedText{}, fmt.Errorf("a rules text goes past a limit of its size, blocks or nesting at line %d", e.Line)
	}
	src := []byte(source)
	ids := newPrefixedIDs(idPrefix)
	ctx := parser.NewContext(parser.WithIDs(ids))
	doc := markdownEngine.Parser().Parse(text.NewReader(src), parser.WithContext(ctx))
	if links == nil {
		links = func(tilekit.TextLinkKind, string) (string, bool) { return "", false }
	}
	edits := resolveLinks(doc, src, ids, links)
	out := renderedText{Markdown: markdownForWiki(src, doc, shift, edits)}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			h.Level = min(h.Level+shift, 6)
			id, _ := h.AttributeString("id")
			idText, _ := id.([]byte)
			out.Headings = append(out.Headings, rulesHeading{Level: h.Level, ID: string(idText), Title: plainText(h, src)})
			continue
		}
		if k := len(out.Headings); k > 0 {
			out.Headings[k-1].Text = strings.TrimSpace(out.Headings[k-1].Text + " " + plainText(n, src))
		}
	}
	var buf bytes.Buffer
	if err := markdownEngine.Renderer().Render(&buf, src, doc); err != nil {
		return out, fmt.Errorf("rendering a rules text: %w", err)
	}
	out.HTML = template.HTML(buf.String()) // goldmark escapes text; rawHTMLAsText escapes raw HTML
	return out, nil
}

// plainText returns the text of a node and its children, one space between
// blocks.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		case *ast.RawHTML:
			for i := range t.Segments.Len() {
				seg := t.Segments.At(i)
				b.Write(seg.Value(src))
			}
		case *ast.HTMLBlock:
			for i := range t.Lines().Len() {
				seg := t.Lines().At(i)
				b.Write(seg.Value(src))
			}
		case *ast.CodeSpan:
			for g := t.FirstChild(); g != nil; g = g.NextSibling() {
				if tx, ok := g.(*ast.Text); ok {
					b.Write(tx.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		if c.Type() == ast.TypeBlock && c != n {
			b.WriteByte(' ')
		}
		return ast.WalkContinue, nil
	})
	return strings.Join(strings.Fields(b.String()), " ")
}

// newPrefixedIDs returns the ids of a text's headings, each with the prefix.
func newPrefixedIDs(prefix string) *tilekit.TextIDs { return &tilekit.TextIDs{Prefix: prefix} }

// rawHTMLAsText renders raw HTML, inline or as a block, as the text it is.
type rawHTMLAsText struct{}

// RegisterFuncs replaces goldmark's renderers of raw HTML.
func (rawHTMLAsText) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			segs := n.(*ast.RawHTML).Segments
			for i := range segs.Len() {
				seg := segs.At(i)
				template.HTMLEscape(w, seg.Value(src))
			}
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(ast.KindHTMLBlock, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		b := n.(*ast.HTMLBlock)
		_, _ = w.WriteString(`<p class="raw-html">`)
		lines := b.Lines()
		for i := range lines.Len() {
			seg := lines.At(i)
			template.HTMLEscape(w, seg.Value(src))
		}
		if b.HasClosure() {
			template.HTMLEscape(w, b.ClosureLine.Value(src))
		}
		_, _ = w.WriteString("</p>\n")
		return ast.WalkSkipChildren, nil
	})
}

// markdownForWiki returns the text for a Markdown page: its ATX headings
// moved down by shift levels, every '<' of raw HTML written as "&lt;",
// so that a wiki shows it as text, and the edits of its links made.
func markdownForWiki(src []byte, doc ast.Node, shift int, edits []wikiEdit) string {
	type edit = wikiEdit
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := n.(type) {
		case *ast.Heading:
			if t.Lines().Len() > 0 {
				start := lineStart(src, t.Lines().At(0).Start)
				if start < len(src) && bytes.HasPrefix(bytes.TrimLeft(src[start:], " "), []byte("#")) {
					at := start + len(src[start:]) - len(bytes.TrimLeft(src[start:], " "))
					edits = append(edits, edit{at: at, with: strings.Repeat("#", min(t.Level+shift, 6)-t.Level)})
				}
			}
		case *ast.RawHTML:
			for i := range t.Segments.Len() {
				edits = appendLessThan(edits, src, t.Segments.At(i), func(at int) edit { return edit{at: at, with: "&lt;", cut: 1} })
			}
		case *ast.HTMLBlock:
			for i := range t.Lines().Len() {
				edits = appendLessThan(edits, src, t.Lines().At(i), func(at int) edit { return edit{at: at, with: "&lt;", cut: 1} })
			}
			if t.HasClosure() {
				edits = appendLessThan(edits, src, t.ClosureLine, func(at int) edit { return edit{at: at, with: "&lt;", cut: 1} })
			}
		}
		return ast.WalkContinue, nil
	})
	slices.SortStableFunc(edits, func(a, b edit) int { return a.at - b.at })
	var out strings.Builder
	last := 0
	for _, e := range edits {
		if e.at < last {
			continue
		}
		out.Write(src[last:e.at])
		out.WriteString(e.with)
		last = e.at + e.cut
	}
	out.Write(src[last:])
	return out.String()
}

// appendLessThan adds an edit for each '<' of a segment of the source.
func appendLessThan[E any](edits []E, src []byte, seg text.Segment, mk func(at int) E) []E {
	for i := seg.Start; i < seg.Stop && i < len(src); i++ {
		if src[i] == '<' {
			edits = append(edits, mk(i))
		}
	}
	return edits
}

// lineStart returns the offset of the start of the line holding offset i.
func lineStart(src []byte, i int) int {
	if i > len(src) {
		i = len(src)
	}
	return bytes.LastIndexByte(src[:i], '\n') + 1
}
