package site

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// page is what every page is made from: where it is, its title, the
// selector and the data of its kind, which the kind's template renders.
type page struct {
	// Path is the page's path without its extension, such as
	// "tables/dragon-diet".
	Path string
	// Title is the page's title, as data: escaped when written.
	Title string
	// TitleLang is the language of Title when it is not the page's (a
	// worked example's English title on a page in another language), for
	// the breadcrumbs; empty otherwise.
	TitleLang string
	// Rel is the relative path to the site's root, "." or "..".
	Rel string
	// Lang is the language of the site.
	Lang string
	// Canonical is the page's absolute URL, or "" without a base URL.
	Canonical string
	// Nav is the selector and the links of every page.
	Nav *nav
	// Crumbs are the pages above this one, from the home page: the trail
	// of breadcrumbs (none on the home page).
	Crumbs []link
	// DataLang is the language of the data's names and explanations when
	// it is not the page's, for a note; empty otherwise.
	DataLang string
	// Languages links the page in the site's other languages, each
	// named in itself (Text) and with its code (Lang).
	Languages []languageLink
	// Data is the page's own content.
	Data any
}

// dataLangNote returns the data's language when the site's is another.
func (b *builder) dataLangNote() string {
	if b.opt.Lang == dataLang {
		return ""
	}
	return dataLang
}

// languageLink is a link to a page in another language of the site.
type languageLink struct {
	Href, Text, Lang string
}

// languageLinks returns the links from a page to the same page in the
// site's other languages: up to the site's root (above this language's
// folder), then down into the other's.
func (b *builder) languageLinks(path string) []languageLink {
	if len(b.langs) < 2 {
		return nil
	}
	up := rel(path)
	if b.lang.Folder != "" {
		up = strings.TrimPrefix(up+"/..", "./")
	}
	var out []languageLink
	for _, l := range b.langs {
		if l.Lang != b.lang.Lang {
			out = append(out, languageLink{Href: up + "/" + l.Folder + path + b.ext(), Text: l.Name, Lang: l.Lang})
		}
	}
	return out
}

// crumbs returns the trail of pages above a page: the home page, then the
// page of its folder (the questions for a table, the expansions for an
// expansion, the worked examples for one, the order of play for one
// expansion's order).
func (b *builder) crumbs(path string) []link {
	if path == "index" {
		return nil
	}
	out := []link{{Href: b.pageLink(path, "index", ""), Text: b.tr.must("nav.home")}}
	folder, _, nested := strings.Cut(path, "/")
	switch {
	case !nested || path == "examples/index":
	case folder == "tables":
		out = append(out, link{Href: b.pageLink(path, "index", "tables"), Text: b.tr.must("nav.tables")})
	case folder == "expansions":
		out = append(out, link{Href: b.pageLink(path, "index", "expansions"), Text: b.tr.must("index.expansions")})
	case folder == "examples":
		out = append(out, link{Href: b.pageLink(path, "examples/index", ""), Text: b.tr.must("nav.examples")})
	case folder == "order":
		out = append(out, link{Href: b.pageLink(path, "order", ""), Text: b.tr.must("nav.order")})
	}
	return out
}

// nav is the navigation on every page: the main links and the selector.
type nav struct {
	Groups     []navGroup
	Publishers []navPublisher
	// Editions and Eras are the editions and months the reader may choose
	// the rules of (asof.go), the last era, today's rules, left out;
	// EraStarts lists every era's first month, for the script.
	Editions, Eras []navPublisher
	EraStarts      string
	// Bundles are the selector's quick choices.
	Bundles []navBundle
}

// navBundle is a quick choice of the selector: its name and the ids of
// the expansions it chooses (data-bundle).
type navBundle struct {
	Name string
	IDs  []string
	// Box is the id of the boxed set the choice is (data-box), empty for
	// the choices the site computes.
	Box string
}

// Attr returns the data-bundle value.
func (nb navBundle) Attr() string { return strings.Join(nb.IDs, " ") }

