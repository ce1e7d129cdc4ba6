// Package atomicfstest helps the tests of code that writes folders: it
// records a folder's whole state, so that a test can check a write landed
// exactly, or left everything as it was.
package atomicfstest

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Snapshot describes everything below dir: each path, slash-separated and
// relative to dir ("." for dir itself), with its kind, mode and content (a
// link with its target). Two snapshots are equal when nothing below dir
// changed.
func Snapshot(t testing.TB, dir string) map[string]string {
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
	if err != nil {
		t.Fatalf("snapshot of %s: %v", dir, err)
	}
	return got
}

// describe says what the file at path is, as Snapshot records it.
func describe(path string, info fs.FileInfo) string {
	entry := info.Mode().String()
	switch {
	case info.Mode().IsRegular():
		data, err := os.ReadFile(path)
		if err != nil {
			return entry + " unreadable: " + err.Error()
		}
		return entry + " " + ContentKey(data)
	case info.Mode()&fs.ModeSymlink != 0:
		link, _ := os.Readlink(path)
		return entry + " -> " + link
	}
	return entry
}

// ContentKey is a file's content as Snapshot records it: the content
// itself up to 80 bytes, else its size and SHA-256.
func ContentKey(data []byte) string {
	if len(data) <= 80 {
		return string(data)
	}
	return fmt.Sprintf("%d bytes, sha256 %x", len(data), sha256.Sum256(data))
}
