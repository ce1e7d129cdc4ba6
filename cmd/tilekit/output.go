package main

import (
	"errors"

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
		return usagef("%s already has files in it; choose a new folder", refused.Path)
	case atomicfs.ErrLink:
		return usagef("%s is a link; tilekit does not write through a link inside %s, which could lead out of it: remove the link", refused.Path, refused.Folder)
	}
	return usageError{err}
}
