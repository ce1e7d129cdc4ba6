package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The two-bit codes of the edge kinds in a packed edge byte.
const (
	codeField uint8 = iota
	codeRoad
	codeCity
)

// sideMask is the two bits of a side in a packed edge byte.
const sideMask uint8 = 3

// edgeCodes maps an edge kind to its two-bit code.
var edgeCodes = map[tilekit.EdgeKind]uint8{
	tilekit.EdgeField: codeField,
	tilekit.EdgeRoad:  codeRoad,
	tilekit.EdgeCity:  codeCity,
}

// codeKinds maps a two-bit code back to its edge kind.
var codeKinds = [4]tilekit.EdgeKind{codeField: tilekit.EdgeField, codeRoad: tilekit.EdgeRoad, codeCity: tilekit.EdgeCity}

// maxTypes is the number of tile types a Ruleset can hold, since a
// board cell keeps a tile type in 16 bits.
const maxTypes = 1<<16 - 2

// Ruleset is the compiled form of the tiles of a selection in one edition.
// Tile types are numbered from 0 in catalog order (by id); rotations are
// clockwise quarter turns, 0 to 3. A Ruleset value is never changed once
// compiled, so boards and goroutines may share it.
type Ruleset struct {
	edition tilekit.Edition
	// opts are the rule options of the setup.
	opts Options
	ids  []string
	// tiles holds, at type, the catalog's tile, whose features the type's
	// features are in order: feature names are read and written from it.
	tiles []*tilekit.Tile
	byID  map[string]int
	// edges holds, at 4*type+rotation, the packed edges of the type at that
	// rotation: the code of side s in bits 2s and 2s+1.
	edges []uint8
	// distinct holds, at 4*type+rotation, the packed edges as edges does
	// for the first rotation of each set that lays the same tile, and
	// noFit for the others (see Distinct).
	distinct []uint8
	// distinct4 holds, at type, the type's four bytes of distinct, that
	// of rotation r in byte r, for Board.CountDistinct.
	distinct4 []uint32
	// fitTable holds, at type*fitClasses+class, the number of distinct
	// placements of the type at an open cell of that class (see
	// Ruleset.fitCounts).
	fitTable []uint8
	counts   []int
	start    int
	total    int
	// featStart holds, at type, the index in featKind, featPennants,
	// featAttrs and featEdges of the type's first feature, and at NumTypes their length.
	featStart []int32
	// featKind, featPennants, featAttrs and featEdges hold each
	// feature's kind, its pennants, its attributes (a bit each,
	// attributeBit) and the number of slots it touches (its open edges
	// when it lies alone).
	featKind []Kind
	// anyFit says, by tile type, that the type fits any hole, whatever its
	// neighbours show, and closes the features it meets (tilekit.FitsAny).
	anyFit []bool
	// featOnly holds each feature's kinds of follower that may stand on
	// it beyond its kind's (bit k for kind k): all but on a feature a
	// symbol makes (tilekit.SymbolFeature).
	featOnly     []uint32
	featPennants []uint8
	featAttrs    []uint16
	featEdges    []uint8
	// slots holds, at (4*type+rotation)*numSlots+slot, the index of the
	// feature of the type at that rotation that touches the slot, or -1.
	slots []int8
	// cityStart holds, at each feature's index (as in featKind), the index
	// in cityLinks of the first city a field borders, and at the number of
	// features their length; cityLinks holds those cities as feature
	// indices of the field's tile type (tilekit.Feature.Cities).
	cityStart []int32
	cityLinks []int8
	// cloister holds, at type, the index of the type's cloister, or -1.
	cloister []int8
	// maxFeatures is the most features a type has, and instances the
	// number of features of all the tiles, copies counted: a board that
	// holds every tile has that many feature instances.
	maxFeatures int
	instances   int
	// kinds are the kinds of follower of the selection, the meeple first
	// (kinds.go), and kindFigs the figure of each, by which the tables'
	// verdicts for figures are read (a large meeple eaten by its row).
	kinds    []FollowerKind
	kindFigs []Figure
	// joining has bit k set for each kind k that joins its owner's
	// followers (FollowerKind.Joins).
	joining uint32
	// kindsOn holds, by kind of feature, the kinds of follower that may
	// stand on it (bit k for kind k; none on a field without farmers, and
	// never a kind that stands at a corner).
	kindsOn [len(kindNames)]uint32
	// cornerKinds has bit k set for each kind k that stands at a corner
	// (FollowerKind.Corner): never deployed as a follower on a feature,
	// and no follower of its owner's that a joining kind may join.
	cornerKinds uint32
	// selection lists the ids of the selection the rules were compiled for.
	selection []string
	// The turn (setup.go): the publisher whose rules it follows, its steps
	// in order, the hooks of the units it plays (units.go) and, embedded,
	// every unit's compiled data; expansions says that a unit plays.
	publisher tilekit.Publisher
	turn      []turnStep
	hooks     hookPoints
	// playing lists the units the setup plays, in the order of units.
	playing    []*unit
	expansions bool
	// scoring holds the scoring rules and bonuses of the data, compiled
	// (compile_scoring.go).
	scoring scoring
	// answers are the tables' answers the verdicts were compiled from, in
	// the order read (Ruleset.Answers).
	answers []*rules.Ruling
	unitRules
}

