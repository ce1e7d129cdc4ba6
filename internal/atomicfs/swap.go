package atomicfs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/tilekit/tilekit/internal/dirlock"
)

// ErrNoExchange says that the system cannot swap two folders' names in
// one step.
var ErrNoExchange = errors.New("cannot exchange folders in one step here")

// Files is the whole content of a folder, as a Swap writes it.
type Files interface {
	// Paths lists the files, slash-separated and relative to the root.
	Paths() []string
	// File returns a file's content.
	File(path string) ([]byte, bool)
}

// A Leftover is a folder a Swap could not remove: one an earlier write
// killed before it finished left (Stale), or the old content of the
// target, which is out of the target's place and may be removed by hand.
type Leftover struct {
	Path  string
	Stale bool
	Err   error
}

// A Swap replaces the folder Dir with new files, all of them or none, and
// is safe against a crash at any point: Write holds a lock on the folder
// that holds Dir, so that two writes into one folder take turns, removes
// what killed writes left there, stages every file in a new folder beside
// Dir, calls Check, and swaps the new folder in. When anything fails Dir
// is left as it was, and the folders made for it are removed.
//
// A new Dir is the staged folder renamed, one step. An existing one is
// exchanged with the staged folder in one step where the system can
// (Linux, ExchangeDirs), and the old content, now under the staged name,
// removed: a crash at any point leaves Dir the old content or the new
// one, whole, and at most a staging folder that the next Write removes.
// Elsewhere the old folder is moved aside and the new one moved in, two
// steps between which the name is briefly free.
//
// Dir is used as it is: a link is replaced, not followed.
type Swap struct {
	// Dir is the folder to replace.
	Dir string
	// NewPrefix and OldPrefix start the names of the folders made beside
	// Dir: the new content while it is written, the old content while it
	// is removed. Each should start with StagePrefix and be used by no
	// other kind of write: a Write removes every folder beside Dir whose
	// name starts with one of them (only where dirlock.Supported, since
	// elsewhere it cannot tell a killed write's folders from a running
	// one's).
	NewPrefix, OldPrefix string
	// Check, when set, is called under the lock before anything is
	// written: its error stops the write, as it is. It is where a caller
	// refuses a Dir that someone filled meanwhile with what may not be
	// replaced.
	Check func() error
	// Leftover, when set, is told of each folder that could not be removed.
	Leftover func(Leftover)

	rename   func(oldpath, newpath string) error // os.Rename; tests break it
	exchange func(a, b string) error             // ExchangeDirs; tests stand in for it
	// step, when set, is called at each point between two steps of the
	// swap, by name; tests stop the write there as a crash would.
	step func(point string)
}

// at marks a point between two steps of the write.
func (w *Swap) at(point string) {
	if w.step != nil {
		w.step(point)
	}
}

// Write replaces Dir with files: see Swap.
func (w *Swap) Write(files Files) error {
	w.Dir = filepath.Clean(w.Dir)
	if w.rename == nil {
		w.rename = os.Rename
	}
	if w.exchange == nil {
		w.exchange = ExchangeDirs
	}
	parent := filepath.Dir(w.Dir)
	made, err := makeDirs(parent)
	if err != nil {
		return fmt.Errorf("%s: %w", parent, unwrapPathError(err))
	}
	if err = w.writeLocked(parent, files); err != nil {
		removeDirs(made)
	}
	return err
}

// writeLocked does the work of Write under the lock on parent.
func (w *Swap) writeLocked(parent string, files Files) error {
	lock, err := dirlock.Lock(parent)
	if err != nil {
		return fmt.Errorf("%s: %w", parent, unwrapPathError(err))
	}
	defer lock.Unlock()
	if dirlock.Supported {
		w.removeStale(parent)
	}
	if w.Check != nil {
		if err := w.Check(); err != nil {
			return err
		}
	}
	stage, err := w.stage(parent, files)
	if err == nil {
		w.at("staged")
		err = w.swap(parent, stage)
	}
	if err != nil && stage != "" {
		os.RemoveAll(stage)
	}
	return err
}

// leftover reports a folder that could not be removed.
func (w *Swap) leftover(l Leftover) {
	if w.Leftover != nil {
		w.Leftover(l)
	}
}

