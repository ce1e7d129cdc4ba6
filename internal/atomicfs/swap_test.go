package atomicfs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/internal/dirlock"
)

// The prefixes of the folders the tests' swaps make.
const (
	testNewPrefix = StagePrefix + "test-new-"
	testOldPrefix = StagePrefix + "test-old-"
)

// newSwap is a Swap into dir as the tests use it.
func newSwap(dir string) *Swap {
	return &Swap{Dir: dir, NewPrefix: testNewPrefix, OldPrefix: testOldPrefix}
}

// assertNoSwapFolders checks that no folder of a swap is left in dir.
func assertNoSwapFolders(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, strings.HasPrefix(e.Name(), testNewPrefix) || strings.HasPrefix(e.Name(), testOldPrefix), "%s left in %s", e.Name(), dir)
	}
}

func TestSwapNewFolderWithParents(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "a", "public")
	require.NoError(t, newSwap(target).Write(mapFiles{"index.html": "home", "tables/diet.html": "diet"}))
	assert.Equal(t, map[string]string{
		".":                "drwxr-xr-x",
		"index.html":       "-rw-r--r-- home",
		"tables":           "drwxr-xr-x",
		"tables/diet.html": "-rw-r--r-- diet",
	}, snapshot(t, target))
	assertNoSwapFolders(t, filepath.Join(parent, "a"))
}

func TestSwapReplacesWhole(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "public")
	require.NoError(t, newSwap(target).Write(mapFiles{"index.html": "old", "old-only.html": "gone soon", "x/y.html": "y"}))
	require.NoError(t, newSwap(target).Write(mapFiles{"index.html": "new", "x/z.html": "z"}))
	assert.Equal(t, map[string]string{
		".":          "drwxr-xr-x",
		"index.html": "-rw-r--r-- new",
		"x":          "drwxr-xr-x",
		"x/z.html":   "-rw-r--r-- z",
	}, snapshot(t, target))
	assertNoSwapFolders(t, parent)
}

// A failed Check, a name too long, a name outside and a file listed
// without content leave everything as it was, and remove the folders made
// for the target.
func TestSwapFailuresLeaveEverythingAsItWas(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "public")
	require.NoError(t, newSwap(target).Write(mapFiles{"index.html": "old"}))
	before := snapshot(t, parent)
	err := newSwap(target).Write(mapFiles{"index.html": "new", "x/" + tooLong: "x"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), filepath.Join(target, "x", tooLong), "the error names the file, not the staging folder")
	assert.Equal(t, before, snapshot(t, parent))

	err = newSwap(target).Write(mapFiles{"../escape.html": "x"})
	assert.ErrorIs(t, err, ErrOutside)
	assert.Equal(t, before, snapshot(t, parent))

	refused := errors.New("not mine to replace")
	w := newSwap(target)
	w.Check = func() error { return refused }
	assert.Equal(t, refused, w.Write(mapFiles{"index.html": "new"}), "Check's error, as it is")
	assert.Equal(t, before, snapshot(t, parent))

	missing := filepath.Join(parent, "made", "for", "it")
	require.Error(t, newSwap(missing).Write(mapFiles{tooLong: "x"}))
	assert.NoDirExists(t, filepath.Join(parent, "made"), "folders made for a failed write are removed")
}

// When the new folder cannot be moved in, the old one is put back.
func TestSwapFailedSwapPutsTheOldFolderBack(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "public")
	require.NoError(t, newSwap(target).Write(mapFiles{"index.html": "old", "a.html": "a"}))
	before := snapshot(t, parent)
	w := newSwap(target)
	w.exchange = noExchange
	w.rename = func(from, to string) error {
		if strings.HasPrefix(filepath.Base(from), testNewPrefix) {
			return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EIO}
		}
		return os.Rename(from, to)
	}
	err := w.Write(mapFiles{"index.html": "new"})
	require.Error(t, err)
	assert.Equal(t, target+": input/output error", err.Error())
	assert.Equal(t, before, snapshot(t, parent), "the old folder is back, nothing else is left")

	w = newSwap(target)
	w.exchange = func(a, b string) error {
		return &os.LinkError{Op: "exchange", Old: a, New: b, Err: syscall.EIO}
	}
	err = w.Write(mapFiles{"index.html": "new"})
	require.Error(t, err)
	assert.Equal(t, target+": input/output error", err.Error())
	assert.Equal(t, before, snapshot(t, parent), "a failed exchange changes nothing")
}

// noExchange stands in for a system that cannot exchange two folders.
func noExchange(string, string) error { return ErrNoExchange }

// errCrash is what a test's step hook panics with, as a kill would stop
// the write there.
var errCrash = errors.New("crash")

// crashAt writes files into target with a swap that stops at point as a
// kill -9 would: nothing after it runs, not even the cleanup.
func crashAt(t *testing.T, target string, files Files, exchange func(a, b string) error, point string) (reached bool) {
	t.Helper()
	w := newSwap(target)
	w.exchange = exchange
	w.step = func(p string) {
		if p == point {
			reached = true
			panic(errCrash)
		}
	}
	defer func() {
		if r := recover(); r != nil && r != errCrash {
			panic(r)
		}
	}()
	require.NoError(t, w.Write(files))
	return reached
}

