package site

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// expansionData is the content of an expansion's page.
type expansionData struct {
	ID, Name, Label, KindName, Published string
	// NameLang is the language of Name when it is not the page's (the
	// English of an expansion with no translation), else "".
	NameLang string
	Editions []string
	// EveryEdition is set for an expansion that names no edition (a fan
	// expansion): it is played with every edition.
	EveryEdition bool
	// OnlyThis is the query of the choice of this expansion alone, and
	// OnlyThisHref the link to its page with it; empty for the base game,
	// always in.
	OnlyThis, OnlyThisHref string
	// Adds says in short phrases what the expansion adds.
	Adds    []string
	Text    *renderedText
	Parts   []partView
	Tiles   []tileView
	Figures []subjectView
	// Followers says how each follower a player owns is played.
	Followers []followerView
	Places    []subjectView
	Actions   []subjectView
	Tables    []link
	Rows      []rowLink
	Notes     []noteView
	Steps     []link
	Order     link
	Examples  []link
}

// partView is a part of an expansion, with its rules text if it has one.
type partView struct {
	ID, Name, Anchor string
	// NameLang is the language of Name when it is not the page's.
	NameLang string
	Text     *renderedText
}

// subjectView is a figure, place or action.
type subjectView struct {
	Anchor, ID, Name, Category, Description string
	// NameLang is the language of Name when it is not the page's.
	NameLang string
	Needs    needs
}

// followerView is how a follower a player owns is played, as the figures
// table shows it (tilekit.FollowerPlay): how many each player has, its
// weight in a majority (a number, or the words of a strength rule) and the
// kinds of feature it stands on, linked to the figure's entry.
type followerView struct {
	Anchor, Name, Weight, StandsOn string
	// NameLang is the language of Name when it is not the page's.
	NameLang  string
	PerPlayer int
	Source    citation
	Needs     needs
}

// rowLink is an answer about an expansion's subject, linked to its table.
type rowLink struct {
	Href, Table, Subject, Verdict string
	RuleOfThumb, Exception        bool
	Source                        citation
	Needs                         needs
}

// tileView is a tile as a page shows it.
type tileView struct {
	ID, Anchor, Name, Src, Alt, Note string
	// NameLang is the language of Name when it is not the page's.
	NameLang    string
	Counts      []editionCount
	Start       []string
	Provisional bool
	// Kinds lists the tile's feature kinds and symbols, space-separated,
	// for the gallery's filters.
	Kinds string
	Needs needs
	// Expansion links the tile's expansion page, in the gallery only.
	Expansion *link
	// Rules are the tile's own rules, each with its source.
	Rules []tileRuleView
}

// tileRuleView is a tile's own rule as a page shows it.
type tileRuleView struct {
	Text   string
	Source citation
}

// editionCount is a tile's number of copies in an edition.
type editionCount struct {
	Edition string
	Count   int
}

// writeExpansions writes a page for each expansion the site covers.
func (b *builder) writeExpansions() error {
	for _, x := range b.expansions {
		data, err := b.expansionPage(x)
		if err != nil {
			return fmt.Errorf("expansion %s: %w", x.ID, err)
		}
		p := "expansions/" + x.ID
		if err := b.writePage("expansion", b.newPage(p, data.Name, data)); err != nil {
			return err
		}
		b.addSearch(data.Name, p, "", "rules", x.Label+" "+string(x.Kind)).needing(b.needsOf([]string{x.ID}, nil))
	}
	return nil
}

