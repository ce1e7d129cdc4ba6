package tilekit

import "sort"

// ExpansionKind classifies an expansion.
type ExpansionKind string

// The expansion kinds.
const (
	Major ExpansionKind = "major"
	Minor ExpansionKind = "minor"
	Other ExpansionKind = "other"
	Fan   ExpansionKind = "fan"
)

// Expansion is the base game or an expansion to it.
type Expansion struct {
	// ID is the stable id, such as "princess-dragon".
	ID string
	// Name is the display name.
	Name string
	// Kind classifies the expansion.
	Kind ExpansionKind
	// Editions lists the editions in which the expansion was published.
	Editions []Edition
	// Origin says where the expansion was defined.
	Origin Origin
}

// HasEdition reports whether the expansion was published in edition e.
func (x *Expansion) HasEdition(e Edition) bool {
	for _, have := range x.Editions {
		if have == e {
			return true
		}
	}
	return false
}

// Catalog is all loaded data: the built-in data and any user folders on top.
type Catalog struct {
	Expansions []Expansion
	Tiles      []Tile

	expansionByID map[string]int
	tileByID      map[string]int
}

// NewCatalog returns a catalog of the given values, sorted by id. When two
// values share an id, the first one given wins the lookup.
func NewCatalog(expansions []Expansion, tiles []Tile) *Catalog {
	c := &Catalog{Expansions: expansions, Tiles: tiles}
	sort.SliceStable(c.Expansions, func(i, j int) bool { return c.Expansions[i].ID < c.Expansions[j].ID })
	sort.SliceStable(c.Tiles, func(i, j int) bool { return c.Tiles[i].ID < c.Tiles[j].ID })
	c.expansionByID = map[string]int{}
	for i, x := range c.Expansions {
		if _, dup := c.expansionByID[x.ID]; !dup {
			c.expansionByID[x.ID] = i
		}
	}
	c.tileByID = map[string]int{}
	for i, t := range c.Tiles {
		if _, dup := c.tileByID[t.ID]; !dup {
			c.tileByID[t.ID] = i
		}
	}
	return c
}

// Expansion returns the expansion with the id, or nil.
func (c *Catalog) Expansion(id string) *Expansion {
	if i, ok := c.expansionByID[id]; ok {
		return &c.Expansions[i]
	}
	return nil
}

// Tile returns the tile with the id, or nil.
func (c *Catalog) Tile(id string) *Tile {
	if i, ok := c.tileByID[id]; ok {
		return &c.Tiles[i]
	}
	return nil
}

// TilesOf returns the tiles of one expansion, in catalog order.
func (c *Catalog) TilesOf(expansion string) []*Tile {
	var out []*Tile
	for i := range c.Tiles {
		if c.Tiles[i].Expansion() == expansion {
			out = append(out, &c.Tiles[i])
		}
	}
	return out
}
