package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// figure is the engine's own name for Figure.
type figure = Figure

// place is a place a table of protection or of destinations answers for.
type place uint8

// The places.
const (
	placeField place = iota
	placeCompleted
	placeOccupied
	placePortal
	placeFairyTile
	numPlaces
)

// placeIDs are the places' location ids in the rules data
// (expansions/places.toml).
var placeIDs = [numPlaces]string{"field", "completed-feature", "occupied-feature", "magic-portal", "fairy-tile"}

// verdict is a table's verdict for one subject, compiled: whether the
// answer is yes, and why, for the events it decides.
type verdict struct {
	yes bool
	// conditional says that the ruling's verdict is conditional (the
	// engine plays the condition where it knows it).
	conditional bool
	// reason is what decided: the ruling, or the engine's default.
	reason Reason
}

// figureRulings are the verdicts of the tables the turn's steps read, per
// figure and place: compiled once per game from rules.Rulings, so that no
// hot loop reads a table.
type figureRulings struct {
	// companion is fairy-companions for the meeple: yes lets the fairy go
	// next to one follower (Hans im Glück); a conditional verdict puts it
	// on the follower's tile instead (Rio Grande, Z-Man).
	companion       verdict
	companionOnTile bool
	// portalThrough has bit k set when portal-figures lets kind k of the
	// ruleset's followers go through.
	portalThrough uint32
	portalTo      [numPlaces]verdict
	volcanoDeploy []verdict
	crossesBridge verdict
}

// Default verdicts: a subject the tables leave open or do not answer is
// not eaten, not protected and not allowed. An event decided so says it
// (Reason.Default).

// rulingReader reads the verdicts of a table for subject ids into dst:
// nothing for no table, the default for a table of a part not selected.
type rulingReader func(table string, dst []verdict, ids []string) error

// meeple reads a table's verdict for the players' meeple.
func (read rulingReader) meeple(table string) (verdict, error) {
	var v [1]verdict
	err := read(table, v[:], figureIDs()[:1])
	return v[0], err
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
		}
		return nil
	}
}

// verdictOf compiles the ruling of a subject id; an open verdict or no
// ruling is the engine's default, no, and a conditional verdict counts as
// yes (the engine plays the condition where it knows it, as the fairy's
// tile).
func verdictOf(table string, rs []rules.Ruling, id string) verdict {
	for _, r := range rs {
		if r.Subject.ID != id {
			continue
		}
		reason := Reason{Table: r.Table.ID, Thumb: r.Row == nil, Source: r.Source.Kind, Date: r.Source.Date}
		switch r.Verdict {
		case tilekit.Yes, tilekit.Conditional:
			return verdict{yes: true, conditional: r.Verdict == tilekit.Conditional, reason: reason}
		case tilekit.Open:
			reason.Default = true
		}
		return verdict{reason: reason}
	}
	return verdict{reason: Reason{Table: table, Default: true}}
}
