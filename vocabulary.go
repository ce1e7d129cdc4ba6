package tilekit

import "slices"

// This file holds the closed vocabularies of the tile data: feature kinds,
// edge kinds, attributes and the built-in symbols. It is the one list of
// them: the JSON Schemas, the README and the scaffold's comments list the
// same words, and tests keep them in step (an expansion may declare more
// symbols, see SymbolDef).

// FeatureKind names what a feature is.
type FeatureKind string

// The feature kinds. New kinds are added here, with their Info.
const (
	City     FeatureKind = "city"
	Road     FeatureKind = "road"
	Field    FeatureKind = "field"
	Cloister FeatureKind = "cloister"
)

// Touch says which edge positions a kind of feature may touch.
type Touch int

// How features touch the border of their tile.
const (
	// TouchNone features stay inside the tile (a cloister).
	TouchNone Touch = iota
	// TouchSides features cover whole sides, middle and halves (a city).
	TouchSides
	// TouchMiddles features meet the middle of the sides they reach (a road).
	TouchMiddles
	// TouchHalves features touch side-halves only (a field).
	TouchHalves
)

// EdgeKind is what a side of a tile shows to its neighbour; two tiles fit
// when the sides they share show the same edge kind.
type EdgeKind string

// The edge kinds.
const (
	EdgeCity  EdgeKind = "city"
	EdgeRoad  EdgeKind = "road"
	EdgeField EdgeKind = "field"
)

// KindInfo describes how a feature kind sits on a tile.
type KindInfo struct {
	// Touch says which edge positions the kind may touch.
	Touch Touch
	// Edge is the edge kind a side shows when this kind covers it or its
	// middle; empty for kinds that never reach a side.
	Edge EdgeKind
	// Attributes lists the attributes this kind may carry.
	Attributes []Attribute
	// Doc is a sentence for the reference documentation.
	Doc string
}

var kindInfo = map[FeatureKind]KindInfo{
	City:     {Touch: TouchSides, Edge: EdgeCity, Attributes: []Attribute{Pennant, PrincessAttr, Cathedral, Wine, Grain, Cloth}, Doc: "A city; it covers the whole of each side it lists."},
	Road:     {Touch: TouchMiddles, Edge: EdgeRoad, Attributes: []Attribute{Inn}, Doc: "A road segment; it meets the middle of each side it lists and ends inside the tile when it lists one side."},
	Field:    {Touch: TouchHalves, Doc: "A field (farm); it touches the side-halves it lists and names the cities of the tile it borders."},
	Cloister: {Touch: TouchNone, Doc: "A cloister (monastery) in the middle of the tile."},
}

// FeatureKinds lists the known feature kinds in documentation order.
var FeatureKinds = []FeatureKind{City, Road, Field, Cloister}

// Info returns how the kind sits on a tile; ok is false for an unknown kind.
func (k FeatureKind) Info() KindInfo { return kindInfo[k] }

// Known reports whether k is part of the vocabulary.
func (k FeatureKind) Known() bool { _, ok := kindInfo[k]; return ok }

// Attribute is a mark on a feature.
type Attribute string

// The attributes.
const (
	// Pennant is a coat of arms on a city, worth extra points.
	Pennant Attribute = "pennant"
	// PrincessAttr marks the city where the princess stands; the tile then
	// carries the princess symbol.
	PrincessAttr Attribute = "princess"
	// Inn marks a road with an inn beside it (Inns & Cathedrals): the
	// scoring rules of the data may score such a road otherwise.
	Inn Attribute = "inn"
	// Cathedral marks a city with a cathedral in it (Inns & Cathedrals):
	// the scoring rules of the data may score such a city otherwise.
	Cathedral Attribute = "cathedral"
	// Wine marks a city segment that shows a wine good (Traders &
	// Builders): whoever completes the city takes a wine token for it.
	Wine Attribute = "wine"
	// Grain marks a city segment that shows a grain good (Traders &
	// Builders): whoever completes the city takes a grain token for it.
	Grain Attribute = "grain"
	// Cloth marks a city segment that shows a cloth good (Traders &
	// Builders): whoever completes the city takes a cloth token for it.
	Cloth Attribute = "cloth"
)

// Attributes lists the known attributes.
var Attributes = []Attribute{Pennant, PrincessAttr, Inn, Cathedral, Wine, Grain, Cloth}

// DerivedSymbols are the symbols that features carry; a tile does not list
// them itself.
var DerivedSymbols = []Symbol{SymbolPrincess, SymbolDrawbridge}

// Symbol returns the tile symbol an attribute implies, if any.
func (a Attribute) Symbol() (Symbol, bool) {
	if a == PrincessAttr {
		return SymbolPrincess, true
	}
	return "", false
}

// Symbol is a special symbol printed on a tile that triggers a rule.
type Symbol string

// The built-in symbols; an expansion may declare more (SymbolDef).
const (
	SymbolVolcano     Symbol = "volcano"
	SymbolDragon      Symbol = "dragon"
	SymbolMagicPortal Symbol = "magic-portal"
	SymbolPrincess    Symbol = "princess"
	SymbolDrawbridge  Symbol = "drawbridge"
	SymbolGarden      Symbol = "garden"
	SymbolWaterTower  Symbol = "water-tower"
)

// SymbolDocs documents every symbol, in documentation order.
var SymbolDocs = []struct {
	Symbol Symbol
	Doc    string
}{
	{SymbolVolcano, "A volcano (The Princess & the Dragon): the dragon moves here; no follower may be placed on the tile."},
	{SymbolDragon, "A dragon (The Princess & the Dragon): the dragon moves after the tile is placed."},
	{SymbolMagicPortal, "A magic portal (The Princess & the Dragon): the follower may be placed on any unfinished feature."},
	{SymbolPrincess, "The princess (The Princess & the Dragon): placed in a city, she sends a knight there home. Written as the city's princess attribute."},
	{SymbolDrawbridge, "A drawbridge (The Drawbridges): a completed road leading to the city gate lets its majority move into the city. Written as the road's drawbridges."},
	{SymbolGarden, "A garden (2nd edition): an abbot may be placed in it."},
	{SymbolWaterTower, "A water tower (3rd edition illustration, The Drawbridges): a picture other expansions' rules may refer to; it triggers no rule of its own."},
}

// Known reports whether s is part of the vocabulary.
func (s Symbol) Known() bool {
	for _, d := range SymbolDocs {
		if d.Symbol == s {
			return true
		}
	}
	return false
}

// TileSymbols lists the built-in symbols a tile lists in its symbols, in
// documentation order: every one but those its features carry
// (DerivedSymbols).
func TileSymbols() []Symbol {
	var out []Symbol
	for _, d := range SymbolDocs {
		if !slices.Contains(DerivedSymbols, d.Symbol) {
			out = append(out, d.Symbol)
		}
	}
	return out
}

// SymbolDef is a tile symbol an expansion declares with [[symbol]], beside
// the built-in ones: a tile may list it, and a picture draws it as a
// labelled mark.
type SymbolDef struct {
	// ID is the symbol as tiles list it: lower-case words joined by dashes.
	ID Symbol
	// Name is the display name.
	Name string
	// Expansion is the expansion or part that declares it.
	Expansion string
	// Description says what the symbol looks like and does.
	Description string
	// Translations are its name in other languages (see
	// Translations.Text).
	Translations Translations
	// Origin says where it was declared.
	Origin Origin
}
