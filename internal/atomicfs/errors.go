package atomicfs

import (
	"errors"
	"fmt"
	"os"
)

// The kinds of refusal an *Error carries in its Err: what the file system
// holds, or a name given, keeps the files from being written.
var (
	// ErrNotFolder says that the target is a file, not a folder.
	ErrNotFolder = errors.New("not a folder")
	// ErrNotEmpty says that a new folder's target already has files in it.
	ErrNotEmpty = errors.New("already has files in it")
	// ErrLink says that a link to a folder stands on the way to a file,
	// which could lead out of the target: files are never written through
	// one.
	ErrLink = errors.New("a link on the way")
	// ErrFileInTheWay says that a file sits where a folder is needed.
	ErrFileInTheWay = errors.New("a file is in the way where a folder is needed")
	// ErrFolderInTheWay says that a folder sits where a file goes.
	ErrFolderInTheWay = errors.New("a folder is in the way")
	// ErrOutside says that a name would put its file outside the target.
	ErrOutside = errors.New("outside the folder")
	// ErrTwice says that a name was given twice (perhaps spelt two ways).
	ErrTwice = errors.New("written twice")
	// ErrReserved says that a name starts with StagePrefix.
	ErrReserved = errors.New("a staging name")
)

// An Error is a write refused before anything changed. Path is the file
// or folder at fault (for ErrOutside, the name as given), Folder the
// target of the write, and Err one of the kinds above or, for a target
// that cannot be looked at, what the system said.
type Error struct {
	Path   string
	Folder string
	Err    error
}

// Error says what is wrong, naming the path at fault.
func (e *Error) Error() string {
	switch e.Err {
	case ErrNotFolder:
		return e.Path + " is not a folder"
	case ErrNotEmpty:
		return e.Path + " already has files in it"
	case ErrLink:
		return fmt.Sprintf("%s is a link inside %s, which could lead out of it", e.Path, e.Folder)
	case ErrOutside:
		return fmt.Sprintf("%q would be written outside %s", e.Path, e.Folder)
	case ErrTwice:
		return e.Path + " would be written twice"
	case ErrReserved:
		return fmt.Sprintf("%s: names starting with %s are tilekit's own", e.Path, StagePrefix)
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Err)
}

// Unwrap returns the kind of the refusal.
func (e *Error) Unwrap() error { return e.Err }

// unwrapPathError drops the operation and path from a system error, for a
// message that names the path itself.
func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// unwrapLinkError drops the temporary name from a failed rename.
func unwrapLinkError(err error) error {
	if le, ok := err.(*os.LinkError); ok {
		return le.Err
	}
	return err
}
