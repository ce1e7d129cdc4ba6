package site_test

import (
	"bytes"
	"fmt"
	"maps"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/site"
	"github.com/tilekit/tilekit/validator"
	"golang.org/x/net/html"
)

var (
	builtinOnce sync.Once
	builtin     *tilekit.Catalog
	builtinSite *site.Site
	builtinErr  error
)

// builtinBuild loads the built-in data and builds its HTML site once for
// all tests.
func builtinBuild(t testing.TB) (*tilekit.Catalog, *site.Site) {
	builtinOnce.Do(func() {
		builtin, builtinErr = validator.BuiltinCatalog()
		if builtinErr == nil {
			builtinSite, builtinErr = site.Build(builtin, site.Options{})
		}
	})
	require.NoError(t, builtinErr)
	return builtin, builtinSite
}

// parsedPage is an HTML page of a built site, parsed.
type parsedPage struct {
	doc *html.Node
	ids map[string]bool
}

// parseSite parses every HTML page of a site; a page that does not parse
// fails the test.
func parseSite(t *testing.T, s *site.Site) map[string]*parsedPage {
	t.Helper()
	pages := map[string]*parsedPage{}
	for _, p := range s.Paths() {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		data, _ := s.File(p)
		doc, err := html.Parse(bytes.NewReader(data))
		require.NoError(t, err, p)
		pg := &parsedPage{doc: doc, ids: map[string]bool{}}
		walk(doc, func(n *html.Node) {
			if id := attr(n, "id"); id != "" {
				assert.False(t, pg.ids[id], "%s: the id %q is used twice", p, id)
				pg.ids[id] = true
			}
		})
		pages[p] = pg
	}
	return pages
}

