package tilekit

import (
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

// NewTextMarkdown returns goldmark set up to read rules texts, the one
// configuration that the site, which renders them, and the validator,
// which checks them, share: CommonMark with tables (GitHub's), and an id on
// each heading, made by the parser.IDs of a parse's context (TextIDs). The
// options given, such as the site's renderers, come after. A text is held
// to CheckTextLimits before it is parsed.
func NewTextMarkdown(options ...goldmark.Option) goldmark.Markdown {
	return goldmark.New(append([]goldmark.Option{
		goldmark.WithExtensions(extension.Table),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	}, options...)...)
}

// TextIDs gives the headings of one rules text their ids as goldmark
// parses it (it is a parser.IDs for parser.WithIDs): Prefix and the anchor
// HeadingIDs makes of the heading's text. The site prefixes its ids so
// that they cannot clash with a page's own; the validator, which checks
// "#anchor" links, does not. The zero value is ready to use.
type TextIDs struct {
	Prefix string
	HeadingIDs
}

// Generate makes a heading's id from its text.
func (t *TextIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	return []byte(t.Prefix + t.Next(string(value)))
}

// Put notes an id as taken, when it has the prefix.
func (t *TextIDs) Put(value []byte) {
	if id, ok := strings.CutPrefix(string(value), t.Prefix); ok {
		t.Use(id)
	}
}
