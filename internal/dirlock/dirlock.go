// Package dirlock holds an exclusive advisory lock on a folder, so that
// two processes that change one folder take turns. The lock is flock(2)
// on the open folder where the system has it (Supported); elsewhere Lock
// only opens the folder and runs are not kept apart.
//
// See Example for the use.
package dirlock

import (
	"errors"
	"fmt"
	"os"
)

// ErrChanged says that a folder was removed or replaced while it was being
// locked, or since: the lock is on a folder the name no longer names.
var ErrChanged = errors.New("folder changed while being locked")

// A Folder is a locked folder. The lock is held until Unlock.
type Folder struct {
	f *os.File
}

// Lock opens dir and takes an exclusive advisory lock on it, waiting while
// another process holds one. It fails with ErrChanged when, once locked,
// dir no longer names the folder that was opened (it was removed or
// replaced meanwhile): the caller may try again.
func Lock(dir string) (*Folder, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: lock: %w", dir, err)
	}
	l := &Folder{f: f}
	if err := l.Names(dir); err != nil {
		f.Close()
		return nil, err
	}
	return l, nil
}

// Names checks that dir still names the locked folder, and returns
// ErrChanged when it does not.
func (l *Folder) Names(dir string) error {
	a, err := os.Stat(dir)
	if err != nil {
		return ErrChanged
	}
	b, err := l.f.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(a, b) {
		return ErrChanged
	}
	return nil
}

// Unlock releases the lock. It may be called more than once.
func (l *Folder) Unlock() {
	if l.f != nil {
		l.f.Close() // closing the folder releases the lock
		l.f = nil
	}
}