// walk calls f on every element of a document, in document order.
func walk(n *html.Node, f func(*html.Node)) {
	if n.Type == html.ElementNode {
		f(n)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

// attr returns an element's attribute, or "".
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// hasAttr reports whether an element has an attribute.
func hasAttr(n *html.Node, key string) bool {
	return slices.ContainsFunc(n.Attr, func(a html.Attribute) bool { return a.Key == key })
}

// textOf returns the text of an element and its children.
func textOf(n *html.Node) string {
	var b strings.Builder
	var rec func(*html.Node)
	rec = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
	}
	rec(n)
	return b.String()
}

// resolve reads a relative link of a page as a path of the site and an
// anchor; internal is false for a link elsewhere.
func resolve(page, link string) (target, anchor string, internal bool) {
	u, err := url.Parse(link)
	if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(link, "//") {
		return "", "", false
	}
	target = page
	if u.Path != "" {
		target = path.Join(path.Dir(page), u.Path)
	}
	return target, u.Fragment, true
}

// TestEveryInternalLinkResolves walks the built site: every href and src
// that points inside the site names a file of the site, and every #anchor
// an id of the page it points to. Links elsewhere must be http(s).
func TestEveryInternalLinkResolves(t *testing.T) {
	_, s := builtinBuild(t)
	pages := parseSite(t, s)
	require.Contains(t, pages, "index.html")
	checked := 0
	for p, pg := range pages {
		walk(pg.doc, func(n *html.Node) {
			for _, key := range []string{"href", "src"} {
				link := attr(n, key)
				if !hasAttr(n, key) {
					continue
				}
				target, anchor, internal := resolve(p, link)
				if !internal {
					assert.Regexp(t, `^https?://`, link, "%s: a link elsewhere that is not a web address", p)
					continue
				}
				checked++
				if !assert.True(t, target != ".." && !strings.HasPrefix(target, "../"), "%s: %q leaves the site", p, link) {
					continue
				}
				if _, ok := s.File(target); !assert.True(t, ok, "%s: %q points to %s, which the site does not have", p, link, target) {
					continue
				}
				if anchor != "" && strings.HasSuffix(target, ".html") {
					assert.True(t, pages[target].ids[anchor], "%s: %q points to #%s, which %s does not have", p, link, anchor, target)
				}
			}
		})
	}
	assert.Greater(t, checked, 1000, "too few links were checked: the walk is broken")
}

// TestSearchIndexPointsIntoTheSite checks that every entry of the search
// index names a page of the site and an anchor on it.
func TestSearchIndexPointsIntoTheSite(t *testing.T) {
	_, s := builtinBuild(t)
	pages := parseSite(t, s)
	data, ok := s.File("assets/search-index.js")
	require.True(t, ok)
	urls := regexp.MustCompile(`"url":"([^"]*)"`).FindAllSubmatch(data, -1)
	require.NotEmpty(t, urls)
	kinds := map[string]bool{}
	for _, m := range regexp.MustCompile(`"kind":"([^"]*)"`).FindAllSubmatch(data, -1) {
		kinds[string(m[1])] = true
	}
	for _, k := range []string{"tile", "figure", "answer", "rules", "table", "example"} {
		assert.True(t, kinds[k], "the search index has no entry of kind %s", k)
	}
	for _, m := range urls {
		target, anchor, internal := resolve("index.html", string(m[1]))
		require.True(t, internal, string(m[1]))
		pg, ok := pages[target]
		if assert.True(t, ok, "the search index points to %s, which is not a page", target) && anchor != "" {
			assert.True(t, pg.ids[anchor], "the search index points to %s#%s, which is not there", target, anchor)
		}
	}
}

// decorative reports whether an image is marked as decoration (an empty
// alt) beside a link whose text names what it shows: a thumbnail of the
// examples index.
func decorative(img *html.Node) bool {
	if !hasAttr(img, "alt") || attr(img, "alt") != "" || img.Parent == nil {
		return false
	}
	named := false
	walk(img.Parent, func(n *html.Node) {
		if n.Data == "a" && strings.TrimSpace(textOf(n)) != "" {
			named = true
		}
	})
	return named
}

// TestPagesAreWellFormed checks each page: one h1 and no heading level
// skipped, every image with alt text or a title (or an empty alt beside
// a link that names what it shows), the stylesheet and the
// scripts of the contract with the page's path to the root, nothing
// fetched from elsewhere and no inline script.
func TestPagesAreWellFormed(t *testing.T) {
	_, s := builtinBuild(t)
	for p, pg := range parseSite(t, s) {
		root := strings.TrimSuffix(strings.Repeat("../", strings.Count(p, "/")), "/")
		if root == "" {
			root = "."
		}
		var levels []int
		var scripts, styles []string
		walk(pg.doc, func(n *html.Node) {
			switch n.Data {
			case "h1", "h2", "h3", "h4", "h5", "h6":
				levels = append(levels, int(n.Data[1]-'0'))
			case "img":
				assert.True(t, attr(n, "alt") != "" || attr(n, "title") != "" || decorative(n), "%s: an image without alt text or title: %s", p, attr(n, "src"))
			case "script":
				assert.NotEmpty(t, attr(n, "src"), "%s: an inline script", p)
				scripts = append(scripts, attr(n, "src"))
			case "link":
				if attr(n, "rel") == "stylesheet" {
					styles = append(styles, attr(n, "href"))
				}
			case "body":
				assert.Equal(t, root, attr(n, "data-root"), p)
			}
		})
		assert.Equal(t, []string{root + "/assets/site.css"}, styles, p)
		assert.Equal(t, []string{root + "/assets/search-index.js", root + "/assets/site.js"}, scripts, p)
		if assert.NotEmpty(t, levels, p) {
			assert.Equal(t, 1, levels[0], "%s: the first heading is not an h1", p)
		}
		for i := 1; i < len(levels); i++ {
			assert.LessOrEqual(t, levels[i], levels[i-1]+1, "%s: heading %d is an h%d after an h%d", p, i+1, levels[i], levels[i-1])
			assert.NotEqual(t, 1, levels[i], "%s: a second h1", p)
		}
	}
}

// TestSelectorOnEveryPage checks the selector of the contract: a checkbox
// per expansion and per part (the base game has none), each part right
// after its expansion, each with a label, and the publisher choice.
func TestSelectorOnEveryPage(t *testing.T) {
	cat, s := builtinBuild(t)
	var want []string
	for _, x := range cat.Expansions {
		if x.ID == "base" {
			continue
		}
		want = append(want, x.ID)
		for _, p := range x.Parts {
			want = append(want, p.ID)
		}
	}
	slices.Sort(want)
	for p, pg := range parseSite(t, s) {
		var form *html.Node
		walk(pg.doc, func(n *html.Node) {
			if n.Data == "form" && attr(n, "id") == "selector" {
				form = n
			}
		})
		if !assert.NotNil(t, form, p) {
			continue
		}
		var got, publishers []string
		walk(form, func(n *html.Node) {
			if n.Data == "input" && attr(n, "type") == "checkbox" && attr(n, "name") == "x" {
				got = append(got, attr(n, "value"))
				assert.Equal(t, "label", n.Parent.Data, "%s: the checkbox %s has no label", p, attr(n, "value"))
			}
			if n.Data == "select" && attr(n, "name") == "p" {
				walk(n, func(o *html.Node) {
					if o.Data == "option" {
						publishers = append(publishers, attr(o, "value"))
					}
				})
			}
		})
		slices.Sort(got) // the form sorts them by kind and name
		assert.Equal(t, want, got, p)
		assert.Equal(t, []string{"", "hig", "rgg", "zmg"}, publishers, p)
		if p == "index.html" {
			assert.True(t, pg.ids["search"] && pg.ids["search-results"], "the home page has no search box")
		}
	}
}

// TestTablePageShowsAnswersAsTheContractSays checks the dragon-diet page
// against the data: a row per answer in force with its subject, the
// expansions it needs, its badge; superseded rulings folded under the one
// in force.
func TestTablePageShowsAnswersAsTheContractSays(t *testing.T) {
	cat, s := builtinBuild(t)
	pg := parseSite(t, s)["tables/dragon-diet.html"]
	require.NotNil(t, pg)
	rows, then := map[string]*html.Node{}, map[string]*html.Node{}
	walk(pg.doc, func(n *html.Node) {
		if n.Data == "table" && attr(n, "class") == "answers" {
			assert.Equal(t, "dragon-diet", attr(n, "id"))
			walk(n, func(r *html.Node) {
				switch {
				case r.Data != "tr" || !hasAttr(r, "data-subject"):
				case attr(r, "class") == "then":
					then[attr(r, "data-subject")] = r
				default:
					rows[attr(r, "data-subject")] = r
				}
			})
		}
	})
	// The mage's ruling before the FAQ of March 2015 is a row of its own
	// too, hidden until the reader chooses a month before it.
	if old := then["mage"]; assert.NotNil(t, old, "no row for the mage's earlier ruling") {
		assert.True(t, hasAttr(old, "hidden"))
		assert.NotEmpty(t, attr(old, "data-in"))
	}
	// The mage's row of the 2015 FAQ overturned the rulebook's (see
	// interactions/dragon.toml): the row in force says yes, with the old
	// no folded under it.
	mage := rows["mage"]
	require.NotNil(t, mage, "no row for the mage")
	assert.Equal(t, "neutral-mage", attr(mage, "id"))
	assert.Equal(t, "mage-witch/mage princess-dragon/dragon", attr(mage, "data-needs"))
	var details *html.Node
	walk(mage, func(n *html.Node) {
		if n.Data == "details" {
			details = n
		}
	})
	require.NotNil(t, details, "the mage's superseded ruling is not folded under the one in force")
	assert.Contains(t, textOf(details), "no")
	assert.Contains(t, textOf(mage), "official FAQ")
	assert.Contains(t, textOf(mage), "March 2015", "a month date is worded as the month it is")
	// The Black Dragon needs its own expansion to show.
	assert.Contains(t, strings.Fields(attr(rows["black-dragon"], "data-needs")), "black-dragon")
	// Every subject a figure of a kind the table covers is a row, or an
	// unanswered subject.
	table := cat.Table("dragon-diet")
	for _, sub := range cat.Subjects() {
		if table.Covers(sub.Kind) && rows[sub.ID] == nil {
			assert.True(t, pg.ids["dragon-diet-unanswered"], "no row for %s and no unanswered list", sub.ID)
		}
	}
	// The hidden-count paragraph follows the table.
	found := false
	walk(pg.doc, func(n *html.Node) {
		if n.Data == "p" && attr(n, "class") == "hidden-count" && attr(n, "data-for") == "dragon-diet" {
			found = hasAttr(n, "hidden")
		}
	})
	assert.True(t, found, "no hidden-count paragraph for the table")
}

// An answer that the rule of thumb gives says so and links to the rule's
// box, which alone holds the rule's text: the text is not repeated in every
// row it answers.
func TestRuleOfThumbRowsLinkToTheRule(t *testing.T) {
	cat, s := builtinBuild(t)
	pg := parseSite(t, s)["tables/dragon-diet.html"]
	require.NotNil(t, pg)
	rule := cat.Table("dragon-diet").Rule.Text
	byRule, repeated := 0, 0
	walk(pg.doc, func(n *html.Node) {
		if n.Data == "table" && attr(n, "class") == "answers" {
			walk(n, func(a *html.Node) {
				if a.Data == "a" && attr(a, "href") == "#rule-of-thumb" {
					byRule++
				}
				if a.Type == html.TextNode && strings.Contains(a.Data, rule) {
					repeated++
				}
			})
		}
	})
	assert.Positive(t, byRule, "rows answered by the rule of thumb that link to it")
	assert.Zero(t, repeated, "rows that repeat the rule of thumb's text")
	assert.True(t, pg.ids["rule-of-thumb"], "the rule's box")
}

// Every HTML page links its icon, which the site has, so that a browser
// asks for no file the site lacks; and the site has a page for addresses
// it does not have, which links home.
func TestIconAndNotFoundPage(t *testing.T) {
	_, s := builtinBuild(t)
	pages := parseSite(t, s)
	_, ok := s.File("assets/favicon.svg")
	require.True(t, ok, "the site has no icon")
	for p, pg := range pages {
		icons := 0
		walk(pg.doc, func(n *html.Node) {
			if n.Data == "link" && attr(n, "rel") == "icon" {
				icons++
				target, _, _ := resolve(p, attr(n, "href"))
				assert.Equal(t, "assets/favicon.svg", target, p)
			}
		})
		assert.Equal(t, 1, icons, "%s: icon links", p)
	}
	nf := pages["404.html"]
	require.NotNil(t, nf, "no 404 page")
	home := false
	walk(nf.doc, func(n *html.Node) {
		if n.Data == "a" && attr(n, "href") == "./index.html" {
			home = true
		}
	})
	assert.True(t, home, "the 404 page does not link home")
}

// The home page answers first: its first section lists each table's
// question, linked to the table; the expansions with rules follow, and
// those with nothing yet are folded into one list; the nav of every page
// leads to the questions.
func TestHomePageOpensWithTheQuestions(t *testing.T) {
	cat, s := builtinBuild(t)
	pages := parseSite(t, s)
	home := pages["index.html"]
	require.NotNil(t, home)
	var sections []string
	questions := map[string]string{}
	folded := 0
	walk(home.doc, func(n *html.Node) {
		if n.Data == "h2" {
			sections = append(sections, attr(n, "id"))
		}
		if n.Data == "ul" && attr(n, "id") == "table-list" {
			walk(n, func(a *html.Node) {
				if a.Data == "a" {
					questions[attr(a, "href")] = textOf(a)
				}
			})
		}
		if n.Data == "details" && attr(n, "id") == "expansions-no-rules" {
			walk(n, func(a *html.Node) {
				if a.Data == "a" {
					folded++
				}
			})
		}
	})
	require.NotEmpty(t, sections)
	assert.Equal(t, "tables", sections[0], "the home page's first section")
	assert.Len(t, questions, len(cat.Tables))
	for i := range cat.Tables {
		tb := &cat.Tables[i]
		assert.Equal(t, tb.Question, questions["./tables/"+tb.ID+".html"], tb.ID)
	}
	assert.Greater(t, folded, 40, "expansions with no rules yet, folded")
	assert.Less(t, folded, len(cat.Expansions)-3, "the expansions with rules are not folded")
	for p, pg := range pages {
		found := false
		walk(pg.doc, func(n *html.Node) {
			if n.Data == "nav" {
				walk(n, func(a *html.Node) {
					if a.Data == "a" && strings.HasSuffix(attr(a, "href"), "index.html#tables") {
						found = true
					}
				})
			}
		})
		assert.True(t, found, "%s: the nav does not lead to the questions", p)
	}
}

// Every page but the home page says where it is, by breadcrumbs to the
// pages above it, and a long page lists its sections after its title.
func TestBreadcrumbsAndContents(t *testing.T) {
	_, s := builtinBuild(t)
	pages := parseSite(t, s)
	trail := func(pg *parsedPage) (hrefs []string, current string) {
		walk(pg.doc, func(n *html.Node) {
			if n.Data == "nav" && attr(n, "class") == "crumbs" {
				walk(n, func(c *html.Node) {
					if c.Data == "a" {
						hrefs = append(hrefs, attr(c, "href"))
					}
					if c.Data == "li" && attr(c, "aria-current") == "page" {
						current = textOf(c)
					}
				})
			}
		})
		return hrefs, current
	}
	hrefs, current := trail(pages["tables/dragon-diet.html"])
	assert.Equal(t, []string{"../index.html", "../index.html#tables"}, hrefs)
	assert.Equal(t, "What the red dragon eats", current)
	hrefs, _ = trail(pages["examples/princess-dragon-portal-example.html"])
	assert.Equal(t, []string{"../index.html", "../examples/index.html"}, hrefs)
	hrefs, _ = trail(pages["index.html"])
	assert.Empty(t, hrefs, "the home page has no breadcrumbs")
	for p, pg := range pages {
		if p != "index.html" {
			h, _ := trail(pg)
			assert.NotEmpty(t, h, "%s has no breadcrumbs", p)
		}
	}
	pd := pages["expansions/princess-dragon.html"]
	var toc []string
	walk(pd.doc, func(n *html.Node) {
		if n.Data == "nav" && attr(n, "class") == "toc" {
			walk(n, func(a *html.Node) {
				if a.Data == "a" {
					toc = append(toc, strings.TrimPrefix(attr(a, "href"), "#"))
				}
			})
		}
	})
	var sections []string
	walk(pd.doc, func(n *html.Node) {
		if n.Data == "h2" && hasAttr(n, "id") {
			sections = append(sections, attr(n, "id"))
		}
	})
	assert.GreaterOrEqual(t, len(sections), 4)
	assert.Equal(t, sections, toc, "the contents list the page's sections in order")
}

// TestBuildIsDeterministic builds the site twice and compares every byte.
func TestBuildIsDeterministic(t *testing.T) {
	cat, first := builtinBuild(t)
	second, err := site.Build(cat, site.Options{})
	require.NoError(t, err)
	require.Equal(t, first.Paths(), second.Paths())
	for _, p := range first.Paths() {
		a, _ := first.File(p)
		b, _ := second.File(p)
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two builds", p)
		}
	}
	marker, ok := first.File(site.MarkerFile)
	assert.True(t, ok)
	assert.Equal(t, "written by tilekit site build\n", string(marker))
}