// expansionPage gathers an expansion's page.
func (b *builder) expansionPage(x *tilekit.Expansion) (*expansionData, error) {
	p := "expansions/" + x.ID
	d := &expansionData{ID: x.ID, Name: b.name(x.Translations, x.Name), NameLang: b.textLang(x.Translations, "name", x.Name), Label: x.Label, KindName: b.tr.must("expansion-kind." + string(x.Kind)), Published: x.Published}
	if b.addsToTurn(x.ID) {
		d.Order = link{Href: b.pageLink(p, "order/"+x.ID, ""), Text: b.tr.must("expansion.order", d.Name)}
	} else {
		d.Order = link{Href: b.pageLink(p, "order/"+tilekit.BaseGame, ""), Text: b.tr.must("expansion.order-base")}
	}
	if x.ID != tilekit.BaseGame {
		d.OnlyThis = "x=" + x.ID
		d.OnlyThisHref = b.pageLink(p, p, "") + "?" + d.OnlyThis
	}
	for _, e := range x.Editions {
		d.Editions = append(d.Editions, string(e))
	}
	d.EveryEdition = len(x.Editions) == 0
	var err error
	if d.Text, err = b.rulesText(x.ID, p, "rules-"); err != nil {
		return nil, err
	}
	for _, part := range x.Parts {
		if !b.covers(part.ID) {
			continue
		}
		pv := partView{ID: part.ID, Name: b.name(part.Translations, part.Name), NameLang: b.textLang(part.Translations, "name", part.Name), Anchor: "part-" + anchorID(part.ID)}
		if pv.Text, err = b.rulesText(part.ID, p, "rules-"+anchorID(part.ID)+"-"); err != nil {
			return nil, err
		}
		d.Parts = append(d.Parts, pv)
	}
	b.expansionTiles(d, x, p)
	b.expansionSubjects(d, x, p)
	b.expansionRules(d, x, p)
	d.Adds = b.adds(d)
	return d, nil
}

// rulesText renders the rules text of an expansion or part in the site's
// language, else in the language of the data, or returns nil when there is
// none. A translation notes its sections made from a text that has changed
// since.
func (b *builder) rulesText(id, page, idPrefix string) (*renderedText, error) {
	t := b.cat.Text(id, b.opt.Lang)
	if t == nil {
		if t = b.cat.Text(id, dataLang); t == nil {
			return nil, nil
		}
	}
	r, err := renderRulesText(t.Markdown, idPrefix, 1, b.textLinks(page))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Origin.File, err)
	}
	if t.Lang != b.opt.Lang {
		r.Lang = t.Lang
	}
	for _, st := range tilekit.CheckTranslation(*t, func(lang string) *tilekit.Text { return b.cat.Text(id, lang) }) {
		if st.Problem == tilekit.TranslationChanged && st.Mark.Heading >= 0 && st.Mark.Heading < len(r.Headings) {
			h := r.Headings[st.Mark.Heading]
			r.Stale = append(r.Stale, link{Href: "#" + h.ID, Text: h.Title})
		}
	}
	for _, h := range r.Headings {
		b.addSearch(h.Title, page, h.ID, "rules", h.Text).needing(b.needsOf([]string{id}, nil))
	}
	return &r, nil
}

// dataLang is the language the data's own texts are written in, which the
// site shows where the language of the site has no text.
const dataLang = "en"

// adds lists what an expansion adds, in short phrases.
func (b *builder) adds(d *expansionData) []string {
	return b.countPhrases(
		counted{len(d.Tiles), "adds.tile-types"},
		counted{len(d.Figures), "adds.figures"},
		counted{len(d.Places), "adds.places"},
		counted{len(d.Actions), "adds.actions"},
		counted{len(d.Tables), "adds.tables"},
		counted{len(d.Steps), "adds.steps"},
		counted{len(d.Parts), "adds.parts"},
	)
}

// counted is a number of things and the key of the string that says it.
type counted struct {
	n   int
	key string
}

// countPhrases says each number that is not zero with its plural string,
// such as "3 tile types"; a key with no string shows as "[key]".
func (b *builder) countPhrases(counts ...counted) []string {
	var out []string
	for _, c := range counts {
		if c.n <= 0 {
			continue
		}
		s, err := b.tr.plural(c.key, c.n)
		if err != nil {
			s = "[" + c.key + "]"
		}
		out = append(out, s)
	}
	return out
}

// expansionTiles lists the tiles of an expansion.
func (b *builder) expansionTiles(d *expansionData, x *tilekit.Expansion, page string) {
	for _, t := range b.cat.TilesOf(x.ID) {
		d.Tiles = append(d.Tiles, b.tileView(t, page))
	}
}

