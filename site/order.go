package site

import (
	"fmt"
	"slices"
	"strconv"
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
	// NoPublisher says that the section holds when no publisher is
	// chosen only: the steps' own rules, which a publisher's turn
	// replaces once one is chosen.
	NoPublisher bool
	Steps       []stepView
	// Phases are the steps grouped into the phases of the turn, in order.
	Phases []orderPhase
	// Differs counts the steps placed or played otherwise than under the
	// steps' own rules; Same says the order is the same as theirs.
	Differs int
	Same    bool
	// In is the data-in of a turn that does not hold for every edition
	// and month; Then marks a turn of another edition or an earlier month
	// only, hidden until the reader chooses it (asof.go).
	In   string
	Then bool
}

// stepView is a step of the turn.
type stepView struct {
	Anchor, ID, Name, Explanation, Choice, Variant string
	// NameLang and ExplanationLang are the language of Name and
	// Explanation when it is not the page's (the English of a step with
	// no translation of it), else "".
	NameLang, ExplanationLang string
	// Phase is the step's phase of the turn (tilekit.Step.Phase).
	Phase     int
	Expansion link
	Source    citation
	Needs     needs
	Notes     []stepNote
	// Scoring are the step's scoring rules and bonuses, worded from
	// their values.
	Scoring []scoreView
	// Does are what the step's mechanics do (when it happens, how its
	// figure moves, where a follower goes, who is removed, where removed
	// figures go), worded from their values, each with its source.
	Does    []scoreView
	Differs bool
	// In is the data-in of a step played only for some editions and
	// months (asof.go); Then marks a version of a step played otherwise
	// than today, hidden until chosen.
	In   string
	Then bool
	// Replaces names the kind of the step's source that a step of a later
	// folder replaced, such as by a house rule (ReplacesClass "house-rule").
	Replaces, ReplacesClass string
}

// orderPhase is a run of steps of one phase of the turn: before the
// tile, place a tile, place a follower, score, after scoring.
type orderPhase struct {
	Title string
	Needs needs
	Steps []stepView
}

// phasesOf groups a turn's steps into runs of the same phase, each titled
// by its phase; a run whose steps all need the same expansions needs them
// too, so that a choice that hides its steps hides its title.
func (b *builder) phasesOf(steps []stepView) []orderPhase {
	var out []orderPhase
	for i, v := range steps {
		if i == 0 || v.Phase != steps[i-1].Phase {
			out = append(out, orderPhase{Title: b.tr.must("order.phase." + strconv.Itoa(v.Phase)), Needs: v.Needs})
		}
		ph := &out[len(out)-1]
		if ph.Needs.Attr() != v.Needs.Attr() {
			ph.Needs = needs{}
		}
		ph.Steps = append(ph.Steps, v)
	}
	return out
}

// stepNote is a note on a step's timing; TitleLang is the language of its
// title when it is the English of a page in another language (see
// textLang).
type stepNote struct{ Title, Text, TitleLang string }

// writeOrder writes the order of play for every expansion together and for
// each expansion alone.
func (b *builder) writeOrder() error {
	d, err := b.orderFor("order", b.sel, "step-")
	if err != nil {
		return err
	}
	for _, x := range b.expansions {
		if !b.addsToTurn(x.ID) {
			continue
		}
		d.Singles = append(d.Singles, link{Href: b.pageLink("order", "order/"+x.ID, ""), Text: b.name(x.Translations, x.Name), Needs: b.needsOf([]string{x.ID}, nil)})
	}
	if err := b.writePage("order", b.newPage("order", b.tr.must("order.title"), d)); err != nil {
		return err
	}
	for _, x := range b.expansions {
		if !b.addsToTurn(x.ID) {
			continue // its turn is the base game's: its page links there
		}
		sel, err := rules.Select(b.cat, []string{x.ID})
		if err != nil {
			return fmt.Errorf("order of play of %s: %w", x.ID, err)
		}
		p := "order/" + x.ID
		one, err := b.orderFor(p, sel, "step-")
		if err != nil {
			return err
		}
		name := b.name(x.Translations, x.Name)
		one.Expansion = &link{Href: b.pageLink(p, "expansions/"+x.ID, ""), Text: name}
		if err := b.writePage("order-one", b.newPage(p, b.tr.must("order.one-title", name), one)); err != nil {
			return err
		}
	}
	return nil
}

