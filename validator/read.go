package validator

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// Limits on what one run reads. They are far above any real data (the
// largest built-in file is about 60 KB and nests 6 levels deep) and keep a
// hostile or broken file from taking the process past a few hundred MB.
const (
	// MaxFileSize is the largest data file read, in bytes.
	MaxFileSize = 50 << 20
	// MaxTotalSize is the most data read in one run, over all files.
	MaxTotalSize = 100 << 20
	// MaxDepth is the deepest nesting of tables, keys and arrays a data
	// file may use.
	MaxDepth = 32
)

// utf8BOM is the byte-order mark some editors write at the start of a
// UTF-8 file. TOML allows it; positions are counted after it.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// dataFile is a data file read from a source, waiting to be loaded.
type dataFile struct {
	name, folder, schema string
	data                 []byte
	// alone says that the file was given on its own (a scenario file given
	// to ValidateScenarios), not read from a data folder.
	alone bool
}

// reader walks the data folders of sources, reads the files that are data
// and reports, as diagnostics, what it passed over and why.
type reader struct {
	diags Diagnostics
	total int64 // bytes of data files read so far, over all sources
	// texts are the rules texts read from the last source (texts.go), and
	// textTotal the bytes of all texts read so far, which count towards
	// MaxTotalSize with total.
	texts     []tilekit.Text
	textTotal int64
	// statOnly counts the bytes of the files that would be read, reading
	// none of them.
	statOnly bool
}

// DataSize returns how many bytes of data files Validate would read from
// the sources, reading none of them: a caller can size its memory for the
// run. The built-in data counts its embedded size.
func DataSize(sources ...Folder) int64 {
	r := reader{statOnly: true}
	for _, src := range sources {
		_, _ = r.readSource(src)
	}
	return r.total + r.textTotal
}

func (r *reader) skip(file, code string, sev Severity, format string, args ...any) {
	r.diags = append(r.diags, Diagnostic{Code: code, Severity: sev, File: file, Line: 1, Column: 1, Message: fmt.Sprintf(format, args...)})
}

// readSource returns the data files of one source in lexical order. It
// reads only regular files (following a link to one), never more than
// MaxFileSize of any, and tells about every file it leaves out: a special
// file, a broken link, a linked folder, a file whose name is almost a data
// file's, a data file outside the data folders. It returns an error, a
// *folderError, only when the source or a folder below a data folder
// cannot be listed.
func (r *reader) readSource(src Folder) ([]dataFile, error) {
	if err := r.checkTopLevel(src); err != nil {
		return nil, err
	}
	var files []dataFile
	for _, folder := range Subfolders {
		err := fs.WalkDir(src.FS, folder.Name, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if p == folder.Name && errors.Is(err, fs.ErrNotExist) {
					return fs.SkipDir
				}
				// A folder that cannot be listed (WalkDir reports no
				// other error) ends the run, as an unreadable data
				// folder does: what it holds is unknown.
				return &folderError{filePath(src.Name, p), unwrapPathError(err)}
			}
			if d.IsDir() {
				if p != folder.Name && strings.HasPrefix(d.Name(), ".") {
					return fs.SkipDir // a tool's folder, such as .git
				}
				return nil
			}
			name := filePath(src.Name, p)
			if folder.Name == "expansions" && r.readText(src, p, name, d) {
				return nil
			}
			if p == folder.Name {
				r.skip(name, "file-skipped", Warning, "%s is a file, not a folder; data files go in a folder %s/", folder.Name, folder.Name)
				return nil
			}
			if !isDataFileName(d.Name()) {
				if d.Type()&fs.ModeSymlink != 0 {
					if info, err := fs.Stat(src.FS, p); err == nil && info.IsDir() {
						r.skip(name, "file-skipped", Warning, "not read: a link to a folder; tilekit does not follow linked folders, so move or copy the files here")
					}
					return nil
				}
				if nearDataFileName(d.Name()) {
					r.skip(name, "file-skipped", Warning, "not read: only files ending in .toml (lower case) are data files; rename it to %s", strings.TrimSuffix(d.Name(), path.Ext(d.Name()))+".toml")
				}
				return nil
			}
			if strings.HasPrefix(d.Name(), ".") {
				r.skip(name, "file-skipped", Warning, "not read: a hidden file (such as an editor's lock file) is not data")
				return nil
			}
			data, ok := r.readFile(src.FS, p, name)
			if ok && len(bytes.TrimSpace(data)) == 0 {
				r.skip(name, "file-empty", Warning, "is empty (perhaps still being written, or cut short); a data file holds [[entries]], or at least a comment saying what is to come")
			}
			if ok {
				files = append(files, dataFile{name: name, folder: folder.Name, schema: folder.Schema, data: data})
			}
			return nil
		})
		if err != nil {
			var fe *folderError
			if !errors.As(err, &fe) {
				fe = &folderError{filePath(src.Name, folder.Name), unwrapPathError(err)}
			}
			return nil, fe
		}
	}
	return files, nil
}

// folderError says that a folder of a source cannot be read, and why (the
// operating system's reason, such as "permission denied").
type folderError struct {
	folder string
	err    error
}

