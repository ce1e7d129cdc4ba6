package validator

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// TestTextsAreRead checks that the rules texts of a user folder reach the
// catalog, and that Markdown files below expansions/text/ that are not
// rules texts are passed over with a warning saying why.
func TestTextsAreRead(t *testing.T) {
	dir := folder(t, map[string]string{
		"expansions/text/en/river.md":                  "\uFEFF# The River\n\nLaid bend by bend.\n",
		"expansions/text/de/princess-dragon--fairy.md": "# Die Fee\n",
		"expansions/README.md":                         "notes for the author, not a text",
		"expansions/text/en/.#river.md":                "# lock",
		"expansions/text/en/river.MD":                  "# The River",
		"expansions/text/river.md":                     "# The River",
		"expansions/text/en/old/river.md":              "# The River",
	})
	res := validateDir(t, dir)
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, fmt.Sprintf("%s [%s] %s", d.File, d.Code, d.Message))
	}
	layout := "not read: a rules text goes in expansions/text/<language>/<expansion-id>.md, such as expansions/text/en/princess-dragon.md"
	assert.ElementsMatch(t, []string{
		"fan/expansions/text/en/.#river.md [file-skipped] not read: a hidden file (such as an editor's lock file) is not a rules text",
		"fan/expansions/text/en/river.MD [file-skipped] not read: rules texts end in .md (lower case); rename it to river.md",
		"fan/expansions/text/river.md [file-skipped] " + layout,
		"fan/expansions/text/en/old/river.md [file-skipped] " + layout,
	}, got)

	river := res.Catalog.Text("river", "en")
	require.NotNil(t, river)
	assert.Equal(t, tilekit.Text{Expansion: "river", Lang: "en", Markdown: "# The River\n\nLaid bend by bend.\n",
		Origin: tilekit.Origin{File: "fan/expansions/text/en/river.md"}}, *river, "read without its byte-order mark")
	fairy := res.Catalog.Text("princess-dragon/fairy", "de")
	require.NotNil(t, fairy, "a part's text is found by the part's id")
	assert.Equal(t, "# Die Fee\n", fairy.Markdown)
	builtin, err := Validate(BuiltinFolder())
	require.NoError(t, err)
	assert.Equal(t, builtin.Files, res.Files, "a rules text is not counted as a data file")
}

// TestTextsAloneAreData checks that a folder holding only a rules text,
// such as a translation, is not reported as a folder without data.
func TestTextsAloneAreData(t *testing.T) {
	res := validateDir(t, folder(t, map[string]string{"expansions/text/fr/drawbridges.md": "# Les Ponts-levis\n"}))
	assert.Empty(t, res.Diagnostics)
	assert.NotNil(t, res.Catalog.Text("drawbridges", "fr"))
}

// TestTextsShareTheLimits checks that rules texts are read with the limits
// of data files: each file at most MaxFileSize, and the texts and the data
// files of a run together at most MaxTotalSize. Files are only looked at,
// never read, so the test is fast.
func TestTextsShareTheLimits(t *testing.T) {
	dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion})
	sparse := func(name string, size int64) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		f, err := os.Create(p)
		require.NoError(t, err)
		require.NoError(t, f.Truncate(size))
		require.NoError(t, f.Close())
	}
	sparse("expansions/text/en/big.md", MaxFileSize+1)
	sparse("expansions/text/en/half.md", MaxTotalSize/2+1-int64(len(goodExpansion)))
	sparse("tiles/half.toml", MaxTotalSize/2)
	r := reader{statOnly: true}
	_, err := r.readSource(Folder{Name: "fan", FS: os.DirFS(dir)})
	require.NoError(t, err)
	var got []string
	for _, d := range r.diags {
		got = append(got, d.File+": "+d.Message)
	}
	require.Len(t, got, 2, "%v", got)
	assert.True(t, strings.HasPrefix(got[0], "fan/expansions/text/en/big.md: is 52,428,801 bytes"), got[0])
	assert.True(t, strings.HasPrefix(got[1], "fan/tiles/half.toml: not read: all data files together"), got[1])
	assert.Equal(t, int64(MaxTotalSize/2+1), DataSize(Folder{Name: "fan", FS: os.DirFS(dir)}),
		"DataSize counts the texts it would read (fan.toml and half.md)")
}

