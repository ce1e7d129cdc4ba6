package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// readScenarioTOML validates a scenario file written by scenarioTOML and
// returns its one scenario, with the Origins cleared for comparison.
func readScenarioTOML(t *testing.T, data []byte) (*tilekit.Scenario, *tilekit.Catalog) {
	t.Helper()
	fsys := fstest.MapFS{"s.toml": &fstest.MapFile{Data: data}}
	res, err := validator.ValidateScenarios([]validator.ScenarioFile{{Name: "s.toml", FS: fsys, Path: "s.toml"}}, validator.BuiltinFolder())
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics, "%s", data)
	require.Len(t, res.Catalog.Scenarios, 1)
	s := res.Catalog.Scenarios[0]
	clearOrigins(&s)
	return &s, res.Catalog
}

func clearOrigins(s *tilekit.Scenario) {
	s.Origin = tilekit.Origin{}
	s.Expect.Origin = tilekit.Origin{}
	for i := range s.Followers {
		s.Followers[i].Origin = tilekit.Origin{}
	}
	for _, e := range []*tilekit.ScenarioExpect{&s.Expect} {
		for i := range e.Followers {
			e.Followers[i].Origin = tilekit.Origin{}
		}
	}
	if s.Fairy != nil {
		s.Fairy.Origin = tilekit.Origin{}
	}
	for i := range s.Turns {
		t := &s.Turns[i]
		t.Origin, t.Expect.Origin = tilekit.Origin{}, tilekit.Origin{}
		for j := range t.Expect.Followers {
			t.Expect.Followers[j].Origin = tilekit.Origin{}
		}
	}
}

// TestScenarioTOMLRoundTrip writes a scenario that sets every key, with a
// title that needs escapes and its translations, and reads it back
// through the validator.
func TestScenarioTOMLRoundTrip(t *testing.T) {
	five, two, yes := 5, 2, true
	want := tilekit.Scenario{
		ID: "base/every-key", Title: "Quotes \" and \\ backslashes,\ttabs and é", Expansions: []string{"base"},
		Edition: tilekit.C1, Publisher: tilekit.HansImGlueck, Players: 3,
		Translations: tilekit.Translations{"de": {"title": "Anführungszeichen \" und \\ Rückstriche"}, "fr": {"title": "Guillemets"}},
		Options:      tilekit.ScenarioOptions{NoFarmers: true, FirstEditionScoring: true},
		Position:     "0,0:base/D@0 1,0:base/U@0", Scores: []int{1, 0, 2},
		Followers: []tilekit.ScenarioFollower{{Player: 3, At: tilekit.BoardPosition{X: 1}, Feature: "road"}},
		Pile:      []string{"base/U", "base/V", "base/B"}, End: true,
		Source: tilekit.Citation{Kind: tilekit.FAQ, Title: "An FAQ", Section: "Roads", URL: "https://example.com/faq", Undated: true, Publisher: tilekit.HansImGlueck},
		Turns: []tilekit.ScenarioTurn{
			{Tile: "base/U", At: tilekit.BoardPosition{X: -1, Y: 0}, Rotation: 180, Moves: []string{"field2"}, Placements: &five, FollowerOptions: &two,
				Expect: tilekit.ScenarioExpect{Scores: []int{1, 0, 2}, Followers: []tilekit.ScenarioFollower{}, Events: []string{}}},
			{Tile: "base/V", Discard: true},
			{Tile: "base/B", At: tilekit.BoardPosition{X: 0, Y: 1}, Illegal: "meets"},
		},
		Expect: tilekit.ScenarioExpect{
			Scores: []int{4, 0, 2}, Supply: []int{7, 7, 6}, Ended: &yes, Events: []string{"complete road"},
			Board:     "0,0:base/D@0 1,0:base/U@0",
			Followers: []tilekit.ScenarioFollower{{Player: 2, At: tilekit.BoardPosition{}, Feature: "city"}},
		},
	}
	got, _ := readScenarioTOML(t, scenarioTOML(&want, "a comment"))
	assert.Equal(t, want, *got)
}