// addsToTurn reports whether an expansion changes the turn when it is
// played alone with the base game: the base game itself, an expansion with
// a step of its own, or one a base step's variant names. Only these have a
// page of their own order of play; the turn of any other is the base
// game's.
func (b *builder) addsToTurn(id string) bool {
	if id == tilekit.BaseGame {
		return true
	}
	for i := range b.cat.Steps {
		s := &b.cat.Steps[i]
		switch tilekit.ParentExpansion(s.Expansion) {
		case id:
			return true
		case tilekit.BaseGame:
			for _, v := range s.Variants {
				if slices.ContainsFunc(v.With, func(w string) bool { return tilekit.ParentExpansion(w) == id }) {
					return true
				}
			}
		}
	}
	return false
}

// orderFor composes the turn of a selection under the steps' own rules
// and each publisher's.
func (b *builder) orderFor(page string, sel rules.Selection, anchor string) (*orderData, error) {
	own, err := b.shared.order(sel, rules.OrderOptions{})
	if err != nil {
		return nil, fmt.Errorf("order of play (%s): %w", strings.Join(sel.IDs(), ", "), err)
	}
	d := &orderData{}
	d.Sections = append(d.Sections, b.ownSection(page, own, anchor))
	for _, p := range tilekit.Publishers {
		secs, err := b.publisherSections(page, sel, p, own, anchor)
		if err != nil {
			return nil, err
		}
		d.Sections = append(d.Sections, secs...)
	}
	if b.followsRules(page, sel) {
		if err := b.turnsInForce(page, sel, anchor, d); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// ownSection is the turn under the steps' own rules.
func (b *builder) ownSection(page string, own []rules.PlayedStep, anchor string) orderSection {
	std := orderSection{Anchor: "order-own", Title: b.tr.must("order.own"), NoPublisher: true}
	for _, s := range own {
		std.Steps = append(std.Steps, b.stepView(page, s, anchor, false))
	}
	std.Phases = b.phasesOf(std.Steps)
	return std
}

// followsRules reports whether an order page follows the reader's edition
// and month: the page of every expansion, and the page of an expansion with
// steps of its own (another's turn is the base game's, shown there).
func (b *builder) followsRules(page string, sel rules.Selection) bool {
	if len(b.eras) == 0 {
		return false
	}
	if page == "order" {
		return true
	}
	for i := range b.cat.Steps {
		if x := b.cat.Steps[i].Expansion; tilekit.ParentExpansion(x) != tilekit.BaseGame && sel.Has(x) {
			return true
		}
	}
	return false
}

// turnsInForce composes the turn of each publisher's rules (and the steps'
// own) for every edition and month the reader may choose. A turn that
// plays some of today's steps in today's order marks those steps with the
// choices they are played in (data-in), a step played otherwise (by
// another variant) getting a version of its own beside today's; a turn
// that plays its steps in another order is a section of its own. What is
// not today's is hidden until chosen. Months at which no step, variant or
// expansion with steps is dated compose as the month before them.
func (b *builder) turnsInForce(page string, sel rules.Selection, anchor string, d *orderData) error {
	bounds := b.orderEraBounds()
	n := len(d.Sections)
	for _, p := range append([]tilekit.Publisher{""}, tilekit.Publishers...) {
		k := slices.IndexFunc(d.Sections[:n], func(sec orderSection) bool {
			return sec.Publisher == string(p) && len(sec.Needs.Unless) == 0
		})
		if k < 0 {
			continue
		}
		today, err := b.shared.order(sel, rules.OrderOptions{Publisher: p})
		if err != nil || len(today) != len(d.Sections[k].Steps) {
			continue // the section was composed otherwise: it holds for every choice
		}
		t := &turnChoices{b: b, sel: sel, p: p, bounds: bounds, today: today, steps: newInForce(len(b.eras)), turns: newInForce(len(b.eras)),
			versions: map[string]rules.PlayedStep{}, others: map[int][]string{}, byTurn: map[string]otherOrder{}, cache: map[[2]int][]rules.PlayedStep{}}
		if err := b.eachChoice(t.add); err != nil {
			return err
		}
		sec := &d.Sections[k]
		var steps []stepView
		todayKeys := b.shared.keysOf(today).steps
		for j, s := range sec.Steps {
			s.In = t.steps.attr(todayKeys[j])
			steps = append(steps, s)
			for v, key := range t.others[j] {
				// A version of another variant differs from the steps' own
				// order only in a publisher's turn.
				alt := b.stepView(page, t.versions[key], fmt.Sprintf("then-%d-%s-%s", v, p, anchor), p != "" && t.versions[key].Variant != nil)
				alt.In, alt.Then = t.steps.attr(key), true
				steps = append(steps, alt)
			}
		}
		sec.Steps, sec.Phases = steps, b.phasesOf(steps)
		if len(t.reordered) > 0 {
			sec.In = t.turns.attr("")
		}
		for i, sig := range t.reordered {
			o := t.byTurn[sig]
			opt := o.opt
			opt.Publisher = ""
			own, err := b.shared.order(sel, opt)
			if err != nil {
				return err
			}
			other := b.turnSection(page, o.played, own, p, anchor, i)
			other.In, other.Then = t.turns.attr(sig), true
			d.Sections = append(d.Sections, other)
		}
	}
	return nil
}

// stepKey tells a step played one way apart from the same step played by
// another variant or choice.
func stepKey(s rules.PlayedStep) string {
	return fmt.Sprintf("%s/%p/%s", s.Step.ID, s.Variant, choiceText(s.Choice))
}

// turnChoices gathers the turns of one publisher's rules over the choices
// of edition and month. today is today's turn; steps holds the choices
// each version of a step is played in, by stepKey, and versions the step
// of each key; others lists, for each of today's steps, the keys of its
// other versions; turns holds the choices of today's order ("") and of
// each turn in another order (by its signature, in reordered, with the
// turn in byTurn).
type turnChoices struct {
	b         *builder
	sel       rules.Selection
	p         tilekit.Publisher
	bounds    []int
	today     []rules.PlayedStep
	steps     *inForce
	turns     *inForce
	versions  map[string]rules.PlayedStep
	others    map[int][]string
	reordered []string
	byTurn    map[string]otherOrder
	cache     map[[2]int][]rules.PlayedStep
}

// otherOrder is a turn whose steps come in another order than today's,
// and the options it was composed with.
type otherOrder struct {
	played []rules.PlayedStep
	opt    rules.OrderOptions
}

// add composes the turn of a choice (once per edition and order era) and
// notes it.
func (t *turnChoices) add(ei, i int, e tilekit.Edition, _ rules.Month) error {
	at := [2]int{ei, t.bounds[i]}
	opt := rules.OrderOptions{Publisher: t.p, Edition: e}
	if t.bounds[i] < len(t.b.eras)-1 {
		opt.AsOf = t.b.eras[t.bounds[i]].Month
	}
	played, ok := t.cache[at]
	if !ok {
		var err error
		if played, err = t.b.shared.order(t.sel, opt); err != nil {
			return fmt.Errorf("order of play (%s, edition %s, as of %s): %w", strings.Join(t.sel.IDs(), ", "), e, opt.AsOf, err)
		}
		t.cache[at] = played
	}
	places := t.placesInToday(played)
	keys := t.b.shared.keysOf(played)
	if len(places) < len(played) {
		key := keys.turn
		if _, seen := t.byTurn[key]; !seen {
			t.byTurn[key] = otherOrder{played, opt}
			t.reordered = append(t.reordered, key)
		}
		t.turns.add(key, ei, i)
		return nil
	}
	t.turns.add("", ei, i)
	todayKeys := t.b.shared.keysOf(t.today).steps
	for n, s := range played {
		key := keys.steps[n]
		t.steps.add(key, ei, i)
		if key == todayKeys[places[n]] {
			continue
		}
		if _, seen := t.versions[key]; !seen {
			t.versions[key] = s
			t.others[places[n]] = append(t.others[places[n]], key)
		}
	}
	return nil
}

// placesInToday returns where each step of a turn is among today's, as
// far as they come in today's order: fewer places than steps when a step
// is not among today's or comes in another order.
func (t *turnChoices) placesInToday(played []rules.PlayedStep) []int {
	places := make([]int, 0, len(played))
	j := 0
	for _, s := range played {
		for j < len(t.today) && t.today[j].Step.ID != s.Step.ID {
			j++
		}
		if j == len(t.today) {
			break
		}
		places = append(places, j)
		j++
	}
	return places
}

// turnSection is a turn under a publisher's rules (or the steps' own, for
// ""), of another edition or month than today's, anchored apart by k.
func (b *builder) turnSection(page string, played, own []rules.PlayedStep, p tilekit.Publisher, anchor string, k int) orderSection {
	prefix := "then-" + strconv.Itoa(k) + "-"
	if p == "" {
		sec := b.ownSection(page, played, prefix+anchor)
		sec.Anchor = "order-own-" + prefix[:len(prefix)-1]
		return sec
	}
	return b.markDiffers(page, played, own, p, prefix+string(p)+"-"+anchor, "order-"+string(p)+"-"+prefix[:len(prefix)-1])
}

// orderEraBounds maps each era to the latest era, at or before it, whose
// start month dates a step, a variant of a step or the publication of an
// expansion with steps: the turn can change only then.
func (b *builder) orderEraBounds() []int {
	dated := map[string]bool{}
	for i := range b.cat.Steps {
		s := &b.cat.Steps[i]
		dated[s.Source.Date] = true
		for _, v := range s.Variants {
			dated[v.Source.Date] = true
		}
		if x := b.cat.Expansion(tilekit.ParentExpansion(s.Expansion)); x != nil {
			dated[x.Published] = true
		}
	}
	out := make([]int, len(b.eras))
	last := 0
	for i, e := range b.eras {
		if dated[e.Date] {
			last = i
		}
		out[i] = last
	}
	return out
}

// publisherSections composes the turn under a publisher's rules. Where a
// variant of a step depends on the selection (With) and the selection
// holds its expansions, the turn is also composed without them, and when
// the two differ both are written: the first shown when the reader chooses
// those expansions, the second (data-unless) when not, so that the script
// never shows an order that holds for neither choice.
func (b *builder) publisherSections(page string, sel rules.Selection, p tilekit.Publisher, own []rules.PlayedStep, anchor string) ([]orderSection, error) {
	sec, err := b.publisherSection(page, sel, p, own, anchor)
	if err != nil {
		return nil, err
	}
	for _, with := range b.withSets(sel) {
		var rest []string
		for _, id := range b.selectedIDs(sel) {
			if !slices.Contains(with, id) {
				rest = append(rest, id)
			}
		}
		without, err := rules.Select(b.cat, rest)
		if err != nil {
			return nil, err
		}
		other, err := b.publisherSection(page, without, p, own, "without-"+strings.Join(with, "-")+"-"+anchor)
		if err != nil {
			return nil, err
		}
		if sameSteps(b.leaveOut(sec.Steps, with), other.Steps) {
			continue
		}
		names := b.needsOf(with, nil).Names
		sec.Needs.IDs, sec.Needs.Names = b.needsOf(with, nil).IDs, names
		sec.Title = b.tr.must("order.publisher-with", b.tr.must("order.whose."+string(p)), strings.Join(names, ", "))
		other.Anchor += "-without-" + strings.Join(with, "-")
		other.Needs.Unless, other.Needs.UnlessNames = sec.Needs.IDs, names
		other.Title = b.tr.must("order.publisher-without", b.tr.must("order.whose."+string(p)), strings.Join(names, ", "))
		return []orderSection{sec, other}, nil
	}
	return []orderSection{sec}, nil
}

// publisherSection composes the turn of a selection under a publisher's
// rules, marking the steps that differ from the steps' own order.
func (b *builder) publisherSection(page string, sel rules.Selection, p tilekit.Publisher, own []rules.PlayedStep, anchor string) (orderSection, error) {
	played, err := b.shared.order(sel, rules.OrderOptions{Publisher: p})
	if err != nil {
		return orderSection{}, fmt.Errorf("order of play under %s rules (%s): %w", p.Possessive(), strings.Join(sel.IDs(), ", "), err)
	}
	return b.markDiffers(page, played, own, p, string(p)+"-"+anchor, "order-"+string(p)), nil
}

// markDiffers makes the section of a turn under a publisher's rules,
// marking the steps that differ from the steps' own order.
func (b *builder) markDiffers(page string, played, own []rules.PlayedStep, p tilekit.Publisher, anchor, id string) orderSection {
	sec := orderSection{Anchor: id, Title: b.tr.must("order.publisher", b.tr.must("order.whose."+string(p))), Publisher: string(p), Needs: b.needsOf(nil, []tilekit.Publisher{p})}
	for i, s := range played {
		differs := s.Variant != nil || i >= len(own) || own[i].Step != s.Step || choiceText(s.Choice) != choiceText(own[i].Choice)
		v := b.stepView(page, s, anchor, differs)
		if differs {
			sec.Differs++
		}
		sec.Steps = append(sec.Steps, v)
	}
	sec.Same = sec.Differs == 0 && len(played) == len(own)
	sec.Phases = b.phasesOf(sec.Steps)
	return sec
}

// withSets lists the expansions named together by the steps' variants
// (With) that move a step and that the selection holds, each set once, in
// the order written. A variant that keeps the step's place and only says
// how the step differs with those expansions (the Phantom after a fairy
// move) is shown in the step, as written for them.
func (b *builder) withSets(sel rules.Selection) [][]string {
	var out [][]string
	for _, s := range b.cat.Steps {
		for _, v := range s.Variants {
			if len(v.With) == 0 || !sel.HasAll(v.With) || !sel.Has(s.Expansion) ||
				(slices.Equal(v.After, s.After) && slices.Equal(v.Before, s.Before)) {
				continue
			}
			if !slices.ContainsFunc(out, func(w []string) bool { return slices.Equal(w, v.With) }) {
				out = append(out, v.With)
			}
		}
	}
	return out
}

// selectedIDs lists the expansions and parts of a selection: every
// expansion for the selection of everything.
func (b *builder) selectedIDs(sel rules.Selection) []string {
	if ids := sel.IDs(); !slices.Equal(ids, []string{tilekit.AllExpansions}) {
		return ids
	}
	var ids []string
	for _, x := range b.cat.Expansions {
		ids = append(ids, x.ID)
	}
	return ids
}

// leaveOut returns the steps but those of the expansions (or parts) named.
func (b *builder) leaveOut(steps []stepView, ids []string) []stepView {
	var out []stepView
	for _, v := range steps {
		s := b.cat.Step(v.ID)
		if s != nil && (slices.Contains(ids, s.Expansion) || slices.Contains(ids, tilekit.ParentExpansion(s.Expansion))) {
			continue
		}
		out = append(out, v)
	}
	return out
}

// sameSteps reports whether two turns play the same steps in the same
// order and the same way (a step a variant moves or words otherwise under
// one of them differs).
func sameSteps(a, b []stepView) bool {
	return slices.EqualFunc(a, b, func(x, y stepView) bool { return x.ID == y.ID && x.Variant == y.Variant })
}

// stepView describes a step of the turn.
func (b *builder) stepView(page string, s rules.PlayedStep, anchor string, differs bool) stepView {
	tr := s.Step.Translations
	v := stepView{Anchor: anchor + anchorID(s.Step.ID), ID: s.Step.ID, Name: b.name(tr, s.Step.Name), Explanation: b.text(tr, "explanation", s.Step.Explanation),
		NameLang: b.textLang(tr, "name", s.Step.Name), ExplanationLang: b.textLang(tr, "explanation", s.Step.Explanation), Choice: b.choiceWords(s.Choice),
		Phase:  s.Step.Phase,
		Source: b.citationOf(s.Step.Source), Needs: b.needsOf([]string{s.Step.Expansion}, nil), Differs: differs,
		Expansion: link{Href: b.pageLink(page, "expansions/"+tilekit.ParentExpansion(s.Step.Expansion), ""), Text: b.expansionName(s.Step.Expansion)},
		Scoring:   b.scoringViews(&s.Step.Mechanics), Does: b.doesViews(&s.Step.Mechanics)}
	if s.Variant != nil {
		v.Variant = b.variantScope(s.Variant)
		if s.Variant.Explanation != "" {
			v.Variant += ": " + b.text(s.Variant.Translations, "explanation", s.Variant.Explanation)
		}
		v.Source = b.citationOf(s.Variant.Source)
	}
	for _, n := range s.Notes {
		v.Notes = append(v.Notes, stepNote{Title: b.text(n.Translations, "title", n.Title), Text: b.text(n.Translations, "text", n.Text),
			TitleLang: b.textLang(n.Translations, "title", n.Title)})
	}
	if old := s.Step.Replaces; old != nil {
		v.Replaces, v.ReplacesClass = b.replacesBadge(old.Source, s.Step.Source)
	}
	return v
}

// choiceWords words a choice a step gives for a reader, or "" for none:
// who may or must, instead of which steps (by their names) and which
// figures are still allowed (by theirs).
func (b *builder) choiceWords(c *tilekit.Choice) string {
	if c == nil {
		return ""
	}
	by := c.By
	if by == "" {
		by = tilekit.ChooserActivePlayer
	}
	out := b.tr.must("order.choice-by."+string(by), b.tr.must("order.choice-mode."+string(c.Mode)))
	if len(c.InsteadOf) > 0 {
		var names []string
		for _, id := range c.InsteadOf {
			names = append(names, b.stepName(id))
		}
		out += b.tr.must("order.choice-instead", strings.Join(names, ", "))
	}
	if len(c.Except) > 0 {
		var names []string
		for _, id := range c.Except {
			names = append(names, b.figureName(id))
		}
		out += b.tr.must("order.choice-except", strings.Join(names, ", "))
	}
	return out
}

// variantScope words a step variant's publishers, editions and the
// expansions it holds with, by their names.
func (b *builder) variantScope(v *tilekit.StepVariant) string {
	scoped := *v
	scoped.With = nil
	scope := scoped.Scope()
	if len(v.With) > 0 {
		var names []string
		for _, id := range v.With {
			names = append(names, b.expansionName(id))
		}
		with := b.tr.must("order.variant-with", strings.Join(names, ", "))
		if scope != "" {
			scope += ", "
		}
		scope += with
	}
	return scope
}

// stepName returns a step's name, or its id where the data has no such
// step, to stand inside a sentence: an English name starts in lower case
// there, a translation as it is written (German nouns keep their capital).
func (b *builder) stepName(id string) string {
	if s := b.cat.Step(id); s != nil && s.Name != "" {
		return inSentence(s.Translations, b.opt.Lang, s.Name)
	}
	return id
}

// figureName returns a figure's name, or its id where the data has none.
func (b *builder) figureName(id string) string {
	if f := b.cat.Figure(id); f != nil && f.Name != "" {
		return b.name(f.Translations, f.Name)
	}
	return id
}

// choiceText describes a choice a step gives, or "" for none.
func choiceText(c *tilekit.Choice) string {
	if c == nil {
		return ""
	}
	return c.Describe()
}
