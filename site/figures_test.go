package site_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/site"
)

// cellsOf returns the text of each cell of a table row.
func cellsOf(tr *html.Node) []string {
	var out []string
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "td" {
			out = append(out, textOf(c))
		}
	}
	return out
}

// TestFiguresTableShowsHowFollowersArePlayed checks that an expansion's
// page shows, for each follower a player owns, how many each player has,
// its weight in a majority (a number, or the words of its strength rule)
// and the kinds of feature it stands on, as the catalog gives them
// (tilekit.FollowerPlay), with its source.
func TestFiguresTableShowsHowFollowersArePlayed(t *testing.T) {
	cat, s := builtinBuild(t)
	pages := parseSite(t, s)
	rows := 0
	for i := range cat.Figures {
		f := &cat.Figures[i]
		if !f.PlayerFollower() || f.Play == nil {
			continue
		}
		page := pages["expansions/"+tilekit.ParentExpansion(f.Expansion)+".html"]
		require.NotNil(t, page, f.ID)
		tr := findByID(page.doc, "play-figure-"+f.ID)
		require.NotNil(t, tr, f.ID)
		rows++
		cells := cellsOf(tr)
		require.Len(t, cells, 5, f.ID)
		assert.Equal(t, f.Name, cells[0])
		assert.Equal(t, strconv.Itoa(f.Play.PerPlayer), cells[1], f.ID)
		if f.Play.Strength == tilekit.StrengthPennants {
			assert.Equal(t, "the pennants of its city", cells[2], f.ID)
		} else {
			assert.Equal(t, strconv.Itoa(f.Play.Weight), cells[2], f.ID)
		}
		assert.Len(t, strings.Split(cells[3], ", "), len(f.Play.StandsOn), f.ID)
		assert.Contains(t, cells[4], f.Play.Source.Title, f.ID)
	}
	assert.GreaterOrEqual(t, rows, 3, "the meeple, the mayor and more")
	meeple := findByID(pages["expansions/base.html"].doc, "play-figure-meeple")
	require.NotNil(t, meeple)
	assert.Equal(t, []string{"Meeple", "7", "1", "a road, a city, a cloister, a field"}, cellsOf(meeple)[:4])

	md, err := site.Build(cat, site.Options{Format: site.Markdown})
	require.NoError(t, err)
	page, _ := md.File("expansions/base.md")
	assert.Contains(t, string(page), "\n| Meeple | 7 | 1 | a road, a city, a cloister, a field | **rulebook** ")
}
