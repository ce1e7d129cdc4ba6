// Package atomicfs writes files so that a reader, or a run killed midway,
// never sees half of what was written: one file through a temporary file
// and a rename (WriteFile), several files that belong together as one
// (FileSet: all of them or none), and a folder's whole content replaced in
// one step (Swap). The lock that keeps two runs apart is package dirlock's.
//
// See Example, ExampleNewFolder, ExampleWriteFile and ExampleSwap for the
// use.
package atomicfs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tilekit/tilekit/internal/dirlock"
)

// A FileSet writes several files as one: all of them or none. Each file is
// first written in full to a hidden staging folder on the same file
// system as the target; only when every file is written are they moved into
// place by rename. A failure at any step leaves the target as it was, and
// the staging folder is removed.
//
// There are two ways in:
//
//   - NewFolder makes a folder that must not exist or be empty. When it does
//     not exist, the files are staged in a folder beside it that is renamed
//     onto the target name in one step: the rename is the claim on the name,
//     so of two runs exactly one wins. When it exists and is empty (perhaps
//     a mount point, or the working directory), the files are staged inside
//     it and moved in under a lock, as for IntoFolder.
//   - IntoFolder adds files to a folder that may hold other files. It holds
//     an advisory lock on the folder from the start, so that two runs cannot
//     interleave; Commit checks that every destination can take its file
//     before it moves any, and puts back what was there if a move still
//     fails midway. A link to a folder on the way to a file is refused
//     (ErrLink); a link where a file goes is replaced, never followed.
//
// A FileSet is used by one goroutine: Add each file, then Commit, and
// Discard in any case (deferred).
type FileSet struct {
	target  string          // the folder the files are for, cleaned
	whole   bool            // the staging folder becomes the target by one rename
	empty   bool            // commit refuses unless the target holds nothing else
	lock    *dirlock.Folder // the locked target folder, or nil
	stageIn string          // where the staging folder is made
	stage   string          // the staging folder, "" until the first add
	root    string          // where staged files go: stage, or stage/new
	names   []string        // slash-separated names, in the order added
	seen    map[string]bool
	made    []string // folders made for the target, outermost first; removed unless committed
	done    bool     // committed or discarded: no more adds
	ok      bool     // committed
	rename  func(oldpath, newpath string) error
}

// StagePrefix starts the name of every staging folder this package makes
// (and of the folders a Swap makes, by their prefixes); the names added to
// a FileSet may not start with it.
const StagePrefix = ".tilekit-"

// NewFolder starts a set of files that make up the new folder target. A
// target with files in it is refused with ErrNotEmpty, now or at Commit
// when another run filled it meanwhile; a file is refused with
// ErrNotFolder.
func NewFolder(target string) (*FileSet, error) {
	s := &FileSet{target: filepath.Clean(target), empty: true, seen: map[string]bool{}, rename: os.Rename}
	info, err := os.Stat(s.target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		s.whole = true
		s.stageIn = filepath.Dir(s.target)
		if s.made, err = makeDirs(s.stageIn); err != nil {
			return nil, err
		}
		return s, nil
	case err != nil:
		return nil, &Error{Path: s.target, Err: unwrapPathError(err)}
	case !info.IsDir():
		return nil, &Error{Path: s.target, Err: ErrNotFolder}
	}
	if s.lock, err = dirlock.Lock(s.target); err != nil {
		if errors.Is(err, dirlock.ErrChanged) {
			return nil, s.taken()
		}
		return nil, err
	}
	s.stageIn = s.target
	if err := s.checkEmpty(); err != nil {
		s.Discard()
		return nil, err
	}
	return s, nil
}

// IntoFolder starts a set of files to add to the folder target, making it
// (and the folders above it) when it does not exist; Discard removes what
// it made unless the set was committed. It locks the folder until Discard.
func IntoFolder(target string) (*FileSet, error) {
	s := &FileSet{target: filepath.Clean(target), seen: map[string]bool{}, rename: os.Rename}
	s.stageIn = s.target
	for range 3 {
		made, err := makeDirs(s.target)
		s.made = append(s.made, made...)
		if err != nil {
			s.Discard()
			return nil, err
		}
		if info, err := os.Stat(s.target); err == nil && !info.IsDir() {
			s.Discard()
			return nil, &Error{Path: s.target, Err: ErrNotFolder}
		}
		s.lock, err = dirlock.Lock(s.target)
		if errors.Is(err, dirlock.ErrChanged) {
			continue // removed or replaced meanwhile by another run: again
		}
		if err != nil {
			s.Discard()
			return nil, err
		}
		return s, nil
	}
	s.Discard()
	return nil, fmt.Errorf("%s: the folder keeps changing; try again", s.target)
}

