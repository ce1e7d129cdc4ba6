package site_test

import (
	"bytes"
	stdhtml "html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/site"
)

// TestExampleBoardsShowTheScenario checks the boards of the four-player
// dragon example (scenarios/princess-dragon/dragon.toml) against its file,
// read by hand: eight tiles and three followers (Blue, Red and Green,
// players 2, 3 and 4) before; after, the dragon tile too, Green's monk alone, the dragon on -2,-2 and
// its flight from the volcano at 0,0 north, west, south, west, north, north.
func TestExampleBoardsShowTheScenario(t *testing.T) {
	_, s := builtinBuild(t)
	start, ok := s.File("examples/princess-dragon-dragon-example-four-players-start.svg")
	require.True(t, ok)
	end, ok := s.File("examples/princess-dragon-dragon-example-four-players-end.svg")
	require.True(t, ok)
	followers := regexp.MustCompile(`<title>(\w+)&#39;s follower</title>`)
	tiles := regexp.MustCompile(`<svg x="\d+" y="\d+" width="100" height="100"`)

	assert.Len(t, tiles.FindAll(start, -1), 8)
	assert.ElementsMatch(t, []string{"Blue", "Red", "Green"}, submatches(followers, start))
	assert.Contains(t, string(start), "<title>the red dragon</title>")

	assert.Len(t, tiles.FindAll(end, -1), 9)
	assert.Equal(t, []string{"Green"}, submatches(followers, end))
	// The board spans -2..1 by -2..0, below and beside a band of 18 that
	// labels its columns and rows, so tile x,y has its centre at
	// 278+100x, 278+100y.
	assert.Contains(t, string(end), `<polyline points="278,278 278,178 178,178 178,278 78,278 78,178 78,78"`)
	// The dragon mark sits on -2,-2, 22 above the tile's centre.
	assert.Contains(t, string(end), `<g transform="translate(78 56)">`)
	// The tile of turn 1, at 1,0, carries its number.
	assert.Regexp(t, `<svg x="328" y="228" width="100" height="100" viewBox="0 0 100 100">\n(?s:.*?)>1</text>`, string(end))
	// The columns -2..1 and the rows -2..0 are labelled, so that the
	// text's positions are found on the board.
	coords := regexp.MustCompile(`<text class="coord" x="(\d+)" y="(\d+)"[^>]*>(-?\d+)</text>`).FindAllStringSubmatch(string(end), -1)
	var labels []string
	for _, c := range coords {
		labels = append(labels, c[3])
	}
	assert.Equal(t, []string{"-2", "-1", "0", "1", "-2", "-1", "0"}, labels)

	page, ok := s.File("examples/princess-dragon-dragon-example-four-players.html")
	require.True(t, ok)
	text := string(page)
	for _, want := range []string{`src="../examples/princess-dragon-dragon-example-four-players-start.svg"`,
		"Yellow takes “Dragon on a road curve” and places it at 1,0 turned 180°; the dragon flies N (Yellow), W (Blue), S (Red), W (Green), N (Yellow), N (Blue)",
		"<li>dragon eats Blue&#39;s meeple at -1,-1 (What the red dragon eats, rulebook) <a class=\"ruling\" href=\"../tables/dragon-diet.html#follower-meeple\">"} {
		assert.True(t, strings.Contains(text, want), "the page does not say %s", want)
	}
	assert.Equal(t, 4, strings.Count(text, `<tr><td><span class="player"`))
}

// submatches returns the first group of every match.
func submatches(re *regexp.Regexp, data []byte) []string {
	var out []string
	for _, m := range re.FindAllSubmatch(data, -1) {
		out = append(out, string(m[1]))
	}
	return out
}

// TestFailingExampleIsABuildError changes the expected scores of a worked
// example: the build fails and names it.
func TestFailingExampleIsABuildError(t *testing.T) {
	cat, _ := builtinBuild(t)
	data := cat.Data
	data.Scenarios = slices.Clone(cat.Scenarios)
	i := slices.IndexFunc(data.Scenarios, func(s tilekit.Scenario) bool { return s.ID == "base/road-completed-three-tiles" })
	require.GreaterOrEqual(t, i, 0)
	data.Scenarios[i].Expect.Scores = []int{99, 0}
	_, err := site.Build(tilekit.NewCatalog(data), site.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "base/road-completed-three-tiles")
}