// TestBreakScenarioReplays writes the scenario of a random game, as a
// broken game's is written, and checks that the file validates and
// replays the game's every move: the engine accepts each one again.
func TestBreakScenarioReplays(t *testing.T) {
	cat, err := validator.BuiltinCatalog()
	require.NoError(t, err)
	sel, err := rules.Select(cat, nil)
	require.NoError(t, err)
	r, err := game.Compile(cat, sel, game.Setup{Edition: tilekit.C2})
	require.NoError(t, err)
	p, err := game.NewPlayout(r, 3, true)
	require.NoError(t, err)
	_, err = p.Play(11)
	require.NoError(t, err)
	s := p.Scenario("random game seed 11")
	require.NotEmpty(t, s.Turns)
	text := scenarioTOML(&s)
	assert.LessOrEqual(t, bytes.Count(text, []byte("\n")), len(s.Turns)+8, "one line a turn:\n%s", text)
	got, cat2 := readScenarioTOML(t, text)
	clearOrigins(&s)
	assert.Equal(t, s, *got)
	res := game.RunScenario(cat2, got)
	assert.Empty(t, res.Failures)
	assert.Equal(t, boardTiles(p.Game().Snapshot()), boardTiles(res.Snapshot), "the replay lays every tile where the game did")
	assert.NotEmpty(t, boardTiles(res.Snapshot))
}

// TestBreakScenarioReplaysTheExpansions writes the scenario of random
// games with The Princess & the Dragon and the Black Dragon, every
// decision included as a move (portal, princess, fairy, the dragons'
// steps, the drawbridges), one line a turn, and checks that the file reads
// back as written and replays the game to the same position.
func TestBreakScenarioReplaysTheExpansions(t *testing.T) {
	cat, err := validator.BuiltinCatalog()
	require.NoError(t, err)
	sel, err := rules.Select(cat, []string{"princess-dragon", "black-dragon", "drawbridges"})
	require.NoError(t, err)
	for _, edition := range []tilekit.Edition{tilekit.C2, tilekit.C3} {
		r, err := game.Compile(cat, sel, game.Setup{Edition: edition, Publisher: tilekit.RioGrande})
		require.NoError(t, err)
		p, err := game.NewPlayout(r, 3, true)
		require.NoError(t, err)
		_, err = p.Play(5)
		require.NoError(t, err)
		s := p.Scenario("random game seed 5")
		s.End, s.CheckInvariants = true, true
		text := scenarioTOML(&s)
		assert.LessOrEqual(t, bytes.Count(text, []byte("\n")), len(s.Turns)+12, "one line a turn:\n%s", text)
		assert.Contains(t, string(text), `"fairy `, "%s: the fairy's moves are written as moves", edition)
		if edition == tilekit.C2 {
			assert.Contains(t, string(text), `"dragon `, "the dragon's steps are written as moves")
		}
		got, cat2 := readScenarioTOML(t, text)
		clearOrigins(&s)
		assert.Equal(t, s, *got, "%s", edition)
		res := game.RunScenario(cat2, got)
		assert.Empty(t, res.Failures, "%s", edition)
		assert.Equal(t, p.Game().Snapshot(), res.Snapshot, "%s", edition)
	}
}

// boardTiles returns the tiles of a position in the notation, without the
// followers on them.
func boardTiles(position string) string {
	board, _, _ := strings.Cut(position, " / ")
	return regexp.MustCompile(`\[[^\]]*\]`).ReplaceAllString(board, "")
}

// TestWriteBreakScenarios checks the files written for broken games: one
// a game, named after its seed, at most maxBreakScenarios of them, none for
// an engine failure.
func TestWriteBreakScenarios(t *testing.T) {
	dir := t.TempDir()
	var breaks []playBreak
	breaks = append(breaks, playBreak{0, errors.New("the engine failed")})
	for i := range maxBreakScenarios + 2 {
		breaks = append(breaks, playBreak{i + 1, &game.BreakError{Seed: uint64(100 + i), Move: 3, What: "a score went down"}})
	}
	var out bytes.Buffer
	opts := &playOptions{players: 3, data: dataFlags{dirs: []string{"my data"}}}
	opts.sel.expansions, opts.sel.edition, opts.sel.variant = []string{"princess-dragon/dragon", "black-dragon"}, "C2", "rgg"
	require.NoError(t, writeBreakScenarios(&out, dir, breaks, opts.replayCommands))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, maxBreakScenarios)
	assert.FileExists(t, filepath.Join(dir, "random-seed-100.toml"))
	assert.NoFileExists(t, filepath.Join(dir, "random-seed-110.toml"))
	assert.Contains(t, out.String(), "wrote "+filepath.Join(dir, "random-seed-100.toml")+", which replays game seed 100")
	assert.Contains(t, out.String(), "wrote no replay for the other 2 broken games (at most 10 are written)")
	data, err := os.ReadFile(filepath.Join(dir, "random-seed-100.toml"))
	require.NoError(t, err)
	abs, err := filepath.Abs("my data")
	require.NoError(t, err)
	file := filepath.ToSlash(filepath.Join(dir, "random-seed-100.toml"))
	assert.Contains(t, string(data), "#   tilekit play --data '"+filepath.ToSlash(abs)+"' "+file+"\n")
	assert.Contains(t, string(data), "#   tilekit play --random 1 --seed 100 --players 3 --expansions princess-dragon/dragon,black-dragon --edition C2 --variant rgg --data '"+filepath.ToSlash(abs)+"'\n")
}

