package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/internal/atomicfs/atomicfstest"
)

// snapshot records a folder's whole state (see atomicfstest.Snapshot).
var snapshot = atomicfstest.Snapshot

// tilekitRun runs one command line in-process.
func tilekitRun(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestNewExpansionLongIDLeavesNothing(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "long")
	id := strings.Repeat("a", 300)
	code, _, stderr := tilekitRun("new", "expansion", id, dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "at most 64 characters")
	assert.NoDirExists(t, dir)
	assert.Empty(t, snapshot(t, parent)["long"], "nothing created")
	assert.Len(t, snapshot(t, parent), 1, "nothing created beside the folder")

	// Just under the limit and the default folder name: also fine.
	code, _, stderr = tilekitRun("new", "expansion", "moats", dir)
	require.Equal(t, exitOK, code, stderr)
	assert.FileExists(t, filepath.Join(dir, "expansions", "moats.toml"))
}

func TestNewExpansionIDAtTheLimit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x")
	code, _, stderr := tilekitRun("new", "expansion", strings.Repeat("b", 64), dir)
	require.Equal(t, exitOK, code, stderr)
	code, _, stderr = tilekitRun("new", "expansion", strings.Repeat("b", 65), filepath.Join(t.TempDir(), "y"))
	assert.Equal(t, exitUsage, code, stderr)
}

// Two runs into one empty folder at the same time: exactly one wins, the
// other is told the folder has files, and the folder holds one expansion.
// Half the rounds start from a missing folder, half from an empty one.
func TestNewExpansionConcurrentRunsOneWins(t *testing.T) {
	raceNewExpansion(t, 20, 3, func(id, dir string) (int, string) {
		code, _, stderr := tilekitRun("new", "expansion", id, dir)
		return code, stderr
	})
}

// The same, many more rounds, with more runs at once: scaffold is what
// new expansion calls once the id is checked, without loading the data.
func TestScaffoldConcurrentRunsOneWins(t *testing.T) {
	raceNewExpansion(t, 50, 3, func(id, dir string) (int, string) {
		err := scaffold(dir, id)
		if err == nil {
			return exitOK, ""
		}
		var stderr bytes.Buffer
		code := exitUsage
		if !errors.As(err, new(usageError)) {
			code = -1 // not a usage error: fails the test below
		}
		fmt.Fprintf(&stderr, "tilekit: %v\n", err)
		return code, stderr.String()
	})
}

func raceNewExpansion(t *testing.T, rounds, runs int, newExpansion func(id, dir string) (int, string)) {
	for i := range rounds {
		parent := t.TempDir()
		dir := filepath.Join(parent, "shared")
		if i%2 == 1 {
			require.NoError(t, os.Mkdir(dir, 0o755)) // an empty folder that is already there
		}
		codes := make([]int, runs)
		stderrs := make([]string, runs)
		var start, done sync.WaitGroup
		start.Add(1)
		for j := range runs {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				codes[j], stderrs[j] = newExpansion(fmt.Sprintf("run-%d", j), dir)
			}()
		}
		start.Done()
		done.Wait()
		wins := 0
		for j := range runs {
			if codes[j] == exitOK {
				wins++
				continue
			}
			assert.Equal(t, exitUsage, codes[j], stderrs[j])
			assert.Equal(t, "tilekit: "+dir+" already has files in it; choose a new folder\n", stderrs[j])
		}
		require.Equal(t, 1, wins, "round %d: exactly one run wins: %q", i, stderrs)
		for folder, want := range map[string]int{"expansions": 2, "tiles": 1, "interactions": 1, "scenarios": 1} {
			entries, err := os.ReadDir(filepath.Join(dir, folder))
			require.NoError(t, err)
			assert.Len(t, entries, want, "round %d: one file (and text/, or one folder) in %s", i, folder)
		}
		entries, err := os.ReadDir(parent)
		require.NoError(t, err)
		assert.Len(t, entries, 1, "round %d: no staging folder left beside it", i)
		entries, err = os.ReadDir(dir)
		require.NoError(t, err)
		assert.Len(t, entries, 7, "round %d: README.md, .taplo.toml and five folders, no staging folder", i)
	}
}

// TestSchemaExportKeepsChangedTaploConfig: a .taplo.toml someone changed
// is kept, with a warning and exit status 0, while the schemas are still
// written; --force replaces it.
func TestSchemaExportKeepsChangedTaploConfig(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".taplo.toml"), "# my own settings\n")
	writeFile(t, filepath.Join(dir, "schema", "tiles.schema.json"), "{\"mine\": true}\n")
	writeFile(t, filepath.Join(dir, "notes.txt"), "keep me\n")
	before := snapshot(t, dir)
	code, _, stderr := tilekitRun("schema", "export", dir)
	assert.Equal(t, exitOK, code, stderr)
	assert.Equal(t, "tilekit: warning: "+filepath.Join(dir, ".taplo.toml")+" differs from tilekit's and was kept; use --force to replace it\n"+
		"tilekit: wrote 4 schemas to "+dir+"\n", stderr)
	kept := snapshot(t, dir)
	assert.Equal(t, before[".taplo.toml"], kept[".taplo.toml"], "the changed .taplo.toml is kept")
	assert.Equal(t, before["notes.txt"], kept["notes.txt"])
	assert.NotEqual(t, before["schema/tiles.schema.json"], kept["schema/tiles.schema.json"], "the schemas are written")
	assert.Len(t, kept, 8, "., .taplo.toml, notes.txt, schema/ and four schemas: %v", keys(kept))

	code, _, stderr = tilekitRun("schema", "export", "--force", dir)
	require.Equal(t, exitOK, code, stderr)
	after := snapshot(t, dir)
	assert.NotEqual(t, before[".taplo.toml"], after[".taplo.toml"], "--force replaces it")
	assert.Equal(t, before["notes.txt"], after["notes.txt"])
	assert.Len(t, after, 8, "., .taplo.toml, notes.txt, schema/ and four schemas: %v", keys(after))
}

// render --all stops on a tile late in the list: no picture is written.
func TestRenderAllFailureLeavesDirUnchanged(t *testing.T) {
	dir := t.TempDir()
	// A folder sits where the last built-in tile's picture must go.
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "princess-dragon", "volcano-two-city-caps.svg"), 0o755))
	writeFile(t, filepath.Join(dir, "base", "A.svg"), "old picture")
	writeFile(t, filepath.Join(dir, "index.html"), "mine")
	before := snapshot(t, dir)
	code, _, stderr := tilekitRun("render", "--all", dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "volcano-two-city-caps.svg")
	assert.Equal(t, before, snapshot(t, dir), "nothing in the folder changed")

	require.NoError(t, os.Remove(filepath.Join(dir, "princess-dragon", "volcano-two-city-caps.svg")))
	code, _, stderr = tilekitRun("render", "--all", dir)
	require.Equal(t, exitOK, code, stderr)
	after := snapshot(t, dir)
	svg, err := os.ReadFile(filepath.Join(dir, "base", "A.svg"))
	require.NoError(t, err)
	assert.Contains(t, string(svg), "<title id=\"tk-base-A-r0-title\">")
	assert.Equal(t, before["index.html"], after["index.html"])
	for name := range after {
		assert.NotContains(t, name, "tilekit", "no temporary folder left")
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
