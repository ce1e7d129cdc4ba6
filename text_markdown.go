package tilekit

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

// NewTextMarkdown returns goldmark set up to read rules texts, the one
// configuration that the site, which renders them, and the validator,
// which checks them, share: CommonMark with tables (GitHub's), and an id on
// each heading, made by the parser.IDs of a parse's context (see
// HeadingIDs). The options given, such as the site's renderers, come
// after. A text is held to CheckTextLimits before it is parsed.
func NewTextMarkdown(options ...goldmark.Option) goldmark.Markdown {
	return goldmark.New(append([]goldmark.Option{
		goldmark.WithExtensions(extension.Table),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	}, options...)...)
}
