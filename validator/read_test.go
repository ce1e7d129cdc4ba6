package validator

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goodExpansion is a valid expansions file for a fan folder.
const goodExpansion = "[[expansion]]\nid = \"fan\"\nname = \"Fan\"\nkind = \"fan\"\neditions = [\"C3\"]\n"

// folder writes files (name to content) into a new folder and returns it.
func folder(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
	}
	return dir
}

// validateDir validates the built-in data and dir, and fails the test if
// that takes more than a few seconds: a hang is a failure, not a timeout.
func validateDir(t *testing.T, dir string) *Result {
	t.Helper()
	done := make(chan *Result, 1)
	go func() {
		res, err := Validate(BuiltinFolder(), Folder{Name: "fan", FS: os.DirFS(dir)})
		assert.NoError(t, err)
		done <- res
	}()
	select {
	case res := <-done:
		require.NotNil(t, res)
		return res
	case <-time.After(20 * time.Second):
		t.Fatal("validation did not finish")
		return nil
	}
}

// only returns the diagnostics, asserting there is exactly one, with the
// code, in the file, whose message contains want.
func only(t *testing.T, res *Result, code, file, want string) {
	t.Helper()
	require.Len(t, res.Diagnostics, 1, "%v", res.Diagnostics)
	d := res.Diagnostics[0]
	assert.Equal(t, code, d.Code)
	assert.Equal(t, file, d.File)
	assert.Contains(t, d.Message, want)
}

func TestReadSkipsWhatIsNotARegularFile(t *testing.T) {
	t.Run("named pipe", func(t *testing.T) {
		dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion})
		require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "expansions", "x.toml"), 0o644))
		only(t, validateDir(t, dir), "file-skipped", "fan/expansions/x.toml", "a named pipe, not a regular file")
	})
	t.Run("link to a device", func(t *testing.T) {
		dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion})
		require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "expansions", "zero.toml")))
		only(t, validateDir(t, dir), "file-skipped", "fan/expansions/zero.toml", "a device, not a regular file")
	})
	t.Run("broken link", func(t *testing.T) {
		dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion})
		require.NoError(t, os.Symlink("nowhere", filepath.Join(dir, "expansions", "gone.toml")))
		only(t, validateDir(t, dir), "file-skipped", "fan/expansions/gone.toml", "a link to nothing")
	})
	t.Run("editor lock file", func(t *testing.T) {
		dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion})
		require.NoError(t, os.Symlink("user@host.1234:1700000000", filepath.Join(dir, "expansions", ".#fan.toml")))
		only(t, validateDir(t, dir), "file-skipped", "fan/expansions/.#fan.toml", "a hidden file")
	})
	t.Run("linked folder", func(t *testing.T) {
		other := folder(t, map[string]string{"more.toml": goodExpansion})
		dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion})
		require.NoError(t, os.Symlink(other, filepath.Join(dir, "expansions", "more")))
		only(t, validateDir(t, dir), "file-skipped", "fan/expansions/more", "a link to a folder")
	})
	t.Run("link to a file is read", func(t *testing.T) {
		other := folder(t, map[string]string{"fan.toml": goodExpansion})
		dir := folder(t, map[string]string{"tiles/.keep": ""})
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "expansions"), 0o755))
		require.NoError(t, os.Symlink(filepath.Join(other, "fan.toml"), filepath.Join(dir, "expansions", "fan.toml")))
		res := validateDir(t, dir)
		assert.Empty(t, res.Diagnostics)
		assert.NotNil(t, res.Catalog.Expansion("fan"))
	})
}

func TestReadTellsAboutNearMisses(t *testing.T) {
	for _, tc := range []struct{ name, file, want string }{
		{"upper-case extension", "expansions/fan.TOML", "rename it to fan.toml"},
		{"short extension", "expansions/fan.tml", "rename it to fan.toml"},
		{"data file at the top", "tiles.toml", "data files go below tiles/, expansions/ or interactions/"},
		{"data folder that is a file", "tiles", "tiles is a file, not a folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := folder(t, map[string]string{"expansions/ok.toml": goodExpansion, tc.file: "[[tile]]\n"})
			only(t, validateDir(t, dir), "file-skipped", "fan/"+tc.file, tc.want)
		})
	}
	t.Run("other files are not data and pass quietly", func(t *testing.T) {
		dir := folder(t, map[string]string{"expansions/ok.toml": goodExpansion, "expansions/README.md": "# notes", "README.md": "x", ".taplo.toml": ""})
		assert.Empty(t, validateDir(t, dir).Diagnostics)
	})
}