func TestLineDiff(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want []string
	}{
		{"x\ny\nz", "x\nz", []string{"  x", "- y", "  z"}},
		{"x\nz", "x\ny\nz", []string{"  x", "+ y", "  z"}},
		{"a\nb", "c", []string{"- a", "- b", "+ c"}},
		{"", "a", []string{"+ a"}},
		{"a\nb\nc", "b\nc\nd", []string{"- a", "  b", "  c", "+ d"}},
	} {
		assert.Equal(t, c.want, lineDiff(lines(c.a), lines(c.b)), "%q -> %q", c.a, c.b)
	}
}

func TestProgressLine(t *testing.T) {
	assert.Equal(t, "\r["+strings.Repeat(" ", progressWidth)+"] 0/200 games (0%)", progressLine(0, 200))
	assert.Equal(t, "\r["+strings.Repeat("=", progressWidth/2)+strings.Repeat(" ", progressWidth/2)+"] 100/200 games (50%)", progressLine(100, 200))
	assert.Equal(t, "\r["+strings.Repeat("=", progressWidth)+"] 200/200 games (100%)", progressLine(200, 200))
	assert.False(t, isTerminal(&bytes.Buffer{}))
}

// TestScenarioFilesWalksFolders checks which files a folder gives: every
// .toml file below it, in lexical order, hidden ones left out, and each
// file once however often it is named.
func TestScenarioFilesWalksFolders(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, name := range []string{"s/b.toml", "s/a.toml", "s/sub/c.toml", "s/.hidden/d.toml", "s/.e.toml", "s/notes.txt", "f.toml"} {
		writeFile(t, name, "")
	}
	files, err := scenarioFiles([]string{"s", "s/a.toml", "./f.toml", "f.toml"})
	require.NoError(t, err)
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	assert.Equal(t, []string{"s/a.toml", "s/b.toml", "s/sub/c.toml", "f.toml"}, names)
	_, err = scenarioFiles([]string{"nothing.toml"})
	assert.ErrorAs(t, err, new(usageError))
}

// The --random examples of play --help play every expansion they select:
// none is warned of (no tiles in the edition) or ignored.
func TestPlayExamplesPlayTheirExpansions(t *testing.T) {
	n := 0
	for _, line := range strings.Split(newPlayCmd().Example, "\n") {
		args := strings.Fields(line)
		if len(args) < 3 || !slices.Contains(args, "--random") {
			continue
		}
		n++
		args = append(args[1:], "--out", t.TempDir())
		args[slices.Index(args, "--random")+1] = "3"
		var stdout, stderr bytes.Buffer
		require.Equal(t, exitOK, run(args, &stdout, &stderr), "%s\n%s", line, stderr.String())
		assert.NotContains(t, stderr.String(), "warning", line)
	}
	assert.GreaterOrEqual(t, n, 4)
}

// At most maxBreakLines broken games are printed, then a count.
func TestWriteBreakLines(t *testing.T) {
	var breaks []playBreak
	for i := range maxBreakLines + 3 {
		breaks = append(breaks, playBreak{i, &game.BreakError{Seed: uint64(i), Move: 1, What: "x"}})
	}
	var out bytes.Buffer
	writeBreakLines(&out, breaks)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Len(t, lines, maxBreakLines+1)
	assert.Equal(t, "tilekit: game seed 0, move 1: x", lines[0])
	assert.Equal(t, "tilekit: 3 more broken games not listed", lines[maxBreakLines])
}
