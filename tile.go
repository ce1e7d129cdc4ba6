package tilekit

import (
	"slices"
	"sort"
	"strings"
)

// Edition names one printing generation of the game: C1, C2 or C3.
type Edition string

// The editions tilekit knows.
const (
	C1 Edition = "C1"
	C2 Edition = "C2"
	C3 Edition = "C3"
)

// DefaultEdition is the edition played, scaffolded and set up when none is
// named: random games, scenarios without an edition and the folders that
// tilekit new writes all use it, so that what one makes the others play.
const DefaultEdition = C2

// Editions lists the known editions in order.
var Editions = []Edition{C1, C2, C3}

// Tile is one tile type: a layout with a number of copies per edition.
type Tile struct {
	// ID is the stable id, "<expansion>/<name>".
	ID string
	// Name is the display name.
	Name string
	// Counts gives the number of copies in each edition that has the tile.
	Counts map[Edition]int
	// Start lists the editions in which one copy of this tile is the start
	// tile, placed at (0,0) with rotation 0 before the game begins.
	Start []Edition
	// Symbols are the tile's own special symbols, beside those its features
	// carry (see AllSymbols).
	Symbols []Symbol
	// Features lists what the tile is made of.
	Features []Feature
	// Note is free text shown with the tile, such as why a layout is uncertain.
	Note string
	// Provisional marks a layout not checked against the printed tile; the
	// note says why.
	Provisional bool
	// Fits, when set, says how the tile fits its neighbours other than by
	// its edges (one of TileFits): FitsAny, anywhere all four neighbours
	// lie, whatever they show (the abbey of Abbey & Mayor).
	Fits TileFit
	// Rules are the tile's own rules: how a special tile plays (a cloister
	// inside a city that scores alone, a road that passes under a city
	// unbroken), each with its source, shown with the tile.
	Rules []TileRule
	// Translations are its name in other languages (see
	// Translations.Text).
	Translations Translations
	// Origin says where the tile was defined.
	Origin Origin
}

// Expansion returns the expansion id that prefixes the tile id.
func (t *Tile) Expansion() string {
	exp, _, _ := strings.Cut(t.ID, "/")
	return exp
}

// TileFit says how a tile fits its neighbours other than by its edges.
type TileFit string

// FitsAny: the tile goes only where all four neighbours lie, fits them
// whatever their sides show, and closes the roads, cities and fields it
// meets there; its sides touch no feature of its own.
const FitsAny TileFit = "any"

// TileFits lists the fits in the schema's order.
var TileFits = []TileFit{FitsAny}

// Edges returns the edge kind of each side at rotation 0, indexed by Side.
// A side covered by a feature whose kind covers whole sides shows that kind;
// a side whose middle holds a road-like feature shows that kind; any other
// side shows field.
func (t *Tile) Edges() [4]EdgeKind {
	var edges [4]EdgeKind
	for i := range edges {
		edges[i] = EdgeField
	}
	for _, f := range t.Features {
		info := f.Kind.Info()
		if info.Touch != TouchSides && info.Touch != TouchMiddles {
			continue
		}
		for _, p := range f.Sides {
			if !p.IsHalf {
				edges[p.Side] = info.Edge
			}
		}
	}
	return edges
}