// markdownLink finds the targets of Markdown links and images:
// [text](target) and [text](<target>).
var markdownLink = regexp.MustCompile(`\]\((<[^>]*>|[^)\s]*)\)`)

// TestMarkdownLinksResolveToMarkdownFiles builds the Markdown format: the
// same pages as .md files (but the web server's 404 page), no HTML page, no
// script, and every relative link
// names a file of the site, pages by their .md names.
func TestMarkdownLinksResolveToMarkdownFiles(t *testing.T) {
	cat, htmlSite := builtinBuild(t)
	s, err := site.Build(cat, site.Options{Format: site.Markdown})
	require.NoError(t, err)
	var htmlPages, mdPages []string
	for _, p := range htmlSite.Paths() {
		if strings.HasSuffix(p, ".html") && p != "404.html" { // a web server's page
			htmlPages = append(htmlPages, strings.TrimSuffix(p, ".html"))
		}
	}
	checked := 0
	for _, p := range s.Paths() {
		assert.False(t, strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".js"), "the Markdown site has %s", p)
		if !strings.HasSuffix(p, ".md") {
			continue
		}
		mdPages = append(mdPages, strings.TrimSuffix(p, ".md"))
		data, _ := s.File(p)
		for _, m := range markdownLink.FindAllSubmatch(data, -1) {
			link := strings.Trim(string(m[1]), "<>")
			target, _, internal := resolve(p, link)
			if !internal {
				continue
			}
			checked++
			_, ok := s.File(target)
			assert.True(t, ok, "%s: %q points to %s, which the site does not have", p, link, target)
			assert.True(t, strings.HasSuffix(target, ".md") || strings.HasSuffix(target, ".svg"), "%s: %q is not a page or a picture", p, link)
		}
	}
	assert.Equal(t, htmlPages, mdPages, "the Markdown site has other pages than the HTML site")
	assert.Greater(t, checked, 1000)
}

