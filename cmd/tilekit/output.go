package main

import (
	"errors"
	"fmt"

	"github.com/tilekit/tilekit/internal/atomicfs"
)

// writeError turns a write that internal/atomicfs refused for what the
// folder holds into a usage error (exit 2), saying what the user can do
// about a folder that is taken or a link on the way. Other errors, and nil,
// are returned as they are.
func writeError(err error) error {
	var refused *atomicfs.Error
	if !errors.As(err, &refused) {
		return err
	}
	if refused != err { // wrapped: keep what the caller said around it
		return usageError{err}
	}
	switch refused.Err {
	case atomicfs.ErrNotEmpty:
		return usageError{reworded{refused.Path + " already has files in it; choose a new folder", err}}
	case atomicfs.ErrLink:
		return usageError{reworded{fmt.Sprintf("%s is a link; tilekit does not write through a link inside %s, which could lead out of it: remove the link", refused.Path, refused.Folder), err}}
	}
	return usageError{err}
}

// reworded is an error told in the command's words; it still wraps the
// error it tells.
type reworded struct {
	text string
	err  error
}

func (e reworded) Error() string { return e.text }
func (e reworded) Unwrap() error { return e.err }
