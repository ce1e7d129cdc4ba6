package atomicfs

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// tooLong is a file name no common file system takes (over 255 bytes).
var tooLong = strings.Repeat("n", 300) + ".txt"

// snapshot describes everything below dir: each path with its kind, mode
// and content (a link with its target), so that a test can check a folder
// was left exactly as it was.
func snapshot(t testing.TB, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		got[filepath.ToSlash(rel)] = describe(path, info)
		return nil
	})
	require.NoError(t, err)
	return got
}

// describe says what the file at path is, as snapshot records it.
func describe(path string, info fs.FileInfo) string {
	entry := info.Mode().String()
	switch {
	case info.Mode().IsRegular():
		data, err := os.ReadFile(path)
		if err != nil {
			return entry + " unreadable: " + err.Error()
		}
		return entry + " " + contentKey(data)
	case info.Mode()&fs.ModeSymlink != 0:
		link, _ := os.Readlink(path)
		return entry + " -> " + link
	}
	return entry
}

// contentKey is a file's content as snapshot records it.
func contentKey(data []byte) string {
	if len(data) <= 80 {
		return string(data)
	}
	return fmt.Sprintf("%d bytes, sha256 %x", len(data), sha256.Sum256(data))
}

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
