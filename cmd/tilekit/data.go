package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit/validator"
)

// dataFlags is the --data flag shared by every command that reads data.
type dataFlags struct {
	dirs []string
	// cmd is the command whose stderr gets the note that a data folder
	// was found by itself; nil (a completion) prints no note.
	cmd *cobra.Command
	// near lists the files (scenario files) whose own data folder is
	// loaded when no --data is given, instead of the working folder's.
	near []string
	// found is the data folder found by itself, once looked for.
	found   string
	didFind bool
}

func (d *dataFlags) register(cmd *cobra.Command) {
	d.cmd = cmd
	cmd.Flags().StringArrayVar(&d.dirs, "data", nil, "load a data folder (with tiles/, expansions/, interactions/) on top of the built-in data; repeatable (default: the data folder the current folder is in)")
}

// folders returns the user folders to load: the --data folders and the
// extra ones, or, when there are none, the data folder the working folder
// (or the first near file) is in, if any (see foundFolder).
func (d *dataFlags) folders(extra ...string) []string {
	dirs := append(append([]string{}, d.dirs...), extra...)
	if len(dirs) > 0 {
		return dirs
	}
	if dir := d.foundFolder(); dir != "" {
		return []string{dir}
	}
	return nil
}

// foundFolder looks once for the data folder the work is in: the folder
// of the first near file, else the working folder. It notes on stderr the
// folder it loads.
func (d *dataFlags) foundFolder() string {
	if d.didFind {
		return d.found
	}
	d.didFind = true
	from, why := ".", "the current folder"
	if len(d.near) > 0 {
		from, why = d.near[0], "it holds "+d.near[0]
	}
	d.found = enclosingUserFolder(from)
	if d.found != "" && d.cmd != nil {
		fmt.Fprintf(d.cmd.ErrOrStderr(), "tilekit: loading the data folder %s (%s; --data to choose others)\n", d.found, why)
	}
	return d.found
}

// sources returns the built-in data followed by each user folder (see
// folders). A folder given twice, under any name (./goblins and goblins/,
// or a link to it), is loaded once, where it first appears: loading it
// again would report each of its entries as a duplicate of itself.
func (d *dataFlags) sources(extra ...string) ([]validator.Folder, error) {
	sources := []validator.Folder{validator.BuiltinFolder()}
	seen := map[string]bool{}
	for _, dir := range d.folders(extra...) {
		key := folderKey(dir)
		if seen[key] {
			continue
		}
		seen[key] = true
		src, err := folderSource(dir)
		if err != nil {
			return nil, err
		}
		sources = append(sources, src)
	}
	if len(sources) > 1 && d.cmd != nil {
		noteUserFolders(d.cmd)
	}
	return sources, nil
}

// folderSource checks that dir is a data folder and names it relative to
// the working directory.
func folderSource(dir string) (validator.Folder, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return validator.Folder{}, usagef("data folder %s: %v", dir, unwrapPathError(err))
	}
	if !info.IsDir() {
		return validator.Folder{}, usagef("data folder %s: not a folder", dir)
	}
	found, err := hasSubfolder(os.DirFS(dir))
	if err != nil {
		return validator.Folder{}, usagef("cannot read folder %s: %v", dir, unwrapPathError(err))
	}
	if !found {
		var names []string
		for _, f := range validator.Subfolders {
			names = append(names, f.Name)
		}
		return validator.Folder{}, usagef("data folder %s has no tiles/, expansions/ or interactions/ folder%s", dir, nearSubfolder(dir, names))
	}
	name := dir
	if abs, err := filepath.Abs(dir); err == nil {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil {
				name = rel
			}
		}
	}
	return validator.Folder{Name: filepath.ToSlash(name), FS: os.DirFS(dir)}, nil
}

// hasSubfolder reports whether a folder has one of the data sub-folders;
// it fails when the folder cannot be read, rather than say it has none.
func hasSubfolder(fsys fs.FS) (bool, error) {
	if _, err := fs.ReadDir(fsys, "."); err != nil {
		return false, err
	}
	found := false
	for _, f := range validator.Subfolders {
		st, err := fs.Stat(fsys, f.Name)
		switch {
		case err == nil:
			found = found || st.IsDir()
		case !errors.Is(err, fs.ErrNotExist):
			return false, err
		}
	}
	return found, nil
}

