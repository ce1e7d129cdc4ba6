package validator

import (
	"github.com/tilekit/tilekit"
)

// checkSidesListed reports a city, or a road that joins no drawbridges,
// that lists no side: it would touch nothing, and vanish from the tile
// without a word. (A road between two drawbridges may stay inside the tile.)
func (l *loader) checkSidesListed(t *tilekit.Tile) {
	for i := range t.Features {
		f := &t.Features[i]
		switch touch := f.Kind.Info().Touch; {
		case len(f.Sides) > 0:
		case touch == tilekit.TouchSides:
			l.report(f.Origin.At("kind"), "feature-without-sides", Error, "a city covers at least one side: list them in sides, such as sides = [\"N\"]")
		case touch == tilekit.TouchMiddles && len(f.Drawbridges) == 0:
			l.report(f.Origin.At("kind"), "feature-without-sides", Error, "a road meets at least one side, or joins drawbridges: list the sides it reaches in sides, such as sides = [\"S\"]")
		}
	}
}