// AllSymbols returns the tile's symbols together with those its features
// carry (a princess in a city, a drawbridge on a road), sorted and without
// repeats.
func (t *Tile) AllSymbols() []Symbol {
	seen := map[Symbol]bool{}
	for _, s := range t.Symbols {
		seen[s] = true
	}
	for _, f := range t.Features {
		for _, a := range f.Attributes {
			if s, ok := a.Symbol(); ok {
				seen[s] = true
			}
		}
		if len(f.Drawbridges) > 0 {
			seen[SymbolDrawbridge] = true
		}
	}
	out := make([]Symbol, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// TileRule is a rule a special tile carries, in the project's words, with
// where it comes from.
type TileRule struct {
	Text   string
	Source Citation
	Origin Origin
}

// Copies returns the number of copies of the tile in an edition.
func (t *Tile) Copies(e Edition) int { return t.Counts[e] }

// Feature is one part of a tile: a city, a road, a field, a cloister, ...
type Feature struct {
	// Kind says what the feature is.
	Kind FeatureKind
	// ID is an optional name, unique within the tile, by which other
	// features of the tile refer to this one.
	ID string
	// Sides lists the edge positions the feature touches.
	Sides []EdgePoint
	// Attributes are marks such as a pennant or the princess.
	Attributes []Attribute
	// Cities lists, for a field, the ids of the cities of the tile it touches.
	Cities []string
	// Apart lists, for a field, the cities of the tile it meets only at a
	// corner point, without bordering them.
	Apart []string
	// Inside names, for a cloister standing inside a city, that city.
	Inside string
	// Under names, for a road passing under a city, that city.
	Under string
	// Drawbridges lists, for a road, the cities of the tile whose gate it
	// reaches over a drawbridge.
	Drawbridges []string
	// Origin says where the feature was defined.
	Origin Origin
}

// LinkKeys lists the keys of a feature of the tile data that name other
// features of its tile, which Feature.Links reads: a field's cities and
// the cities it meets apart, a cloister's city around it, a road's city
// above it and the cities a road reaches over a drawbridge.
var LinkKeys = []string{"cities", "apart", "inside", "under", "drawbridges"}

// Links returns the ids of the features of its tile that the feature
// names under a key of LinkKeys; nil for another key or none.
func (f *Feature) Links(key string) []string {
	one := func(id string) []string {
		if id == "" {
			return nil
		}
		return []string{id}
	}
	switch key {
	case "cities":
		return f.Cities
	case "apart":
		return f.Apart
	case "inside":
		return one(f.Inside)
	case "under":
		return one(f.Under)
	case "drawbridges":
		return f.Drawbridges
	}
	return nil
}

// Has reports whether the feature carries the attribute.
func (f *Feature) Has(a Attribute) bool { return slices.Contains(f.Attributes, a) }

// Origin locates a value in the data: the file it came from and the path of
// the table that defines it inside that file, such as ["tile", "3"].
type Origin struct {
	File string
	Path []string
}

// At returns the origin of a value below this one, such as a key of the table.
func (o Origin) At(elems ...string) Origin {
	p := make([]string, 0, len(o.Path)+len(elems))
	p = append(p, o.Path...)
	return Origin{File: o.File, Path: append(p, elems...)}
}

// String writes the origin as its file and data path, such as
// "interactions/order.toml: step[3].scoring[1]", for a message of a
// consumer that has no line numbers (the validator locates lines).
func (o Origin) String() string {
	var b strings.Builder
	for _, s := range o.Path {
		if s != "" && strings.Trim(s, "0123456789") == "" {
			b.WriteString("[" + s + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return o.File + ": " + b.String()
}

// Feature returns the feature of the tile with the local id, or nil.
func (t *Tile) Feature(id string) *Feature {
	for i := range t.Features {
		if t.Features[i].ID == id && id != "" {
			return &t.Features[i]
		}
	}
	return nil
}

// DrawbridgeCities returns the cities of the tile that the road feature
// reaches over a drawbridge.
func (t *Tile) DrawbridgeCities(road *Feature) []*Feature {
	return t.Linked(road, "drawbridges", City)
}

// Linked returns the features of a kind of the tile that a feature links
// to under a key of LinkKeys (Feature.Links), in the order it names them.
func (t *Tile) Linked(f *Feature, key string, kind FeatureKind) []*Feature {
	var out []*Feature
	for _, id := range f.Links(key) {
		if c := t.Feature(id); c != nil && c.Kind == kind {
			out = append(out, c)
		}
	}
	return out
}