// tileView describes a tile for a page.
func (b *builder) tileView(t *tilekit.Tile, page string) tileView {
	name := b.name(t.Translations, t.Name)
	v := tileView{ID: t.ID, Anchor: "tile-" + anchorID(t.ID), Name: name, NameLang: b.textLang(t.Translations, "name", t.Name), Src: fileLink(page, tilePath(t.ID)), Note: t.Note, Provisional: t.Provisional,
		Alt: b.tr.must("tile.alt", t.ID, name), Needs: b.needsOf([]string{t.Expansion()}, nil)}
	for _, e := range tilekit.Editions {
		if n, ok := t.Counts[e]; ok {
			v.Counts = append(v.Counts, editionCount{string(e), n})
		}
	}
	for _, e := range t.Start {
		v.Start = append(v.Start, string(e))
	}
	for _, r := range t.Rules {
		v.Rules = append(v.Rules, tileRuleView{Text: r.Text, Source: b.citationOf(r.Source)})
	}
	var kinds []string
	for _, f := range t.Features {
		if !slices.Contains(kinds, string(f.Kind)) {
			kinds = append(kinds, string(f.Kind))
		}
	}
	for _, s := range t.AllSymbols() {
		kinds = append(kinds, string(s))
	}
	slices.Sort(kinds)
	v.Kinds = joinWords(kinds)
	return v
}

// tilePath is the path of a tile's picture in the site.
func tilePath(id string) string { return "tiles/" + slug(id) + ".svg" }

// expansionSubjects lists an expansion's figures, places and actions.
func (b *builder) expansionSubjects(d *expansionData, x *tilekit.Expansion, page string) {
	for _, f := range b.cat.Figures {
		if tilekit.ParentExpansion(f.Expansion) == x.ID && b.covers(f.Expansion) {
			v := subjectView{Anchor: "figure-" + anchorID(f.ID), ID: f.ID, Name: b.name(f.Translations, f.Name), NameLang: b.textLang(f.Translations, "name", f.Name), Category: b.tr.must("category." + string(f.Category)), Description: f.Description, Needs: b.needsOf([]string{f.Expansion}, nil)}
			d.Figures = append(d.Figures, v)
			b.addSearch(v.Name, page, v.Anchor, "figure", f.Description).needing(v.Needs)
			if f.PlayerFollower() && f.Play != nil {
				d.Followers = append(d.Followers, b.followerView(v, f.Play))
			}
		}
	}
	for _, l := range b.cat.Locations {
		if tilekit.ParentExpansion(l.Expansion) == x.ID && b.covers(l.Expansion) {
			v := subjectView{Anchor: "location-" + anchorID(l.ID), ID: l.ID, Name: b.name(l.Translations, l.Name), NameLang: b.textLang(l.Translations, "name", l.Name), Description: l.Description, Needs: b.needsOf([]string{l.Expansion}, nil)}
			d.Places = append(d.Places, v)
			b.addSearch(v.Name, page, v.Anchor, "figure", l.Description).needing(v.Needs)
		}
	}
	for _, a := range b.cat.Actions {
		if tilekit.ParentExpansion(a.Expansion) == x.ID && b.covers(a.Expansion) {
			v := subjectView{Anchor: "action-" + anchorID(a.ID), ID: a.ID, Name: b.name(a.Translations, a.Name), NameLang: b.textLang(a.Translations, "name", a.Name), Description: a.Description, Needs: b.needsOf([]string{a.Expansion}, nil)}
			d.Actions = append(d.Actions, v)
			b.addSearch(v.Name, page, v.Anchor, "figure", a.Description).needing(v.Needs)
		}
	}
}

// followerView gathers the figures table's line of a follower a player
// owns, from its entry and how it is played.
func (b *builder) followerView(v subjectView, p *tilekit.FollowerPlay) followerView {
	out := followerView{Anchor: v.Anchor, Name: v.Name, NameLang: v.NameLang, PerPlayer: p.PerPlayer, Weight: strconv.Itoa(p.Weight), Source: b.citationOf(p.Source), Needs: v.Needs}
	if p.Strength != "" {
		out.Weight = b.tr.must("strength." + string(p.Strength))
	}
	var kinds []string
	for _, k := range p.StandsOn {
		kinds = append(kinds, b.tr.must("feature."+string(k)))
	}
	out.StandsOn = strings.Join(kinds, ", ")
	return out
}

