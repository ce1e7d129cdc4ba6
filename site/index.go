package site

import (
	_ "embed"
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
)

//go:embed assets/site.css
var siteCSS []byte

//go:embed assets/site.js
var siteJS []byte

//go:embed assets/favicon.svg
var favicon []byte

// indexData is the content of the home page.
type indexData struct {
	Groups []expansionGroup
	Tables []link
	// Counts say what the site covers.
	Expansions, TableCount, Tiles, Examples, Steps int
	// NoRules is the number of expansions with no rules here yet.
	NoRules int
	// LeftOut says, for a site limited to a selection, what it leaves out.
	LeftOut  []string
	Limited  bool
	Selected string
	HasStats bool
}

// expansionGroup is the expansions of one kind: those with rules (a
// rules text, a step, a table, a worked example or tiles) and the others,
// whose pages have nothing yet but their entry.
type expansionGroup struct {
	Anchor, Name string
	Expansions   []link
	Empty        []link
}

// galleryData is the content of the tile gallery.
type galleryData struct {
	Tiles []tileView
	Kinds []filterKind
}

// filterKind is a feature kind or symbol the gallery filters by.
type filterKind struct{ ID, Name string }

// writeAssets writes the stylesheet and, for HTML, the script.
func (b *builder) writeAssets() error {
	if b.opt.Format != HTML {
		return nil
	}
	b.put("assets/site.css", siteCSS)
	b.put("assets/site.js", siteJS)
	b.put("assets/favicon.svg", favicon)
	return nil
}

// writeNotFound writes 404, the page a web server shows for an address the
// site does not have (HTML only): it links to the home page, the order of
// play and the worked examples. Its links are relative to the site's root,
// so a server that shows it for an address in a folder needs the site's
// base URL (Options.BaseURL) for them to resolve.
func (b *builder) writeNotFound() error {
	if b.opt.Format != HTML {
		return nil
	}
	return b.writePage("notfound", b.newPage("404", b.tr.must("notfound.title"), nil))
}

// writeTiles writes every covered tile's picture at rotation 0.
func (b *builder) writeTiles() error {
	for i := range b.cat.Tiles {
		t := &b.cat.Tiles[i]
		if !b.covers(t.Expansion()) {
			continue
		}
		pic, err := TileSVG(t, 0)
		if err != nil {
			return fmt.Errorf("tile %s: %w", t.ID, err)
		}
		b.tileCache[t.ID+"@0"] = pic
		b.put(tilePath(t.ID), pic)
	}
	return nil
}

// writeGallery writes tiles: every tile, with filters by feature kind.
func (b *builder) writeGallery() error {
	const p = "tiles"
	d := &galleryData{}
	for i := range b.cat.Tiles {
		t := &b.cat.Tiles[i]
		if !b.covers(t.Expansion()) {
			continue
		}
		v := b.tileView(t, p)
		v.Expansion = &link{Href: b.pageLink(p, "expansions/"+t.Expansion(), ""), Text: b.expansionName(t.Expansion())}
		d.Tiles = append(d.Tiles, v)
		b.addSearch(v.Name+" ("+t.ID+")", p, v.Anchor, "tile", v.Kinds+" "+t.Note)
	}
	for _, k := range tilekit.FeatureKinds {
		d.Kinds = append(d.Kinds, filterKind{ID: string(k), Name: b.tr.must("feature." + string(k))})
	}
	for _, s := range tilekit.SymbolDocs {
		d.Kinds = append(d.Kinds, filterKind{ID: string(s.Symbol), Name: b.tr.must("symbol." + string(s.Symbol))})
	}
	return b.writePage("tiles", b.newPage(p, b.tr.must("tiles.title"), d))
}

// writeIndex writes the home page.
func (b *builder) writeIndex() error {
	const p = "index"
	d := &indexData{Expansions: len(b.expansions), TableCount: len(b.tables), Limited: b.limited, HasStats: b.opt.Stats > 0}
	for _, kind := range []tilekit.ExpansionKind{tilekit.Major, tilekit.Minor, tilekit.Other, tilekit.Fan} {
		g := expansionGroup{Anchor: "expansions-" + string(kind), Name: b.tr.must("expansion-kinds." + string(kind))}
		for _, x := range b.expansions {
			if x.Kind != kind && (kind != tilekit.Major || x.ID != tilekit.BaseGame) {
				continue
			}
			l := link{Href: b.pageLink(p, "expansions/"+x.ID, ""), Text: b.name(x.Translations, x.Name)}
			if b.hasRules(x.ID) {
				g.Expansions = append(g.Expansions, l)
			} else {
				g.Empty = append(g.Empty, l)
				d.NoRules++
			}
		}
		if len(g.Expansions)+len(g.Empty) > 0 {
			d.Groups = append(d.Groups, g)
		}
	}
	for _, t := range b.tables {
		d.Tables = append(d.Tables, link{Href: b.pageLink(p, "tables/"+t.ID, ""), Text: b.text(t.Translations, "question", t.Question), Title: b.name(t.Translations, t.Name), Needs: b.needsOf([]string{t.Expansion}, nil)})
	}
	for i := range b.cat.Tiles {
		if b.covers(b.cat.Tiles[i].Expansion()) {
			d.Tiles++
		}
	}
	for i := range b.cat.Scenarios {
		if b.coversAll(b.cat.Scenarios[i].Expansions) {
			d.Examples++
		}
	}
	for i := range b.cat.Steps {
		if b.covers(b.cat.Steps[i].Expansion) {
			d.Steps++
		}
	}
	b.counts = Counts{Expansions: d.Expansions, Tables: d.TableCount, Steps: d.Steps, Tiles: d.Tiles, Examples: d.Examples}
	if b.limited {
		d.Selected = joinWords(b.sel.IDs())
		d.LeftOut = b.leftOut(d)
	}
	return b.writePage("index", b.newPage(p, b.tr.must("index.title"), d))
}

// hasRules reports whether an expansion has rules on the site: a rules
// text, a step, a table, a worked example or a tile.
func (b *builder) hasRules(id string) bool {
	mine := func(of string) bool { return tilekit.ParentExpansion(of) == id }
	return slices.ContainsFunc(b.cat.Texts, func(t tilekit.Text) bool { return mine(t.Expansion) }) ||
		slices.ContainsFunc(b.cat.Steps, func(s tilekit.Step) bool { return mine(s.Expansion) }) ||
		slices.ContainsFunc(b.tables, func(t *tilekit.Table) bool { return mine(t.Expansion) }) ||
		slices.ContainsFunc(b.cat.Tiles, func(t tilekit.Tile) bool { return mine(t.Expansion()) }) ||
		slices.ContainsFunc(b.cat.Scenarios, func(s tilekit.Scenario) bool { return slices.ContainsFunc(s.Expansions, mine) })
}

// leftOut says what a site limited to a selection leaves out, one phrase
// per kind of thing, for the home page.
func (b *builder) leftOut(d *indexData) []string {
	return b.countPhrases(
		counted{len(b.cat.Expansions) - d.Expansions, "left-out.expansions"},
		counted{len(b.cat.Tables) - d.TableCount, "left-out.tables"},
		counted{len(b.cat.Tiles) - d.Tiles, "left-out.tiles"},
		counted{len(b.cat.Scenarios) - d.Examples, "left-out.examples"},
		counted{len(b.cat.Steps) - d.Steps, "left-out.steps"},
	)
}
