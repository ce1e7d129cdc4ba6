package tilekit

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// TestTextMarkdown checks the goldmark that reads rules texts: tables are
// tables, headings have ids, and options given are added (here a plain
// renderer setting), not put in place of the shared ones.
func TestTextMarkdown(t *testing.T) {
	src := []byte("# The Tower\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
	md := NewTextMarkdown(goldmark.WithRendererOptions())
	doc := md.Parser().Parse(text.NewReader(src))
	h, ok := doc.FirstChild().(*ast.Heading)
	require.True(t, ok, "a heading first")
	id, ok := h.AttributeString("id")
	require.True(t, ok, "the heading has an id")
	assert.Equal(t, []byte("the-tower"), id)
	assert.Equal(t, east.KindTable, h.NextSibling().Kind(), "a table")
	var out bytes.Buffer
	require.NoError(t, md.Renderer().Render(&out, src, doc))
	assert.Contains(t, out.String(), `<h1 id="the-tower">`)
	assert.Contains(t, out.String(), "<table>")
}

// TestTextIDs checks the ids of a text's headings: prefixed, numbered
// when a heading repeats, and an id noted as taken only with the prefix.
func TestTextIDs(t *testing.T) {
	src := []byte("# A\n\n## A\n")
	ids := &TextIDs{Prefix: "x-"}
	doc := NewTextMarkdown().Parser().Parse(text.NewReader(src), parser.WithContext(parser.NewContext(parser.WithIDs(ids))))
	var got []string
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		id, _ := n.AttributeString("id")
		got = append(got, string(id.([]byte)))
	}
	assert.Equal(t, []string{"x-a", "x-a-2"}, got)
	assert.True(t, ids.Has("a") && ids.Has("a-2"), "the anchors are kept without the prefix")
	ids.Put([]byte("x-b"))
	ids.Put([]byte("c"))
	assert.True(t, ids.Has("b"))
	assert.False(t, ids.Has("c"), "an id without the prefix is none of the text's")
}
