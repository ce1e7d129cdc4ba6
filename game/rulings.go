package game

import (
	"fmt"
	"slices"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// place is a place a table of protection or of destinations answers for.
type place uint8

// The places of the base game; the data's locations that mean something
// to the engine (tilekit.Location's DeployedBy and TileOf) follow them.
const (
	placeField place = iota
	placeCompleted
	placeOccupied
	numBasePlaces
)

// numPlaces is the most places a ruleset's tables answer for.
const numPlaces = 8

// basePlaceIDs are the base game's places' location ids in the rules data
// (expansions/places.toml).
var basePlaceIDs = [numBasePlaces]string{"field", "completed-feature", "occupied-feature"}

// tilePlace is a place on the tile a neutral figure stands on.
type tilePlace struct {
	place  place
	figure Figure
}

// verdict is a table's verdict for one subject, compiled: whether the
// answer is yes, and why, for the events it decides.
type verdict struct {
	yes bool
	// conditional says that the ruling's verdict is conditional (the
	// engine plays the condition where it knows it).
	conditional bool
	// reason is what decided: the ruling, or the engine's default.
	reason Reason
	// ruling is the table's answer that decided, for a reader of the
	// events and refusals it decides (Event.Ruling, RulingError); nil
	// when no answer covers the subject.
	ruling *rules.Ruling
}

// figureRulings are the verdicts of the tables the turn's steps read, per
// figure and place: compiled once per game from rules.Rulings, so that no
// hot loop reads a table.
type figureRulings struct {
	// places are the location ids the tables of places answer for: the
	// base game's, then each location of the data that means something to
	// the engine; deployedBy is the place of a follower the turn's
	// deployment brought (-1 for none), and tileOf the places on a
	// neutral figure's tile.
	places     []string
	deployedBy int
	tileOf     []tilePlace
	// deployThrough has bit k set when the deployment's figures table
	// lets kind k of the ruleset's followers be deployed so, deployVia is
	// that table's verdict by kind, and deployTo its destinations table's
	// verdict by place.
	deployThrough uint32
	deployVia     []verdict
	deployTo      [numPlaces]verdict
	// crosses is the crossing's table's verdict by kind of follower, and
	// crossKinds has bit k set for each kind k it lets cross.
	crosses    [MaxKinds]verdict
	crossKinds uint32
}

// compilePlaces lists the places the ruleset's tables answer for: the
// base game's, then each location of the data that names the step of the
// turn's deployment (DeployedBy) or one of the ruleset's neutral figures
// (TileOf), in the catalog's order.
func (r *Ruleset) compilePlaces(cat *tilekit.Catalog) error {
	fr := &r.figures
	fr.places, fr.deployedBy, fr.tileOf = basePlaceIDs[:], -1, nil
	for i := range cat.Locations {
		l := &cat.Locations[i]
		p := place(len(fr.places))
		f, isFigure := lookupFigure(l.TileOf)
		switch {
		case l.DeployedBy != "" && r.deployStep != nil && l.DeployedBy == r.deployStep.ID:
			fr.deployedBy = int(p)
		case l.TileOf != "" && isFigure && slices.Contains(r.neutrals, f):
			fr.tileOf = append(fr.tileOf, tilePlace{place: p, figure: f})
		default:
			continue
		}
		if len(fr.places) == numPlaces {
			return fmt.Errorf("location %s: the engine reads at most %d places", l.ID, numPlaces)
		}
		fr.places = append(fr.places[:len(fr.places):len(fr.places)], l.ID)
	}
	return nil
}

// tileOfFigure returns the id of the neutral figure on whose tile a place
// lies.
func (fr *figureRulings) tileOfFigure(p int) string {
	for _, t := range fr.tileOf {
		if int(t.place) == p {
			return t.figure.ID()
		}
	}
	return ""
}

// Default verdicts: a subject the tables leave open or do not answer is
// not eaten, not protected and not allowed. An event decided so says it
// (Reason.Default).

// rulingReader reads the verdicts of a table for subject ids into dst:
// nothing for no table, the default for a table of a part not selected.
type rulingReader func(table string, dst []verdict, ids []string) error

// kinds reads a table's verdicts for each kind of follower of a ruleset
// into dst, by kind, and returns the kinds it says yes for, bit k for
// kind k.
func (read rulingReader) kinds(r *Ruleset, table string, dst *[MaxKinds]verdict) (uint32, error) {
	if err := read(table, dst[:len(r.kinds)], r.kindIDs()); err != nil {
		return 0, err
	}
	var yes uint32
	for k := range r.kinds {
		if dst[k].yes {
			yes |= 1 << k
		}
	}
	return yes, nil
}

// newRulingReader returns the reader of the tables of a selection under
// the setup of a Ruleset.
func newRulingReader(cat *tilekit.Catalog, sel rules.Selection, r *Ruleset) rulingReader {
	opt := rules.QueryOptions{Selection: sel, Publisher: r.publisher, Edition: r.edition}
	return func(table string, dst []verdict, ids []string) error {
		if table == "" {
			return nil
		}
		t := cat.Table(table)
		if t == nil {
			return fmt.Errorf("the table %s that a step names is not in the data", table)
		}
		if !sel.Has(t.Expansion) {
			return nil // a table of a part not selected: its verdicts stay the default, no
		}
		rs, err := rules.Rulings(cat, table, opt)
		if err != nil {
			return err
		}
		for i, id := range ids {
			dst[i] = verdictOf(table, rs, id)
			if a := dst[i].ruling; a != nil && !slices.Contains(r.answers, a) {
				r.answers = append(r.answers, a)
			}
		}
		return nil
	}
}

// verdictOf compiles the ruling of a subject id; an open verdict or no
// ruling is the engine's default, no, and a conditional verdict counts as
// yes (the engine plays the condition where it knows it, as a
// companion's tile).
func verdictOf(table string, rs []rules.Ruling, id string) verdict {
	for i := range rs {
		r := &rs[i]
		if r.Subject.ID != id {
			continue
		}
		reason := Reason{Table: r.Table.ID, Thumb: r.Row == nil, Source: r.Source.Kind, Date: r.Source.Date}
		switch r.Verdict {
		case tilekit.Yes, tilekit.Conditional:
			return verdict{yes: true, conditional: r.Verdict == tilekit.Conditional, reason: reason, ruling: r}
		case tilekit.Open:
			reason.Default = true
		}
		return verdict{reason: reason, ruling: r}
	}
	return verdict{reason: Reason{Table: table, Default: true}}
}

// RulingError is a move refused by the verdict of a table: Ruling is the
// table's answer that refused it, as values (nil when no answer covers
// the subject and the engine's default, no, refused it), and Err says why
// for a reader of English, as the engine's other refusals do.
type RulingError struct {
	Ruling *rules.Ruling
	Err    error
}

// Error returns the refusal in English.
func (e *RulingError) Error() string { return e.Err.Error() }

// Unwrap returns the refusal in English.
func (e *RulingError) Unwrap() error { return e.Err }

// refusedBy returns a refusal that a verdict decided, with its ruling.
func refusedBy(v verdict, err error) error { return &RulingError{Ruling: v.ruling, Err: err} }

// noteRuling notes the ruling of a verdict that decided a move without an
// event of its own (Game.ruled), while a scenario run reads them.
func (g *Game) noteRuling(v verdict) {
	if g.ruled != nil && v.ruling != nil {
		g.ruled = append(g.ruled, v.ruling)
	}
}
