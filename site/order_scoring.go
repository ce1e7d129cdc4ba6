package site

import (
	"strings"

	"github.com/tilekit/tilekit"
)

// The order of play words a step's scoring rules and bonuses from their
// values, with the words of strings/<lang>.toml ([order.score]), so that a
// fan's rules appear on the site as their data give them.

// scoreView is a scoring rule or a bonus of a step, worded, with its first
// source.
type scoreView struct {
	Text   string
	Source citation
}

// scoringViews words a step's scoring rules, then its bonuses.
func (b *builder) scoringViews(m *tilekit.Mechanics) []scoreView {
	var out []scoreView
	for i := range m.Scoring {
		r := &m.Scoring[i]
		out = append(out, scoreView{Text: scoreRuleWords(b.tr, r), Source: b.firstSource(r.Sources)})
	}
	for i := range m.Bonuses {
		bn := &m.Bonuses[i]
		name := b.figureWord(bn.Figure)
		out = append(out, scoreView{Text: bonusWords(b.tr, bn, name), Source: b.firstSource(bn.Sources)})
	}
	return out
}

// doesViews words what a step's mechanics do beside its choice and its
// scoring: its trigger, movement, deployment, dismissal, crossing, corner
// figure, relocation, symbol feature, recall, held tile, extra turn and
// removals.
func (b *builder) doesViews(m *tilekit.Mechanics) []scoreView {
	var out []scoreView
	if t := m.Trigger; t != nil {
		out = append(out, scoreView{Text: b.triggerWords(t), Source: b.citationOf(t.Source)})
	}
	if v := m.Movement; v != nil {
		out = append(out, scoreView{Text: b.movementWords(v), Source: b.citationOf(v.Source)})
	}
	if d := m.Deployment; d != nil {
		out = append(out, scoreView{Text: b.tr.must("order.mech.deployment", b.tableName(d.Figures), b.tableName(d.Destinations), d.Word), Source: b.citationOf(d.Source)})
	}
	if d := m.Dismissal; d != nil {
		out = append(out, scoreView{Text: b.tr.must("order.mech.dismissal", b.tr.must("event.kind."+string(d.Feature)), b.attributeWord(d.Attribute), b.tableName(d.Table), d.Word),
			Source: b.citationOf(d.Source)})
	}
	if c := m.Crossing; c != nil {
		out = append(out, scoreView{Text: crossingWords(b.tr, c), Source: b.citationOf(c.Source)})
	}
	if c := m.CornerFigure; c != nil {
		out = append(out, scoreView{Text: b.tr.must("order.mech.corner-figure", b.figureWord(c.Figure), b.tr.must("event.kind."+string(c.Quarters)), c.Word), Source: b.citationOf(c.Source)})
	}
	if r := m.Relocation; r != nil {
		into := make([]string, len(r.Into))
		for i, k := range r.Into {
			into[i] = b.tr.must("event.kind." + string(k))
		}
		out = append(out, scoreView{Text: b.tr.must("order.mech.relocation", b.figureWord(r.Figure), strings.Join(into, ", "), r.Reach, r.Word, r.Word), Source: b.citationOf(r.Source)})
	}
	if sf := m.SymbolFeature; sf != nil {
		figures := make([]string, len(sf.Figures))
		for i, id := range sf.Figures {
			figures[i] = b.figureWord(id)
		}
		out = append(out, scoreView{Text: b.tr.must("order.mech.symbol-feature", b.tr.symbolWord(sf.Symbol), sf.ID, b.tr.must("event.kind."+string(sf.Kind)), strings.Join(figures, ", ")), Source: b.citationOf(sf.Source)})
	}
	if rc := m.Recall; rc != nil {
		out = append(out, scoreView{Text: b.tr.must("order.mech.recall", b.figureWord(rc.Figure), rc.Word), Source: b.citationOf(rc.Source)})
	}
	if h := m.HeldTile; h != nil {
		out = append(out, scoreView{Text: b.tr.must("order.mech.held-tile", h.PerPlayer, b.tileName(h.Tile)), Source: b.citationOf(h.Source)})
	}
	if e := m.ExtraTurn; e != nil {
		out = append(out, scoreView{Text: b.tr.must("order.mech.extra-turn", b.figureWord(e.Figure)), Source: b.citationOf(e.Source)})
	}
	for i := range m.Removals {
		out = append(out, scoreView{Text: b.removalWords(&m.Removals[i]), Source: b.citationOf(m.Removals[i].Source)})
	}
	return out
}