// bundles returns the selector's quick choices: the expansions whose
// rules texts the site holds, and those of each edition's generation, each
// shown when it chooses some but not every expansion; then each boxed set
// of the data that holds an expansion the site covers.
func (b *builder) bundles() []navBundle {
	rulesOf := map[string]bool{}
	for i := range b.cat.Texts {
		rulesOf[tilekit.ParentExpansion(b.cat.Texts[i].Expansion)] = true
	}
	choose := map[string]func(x *tilekit.Expansion) bool{
		"selector.bundle-rules": func(x *tilekit.Expansion) bool { return rulesOf[x.ID] },
		"selector.bundle-c1":    func(x *tilekit.Expansion) bool { return x.HasEdition(tilekit.C1) },
		"selector.bundle-c2-c3": func(x *tilekit.Expansion) bool { return x.HasEdition(tilekit.C2) || x.HasEdition(tilekit.C3) },
	}
	var out []navBundle
	for _, key := range []string{"selector.bundle-rules", "selector.bundle-c1", "selector.bundle-c2-c3"} {
		nb := navBundle{Name: b.tr.must(key)}
		all := 0
		for _, x := range b.expansions {
			if x.ID == tilekit.BaseGame {
				continue
			}
			all++
			if choose[key](x) {
				nb.IDs = append(nb.IDs, x.ID)
			}
		}
		if len(nb.IDs) > 0 && len(nb.IDs) < all {
			out = append(out, nb)
		}
	}
	for i := range b.cat.Boxes {
		if nb := b.boxBundle(&b.cat.Boxes[i]); len(nb.IDs) > 0 {
			out = append(out, nb)
		}
	}
	return out
}

// boxBundle returns the quick choice of a boxed set: named as the data
// names it, choosing the expansions and parts it holds that the site
// covers, the base game left out (it is always in).
func (b *builder) boxBundle(x *tilekit.Box) navBundle {
	nb := navBundle{Name: b.name(x.Translations, x.Name), Box: x.ID}
	for _, id := range x.Expansions {
		if tilekit.ParentExpansion(id) != tilekit.BaseGame && b.covers(id) && !slices.Contains(nb.IDs, id) {
			nb.IDs = append(nb.IDs, id)
		}
	}
	return nb
}

// navGroup is the selector's expansions of one kind, sorted by name.
type navGroup struct {
	Name       string
	Expansions []navExpansion
}

// navExpansion is an expansion of the selector, with its parts.
type navExpansion struct {
	ID, Name string
	Parts    []navExpansion
}

// navPublisher is a publisher of the selector.
type navPublisher struct{ ID, Name string }

// needs is what an element of a page applies to: the expansions and parts
// that must all be selected, and the publishers whose rules it holds for
// (none: all), for the data-needs and data-publishers attributes and the
// text shown without the script.
type needs struct {
	IDs        []string
	Names      []string
	Publishers []string
	// PublisherNames names the publishers for the text.
	PublisherNames []string
	// Unless lists ids that must not all be chosen (data-unless), such as
	// the Black Dragon for the order of play without it; UnlessNames names
	// them for the text.
	Unless      []string
	UnlessNames []string
	// In is the data-in of an element that holds for some editions only,
	// such as a worked example played with one edition's tiles (asof.go).
	In string
}

// UnlessAttr returns the data-unless value.
func (n needs) UnlessAttr() string { return strings.Join(n.Unless, " ") }

// Attr returns the data-needs value.
func (n needs) Attr() string { return strings.Join(n.IDs, " ") }

// PublishersAttr returns the data-publishers value.
func (n needs) PublishersAttr() string { return strings.Join(n.Publishers, " ") }

// Empty reports whether the element applies to every choice.
func (n needs) Empty() bool { return len(n.IDs) == 0 && len(n.Publishers) == 0 }