func TestMarkdownChecks(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)
	for _, c := range []struct {
		name, text string
		want       []string // "line:column code"
	}{
		{"heading and text", "# T\n\nSome text.\n", nil},
		{"leading blank lines", "\n\n# T\n", nil},
		{"setext headings", "Title\n=====\n\nPart\n----\n\n### Detail\n", nil},
		{"heading indented by three spaces", "   # T\n", nil},
		{"CRLF line ends", "# T\r\n\r\n## A\r\n", nil},
		{"a closing hash sequence", "# T #\n\n## A ##\n", nil},
		{"empty", "", []string{"1:1 text-heading"}},
		{"only blank lines", "\n \n", []string{"1:1 text-heading"}},
		{"starts with text", "Intro.\n\n# T\n", []string{"1:1 text-heading"}},
		{"starts with a second-level heading", "## T\n", []string{"1:1 text-heading"}},
		{"no space after the hashes is text", "#T\n", []string{"1:1 text-heading"}},
		{"indented by four spaces is code", "    # T\n", []string{"1:1 text-heading"}},
		{"starts with a list", "- item\n\n# T\n", []string{"1:1 text-heading"}},
		{"a dash line after a list is no setext heading", "- item\n---\n", []string{"1:1 text-heading"}},
		{"starts with code", "```\n# not a heading\n```\n# T\n", []string{"1:1 text-heading"}},
		{"skips from 1 to 3", "# T\n\n### A\n", []string{"3:1 text-heading"}},
		{"skips after a thematic break", "# T\n\n---\n\n### A\n", []string{"5:1 text-heading"}},
		{"skips from 2 to 4, then back", "# T\n## A\n#### B\n## C\n### D\n", []string{"3:1 text-heading"}},
		{"a setext heading skipped to", "# T\n\n### A\n\nB\n---\n", []string{"3:1 text-heading"}},
		{"a tag", "# T\n\nSome <b>bold</b> text.\n", []string{"3:6 text-raw-html"}},
		{"a tag in a heading", "# T <em>x</em>\n", []string{"1:5 text-raw-html"}},
		{"a closing tag", "# T\n\nx </div>\n", []string{"3:3 text-raw-html"}},
		{"a block of HTML", "# T\n\n<div\nclass=\"x\">\n</div>\n", []string{"3:1 text-raw-html", "5:1 text-raw-html"}},
		{"a comment", "# T\n\n<!-- todo -->\n", []string{"3:1 text-raw-html"}},
		{"a declaration", "# T\n<!DOCTYPE html>\n", []string{"2:1 text-raw-html"}},
		{"a processing instruction", "# T\n<?php ?>\n", []string{"2:1 text-raw-html"}},
		{"columns count characters", "# T\n\nÉté <b>\n", []string{"3:5 text-raw-html"}},
		{"autolinks are no HTML", "# T\n\n<https://example.com/a> and <mail@example.com>\n", nil},
		{"comparisons are no HTML", "# T\n\na < b, 3<4, x <= y, <1>\n", nil},
		{"an escaped bracket", "# T\n\n\\<b> is text\n", nil},
		{"a code span", "# T\n\nWrite `<b>` or ``a `<i>` b``.\n", nil},
		{"an unclosed code span", "# T\n\nA ` then <b>\n", []string{"3:10 text-raw-html"}},
		{"a fenced block", "# T\n\n~~~ html\n<b>\n## A\n~~~~\n", nil},
		{"a fence closed only by its own character", "# T\n```\n<b>\n~~~\n<i>\n```\n", nil},
		{"an unclosed fence runs to the end", "# T\n```\n<b>\n", nil},
		// The text is read as goldmark reads it for the site, block by
		// block, not line by line.
		{"a code span over two lines", "# T\n\nA `x\n<b>` y\n", nil},
		{"indented code is no HTML", "# T\n\nText.\n\n    <b>\n", nil},
		{"a heading inside a list item is the item's", "# T\n\n- a\n\n  ### B\n", nil},
		{"a heading inside a quote is the quote's", "# T\n\n> ### B\n", nil},
		{"a link definition shows nothing", "[d]: https://example.org/\n\n# T\n\n[x][d]\n", nil},
		{"a tag in a table cell", "# T\n\n| a | b |\n|---|---|\n| <i>x</i> | y |\n", []string{"5:3 text-raw-html"}},
		{"a tag over two lines", "# T\n\nA <span\nclass=\"x\">b</span>\n", []string{"3:3 text-raw-html", "4:12 text-raw-html"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, p := range checkMarkdown(cat, c.text) {
				got = append(got, fmt.Sprintf("%d:%d %s", p.line, p.column, p.code))
				switch p.code {
				case "text-raw-html":
					assert.Equal(t, Warning, p.severity, "raw HTML is shown as text: a warning")
				default:
					assert.Equal(t, Error, p.severity)
				}
			}
			assert.ElementsMatch(t, c.want, got)
		})
	}
}