// A write killed at any point between its steps leaves the target the
// old content or the new one, whole, never missing; where the folders are
// exchanged in one step (Linux) that holds at every point. The next write
// removes what the killed one left.
func TestSwapCrashLeavesTheOldOrTheNewFolder(t *testing.T) {
	oldFiles := mapFiles{"index.html": "old", "a.html": "a"}
	newFiles := mapFiles{"index.html": "new", "b.html": "b"}
	exchanges := map[string]func(a, b string) error{"exchange": ExchangeDirs, "renames": noExchange}
	points := map[string][]string{"exchange": {"staged", "exchanged"}, "renames": {"staged", "moved aside", "moved in"}}
	if ExchangeDirs(t.TempDir(), t.TempDir()) == ErrNoExchange {
		delete(exchanges, "exchange")
	}
	for name, exchange := range exchanges {
		for _, point := range points[name] {
			t.Run(name+"/"+point, func(t *testing.T) {
				if !dirlock.Supported {
					t.Skip("no advisory locks on this system: what a killed write left is not removed")
				}
				parent := t.TempDir()
				target := filepath.Join(parent, "public")
				require.NoError(t, newSwap(target).Write(oldFiles))
				old := snapshot(t, target)
				require.True(t, crashAt(t, target, newFiles, exchange, point), "the write reaches %s", point)
				if name == "renames" && point == "moved aside" {
					assert.NoDirExists(t, target, "between the two renames the name is free: why Linux exchanges")
				} else {
					got := snapshot(t, target)
					assert.Contains(t, []string{"-rw-r--r-- old", "-rw-r--r-- new"}, got["index.html"])
					assert.Len(t, got, 3, "one folder, whole: %v", got)
				}
				require.NoError(t, newSwap(target).Write(newFiles))
				fresh := snapshot(t, target)
				assert.NotEqual(t, old, fresh)
				assert.Equal(t, "-rw-r--r-- new", fresh["index.html"])
				assertNoSwapFolders(t, parent)
			})
		}
	}
}

// A write holding the lock removes the folders of killed writes, and
// leaves other hidden folders alone; one it cannot remove is reported.
func TestSwapRemovesStaleFolders(t *testing.T) {
	if !dirlock.Supported {
		t.Skip("no advisory locks on this system: another write's folders cannot be told from stale ones")
	}
	parent := t.TempDir()
	target := filepath.Join(parent, "public")
	writeFile(t, filepath.Join(parent, testNewPrefix+"123", "index.html"), "half")
	writeFile(t, filepath.Join(parent, testOldPrefix+"456", "index.html"), "old")
	writeFile(t, filepath.Join(parent, StagePrefix+"other", "index.html"), "another kind of write's")
	writeFile(t, filepath.Join(parent, ".git", "HEAD"), "ref")
	var left []Leftover
	w := newSwap(target)
	w.Leftover = func(l Leftover) { left = append(left, l) }
	require.NoError(t, w.Write(mapFiles{"index.html": "new"}))
	assertNoSwapFolders(t, parent)
	assert.FileExists(t, filepath.Join(parent, ".git", "HEAD"))
	assert.FileExists(t, filepath.Join(parent, StagePrefix+"other", "index.html"))
	assert.Empty(t, left)
}

// The old content that cannot be removed is reported, and the write
// still succeeds.
func TestSwapReportsOldFolderLeft(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root removes a read-only folder's files")
	}
	parent := t.TempDir()
	target := filepath.Join(parent, "public")
	require.NoError(t, newSwap(target).Write(mapFiles{"sub/a.html": "a"}))
	require.NoError(t, os.Chmod(filepath.Join(target, "sub"), 0o555))
	var left []Leftover
	w := newSwap(target)
	w.Leftover = func(l Leftover) { left = append(left, l) }
	require.NoError(t, w.Write(mapFiles{"index.html": "new"}))
	require.Len(t, left, 1)
	assert.False(t, left[0].Stale)
	assert.Error(t, left[0].Err)
	assert.True(t, strings.HasPrefix(filepath.Base(left[0].Path), StagePrefix+"test-"), left[0].Path)
	require.NoError(t, os.Chmod(filepath.Join(left[0].Path, "sub"), 0o755))
	assert.Equal(t, "-rw-r--r-- new", snapshot(t, target)["index.html"])
}

// Two writes into one folder take turns: the folder ends up as one of the
// two, whole, never a mix.
func TestSwapConcurrentWritesDoNotMix(t *testing.T) {
	if !dirlock.Supported {
		t.Skip("no advisory locks on this system")
	}
	parent := t.TempDir()
	target := filepath.Join(parent, "public")
	a := mapFiles{"index.html": "a", "a.html": "a"}
	b := mapFiles{"index.html": "b", "b.html": "b"}
	for range 20 {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, files := range []mapFiles{a, b} {
			wg.Go(func() { errs[i] = newSwap(target).Write(files) })
		}
		wg.Wait()
		require.NoError(t, errors.Join(errs...))
		got := snapshot(t, target)
		index := strings.TrimPrefix(got["index.html"], "-rw-r--r-- ")
		require.Contains(t, []string{"a", "b"}, index)
		assert.Len(t, got, 3, "one folder whole: %v", got)
		assert.Contains(t, got, index+".html")
		assertNoSwapFolders(t, parent)
	}
}
