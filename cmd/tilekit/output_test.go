package main

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tilekit/tilekit/internal/atomicfs"
)

// A write refused for what the folder holds is a usage error; a taken
// folder and a link on the way say what to do, from the refusal's values.
func TestWriteErrorWordsRefusals(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&atomicfs.Error{Path: "moats", Err: atomicfs.ErrNotEmpty}, "moats already has files in it; choose a new folder"},
		{&atomicfs.Error{Path: "out/base", Folder: "out", Err: atomicfs.ErrLink}, "out/base is a link; tilekit does not write through a link inside out, which could lead out of it: remove the link"},
		{&atomicfs.Error{Path: "out/a.svg", Folder: "out", Err: atomicfs.ErrFolderInTheWay}, "out/a.svg: a folder is in the way"},
		{fmt.Errorf("tile base/A: %w", &atomicfs.Error{Path: "out", Err: atomicfs.ErrNotEmpty}), "tile base/A: out already has files in it"},
	} {
		err := writeError(tc.err)
		assert.Equal(t, tc.want, err.Error())
		assert.True(t, errors.As(err, new(usageError)), "a usage error: %v", err)
		assert.ErrorIs(t, err, tc.err.(interface{ Unwrap() error }).Unwrap(), "the kind is kept")
	}
	other := &fs.PathError{Op: "open", Path: "x", Err: fs.ErrPermission}
	assert.Equal(t, error(other), writeError(other), "other errors as they are")
	assert.NoError(t, writeError(nil))
}