// TestBuiltinTexts checks the English rules texts the project ships: one
// for each expansion the engine plays, of 300 to 900 words, ending with its
// sources.
func TestBuiltinTexts(t *testing.T) {
	cat, err := BuiltinCatalog()
	require.NoError(t, err)
	for _, id := range []string{"base", "princess-dragon", "black-dragon", "drawbridges"} {
		text := cat.Text(id, "en")
		if !assert.NotNil(t, text, id) {
			continue
		}
		words := len(strings.Fields(text.Markdown))
		assert.True(t, words >= 300 && words <= 900, "%s has %d words", id, words)
		assert.Contains(t, text.Markdown, "\n## Sources\n", id)
		assert.Equal(t, tilekit.Origin{File: filePath(BuiltinName, tilekit.TextPath(id, "en"))}, text.Origin)
	}
}

// FuzzCheckMarkdown checks that any text, however broken, is checked as
// checkTexts checks it (its bytes, then its Markdown parsed by goldmark)
// without a panic and that every problem points at a line and column of
// the text.
func FuzzCheckMarkdown(f *testing.F) {
	for _, seed := range []string{"", "# T\n", "Title\n===\n", "```\n<b>\n", "a ``b` <i>\\<x>", "- x\n---\n#### y\n", "\r\n<!--", "é<b>",
		"# T\n\n[a](#b) ![c](https://x/y.png)\n", "# T\n<div\n\n|a|b|\n|-|-|\n|<i>|[x](table:y)|\n", "> # T\n>\n> ### U\n"} {
		f.Add(seed)
	}
	cat, err := BuiltinCatalog()
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		for _, p := range checkText(cat, text) {
			require.True(t, p.line >= 1 && p.line <= len(lines), "line %d of %d", p.line, len(lines))
			require.True(t, p.column >= 1 && p.column <= len([]rune(lines[p.line-1]))+1, "column %d of line %q", p.column, lines[p.line-1])
			require.NotEmpty(t, p.message)
		}
	})
}

// TestTextLimits checks the checks of a text's bytes: UTF-8 without
// control characters, and the limits on its size, its blocks and its
// nesting, each located; a text that fails them is not read as Markdown.
func TestTextLimits(t *testing.T) {
	block := strings.Repeat("Some words of a paragraph.\n", 160) // 4,320 bytes
	for _, c := range []struct {
		name, text string
		want       []string // "line:column code"
	}{
		{"clean", "# T\n\nÉté, tab\tand CRLF\r\n", nil},
		{"Latin-1", "# T\n\nEt\xe9 <b>\n", []string{"3:3 text-encoding"}},
		{"NUL", "# T\n\nab\x00\n", []string{"3:3 text-encoding"}},
		{"C1 control", "# T\n\na\u0085\n", []string{"3:2 text-encoding"}},
		{"DEL", "# T\n\u007f\n", []string{"2:1 text-encoding"}},
		{"the size", "# T\n\n" + strings.Repeat("a\n\n", tilekit.MaxTextSize/3+1), []string{"1:1 text-too-large"}},
		{"[a]( 80,000 times", "# T\n\n" + strings.Repeat("[a](", 80000), []string{"1:1 text-too-large"}},
		{"a block", "# T\n\nIntro.\n\n" + block + "\nAfter.\n", []string{"5:1 text-block-too-long"}},
		{"a block just within", "# T\n\n" + block[:tilekit.MaxTextBlock-1] + "\n", nil},
		{"blank lines of spaces end a block", "# T\n\n" + block[:3000] + "\n \t\n" + block[:3000] + "\n", nil},
		{"[a]( in one line", "# T\n\n" + strings.Repeat("[a](", 2000) + "\n", []string{"3:1 text-block-too-long"}},
		{"nested quotes", "# T\n\n> > > > > > > > > x\n", []string{"3:17 text-nesting-too-deep"}},
		{"nested lists", "# T\n\n- 1. + * 2) - - - - x\n", []string{"3:19 text-nesting-too-deep"}},
		{"eight is fine", "# T\n\n>>>>>>>> x\n", nil},
		{"a thematic break is no list", "# T\n\n- - - - - - - - - - -\n", nil},
		{"thousands of >", "# T\n\n" + strings.Repeat(">", 4000) + "\n", []string{"3:9 text-nesting-too-deep"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, p := range checkTextBytes(c.text) {
				got = append(got, fmt.Sprintf("%d:%d %s", p.line, p.column, p.code))
				assert.Equal(t, Error, p.severity)
			}
			assert.ElementsMatch(t, c.want, got)
		})
	}
	dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion, "expansions/text/en/fan.md": "# Fan\n\n" + strings.Repeat("[a](", 80000) + " <b>\n"})
	res := validateDir(t, dir)
	only(t, res, "text-too-large", "fan/expansions/text/en/fan.md", "the text is 312.5 KB; a rules text may be at most 128.0 KB")
	assert.Equal(t, [2]int{1, 1}, [2]int{res.Diagnostics[0].Line, res.Diagnostics[0].Column})
}

