package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/tilekit/tilekit/internal/atomicfs"
	"github.com/tilekit/tilekit/site"
)

// The marker file at the root of every site tilekit writes (site.Build
// puts it there): a folder that has it may be replaced whole by the next
// build; any other folder with files in it is someone's work, replaced only
// with --force.
const (
	siteMarker     = site.MarkerFile
	siteMarkerText = "written by tilekit site build\n"
)

// Names of the folders a site build makes beside its target: the new site
// while it is written, and the old one while it is removed. Both start
// with atomicfs.StagePrefix, like every staging folder of tilekit.
const (
	siteStagePrefix = atomicfs.StagePrefix + "site-new-"
	siteOldPrefix   = atomicfs.StagePrefix + "site-old-"
)

// siteFiles is a built site as it is written to a folder: *site.Site.
type siteFiles interface {
	// Paths lists the files, slash-separated and relative to the root, sorted.
	Paths() []string
	// File returns a file's content.
	File(path string) ([]byte, bool)
}

// siteFolderState says what a site's target folder holds now.
type siteFolderState int

const (
	folderMissing siteFolderState = iota // nothing by that name
	folderEmpty                          // a folder with nothing in it
	folderSite                           // a folder with the marker: a site tilekit wrote
	folderForeign                        // a folder with files, without the marker
)

// inspectSiteFolder says what dir holds. A dir that is not a folder, or
// cannot be read, is a usage error.
func inspectSiteFolder(dir string) (siteFolderState, error) {
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return folderMissing, nil
	case err != nil:
		return 0, usagef("%s: %v", dir, unwrapPathError(err))
	case !info.IsDir():
		return 0, usagef("%s is not a folder", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, usagef("%s: %v", dir, unwrapPathError(err))
	}
	if len(entries) == 0 {
		return folderEmpty, nil
	}
	if m, err := os.Lstat(filepath.Join(dir, siteMarker)); err == nil && m.Mode().IsRegular() {
		return folderSite, nil
	}
	return folderForeign, nil
}

// checkSiteFolder refuses, as a usage error, a target that cannot be
// replaced: a file, a folder with files that tilekit did not write (unless
// force), and the working folder or a folder that holds it (replacing it
// would leave the shell in a deleted folder).
func checkSiteFolder(dir string, force bool) error {
	state, err := inspectSiteFolder(dir)
	if err != nil {
		return err
	}
	if state == folderMissing {
		return nil
	}
	if holdsWorkingFolder(dir) {
		return usagef("%s is the working folder or holds it: build the site into a folder below it", dir)
	}
	if state == folderForeign && !force {
		return usagef("%s has files tilekit did not write (no %s file in it); choose another folder, or use --force to replace it and everything in it", dir, siteMarker)
	}
	return nil
}

// checkNotDataFolder refuses, as a usage error and even with --force, a
// target that is a data folder being read, holds one, or lies inside one:
// replacing it would delete the data, and a site inside a data folder
// (say, Markdown pages in its expansions/text/) would be read as data by
// the next build.
func checkNotDataFolder(dir string, dataDirs []string) error {
	target := resolvedPath(dir)
	for _, data := range dataDirs {
		d := resolvedPath(data)
		switch {
		case isWithin(d, target):
			return usagef("%s is the data folder %s or holds it: build the site into another folder (--force does not replace data)", dir, data)
		case isWithin(target, d):
			return usagef("%s is inside the data folder %s: build the site into a folder outside it, where it cannot be read as data", dir, data)
		}
	}
	return nil
}

// isWithin says whether path is the folder dir or lies below it; both are
// absolute and resolved.
func isWithin(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// resolvedPath returns dir absolute, with the links of the part of it that
// exists resolved, so that two spellings of one folder compare equal even
// before the folder is made.
func resolvedPath(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return filepath.Clean(dir)
	}
	rest := ""
	for p := abs; ; p = filepath.Dir(p) {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(p) == p {
			return abs
		}
		rest = filepath.Join(filepath.Base(p), rest)
	}
}

// holdsWorkingFolder says whether dir is the working folder or one of the
// folders above it.
func holdsWorkingFolder(dir string) bool {
	wd, err := os.Getwd()
	if err != nil {
		return false
	}
	return isWithin(folderKey(wd), folderKey(dir))
}

// writeSiteFolder replaces dir with the files of s, and the marker file
// when s has none, all of them or none (see atomicfs.Swap), after checking
// dir again under the lock (checkSiteFolder). When dir is a link to a
// folder, the folder it links to is replaced and the link kept (a web
// server's folder is often reached by one). A folder that could not be
// removed is reported to warn.
func writeSiteFolder(dir string, s siteFiles, force bool, warn io.Writer) error {
	dir = filepath.Clean(dir)
	if info, err := os.Lstat(dir); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			return usagef("%s: %v", dir, unwrapPathError(err))
		}
		dir = real
	}
	w := &atomicfs.Swap{
		Dir:       dir,
		NewPrefix: siteStagePrefix,
		OldPrefix: siteOldPrefix,
		Check:     func() error { return checkSiteFolder(dir, force) }, // filled meanwhile by someone else
		Leftover:  func(l atomicfs.Leftover) { warnLeftover(warn, l) },
	}
	return w.Write(markedSite{s})
}

// warnLeftover says which folder of a site build could not be removed.
func warnLeftover(warn io.Writer, l atomicfs.Leftover) {
	if l.Stale {
		fmt.Fprintf(warn, "tilekit: warning: a folder an earlier build left could not be removed: %v\n", l.Err)
		return
	}
	fmt.Fprintf(warn, "tilekit: warning: the old site could not be removed: %v (remove %s yourself)\n", l.Err, l.Path)
}

// markedSite is a site with the marker file, added last when the site has
// none, so that the next build knows the folder for one tilekit wrote.
type markedSite struct{ siteFiles }

// Paths lists the site's files and the marker.
func (m markedSite) Paths() []string {
	paths := m.siteFiles.Paths()
	if !slices.Contains(paths, siteMarker) {
		paths = append(slices.Clip(paths), siteMarker)
	}
	return paths
}

// File returns a file's content, and the marker's when the site has none.
func (m markedSite) File(p string) ([]byte, bool) {
	if data, ok := m.siteFiles.File(p); ok || p != siteMarker {
		return data, ok
	}
	return []byte(siteMarkerText), true
}
