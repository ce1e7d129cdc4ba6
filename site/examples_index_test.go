package site_test

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/site"
)

// boardSquare is where a tile of a board picture lies, in its units.
type boardSquare struct{ x0, y0, x1, y1 float64 }

// contains reports whether a point lies in the square.
func (q boardSquare) contains(x, y float64) bool {
	return x >= q.x0 && x <= q.x1 && y >= q.y0 && y <= q.y1
}

// squareOf returns the square of the tile at a position of a board
// picture, found by the labels of its column and row: a column's label
// is centred above it, a row's 4 below its middle.
func squareOf(t *testing.T, svg []byte, p tilekit.BoardPosition) boardSquare {
	t.Helper()
	var q boardSquare
	cols, rows := 0, 0
	for _, m := range regexp.MustCompile(`<text class="coord" x="(\d+)" y="(\d+)"[^>]*>(-?\d+)</text>`).FindAllSubmatch(svg, -1) {
		x, y, v := atoi(t, string(m[1])), atoi(t, string(m[2])), atoi(t, string(m[3]))
		switch {
		case y == 18 && v == p.X: // a column's label, in the band above
			q.x0, q.x1 = float64(x-50), float64(x+50)
			cols++
		case y != 18 && v == p.Y:
			q.y0, q.y1 = float64(y-54), float64(y+46)
			rows++
		}
	}
	require.Equal(t, 1, cols, "the board labels column %d once", p.X)
	require.Equal(t, 1, rows, "the board labels row %d once", p.Y)
	return q
}

// A follower crossing a drawbridge is drawn on the final board of its
// example as an arrow from where it stood to where it stands, titled: for
// every worked example of the drawbridges, one arrow per crossing the
// played scenario reports (game.EventCrossed), which starts on the tile
// of a follower the scenario set up for that player and ends on the tile
// of one the scenario expects at the end, in the squares of those tiles
// on the board; the arrow has a length even when both lie on one tile
// (the road passing its drawbridge).
func TestExampleDrawsCrossings(t *testing.T) {
	cat, s := builtinBuild(t)
	line := regexp.MustCompile(`<line class="crossing" x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"[^>]*><title>([^<]*)</title></line>`)
	drawn := 0
	for i := range cat.Scenarios {
		sc := &cat.Scenarios[i]
		if tilekit.ParentExpansion(sc.ID) != "drawbridges" {
			continue
		}
		var crossed []game.Event
		for _, events := range game.RunScenario(cat, sc).Events {
			for _, e := range events {
				if e.Kind == game.EventCrossed {
					crossed = append(crossed, e)
				}
			}
		}
		end, ok := s.File("examples/" + strings.ReplaceAll(sc.ID, "/", "-") + "-end.svg")
		require.True(t, ok, sc.ID)
		lines := line.FindAllSubmatch(end, -1)
		require.Len(t, lines, len(crossed), "%s: one arrow per crossing", sc.ID)
		for k, e := range crossed {
			assert.True(t, slices.ContainsFunc(sc.Followers, func(f tilekit.ScenarioFollower) bool { return f.Player == e.Player+1 && f.At == e.From.Pos }),
				"%s: the crossing starts where the setup puts a follower of player %d", sc.ID, e.Player+1)
			assert.True(t, slices.ContainsFunc(sc.Expect.Followers, func(f tilekit.ScenarioFollower) bool { return f.Player == e.Player+1 && f.At == e.To.Pos }),
				"%s: the crossing ends where the scenario expects a follower of player %d", sc.ID, e.Player+1)
			m := lines[k]
			x1, y1, x2, y2 := atof(t, string(m[1])), atof(t, string(m[2])), atof(t, string(m[3])), atof(t, string(m[4]))
			assert.True(t, squareOf(t, end, e.From.Pos).contains(x1, y1), "%s: the arrow starts on %v", sc.ID, e.From.Pos)
			assert.True(t, squareOf(t, end, e.To.Pos).contains(x2, y2), "%s: the arrow ends on %v", sc.ID, e.To.Pos)
			assert.False(t, x1 == x2 && y1 == y2, "%s: the arrow has a length", sc.ID)
			assert.Equal(t, fmt.Sprintf("a follower crossing from a road at %d,%d into a city at %d,%d", e.From.Pos.X, e.From.Pos.Y, e.To.Pos.X, e.To.Pos.Y), string(m[5]), sc.ID)
			drawn++
		}
	}
	assert.GreaterOrEqual(t, drawn, 5, "the drawbridges' examples cross five times")
	page, ok := s.File("examples/drawbridges-example-2.html")
	require.True(t, ok)
	assert.Contains(t, string(page), `<object class="board" data="../examples/drawbridges-example-2-end.svg" type="image/svg+xml"`,
		"the final board is embedded as a document, whose arrows' titles show where the reader points")
}

// indexEntry is an example of the examples index: the headings of its
// expansion and rule, its link and its thumbnail.
type indexEntry struct{ expansion, rule, href, thumb string }

