package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/internal/atomicfs"
	"github.com/tilekit/tilekit/internal/dirlock"
)

// tooLong is a file name no common file system takes (over 255 bytes).
var tooLong = strings.Repeat("n", 300) + ".txt"

// mapSite is a built site made by hand, standing in for site.Build's.
type mapSite fstest.MapFS

func (m mapSite) Paths() []string {
	var paths []string
	for p := range m {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

func (m mapSite) File(p string) ([]byte, bool) {
	f, ok := m[p]
	if !ok {
		return nil, false
	}
	return f.Data, true
}

// newMapSite makes a site of the files given as name, content, name,
// content...; the marker is added unless noMarker.
func newMapSite(noMarker bool, files ...string) mapSite {
	m := mapSite{}
	for i := 0; i+1 < len(files); i += 2 {
		m[files[i]] = &fstest.MapFile{Data: []byte(files[i+1])}
	}
	if !noMarker {
		m[siteMarker] = &fstest.MapFile{Data: []byte(siteMarkerText)}
	}
	return m
}

// assertNoSiteStaging checks that no folder of a site build is left in dir.
func assertNoSiteStaging(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, strings.HasPrefix(e.Name(), siteStagePrefix) || strings.HasPrefix(e.Name(), siteOldPrefix), "%s left in %s", e.Name(), dir)
	}
}

func TestSiteFolderNewWithParents(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "a", "public")
	s := newMapSite(true, "index.html", "home", "tables/dragon-diet.html", "diet")
	require.NoError(t, writeSiteFolder(target, s, false, io.Discard))
	assert.Equal(t, map[string]string{
		".":                       "drwxr-xr-x",
		siteMarker:                "-rw-r--r-- " + siteMarkerText, // added: the site had none
		"index.html":              "-rw-r--r-- home",
		"tables":                  "drwxr-xr-x",
		"tables/dragon-diet.html": "-rw-r--r-- diet",
	}, snapshot(t, target))
	assertNoSiteStaging(t, filepath.Join(parent, "a"))
}

func TestSiteFolderReplacesAnEarlierSiteWhole(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "public")
	require.NoError(t, writeSiteFolder(target, newMapSite(false, "index.html", "old", "old-only.html", "gone soon", "x/y.html", "y"), false, io.Discard))
	require.NoError(t, writeSiteFolder(target, newMapSite(false, "index.html", "new", "x/z.html", "z"), false, io.Discard))
	assert.Equal(t, map[string]string{
		".":          "drwxr-xr-x",
		siteMarker:   "-rw-r--r-- " + siteMarkerText,
		"index.html": "-rw-r--r-- new",
		"x":          "drwxr-xr-x",
		"x/z.html":   "-rw-r--r-- z",
	}, snapshot(t, target))
	assertNoSiteStaging(t, parent)
}

func TestSiteFolderRefusesAForeignFolderUnlessForced(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "docs")
	writeFile(t, filepath.Join(target, "thesis.tex"), "mine")
	before := snapshot(t, parent)
	err := checkSiteFolder(target, false)
	require.Error(t, err)
	assert.True(t, errors.As(err, new(usageError)), "a usage error: exit 2")
	assert.Contains(t, err.Error(), "has files tilekit did not write")
	err = writeSiteFolder(target, newMapSite(false, "index.html", "home"), false, io.Discard)
	require.Error(t, err, "checked again when the files are moved in")
	assert.Equal(t, before, snapshot(t, parent), "left as it was")

	require.NoError(t, checkSiteFolder(target, true))
	require.NoError(t, writeSiteFolder(target, newMapSite(false, "index.html", "home"), true, io.Discard))
	assert.NoFileExists(t, filepath.Join(target, "thesis.tex"))
	assert.FileExists(t, filepath.Join(target, "index.html"))
}

func TestSiteFolderTargetStates(t *testing.T) {
	parent := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(parent, "empty"), 0o755))
	writeFile(t, filepath.Join(parent, "file"), "x")
	writeFile(t, filepath.Join(parent, "site", siteMarker), siteMarkerText)
	writeFile(t, filepath.Join(parent, "site", "index.html"), "x")
	writeFile(t, filepath.Join(parent, "fake", siteMarker, "index.html"), "a folder, not the marker")
	for name, want := range map[string]siteFolderState{"missing": folderMissing, "empty": folderEmpty, "site": folderSite, "fake": folderForeign} {
		got, err := inspectSiteFolder(filepath.Join(parent, name))
		require.NoError(t, err, name)
		assert.Equal(t, want, got, name)
	}
	_, err := inspectSiteFolder(filepath.Join(parent, "file"))
	assert.True(t, errors.As(err, new(usageError)), "a file is refused: %v", err)

	target := filepath.Join(parent, "empty")
	require.NoError(t, writeSiteFolder(target, newMapSite(false, "index.html", "home"), false, io.Discard))
	assert.FileExists(t, filepath.Join(target, "index.html"))
}