// userFolder is a data folder on top of the built-in data: a fan expansion
// with a rules text, and a row whose explanation holds markup.
func userFolder(t *testing.T, files map[string]string) *tilekit.Catalog {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	res, err := validator.Validate(validator.BuiltinFolder(), validator.Folder{Name: "user", FS: fsys})
	require.NoError(t, err)
	for _, d := range res.Diagnostics {
		require.NotEqual(t, validator.Error, d.Severity, "%v", d)
	}
	return res.Catalog
}

const scriptRow = `[[row]]
table = "dragon-diet"
subject = "courier"
verdict = "yes"
source = { kind = "house-rule", title = "A test's house rules" }
explanation = "Eaten <script>alert('row')</script> & gone."
`

// TestMarkupInDataShowsAsText checks that markup written in the data, a
// row's explanation or a rules text, comes out as text on the pages.
func TestMarkupInDataShowsAsText(t *testing.T) {
	cat := userFolder(t, map[string]string{
		"interactions/test.toml": scriptRow,
		"expansions/test.toml":   "[[expansion]]\nid = \"test-fan\"\nname = \"Test <b>Fan</b>\"\nkind = \"fan\"\neditions = [\"C3\"]\n",
		"expansions/text/en/test-fan.md": "# Test fan\n\nA paragraph with <script>alert('text')</script> inside.\n\n" +
			"<div onclick=\"x()\">a block</div>\n\n## Its <em>second</em> part\n\nMore.\n",
	})
	s, err := site.Build(cat, site.Options{})
	require.NoError(t, err)
	pages := parseSite(t, s)
	for _, p := range []string{"tables/dragon-diet.html", "expansions/test-fan.html"} {
		pg := pages[p]
		require.NotNil(t, pg, p)
		walk(pg.doc, func(n *html.Node) {
			if n.Data == "script" {
				assert.NotEmpty(t, attr(n, "src"), "%s: markup in the data became a script", p)
			}
			assert.False(t, n.Data == "b" || n.Data == "em" || hasAttr(n, "onclick"), "%s: markup in the data became an element <%s>", p, n.Data)
		})
	}
	row := textOf(findByID(pages["tables/dragon-diet.html"].doc, "neutral-courier"))
	assert.Contains(t, row, "Eaten <script>alert('row')</script> & gone.")
	text := textOf(pages["expansions/test-fan.html"].doc)
	assert.Contains(t, text, "<script>alert('text')</script>")
	assert.Contains(t, text, `<div onclick="x()">a block</div>`)
	assert.Contains(t, text, "Test <b>Fan</b>")
	// The text's headings sit under the page's h1 and have ids.
	h := findByID(pages["expansions/test-fan.html"].doc, "rules-test-fan")
	if assert.NotNil(t, h, "the rules text's first heading has no id") {
		assert.Equal(t, "h2", h.Data)
	}
	md, err := site.Build(cat, site.Options{Format: site.Markdown})
	require.NoError(t, err)
	table, _ := md.File("tables/dragon-diet.md")
	assert.NotContains(t, string(table), "<script>")
	assert.Contains(t, string(table), `Eaten \<script\>alert('row')\</script\> \& gone.`)
	page, _ := md.File("expansions/test-fan.md")
	assert.NotContains(t, string(page), "<script>")
	assert.NotContains(t, string(page), "<div")
	assert.Contains(t, string(page), "\n## Test fan\n")
	assert.Contains(t, string(page), "\n### Its &lt;em>second&lt;/em> part\n")
}

