package atomicfs

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/internal/atomicfs/atomicfstest"
)

// tooLong is a file name no common file system takes (over 255 bytes).
var tooLong = strings.Repeat("n", 300) + ".txt"

// snapshot records a folder's whole state (see atomicfstest.Snapshot).
var snapshot = atomicfstest.Snapshot

// writeFile writes a file for a test, making the folders above it.
func writeFile(t testing.TB, name, data string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
	require.NoError(t, os.WriteFile(name, []byte(data), 0o644))
}

// mapFiles is a folder's content made by hand: path to content.
type mapFiles map[string]string

func (m mapFiles) Paths() []string {
	var paths []string
	for p := range m {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

func (m mapFiles) File(p string) ([]byte, bool) {
	data, ok := m[p]
	return []byte(data), ok
}
