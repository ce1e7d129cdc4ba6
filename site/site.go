package site

import (
	"bytes"
	"fmt"
	"html"
	htmltemplate "html/template"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing/fstest"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// Format is the output format of a site.
type Format string

// The formats a site is written in.
const (
	// HTML writes web pages with the selector, the search and the
	// stylesheet.
	HTML Format = "html"
	// Markdown writes the same pages as .md files for a Git wiki: relative
	// .md links, no script.
	Markdown Format = "markdown"
)

// MarkerFile is the file Build writes at the root of every site, so that a
// command can tell a folder tilekit wrote from any other.
const MarkerFile = ".tilekit-site"

// markerText is the content of MarkerFile.
const markerText = "written by tilekit site build\n"

// Options say what to build.
type Options struct {
	// Format is HTML (the default, for "") or Markdown.
	Format Format
	// BaseURL, when not empty, is the address the site is published at:
	// it is prefixed to the absolute URLs of <link rel="canonical"> and the
	// sitemap. Every link between pages stays relative either way, so the
	// site also works from file://.
	BaseURL string
	// Selection, when not nil, builds a site for this selection only:
	// expansions, tables, answers, steps, tiles and examples that do not
	// apply are left out, and the home page says how many. When nil, the
	// site covers every expansion and the reader chooses in the page.
	Selection *rules.Selection
	// Lang is the language of the site, "en" by default: the interface
	// strings come from site/strings/<lang>.toml and the rules texts from
	// the catalog's texts in that language.
	Lang string
	// Stats is the number of seeded random games played per expansion for
	// the statistics page; 0 writes no statistics page.
	Stats int
	// Layout lays a Markdown site's pages out in folders (the default, for
	// "") or as a GitHub wiki.
	Layout Layout
	// Translations are more languages to build the site in beside Lang,
	// each in a folder named by its code ("de/"), with the same pages at
	// the same paths; every page links to itself in the site's other
	// languages. A wiki holds one language.
	Translations []string
}

// Site is a built site: every file, by its slash-separated path relative
// to the site's root, such as "index.html" or "assets/site.css".
type Site struct {
	files  map[string][]byte
	paths  []string
	counts Counts
}

// Counts says what a built site covers, for a command to report.
type Counts struct {
	// Expansions, Tables, Steps and Tiles are the expansions, interaction
	// tables, steps of the turn and tile types the site covers.
	Expansions, Tables, Steps, Tiles int
	// Examples is the number of worked examples the game engine played.
	Examples int
	// Pages is the number of pages written.
	Pages int
}

// Counts returns what the site covers.
func (s *Site) Counts() Counts { return s.counts }

// Paths lists the site's files, sorted.
func (s *Site) Paths() []string { return slices.Clone(s.paths) }

// File returns the content of a file of the site.
func (s *Site) File(path string) ([]byte, bool) {
	b, ok := s.files[path]
	return b, ok
}

// FS returns the site as a file system, for http.FileServer and tests.
func (s *Site) FS() fs.FS {
	m := make(fstest.MapFS, len(s.files))
	for p, b := range s.files {
		m[p] = &fstest.MapFile{Data: b, Mode: 0o644}
	}
	return m
}

// Build builds the whole site from a catalog. It is pure (it reads and
// writes no files) and deterministic: the same catalog and options give
// the same bytes. A worked example the engine does not play as its file
// says is an error that names the scenario, as is an order of play that
// cannot be composed.
func Build(cat *tilekit.Catalog, opt Options) (*Site, error) {
	if opt.Layout != "" && opt.Layout != LayoutFolders && opt.Layout != LayoutWiki {
		return nil, fmt.Errorf("layout %q: want folders or wiki", opt.Layout)
	}
	if opt.Layout == LayoutWiki && opt.Format != Markdown {
		return nil, fmt.Errorf("the wiki layout is for a Markdown site")
	}
	if opt.Layout == LayoutWiki && len(opt.Translations) > 0 {
		return nil, fmt.Errorf("a wiki holds one language: build one wiki per language")
	}
	langs, err := siteLanguages(opt)
	if err != nil {
		return nil, err
	}
	// The languages are built at the same time, sharing the rules' answers
	// and the engine's runs; the first error, in the order of the
	// languages, is the build's.
	sh := newShared(cat)
	built := make([]*builder, len(langs))
	errs := make([]error, len(langs))
	var wg sync.WaitGroup
	for i, l := range langs {
		sub := opt
		if i > 0 {
			sub.Lang = l.Lang
			if opt.BaseURL != "" {
				sub.BaseURL = strings.TrimSuffix(opt.BaseURL, "/") + "/" + l.Folder
			}
		}
		wg.Go(func() { built[i], errs[i] = buildLanguage(cat, sub, sh, l, langs) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	b := built[0]
	for _, t := range built[1:] {
		l := t.lang
		for p, data := range t.files {
			b.files[l.Folder+p] = data
		}
		for _, p := range t.pages {
			b.pages = append(b.pages, l.Folder+p)
		}
	}
	if err := b.writeSitemap(); err != nil {
		return nil, err
	}
	b.files[MarkerFile] = []byte(markerText)
	b.counts.Pages = len(b.pages)
	s := &Site{files: b.files, counts: b.counts}
	for p := range b.files {
		s.paths = append(s.paths, p)
	}
	slices.Sort(s.paths)
	return s, nil
}

// buildLanguage builds the pages of a site in one of its languages, all but
// the sitemap, which the site's first language writes for all.
func buildLanguage(cat *tilekit.Catalog, opt Options, sh *shared, lang siteLanguage, langs []siteLanguage) (*builder, error) {
	b, err := newBuilder(cat, opt, sh)
	if err != nil {
		return nil, err
	}
	b.lang, b.langs = lang, langs
	steps := []func() error{
		b.writeAssets, b.writeTiles, b.writeExpansions, b.playExamples, b.writeTables, b.writeOrder,
		b.writeOpenQuestions, b.writeExamples, b.writeGallery, b.writeStats, b.writeSheet, b.writeIndex,
		b.writeNotFound, b.writeSearchIndex,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if err := b.tr.check(); err != nil {
		return nil, err
	}
	if opt.Layout == LayoutWiki {
		if err := b.toWiki(); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// siteLanguage is one of the languages a site is built in: its code, its
// name in itself ("Deutsch") and the folder its pages are in ("" for the
// first language, "de/" for another).
type siteLanguage struct {
	Lang, Name, Folder string
}

// siteLanguages returns the languages of a site, Options.Lang first, each
// named by its own strings file.
func siteLanguages(opt Options) ([]siteLanguage, error) {
	first := opt.Lang
	if first == "" {
		first = "en"
	}
	var out []siteLanguage
	for i, l := range append([]string{first}, opt.Translations...) {
		tr, err := loadStrings(l)
		if err != nil {
			return nil, err
		}
		for _, seen := range out {
			if seen.Lang == l {
				return nil, fmt.Errorf("the language %q is given twice", l)
			}
		}
		lang := siteLanguage{Lang: l, Name: tr.must("language.name")}
		if i > 0 {
			lang.Folder = l + "/"
		}
		if err := tr.check(); err != nil {
			return nil, err
		}
		out = append(out, lang)
	}
	return out, nil
}

// builder holds what a build needs while it writes the pages.
type builder struct {
	cat *tilekit.Catalog
	// shared is what the languages of the build work out once for all.
	shared *shared
	opt    Options
	// sel is what the site covers: every expansion, or Options.Selection.
	sel rules.Selection
	// limited says that Options.Selection limits the site.
	limited bool
	tr      *translator
	// lang is the language being built, langs every language of the site.
	lang  siteLanguage
	langs []siteLanguage
	tmpl  *templates
	// page is the buffer pages are written into, one after the other, so
	// that it grows once to the largest page; each page keeps a copy.
	page   bytes.Buffer
	files  map[string][]byte
	search []searchEntry
	// answers holds each table's answers, with history, for the site's
	// selection, by table id; tables holds the tables the site covers.
	answers map[string]*rules.TableAnswers
	tables  []*tilekit.Table
	// nav is the selector of every page, made once (navigation).
	nav *nav
	// expansions are the expansions the site covers, base game first.
	expansions []*tilekit.Expansion
	// rowIDs gives each answer its anchor on its table's page.
	rowIDs map[*rules.Answer]string
	// upTo holds the catalogs worked examples play by, by data folder
	// (see rulesOf).
	upTo map[int]*tilekit.Catalog
	// played are the worked examples the site covers, played before the
	// tables' pages are written (playExamples), and exercised the
	// examples each table's answers decided something in.
	played    []playedExample
	exercised exercised
	// pages lists every page written, for the sitemap.
	pages []string
	// eras are the spans of months in which nothing the reader may
	// choose changes, oldest first, the last today's rules (asof.go);
	// none for a Markdown site, which has no script to choose with.
	eras []era
	// once holds the parts of the layout that every page shares, rendered
	// once (the template function once).
	once map[string]htmltemplate.HTML
	// tileCache holds each tile's picture by "id@rotation", drawn once.
	tileCache map[string][]byte
	// counts is what the site covers, filled in by the home page.
	counts Counts
}

func newBuilder(cat *tilekit.Catalog, opt Options, sh *shared) (*builder, error) {
	if opt.Format == "" {
		opt.Format = HTML
	}
	if opt.Format != HTML && opt.Format != Markdown {
		return nil, fmt.Errorf("unknown site format %q (want %q or %q)", opt.Format, HTML, Markdown)
	}
	if opt.Lang == "" {
		opt.Lang = "en"
	}
	if opt.Stats < 0 {
		return nil, fmt.Errorf("the number of random games for the statistics must not be negative, not %d", opt.Stats)
	}
	tr, err := loadStrings(opt.Lang)
	if err != nil {
		return nil, err
	}
	b := &builder{cat: cat, shared: sh, opt: opt, sel: rules.SelectAll(), tr: tr, files: map[string][]byte{}, answers: map[string]*rules.TableAnswers{}, rowIDs: map[*rules.Answer]string{}, tileCache: map[string][]byte{}, once: map[string]htmltemplate.HTML{}}
	if opt.Selection != nil {
		b.sel, b.limited = *opt.Selection, true
	}
	b.tmpl, err = newTemplates(b)
	if err != nil {
		return nil, err
	}
	for i := range cat.Expansions {
		if x := &cat.Expansions[i]; b.covers(x.ID) {
			b.expansions = append(b.expansions, x)
		}
	}
	slices.SortStableFunc(b.expansions, func(x, y *tilekit.Expansion) int {
		return boolOrder(x.ID != tilekit.BaseGame, y.ID != tilekit.BaseGame)
	})
	if err := b.queryTables(); err != nil {
		return nil, err
	}
	if opt.Format == HTML {
		if err := b.computeEras(); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// boolOrder orders false before true.
func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// covers reports whether the site covers an expansion or part: always the
// base game, and everything unless a selection limits the site.
func (b *builder) covers(id string) bool {
	return id == "" || tilekit.ParentExpansion(id) == tilekit.BaseGame || b.sel.Has(id)
}

// coversAll reports whether the site covers every expansion or part of ids.
func (b *builder) coversAll(ids []string) bool {
	for _, id := range ids {
		if !b.covers(id) {
			return false
		}
	}
	return true
}

// queryTables answers every table the site covers, superseded rows
// included.
func (b *builder) queryTables() error {
	for i := range b.cat.Tables {
		t := &b.cat.Tables[i]
		if !b.covers(t.Expansion) {
			continue
		}
		res, err := b.shared.query(t.ID, rules.QueryOptions{Selection: b.sel, History: true})
		if err != nil {
			return fmt.Errorf("table %s: %w", t.ID, err)
		}
		b.tables = append(b.tables, t)
		b.answers[t.ID] = res
		b.assignRowIDs(res)
	}
	return nil
}

// assignRowIDs gives each answer of a table a unique anchor: its subject's
// kind and id, then the row's id when it differs, then a number when two
// answers would still share one.
//
// Answers in force come first, so that a ruling that supersedes its
// namesake of an earlier folder (a house rule) keeps the plain anchor.
func (b *builder) assignRowIDs(res *rules.TableAnswers) {
	used := map[string]bool{}
	order := make([]*rules.Answer, 0, len(res.Answers))
	for _, superseded := range []bool{false, true} {
		for i := range res.Answers {
			if a := &res.Answers[i]; (a.SupersededBy != nil) == superseded {
				order = append(order, a)
			}
		}
	}
	for _, a := range order {
		id := string(a.Subject.Kind) + "-" + a.Subject.ID
		if a.Row != nil && a.Row.ID != "" && a.Row.ID != a.Subject.ID {
			id += "-" + a.Row.ID
		}
		id = anchorID(id)
		base := id
		for n := 2; used[id]; n++ {
			id = fmt.Sprintf("%s-%d", base, n)
		}
		used[id] = true
		b.rowIDs[a] = id
	}
}

// anchorID makes an HTML id of a data id: letters, digits and hyphens.
func anchorID(s string) string {
	var out strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			out.WriteRune(r)
		default:
			out.WriteByte('-')
		}
	}
	return out.String()
}

// slug turns an id with a slash into a file name: "base/A" is "base-A".
func slug(id string) string { return strings.ReplaceAll(id, "/", "-") }

// ext is the file extension of the site's pages.
func (b *builder) ext() string {
	if b.opt.Format == Markdown {
		return ".md"
	}
	return ".html"
}

// rel returns the relative path from a page to the site's root: "." or
// "..", one ".." per folder.
func rel(page string) string {
	n := strings.Count(page, "/")
	if n == 0 {
		return "."
	}
	return strings.TrimSuffix(strings.Repeat("../", n), "/")
}

// pageLink returns the link from one page to another, both given by their
// path without extension ("tables/dragon-diet"), with an optional #anchor.
func (b *builder) pageLink(from, to, anchor string) string {
	link := rel(from) + "/" + to + b.ext()
	if anchor != "" {
		link += "#" + anchor
	}
	return link
}

// fileLink returns the link from a page to a file of the site given by its
// full path ("tiles/base-A.svg").
func fileLink(from, file string) string { return rel(from) + "/" + file }

// put stores a file of the site.
func (b *builder) put(p string, data []byte) { b.files[p] = data }

// writePage renders a page with the template of its kind and stores it.
func (b *builder) writePage(kind string, pg *page) error {
	b.page.Reset()
	if err := b.tmpl.execute(&b.page, kind, pg); err != nil {
		return fmt.Errorf("page %s: %w", pg.Path, err)
	}
	p := pg.Path + b.ext()
	var out []byte
	if b.opt.Format == HTML {
		out = withContents(b.page.Bytes(), b.tr.must("nav.contents"))
	}
	if out == nil {
		out = bytes.Clone(b.page.Bytes()) // the page keeps a copy of the buffer
	}
	b.put(p, out)
	b.pages = append(b.pages, p)
	return nil
}

// minContents is how many sections a page needs for a list of them.
const minContents = 4

// sectionHeading matches a page's section headings as the templates write
// them, and markup inside a heading's text.
var (
	sectionHeading = regexp.MustCompile(`<h2 id="([^"]+)">(.*?)</h2>`)
	markup         = regexp.MustCompile(`<[^>]*>`)
)

// withContents returns a long page (minContents sections or more) with a
// list of its sections after its title, so that a reader on a phone can
// jump to one: the templates' own <h2 id> headings, whose text is already
// escaped. It returns nil for a page that needs none.
func withContents(page []byte, label string) []byte {
	found := sectionHeading.FindAllSubmatch(page, -1)
	title := bytes.Index(page, []byte("</h1>"))
	if len(found) < minContents || title < 0 {
		return nil
	}
	var toc bytes.Buffer
	toc.WriteString("\n<nav class=\"toc\" aria-label=\"" + html.EscapeString(label) + "\"><strong>" + html.EscapeString(label) + "</strong><ul>")
	for _, m := range found {
		toc.WriteString(`<li><a href="#` + string(m[1]) + `">` + string(markup.ReplaceAll(m[2], nil)) + `</a></li>`)
	}
	toc.WriteString("</ul></nav>")
	at := title + len("</h1>")
	return slices.Concat(page[:at], toc.Bytes(), page[at:])
}

// writeSitemap writes sitemap.xml when the site has a base URL.
func (b *builder) writeSitemap() error {
	if b.opt.BaseURL == "" || b.opt.Format != HTML {
		return nil
	}
	var buf bytes.Buffer
	buf.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	pages := slices.Clone(b.pages)
	slices.Sort(pages)
	for _, p := range pages {
		fmt.Fprintf(&buf, "<url><loc>%s</loc></url>\n", xmlText(b.absolute(p)))
	}
	buf.WriteString("</urlset>\n")
	b.put("sitemap.xml", buf.Bytes())
	return nil
}

// absolute returns a file's absolute URL under the base URL, or "" when
// the site has none.
func (b *builder) absolute(p string) string {
	if b.opt.BaseURL == "" {
		return ""
	}
	return strings.TrimSuffix(b.opt.BaseURL, "/") + "/" + path.Clean(p)
}
