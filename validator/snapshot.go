package validator

import (
	"bytes"
	"crypto/sha256"
	_ "embed" // the snapshot
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"reflect"
	"sync"

	"github.com/tilekit/tilekit"
)

// The built-in data is the same on every run, and a test proves it clean,
// so its checked form is built once, by the project itself, and embedded
// in the binary as data: snapshot.bin holds (in the form snapshot_codec.go
// describes) the tilekit.Data that the full validation of the built-in
// data puts in its catalog, the names and size of the files it read, a
// digest of every embedded file it was made from (the data folders and the
// schemas) and one of the layout of the Go types it was written from.
//
// Validate lets the snapshot stand for the built-in data, in place of
// reading, parsing, normalising and schema-checking it, when the digest of
// the embedded files and the layout of the types still match; otherwise
// it falls back to the full
// validation, so that an edited built-in file is never hidden by a stale
// snapshot. With the built-in data alone the consistency checks are
// skipped as well; with user folders they run over everything, as they do
// without the snapshot. The digest does not cover the validator's own
// code: TestBuiltinSnapshot fails when the snapshot differs from a fresh
// full validation for any reason, and rewrites it with -update.
//
// The snapshot holds the data in catalog order, sorted by id where
// NewCatalog sorts. A stable sort of the built-in data followed by a
// user's gives the same order whether the built-in part was sorted before
// or not, since the built-in ids are unique (the data is clean), so the
// catalog and the checks see the same data either way.

//go:embed snapshot.bin
var snapshotBytes string

// snapshotHeader is what snapshot.bin holds before the data.
type snapshotHeader struct {
	// Digest is the digest (see digestFS) of the embedded files the
	// snapshot was made from.
	Digest string
	// Layout is the hex SHA-256 digest of the typeLayout of tilekit.Data
	// when the snapshot was written.
	Layout string
	// Files lists the built-in data files, in loading order.
	Files []string
	// Size is the size of the built-in data files together, in bytes.
	Size int64
}

// snapshot is the decoded header of snapshot.bin and the encoded data
// after it, which is decoded on each use, so that nothing a run does to
// it (the catalog sorts in place, the loader appends) can reach the next
// run.
type snapshot struct {
	snapshotHeader
	data string
}

// dataLayout returns the digest of the layout of tilekit.Data.
func dataLayout() string {
	sum := sha256.Sum256([]byte(typeLayout(reflect.TypeFor[tilekit.Data]())))
	return hex.EncodeToString(sum[:])
}

// embeddedSnapshot decodes the snapshot's header once per process. A
// snapshot that does not decode, or was written from other types, has no
// digest, and so is never used.
var embeddedSnapshot = sync.OnceValue(func() snapshot {
	var s snapshot
	d := &snapshotDecoder{data: snapshotBytes}
	if d.decode(reflect.ValueOf(&s.snapshotHeader).Elem()) != nil || s.Layout != dataLayout() {
		return snapshot{}
	}
	s.data = d.data
	return s
})

// snapshotData decodes the data of the snapshot afresh.
func snapshotData() (tilekit.Data, error) {
	var data tilekit.Data
	d := &snapshotDecoder{data: embeddedSnapshot().data}
	if err := d.decode(reflect.ValueOf(&data).Elem()); err != nil {
		return tilekit.Data{}, err
	}
	if len(d.data) > 0 {
		return tilekit.Data{}, errors.New("snapshot: data after the end")
	}
	return data, nil
}

// snapshotWant returns the digest the snapshot was made from; the snapshot
// is used only when the embedded files have that digest. Tests replace it
// to force the full validation.
var snapshotWant = func() string { return embeddedSnapshot().Digest }

// builtinDigest computes the digest of the embedded files once per process:
// they cannot change while it runs.
var builtinDigest = sync.OnceValue(func() string {
	d, err := digestFS(tilekit.Builtin())
	if err != nil {
		return "" // matches no snapshot, so the full validation runs
	}
	return d
})

// digestFS returns the hex SHA-256 digest of every file of fsys, walked in
// lexical order, each written as its path, a zero byte, its length and its
// content, so that renaming, moving or editing any file changes the digest.
func digestFS(fsys fs.FS) (string, error) {
	h := sha256.New()
	buf := make([]byte, 32<<10)
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := fsys.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil {
			return err
		}
		io.WriteString(h, p)
		h.Write([]byte{0})
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(info.Size())))
		_, err = io.CopyBuffer(h, f, buf)
		return err
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// isBuiltin reports whether src is the built-in data itself, as Builtin
// returns it, and not another folder that shares its name.
func isBuiltin(src Folder) bool {
	return src.Name == BuiltinName && src.FS == tilekit.Builtin()
}

// snapshotUsable reports whether the snapshot may stand for src: src is the
// built-in data and the embedded files are those the snapshot was made from.
func snapshotUsable(src Folder) bool {
	if !isBuiltin(src) {
		return false
	}
	want := snapshotWant()
	return want != "" && builtinDigest() == want
}

// loadSnapshot loads the built-in data from the snapshot when it may stand
// for src, and reports whether it did. The data is decoded afresh on each
// call, so that nothing a run does to it (the catalog sorts in place, the
// loader appends) can reach the next run; data that does not decode (it
// cannot, once TestBuiltinSnapshot passed) falls back to the full
// validation. The files are registered without
// their source, which is read only when a diagnostic needs a position in
// one of them.
func (l *loader) loadSnapshot(src Folder) bool {
	if !snapshotUsable(src) {
		return false
	}
	data, err := snapshotData()
	if err != nil {
		return false
	}
	l.data = data
	l.folderCount = 1
	for _, name := range embeddedSnapshot().Files {
		l.files[filePath(BuiltinName, name)] = &sourceFile{builtin: name}
	}
	// The built-in files count towards the limit on what one run reads,
	// as when they are read.
	l.reader.total += embeddedSnapshot().Size
	return true
}

// source returns the file's content, reading a built-in file registered by
// the snapshot from the embedded data on first use.
func (f *sourceFile) source() []byte {
	if f.src == nil && f.builtin != "" {
		data, err := fs.ReadFile(tilekit.Builtin(), f.builtin)
		if err != nil {
			data = []byte{} // positions fall back to the start of the file
		}
		f.src = bytes.TrimPrefix(data, utf8BOM) // as the reader does
	}
	return f.src
}