// TestTextLinks checks the links of rules texts against the built-in
// catalog: every kind of page link, anchors made as the site makes them
// (numbered when a heading repeats), images from elsewhere, each located
// at its opener.
func TestTextLinks(t *testing.T) {
	builtin, err := Validate(BuiltinFolder())
	require.NoError(t, err)
	for _, c := range []struct {
		name, text string
		want       []string // "line:column code"
	}{
		{"every kind of page", "# T\n\n[a](expansion:princess-dragon) [b](expansion:princess-dragon/fairy) [c](table:dragon-diet) [d](tile:base/A) [e](example:base/road-completed-three-tiles)\n", nil},
		{"unknown pages", "# T\n\n[a](expansion:nope) x [b](table:nope)\n\n- [c](tile:base/ZZ)\n- [d](example:base/nope)\n", []string{"3:1 text-unknown-link", "3:23 text-unknown-link", "5:3 text-unknown-link", "6:3 text-unknown-link"}},
		{"a reference", "# T\n\n[the diet][d]\n\n[d]: table:dragon-dit\n", []string{"3:1 text-unknown-link"}},
		{"anchors", "# T\n\n## The tiles\n\n## The tiles\n\n[a](#the-tiles) [b](#the-tiles-2) [c](#t)\n", nil},
		{"an unknown anchor", "# T\n\nÉté [a](#nowhere)\n", []string{"3:5 text-unknown-anchor"}},
		{"other links", "# T\n\n[a](https://example.org/) [b](mailto:x@example.org) <https://example.org/> [c](notes.html)\n", nil},
		{"remote images", "# T\n\n![a](https://example.org/a.png) ![b](//example.org/b.png) ![c](data:image/png;base64,AA)\n", []string{"3:1 text-remote-image", "3:33 text-remote-image", "3:59 text-remote-image"}},
		{"an image inside a link", "# T\n\n[![a](http://example.org/a.png)](table:dragon-diet)\n", []string{"3:2 text-remote-image"}},
		{"a link without text", "# T\n\nSee [](table:nope) and ![](https://example.org/a.png).\n", []string{"3:5 text-unknown-link", "3:24 text-remote-image"}},
		{"code is no link", "# T\n\n`[a](table:nope)`\n\n```\n![a](https://example.org/a.png)\n```\n", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, p := range checkMarkdown(builtin.Catalog, c.text) {
				got = append(got, fmt.Sprintf("%d:%d %s", p.line, p.column, p.code))
				assert.Equal(t, Error, p.severity)
			}
			assert.ElementsMatch(t, c.want, got)
		})
	}
}

// BenchmarkCheckTexts measures the checks of the built-in rules texts, as
// checkTexts runs them on each text.
func BenchmarkCheckTexts(b *testing.B) {
	cat, err := BuiltinCatalog()
	require.NoError(b, err)
	texts := cat.Texts
	require.NotEmpty(b, texts)
	size := 0
	for _, t := range texts {
		size += len(t.Markdown)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			if p := checkText(cat, t.Markdown); len(p) > 0 {
				b.Fatalf("%s: %v", t.Origin.File, p)
			}
		}
	}
}
