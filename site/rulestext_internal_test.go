package site

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/yuin/goldmark/ast"
)

// Many headings of one text cost one id try each, not one per earlier
// heading of the same text: 20,000 "## Rules" once tried -2, -3, ... from
// 2 each time, 200 million tries.
func TestHeadingIDsAreLinear(t *testing.T) {
	const n = 20000
	ids := newPrefixedIDs("x-")
	ids.Put([]byte("x-rules-3")) // an id given by hand is skipped
	for i := range n {
		id := string(ids.Generate([]byte("Rules"), ast.KindHeading))
		switch {
		case i == 0:
			require.Equal(t, "x-rules", id)
		case i == 1:
			require.Equal(t, "x-rules-2", id)
		default:
			require.Equal(t, fmt.Sprintf("x-rules-%d", i+2), id, "heading %d", i)
		}
	}
	assert.LessOrEqual(t, ids.Tries, 2*n+1, "at most two tries a heading (its text, then its number), and one for the id given by hand")
}

// A rules text of 13,000 identical headings (as many as the size limit
// lets in) renders, each heading with
// its own id.
func TestManyIdenticalHeadingsRender(t *testing.T) {
	src := "# Moats\n\n" + strings.Repeat("## Rules\n\n", (tilekit.MaxTextSize-9)/10) // within the limits
	out, err := renderRulesText(src, "moats-", 1, nil)
	require.NoError(t, err)
	n := strings.Count(src, "## Rules")
	require.Equal(t, n+1, len(out.Headings))
	seen := map[string]bool{}
	for _, h := range out.Headings {
		require.False(t, seen[h.ID], "id %s twice", h.ID)
		seen[h.ID] = true
	}
	assert.Equal(t, fmt.Sprintf("moats-rules-%d", n), out.Headings[n].ID)
}

// The Markdown parser is never handed a text past the limits (it takes
// minutes on 80,000 "[a]("), and the worst text within them renders: 128
// KB of 4 KB paragraphs of "[a](", which the limits keep to well under a
// second.
func TestRulesTextsAreBoundedForTheParser(t *testing.T) {
	_, err := renderRulesText("# T\n\n"+strings.Repeat("[a](", 80000), "t-", 1, nil)
	require.Error(t, err, "past the size limit")
	_, err = renderRulesText("# T\n\n"+strings.Repeat(">", 5000)+" x\n", "t-", 1, nil)
	require.Error(t, err, "past the nesting limit")
	para := strings.Repeat("[a](", tilekit.MaxTextBlock/4-1) + "\n\n"
	worst := "# T\n\n" + strings.Repeat(para, (tilekit.MaxTextSize-10)/len(para))
	_, over := tilekit.CheckTextLimits(worst)
	require.False(t, over)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second) // it takes about 0.5 s
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := renderRulesText(worst, "t-", 1, nil)
		done <- err
	}()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-ctx.Done():
		t.Fatal("the worst text within the limits did not render in 60 s")
	}
}

// The links of a rules text: KIND:ID links become relative links to the
// site's pages (in HTML and in the Markdown for a wiki), or their text
// when the site has no such page; "#anchor" links go to the heading's
// prefixed id; an image from elsewhere is shown as its text; other links
// are left as written.
func TestRulesTextLinks(t *testing.T) {
	resolve := func(kind tilekit.TextLinkKind, id string) (string, bool) {
		if kind == tilekit.TextLinkTable && id == "dragon-diet" {
			return "../tables/dragon-diet.html", true
		}
		return "", false
	}
	src := "# Moats\n\n## The tiles\n\nSee [the diet](table:dragon-diet), [the *tiles*](#the-tiles), " +
		"[gone](table:left-out) and [the web](https://example.org/).\n\n![a moat](https://example.org/moat.png)\n\n" +
		"[by reference][diet]\n\n[diet]: table:dragon-diet\n\n```\n[x](table:dragon-diet)\n```\n"
	r, err := renderRulesText(src, "rules-", 1, resolve)
	require.NoError(t, err)
	html := string(r.HTML)
	assert.Contains(t, html, `<a href="../tables/dragon-diet.html">the diet</a>`)
	assert.Contains(t, html, `<a href="#rules-the-tiles">the <em>tiles</em></a>`)
	assert.Contains(t, html, ` gone and `, "a page the site leaves out: the text alone")
	assert.Contains(t, html, `<a href="https://example.org/">the web</a>`)
	assert.NotContains(t, html, "<img", "nothing is fetched from elsewhere")
	assert.Contains(t, html, `<p>a moat</p>`)
	assert.Contains(t, html, `<a href="../tables/dragon-diet.html">by reference</a>`)
	assert.Contains(t, html, "[x](table:dragon-diet)\n</code>", "code is left alone")

	assert.Equal(t, "## Moats\n\n### The tiles\n\nSee [the diet](../tables/dragon-diet.html), [the *tiles*](#the-tiles), "+
		"gone and [the web](https://example.org/).\n\na moat\n\n"+
		"[by reference][diet]\n\n[diet]: ../tables/dragon-diet.html\n\n```\n[x](table:dragon-diet)\n```\n", r.Markdown)
}

// BenchmarkRulesTextWorstCase renders the slowest kinds of text the
// limits let in: 128 KB of 4 KB paragraphs of "[a](", and of headings
// that all read "Rules".
func BenchmarkRulesTextWorstCase(b *testing.B) {
	para := strings.Repeat("[a](", tilekit.MaxTextBlock/4-1) + "\n\n"
	texts := map[string]string{
		"links":    "# T\n\n" + strings.Repeat(para, (tilekit.MaxTextSize-10)/len(para)),
		"headings": "# T\n\n" + strings.Repeat("## Rules\n\n", (tilekit.MaxTextSize-9)/10),
	}
	for name, src := range texts {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := renderRulesText(src, "t-", 1, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
