package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRenderExitCodes checks the exit status and the one line a user sees
// for each way render can be used or misused.
func TestRenderExitCodes(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "pics"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "plain"), []byte("x"), 0o644))
	pics, plain := filepath.Join(dir, "pics"), filepath.Join(dir, "plain")
	for _, tc := range []struct {
		args   []string
		want   int
		stderr string
	}{
		{[]string{"render", "base/A", "-o", filepath.Join(pics, "a.svg")}, exitOK, ""},
		{[]string{"render", "base/A", "-o", pics}, exitUsage, "tilekit: " + pics + " is a folder\n"},
		{[]string{"render", "base/A", "-o", pics + string(filepath.Separator)}, exitUsage, "tilekit: " + pics + string(filepath.Separator) + " is a folder\n"},
		{[]string{"render", "base/A", "-o", filepath.Join(dir, "missing", "a.svg")}, exitUsage,
			"tilekit: cannot write " + filepath.Join(dir, "missing", "a.svg") + ": folder " + filepath.Join(dir, "missing") + " does not exist\n"},
		{[]string{"render", "base/A", "-o", filepath.Join(plain, "a.svg")}, exitUsage,
			"tilekit: cannot write " + filepath.Join(plain, "a.svg") + ": " + plain + " is not a folder\n"},
		{[]string{"render", "base/A", "--rotation", "45"}, exitUsage, "tilekit: --rotation 45: want 0, 90, 180 or 270\n"},
		{[]string{"render", "base/A", "--expansions", "drawbridges"}, exitUsage, "tilekit: --expansions chooses the tiles of --all DIR; give it with --all\n"},
		{[]string{"render", "--all", filepath.Join(dir, "all"), "--expansions", "nope"}, exitUsage, "tilekit: unknown expansion or part nope"},
		{[]string{"render", "--all", filepath.Join(dir, "db"), "--expansions", "drawbridges"}, exitOK, "tilekit: wrote "},
	} {
		var stdout, stderr bytes.Buffer
		got := run(tc.args, &stdout, &stderr)
		assert.Equal(t, tc.want, got, "tilekit %v\nstderr: %s", tc.args, stderr.String())
		if strings.HasSuffix(tc.stderr, "\n") {
			assert.Equal(t, tc.stderr, stderr.String(), "tilekit %v", tc.args)
		} else {
			assert.True(t, strings.HasPrefix(stderr.String(), tc.stderr), "tilekit %v: %s", tc.args, stderr.String())
		}
	}
	assert.NoDirExists(t, filepath.Join(dir, "missing"), "-o creates no folder")
	assert.NoDirExists(t, filepath.Join(dir, "all"), "a mistake writes nothing")
	left, err := os.ReadDir(pics)
	require.NoError(t, err)
	require.Len(t, left, 1, "no temporary file is left behind")
	assert.Equal(t, "a.svg", left[0].Name())
}

// TestRenderAllExpansions checks that --expansions draws the tiles of the
// chosen expansions and of the base game, and no others.
func TestRenderAllExpansions(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	require.Equal(t, exitOK, run([]string{"render", "--all", dir, "--expansions", "drawbridges"}, &stdout, &stderr), stderr.String())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"base", "drawbridges"}, names)
	count := 0
	for _, sub := range names {
		files, err := os.ReadDir(filepath.Join(dir, sub))
		require.NoError(t, err)
		count += len(files)
	}
	assert.Contains(t, stderr.String(), fmt.Sprintf("wrote %d pictures to %s", count, dir))
}
