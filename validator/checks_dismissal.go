package validator

import (
	"slices"
	"strconv"

	"github.com/tilekit/tilekit"
)

// DismissalCodes lists the codes of the checks on the steps' dismissals.
var DismissalCodes = []Code{
	{"dismissal-attribute", "A step's dismissal names an attribute that its feature kind cannot carry, such as a pennant on a road."},
	{"dismissal-word", "A step's dismissal gives its moves a word that the notation already uses: another step's word, a figure's id, or a first word of the event notation."},
	{"collection-attribute", "A step's collection names an attribute that its feature kind cannot carry, such as an inn in a city."},
	{"extra-turn-figure", "A step's extra turn names a figure that the engine does not play as a player's figure (a follower, or a figure that joins followers, with per-player and stands-on)."},
	{"second-deployment-figure", "A step's second deployment names a figure that is not a follower a player owns."},
	{"corner-figure-figure", "A step's corner figure names a figure that is not a player's figure standing at a corner (stands-at = corner) on the kind of its quarters."},
	{"relocation-figure", "A step's relocation names a figure that is not a follower a player owns, or lets it move into a kind of feature it may not stand on."},
	{"relocation-word", "A step's relocation gives its moves a word that the notation already uses: another step's word, a figure's id, or a first word of the event notation."},
	{"symbol-feature-figure", "A step's symbol feature names a figure that is not a follower a player owns standing on the feature's kind."},
	{"recall-figure", "A step's recall names a figure that is not a follower a player owns."},
	{"recall-word", "A step's recall gives its moves a word that the notation already uses: another step's word, a figure's id, or a first word of the event notation."},
	{"recall-action", "A step's recall names an action that no loaded file defines."},
	{"held-tile-tile", "A step's held tile names a tile that does not fit any hole (fits = \"any\") or that is in a pile (counts above 0)."},
}

// checkCollection checks a step's collection: its source and attributes
// its feature kind may carry.
func (l *loader) checkCollection(s *tilekit.Step) {
	c := s.Mechanics.Collection
	if c == nil {
		return
	}
	l.checkSource(c.Source, c.Origin.At("source"))
	for i, a := range c.Attributes {
		if c.Feature.Known() && !slices.Contains(c.Feature.Info().Attributes, a) {
			l.report(c.Origin.At("attributes", strconv.Itoa(i)), "collection-attribute", Error, "step %s hands out tokens for the %s of a %s, which a %s cannot carry", s.ID, a, c.Feature, c.Feature)
		}
	}
}

// checkSecondDeployment checks a step's second deployment: its source
// and a follower a player owns.
func (l *loader) checkSecondDeployment(cat *tilekit.Catalog, s *tilekit.Step) {
	d := s.Mechanics.SecondDeployment
	if d == nil {
		return
	}
	l.checkFigureMechanic(cat, d.Figure, d.Source, d.Origin, func(f *tilekit.Figure) bool { return f.PlayerFollower() && f.Play != nil },
		"second-deployment-figure", "step %s deploys a second %s, which is no follower a player owns", s.ID)
}

// checkCornerFigure checks a step's corner figure: its source, and a
// player's figure that stands at a corner on the kind of the quarters.
func (l *loader) checkCornerFigure(cat *tilekit.Catalog, s *tilekit.Step) {
	c := s.Mechanics.CornerFigure
	if c == nil {
		return
	}
	l.checkFigureMechanic(cat, c.Figure, c.Source, c.Origin, func(f *tilekit.Figure) bool {
		return f.Played() && f.Play.StandsAt == tilekit.StandsAtCorner && slices.Contains(f.Play.StandsOn, c.Quarters)
	}, "corner-figure-figure", "step %s puts a %s at a corner, which is no player's figure that stands at a corner (stands-at = \"corner\") on the kind of its quarters", s.ID)
}

// checkRelocation checks a step's relocation: its source, a follower a
// player owns that may stand on each kind it moves into, and a word of its
// own.
func (l *loader) checkRelocation(cat *tilekit.Catalog, s *tilekit.Step) {
	r := s.Mechanics.Relocation
	if r == nil {
		return
	}
	l.checkFigureMechanic(cat, r.Figure, r.Source, r.Origin, func(f *tilekit.Figure) bool { return f.PlayerFollower() && f.Play != nil },
		"relocation-figure", "step %s moves on a %s, which is no follower a player owns", s.ID)
	if f := cat.Figure(r.Figure); f != nil && f.PlayerFollower() && f.Play != nil {
		for i, k := range r.Into {
			if !slices.Contains(f.Play.StandsOn, k) {
				l.report(r.Origin.At("into", strconv.Itoa(i)), "relocation-figure", Error, "step %s moves a %s on into a %s, where a %s may not stand (its stands-on: %v)", s.ID, r.Figure, k, r.Figure, f.Play.StandsOn)
			}
		}
	}
	if why := l.wordTaken(cat, s, r.Word); why != "" {
		l.report(r.Origin.At("word"), "relocation-word", Error, "step %s writes its moves with the word %q, which %s: give it a word of its own", s.ID, r.Word, why)
	}
}

// checkSymbolFeature checks a step's symbol feature: its source, its
// symbol, and followers a player owns that stand on its kind.
func (l *loader) checkSymbolFeature(cat *tilekit.Catalog, s *tilekit.Step) {
	sf := s.Mechanics.SymbolFeature
	if sf == nil {
		return
	}
	l.checkSource(sf.Source, sf.Origin.At("source"))
	l.symbolRef(cat, sf.Symbol, sf.Origin.At("symbol"))
	l.figureRefs(cat, sf.Figures, sf.Origin.At("figures"), true)
	for i, id := range sf.Figures {
		if f := cat.Figure(id); f != nil && (!f.PlayerFollower() || f.Play == nil || !slices.Contains(f.Play.StandsOn, sf.Kind)) {
			l.report(sf.Origin.At("figures", strconv.Itoa(i)), "symbol-feature-figure", Error, "step %s lets a %s stand on the %s of the %s symbol, which is no follower a player owns that stands on a %s", s.ID, id, sf.ID, sf.Symbol, sf.Kind)
		}
	}
}

