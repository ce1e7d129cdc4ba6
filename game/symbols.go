package game

import (
	"slices"

	"github.com/tilekit/tilekit"
)

// The bits of a tile type's symbols that the engine plays.
const (
	// symVolcano: the dragon comes to the tile (Wikicarpedia: The Princess
	// and The Dragon (1st edition)/de, Der Vulkan).
	symVolcano uint8 = 1 << iota
	// symDragon: the dragon moves after the tile is placed (Der Drache).
	symDragon
	// symPortal: the follower may go through the magic portal (Der
	// Zaubergang).
	symPortal
)

// flagPrincess marks a city where the princess stands (Das Burgfräulein).
const flagPrincess uint8 = 1

// addSymbols compiles the symbols of a tile type, the princess of its
// cities and the drawbridges its roads lead to.
func (r *Ruleset) addSymbols(t *tilekit.Tile) {
	var bits uint8
	for _, s := range t.Symbols {
		switch s {
		case tilekit.SymbolVolcano:
			bits |= symVolcano
		case tilekit.SymbolDragon:
			bits |= symDragon
		case tilekit.SymbolMagicPortal:
			bits |= symPortal
		}
	}
	r.symbols = append(r.symbols, bits)
	for i := range t.Features {
		f := &t.Features[i]
		var flags uint8
		if f.Kind == tilekit.City && slices.Contains(f.Attributes, tilekit.PrincessAttr) {
			flags |= flagPrincess
		}
		r.featFlags = append(r.featFlags, flags)
		if f.Kind == tilekit.Road {
			for _, c := range t.DrawbridgeCities(f) {
				if j := slices.IndexFunc(t.Features, func(g tilekit.Feature) bool { return g.ID == c.ID }); j >= 0 {
					r.bridgeLinks = append(r.bridgeLinks, int8(j))
				}
			}
		}
		r.bridgeStart = append(r.bridgeStart, int32(len(r.bridgeLinks)))
	}
}

// hasSymbol reports whether a tile type shows a symbol bit.
func (r *Ruleset) hasSymbol(typ int, bit uint8) bool { return r.symbols[typ]&bit != 0 }

// isPrincess reports whether feature i of a tile type is a princess's
// city.
func (r *Ruleset) isPrincess(typ, i int) bool {
	return r.featFlags[int(r.featStart[typ])+i]&flagPrincess != 0
}

// bridges returns the city indices whose drawbridge feature i of a tile
// type, a road, leads to.
func (r *Ruleset) bridges(typ, i int) []int8 {
	f := int(r.featStart[typ]) + i
	return r.bridgeLinks[r.bridgeStart[f]:r.bridgeStart[f+1]]
}