// Text says what the element needs, for readers without the script.
func (n needs) Text() string {
	return strings.Join(append(slices.Clone(n.Names), n.PublisherNames...), ", ")
}

// newPage makes a page at a path.
func (b *builder) newPage(path, title string, data any) *page {
	return &page{Path: path, Title: title, Rel: rel(path), Lang: b.opt.Lang, Canonical: b.absolute(path + b.ext()), Nav: b.navigation(), Crumbs: b.crumbs(path), Languages: b.languageLinks(path), DataLang: b.dataLangNote(), Data: data}
}

// navigation returns the selector's expansions and publishers.
func (b *builder) navigation() *nav {
	if b.nav != nil {
		return b.nav
	}
	n := &nav{Bundles: b.bundles()}
	for _, kind := range []tilekit.ExpansionKind{tilekit.Major, tilekit.Minor, tilekit.Other, tilekit.Fan} {
		g := navGroup{Name: b.tr.must("expansion-kinds." + string(kind))}
		for _, x := range b.expansions {
			if x.ID == tilekit.BaseGame || x.Kind != kind {
				continue
			}
			e := navExpansion{ID: x.ID, Name: b.name(x.Translations, x.Name)}
			for _, p := range x.Parts {
				if b.covers(p.ID) {
					e.Parts = append(e.Parts, navExpansion{ID: p.ID, Name: b.name(p.Translations, p.Name)})
				}
			}
			g.Expansions = append(g.Expansions, e)
		}
		slices.SortStableFunc(g.Expansions, func(a, b navExpansion) int { return nameOrder(a.Name, b.Name) })
		if len(g.Expansions) > 0 {
			n.Groups = append(n.Groups, g)
		}
	}
	for _, p := range tilekit.Publishers {
		n.Publishers = append(n.Publishers, navPublisher{ID: string(p), Name: p.Name()})
	}
	if len(b.eras) > 0 {
		for _, e := range tilekit.Editions {
			n.Editions = append(n.Editions, navPublisher{ID: string(e), Name: b.tr.must("selector.edition-name." + string(e))})
		}
		var starts []string
		for i, e := range b.eras {
			starts = append(starts, e.Value)
			if i < len(b.eras)-1 {
				n.Eras = append(n.Eras, navPublisher{ID: e.Value, Name: b.tr.must("selector.as-of-month", b.dateWords(e.Date))})
			}
		}
		n.EraStarts = strings.Join(starts, " ")
	}
	b.nav = n
	return n
}

// needsOf returns what an element needs: the expansions and parts of ids
// (the base game and repeats left out) and the publishers.
func (b *builder) needsOf(ids []string, publishers []tilekit.Publisher) needs {
	var n needs
	for _, id := range ids {
		if id == "" || tilekit.ParentExpansion(id) == tilekit.BaseGame || slices.Contains(n.IDs, id) {
			continue
		}
		n.IDs = append(n.IDs, id)
	}
	slices.Sort(n.IDs)
	for _, id := range n.IDs {
		n.Names = append(n.Names, b.expansionName(id))
	}
	for _, p := range publishers {
		if !slices.Contains(n.Publishers, string(p)) {
			n.Publishers = append(n.Publishers, string(p))
			n.PublisherNames = append(n.PublisherNames, p.Name())
		}
	}
	return n
}

// expansionName names an expansion or a part for a reader: "The Princess
// & the Dragon" or "The Princess & the Dragon: Fairy".
func (b *builder) expansionName(id string) string {
	if x := b.cat.Expansion(id); x != nil {
		return b.name(x.Translations, x.Name)
	}
	if p := b.cat.Part(id); p != nil {
		if x := b.cat.Expansion(tilekit.ParentExpansion(id)); x != nil {
			return b.name(x.Translations, x.Name) + ": " + b.name(p.Translations, p.Name)
		}
		return b.name(p.Translations, p.Name)
	}
	return id
}

