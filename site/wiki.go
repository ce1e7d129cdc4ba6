package site

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// Layout says how a Markdown site lays out its pages.
type Layout string

// The layouts.
const (
	// LayoutFolders keeps the pages in folders (tables/, expansions/, ...),
	// as a docs folder of a repository reads them.
	LayoutFolders Layout = "folders"
	// LayoutWiki lays the pages out as a GitHub wiki reads them: every
	// page at the root under a name of its own (its folders joined by
	// dashes), the home page as Home.md, the site's links in _Sidebar.md,
	// links written as wiki page names and no anchor Markdown does not
	// create.
	LayoutWiki Layout = "wiki"
)

// mdLink matches a Markdown link's or image's target.
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// wikiName returns the wiki page name of a page's path ("index.md" is
// Home, "tables/dragon-diet.md" is tables-dragon-diet).
func wikiName(p string) string {
	if p == "index.md" {
		return "Home"
	}
	return strings.ReplaceAll(strings.TrimSuffix(p, ".md"), "/", "-")
}

// headingSlug returns the anchor GitHub gives a heading: lower case,
// spaces as dashes, other punctuation left out.
func headingSlug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ' || r == '-':
			b.WriteRune('-')
		case r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// headingSlugs returns the anchors of a Markdown page's headings.
func headingSlugs(page []byte) map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(string(page), "\n") {
		if h, ok := strings.CutPrefix(line, "#"); ok {
			out[headingSlug(strings.TrimSpace(strings.TrimLeft(h, "#")))] = true
		}
	}
	return out
}

// toWiki lays the built Markdown pages out as a wiki: each page renamed,
// each link to a page written as its name (with its anchor only when the
// page has that heading), each link to a file written from the root, and
// the sidebar added.
func (b *builder) toWiki() error {
	pages, slugs := map[string]string{}, map[string]map[string]bool{}
	names := map[string]string{}
	for _, p := range b.pages {
		name := wikiName(p)
		if other, ok := names[name]; ok {
			return fmt.Errorf("the wiki layout gives %s and %s one page name, %s", other, p, name)
		}
		names[name], pages[p], slugs[p] = p, name, headingSlugs(b.files[p])
	}
	files := map[string][]byte{}
	for p, data := range b.files {
		name, isPage := pages[p]
		if !isPage {
			files[p] = data
			continue
		}
		files[name+".md"] = mdLink.ReplaceAllFunc(data, func(m []byte) []byte {
			target := string(m[2 : len(m)-1])
			return []byte("](" + wikiTarget(p, target, pages, slugs) + ")")
		})
	}
	files["_Sidebar.md"] = []byte(b.wikiSidebar())
	b.files = files
	for i, p := range b.pages {
		b.pages[i] = pages[p] + ".md"
	}
	return nil
}

// wikiTarget rewrites a link of a page for the wiki layout.
func wikiTarget(from, target string, pages map[string]string, slugs map[string]map[string]bool) string {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return target
	}
	file, anchor, _ := strings.Cut(target, "#")
	full := from
	if file != "" {
		full = path.Join(path.Dir(from), file)
	}
	name, isPage := pages[full]
	if !isPage {
		return full
	}
	if anchor != "" && slugs[full][anchor] {
		return name + "#" + anchor
	}
	return name
}

// wikiSidebar returns the wiki's sidebar: the site's main links.
func (b *builder) wikiSidebar() string {
	var sb strings.Builder
	for _, l := range []struct{ key, page string }{{"nav.home", "index.md"}, {"nav.order", "order.md"}, {"nav.open", "open-questions.md"},
		{"nav.examples", "examples/index.md"}, {"nav.tiles", "tiles.md"}} {
		if _, ok := b.files[l.page]; ok {
			fmt.Fprintf(&sb, "- [%s](%s)\n", b.tr.must(l.key), wikiName(l.page))
		}
	}
	return sb.String()
}