// Answers returns the tables' answers that the ruleset's verdicts were
// compiled from: for each table its steps read, the answer for each
// figure and place the ruleset plays, where the table has one. A row of a
// table is played by the ruleset when an answer is the row's.
func (r *Ruleset) Answers() []*rules.Ruling { return slices.Clone(r.answers) }

// compileTiles compiles the tiles of the selected expansions in an edition: every
// tile of a selected expansion (a tile belongs to the expansion that
// prefixes its id) with at least one copy in the edition. The start tile is
// the first such tile, in catalog order, that is the start tile of the
// edition. It is an error when the edition is unknown or when the selection
// has no tile or no start tile in the edition.
func compileTiles(cat *tilekit.Catalog, sel rules.Selection, edition tilekit.Edition) (*Ruleset, error) {
	if !slices.Contains(tilekit.Editions, edition) {
		return nil, fmt.Errorf("unknown edition %q (want C1, C2 or C3)", edition)
	}
	r := &Ruleset{edition: edition, byID: map[string]int{}, start: -1, featStart: []int32{0}, cityStart: []int32{0}}
	held := heldTiles(cat, sel)
	for i := range cat.Tiles {
		t := &cat.Tiles[i]
		if cat.Tile(t.ID) != t || !sel.Has(t.Expansion()) || t.Copies(edition) <= 0 && !slices.Contains(held, t.ID) {
			continue
		}
		if err := r.add(cat.PlayedTile(t, sel.Has)); err != nil {
			return nil, err
		}
	}
	if len(r.ids) == 0 {
		return nil, fmt.Errorf("no tile of the selection (%s) is in edition %s", strings.Join(sel.IDs(), ", "), edition)
	}
	if r.start < 0 {
		return nil, fmt.Errorf("no start tile for edition %s in the selection (%s)", edition, strings.Join(sel.IDs(), ", "))
	}
	r.selection = sel.IDs()
	return r, nil
}

// heldTiles returns the ids of the tiles the selection's steps deal to the
// players to hold beside the pile (tilekit.HeldTile), which are in no pile.
func heldTiles(cat *tilekit.Catalog, sel rules.Selection) []string {
	var ids []string
	for i := range cat.Steps {
		if h := cat.Steps[i].Mechanics.HeldTile; h != nil && sel.Has(cat.Steps[i].Expansion) {
			ids = append(ids, h.Tile)
		}
	}
	return ids
}

