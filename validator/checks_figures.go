package validator

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// FigureCodes lists the codes of the checks on how followers are played
// (the per-player, weight, stands-on and source keys of a figure).
var FigureCodes = []Code{
	{"follower-without-play", "A follower a player owns does not say how it is played: its per-player count, weight, stands-on or source is missing."},
	{"play-not-for-figure", "A figure that is not a follower a player owns says how a follower is played (per-player, weight, stands-on or source)."},
	{"unknown-strength", "A follower's weight names a rule the engine does not know (a weight is a number or pennants)."},
	{"strength-not-for-feature", "A follower stands on a kind of feature its weight rule cannot weigh on (pennants are a city's)."},
	{"joining-weight", "A figure that joins its owner's followers (joins) gives itself a weight: it weighs nothing, so leave weight out."},
}

// checkFigures checks how each follower a player owns is played, and
// that no other figure says so.
func (l *loader) checkFigures(figures []tilekit.Figure) {
	for i := range figures {
		f := &figures[i]
		p := f.Play
		switch {
		case !f.PlayerFollower() && p != nil && !f.Played():
			l.report(f.Origin.At("category"), "play-not-for-figure", Error,
				"figure %s is a %s owned by %s, not a follower a player owns: per-player, weight, stands-on and source are for those only", f.ID, f.Category, f.Owner)
		case f.PlayerFollower() || f.Played():
			l.checkFollowerPlay(f)
		}
	}
}

// checkFollowerPlay checks how a follower a player owns is played: every
// key given, its places ones its weight rule can weigh on, its source.
func (l *loader) checkFollowerPlay(f *tilekit.Figure) {
	p := f.Play
	if p == nil {
		p = &tilekit.FollowerPlay{}
	}
	var missing []string
	for _, m := range []struct {
		key  string
		gone bool
	}{{"per-player", p.PerPlayer == 0}, {"weight", p.Weight == 0 && p.Strength == "" && p.Joins == ""}, {"stands-on", len(p.StandsOn) == 0}, {"source", p.Source.Kind == ""}} {
		if m.gone {
			missing = append(missing, m.key)
		}
	}
	if len(missing) > 0 {
		l.report(f.Origin.At("id"), "follower-without-play", Error,
			"follower %s is a player's, so it says how it is played: add %s", f.ID, strings.Join(missing, ", "))
	}
	switch {
	case p.Joins != "" && (p.Weight != 0 || p.Strength != ""):
		l.report(f.Origin.At("weight"), "joining-weight", Error,
			"figure %s joins its owner's followers (joins = %q), so it weighs nothing: leave weight out", f.ID, p.Joins)
	case p.Strength != "" && !slices.Contains(tilekit.Strengths, p.Strength):
		l.report(f.Origin.At("weight"), "unknown-strength", Error,
			"follower %s weighs by %q, which is no rule: give a number or one of %s", f.ID, p.Strength, kindList(tilekit.Strengths))
	case p.Strength != "":
		for j, k := range p.StandsOn {
			if !slices.Contains(p.Strength.Features(), k) {
				l.report(f.Origin.At("stands-on", strconv.Itoa(j)), "strength-not-for-feature", Error,
					"follower %s weighs by %s, which a %s does not have: it stands only on %s", f.ID, p.Strength, k, kindList(p.Strength.Features()))
			}
		}
	}
	if p.Source.Kind != "" {
		l.checkSource(p.Source, f.Origin.At("source"))
	}
}
