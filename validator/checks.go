package validator

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// Code documents one kind of diagnostic.
type Code struct {
	// ID is the stable code printed in brackets after each message.
	ID string
	// Doc says in a sentence what the code means.
	Doc string
}

// Codes lists every diagnostic code the validator reports, beside the
// schema codes: a schema problem has the code "schema-" followed by the JSON
// Schema keyword that failed, such as schema-required or schema-enum.
var Codes = append(append(append(append(append(append(append(append(append(append(append([]Code{}, TileCodes...), RuleCodes...), FigureCodes...), MechanicsCodes...), DeploymentCodes...), CrossingCodes...), DismissalCodes...), ScoringCodes...), ScenarioCodes...), KindCodes...), TextCodes...)

// TileCodes lists the codes of the file-level and tile checks.
var TileCodes = []Code{
	{"file-skipped", "A warning: a file that looks like data was not read (not a regular file, a broken link, a linked folder, a hidden file, a name ending in .TOML or .tml, a data file outside tiles/, expansions/ and interactions/, a Markdown file below expansions/text/ that is not a rules text); the message says why."},
	{"file-unreadable", "A data file could not be read."},
	{"file-empty", "A warning: a data file is empty or holds only white space (an editor still writing it, or a file cut short)."},
	{"file-too-large", "A data file is larger than 50 MiB, or all data files together are larger than 100 MiB."},
	{"no-data-files", "A data folder has no data file that could be read."},
	{"too-many-values", "A data file has more than 400,000 values before an [[entry]] header (it is parsed in pieces cut before such headers)."},
	{"nesting-too-deep", "A data file nests tables, keys or arrays more than 32 levels deep."},
	{"more-problems", "More diagnostics of one code than tilekit lists (100); this one counts the rest."},
	{"wrong-folder", "A file holds entries of another sub-folder, such as [[tile]] entries in a file below expansions/; the message says where they go."},
	{"toml-syntax", "The file is not valid TOML."},
	{"toml-nonfinite", "A number is nan or inf, which no data value may be."},
	{"toml-1.1", "A warning: TOML 1.1 syntax (a multi-line inline table, a trailing comma in one, the \\e or \\xHH escape, a time without seconds) that Taplo and other TOML 1.0 tools reject."},
	{"duplicate-id", "Two expansions, two boxes, two tiles or two entries of another kind share an id, or two rules texts are of one expansion in one language; the message names the other place."},
	{"unknown-expansion", "A tile's id starts with an expansion that no loaded file defines, an entry or a box names an expansion or part that none defines, or a rules text's file name names an expansion or part that none does."},
	{"tile-in-builtin-expansion", "A warning: a tile of your folder has an id in a built-in expansion (base/Z), so that expansion's games and pages include it."},
	{"edition-not-in-expansion", "A tile has copies, a step variant applies, or a box holds an expansion, in an edition the expansion was not published in."},
	{"start-without-copies", "A tile is the start tile of an edition in which it has no copies."},
	{"multiple-start-tiles", "More than one tile is the start tile of the same edition."},
	{"duplicate-feature-id", "Two features of one tile share a local id."},
	{"unknown-city", "A feature names a city id (in cities, inside or under) that its tile does not have."},
	{"not-a-city", "A feature names, as a city, a feature that is not a city."},
	{"key-not-for-kind", "A feature has a key its kind cannot have: cities on a non-field, inside on a non-cloister, under on a non-road."},
	{"drawbridge-without-road", "A drawbridge not on a road: drawbridges on a feature that is not a road, or the drawbridge symbol on a tile without such a road."},
	{"drawbridge-without-city", "A road's drawbridge names no city of its tile."},
	{"unknown-symbol", "A tile, or a step's trigger, names a symbol that is neither built in nor declared by a loaded [[symbol]] entry."},
	{"builtin-symbol-declared", "A [[symbol]] entry declares a symbol tilekit already has built in."},
	{"princess-without-city", "The princess symbol on a tile none of whose cities has the princess attribute."},
	{"provisional-without-note", "A provisional tile whose note does not say what is unchecked."},
	{"attribute-not-allowed", "A feature carries an attribute its kind cannot have, such as a pennant on a road."},
	{"position-not-side", "A city or road lists a half; cities cover whole sides and roads meet a side at its middle."},
	{"position-not-half", "A field lists a whole side; fields touch side-halves only."},
	{"feature-without-sides", "A city, or a road that joins no drawbridges, lists no side, so it would touch nothing."},
	{"position-on-inner-feature", "A feature that stays inside the tile, such as a cloister, lists sides."},
	{"edge-uncovered", "A side-half or side-middle belongs to no feature."},
	{"fits-any-sides", "A tile that fits any neighbour (fits = \"any\") has a feature that touches a side."},
	{"edge-overlap", "A side-half or side-middle belongs to more than one feature."},
	{"side-split", "A side with no city or road has its two halves in different fields."},
	{"city-not-adjacent", "A field names a city it shares no corner with."},
	{"city-not-listed", "A field shares a corner with a city it does not name (a warning: farm scoring would miss it)."},
}