func TestReadReportsAFolderWithNoData(t *testing.T) {
	dir := folder(t, map[string]string{"tiles/notes.md": "nothing here"})
	res := validateDir(t, dir)
	require.Len(t, res.Diagnostics, 1)
	d := res.Diagnostics[0]
	assert.Equal(t, "no-data-files", d.Code)
	assert.Equal(t, Error, d.Severity, "a folder that loads nothing must not pass")
	assert.Equal(t, "fan", d.File)
}

// An empty data file, or one of white space only (an editor still writing
// it), is worth a warning; a file of comments, such as a scaffold's, is not.
func TestReadWarnsAboutAnEmptyFile(t *testing.T) {
	for _, content := range []string{"", " \n\t\r\n"} {
		dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion, "interactions/fan.toml": content})
		res := validateDir(t, dir)
		only(t, res, "file-empty", "fan/interactions/fan.toml", "is empty")
		assert.Equal(t, Warning, res.Diagnostics[0].Severity, "%q", content)
	}
	dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion, "interactions/fan.toml": "# rows to come\n"})
	assert.Empty(t, validateDir(t, dir).Diagnostics, "a file of comments is not empty")
}

func TestReadRefusesFilesOverTheLimit(t *testing.T) {
	dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion})
	// A sparse file: large to the file system, cheap to make.
	big, err := os.Create(filepath.Join(dir, "expansions", "big.toml"))
	require.NoError(t, err)
	require.NoError(t, big.Truncate(MaxFileSize+1))
	require.NoError(t, big.Close())
	only(t, validateDir(t, dir), "file-too-large", "fan/expansions/big.toml", "is 52,428,801 bytes; data files may be at most 52,428,800 bytes (50 MiB)")
}

func TestFormatSizeIsExact(t *testing.T) {
	for n, want := range map[int64]string{
		0:               "0 bytes",
		999:             "999 bytes",
		1000:            "1,000 bytes",
		MaxFileSize:     "52,428,800 bytes (50 MiB)",
		MaxFileSize + 1: "52,428,801 bytes",
		MaxTotalSize:    "104,857,600 bytes (100 MiB)",
	} {
		assert.Equal(t, want, formatSize(n))
	}
}

func TestReadRefusesDataOverTheTotalLimit(t *testing.T) {
	dir := folder(t, map[string]string{"expansions/fan.toml": goodExpansion})
	// Three sparse files under the file limit whose sum is over the total
	// limit: the third is refused before it is read.
	for _, name := range []string{"a.toml", "b.toml", "c.toml"} {
		f, err := os.Create(filepath.Join(dir, "tiles", name))
		if os.IsNotExist(err) {
			require.NoError(t, os.MkdirAll(filepath.Join(dir, "tiles"), 0o755))
			f, err = os.Create(filepath.Join(dir, "tiles", name))
		}
		require.NoError(t, err)
		require.NoError(t, f.Truncate(MaxTotalSize/3+1))
		require.NoError(t, f.Close())
	}
	res := validateDir(t, dir)
	var tooLarge []string
	for _, d := range res.Diagnostics {
		if d.Code == "file-too-large" {
			tooLarge = append(tooLarge, d.File+": "+d.Message)
		}
	}
	require.Len(t, tooLarge, 1, "%v", res.Diagnostics)
	assert.True(t, strings.HasPrefix(tooLarge[0], "fan/tiles/c.toml: not read: all data files together"), tooLarge[0])
}

// failingFS is a folder whose one data file fails to read.
type failingFS struct{ fstest.MapFS }

func (f failingFS) Open(name string) (fs.File, error) {
	if name == "expansions/broken.toml" {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("input/output error")}
	}
	return f.MapFS.Open(name)
}

func TestReadReportsUnreadableFiles(t *testing.T) {
	fsys := failingFS{mapFS(map[string]string{"expansions/fan.toml": goodExpansion, "expansions/broken.toml": "x"})}
	res, err := Validate(BuiltinFolder(), Folder{Name: "fan", FS: fsys})
	require.NoError(t, err, "one unreadable file is a problem of the data, not the end of the run")
	only(t, res, "file-unreadable", "fan/expansions/broken.toml", "cannot be read: input/output error")
	assert.NotNil(t, res.Catalog.Expansion("fan"), "the other files are read")
}

// deniedFS is a folder some folders of which cannot be listed, as a
// folder without read permission (which root may read all the same).
type deniedFS struct {
	fstest.MapFS
	denied string
}

