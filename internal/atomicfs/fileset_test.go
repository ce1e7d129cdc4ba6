package atomicfs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/internal/dirlock"
)

// assertNoStaging checks that no staging folder is left in dir.
func assertNoStaging(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, strings.HasPrefix(e.Name(), StagePrefix), "staging folder %s left in %s", e.Name(), dir)
	}
}

func TestNewFolderWritesAllWithModes(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "a", "b")
	s, err := NewFolder(target)
	require.NoError(t, err)
	defer s.Discard()
	require.NoError(t, s.Add("README.md", []byte("hello")))
	require.NoError(t, s.Add("tiles/x.toml", []byte("x")))
	assert.NoDirExists(t, target, "nothing visible before commit")
	require.NoError(t, s.Commit())
	s.Discard()
	assert.Equal(t, map[string]string{
		".":            "drwxr-xr-x",
		"README.md":    "-rw-r--r-- hello",
		"tiles":        "drwxr-xr-x",
		"tiles/x.toml": "-rw-r--r-- x",
	}, snapshot(t, target))
	assertNoStaging(t, filepath.Dir(target))
}

func TestNewFolderFailedAddLeavesNothing(t *testing.T) {
	parent := t.TempDir()
	before := snapshot(t, parent)
	target := filepath.Join(parent, "made", "new")
	s, err := NewFolder(target)
	require.NoError(t, err)
	require.NoError(t, s.Add("README.md", []byte("hello")))
	err = s.Add("tiles/"+tooLong, []byte("x"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), filepath.Join(target, "tiles", tooLong), "the error names the file, not the staging folder")
	s.Discard()
	assert.Equal(t, before, snapshot(t, parent), "the folders made for the target are gone too")
}

func TestNewFolderRefusesFilesAndKeepsThem(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "full")
	writeFile(t, filepath.Join(target, "mine.txt"), "mine")
	before := snapshot(t, parent)
	_, err := NewFolder(target)
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrNotEmpty)
	assert.Equal(t, target+" already has files in it", err.Error())
	assert.Equal(t, before, snapshot(t, parent))
}

// A folder filled after the start (by another run) is not overwritten:
// commit fails with a usage error and leaves the other run's files.
func TestNewFolderLosesToAFolderFilledMeanwhile(t *testing.T) {
	for _, existing := range []bool{false, true} {
		parent := t.TempDir()
		target := filepath.Join(parent, "race")
		if existing {
			require.NoError(t, os.Mkdir(target, 0o755))
		}
		s, err := NewFolder(target)
		require.NoError(t, err)
		require.NoError(t, s.Add("README.md", []byte("mine")))
		// Another run's rename, or (where the folder was there and locked)
		// something that is not tilekit, fills the folder.
		writeFile(t, filepath.Join(target, "other.txt"), "theirs")
		before := withoutStaging(snapshot(t, target))
		err = s.Commit()
		require.Error(t, err, "existing=%v", existing)
		assert.ErrorIs(t, err, ErrNotEmpty)
		assert.Equal(t, target+" already has files in it", err.Error())
		s.Discard()
		assert.Equal(t, before, withoutStaging(snapshot(t, target)))
		assertNoStaging(t, parent)
		assertNoStaging(t, target)
	}
}

// An empty folder that is already there (a mount point, the working
// directory) is filled in place, not replaced.
func TestNewFolderFillsAnEmptyFolderInPlace(t *testing.T) {
	target := t.TempDir()
	mode := snapshot(t, target)["."]
	before, err := os.Stat(target)
	require.NoError(t, err)
	s, err := NewFolder(target)
	require.NoError(t, err)
	defer s.Discard()
	require.NoError(t, s.Add("tiles/x.toml", []byte("x")))
	require.NoError(t, s.Commit())
	s.Discard()
	after, err := os.Stat(target)
	require.NoError(t, err)
	assert.True(t, os.SameFile(before, after), "the same folder")
	assert.Equal(t, map[string]string{".": mode, "tiles": "drwxr-xr-x", "tiles/x.toml": "-rw-r--r-- x"}, snapshot(t, target))
}

func TestIntoFolderReplacesAndKeepsOthers(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "keep.txt"), "keep")
	writeFile(t, filepath.Join(dir, "sub", "old.svg"), "old")
	mode := snapshot(t, dir)["."]
	s, err := IntoFolder(dir)
	require.NoError(t, err)
	defer s.Discard()
	require.NoError(t, s.Add("sub/old.svg", []byte("new")))
	require.NoError(t, s.Add("deep/er/n.svg", []byte("n")))
	require.NoError(t, s.Commit())
	s.Discard()
	assert.Equal(t, map[string]string{
		".":             mode,
		"keep.txt":      "-rw-r--r-- keep",
		"sub":           "drwxr-xr-x",
		"sub/old.svg":   "-rw-r--r-- new",
		"deep":          "drwxr-xr-x",
		"deep/er":       "drwxr-xr-x",
		"deep/er/n.svg": "-rw-r--r-- n",
	}, snapshot(t, dir))
}