// checkRecall checks a step's recall: its source, a follower a player
// owns, a word of its own and a known action.
func (l *loader) checkRecall(cat *tilekit.Catalog, s *tilekit.Step) {
	r := s.Mechanics.Recall
	if r == nil {
		return
	}
	l.checkFigureMechanic(cat, r.Figure, r.Source, r.Origin, func(f *tilekit.Figure) bool { return f.PlayerFollower() && f.Play != nil },
		"recall-figure", "step %s takes a %s back, which is no follower a player owns", s.ID)
	if why := l.wordTaken(cat, s, r.Word); why != "" {
		l.report(r.Origin.At("word"), "recall-word", Error, "step %s writes its moves with the word %q, which %s: give it a word of its own", s.ID, r.Word, why)
	}
	if r.Action != "" && cat.Action(r.Action) == nil && !l.wasDropped("action", r.Action) {
		l.report(r.Origin.At("action"), "recall-action", Error, "no loaded file defines the action %q%s", r.Action, l.nearest(cat, "action", r.Action))
	}
}

// checkHeldTile checks a step's held tile: its source, and a known tile
// that fits any hole and is in no pile.
func (l *loader) checkHeldTile(cat *tilekit.Catalog, s *tilekit.Step) {
	h := s.Mechanics.HeldTile
	if h == nil {
		return
	}
	l.checkSource(h.Source, h.Origin.At("source"))
	t := cat.Tile(h.Tile)
	switch {
	case t == nil && !l.wasDropped("tile", h.Tile):
		l.report(h.Origin.At("tile"), "unknown-tile", Error, "no loaded file defines the tile %q%s", h.Tile, Suggest(h.Tile, tileIDs(cat)))
	case t == nil:
	case t.Fits != tilekit.FitsAny:
		l.report(h.Origin.At("tile"), "held-tile-tile", Error, "step %s deals %s, which does not fit any hole: give the tile fits = \"any\"", s.ID, h.Tile)
	default:
		for _, e := range tilekit.Editions {
			if t.Copies(e) > 0 {
				l.report(h.Origin.At("tile"), "held-tile-tile", Error, "step %s deals %s, which has %d copies in the %s pile: a held tile's counts are 0", s.ID, h.Tile, t.Copies(e), e)
				break
			}
		}
	}
}

// checkFigureMechanic checks a step's mechanic that names a player's
// figure: its source, the figure's id, and that the figure is one the
// mechanic can play (fits), else reports code with the message (given
// the step's id and the figure's).
func (l *loader) checkFigureMechanic(cat *tilekit.Catalog, figure string, src tilekit.Citation, at tilekit.Origin, fits func(*tilekit.Figure) bool, code, format, step string) {
	l.checkSource(src, at.At("source"))
	l.figureRefs(cat, []string{figure}, at.At("figure"), false)
	if f := cat.Figure(figure); f != nil && !fits(f) {
		l.report(at.At("figure"), code, Error, format, step, figure)
	}
}

// checkExtraTurn checks a step's extra turn: its source and a figure the
// engine plays as a player's.
func (l *loader) checkExtraTurn(cat *tilekit.Catalog, s *tilekit.Step) {
	e := s.Mechanics.ExtraTurn
	if e == nil {
		return
	}
	l.checkFigureMechanic(cat, e.Figure, e.Source, e.Origin, (*tilekit.Figure).Played,
		"extra-turn-figure", "step %s gives an extra turn by the %s, which is no figure a player deploys: name a follower or a figure that joins followers", s.ID)
}

// checkDismissal checks a step's dismissal: its source, its table, an
// attribute its feature kind may carry, and a word of its own.
func (l *loader) checkDismissal(cat *tilekit.Catalog, s *tilekit.Step) {
	d := s.Mechanics.Dismissal
	if d == nil {
		return
	}
	l.checkSource(d.Source, d.Origin.At("source"))
	l.tableRef(cat, d.Table, d.Origin.At("table"))
	if d.Feature.Known() && !slices.Contains(d.Feature.Info().Attributes, d.Attribute) {
		l.report(d.Origin.At("attribute"), "dismissal-attribute", Error, "step %s removes a follower from a %s whose feature carries the %s attribute, which a %s cannot carry", s.ID, d.Feature, d.Attribute, d.Feature)
	}
	if why := l.wordTaken(cat, s, d.Word); why != "" {
		l.report(d.Origin.At("word"), "dismissal-word", Error, "step %s writes its moves with the word %q, which %s: give it a word of its own", s.ID, d.Word, why)
	}
}

// wordTaken says what already uses a step's word in the notation, or ""
// when nothing does.
func (l *loader) wordTaken(cat *tilekit.Catalog, s *tilekit.Step, w tilekit.MoveWord) string {
	switch {
	case cat.Figure(string(w)) != nil:
		return "is the id of a figure"
	case tilekit.IsEventWord(string(w)):
		return "is a word of the event notation"
	}
	for i := range cat.Steps {
		o := &cat.Steps[i]
		if o.ID != s.ID && slices.Contains(o.Mechanics.Words(), w) {
			return "the moves of step " + o.ID + " use"
		}
	}
	return ""
}
