package site

import (
	"fmt"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// orderData is the content of an order-of-play page: the turn under the
// steps' own rules and under each publisher's, differences marked.
type orderData struct {
	// Expansion is the expansion of a single expansion's page, nil on the
	// page for every expansion.
	Expansion *link
	Sections  []orderSection
	// Singles links each expansion's own page (on the page for all).
	Singles []link
}

// orderSection is the turn under one publisher's rules (or the steps' own).
type orderSection struct {
	Anchor, Title string
	// Publisher is the publisher's id, "" for the steps' own rules.
	Publisher string
	Needs     needs
	Steps     []stepView
	// Differs counts the steps placed or played otherwise than under the
	// steps' own rules; Same says the order is the same as theirs.
	Differs int
	Same    bool
}

// stepView is a step of the turn.
type stepView struct {
	Anchor, ID, Name, Explanation, Choice, Variant string
	Expansion                                      link
	Source                                         citation
	Needs                                          needs
	Notes                                          []stepNote
	Differs                                        bool
}

// stepNote is a note on a step's timing.
type stepNote struct{ Title, Text string }

// writeOrder writes the order of play for every expansion together and for
// each expansion alone.
func (b *builder) writeOrder() error {
	d, err := b.orderFor("order", b.sel, "step-")
	if err != nil {
		return err
	}
	for _, x := range b.expansions {
		d.Singles = append(d.Singles, link{Href: b.pageLink("order", "order/"+x.ID, ""), Text: x.Name, Needs: b.needsOf([]string{x.ID}, nil)})
	}
	if err := b.writePage("order", b.newPage("order", b.tr.must("order.title"), d)); err != nil {
		return err
	}
	for _, x := range b.expansions {
		sel, err := rules.Select(b.cat, []string{x.ID})
		if err != nil {
			return fmt.Errorf("order of play of %s: %w", x.ID, err)
		}
		p := "order/" + x.ID
		one, err := b.orderFor(p, sel, "step-")
		if err != nil {
			return err
		}
		one.Expansion = &link{Href: b.pageLink(p, "expansions/"+x.ID, ""), Text: x.Name}
		if err := b.writePage("order-one", b.newPage(p, b.tr.must("order.one-title", x.Name), one)); err != nil {
			return err
		}
	}
	return nil
}

// orderFor composes the turn of a selection under the steps' own rules
// and each publisher's.
func (b *builder) orderFor(page string, sel rules.Selection, anchor string) (*orderData, error) {
	own, err := rules.Order(b.cat, sel, rules.OrderOptions{})
	if err != nil {
		return nil, fmt.Errorf("order of play (%s): %w", strings.Join(sel.IDs(), ", "), err)
	}
	d := &orderData{}
	std := orderSection{Anchor: "order-own", Title: b.tr.must("order.own")}
	for _, s := range own {
		std.Steps = append(std.Steps, b.stepView(page, s, anchor, false))
	}
	d.Sections = append(d.Sections, std)
	for _, p := range tilekit.Publishers {
		played, err := rules.Order(b.cat, sel, rules.OrderOptions{Publisher: p})
		if err != nil {
			return nil, fmt.Errorf("order of play under %s rules (%s): %w", p.Possessive(), strings.Join(sel.IDs(), ", "), err)
		}
		sec := orderSection{Anchor: "order-" + string(p), Title: b.tr.must("order.publisher", p.Possessive()), Publisher: string(p), Needs: b.needsOf(nil, []tilekit.Publisher{p})}
		for i, s := range played {
			differs := s.Variant != nil || i >= len(own) || own[i].Step != s.Step || choiceText(s.Choice) != choiceText(own[i].Choice)
			v := b.stepView(page, s, string(p)+"-"+anchor, differs)
			if differs {
				sec.Differs++
			}
			sec.Steps = append(sec.Steps, v)
		}
		sec.Same = sec.Differs == 0 && len(played) == len(own)
		d.Sections = append(d.Sections, sec)
	}
	return d, nil
}

// stepView describes a step of the turn.
func (b *builder) stepView(page string, s rules.PlayedStep, anchor string, differs bool) stepView {
	v := stepView{Anchor: anchor + anchorID(s.Step.ID), ID: s.Step.ID, Name: s.Step.Name, Explanation: s.Step.Explanation, Choice: choiceText(s.Choice),
		Source: b.citationOf(s.Step.Source), Needs: b.needsOf([]string{s.Step.Expansion}, nil), Differs: differs,
		Expansion: link{Href: b.pageLink(page, "expansions/"+tilekit.ParentExpansion(s.Step.Expansion), ""), Text: b.expansionName(s.Step.Expansion)}}
	if s.Variant != nil {
		v.Variant = s.Variant.Scope()
		if s.Variant.Explanation != "" {
			v.Variant += ": " + s.Variant.Explanation
		}
		v.Source = b.citationOf(s.Variant.Source)
	}
	for _, n := range s.Notes {
		v.Notes = append(v.Notes, stepNote{Title: n.Title, Text: n.Text})
	}
	return v
}

// choiceText describes a choice a step gives, or "" for none.
func choiceText(c *tilekit.Choice) string {
	if c == nil {
		return ""
	}
	return c.Describe()
}
