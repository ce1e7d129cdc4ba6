package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

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
// with stagePrefix, like every staging folder of tilekit.
const (
	siteStagePrefix = stagePrefix + "site-new-"
	siteOldPrefix   = stagePrefix + "site-old-"
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

// siteWriter writes a built site as the whole content of a folder.
type siteWriter struct {
	dir    string
	force  bool
	warn   io.Writer                           // where a leftover old folder is reported
	rename func(oldpath, newpath string) error // os.Rename; tests break it
	// exchange swaps the names of two folders in one step (exchangeDirs),
	// or returns errNoExchange; tests stand in for it.
	exchange func(a, b string) error
	// step, when set, is called at each point between two steps of the
	// swap, by name; tests stop the write there as a crash would.
	step func(point string)
}

// errNoExchange says that the system cannot swap two folders' names in
// one step.
var errNoExchange = errors.New("cannot exchange folders in one step here")

// writeSiteFolder replaces dir with the files of s, all of them or none:
// see siteWriter.write. When dir is a link to a folder, the folder it
// links to is replaced and the link kept (a web server's folder is often
// reached by one).
func writeSiteFolder(dir string, s siteFiles, force bool, warn io.Writer) error {
	dir = filepath.Clean(dir)
	if info, err := os.Lstat(dir); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			return usagef("%s: %v", dir, unwrapPathError(err))
		}
		dir = real
	}
	w := &siteWriter{dir: dir, force: force, warn: warn, rename: os.Rename, exchange: exchangeDirs}
	return w.write(s)
}

// at marks a point between two steps of the write.
func (w *siteWriter) at(point string) {
	if w.step != nil {
		w.step(point)
	}
}

// write holds a lock on the folder that holds the target, so that two
// builds into one folder take turns, removes what crashed builds left
// there, stages every file in a new folder beside the target, checks the
// target again and swaps the new folder in: see swap. When anything fails
// the target is left as it was, and the folders made for it are removed.
func (w *siteWriter) write(s siteFiles) error {
	parent := filepath.Dir(w.dir)
	made, err := makeDirs(parent)
	if err != nil {
		return fmt.Errorf("%s: %w", parent, unwrapPathError(err))
	}
	if err = w.writeLocked(parent, s); err != nil {
		removeDirs(made)
	}
	return err
}

// writeLocked does the work of write under the lock on parent.
func (w *siteWriter) writeLocked(parent string, s siteFiles) error {
	lock, err := lockDir(parent)
	if err != nil {
		return fmt.Errorf("%s: %w", parent, unwrapPathError(err))
	}
	defer lock.Close()
	if haveLocks {
		w.removeStale(parent)
	}
	if err := checkSiteFolder(w.dir, w.force); err != nil {
		return err // filled meanwhile by someone else
	}
	stage, err := w.stage(parent, s)
	if err == nil {
		w.at("staged")
		err = w.swap(parent, stage)
	}
	if err != nil && stage != "" {
		os.RemoveAll(stage)
	}
	return err
}

// removeStale removes the folders that site builds killed before they
// finished left in parent: a new site being written, an old one being
// removed. Every build that makes them holds the lock on parent, so while
// this build holds it they belong to no running build.
func (w *siteWriter) removeStale(parent string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		if n := e.Name(); e.IsDir() && (strings.HasPrefix(n, siteStagePrefix) || strings.HasPrefix(n, siteOldPrefix)) {
			if err := os.RemoveAll(filepath.Join(parent, n)); err != nil {
				fmt.Fprintf(w.warn, "tilekit: warning: a folder an earlier build left could not be removed: %v\n", err)
			}
		}
	}
}

// stage writes the files of s into a new folder in parent, and the marker
// file when s has none, and returns the folder.
func (w *siteWriter) stage(parent string, s siteFiles) (string, error) {
	stage, err := os.MkdirTemp(parent, siteStagePrefix+"*")
	if err != nil {
		return "", fmt.Errorf("%s: %w", parent, unwrapPathError(err))
	}
	if err := os.Chmod(stage, 0o755); err != nil {
		return stage, err
	}
	files := map[string][]byte{siteMarker: []byte(siteMarkerText)}
	paths := s.Paths()
	for _, p := range paths {
		data, ok := s.File(p)
		if !ok {
			return stage, fmt.Errorf("internal error: the site lists %s but has no such file", p)
		}
		files[p] = data
	}
	if !slices.Contains(paths, siteMarker) {
		paths = append(paths, siteMarker)
	}
	if err := w.makeStagedDirs(stage, paths); err != nil {
		return stage, err
	}
	return stage, w.writeStaged(stage, paths, files)
}