func TestIntoFolderFailuresLeaveTargetAsBefore(t *testing.T) {
	for _, tc := range []struct {
		what  string
		setup func(t *testing.T, dir string)
		add   []string // names to add; the failure is in add when tooLong is among them
		want  string   // in the error
		kind  error    // the kind of refusal, or nil for the system's error
	}{
		{"a name too long for the file system", nil, []string{"a.svg", "sub/" + tooLong}, "file name too long", nil},
		{"a file where a folder is needed", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "base"), "a file, not a folder")
		}, []string{"a.svg", "new/b.svg", "base/A.svg"}, "a file is in the way where a folder is needed", ErrFileInTheWay},
		{"a folder where a file goes", func(t *testing.T, dir string) {
			require.NoError(t, os.MkdirAll(filepath.Join(dir, "base", "A.svg"), 0o755))
		}, []string{"a.svg", "new/b.svg", "base/A.svg"}, "a folder is in the way", ErrFolderInTheWay},
		{"a link to a folder on the way", func(t *testing.T, dir string) {
			require.NoError(t, os.Mkdir(filepath.Join(filepath.Dir(dir), "elsewhere"), 0o755))
			require.NoError(t, os.Symlink(filepath.Join("..", "elsewhere"), filepath.Join(dir, "base")))
		}, []string{"a.svg", "base/A.svg"}, "is a link inside", ErrLink},
		{"a name outside the folder", nil, []string{"a.svg", "../b.svg"}, "would be written outside", ErrOutside},
		{"a name twice", nil, []string{"a.svg", "./a.svg"}, "written twice", ErrTwice},
		{"a staging folder's name", nil, []string{StagePrefix + "x/a.svg"}, "tilekit's own", ErrReserved},
	} {
		t.Run(tc.what, func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "out")
			writeFile(t, filepath.Join(dir, "a.svg"), "old a")
			writeFile(t, filepath.Join(dir, "other.txt"), "other")
			if tc.setup != nil {
				tc.setup(t, dir)
			}
			before := snapshot(t, parent)
			s, err := IntoFolder(dir)
			require.NoError(t, err)
			for _, name := range tc.add {
				if err = s.Add(name, []byte("new "+name)); err != nil {
					break
				}
			}
			if err == nil {
				err = s.Commit()
			}
			s.Discard()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			if tc.kind != nil {
				assert.ErrorIs(t, err, tc.kind)
			}
			assert.NotContains(t, err.Error(), StagePrefix+"0", "the error names the target, not the staging folder")
			assert.Equal(t, before, snapshot(t, parent), "left as it was")
		})
	}
}

// A move that fails midway (after the checks) puts back every file already
// moved and removes the folders made for them.
func TestIntoFolderRollsBackAFailedMove(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	writeFile(t, filepath.Join(dir, "a.svg"), "old a")
	writeFile(t, filepath.Join(dir, "b", "b.svg"), "old b")
	before := snapshot(t, parent)
	s, err := IntoFolder(dir)
	require.NoError(t, err)
	for _, name := range []string{"a.svg", "new/n.svg", "b/b.svg", "c.svg", "d.svg"} {
		require.NoError(t, s.Add(name, []byte("new")))
	}
	moves := 0
	s.rename = func(oldpath, newpath string) error {
		if moves++; moves == 4 {
			return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: errors.New("disk on fire")}
		}
		return os.Rename(oldpath, newpath)
	}
	err = s.Commit()
	require.Error(t, err)
	assert.Equal(t, filepath.Join(dir, "c.svg")+": disk on fire", err.Error())
	s.Discard()
	assert.Equal(t, before, snapshot(t, parent), "left as it was")
}

// A target folder that IntoFolder made is removed again on failure.
func TestIntoFolderRemovesTheFolderItMade(t *testing.T) {
	parent := t.TempDir()
	s, err := IntoFolder(filepath.Join(parent, "new", "out"))
	require.NoError(t, err)
	require.NoError(t, s.Add("a.svg", []byte("a")))
	require.Error(t, s.Add(tooLong, []byte("x")))
	s.Discard()
	entries, err := os.ReadDir(parent)
	require.NoError(t, err)
	assert.Empty(t, entries)
}

func TestIntoFolderRefusesAFile(t *testing.T) {
	parent := t.TempDir()
	writeFile(t, filepath.Join(parent, "out"), "a file")
	_, err := IntoFolder(filepath.Join(parent, "out"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is not a folder")
}

// While one run holds a folder, another waits for it.
func TestIntoFolderLocksOutOtherRuns(t *testing.T) {
	if !dirlock.Supported {
		t.Skip("no advisory locks on this system")
	}
	dir := t.TempDir()
	first, err := IntoFolder(dir)
	require.NoError(t, err)
	var got atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		second, err := IntoFolder(dir)
		if assert.NoError(t, err) {
			got.Store(true)
			second.Discard()
		}
	}()
	time.Sleep(100 * time.Millisecond)
	assert.False(t, got.Load(), "the second run waits while the first holds the folder")
	first.Discard()
	wg.Wait()
	assert.True(t, got.Load(), "and goes on once it is released")
}

func TestFileSetRefusesUseAfterCommit(t *testing.T) {
	s, err := IntoFolder(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, s.Commit())
	assert.Error(t, s.Add("a", nil))
	assert.Error(t, s.Commit())
	s.Discard()
	s.Discard()
}

// withoutStaging drops staging folders from a snapshot.
func withoutStaging(snap map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range snap {
		if !strings.HasPrefix(k, StagePrefix) {
			out[k] = v
		}
	}
	return out
}