// add compiles one tile as the next tile type.
func (r *Ruleset) add(t *tilekit.Tile) error {
	if len(r.ids) >= maxTypes {
		return fmt.Errorf("tile %s: more than %d tile types", t.ID, maxTypes)
	}
	var codes [4]uint8
	for s, kind := range t.Edges() {
		code, ok := edgeCodes[kind]
		if !ok {
			return fmt.Errorf("tile %s: side %s shows the unknown edge kind %q", t.ID, tilekit.Side(s), kind)
		}
		codes[s] = code
	}
	if err := r.addFeatures(t); err != nil {
		return err
	}
	r.anyFit = append(r.anyFit, t.Fits == tilekit.FitsAny)
	for _, u := range units {
		if u.tile != nil {
			u.tile(r, t)
		}
	}
	for rot := range 4 {
		var packed uint8
		for _, s := range tilekit.Sides {
			packed |= codes[s] << (2 * uint(s.Rotate(rot)))
		}
		r.edges = append(r.edges, packed)
	}
	typ := len(r.ids)
	r.addDistinct(t, typ)
	r.ids = append(r.ids, t.ID)
	r.tiles = append(r.tiles, t)
	r.byID[t.ID] = typ
	r.counts = append(r.counts, t.Copies(r.edition))
	r.total += t.Copies(r.edition)
	r.instances += t.Copies(r.edition) * len(t.Features)
	if r.total > maxTiles {
		return fmt.Errorf("tile %s: more than %d tiles in all", t.ID, maxTiles)
	}
	if r.start < 0 && slices.Contains(t.Start, r.edition) {
		r.start = typ
	}
	return nil
}

// Options returns the rule options the ruleset plays with (Setup.Options).
func (r *Ruleset) Options() Options { return r.opts }

// withOptions returns a copy of the ruleset that plays with other rule
// options, sharing the compiled tables.
func (r *Ruleset) withOptions(opts Options) *Ruleset {
	if opts == r.opts {
		return r
	}
	c := *r
	c.opts = opts
	return &c
}

// Edition returns the edition the rules were compiled for.
func (r *Ruleset) Edition() tilekit.Edition { return r.edition }

// Selection returns the ids of the expansions and parts the rules were
// compiled for, sorted, the base game included ("all" for everything).
func (r *Ruleset) Selection() []string { return slices.Clone(r.selection) }

// NumTypes returns the number of tile types.
func (r *Ruleset) NumTypes() int { return len(r.ids) }

// ID returns the catalog id of a tile type, such as "base/D".
func (r *Ruleset) ID(typ int) string { return r.ids[typ] }

// Tile returns a tile type's tile as the ruleset plays it: the catalog's,
// with the features the selection's steps make of its symbols
// (tilekit.Catalog.PlayedTile).
func (r *Ruleset) Tile(typ int) *tilekit.Tile { return r.tiles[typ] }

// Type returns the tile type with a catalog id; ok is false when the rules
// have no such tile.
func (r *Ruleset) Type(id string) (typ int, ok bool) {
	typ, ok = r.byID[id]
	return typ, ok
}

// Start returns the tile type of the start tile, laid at (0, 0) with
// rotation 0 before the game begins.
func (r *Ruleset) Start() int { return r.start }

// Count returns the number of copies of a tile type in the game, the start
// tile's copy included.
func (r *Ruleset) Count(typ int) int { return r.counts[typ] }

// Total returns the number of tiles in the game, the start tile included.
func (r *Ruleset) Total() int { return r.total }

// Pile returns, indexed by tile type, the number of copies in the draw
// pile: every copy but the start tile's, which is placed first.
func (r *Ruleset) Pile() []int {
	pile := slices.Clone(r.counts)
	pile[r.start]--
	return pile
}

// Edges returns the packed edges of a tile type at a rotation: the two-bit
// code of side s's edge kind in bits 2s and 2s+1. Two packed bytes can be
// compared under a mask of the sides that matter; Edge decodes one side.
func (r *Ruleset) Edges(typ, rot int) uint8 { return r.edges[4*typ+rot] }

// Distinct reports whether a rotation of a tile type is a distinct
// placement: false when a lower rotation lays the same tile, which a
// symmetric tile does (a four-sided city at every rotation, a straight
// road at rotations 2 and 3). Two rotations are the same placement when
// turning the tile from one to the other maps each feature onto one of the
// same kind, attributes, edge slots and links to the other features, not
// only when the edges agree.
func (r *Ruleset) Distinct(typ, rot int) bool { return r.distinct[4*typ+rot] != noFit }

// Edge returns the edge kind that side s of a tile type shows at a rotation.
func (r *Ruleset) Edge(typ, rot int, s tilekit.Side) tilekit.EdgeKind {
	return codeKinds[r.Edges(typ, rot)>>(2*uint(s))&sideMask]
}