// expansionRules lists the tables, answers, notes, steps and examples that
// concern an expansion.
func (b *builder) expansionRules(d *expansionData, x *tilekit.Expansion, page string) {
	for _, t := range b.tables {
		target := "tables/" + t.ID
		if tilekit.ParentExpansion(t.Expansion) == x.ID {
			d.Tables = append(d.Tables, link{Href: b.pageLink(page, target, ""), Text: b.name(t.Translations, t.Name), Needs: b.needsOf([]string{t.Expansion}, nil)})
		}
		res := b.answers[t.ID]
		for i := range res.Answers {
			a := &res.Answers[i]
			if a.SupersededBy != nil || tilekit.ParentExpansion(a.Subject.Expansion) != x.ID {
				continue
			}
			d.Rows = append(d.Rows, rowLink{Href: b.pageLink(page, target, b.rowIDs[a]), Table: b.name(t.Translations, t.Name), Subject: b.subjectName(a.Subject),
				Verdict: b.answerVerdict(a), RuleOfThumb: a.Row == nil, Exception: a.Row != nil && a.Row.Exception,
				Source: b.citationOf(a.Source), Needs: b.answerNeeds(t, a)})
		}
	}
	for i := range b.cat.Notes {
		n := &b.cat.Notes[i]
		if b.coversAll(n.Expansions) && slices.ContainsFunc(n.Expansions, func(id string) bool { return tilekit.ParentExpansion(id) == x.ID }) {
			d.Notes = append(d.Notes, b.noteOf(n))
		}
	}
	for i := range b.cat.Steps {
		s := &b.cat.Steps[i]
		if tilekit.ParentExpansion(s.Expansion) == x.ID && b.covers(s.Expansion) {
			d.Steps = append(d.Steps, link{Href: b.pageLink(page, "order", "step-"+anchorID(s.ID)), Text: b.name(s.Translations, s.Name), Needs: b.needsOf([]string{s.Expansion}, nil)})
		}
	}
	for i := range b.cat.Scenarios {
		s := &b.cat.Scenarios[i]
		if tilekit.ParentExpansion(s.ID) == x.ID && b.coversAll(s.Expansions) {
			ex := link{Href: b.pageLink(page, "examples/"+slug(s.ID), ""), Text: b.scenarioTitle(s), Lang: b.textLang(s.Translations, "title", s.Title), Needs: b.needsOf(s.Expansions, publisherList(s.Publisher))}
			ex.Needs.In = b.editionIn(s.Edition)
			d.Examples = append(d.Examples, ex)
		}
	}
}

// publisherList returns a publisher as a list, empty for none.
func publisherList(p tilekit.Publisher) []tilekit.Publisher {
	if p == "" {
		return nil
	}
	return []tilekit.Publisher{p}
}

// answerNeeds says what an answer of a table applies to: the table's
// expansion and the subject's, and the publishers of its scope.
func (b *builder) answerNeeds(t *tilekit.Table, a *rules.Answer) needs {
	var pubs []tilekit.Publisher
	switch {
	case a.Row != nil:
		pubs = a.Row.Publishers
	case a.RuleVariant != nil:
		pubs = a.RuleVariant.Publishers
	case t.Rule != nil && a.Row == nil:
		if a.Subject.Kind != "" && t.Rule.When.Matches(a.Subject) {
			pubs = t.Rule.OwnPublishers()
		}
	}
	return b.needsOf([]string{t.Expansion, a.Subject.Expansion}, pubs)
}

// verdictText says a verdict for a reader, with its condition.
func (b *builder) verdictText(v tilekit.Verdict, condition string) string {
	s := b.tr.must("verdict." + string(v))
	if condition != "" {
		s += ": " + condition
	}
	return s
}

// joinWords joins words with spaces.
func joinWords(words []string) string {
	out := ""
	for i, w := range words {
		if i > 0 {
			out += " "
		}
		out += w
	}
	return out
}
