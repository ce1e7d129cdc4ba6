package site

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/validator"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the current pictures")

var (
	catalogOnce sync.Once
	catalog     *tilekit.Catalog
	catalogErr  error
)

// builtinCatalog loads the built-in data once for all tests.
func builtinCatalog(t testing.TB) *tilekit.Catalog {
	catalogOnce.Do(func() {
		catalog, catalogErr = validator.BuiltinCatalog()
	})
	if catalogErr != nil {
		t.Fatal(catalogErr)
	}
	return catalog
}

// TestTilePicturesGolden compares every built-in tile's picture, and a few
// turned ones, with testdata/golden. Run with -update to rewrite them after
// looking at the new pictures.
func TestTilePicturesGolden(t *testing.T) {
	cat := builtinCatalog(t)
	type job struct {
		tile     *tilekit.Tile
		rotation int
	}
	var jobs []job
	for i := range cat.Tiles {
		jobs = append(jobs, job{&cat.Tiles[i], 0})
	}
	for _, id := range []string{"base/D", "base/O", "princess-dragon/princess-two-cities", "drawbridges/road-past-gate"} {
		for _, r := range []int{90, 180, 270} {
			jobs = append(jobs, job{cat.Tile(id), r})
		}
	}
	seen := map[string]bool{}
	for _, j := range jobs {
		name := j.tile.ID
		if j.rotation != 0 {
			name += fmt.Sprintf("-r%d", j.rotation)
		}
		golden := filepath.Join("testdata", "golden", filepath.FromSlash(name)+".svg")
		seen[golden] = true
		got, err := TileSVG(j.tile, j.rotation)
		require.NoError(t, err)
		if *update {
			require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
			require.NoError(t, os.WriteFile(golden, got, 0o644))
			continue
		}
		want, err := os.ReadFile(golden)
		require.NoError(t, err, "no golden picture for %s: run go test ./site -update", name)
		assert.Equal(t, string(want), string(got), "picture of %s changed: look at it, then run go test ./site -update", name)
	}
	// No stale goldens for tiles that are gone.
	require.NoError(t, filepath.Walk(filepath.Join("testdata", "golden"), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && !seen[p] {
			if *update {
				return os.Remove(p)
			}
			t.Errorf("stale golden %s", p)
		}
		return err
	}))
}

// TestTilePicturesAreWellFormed parses every picture as XML and checks its
// title, size and determinism, at every rotation.
func TestTilePicturesAreWellFormed(t *testing.T) {
	cat := builtinCatalog(t)
	for i := range cat.Tiles {
		tile := &cat.Tiles[i]
		for _, r := range tilekit.Rotations {
			svg, err := TileSVG(tile, r)
			require.NoError(t, err)
			again, _ := TileSVG(tile, r)
			require.Equal(t, svg, again, "same tile, same bytes")
			var doc struct {
				XMLName xml.Name `xml:"svg"`
				ViewBox string   `xml:"viewBox,attr"`
				Title   string   `xml:"title"`
			}
			dec := xml.NewDecoder(bytes.NewReader(svg))
			require.NoError(t, dec.Decode(&doc), tile.ID)
			for {
				tok, err := dec.Token()
				if err == io.EOF {
					break
				}
				require.NoError(t, err)
				cd, ok := tok.(xml.CharData)
				require.True(t, ok && len(bytes.TrimSpace(cd)) == 0, "one root element")
			}
			assert.Equal(t, "0 0 100 100", doc.ViewBox)
			assert.True(t, strings.HasPrefix(doc.Title, tile.ID+": "+tile.Name), doc.Title)
			assert.Equal(t, tile.Provisional, strings.Contains(string(svg), "PROVISIONAL"), tile.ID)
		}
	}
	_, err := TileSVG(cat.Tile("base/A"), 45)
	assert.Error(t, err)
}

// inset returns a point just inside the middle of a side.
func inset(s tilekit.Side) pt { return pt{50, 3}.turn(int(s)) }

// TestLayoutsFollowTheData checks the geometry behind the pictures at every
// rotation: each city covers the middles of exactly the sides it lists, and
// each road reaches the middle of every side it lists.
func TestLayoutsFollowTheData(t *testing.T) {
	cat := builtinCatalog(t)
	for i := range cat.Tiles {
		tile := &cat.Tiles[i]
		cities := map[string]cityLayout{}
		for j := range tile.Features {
			if f := &tile.Features[j]; f.Kind == tilekit.City && f.ID != "" {
				cities[f.ID] = layoutCity(f)
			}
		}
		for q := 0; q < 4; q++ {
			for j := range tile.Features {
				f := &tile.Features[j]
				listed := map[tilekit.Side]bool{}
				for _, p := range f.Sides {
					if !p.IsHalf {
						listed[p.Side] = true
					}
				}
				switch f.Kind {
				case tilekit.City:
					outline := layoutCity(f).outline.turn(q)
					for _, s := range tilekit.Sides {
						assert.Equal(t, listed[s], outline.contains(inset(s.Rotate(q))),
							"%s city %d turned %d: side %s", tile.ID, j, q, s)
					}
				case tilekit.Road:
					r := layoutRoad(f, cities)
					for s := range listed {
						d := 1e9
						for _, p := range r.paths {
							d = min(d, p.turn(q).distance(sideMiddle(s.Rotate(q))))
						}
						assert.Less(t, d, 0.01, "%s road %d turned %d reaches %s", tile.ID, j, q, s)
					}
				}
			}
		}
	}
}

func BenchmarkRenderAllTiles(b *testing.B) {
	cat := builtinCatalog(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range cat.Tiles {
			if _, err := TileSVG(&cat.Tiles[j], 0); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(cat.Tiles)), "ns/tile")
}
