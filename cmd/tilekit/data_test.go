package main

import (
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deniedFS is a folder one entry of which cannot be read, as a folder
// without permissions (which root reads all the same).
type deniedFS struct {
	fstest.MapFS
	denied string
}

func (f deniedFS) deny(name string) error {
	if name == f.denied {
		return &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return nil
}

func (f deniedFS) Open(name string) (fs.File, error) {
	if err := f.deny(name); err != nil {
		return nil, err
	}
	return f.MapFS.Open(name)
}

func (f deniedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := f.deny(name); err != nil {
		return nil, err
	}
	return f.MapFS.ReadDir(name)
}

func (f deniedFS) Stat(name string) (fs.FileInfo, error) {
	if err := f.deny(name); err != nil {
		return nil, err
	}
	return f.MapFS.Stat(name)
}

func TestHasSubfolderSaysWhyAFolderCannotBeRead(t *testing.T) {
	files := fstest.MapFS{"tiles/a.toml": {}, "notes/b.md": {}}
	found, err := hasSubfolder(files)
	require.NoError(t, err)
	assert.True(t, found)
	found, err = hasSubfolder(fstest.MapFS{"notes/b.md": {}})
	require.NoError(t, err)
	assert.False(t, found)
	// An unreadable folder is not one without data folders.
	for _, denied := range []string{".", "tiles"} {
		_, err = hasSubfolder(deniedFS{files, denied})
		assert.ErrorIs(t, err, fs.ErrPermission, denied)
	}
}