// triggerWords words when a step happens, from its trigger's values.
func (b *builder) triggerWords(t *tilekit.Trigger) string {
	tr := b.tr
	var out string
	switch t.On {
	case tilekit.TriggerTileSymbol, tilekit.TriggerRoadCompleted:
		out = tr.must("order.mech.on."+string(t.On), tr.symbolWord(t.Symbol))
	case tilekit.TriggerScoreReached:
		out = tr.must("order.mech.on.score-reached", t.Threshold)
		if t.Laps != "" {
			out += tr.must("order.mech.laps." + string(t.Laps))
		}
	default:
		out = tr.must("order.mech.on." + string(t.On))
	}
	if t.BeforeInPlay == tilekit.EarlySetAside {
		out += tr.must("order.mech.set-aside")
	}
	if t.OffBoard == tilekit.OffBoardIgnoreSymbol {
		out += tr.must("order.mech.ignore-symbol")
	}
	return out
}

// movementWords words how a step moves its figure and what it does, from
// the movement's values.
func (b *builder) movementWords(v *tilekit.Movement) string {
	tr := b.tr
	figure := b.figureWord(v.Figure)
	var out string
	switch v.To {
	case tilekit.MoveOrthogonalSteps:
		far, _ := tr.plural("order.mech.steps", v.Steps)
		if v.Per == tilekit.PerCompletedFeature {
			far = tr.must("order.mech.per-completed")
		}
		out = tr.must("order.mech.to.orthogonal-steps", figure, far)
		if v.Mover != "" {
			out += tr.must("order.mech.mover." + string(v.Mover))
		}
		if !v.Revisit {
			out += tr.must("order.mech.no-revisit")
		}
		if !v.ReturnToStart {
			out += tr.must("order.mech.no-return")
		}
		for _, f := range v.BlockedBy {
			out += tr.must("order.mech.blocked-by", b.figureWord(f))
		}
		if v.DeadEnd == tilekit.DeadEndStop {
			out += tr.must("order.mech.dead-end")
		}
	case tilekit.MoveBesideFollower:
		out = tr.must("order.mech.to.beside-follower", figure, b.tableName(v.Beside))
	default:
		out = tr.must("order.mech.to.placed-tile", figure)
	}
	if v.Eats != "" {
		out += tr.must("order.mech.eats", b.tableName(v.Eats))
		if v.Spares != "" {
			out += tr.must("order.mech.spares", b.tableName(v.Spares))
		}
	}
	if v.NoDeploy {
		out += tr.must("order.mech.no-deploy")
	}
	if v.Deploy != "" {
		out += tr.must("order.mech.deploy", b.tableName(v.Deploy))
	}
	return out
}

// removalWords words where a step's removed figures go: a figure by its
// string as it is written, else by its name in the data in lower case.
func (b *builder) removalWords(r *tilekit.Removal) string {
	var who []string
	for _, id := range r.Figures {
		word := b.figureWord(id)
		if _, ok := b.tr.strings["event.figure."+id]; !ok {
			word = strings.ToLower(word)
		}
		who = append(who, word)
	}
	if r.Owner != "" {
		who = append(who, b.tr.must("order.mech.owner."+r.Owner))
	}
	return b.tr.must("order.mech.removal", strings.Join(who, ", "), b.tr.must("order.mech.to."+string(r.To)))
}

// tableName names an interaction table by its name in the data, or its
// id where the data has no such table.
func (b *builder) tableName(id string) string {
	if t := b.cat.Table(id); t != nil && t.Name != "" {
		return "“" + b.name(t.Translations, t.Name) + "”"
	}
	return id
}

