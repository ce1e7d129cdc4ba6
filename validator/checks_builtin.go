package validator

import (
	"slices"
	"strings"

	"github.com/tilekit/tilekit"
)

// builtinFile reports whether a file name is one of the built-in data's.
// A user's folder never goes by a name under BuiltinName (see sourceName).
func builtinFile(name string) bool { return strings.HasPrefix(name, BuiltinName+"/") }

// checkBuiltinNamespace warns about a tile of a user's folder whose id puts
// it in a built-in expansion (base/Z): every game and page of that
// expansion would then include it, which a fan folder rarely means. A tile
// that repeats a built-in id is a duplicate, told as such.
func (l *loader) checkBuiltinNamespace(cat *tilekit.Catalog, t *tilekit.Tile, x *tilekit.Expansion) {
	if builtinFile(t.Origin.File) || !builtinFile(x.Origin.File) {
		return
	}
	if first := cat.Tile(t.ID); first != nil && (first.Origin.File != t.Origin.File || !slices.Equal(first.Origin.Path, t.Origin.Path)) {
		return
	}
	l.report(t.Origin.At("id"), "tile-in-builtin-expansion", Warning,
		"tile %s adds a tile to %s, a built-in expansion: its games and pages now include it; give the tile an id of your own expansion unless that is what you mean", t.ID, x.ID)
}