// check runs the consistency checks over everything loaded.
func (l *loader) check(cat *tilekit.Catalog) {
	l.checkUniqueIDs()
	l.checkStartTiles()
	l.checkTiles(cat)
	l.checkRules(cat)
	l.checkScenarios(cat)
	l.checkTexts(cat)
}

// checkTiles checks each tile on its own, in batches on every core; each
// batch reports to its own sink, and the sinks are merged in tile order.
func (l *loader) checkTiles(cat *tilekit.Catalog) {
	l.droppedIndex() // built before the batches read it
	tiles := l.data.Tiles
	const batch = 512
	sinks := make([]diagSink, (len(tiles)+batch-1)/batch)
	parallel(len(sinks), func(b int) {
		sub := &loader{files: l.files, droppedSet: l.droppedSet}
		for i := b * batch; i < min((b+1)*batch, len(tiles)); i++ {
			t := &tiles[i]
			sub.checkTileExpansion(cat, t)
			sub.checkFeatures(t)
			sub.checkSymbols(cat, t)
			sub.checkSidesListed(t)
			sub.checkGeometry(t)
			for j := range t.Rules {
				sub.checkSource(t.Rules[j].Source, t.Rules[j].Origin.At("source"))
			}
		}
		sinks[b] = sub.sink
	})
	for i := range sinks {
		l.sink.merge(&sinks[i])
	}
}

func (l *loader) checkUniqueIDs() {
	seen := map[string]tilekit.Origin{}
	for _, x := range l.data.Expansions {
		l.unique(seen, "expansion "+x.ID, x.Origin.At("id"))
	}
	for _, t := range l.data.Tiles {
		l.unique(seen, "tile "+t.ID, t.Origin.At("id"))
	}
}

func (l *loader) unique(seen map[string]tilekit.Origin, what string, at tilekit.Origin) {
	if first, dup := seen[what]; dup {
		l.report(at, "duplicate-id", Error, "%s is defined twice; first at %s", what, l.locate(first))
		return
	}
	seen[what] = at
}

func (l *loader) checkStartTiles() {
	first := map[tilekit.Edition]*tilekit.Tile{}
	for i := range l.data.Tiles {
		t := &l.data.Tiles[i]
		for j, e := range t.Start {
			at := t.Origin.At("start", strconv.Itoa(j))
			if t.Counts[e] == 0 {
				// One fault: it does not also compete with the real start tile.
				l.report(at, "start-without-copies", Error, "tile %s is the %s start tile but has no %s copies", t.ID, e, e)
				continue
			}
			if other := first[e]; other != nil {
				l.report(at, "multiple-start-tiles", Error, "edition %s has more than one start tile: %s and %s (at %s)", e, other.ID, t.ID, l.locate(other.Origin.At("id")))
				continue
			}
			first[e] = t
		}
	}
}