// makeStagedDirs checks that every name stays inside the site and makes
// the folders the files go in, below stage.
func (w *siteWriter) makeStagedDirs(stage string, paths []string) error {
	made := map[string]bool{".": true}
	for _, p := range paths {
		dst, err := pathInside(w.dir, p)
		if err != nil {
			return err
		}
		dir := path.Dir(filepath.ToSlash(filepath.Clean(filepath.FromSlash(p))))
		if made[dir] {
			continue
		}
		if _, err := makeDirs(filepath.Join(stage, filepath.FromSlash(dir))); err != nil {
			return fmt.Errorf("%s: %w", filepath.Dir(dst), unwrapPathError(err))
		}
		made[dir] = true
	}
	return nil
}

// writeStaged writes the files below stage; errors name the file where it
// was to go, below the target.
func (w *siteWriter) writeStaged(stage string, paths []string, files map[string][]byte) error {
	for _, p := range paths {
		name := filepath.FromSlash(p)
		if err := writeNewFile(filepath.Join(stage, name), files[p]); err != nil {
			return fmt.Errorf("%s: %w", filepath.Join(w.dir, name), unwrapPathError(err))
		}
	}
	return nil
}

// swap puts the staged folder in the target's place. A new target is the
// staged folder renamed, one step. An existing one is exchanged with the
// staged folder in one step where the system can (Linux), and the old
// site, now under the staged name, removed: a crash at any point leaves
// the target the old site or the new one, whole, and at most a staging
// folder that the next build removes. Elsewhere the old folder is moved
// aside and the new one moved in, two steps between which the target's
// name is briefly free.
func (w *siteWriter) swap(parent, stage string) error {
	if _, err := os.Lstat(w.dir); errors.Is(err, fs.ErrNotExist) {
		if err := w.rename(stage, w.dir); err != nil {
			return fmt.Errorf("%s: %w", w.dir, unwrapLinkError(err))
		}
		return nil
	}
	err := w.exchange(stage, w.dir)
	if errors.Is(err, errNoExchange) {
		return w.swapByRenames(parent, stage)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", w.dir, unwrapLinkError(err))
	}
	w.at("exchanged")
	w.removeOld(stage)
	return nil
}

// swapByRenames moves the target aside, moves the staged folder in by its
// name and removes the old folder; when the move in fails, the old folder
// is put back.
func (w *siteWriter) swapByRenames(parent, stage string) error {
	old, err := w.moveAside(parent)
	if err != nil {
		return err
	}
	w.at("moved aside")
	if err := w.rename(stage, w.dir); err != nil {
		err = fmt.Errorf("%s: %w", w.dir, unwrapLinkError(err))
		if perr := w.rename(old, w.dir); perr != nil {
			err = errors.Join(err, fmt.Errorf("could not put back %s, which is now %s: %w", w.dir, old, unwrapLinkError(perr)))
		}
		return err
	}
	w.at("moved in")
	w.removeOld(old)
	return nil
}

// removeOld removes the old site, or says where it is left.
func (w *siteWriter) removeOld(old string) {
	if err := os.RemoveAll(old); err != nil {
		fmt.Fprintf(w.warn, "tilekit: warning: the old site could not be removed: %v (remove %s yourself)\n", err, old)
	}
}

// moveAside renames the target to a new name beside it and returns that
// name.
func (w *siteWriter) moveAside(parent string) (string, error) {
	old, err := os.MkdirTemp(parent, siteOldPrefix+"*")
	if err != nil {
		return "", fmt.Errorf("%s: %w", parent, unwrapPathError(err))
	}
	if err := os.Remove(old); err != nil { // only the name was wanted
		return "", err
	}
	if err := w.rename(w.dir, old); err != nil {
		return "", fmt.Errorf("%s: cannot move it aside: %w", w.dir, unwrapLinkError(err))
	}
	return old, nil
}
