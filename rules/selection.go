package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tilekit/tilekit"
)

// Selection is the set of expansions and parts a game is played with. The
// base game is always in; the zero Selection is the base game alone, and
// SelectAll selects every expansion.
type Selection struct {
	all   bool
	whole map[string]bool // expansions selected with all their parts
	parts map[string]bool // parts selected one by one
}

// SelectAll selects every expansion, loaded or not.
func SelectAll() Selection { return Selection{all: true} }

// Select reads a selection of expansion and part ids; the base game is
// always in, so no ids select the base game alone. An unknown id is an
// error that lists every unknown one.
func Select(cat *tilekit.Catalog, ids []string) (Selection, error) {
	s := Selection{whole: map[string]bool{tilekit.BaseGame: true}, parts: map[string]bool{}}
	var unknown []string
	for _, id := range ids {
		id = strings.TrimSpace(id)
		switch {
		case id == "":
		case cat.Expansion(id) != nil:
			s.whole[id] = true
		case cat.Part(id) != nil:
			s.parts[id] = true
		default:
			unknown = append(unknown, id)
		}
	}
	if len(unknown) > 0 {
		return Selection{}, fmt.Errorf("unknown expansion or part %s", strings.Join(unknown, ", "))
	}
	return s, nil
}

// Has reports whether an expansion or part id is selected. An expansion
// counts as selected when any of its parts is; a part when it or its whole
// expansion is.
func (s Selection) Has(id string) bool {
	if s.all {
		return true
	}
	exp := tilekit.ParentExpansion(id)
	if exp == tilekit.BaseGame || s.whole[exp] {
		return true
	}
	if exp == id {
		for p := range s.parts {
			if tilekit.ParentExpansion(p) == id {
				return true
			}
		}
		return false
	}
	return s.parts[id]
}

// HasAll reports whether every id is selected.
func (s Selection) HasAll(ids []string) bool {
	for _, id := range ids {
		if !s.Has(id) {
			return false
		}
	}
	return true
}

// IDs lists the selection, sorted, the base game included; "all" when
// everything is selected.
func (s Selection) IDs() []string {
	if s.all {
		return []string{tilekit.AllExpansions}
	}
	out := []string{}
	if !s.whole[tilekit.BaseGame] {
		out = append(out, tilekit.BaseGame)
	}
	for id := range s.whole {
		out = append(out, id)
	}
	for id := range s.parts {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// InEdition reports whether an expansion (or the expansion of a part) was
// published in an edition: always for the empty edition and for an
// expansion not loaded.
func InEdition(cat *tilekit.Catalog, id string, e tilekit.Edition) bool {
	x := cat.Expansion(tilekit.ParentExpansion(id))
	return e == "" || x == nil || x.HasEdition(e)
}