// attributeWord words a feature's attribute: the strings' word, else the
// attribute's id, words apart.
func (b *builder) attributeWord(a tilekit.Attribute) string {
	if w, ok := b.tr.strings["order.mech.attribute."+string(a)]; ok {
		return w
	}
	return strings.ReplaceAll(string(a), "-", " ")
}

// crossingWords words a crossing: the kinds it crosses from and into, as
// the strings word them ([event.kind]), then the link, the table and the
// word of its moves, each as the data gives it.
func crossingWords(tr *translator, c *tilekit.Crossing) string {
	return tr.fill("order.crossing", func(name string) (string, bool) {
		switch name {
		case "from":
			return tr.must("event.kind." + string(c.From)), true
		case "into":
			return tr.must("event.kind." + string(c.Into)), true
		case "link":
			return c.Link, true
		case "table":
			return c.Table, true
		case "word":
			return string(c.Word), true
		}
		return "", false
	})
}

// firstSource returns the citation of the first of a list of sources.
func (b *builder) firstSource(cs []tilekit.Citation) citation {
	if len(cs) == 0 {
		return citation{}
	}
	return b.citationOf(cs[0])
}

// bonusWords words a bonus, its figure worded as name.
func bonusWords(tr *translator, bn *tilekit.Bonus, name string) string {
	if bn.Winner {
		per := bn.Per
		if per == "" {
			per = tilekit.TermConstant
		}
		points, _ := tr.plural("order.score.term."+string(per), bn.Points)
		return tr.must("order.score.bonus.winner", points, name)
	}
	text, _ := tr.plural("order.score.bonus."+string(bn.On), bn.Points, name)
	return text
}

// scoreRuleWords words a scoring rule: the feature and moment, its terms,
// its condition and its majority.
func scoreRuleWords(tr *translator, r *tilekit.ScoreRule) string {
	terms := make([]string, len(r.Terms))
	for i, t := range r.Terms {
		if t.Symbol != "" {
			terms[i], _ = tr.plural("order.score.term."+string(t.Per), t.Points, tr.symbolWord(t.Symbol))
			continue
		}
		terms[i], _ = tr.plural("order.score.term."+string(t.Per), t.Points)
	}
	if len(terms) == 0 {
		terms = []string{tr.must("order.score.nothing")}
	}
	feature := tr.must("event.kind." + string(r.Feature))
	out := tr.fill("order.score.rule", func(name string) (string, bool) {
		switch name {
		case "what":
			return tr.must("order.score.at."+string(r.At), feature), true
		case "terms":
			return strings.Join(terms, tr.must("order.score.and")), true
		}
		return "", false
	})
	if r.Majority == tilekit.MajorityEachCity {
		out += tr.must("order.score.each-city")
	}
	if w := r.When; w != nil {
		if w.Option != "" {
			out += tr.must("order.score.when.option", string(w.Option))
		}
		if len(w.Editions) > 0 {
			eds := make([]string, len(w.Editions))
			for i, e := range w.Editions {
				eds[i] = string(e)
			}
			out += tr.must("order.score.when.editions", strings.Join(eds, tr.must("order.score.or")))
		}
		if w.Tiles > 0 {
			out += tr.must("order.score.when.tiles", w.Tiles)
		}
		if w.Has != "" {
			out += tr.must("order.score.when.has", tr.must("order.score.attribute."+string(w.Has)))
		}
	}
	return out
}

// figureWord words a figure: by the strings' [event.figure] when they
// have it, else by the figure's name in the data (a fan's figure).
func (b *builder) figureWord(id string) string {
	if w, ok := b.tr.strings["event.figure."+id]; ok {
		return w
	}
	if f := b.cat.Figure(id); f != nil {
		return b.name(f.Translations, f.Name)
	}
	return id
}

// symbolWord words a symbol by the strings' [event.symbol], else by its
// id, words apart.
func (tr *translator) symbolWord(s tilekit.Symbol) string {
	if w, ok := tr.strings["event.symbol."+string(s)]; ok {
		return w
	}
	return strings.ReplaceAll(string(s), "-", " ")
}