// findByID returns the element with an id, or nil.
func findByID(doc *html.Node, id string) *html.Node {
	var out *html.Node
	walk(doc, func(n *html.Node) {
		if out == nil && attr(n, "id") == id {
			out = n
		}
	})
	return out
}

// TestSelectionLeavesOutWhatDoesNotApply builds a site for The Princess &
// the Dragon alone: no page of another expansion, no row that needs one,
// and the home page counts what was left out.
func TestSelectionLeavesOutWhatDoesNotApply(t *testing.T) {
	cat, _ := builtinBuild(t)
	sel, err := rules.Select(cat, []string{"princess-dragon"})
	require.NoError(t, err)
	s, err := site.Build(cat, site.Options{Selection: &sel})
	require.NoError(t, err)
	pages := parseSite(t, s)
	var expansionPages []string
	for p := range pages {
		if strings.HasPrefix(p, "expansions/") {
			expansionPages = append(expansionPages, p)
		}
	}
	slices.Sort(expansionPages)
	assert.Equal(t, []string{"expansions/base.html", "expansions/princess-dragon.html"}, expansionPages)
	for p := range pages {
		assert.False(t, strings.Contains(p, "black-dragon") || strings.Contains(p, "drawbridge"), "a page for another expansion: %s", p)
	}
	walk(pages["tables/dragon-diet.html"].doc, func(n *html.Node) {
		for _, id := range strings.Fields(attr(n, "data-needs")) {
			assert.Equal(t, "princess-dragon", tilekit.ParentExpansion(id), "a row that needs %s", id)
		}
	})
	// Counted by hand from the data: every expansion but these two, and
	// the tables of the Black Dragon and the drawbridges.
	var otherTables int
	for _, tb := range cat.Tables {
		if tilekit.ParentExpansion(tb.Expansion) != "princess-dragon" && tilekit.ParentExpansion(tb.Expansion) != "base" {
			otherTables++
		}
	}
	home := textOf(pages["index.html"].doc)
	assert.Contains(t, home, fmt.Sprintf("Left out: %d expansions; %d interaction tables", len(cat.Expansions)-2, otherTables))
	assert.Contains(t, textOf(pages["tables/dragon-diet.html"].doc), "answers left out by this site's choice of expansions")
	var checkboxes []string
	walk(pages["index.html"].doc, func(n *html.Node) {
		if n.Data == "input" && attr(n, "name") == "x" {
			checkboxes = append(checkboxes, attr(n, "value"))
		}
	})
	want := []string{"princess-dragon"}
	for _, p := range cat.Expansion("princess-dragon").Parts {
		want = append(want, p.ID)
	}
	assert.Len(t, want, 5, "The Princess & the Dragon has four parts")
	assert.Equal(t, want, checkboxes)
}