// BenchmarkBuild builds the whole built-in site; the issue asks for less
// than a second.
func BenchmarkBuild(b *testing.B) {
	cat, _ := builtinBuild(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := site.Build(cat, site.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestStatsPage builds the statistics of a few random games: a page and a
// chart per expansion with tiles, and no page without Options.Stats.
func TestStatsPage(t *testing.T) {
	cat, plain := builtinBuild(t)
	_, ok := plain.File("stats.html")
	assert.False(t, ok, "a statistics page without Options.Stats")
	s, err := site.Build(cat, site.Options{Stats: 3})
	require.NoError(t, err)
	page, ok := s.File("stats.html")
	require.True(t, ok)
	// The expansions with tiles, the Black Dragon, whose steps the engine
	// plays, and The Princess & the Dragon with the Black Dragon together.
	for _, id := range []string{"base", "black-dragon", "drawbridges", "princess-dragon", "princess-dragon-black-dragon"} {
		_, ok := s.File("stats/points-" + id + ".svg")
		assert.True(t, ok, "no chart for %s", id)
		assert.Contains(t, string(page), `<section id="stats-`+id+`">`)
	}
	assert.Contains(t, string(page), "random play, not strategy")
	// Only the rows that can apply: nothing is eaten in the base game, and
	// only the drawbridges' followers cross; the Black Dragon, which adds
	// no tiles, says in how many games it entered and that its games
	// otherwise repeat the base game's, without a table of the same
	// numbers.
	sections := map[string]string{}
	for _, sec := range strings.Split(string(page), "<section id=\"stats-")[1:] {
		id, _, _ := strings.Cut(sec, "\"")
		sections[id] = stdhtml.UnescapeString(sec)
	}
	assert.NotContains(t, sections["base"], "Figures eaten")
	assert.NotContains(t, sections["base"], "Followers crossing")
	assert.Contains(t, sections["drawbridges"], "Followers crossing into a linked feature")
	assert.Contains(t, sections["princess-dragon"], "Figures eaten")
	assert.Contains(t, sections["black-dragon"], "The black dragon enters in none of the 3 games.")
	assert.Contains(t, sections["black-dragon"], "play as those of Base game")
	assert.NotContains(t, sections["black-dragon"], "Final score of a player")
	// Every point a game scores is counted once, by feature or for the
	// fairy: the points add up to the players' scores.
	for _, sec := range strings.Split(string(page), "<section")[1:] {
		if !strings.Contains(sec, "Final score of a player") {
			continue // a section that plays as another's shows no averages
		}
		score := regexp.MustCompile(`Final score of a player</th><td>([0-9.]+) `).FindStringSubmatch(sec)
		require.NotNil(t, score)
		var sum float64
		for _, m := range regexp.MustCompile(`Points scored for [^<]*</th><td>([0-9.]+) `).FindAllStringSubmatch(sec, -1) {
			sum += atof(t, m[1])
		}
		assert.InDelta(t, 2*atof(t, score[1]), sum, 0.5, "the points by feature do not add up to the scores")
	}
}

// atof reads a number of a page.
func atof(t *testing.T, s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err)
	return f
}

// A worked example's list of the rules its events follow gives each rule
// as an item of its own, starting with a capital letter, although the same
// words follow an event inline in lower case.
func TestExampleRulesStartAsSentences(t *testing.T) {
	_, s := builtinBuild(t)
	page, ok := s.File("examples/princess-dragon-dragon-example-four-players.html")
	require.True(t, ok)
	items := submatches(regexp.MustCompile(`<li id="rule-\d+">([^<]*)`), page)
	require.NotEmpty(t, items)
	for _, item := range items {
		assert.Regexp(t, `^\p{Lu}`, item)
	}
}

// A worked example's score table shows each player's score at the start
// beside the final one, so that the Black Dragon's example shows the jump
// from 47 to 50 it exists to show.
func TestExampleShowsTheStartingScores(t *testing.T) {
	_, s := builtinBuild(t)
	page, ok := s.File("examples/black-dragon-example-4-enters-at-50.html")
	require.True(t, ok)
	table := string(page[bytes.Index(page, []byte(`<table class="scores"`)):])
	table = table[:strings.Index(table, "</table>")]
	assert.Contains(t, table, "Score at the start")
	assert.Regexp(t, `> Yellow</td><td>47</td><td>50</td>`, table)
}

// A follower deployed onto another tile than the one placed is drawn as an
// arrow from the tile placed to where it went: the portal example's from
// -1,0 to 0,0.
func TestExampleDrawsDeployments(t *testing.T) {
	_, s := builtinBuild(t)
	end, ok := s.File("examples/princess-dragon-portal-example-end.svg")
	require.True(t, ok)
	got := regexp.MustCompile(`<line class="deployment" x1="(\d+)" y1="(\d+)" x2="(\d+)" y2="(\d+)"`).FindAllStringSubmatch(string(end), -1)
	require.Len(t, got, 1)
	assert.Equal(t, got[0][2], got[0][4], "the arrow runs along the row")
	assert.Equal(t, "100", strconv.Itoa(atoi(t, got[0][3])-atoi(t, got[0][1])), "from -1,0 to 0,0: one tile east")
	assert.Contains(t, string(end), "a follower deployed from the tile placed to 0,0")
}

// atoi reads an integer of a page.
func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

// BenchmarkBuildTwoLanguages builds the whole built-in site in English and
// German, as `site build --lang en,de` does; the issue asks for less than a
// second and 100 MB.
func BenchmarkBuildTwoLanguages(b *testing.B) {
	cat, _ := builtinBuild(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := site.Build(cat, site.Options{Translations: []string{"de"}}); err != nil {
			b.Fatal(err)
		}
	}
}

// A worked example's turns name who plays them as the engine played
// them: the second tile of the builder's double turn is the same
// player's, and a figure of another kind is named ("puts the builder on
// road"), not called a follower.
func TestExampleTurnsFollowTheDoubleTurn(t *testing.T) {
	_, s := builtinBuild(t)
	page, ok := s.File("examples/traders-builders-builder-double-turn.html")
	require.True(t, ok)
	text := string(page)
	assert.Contains(t, text, "puts the builder on road")
	assert.Contains(t, text, "Yellow takes “City cap” and places it at 0,-1")
	assert.NotContains(t, text, "Blue takes “City cap”")
}

// A worked example says where a corner figure goes and draws it on the
// corner where the four tiles meet, not on its field's spot: the barn at
// the south-west corner of 2,-1 is the board point (200,0) from the
// origin tile's corner, which the picture, with its margin of 28 and row
// -1 on top, draws at (228,128); the field's spot would be inside the
// tile.
func TestExampleDrawsTheCornerFigureAtItsCorner(t *testing.T) {
	_, s := builtinBuild(t)
	page, ok := s.File("examples/abbey-mayor-barn-farmers-join-later.html")
	require.True(t, ok)
	assert.Contains(t, string(page), "puts the barn at the south-west corner of 2,-1")
	svg, ok := s.File("examples/abbey-mayor-barn-farmers-join-later-end.svg")
	require.True(t, ok)
	assert.Regexp(t, `<circle cx="228" cy="128" r="\d+" fill="[^"]+" stroke="#fff"`, string(svg))
}

// Two followers on one feature of a tile are drawn side by side: both
// wagons in D's city before the turn (abbey-mayor/wagons-in-turn-order).
func TestExampleDrawsFollowersOnOneFeatureApart(t *testing.T) {
	_, s := builtinBuild(t)
	svg, ok := s.File("examples/abbey-mayor-wagons-in-turn-order-start.svg")
	require.True(t, ok)
	spots := regexp.MustCompile(`<circle cx="([\d.]+)" cy="([\d.]+)" r="\d+" fill="[^"]+" stroke="#fff"`).FindAllStringSubmatch(string(svg), -1)
	require.Len(t, spots, 2)
	assert.Equal(t, spots[0][2], spots[1][2], "on one line")
	assert.NotEqual(t, spots[0][1], spots[1][1], "apart")
}