func (e *folderError) Error() string {
	return fmt.Sprintf("cannot read folder %s: %v", e.folder, e.err)
}

func (e *folderError) Unwrap() error { return e.err }

// checkTopLevel tells about data files put at the top of a source, where
// they are not read. It fails when the source cannot be listed.
func (r *reader) checkTopLevel(src Folder) error {
	entries, err := fs.ReadDir(src.FS, ".")
	if err != nil {
		return &folderError{src.Name, unwrapPathError(err)}
	}
	var names []string
	for _, sub := range Subfolders {
		names = append(names, sub.Name)
	}
	for _, e := range entries {
		n := e.Name()
		switch {
		case strings.HasPrefix(n, "."):
		case e.IsDir() && !slices.Contains(names, n):
			r.checkOtherFolder(src, n, names)
		case isDataFileName(n) || nearDataFileName(n):
			r.skip(filePath(src.Name, n), "file-skipped", Warning, "not read: data files go below tiles/, expansions/ or interactions/, not at the top of the folder")
		}
	}
	return nil
}

// checkOtherFolder tells about the data files in a folder at the top of a
// source that is not one of its sub-folders, such as tile/ for tiles/.
func (r *reader) checkOtherFolder(src Folder, dir string, names []string) {
	where := "tiles/, expansions/ or interactions/"
	if near := nearestWord(strings.ToLower(dir), names); near != "" {
		where = near + "/"
	}
	_ = fs.WalkDir(src.FS, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(isDataFileName(d.Name()) || nearDataFileName(d.Name())) {
			return nil
		}
		r.skip(filePath(src.Name, p), "file-skipped", Warning, "not read: %s/ is not a data folder; move the file to %s", dir, where)
		return nil
	})
}

// readFile reads one data file, refusing anything that is not a regular
// file and anything larger than the limits.
func (r *reader) readFile(fsys fs.FS, p, name string) ([]byte, bool) {
	return r.readCounted(fsys, p, name, &r.total)
}

// readCounted reads a file as readFile does and adds its size to *count,
// one of the reader's counters.
func (r *reader) readCounted(fsys fs.FS, p, name string, count *int64) ([]byte, bool) {
	info, err := fs.Stat(fsys, p) // follows a link
	switch {
	case err != nil && errors.Is(err, fs.ErrNotExist):
		r.skip(name, "file-skipped", Warning, "not read: a link to nothing")
		return nil, false
	case err != nil:
		r.skip(name, "file-unreadable", Error, "cannot be read: %v", unwrapPathError(err))
		return nil, false
	case info.IsDir():
		r.skip(name, "file-skipped", Warning, "not read: a link to a folder; tilekit does not follow linked folders, so move or copy the files here")
		return nil, false
	case !info.Mode().IsRegular():
		r.skip(name, "file-skipped", Warning, "not read: a %s, not a regular file", describeMode(info.Mode()))
		return nil, false
	case info.Size() > MaxFileSize:
		r.skip(name, "file-too-large", Error, "is %s; data files may be at most %s", formatSize(info.Size()), formatSize(MaxFileSize))
		return nil, false
	case r.total+r.textTotal+info.Size() > MaxTotalSize:
		r.skip(name, "file-too-large", Error, "not read: all data files together may be at most %s", formatSize(MaxTotalSize))
		return nil, false
	}
	if r.statOnly {
		*count += info.Size()
		return nil, false
	}
	f, err := fsys.Open(p)
	if err != nil {
		r.skip(name, "file-unreadable", Error, "cannot be read: %v", unwrapPathError(err))
		return nil, false
	}
	defer f.Close()
	// The file may have grown since Stat: never read past the limit.
	var buf bytes.Buffer
	buf.Grow(int(info.Size()) + 1)
	n, err := io.Copy(&buf, io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		r.skip(name, "file-unreadable", Error, "cannot be read: %v", unwrapPathError(err))
		return nil, false
	}
	if n > MaxFileSize || r.total+r.textTotal+n > MaxTotalSize {
		r.skip(name, "file-too-large", Error, "grew past the limit while it was read; data files may be at most %s", formatSize(MaxFileSize))
		return nil, false
	}
	*count += n
	return bytes.TrimPrefix(buf.Bytes(), utf8BOM), true
}

// isDataFileName reports whether a file name is a data file's.
func isDataFileName(name string) bool { return strings.HasSuffix(name, ".toml") }

// nearDataFileName reports whether a file name looks meant as a data file
// but is not read as one: another case of .toml, or .tml.
func nearDataFileName(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return (ext == ".toml" || ext == ".tml") && !isDataFileName(name)
}

func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

// formatSize gives a size exactly, in bytes with thousands separators, and
// adds the whole number of MiB it is when it is one ("52,428,800 bytes (50
// MiB)"), so that two sizes a byte apart never read the same.
func formatSize(n int64) string {
	s := groupThousands(n) + " bytes"
	if n >= 1<<20 && n%(1<<20) == 0 {
		s += fmt.Sprintf(" (%d MiB)", n>>20)
	}
	return s
}

// groupThousands writes a size, never negative, with a comma between each
// group of three digits.
func groupThousands(n int64) string {
	digits := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// unwrapPathError drops the operation and path of a *fs.PathError, which
// the message already names.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
