package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// writeFileAtomic writes data to name through a temporary file in the same
// folder and a rename, so that a reader never sees half a file and a failed
// write leaves what was there before. It is for commands that write one
// file; a command that writes several uses a fileSet (staging.go), so that
// it writes all of them or none.
func writeFileAtomic(name string, data []byte) error {
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// pathInside joins a slash-separated relative name to dir, refusing any
// name that would land outside dir.
func pathInside(dir, name string) (string, error) {
	if name == "" || !filepath.IsLocal(filepath.FromSlash(name)) {
		return "", fmt.Errorf("%q would be written outside %s", name, dir)
	}
	return filepath.Join(dir, filepath.FromSlash(name)), nil
}