// ReadDir is how the reader lists a folder (fs.ReadDir and fs.WalkDir).
func (f deniedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == f.denied {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return f.MapFS.ReadDir(name)
}

func TestUnreadableFoldersEndTheRun(t *testing.T) {
	files := mapFS(map[string]string{"expansions/fan.toml": goodExpansion, "tiles/sub/a.toml": "", "tiles/b.toml": ""})
	for _, tc := range []struct{ denied, want string }{
		{".", "cannot read folder fan: permission denied"},
		{"tiles", "cannot read folder fan/tiles: permission denied"},
		{"tiles/sub", "cannot read folder fan/tiles/sub: permission denied"},
	} {
		t.Run(tc.denied, func(t *testing.T) {
			_, err := Validate(BuiltinFolder(), Folder{Name: "fan", FS: deniedFS{files, tc.denied}})
			require.Error(t, err, "a folder that cannot be read is no problem of the data: the run ends")
			assert.Equal(t, tc.want, err.Error())
			assert.ErrorIs(t, err, fs.ErrPermission)
		})
	}
}

func TestTooManyValues(t *testing.T) {
	// One table of many keys cannot be cut into chunks.
	var b strings.Builder
	b.WriteString(goodExpansion + "[[expansion.part]]\nid = \"fan/x\"\nname = \"X\"\n")
	for i := 0; i <= MaxValues; i++ {
		fmt.Fprintf(&b, "k%d = 1\n", i)
	}
	res, err := Validate(BuiltinFolder(), Folder{Name: "fan", FS: mapFS(map[string]string{"expansions/fan.toml": b.String()})})
	require.NoError(t, err)
	only(t, res, "too-many-values", "fan/expansions/fan.toml", "tilekit parses at most 400000 at once")
}

func TestDataSizeCountsWhatIsRead(t *testing.T) {
	dir := folder(t, map[string]string{
		"expansions/fan.toml":  goodExpansion,
		"tiles/a.toml":         "# a\n",
		"tiles/skipped.TOML":   "not read",
		"tiles/notes.md":       "not data",
		"interactions/.x.toml": "hidden",
	})
	src := Folder{Name: "fan", FS: os.DirFS(dir)}
	assert.Equal(t, int64(len(goodExpansion)+len("# a\n")), DataSize(src))
	builtin := DataSize(BuiltinFolder())
	assert.Greater(t, builtin, int64(100_000), "the built-in data counts its embedded size")
	assert.Equal(t, builtin+DataSize(src), DataSize(BuiltinFolder(), src))
}

func TestReadTellsAboutOtherFolders(t *testing.T) {
	dir := folder(t, map[string]string{
		"expansions/fan.toml": goodExpansion,
		"tile/a.toml":         "[[tile]]\n",
		"Expansion/b.toml":    "[[expansion]]\n",
		"notes/c.toml":        "x = 1\n",
		"docs/readme.md":      "not data",
	})
	res := validateDir(t, dir)
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.File+": "+d.Message)
	}
	assert.Equal(t, []string{
		"fan/Expansion/b.toml: not read: Expansion/ is not a data folder; move the file to expansions/",
		"fan/notes/c.toml: not read: notes/ is not a data folder; move the file to tiles/, expansions/ or interactions/",
		"fan/tile/a.toml: not read: tile/ is not a data folder; move the file to tiles/",
	}, got)
}

// TestAFolderNamedBuiltin checks that a user's folder named <builtin> is
// told from the built-in data: its files are named ./<builtin>/..., and a
// duplicate points at the built-in entry, not at the user's own line.
func TestAFolderNamedBuiltin(t *testing.T) {
	builtin, err := fs.ReadFile(BuiltinFolder().FS, "tiles/base.toml")
	require.NoError(t, err)
	line := strings.Count(string(builtin[:strings.Index(string(builtin), `id = "base/A"`)]), "\n") + 1
	tile := "# mine\n\n[[tile]]\nid = \"base/A\"\nname = \"Mine\"\ncounts = { C3 = 1 }\n\n[[tile.feature]]\nkind = \"cloister\"\n\n[[tile.feature]]\nkind = \"field\"\nsides = [\"NL\", \"NR\", \"EL\", \"ER\", \"SL\", \"SR\", \"WL\", \"WR\"]\n"
	for _, name := range []string{BuiltinName, BuiltinName + "/"} {
		res, err := Validate(BuiltinFolder(), Folder{Name: name, FS: mapFS(map[string]string{"tiles/base.toml": tile})})
		require.NoError(t, err)
		require.Len(t, res.Diagnostics, 1, "%v", res.Diagnostics)
		d := res.Diagnostics[0]
		assert.Equal(t, "duplicate-id", d.Code)
		assert.Equal(t, "./<builtin>/tiles/base.toml", d.File)
		assert.Equal(t, 4, d.Line, "the user's line")
		assert.Equal(t, fmt.Sprintf("tile base/A is defined twice; first at <builtin>/tiles/base.toml:%d:1", line), d.Message)
	}
	res, err := Validate(BuiltinFolder(), Folder{Name: BuiltinName, FS: mapFS(map[string]string{"tiles/notes.md": ""})})
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"no-data-files": 1}, codes(res.Diagnostics), "a folder named <builtin> that loads nothing is told so")
}