// taken is the refusal of a target that has files in it.
func (s *FileSet) taken() error {
	return &Error{Path: s.target, Err: ErrNotEmpty}
}

// checkEmpty refuses, for a new folder made in place, a target that holds
// anything but the staging folder, or that is no longer the folder locked.
func (s *FileSet) checkEmpty() error {
	if s.lock != nil {
		if err := s.lock.Names(s.target); err != nil {
			return s.taken()
		}
	}
	entries, err := os.ReadDir(s.target)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if s.stage == "" || e.Name() != filepath.Base(s.stage) {
			return s.taken()
		}
	}
	return nil
}

// Add stages a file: name is slash-separated and relative to the target,
// and data its whole content (mode 0644). A name outside the target
// (ErrOutside), one given before (ErrTwice) or one that starts with
// StagePrefix (ErrReserved) is refused; an error names the file where it
// was to go, never the staging folder. Nothing is visible in the target
// before Commit.
func (s *FileSet) Add(name string, data []byte) error {
	if s.done {
		return errors.New("internal error: file set already committed or discarded")
	}
	dst, err := pathInside(s.target, name)
	if err != nil {
		return err
	}
	key := filepath.ToSlash(filepath.Clean(filepath.FromSlash(name)))
	if strings.HasPrefix(key, StagePrefix) {
		return &Error{Path: dst, Folder: s.target, Err: ErrReserved}
	}
	if s.seen[key] {
		return &Error{Path: dst, Folder: s.target, Err: ErrTwice}
	}
	if s.stage == "" {
		if err := s.makeStage(); err != nil {
			return fmt.Errorf("%s: %w", s.target, unwrapPathError(err))
		}
	}
	staged := filepath.Join(s.root, filepath.FromSlash(key))
	if _, err := makeDirs(filepath.Dir(staged)); err != nil {
		return fmt.Errorf("%s: %w", dst, unwrapPathError(err))
	}
	if err := writeNewFile(staged, data); err != nil {
		return fmt.Errorf("%s: %w", dst, unwrapPathError(err))
	}
	s.seen[key] = true
	s.names = append(s.names, key)
	return nil
}

func (s *FileSet) makeStage() error {
	stage, err := os.MkdirTemp(s.stageIn, StagePrefix+"*")
	if err != nil {
		return err
	}
	s.stage, s.root = stage, stage
	if !s.whole {
		s.root = filepath.Join(stage, "new")
		if err := os.Mkdir(s.root, 0o755); err != nil {
			return err
		}
	}
	return os.Chmod(stage, 0o755)
}

// Commit moves every staged file into place, or leaves the target as it
// was and returns why. A set is committed once; Add and Commit fail after.
func (s *FileSet) Commit() error {
	if s.done {
		return errors.New("internal error: file set already committed or discarded")
	}
	s.done = true
	if s.stage == "" {
		if err := s.makeStage(); err != nil {
			return fmt.Errorf("%s: %w", s.target, unwrapPathError(err))
		}
	}
	var err error
	if s.whole {
		err = s.commitWhole()
	} else {
		err = s.commitEach()
	}
	s.ok = err == nil
	return err
}

// commitWhole renames the staging folder onto the target name, which must
// not exist or be an empty folder (rename replaces that atomically, and
// fails on one with files in it).
func (s *FileSet) commitWhole() error {
	if err := s.rename(s.stage, s.target); err != nil {
		if entries, rerr := os.ReadDir(s.target); rerr == nil && len(entries) > 0 {
			return s.taken()
		}
		return fmt.Errorf("%s: %w", s.target, unwrapLinkError(err))
	}
	s.stage = ""
	return nil
}

// moved is one file moved into place; backup holds what it replaced.
type moved struct{ dst, backup string }

