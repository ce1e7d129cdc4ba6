package atomicfs

import (
	"os"
	"path/filepath"
)

// WriteFile writes data to name, mode 0644, through a temporary file in
// the same folder and a rename, so that a reader never sees half a file
// and a failed write leaves what was there before. The folders above name
// are made when missing. It is for one file; several files that belong
// together go through a FileSet, which writes all of them or none.
func WriteFile(name string, data []byte) error {
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
		return "", &Error{Path: name, Folder: dir, Err: ErrOutside}
	}
	return filepath.Join(dir, filepath.FromSlash(name)), nil
}

// writeNewFile writes data to a file that does not exist yet, mode 0644.
func writeNewFile(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