func (l *loader) checkTileExpansion(cat *tilekit.Catalog, t *tilekit.Tile) {
	x := cat.Expansion(t.Expansion())
	if x == nil {
		if l.wasDroppedExpansion(t.Expansion()) {
			return
		}
		l.report(t.Origin.At("id"), "unknown-expansion", Error, "tile %s belongs to expansion %q, which no loaded file defines%s", t.ID, t.Expansion(), l.nearest(cat, "expansion", t.Expansion()))
		return
	}
	l.checkBuiltinNamespace(cat, t, x)
	for _, e := range tilekit.Editions {
		if _, has := t.Counts[e]; has && !x.HasEdition(e) {
			l.report(t.Origin.At("counts", string(e)), "edition-not-in-expansion", Error,
				"tile %s has %s copies, but %s was not published in %s", t.ID, e, x.ID, e)
		}
	}
}

func (l *loader) checkFeatures(t *tilekit.Tile) {
	byID := map[string]*tilekit.Feature{}
	for i := range t.Features {
		f := &t.Features[i]
		if f.ID == "" {
			continue
		}
		if _, dup := byID[f.ID]; dup {
			l.report(f.Origin.At("id"), "duplicate-feature-id", Error, "tile %s has two features with id %q", t.ID, f.ID)
			continue
		}
		byID[f.ID] = f
	}
	for i := range t.Features {
		f := &t.Features[i]
		info := f.Kind.Info()
		for j, a := range f.Attributes {
			if !slices.Contains(info.Attributes, a) {
				l.report(f.Origin.At("attributes", strconv.Itoa(j)), "attribute-not-allowed", Error, "a %s cannot carry the %s attribute", f.Kind, a)
			}
		}
		l.checkCityRefs(t, f, byID)
	}
	if t.Provisional && strings.TrimSpace(t.Note) == "" {
		l.report(t.Origin.At("provisional"), "provisional-without-note", Error,
			"tile %s is provisional; say in its note what is not checked against the printed tile", t.ID)
	}
}

// cityRef is a key by which a feature names cities of its tile, with the
// codes of its problems.
type cityRef struct {
	key  string
	kind tilekit.FeatureKind
	ids  func(*tilekit.Feature) []string
	// list is true for an array key, whose elements are located one by one.
	list bool
	// wrongKind, unknown and notCity are the codes for a feature of another
	// kind with the key, an id the tile lacks, and a feature not a city.
	wrongKind, unknown, notCity string
}

