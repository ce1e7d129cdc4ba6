package atomicfs

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPathInsideRefusesEscapes(t *testing.T) {
	for _, name := range []string{"", "../x.svg", "a/../../b.svg", "/etc/x.svg", "..", "a/b/../../../c"} {
		_, err := pathInside("out", name)
		assert.ErrorIs(t, err, ErrOutside, name)
	}
	p, err := pathInside("out", "base/A.svg")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join("out", "base", "A.svg"), p)
}

func TestWriteFileReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "sub", "f.svg")
	require.NoError(t, WriteFile(name, []byte("first")))
	require.NoError(t, WriteFile(name, []byte("second")))
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	assert.Equal(t, "second", string(data))
	entries, err := os.ReadDir(filepath.Dir(name))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left")
	// A folder in the way fails without touching anything.
	require.NoError(t, os.Mkdir(filepath.Join(dir, "taken"), 0o755))
	assert.Error(t, WriteFile(filepath.Join(dir, "taken"), []byte("x")))
}