// TestBaseURL checks that a base URL gives each page its canonical address
// and a sitemap, while links between pages stay relative.
func TestBaseURL(t *testing.T) {
	cat, plain := builtinBuild(t)
	_, ok := plain.File("sitemap.xml")
	assert.False(t, ok, "a sitemap without a base URL")
	s, err := site.Build(cat, site.Options{BaseURL: "https://rules.example.org/carcassonne/"})
	require.NoError(t, err)
	page, _ := s.File("tables/dragon-diet.html")
	assert.Contains(t, string(page), `<link rel="canonical" href="https://rules.example.org/carcassonne/tables/dragon-diet.html">`)
	assert.Contains(t, string(page), `<a href="../index.html">`)
	sitemap, ok := s.File("sitemap.xml")
	require.True(t, ok)
	assert.Contains(t, string(sitemap), "<loc>https://rules.example.org/carcassonne/examples/index.html</loc>")
	assert.Equal(t, strings.Count(string(sitemap), "<loc>"), countSuffix(s.Paths(), ".html"))

	_, err = site.Build(cat, site.Options{Format: "pdf"})
	assert.ErrorContains(t, err, `unknown site format "pdf"`)
}

// countSuffix counts the paths with a suffix.
func countSuffix(paths []string, suffix string) int {
	n := 0
	for _, p := range paths {
		if strings.HasSuffix(p, suffix) {
			n++
		}
	}
	return n
}

// TestHiddenCountStrings checks the strings the script shows for a hidden
// count: as written in the strings file, not quoted as script.
func TestHiddenCountStrings(t *testing.T) {
	_, s := builtinBuild(t)
	pg := parseSite(t, s)["tables/dragon-diet.html"]
	n := 0
	walk(pg.doc, func(e *html.Node) {
		if attr(e, "class") == "hidden-count" {
			n++
			assert.Equal(t, "{n} entry hidden by your choice", attr(e, "data-one"))
			assert.Equal(t, "{n} entries hidden by your choice", attr(e, "data-many"))
		}
	})
	assert.Positive(t, n)
}

// TestOrderOfPlayMarksPublisherDifferences checks the order pages against
// interactions/order.toml: Rio Grande's rules move the dragon after scoring
// (a variant for rgg alone), so its section marks dragon-move and Hans im
// Glück's does not; the steps' own section marks nothing; and the page of
// The Drawbridges alone has its step and none of the dragon's.
func TestOrderOfPlayMarksPublisherDifferences(t *testing.T) {
	_, s := builtinBuild(t)
	pages := parseSite(t, s)
	order := pages["order.html"]
	require.NotNil(t, order)
	differs := func(id string) bool {
		n := findByID(order.doc, id)
		require.NotNil(t, n, id)
		return strings.Contains(attr(n, "class"), "differs")
	}
	assert.True(t, differs("rgg-step-dragon-move"))
	assert.False(t, differs("hig-step-dragon-move"))
	assert.False(t, differs("step-dragon-move"))
	walk(findByID(order.doc, "order-own"), func(n *html.Node) {
		assert.NotContains(t, attr(n, "class"), "differs", "a step of the steps' own order is marked")
	})
	assert.Equal(t, "rgg", attr(findByID(order.doc, "order-rgg"), "data-publishers"))
	one := pages["order/drawbridges.html"]
	require.NotNil(t, one)
	assert.NotNil(t, findByID(one.doc, "step-drawbridge-move"))
	assert.Nil(t, findByID(one.doc, "step-dragon-move"))
	assert.NotNil(t, findByID(one.doc, "step-place-tile"))
}

// TestOrderOfPlayDependsOnTheChoice checks that the order of play for every
// expansion never shows, through the script's filtering, an order that holds
// for no choice: Rio Grande moves the red dragon after scoring, but first
// when the Black Dragon is in play, so its turn is written twice, one shown
// with the Black Dragon (data-needs) and one without it (data-unless).
// Publishers whose turn does not change keep one section.
func TestOrderOfPlayDependsOnTheChoice(t *testing.T) {
	_, s := builtinBuild(t)
	order := parseSite(t, s)["order.html"]
	require.NotNil(t, order)
	with := findByID(order.doc, "order-rgg")
	without := findByID(order.doc, "order-rgg-without-black-dragon")
	require.NotNil(t, with)
	require.NotNil(t, without)
	assert.Equal(t, "black-dragon", attr(with, "data-needs"))
	assert.Equal(t, "black-dragon", attr(without, "data-unless"))
	stepsOf := func(sec *html.Node) []string {
		var ids []string
		walk(sec, func(n *html.Node) {
			if id := attr(n, "id"); n.Type == html.ElementNode && n.Data == "li" && strings.Contains(id, "step-") {
				_, step, _ := strings.Cut(id, "step-")
				ids = append(ids, step)
			}
		})
		return ids
	}
	before := func(ids []string, a, b string) bool {
		return slices.Index(ids, a) >= 0 && slices.Index(ids, a) < slices.Index(ids, b)
	}
	assert.True(t, before(stepsOf(with), "dragon-move", "score-features"), "with the Black Dragon the red dragon moves before scoring")
	assert.True(t, before(stepsOf(without), "score-features", "dragon-move"), "Rio Grande alone: the red dragon moves after scoring")
	assert.NotContains(t, stepsOf(without), "black-dragon-move")
	assert.Nil(t, findByID(order.doc, "order-hig-without-black-dragon"), "Hans im Glück's turn is the same either way")
}