var cityRefs = []cityRef{
	{"cities", tilekit.Field, func(f *tilekit.Feature) []string { return f.Cities }, true, "key-not-for-kind", "unknown-city", "not-a-city"},
	{"apart", tilekit.Field, func(f *tilekit.Feature) []string { return f.Apart }, true, "key-not-for-kind", "unknown-city", "not-a-city"},
	{"inside", tilekit.Cloister, func(f *tilekit.Feature) []string { return nonEmpty(f.Inside) }, false, "key-not-for-kind", "unknown-city", "not-a-city"},
	{"under", tilekit.Road, func(f *tilekit.Feature) []string { return nonEmpty(f.Under) }, false, "key-not-for-kind", "unknown-city", "not-a-city"},
	{"drawbridges", tilekit.Road, func(f *tilekit.Feature) []string { return f.Drawbridges }, true, "drawbridge-without-road", "drawbridge-without-city", "drawbridge-without-city"},
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// checkCityRefs checks the keys by which a feature names cities: only the
// right kind of feature may have each, and each must name a city of the
// tile (for a field, one it shares a corner with).
func (l *loader) checkCityRefs(t *tilekit.Tile, f *tilekit.Feature, byID map[string]*tilekit.Feature) {
	for _, ref := range cityRefs {
		ids := ref.ids(f)
		if len(ids) == 0 {
			continue
		}
		if f.Kind != ref.kind {
			l.report(f.Origin.At(ref.key), ref.wrongKind, Error, "only a %s has %s, not a %s", ref.kind, ref.key, f.Kind)
			continue
		}
		for j, id := range ids {
			at := f.Origin.At(ref.key)
			if ref.list {
				at = at.At(strconv.Itoa(j))
			}
			city := byID[id]
			switch {
			case city == nil:
				l.report(at, ref.unknown, Error, "tile %s has no feature with id %q%s", t.ID, id, Suggest(id, slices.Collect(maps.Keys(byID))))
			case city.Kind != tilekit.City:
				l.report(at, ref.notCity, Error, "feature %q is a %s, not a city", id, city.Kind)
			case (ref.key == "cities" || ref.key == "apart") && len(f.Sides) > 0 && !sharesCorner(f, city):
				l.report(at, "city-not-adjacent", Error, "this field shares no corner with city %q", id)
			}
		}
	}
}

// checkSymbols rejects a symbol that is neither built in nor declared, and
// a symbol that a feature carries when the tile lists it without such a
// feature.
func (l *loader) checkSymbols(cat *tilekit.Catalog, t *tilekit.Tile) {
	for j, s := range t.Symbols {
		at := t.Origin.At("symbols", strconv.Itoa(j))
		l.symbolRef(cat, s, at)
		switch s {
		case tilekit.SymbolPrincess:
			if !hasFeature(t, func(f *tilekit.Feature) bool { return f.Kind == tilekit.City && f.Has(tilekit.PrincessAttr) }) {
				l.report(at, "princess-without-city", Error, "the princess stands in a city: give that city the princess attribute instead of listing the symbol")
			}
		case tilekit.SymbolDrawbridge:
			if !hasFeature(t, func(f *tilekit.Feature) bool { return f.Kind == tilekit.Road && len(f.Drawbridges) > 0 }) {
				l.report(at, "drawbridge-without-road", Error, "a drawbridge joins a road to a city gate: list the city in the road's drawbridges instead of listing the symbol")
			}
		}
	}
}

func hasFeature(t *tilekit.Tile, pred func(*tilekit.Feature) bool) bool {
	for i := range t.Features {
		if pred(&t.Features[i]) {
			return true
		}
	}
	return false
}

// corners returns the corners a feature touches.
func corners(f *tilekit.Feature) map[tilekit.Corner]bool {
	out := map[tilekit.Corner]bool{}
	for _, p := range f.Sides {
		if p.IsHalf {
			out[p.Half.Corner()] = true
		} else if f.Kind.Info().Touch == tilekit.TouchSides {
			for _, c := range p.Side.Corners() {
				out[c] = true
			}
		}
	}
	return out
}

func sharesCorner(a, b *tilekit.Feature) bool {
	cb := corners(b)
	for c := range corners(a) {
		if cb[c] {
			return true
		}
	}
	return false
}

// edgeSlot is one of the twelve border positions: 0-3 the middles of N, E,
// S, W; 4-11 the halves NL to WR.
type edgeSlot int

func middleSlot(s tilekit.Side) edgeSlot { return edgeSlot(s) }
func halfSlot(h tilekit.Half) edgeSlot   { return edgeSlot(4 + int(h)) }

func (s edgeSlot) String() string {
	if s < 4 {
		return "the middle of " + tilekit.Side(s).String()
	}
	return "half " + tilekit.Half(s-4).String()
}

// checkGeometry checks that each feature touches only what its kind may,
// and that every side-half and side-middle belongs to exactly one feature.
func (l *loader) checkGeometry(t *tilekit.Tile) {
	var owners [12][]int
	for i := range t.Features {
		f := &t.Features[i]
		touch := f.Kind.Info().Touch
		for j, p := range f.Sides {
			at := f.Origin.At("sides", strconv.Itoa(j))
			switch {
			case t.Fits == tilekit.FitsAny:
				l.report(at, "fits-any-sides", Error, "tile %s fits any neighbour (fits = \"any\"), so no feature of it may touch a side, as this %s does at %s", t.ID, f.Kind, p)
			case touch == tilekit.TouchNone:
				l.report(at, "position-on-inner-feature", Error, "a %s stays inside the tile and lists no sides", f.Kind)
			case touch == tilekit.TouchHalves && !p.IsHalf:
				l.report(at, "position-not-half", Error, "a %s touches side-halves only; write %sL and %sR instead of %s", f.Kind, p.Side, p.Side, p.Side)
			case touch != tilekit.TouchHalves && p.IsHalf:
				l.report(at, "position-not-side", Error, "a %s %s; write %s instead of %s", f.Kind, touchPhrase(touch), p.Side, p)
			case p.IsHalf:
				owners[halfSlot(p.Half)] = append(owners[halfSlot(p.Half)], i)
			case touch == tilekit.TouchSides:
				owners[middleSlot(p.Side)] = append(owners[middleSlot(p.Side)], i)
				for _, h := range p.Side.Halves() {
					owners[halfSlot(h)] = append(owners[halfSlot(h)], i)
				}
			default:
				owners[middleSlot(p.Side)] = append(owners[middleSlot(p.Side)], i)
			}
		}
	}
	at := t.Origin.At("feature")
	for slot, who := range owners {
		s := edgeSlot(slot)
		switch {
		case len(who) > 1:
			l.report(t.Features[who[1]].Origin.At("sides"), "edge-overlap", Error,
				"%s belongs to more than one feature (%s)", s, describe(t, who))
		case len(who) == 0 && s >= 4 && t.Fits != tilekit.FitsAny:
			l.report(at, "edge-uncovered", Error, "tile %s: %s belongs to no feature", t.ID, s)
		}
	}
	// A side whose middle holds no city or road is field all along: both
	// its halves must be the same field.
	for _, side := range tilekit.Sides {
		if len(owners[middleSlot(side)]) > 0 {
			continue
		}
		h := side.Halves()
		a, b := owners[halfSlot(h[0])], owners[halfSlot(h[1])]
		if len(a) == 1 && len(b) == 1 && a[0] != b[0] {
			l.report(t.Features[b[0]].Origin.At("sides"), "side-split", Error,
				"side %s has no road or city, so %s and %s must be the same field", side, h[0], h[1])
		}
	}
	l.checkFieldCities(t)
}

func touchPhrase(t tilekit.Touch) string {
	if t == tilekit.TouchSides {
		return "covers whole sides"
	}
	return "meets a side at its middle"
}

func describe(t *tilekit.Tile, who []int) string {
	var names []string
	for _, i := range who {
		f := t.Features[i]
		name := fmt.Sprintf("%s feature[%d]", f.Kind, i)
		if f.ID != "" {
			name = fmt.Sprintf("%s %q", f.Kind, f.ID)
		}
		names = append(names, name)
	}
	return strings.Join(names, ", ")
}

// checkFieldCities warns about a field that touches a city at a corner but
// does not name it.
func (l *loader) checkFieldCities(t *tilekit.Tile) {
	for i := range t.Features {
		f := &t.Features[i]
		if f.Kind != tilekit.Field || len(f.Sides) == 0 {
			continue
		}
		listed := map[string]bool{}
		for _, id := range append(slices.Clone(f.Cities), f.Apart...) {
			listed[id] = true
		}
		for j := range t.Features {
			c := &t.Features[j]
			if c.Kind != tilekit.City || listed[c.ID] || !sharesCorner(f, c) {
				continue
			}
			if c.ID == "" {
				l.report(f.Origin.At("sides"), "city-not-listed", Warning,
					"this field shares a corner with city feature[%d], which needs an id so that the field can list it in cities", j)
				continue
			}
			l.report(f.Origin.At("sides"), "city-not-listed", Warning,
				"this field shares a corner with city %q but does not list it in cities", c.ID)
		}
	}
}
