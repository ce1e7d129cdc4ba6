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
// scoring: its crossing.
func (b *builder) doesViews(m *tilekit.Mechanics) []scoreView {
	var out []scoreView
	if c := m.Crossing; c != nil {
		out = append(out, scoreView{Text: crossingWords(b.tr, c), Source: b.citationOf(c.Source)})
	}
	return out
}

// crossingWords words a crossing: the kinds it crosses from and into,
// the link, the table and the word of its moves, each as the data gives
// it.
func crossingWords(tr *translator, c *tilekit.Crossing) string {
	return tr.fill("order.crossing", func(name string) (string, bool) {
		switch name {
		case "from":
			return string(c.From), true
		case "into":
			return string(c.Into), true
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
		return f.Name
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