// indexEntries reads the examples index: each entry under the last h2 and
// h3 before it.
func indexEntries(t *testing.T, page []byte) []indexEntry {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	require.NoError(t, err)
	var out []indexEntry
	var h2, h3 string
	walk(doc, func(n *html.Node) {
		switch {
		case n.Data == "h2":
			h2, h3 = textOf(n), ""
		case n.Data == "h3":
			h3 = textOf(n)
		case n.Data == "li" && n.Parent != nil && attr(n.Parent, "class") == "examples":
			e := indexEntry{expansion: h2, rule: h3}
			walk(n, func(c *html.Node) {
				switch {
				case c.Data == "a" && e.href == "":
					e.href = attr(c, "href")
				case c.Data == "img" && attr(c, "class") == "thumb":
					e.thumb = attr(c, "src")
				}
			})
			out = append(out, e)
		}
	})
	return out
}

// The examples index groups each expansion's examples by the step of the
// turn they are about, each step's heading once and worded as the data
// names the step: the drawbridges' crossings under the step with the
// crossing, the portal's under the step with the deployment, a placement
// refused under the tile's step and a road scored under the scoring's.
// Each entry has a thumbnail of its final board: a picture of the site,
// drawn as the board is (its tiles) without its labels or title. The page
// stays small.
func TestExamplesIndexGroupsByRuleWithThumbnails(t *testing.T) {
	cat, s := builtinBuild(t)
	page, ok := s.File("examples/index.html")
	require.True(t, ok)
	assert.Less(t, len(page), 600_000, "the examples index stays under 600 KB")
	entries := indexEntries(t, page)
	names := map[string]bool{}
	for i := range cat.Steps {
		names[cat.Steps[i].Name] = true
	}
	seen := map[[2]string]bool{}
	var last [2]string
	byHref := map[string]indexEntry{}
	for _, e := range entries {
		key := [2]string{e.expansion, e.rule}
		if key != last {
			assert.False(t, seen[key], "%s: the rule %q has one heading", e.expansion, e.rule)
			seen[key], last = true, key
		}
		assert.True(t, names[e.rule], "%s: the heading %q names a step of the data", e.href, e.rule)
		byHref[e.href] = e
		if assert.NotEmpty(t, e.thumb, "%s has a thumbnail", e.href) {
			thumb, ok := s.File(strings.TrimPrefix(e.thumb, "../"))
			require.True(t, ok, e.thumb)
			end, ok := s.File(strings.TrimPrefix(strings.TrimSuffix(e.href, ".html")+"-end.svg", "../"))
			require.True(t, ok, e.href)
			tiles := regexp.MustCompile(`<svg x="\d+" y="\d+" width="100" height="100"`)
			assert.Len(t, tiles.FindAll(thumb, -1), len(tiles.FindAll(end, -1)), "%s: the thumbnail shows the final board's tiles", e.thumb)
			assert.NotContains(t, string(thumb), `class="coord"`)
			assert.NotContains(t, string(thumb), `id="board-title"`)
		}
	}
	examples := 0
	for _, p := range s.Paths() {
		if strings.HasPrefix(p, "examples/") && strings.HasSuffix(p, ".html") && p != "examples/index.html" {
			examples++
		}
	}
	assert.Len(t, entries, examples, "one entry per example page")
	stepWith := func(has func(m *tilekit.Mechanics) bool) string {
		i := slices.IndexFunc(cat.Steps, func(st tilekit.Step) bool { return has(&st.Mechanics) })
		require.GreaterOrEqual(t, i, 0)
		return cat.Steps[i].Name
	}
	for href, rule := range map[string]string{
		"../examples/drawbridges-example-1.html":          stepWith(func(m *tilekit.Mechanics) bool { return m.Crossing != nil }),
		"../examples/princess-dragon-portal-example.html": stepWith(func(m *tilekit.Mechanics) bool { return m.Deployment != nil }),
		"../examples/base-placement-cell-taken.html":      cat.Step("place-tile").Name,
		"../examples/base-road-majority.html":             cat.Step("score-features").Name,
	} {
		assert.Equal(t, rule, byHref[href].rule, href)
	}
}

// The Markdown index groups the examples by rule as the HTML one does,
// under third-level headings, and has no thumbnails.
func TestMarkdownExamplesIndexGroupsByRule(t *testing.T) {
	cat, _ := builtinBuild(t)
	md, err := site.Build(cat, site.Options{Format: site.Markdown})
	require.NoError(t, err)
	index, ok := md.File("examples/index.md")
	require.True(t, ok)
	crossing := slices.IndexFunc(cat.Steps, func(st tilekit.Step) bool { return st.Mechanics.Crossing != nil })
	require.GreaterOrEqual(t, crossing, 0)
	assert.Regexp(t, `(?m)^## The Drawbridges\n(?s:.*?)^### `+regexp.QuoteMeta(cat.Steps[crossing].Name)+`\n\n- \[`, string(index))
	for _, p := range md.Paths() {
		assert.False(t, strings.HasPrefix(p, "examples/thumbs/"), "a thumbnail in the Markdown site: %s", p)
	}
}