// A link to a site is kept, and the folder it links to is replaced.
func TestSiteFolderThroughALink(t *testing.T) {
	parent := t.TempDir()
	real := filepath.Join(parent, "www", "rules")
	require.NoError(t, writeSiteFolder(real, newMapSite(false, "index.html", "old"), false, io.Discard))
	link := filepath.Join(parent, "public")
	require.NoError(t, os.Symlink(filepath.Join("www", "rules"), link))
	require.NoError(t, checkSiteFolder(link, false))
	require.NoError(t, writeSiteFolder(link, newMapSite(false, "index.html", "new"), false, io.Discard))
	info, err := os.Lstat(link)
	require.NoError(t, err)
	assert.True(t, info.Mode()&fs.ModeSymlink != 0, "still a link")
	data, err := os.ReadFile(filepath.Join(real, "index.html"))
	require.NoError(t, err)
	assert.Equal(t, "new", string(data))
	assertNoSiteStaging(t, parent)
	assertNoSiteStaging(t, filepath.Join(parent, "www"))
}

func TestSiteFolderRefusesTheWorkingFolder(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "public")
	require.NoError(t, writeSiteFolder(target, newMapSite(false, "index.html", "home"), false, io.Discard))
	require.NoError(t, os.Mkdir(filepath.Join(target, "sub"), 0o755))
	t.Chdir(filepath.Join(target, "sub"))
	for _, dir := range []string{"..", target, parent} {
		err := checkSiteFolder(dir, true)
		require.Error(t, err, dir)
		assert.Contains(t, err.Error(), "is the working folder or holds it")
	}
	assert.NoError(t, checkSiteFolder("below", false), "a folder below the working folder is fine")
}

func TestSiteFolderFailedWriteLeavesEverythingAsItWas(t *testing.T) {
	parent := t.TempDir()
	target := filepath.Join(parent, "public")
	require.NoError(t, writeSiteFolder(target, newMapSite(false, "index.html", "old"), false, io.Discard))
	before := snapshot(t, parent)
	err := writeSiteFolder(target, newMapSite(false, "index.html", "new", "x/"+tooLong, "x"), false, io.Discard)
	require.Error(t, err)
	assert.Contains(t, err.Error(), filepath.Join(target, "x", tooLong), "the error names the file, not the staging folder")
	assert.Equal(t, before, snapshot(t, parent))

	err = writeSiteFolder(target, newMapSite(false, "../escape.html", "x"), false, io.Discard)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "would be written outside")
	assert.Equal(t, before, snapshot(t, parent))

	missing := filepath.Join(parent, "made", "for", "it")
	require.Error(t, writeSiteFolder(missing, newMapSite(false, tooLong, "x"), false, io.Discard))
	assert.NoDirExists(t, filepath.Join(parent, "made"), "folders made for a failed site are removed")
}

// A build holding the lock removes the staging folders of killed builds,
// and leaves other hidden folders alone.
func TestSiteFolderRemovesStaleStagingFolders(t *testing.T) {
	if !dirlock.Supported {
		t.Skip("no advisory locks on this system: another build's folders cannot be told from stale ones")
	}
	parent := t.TempDir()
	target := filepath.Join(parent, "public")
	writeFile(t, filepath.Join(parent, siteStagePrefix+"123", "index.html"), "half")
	writeFile(t, filepath.Join(parent, siteOldPrefix+"456", "index.html"), "old")
	writeFile(t, filepath.Join(parent, ".git", "HEAD"), "ref")
	require.NoError(t, writeSiteFolder(target, newMapSite(false, "index.html", "new"), false, io.Discard))
	assertNoSiteStaging(t, parent)
	assert.FileExists(t, filepath.Join(parent, ".git", "HEAD"))
}

// A folder a build could not remove is reported as a warning that says
// which and what to do.
func TestSiteFolderWarnsOfLeftovers(t *testing.T) {
	var b strings.Builder
	cause := &fs.PathError{Op: "unlinkat", Path: "/w/.tilekit-site-old-1/x", Err: fs.ErrPermission}
	warnLeftover(&b, atomicfs.Leftover{Path: "/w/.tilekit-site-new-1", Stale: true, Err: cause})
	warnLeftover(&b, atomicfs.Leftover{Path: "/w/.tilekit-site-old-1", Err: cause})
	assert.Equal(t, "tilekit: warning: a folder an earlier build left could not be removed: unlinkat /w/.tilekit-site-old-1/x: permission denied\n"+
		"tilekit: warning: the old site could not be removed: unlinkat /w/.tilekit-site-old-1/x: permission denied (remove /w/.tilekit-site-old-1 yourself)\n", b.String())
}