// citation is a source as a page shows it: a badge of its kind, its title
// and section, its date and publisher.
type citation struct {
	Kind      string
	KindName  string
	Title     string
	Section   string
	URL       string
	Date      string
	Publisher string
}

// citationOf describes a source for a page.
func (b *builder) citationOf(c tilekit.Citation) citation {
	out := citation{Kind: string(c.Kind), KindName: b.tr.must("kind." + string(c.Kind)), Title: c.Title, Section: c.Section, URL: c.URL, Date: b.dateWords(c.Date)}
	if c.Date == "" && c.Undated {
		out.Date = b.tr.must("undated")
	}
	if c.Publisher != "" {
		out.Publisher = c.Publisher.Name()
	}
	return out
}

// link is a link from a page, with its text.
type link struct {
	Href, Text string
	// Title, when not empty, names what the link leads to, beside Text
	// (a table's name beside its question).
	Title string
	// Lang, when not empty, is the language of Text when it is not the
	// page's: the data's English on a page in another language.
	Lang  string
	Needs needs
}

// noteView is a note as a page shows it.
type noteView struct {
	ID       string
	Title    string
	Text     string
	Source   citation
	Open     bool
	Readings []readingView
	Needs    needs
	// TitleLang and TextLang are the languages of the title and the text
	// when they are the English of a page in another language (see
	// textLang).
	TitleLang, TextLang string
}

// readingView is a reading of an open question as a page shows it.
type readingView struct{ ID, Text string }

// noteOf describes a note for a page, in the site's language.
func (b *builder) noteOf(n *tilekit.Note) noteView {
	tr := n.Translations
	v := noteView{ID: "note-" + anchorID(n.ID), Title: b.text(tr, "title", n.Title), Text: b.text(tr, "text", n.Text), Source: b.citationOf(n.Source), Open: n.Open,
		Needs: b.needsOf(n.Expansions, nil), TitleLang: b.textLang(tr, "title", n.Title), TextLang: b.textLang(tr, "text", n.Text)}
	for _, r := range n.Readings {
		v.Readings = append(v.Readings, readingView{ID: r.ID, Text: b.text(r.Translations, "text", r.Text)})
	}
	return v
}

// dateWords words a date of the data with the precision it has: a year
// ("2015"), a month ("March 2015") or a day ("7 March 2015"), by the
// language's month names; a date of another form as it is written.
func (b *builder) dateWords(date string) string {
	parts := strings.Split(date, "-")
	if date == "" || len(parts) > 3 || len(parts[0]) != 4 {
		return date
	}
	if len(parts) == 1 {
		return date
	}
	month, ok := b.tr.strings["month."+parts[1]]
	if !ok {
		return date
	}
	if len(parts) == 2 {
		return b.tr.must("date.month", month, parts[0])
	}
	return b.tr.must("date.day", strings.TrimPrefix(parts[2], "0"), month, parts[0])
}

// decimal writes a number with a number of decimals and the language's
// decimal mark (number.decimal-mark).
func (b *builder) decimal(f float64, decimals int) string {
	return strings.Replace(strconv.FormatFloat(f, 'f', decimals, 64), ".", b.tr.must("number.decimal-mark"), 1)
}

// nameOrder orders names as a reader looks them up in a list: by their
// letters without accents and case, so that "Händler und Baumeister" comes
// beside "Hans", not after "Z" as its bytes would put it; names that fold
// alike, as written.
func nameOrder(a, b string) int {
	if c := strings.Compare(nameKey(a), nameKey(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// nameFold writes the accented letters of the site's languages as the
// letters they are sorted with.
var nameFold = strings.NewReplacer("ä", "a", "ö", "o", "ü", "u", "ß", "ss", "é", "e", "è", "e", "ê", "e", "à", "a", "á", "a", "ó", "o", "í", "i", "ñ", "n", "ç", "c")

// nameKey is a name as nameOrder compares it.
func nameKey(s string) string { return nameFold.Replace(strings.ToLower(s)) }
