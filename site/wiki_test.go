package site

import (
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The wiki layout is a GitHub wiki: every page at the root under a name of
// its own, Home.md and _Sidebar.md, every link to a page written as a page
// name that exists, every link to a file to a file the site has, and every
// anchor one that a heading of its page creates.
func TestWikiLayout(t *testing.T) {
	cat := builtinCatalog(t)
	s, err := Build(cat, Options{Format: Markdown, Layout: LayoutWiki})
	require.NoError(t, err)
	files := map[string]bool{}
	pages := map[string]string{}
	for _, p := range s.Paths() {
		files[p] = true
		if strings.HasSuffix(p, ".md") {
			assert.NotContains(t, p, "/", "a page in a folder: %s", p)
			data, _ := s.File(p)
			pages[strings.TrimSuffix(p, ".md")] = string(data)
		}
	}
	require.Contains(t, pages, "Home")
	require.Contains(t, pages, "_Sidebar")
	require.Contains(t, pages, "tables-dragon-diet")
	assert.Contains(t, pages["_Sidebar"], "(order)")
	heading := regexp.MustCompile(`(?m)^#+ (.*)$`)
	slugs := func(page string) map[string]bool {
		out := map[string]bool{}
		for _, m := range heading.FindAllStringSubmatch(pages[page], -1) {
			out[headingSlug(m[1])] = true
		}
		return out
	}
	links := 0
	for name, text := range pages {
		for _, m := range regexp.MustCompile(`\]\(([^)\s]+)\)`).FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") {
				continue
			}
			links++
			file, anchor, _ := strings.Cut(target, "#")
			if path.Ext(file) != "" {
				assert.True(t, files[file], "%s links to the file %s, which the site has not", name, file)
				continue
			}
			if file == "" {
				file = name
			}
			_, ok := pages[file]
			assert.True(t, ok, "%s links to the page %s, which the wiki has not", name, file)
			if anchor != "" {
				assert.True(t, slugs(file)[anchor], "%s links to #%s of %s, which no heading creates", name, anchor, file)
			}
		}
	}
	assert.Greater(t, links, 1000)
	_, err = Build(cat, Options{Layout: LayoutWiki})
	assert.ErrorContains(t, err, "the wiki layout is for a Markdown site")
}

// headingSlug gives a heading's anchor as GitHub does.
func TestHeadingSlug(t *testing.T) {
	for heading, want := range map[string]string{
		"Questions the rules answer": "questions-the-rules-answer",
		"The Princess & the Dragon":  "the-princess--the-dragon",
		"1. Place a tile":            "1-place-a-tile",
		"Safe from the red dragon?":  "safe-from-the-red-dragon",
		"Die Fee (Zwölf)":            "die-fee-zwölf",
	} {
		assert.Equal(t, want, headingSlug(heading), heading)
	}
}