// removeStale removes the folders that writes killed before they finished
// left in parent. Every write that makes them holds the lock on parent,
// so while this one holds it they belong to no running write.
func (w *Swap) removeStale(parent string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		if n := e.Name(); e.IsDir() && (strings.HasPrefix(n, w.NewPrefix) || strings.HasPrefix(n, w.OldPrefix)) {
			p := filepath.Join(parent, n)
			if err := os.RemoveAll(p); err != nil {
				w.leftover(Leftover{Path: p, Stale: true, Err: err})
			}
		}
	}
}

// stage writes the files into a new folder in parent and returns the
// folder.
func (w *Swap) stage(parent string, files Files) (string, error) {
	stage, err := os.MkdirTemp(parent, w.NewPrefix+"*")
	if err != nil {
		return "", fmt.Errorf("%s: %w", parent, unwrapPathError(err))
	}
	if err := os.Chmod(stage, 0o755); err != nil {
		return stage, err
	}
	paths := files.Paths()
	if err := w.makeStagedDirs(stage, paths); err != nil {
		return stage, err
	}
	return stage, w.writeStaged(stage, paths, files)
}

// makeStagedDirs checks that every name stays inside Dir and makes the
// folders the files go in, below stage.
func (w *Swap) makeStagedDirs(stage string, paths []string) error {
	made := map[string]bool{".": true}
	for _, p := range paths {
		dst, err := pathInside(w.Dir, p)
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
// was to go, below Dir.
func (w *Swap) writeStaged(stage string, paths []string, files Files) error {
	for _, p := range paths {
		data, ok := files.File(p)
		if !ok {
			return fmt.Errorf("internal error: %s is listed but has no content", p)
		}
		name := filepath.FromSlash(p)
		if err := writeNewFile(filepath.Join(stage, name), data); err != nil {
			return fmt.Errorf("%s: %w", filepath.Join(w.Dir, name), unwrapPathError(err))
		}
	}
	return nil
}

// swap puts the staged folder in Dir's place: see Swap.
func (w *Swap) swap(parent, stage string) error {
	if _, err := os.Lstat(w.Dir); errors.Is(err, fs.ErrNotExist) {
		if err := w.rename(stage, w.Dir); err != nil {
			return fmt.Errorf("%s: %w", w.Dir, unwrapLinkError(err))
		}
		return nil
	}
	err := w.exchange(stage, w.Dir)
	if errors.Is(err, ErrNoExchange) {
		return w.swapByRenames(parent, stage)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", w.Dir, unwrapLinkError(err))
	}
	w.at("exchanged")
	w.removeOld(stage)
	return nil
}

// swapByRenames moves Dir aside, moves the staged folder in by its name
// and removes the old folder; when the move in fails, the old folder is
// put back.
func (w *Swap) swapByRenames(parent, stage string) error {
	old, err := w.moveAside(parent)
	if err != nil {
		return err
	}
	w.at("moved aside")
	if err := w.rename(stage, w.Dir); err != nil {
		err = fmt.Errorf("%s: %w", w.Dir, unwrapLinkError(err))
		if perr := w.rename(old, w.Dir); perr != nil {
			err = errors.Join(err, fmt.Errorf("could not put back %s, which is now %s: %w", w.Dir, old, unwrapLinkError(perr)))
		}
		return err
	}
	w.at("moved in")
	w.removeOld(old)
	return nil
}

// removeOld removes the old content, or reports where it is left.
func (w *Swap) removeOld(old string) {
	if err := os.RemoveAll(old); err != nil {
		w.leftover(Leftover{Path: old, Err: err})
	}
}

// moveAside renames Dir to a new name beside it and returns that name.
func (w *Swap) moveAside(parent string) (string, error) {
	old, err := os.MkdirTemp(parent, w.OldPrefix+"*")
	if err != nil {
		return "", fmt.Errorf("%s: %w", parent, unwrapPathError(err))
	}
	if err := os.Remove(old); err != nil { // only the name was wanted
		return "", err
	}
	if err := w.rename(w.Dir, old); err != nil {
		return "", fmt.Errorf("%s: cannot move it aside: %w", w.Dir, unwrapLinkError(err))
	}
	return old, nil
}