// TestTileRulesShown checks that a tile's own rules are shown with the tile,
// with their sources, in the gallery and on the expansion's page, in HTML
// and in Markdown (issue 16: the cloister inside a city, the road under a
// city).
func TestTileRulesShown(t *testing.T) {
	cat, htmlSite := builtinBuild(t)
	md, err := site.Build(cat, site.Options{Format: site.Markdown})
	require.NoError(t, err)
	tile := cat.Tile("princess-dragon/dragon-city-cloister")
	require.NotNil(t, tile)
	require.NotEmpty(t, tile.Rules)
	for _, c := range []struct {
		s    *site.Site
		path string
	}{{htmlSite, "tiles.html"}, {htmlSite, "expansions/princess-dragon.html"}, {md, "tiles.md"}, {md, "expansions/princess-dragon.md"}} {
		data, ok := c.s.File(c.path)
		require.True(t, ok, c.path)
		page := html.UnescapeString(string(data))
		for _, r := range tile.Rules {
			assert.Contains(t, strings.ReplaceAll(page, "\\", ""), r.Text, c.path)
			assert.Contains(t, page, r.Source.Section, c.path)
		}
	}
}

// TestFanExpansionEveryEdition checks that a fan expansion that names no
// edition says on its page that it is played with every edition (issue
// 16: the Black Dragon's page names none).
func TestFanExpansionEveryEdition(t *testing.T) {
	_, s := builtinBuild(t)
	data, ok := s.File("expansions/black-dragon.html")
	require.True(t, ok)
	assert.Contains(t, string(data), "played with every edition")
	data, ok = s.File("expansions/princess-dragon.html")
	require.True(t, ok)
	assert.NotContains(t, string(data), "played with every edition")
	assert.Contains(t, string(data), "editions C1, C2, C3")
}

// TestCrossingIsWordedFromItsData checks that the order of play words the
// drawbridges' crossing from its values (its kinds, its link, its table
// and its word) with its source, and that a worked example words the
// crossing moves by their kind, the word coming from the move.
func TestCrossingIsWordedFromItsData(t *testing.T) {
	_, s := builtinBuild(t)
	pages := parseSite(t, s)
	one := pages["order/drawbridges.html"]
	require.NotNil(t, one)
	step := textOf(findByID(one.doc, "step-drawbridge-move"))
	assert.Contains(t, step, "What it does, as the engine plays it")
	assert.Contains(t, step, "after a completed road is scored, the player with the sole majority on it may move each of their followers on it into an incomplete city that the drawbridges of its tiles link it to, where drawbridge-figures lets the follower cross")
	assert.Contains(t, step, `the moves read "drawbridge x,y:FEATURE" or "drawbridge home"`)
	example := pages["examples/drawbridges-example-2.html"]
	require.NotNil(t, example)
	text := textOf(example.doc)
	assert.Contains(t, text, "a follower crosses over the drawbridge into the city at -1,0; a follower that could cross over the drawbridge goes home")
}

// TestOrderWordsEachMechanic checks that the order of play says what each
// step's mechanics do, worded from their values: when it happens, how its
// figure moves and what it eats, the deploy table of its arrival, where a
// follower is deployed instead and where removed figures go.
func TestOrderWordsEachMechanic(t *testing.T) {
	_, s := builtinBuild(t)
	order := parseSite(t, s)["order.html"]
	require.NotNil(t, order)
	text := func(id string) string {
		n := findByID(order.doc, id)
		require.NotNil(t, n, id)
		return html.UnescapeString(textOf(n))
	}
	black := text("step-black-dragon-move")
	assert.Contains(t, black, "When the tile placed completed at least one feature")
	assert.Contains(t, black, "a tile for each feature the tile completed")
	assert.Contains(t, black, "it eats what “What the Black Dragon eats” says")
	assert.Contains(t, black, "Once removed, neutral figures: beside the board")
	assert.Contains(t, text("step-dragon-move"), "6 tiles")
	assert.Contains(t, text("step-volcano-dragon"), "only these figures may be deployed to its tile")
	assert.Contains(t, text("step-magic-portal"), "the moves read \"portal x,y:FEATURE\"")
}

