package validator

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tilekit/tilekit"
)

// Suggest returns "; did you mean X?" for the candidate nearest to word, or
// "" when none is near: at most one edit for short words, a third of the
// word's length for longer ones. Ties go to the candidate first in sorted
// order, so the answer is the same every time.
func Suggest(word string, candidates []string) string {
	return didYouMean(nearestWord(word, candidates))
}

// didYouMean phrases a suggestion, or "" for none.
func didYouMean(word string) string {
	if word == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", word)
}

// maxSuggestLen is the longest word, in bytes, that gets a suggestion: an
// id or key is far shorter, and comparing a word a megabyte long with
// others as long would take hours.
const maxSuggestLen = 256

// nearestWord returns the candidate nearest to word, or "" when none is
// near enough.
func nearestWord(word string, candidates []string) string {
	if len(word) > maxSuggestLen {
		return ""
	}
	best, bestDist := "", maxSuggestDistance(word)+1
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	for _, c := range sorted {
		if c == word {
			continue
		}
		if d := editDistance(word, c, bestDist); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// nearestAllowed returns the allowed value a wrong one was probably meant
// to be: the same word in another case ("Field" for "field"), the nearest
// by edit distance in lower case, or the longest allowed value the wrong
// one starts with, in any case ("E" for "East"); "" when none fits.
func nearestAllowed(value string, allowed []string) string {
	lower := strings.ToLower(value)
	folded := make([]string, len(allowed))
	for i, a := range allowed {
		if strings.EqualFold(a, value) {
			return a
		}
		folded[i] = strings.ToLower(a)
	}
	if near := nearestWord(lower, folded); near != "" {
		return allowed[slices.Index(folded, near)]
	}
	best := ""
	for i, f := range folded {
		if strings.HasPrefix(lower, f) && len(f) > len(best) {
			best = allowed[i]
		}
	}
	return best
}

func maxSuggestDistance(word string) int {
	return max(1, len([]rune(word))/3)
}

// editDistance returns the Levenshtein distance between a and b, or any
// value of at least limit once it is sure to reach limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// nearest suggests, for an id no loaded file defines, the nearest id of the
// kind that one does: expansion (parts too), table, subject, symbol, note
// or step.
func (l *loader) nearest(cat *tilekit.Catalog, kind, id string) string {
	return Suggest(id, knownIDs(cat, kind))
}

// knownIDs lists the ids of a kind in the catalog.
func knownIDs(cat *tilekit.Catalog, kind string) []string {
	var ids []string
	switch kind {
	case "expansion":
		for _, x := range cat.Expansions {
			ids = append(ids, x.ID)
			for _, p := range x.Parts {
				ids = append(ids, p.ID)
			}
		}
	case "table":
		for _, t := range cat.Tables {
			ids = append(ids, t.ID)
		}
	case "subject":
		for _, s := range cat.Subjects() {
			ids = append(ids, s.ID)
		}
	case "figure":
		for _, f := range cat.Figures {
			ids = append(ids, f.ID)
		}
	case "action":
		for _, a := range cat.Actions {
			ids = append(ids, a.ID)
		}
	case "symbol":
		for _, d := range tilekit.SymbolDocs {
			ids = append(ids, string(d.Symbol))
		}
		for _, d := range cat.Symbols {
			ids = append(ids, string(d.ID))
		}
	case "note":
		for _, n := range cat.Notes {
			ids = append(ids, n.ID)
		}
	case "step":
		for _, s := range cat.Steps {
			ids = append(ids, s.ID)
		}
	case "tile":
		for _, t := range cat.Tiles {
			ids = append(ids, t.ID)
		}
	case "example":
		for _, s := range cat.Scenarios {
			ids = append(ids, s.ID)
		}
	}
	return ids
}
