package main

import (
	"bytes"
	"io/fs"
	"math"
	"path/filepath"
	"runtime/debug"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/validator"
)

// deniedFS is a folder one entry of which cannot be read, as a folder
// without permissions (which root reads all the same).
type deniedFS struct {
	fstest.MapFS
	denied string
}

// The folder is read through fs.ReadDir and fs.Stat, which use these.

func (f deniedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == f.denied {
		return nil, &fs.PathError{Op: "readdirent", Path: name, Err: fs.ErrPermission}
	}
	return f.MapFS.ReadDir(name)
}

func (f deniedFS) Stat(name string) (fs.FileInfo, error) {
	if name == f.denied {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrPermission}
	}
	return f.MapFS.Stat(name)
}

func TestHasSubfolderSaysWhyAFolderCannotBeRead(t *testing.T) {
	files := fstest.MapFS{"tiles/a.toml": {}, "notes/b.md": {}}
	found, err := hasSubfolder(files)
	require.NoError(t, err)
	assert.True(t, found)
	found, err = hasSubfolder(fstest.MapFS{"notes/b.md": {}})
	require.NoError(t, err)
	assert.False(t, found)
	// An unreadable folder is not one without data folders.
	for _, denied := range []string{".", "tiles"} {
		_, err = hasSubfolder(deniedFS{files, denied})
		assert.ErrorIs(t, err, fs.ErrPermission, denied)
	}
}

// TestEveryLoadLimitsMemory checks that the memory limit for the data
// read is set on every path that loads data, shell completion included.
func TestEveryLoadLimitsMemory(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "") // the limit tilekit sets, not the caller's
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	want := memoryLimit(validator.DataSize(validator.BuiltinFolder()))
	for _, tc := range []struct {
		args []string
		out  string // in what it prints
	}{
		{[]string{"validate"}, ""},
		{[]string{"tiles"}, "base/A"},
		{[]string{"__complete", "render", "base/"}, "base/A\t"},
		{[]string{"__complete", "query", "dragon-diet", ""}, "meeple\t"},
		{[]string{"__complete", "tiles", "--expansions", "princess"}, "princess-dragon\t"},
	} {
		debug.SetMemoryLimit(math.MaxInt64)
		var stdout, stderr bytes.Buffer
		run(tc.args, &stdout, &stderr)
		assert.Contains(t, stdout.String(), tc.out, "tilekit %v", tc.args)
		assert.Equal(t, want, debug.SetMemoryLimit(-1), "tilekit %v", tc.args)
	}
}

// TestSiteBuildMakesRoomForItsPages checks that a site build raises the
// memory limit by the room its pages take in each language, without which
// it spends most of its time collecting garbage.
func TestSiteBuildMakesRoomForItsPages(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	size := validator.DataSize(validator.BuiltinFolder())
	for _, tc := range []struct {
		lang      string
		languages int
	}{{"en", 1}, {"en,de", 2}} {
		debug.SetMemoryLimit(math.MaxInt64)
		var stdout, stderr bytes.Buffer
		code := run([]string{"site", "build", "--lang", tc.lang, filepath.Join(t.TempDir(), "public")}, &stdout, &stderr)
		require.Equal(t, 0, code, stderr.String())
		assert.Equal(t, siteMemoryLimit(size, tc.languages), debug.SetMemoryLimit(-1), "--lang %s", tc.lang)
	}
	assert.Greater(t, siteMemoryLimit(size, 2), siteMemoryLimit(size, 1))
	assert.Greater(t, siteMemoryLimit(size, 1), memoryLimit(size))
	assert.Equal(t, int64(memoryMost), siteMemoryLimit(1<<40, 2), "a limit however large the data")
}