// The pages show the data by its names: no figure's, part's, tile's or
// worked example's id reaches the reader as code.
func TestPagesShowNoDataIDs(t *testing.T) {
	cat, s := builtinBuild(t)
	ids := map[string]bool{}
	for _, f := range cat.Figures {
		ids[f.ID] = true
	}
	for _, tile := range cat.Tiles {
		ids[tile.ID] = true
	}
	for _, sc := range cat.Scenarios {
		ids[sc.ID] = true
	}
	for _, x := range cat.Expansions {
		for _, p := range x.Parts {
			ids[p.ID] = true
		}
	}
	code := regexp.MustCompile(`<code>([^<]*)</code>`)
	for _, p := range []string{"expansions/princess-dragon.html", "tiles.html", "examples/princess-dragon-dragon-example-four-players.html"} {
		page, ok := s.File(p)
		require.True(t, ok, p)
		for _, m := range code.FindAllStringSubmatch(string(page), -1) {
			assert.False(t, ids[m[1]], "%s shows the id %s", p, m[1])
		}
	}
}

// TestOrderPagesOnlyForExpansionsThatChangeTheTurn checks that an
// expansion without a step of its own has no order of play page, which
// would repeat the base game's: its page says so and links to the base
// game's, and the order of play lists only the expansions that change the
// turn.
func TestOrderPagesOnlyForExpansionsThatChangeTheTurn(t *testing.T) {
	_, s := builtinBuild(t)
	for _, id := range []string{"base", "princess-dragon", "black-dragon", "drawbridges"} {
		_, ok := s.File("order/" + id + ".html")
		assert.True(t, ok, "no order of play of %s", id)
	}
	_, ok := s.File("order/bards.html")
	assert.False(t, ok, "an order of play page for an expansion that adds no step")
	bards, ok := s.File("expansions/bards.html")
	require.True(t, ok)
	assert.Contains(t, string(bards), `<a href="../order/base.html">The base game&#39;s order of play</a>`)
	pd, _ := s.File("expansions/princess-dragon.html")
	assert.Contains(t, string(pd), `<a href="../order/princess-dragon.html">`)
	order, _ := s.File("order.html")
	assert.Contains(t, string(order), `href="./order/princess-dragon.html"`)
	assert.NotContains(t, string(order), `order/bards.html`)
}

// TestSheetFollowsTheEditionAndMonth checks that the "my game" sheet marks
// its verdicts and steps with the editions and months they are in force
// in, as the tables' pages and the order of play do, so that the reader's
// choice of edition and month changes the sheet too: the data-in of the
// dragon-diet table's rows are those of the sheet's dragon-diet list.
func TestSheetFollowsTheEditionAndMonth(t *testing.T) {
	_, s := builtinBuild(t)
	collect := func(page, within string) map[string]bool {
		data, ok := s.File(page)
		require.True(t, ok, page)
		doc, err := html.Parse(bytes.NewReader(data))
		require.NoError(t, err)
		out := map[string]bool{}
		walk(doc, func(n *html.Node) {
			if n.Type != html.ElementNode || attr(n, "data-in") == "" || (n.Data != "tr" && n.Data != "li") {
				return
			}
			for p := n.Parent; p != nil; p = p.Parent {
				if strings.Contains(attr(p, "class"), within) || (within == "" && p.Data == "table") {
					out[attr(n, "data-in")] = true
					return
				}
			}
		})
		return out
	}
	table := collect("tables/dragon-diet.html", "")
	require.NotEmpty(t, table, "the dragon-diet table has rows of some editions or months only")
	data, _ := s.File("sheet.html")
	section := string(data)[strings.Index(string(data), `href="./tables/dragon-diet.html"`):]
	section = section[:strings.Index(section, "</section>")]
	var sheet []string
	for _, m := range regexp.MustCompile(`<li data-in="([^"]+)"`).FindAllStringSubmatch(section, -1) {
		sheet = append(sheet, stdhtmlUnescape(m[1]))
	}
	assert.ElementsMatch(t, keys(table), slices.Compact(slices.Sorted(slices.Values(sheet))))
	assert.True(t, strings.Contains(string(data), `class="then" hidden> → `), "the sheet has no step of other editions or months")
}

func keys(m map[string]bool) []string {
	return slices.Sorted(maps.Keys(m))
}

func stdhtmlUnescape(s string) string { return html.UnescapeString(s) }

// TestRowSourcesFoldTheFullCitation checks that a table row's source shows
// its badge and section, with the full citation (the document's title,
// linked, and its publisher) folded under them, so that a row does not
// repeat the whole citation of every other row.
func TestRowSourcesFoldTheFullCitation(t *testing.T) {
	_, s := builtinBuild(t)
	pages := parseSite(t, s)
	cells := 0
	walk(pages["tables/dragon-diet.html"].doc, func(td *html.Node) {
		if td.Data != "td" || attr(td, "data-label") != "Source" {
			return
		}
		cells++
		var details, summary *html.Node
		walk(td, func(n *html.Node) {
			switch {
			case n.Data == "details" && attr(n, "class") == "citation":
				details = n
			case n.Data == "summary":
				summary = n
			}
		})
		require.NotNil(t, details, "a source cell without a folded citation")
		require.NotNil(t, summary)
		badge := false
		walk(summary, func(n *html.Node) {
			assert.NotEqual(t, "a", n.Data, "the document's link is folded, not in the summary")
			badge = badge || strings.HasPrefix(attr(n, "class"), "badge ")
		})
		assert.True(t, badge, "the summary has no badge of the source's kind")
		assert.Greater(t, len(textOf(summary)), len("rulebook "), "the summary has no section")
	})
	assert.Greater(t, cells, 10)
}