// folderKey names a folder by its cleaned absolute path with every link
// resolved, so that two names for one folder have the same key. A path
// that cannot be resolved is its own key (folderSource then reports it).
func folderKey(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return filepath.Clean(dir)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// load validates the sources and returns the result; a source that cannot
// be read is a usage error.
func load(sources []validator.Folder) (*validator.Result, error) {
	limitMemory(validator.DataSize(sources...))
	res, err := validator.Validate(sources...)
	if err != nil {
		return nil, usageError{err}
	}
	return res, nil
}

// loadClean loads data for a command that works on the catalog: when the
// data has errors it prints them to stderr (the diagnostics and the
// summary line) and the command still runs on what loaded cleanly, so
// that an author can list and draw the rest, and even the tile being fixed
// when its entry loaded; the run then exits 1 after the command's output
// (see deferProblems). Outside run, it fails with errProblems instead.
func loadClean(cmd *cobra.Command, d *dataFlags) (*validator.Result, error) {
	res, ok, err := loadPrinted(cmd, d)
	if err != nil {
		return nil, err
	}
	if !ok && !deferProblems(cmd) {
		return nil, errProblems
	}
	return res, nil
}

// loadPrinted loads the folders the data flags name and prints the
// problems of the data, if any, to stderr; ok is false when it has errors.
func loadPrinted(cmd *cobra.Command, d *dataFlags) (res *validator.Result, ok bool, err error) {
	sources, err := d.sources()
	if err != nil {
		return nil, false, err
	}
	if res, err = load(sources); err != nil {
		return nil, false, err
	}
	if res.Diagnostics.HasErrors() {
		printProblems(cmd.ErrOrStderr(), res)
		return res, false, nil
	}
	return res, true, nil
}

func printProblems(w io.Writer, res *validator.Result) {
	_ = validator.Write(w, "text", res.Diagnostics)
	fmt.Fprintf(w, "tilekit: the data has problems: %s\n", res.Stats())
}

// loadFormatted checks a command's --format against the formats it
// allows, then loads data as loadClean does.
func loadFormatted(cmd *cobra.Command, d *dataFlags, format string, allowed ...string) (*validator.Result, error) {
	if err := checkFormat(format, allowed...); err != nil {
		return nil, err
	}
	return loadClean(cmd, d)
}

// The heap the garbage collector keeps a run under (unless GOMEMLIMIT says
// otherwise) grows with the data read: what a run keeps is a few times its
// input, bounded by the validator's limits, and collecting the rest early
// keeps 10,000 tiles in one file (4 MB) under 100 MiB of resident memory
// at no cost in time (BenchmarkValidateRSS), a 10 MB file under 150 MB and
// any input under a gigabyte.
const (
	memoryBase    = 48 << 20
	memoryPerByte = 8
	memoryMost    = 768 << 20
)

// limitMemory sets the memory limit for a run that reads size bytes.
func limitMemory(size int64) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(memoryLimit(size))
}

// memoryLimit is the memory limit for a run that reads size bytes.
func memoryLimit(size int64) int64 { return min(memoryBase+memoryPerByte*size, memoryMost) }

// A site holds every page in memory until it is written, and builds its
// languages at the same time. Without room for them, a site build spends
// much of its time collecting garbage at the limit: with it, the built-in
// site in English and German is built in 0.57 s instead of 0.90 s (whole
// process, median of 7, onto tmpfs), and peaks at 93 MiB of resident
// memory.
const (
	siteMemoryBase    = 8 << 20
	siteMemoryPerByte = 16
)

// limitSiteMemory raises the memory limit set for the data read by the
// room a site of that data needs in some languages.
func limitSiteMemory(size int64, languages int) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(siteMemoryLimit(size, languages))
}

// siteMemoryLimit is the memory limit for a site build of size bytes of
// data in some languages.
func siteMemoryLimit(size int64, languages int) int64 {
	return min(memoryLimit(size)+int64(languages)*(siteMemoryBase+siteMemoryPerByte*size), memoryMost)
}

// nearSubfolder suggests, for a folder without data sub-folders, the data
// sub-folder one of its folders was probably meant to be ("tile" for
// "tiles"), or says nothing.
func nearSubfolder(dir string, names []string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if hint := validator.Suggest(strings.ToLower(e.Name()), names); hint != "" {
			return fmt.Sprintf(" (it has %s/%s)", e.Name(), hint)
		}
	}
	return ""
}

// builtinModule is the module line of tilekit's own go.mod: the folder
// that holds it is the source of the built-in data, already loaded.
const builtinModule = "module github.com/tilekit/tilekit"

// enclosingUserFolder returns the data folder that dir is in, or is: the
// nearest folder, from dir up to the first one holding .git or the root,
// whose expansions/ folder holds a .toml file; "" when there is none, or
// when it is tilekit's own source tree, whose data is the built-in data.
// The folder is named relative to the working folder.
func enclosingUserFolder(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for p := abs; ; p = filepath.Dir(p) {
		if holdsTOML(filepath.Join(p, "expansions")) {
			if isBuiltinSource(p) {
				return ""
			}
			return displayPath(p)
		}
		if _, err := os.Lstat(filepath.Join(p, ".git")); err == nil || filepath.Dir(p) == p {
			return ""
		}
	}
}

// holdsTOML reports whether the folder dir holds a .toml file (a folder's
// name may hold characters a glob pattern would read as its own).
func holdsTOML(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".toml") {
			return true
		}
	}
	return false
}

// isBuiltinSource reports whether dir is tilekit's own source tree.
func isBuiltinSource(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == builtinModule {
			return true
		}
	}
	return false
}

// unknownIDError is an id the loaded data does not define (an expansion, a
// tile): the usual cause is a folder not loaded, which run says when no
// user folder was.
type unknownIDError struct{ err error }

func (e unknownIDError) Error() string { return e.err.Error() }
func (e unknownIDError) Unwrap() error { return e.err }

// loadHint is what run adds to an unknown id error when only the built-in
// data was loaded.
const loadHint = " (load your folder with --data DIR)"