// commitEach moves the staged files into the target one by one: it first
// checks that every one can go where it must, and puts everything back when
// a move fails.
func (s *FileSet) commitEach() error {
	if s.empty {
		if err := s.checkEmpty(); err != nil {
			return err
		}
	}
	for _, key := range s.names {
		if err := s.preflight(key); err != nil {
			return err
		}
	}
	var (
		done []moved
		made []string
	)
	undo := func(err error) error {
		for i := len(done) - 1; i >= 0; i-- {
			m := done[i]
			var uerr error
			if m.backup != "" {
				uerr = os.Rename(m.backup, m.dst)
			} else {
				uerr = os.Remove(m.dst)
			}
			if uerr != nil {
				err = errors.Join(err, fmt.Errorf("could not put back %s: %w", m.dst, uerr))
			}
		}
		removeDirs(made)
		return err
	}
	for _, key := range s.names {
		dst := filepath.Join(s.target, filepath.FromSlash(key))
		dirs, err := makeDirs(filepath.Dir(dst))
		made = append(made, dirs...)
		if err != nil {
			return undo(err)
		}
		m := moved{dst: dst}
		if info, err := os.Lstat(dst); err == nil {
			m.backup = filepath.Join(s.stage, "old", filepath.FromSlash(key))
			if err := keepCopy(dst, m.backup, info); err != nil {
				return undo(fmt.Errorf("%s: %w", dst, unwrapPathError(err)))
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return undo(err)
		}
		if err := s.rename(filepath.Join(s.root, filepath.FromSlash(key)), dst); err != nil {
			return undo(fmt.Errorf("%s: %w", dst, unwrapLinkError(err)))
		}
		done = append(done, m)
	}
	return nil
}

// preflight checks that the file key can be moved into the target: no
// file sits where a folder on its way must be, no folder sits where it
// goes, and no link to a folder stands on its way, which would take the
// file out of the target (a link where the file goes is replaced, never
// followed).
func (s *FileSet) preflight(key string) error {
	dst := filepath.Join(s.target, filepath.FromSlash(key))
	parts := strings.Split(key, "/")
	p := s.target
	for _, part := range parts[:len(parts)-1] {
		p = filepath.Join(p, part)
		info, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			return &Error{Path: p, Folder: s.target, Err: ErrLink}
		}
		if !info.IsDir() {
			return &Error{Path: p, Folder: s.target, Err: ErrFileInTheWay}
		}
	}
	info, err := os.Lstat(dst)
	if err == nil && info.IsDir() {
		return &Error{Path: dst, Folder: s.target, Err: ErrFolderInTheWay}
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// keepCopy keeps the file at name as backup, so that it can be put back:
// a hard link where the file system has them, a copy otherwise.
func keepCopy(name, backup string, info fs.FileInfo) error {
	if _, err := makeDirs(filepath.Dir(backup)); err != nil {
		return err
	}
	if os.Link(name, backup) == nil {
		return nil
	}
	switch {
	case info.Mode().IsRegular():
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		return os.WriteFile(backup, data, info.Mode().Perm())
	case info.Mode()&fs.ModeSymlink != 0:
		link, err := os.Readlink(name)
		if err != nil {
			return err
		}
		return os.Symlink(link, backup)
	}
	return errors.New("not a regular file, so it cannot be replaced safely")
}

// Discard removes the staging folder and, unless the set was committed, the
// folders made for it, and releases the lock. It may be called more than
// once, and after Commit.
func (s *FileSet) Discard() {
	s.done = true
	if s.stage != "" {
		os.RemoveAll(s.stage)
		s.stage = ""
	}
	if !s.ok {
		removeDirs(s.made)
		s.made = nil
	}
	if s.lock != nil {
		s.lock.Unlock()
		s.lock = nil
	}
}

// makeDirs makes dir and any missing folder above it, mode 0755, and
// returns the folders it made, outermost first.
func makeDirs(dir string) ([]string, error) {
	var missing []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		_, err := os.Stat(d)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	var made []string
	for i := len(missing) - 1; i >= 0; i-- {
		d := missing[i]
		if err := os.Mkdir(d, 0o755); err != nil {
			if info, serr := os.Stat(d); errors.Is(err, fs.ErrExist) && serr == nil && info.IsDir() {
				continue // made by someone else meanwhile
			}
			removeDirs(made)
			return nil, err
		}
		if err := os.Chmod(d, 0o755); err != nil {
			removeDirs(append(made, d))
			return nil, err
		}
		made = append(made, d)
	}
	return made, nil
}

// removeDirs removes folders made by makeDirs, innermost first, each only
// when it is empty: what someone else put there meanwhile stays.
func removeDirs(made []string) {
	for i := len(made) - 1; i >= 0; i-- {
		os.Remove(made[i])
	}
}
