package validator

import (
	"bytes"
	"flag"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

var update = flag.Bool("update", false, "rewrite the snapshot of the built-in data ("+snapshotFile+") from a full validation")

// snapshotFile is the generated file that holds the snapshot.
const snapshotFile = "snapshot.bin"

// refresh is the command that rewrites the snapshot.
const refresh = "go test ./validator -run TestBuiltinSnapshot -update"

// withoutSnapshot makes Validate take the full path until the test ends.
func withoutSnapshot(t testing.TB) {
	saved := snapshotWant
	snapshotWant = func() string { return "" }
	t.Cleanup(func() { snapshotWant = saved })
}

// validateFull validates the sources without the snapshot.
func validateFull(t testing.TB, sources ...Folder) *Result {
	saved := snapshotWant
	snapshotWant = func() string { return "" }
	defer func() { snapshotWant = saved }()
	res, err := Validate(sources...)
	require.NoError(t, err)
	return res
}

// requireCurrentSnapshot skips the test when the compiled snapshot would
// not be used for the built-in data, since a comparison of the two paths
// would then compare the full path with itself. TestBuiltinSnapshot fails
// in that case, and says how to refresh the snapshot.
func requireCurrentSnapshot(t testing.TB) {
	t.Helper()
	if !snapshotUsable(BuiltinFolder()) {
		t.Skipf("the snapshot of the built-in data is out of date (run %s)", refresh)
	}
}

// requireSameResult checks that two results have the same catalog content,
// diagnostics and file count.
func requireSameResult(t testing.TB, want, got *Result) {
	t.Helper()
	require.Equal(t, want.Files, got.Files, "files")
	require.Equal(t, want.Diagnostics, got.Diagnostics, "diagnostics")
	require.Equal(t, want.Catalog.Data, got.Catalog.Data, "catalog data")
	require.True(t, reflect.DeepEqual(want.Catalog, got.Catalog), "catalog lookups differ")
}

// builtinDataFiles lists the data files of the built-in data in the order
// the loader reads them: the TOML files below each of Subfolders.
func builtinDataFiles(t testing.TB) []string {
	var names []string
	for _, folder := range Subfolders {
		require.NoError(t, fs.WalkDir(tilekit.Builtin(), folder.Name, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && strings.HasSuffix(p, ".toml") && !strings.HasPrefix(d.Name(), ".") {
				names = append(names, p)
			}
			return err
		}))
	}
	return names
}

// TestBuiltinSnapshot checks that the snapshot is what a full validation
// of the built-in data gives today; with -update it rewrites the snapshot.
func TestBuiltinSnapshot(t *testing.T) {
	res := validateFull(t, BuiltinFolder())
	for _, d := range res.Diagnostics {
		t.Errorf("the built-in data has a problem, so it cannot have a snapshot: %s", d)
	}
	require.False(t, t.Failed())
	files := builtinDataFiles(t)
	require.Len(t, files, res.Files, "the snapshot lists every file the full validation reads")
	digest, err := digestFS(tilekit.Builtin())
	require.NoError(t, err)
	var size int64
	for _, name := range files {
		info, err := fs.Stat(tilekit.Builtin(), name)
		require.NoError(t, err)
		size += info.Size()
	}
	src, err := generateSnapshot(digest, files, size, res.Catalog.Data)
	require.NoError(t, err)
	old, _ := os.ReadFile(snapshotFile)
	if *update {
		if !bytes.Equal(old, src) {
			require.NoError(t, os.WriteFile(snapshotFile, src, 0o644))
			t.Logf("rewrote %s", snapshotFile)
		}
		return
	}
	require.True(t, bytes.Equal(old, src), "%s is out of date with the built-in data, its schemas, the domain types or the validator: run %s", snapshotFile, refresh)
	// The file is current, so the compiled snapshot must give back exactly
	// what the full validation built: this catches a generator that loses
	// something, such as the difference between a nil and an empty slice.
	// The encoding keeps nil and empty slices apart, and pointers to zero
	// values.
	snap := embeddedSnapshot()
	require.Equal(t, digest, snap.Digest)
	require.Equal(t, files, snap.Files)
	require.Equal(t, size, snap.Size)
	data, err := snapshotData()
	require.NoError(t, err)
	require.Equal(t, res.Catalog.Data, data)
	require.True(t, reflect.DeepEqual(res.Catalog.Data, data), "the decoded data is deeply equal to the built data")
}

// TestSnapshotBuiltinAlone compares the built-in data loaded from the
// snapshot with its full validation.
func TestSnapshotBuiltinAlone(t *testing.T) {
	requireCurrentSnapshot(t)
	want := validateFull(t, BuiltinFolder())
	got, err := Validate(BuiltinFolder())
	require.NoError(t, err)
	requireSameResult(t, want, got)
}

// TestSnapshotLoaderState compares the loader after the snapshot stood in
// for the built-in data with the loader after reading it: the same files,
// the same bytes counted towards the limit on what one run reads, and no
// diagnostics.
func TestSnapshotLoaderState(t *testing.T) {
	requireCurrentSnapshot(t)
	snap := &loader{files: map[string]*sourceFile{}}
	require.True(t, snap.loadSnapshot(BuiltinFolder()))
	full := &loader{files: map[string]*sourceFile{}}
	require.NoError(t, full.loadSource(BuiltinFolder()))
	require.Empty(t, full.sink.kept)
	require.Empty(t, snap.sink.kept)
	require.ElementsMatch(t, slices.Collect(maps.Keys(full.files)), slices.Collect(maps.Keys(snap.files)))
	require.Equal(t, full.reader.total, snap.reader.total)
	for name, f := range snap.files {
		require.Nil(t, f.src, "%s is read only when a position in it is needed", name)
		require.Equal(t, full.files[name].src, f.source(), name)
	}
}

// TestSnapshotFixtures loads every bad fixture on top of the built-in data,
// once with the snapshot and once without, and wants the same result: the
// checks run over everything, and messages that point into the built-in
// files (a duplicate id's first place) are located the same.
func TestSnapshotFixtures(t *testing.T) {
	requireCurrentSnapshot(t)
	for _, path := range fixturePaths(t) {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			user := Folder{Name: "fixture", FS: fixtureFS(t, path)}
			want := validateFull(t, BuiltinFolder(), user)
			got, err := Validate(BuiltinFolder(), user)
			require.NoError(t, err)
			requireSameResult(t, want, got)
		})
	}
}

// duplicateTile is a tiles file that defines a tile the base game has.
const duplicateTile = `[[tile]]
id = "base/B"
name = "Cloister"
counts = { C1 = 1 }

[[tile.feature]]
kind = "cloister"

[[tile.feature]]
kind = "field"
sides = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]
`

// TestSnapshotLocatesBuiltinFiles checks that a message naming a place in
// a built-in file gets its line from the file's source, read on demand.
func TestSnapshotLocatesBuiltinFiles(t *testing.T) {
	requireCurrentSnapshot(t)
	user := Folder{Name: "user", FS: mapFS(map[string]string{"tiles/dup.toml": duplicateTile})}
	want := validateFull(t, BuiltinFolder(), user)
	got, err := Validate(BuiltinFolder(), user)
	require.NoError(t, err)
	requireSameResult(t, want, got)
	var found bool
	for _, d := range got.Diagnostics {
		if d.Code == "duplicate-id" {
			found = true
			assert.Regexp(t, `first at <builtin>/tiles/base\.toml:[1-9][0-9]*:1$`, d.Message)
			assert.NotContains(t, d.Message, "base.toml:1:1", "located in the built-in file, not at its start")
		}
	}
	assert.True(t, found, "a duplicate-id diagnostic")
}

// TestSnapshotFallback checks that a snapshot whose digest does not match
// the embedded files is not used, and that the full path then gives the
// same result.
func TestSnapshotFallback(t *testing.T) {
	requireCurrentSnapshot(t)
	want, err := Validate(BuiltinFolder())
	require.NoError(t, err)
	user := Folder{Name: "fixture", FS: fixtureFS(t, fixturePaths(t)[0])}
	wantUser, err := Validate(BuiltinFolder(), user)
	require.NoError(t, err)

	saved := snapshotWant
	t.Cleanup(func() { snapshotWant = saved })
	stale := strings.Repeat("0", len(saved()))
	snapshotWant = func() string { return stale }
	require.False(t, snapshotUsable(BuiltinFolder()), "a stale snapshot is not used")
	l := &loader{files: map[string]*sourceFile{}}
	require.False(t, l.loadSnapshot(BuiltinFolder()))
	require.Empty(t, l.files)
	got, err := Validate(BuiltinFolder())
	require.NoError(t, err)
	requireSameResult(t, want, got)
	got, err = Validate(BuiltinFolder(), user)
	require.NoError(t, err)
	requireSameResult(t, wantUser, got)
}

// TestSnapshotDigest checks that the digest changes with any edit of the
// embedded files: a data file, a schema, a file's name.
func TestSnapshotDigest(t *testing.T) {
	copyFS := func() fstest.MapFS {
		out := fstest.MapFS{}
		require.NoError(t, fs.WalkDir(tilekit.Builtin(), ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(tilekit.Builtin(), p)
			out[p] = &fstest.MapFile{Data: data}
			return err
		}))
		return out
	}
	builtin, err := digestFS(tilekit.Builtin())
	require.NoError(t, err)
	require.Equal(t, builtin, builtinDigest())
	same, err := digestFS(copyFS())
	require.NoError(t, err)
	require.Equal(t, builtin, same, "the digest depends only on names and contents")

	var schema, data string
	for p := range copyFS() {
		switch {
		case schema == "" && strings.HasPrefix(p, "schema/"):
			schema = p
		case data == "" && strings.HasPrefix(p, "tiles/"):
			data = p
		}
	}
	require.NotEmpty(t, schema)
	require.NotEmpty(t, data)
	for what, edit := range map[string]func(fstest.MapFS){
		"data file edited":  func(m fstest.MapFS) { m[data].Data = append(slices.Clone(m[data].Data), '\n') },
		"schema edited":     func(m fstest.MapFS) { m[schema].Data = bytes.Replace(m[schema].Data, []byte(`"`), []byte(` "`), 1) },
		"data file renamed": func(m fstest.MapFS) { m[data+".old"] = m[data]; delete(m, data) },
		"data file added":   func(m fstest.MapFS) { m["interactions/new.toml"] = &fstest.MapFile{} },
	} {
		m := copyFS()
		edit(m)
		d, err := digestFS(m)
		require.NoError(t, err)
		assert.NotEqual(t, builtin, d, what)
	}
}

// TestSnapshotOnlyForBuiltin checks that the snapshot stands only for the
// built-in data itself, not for a folder that shares its name or its files.
func TestSnapshotOnlyForBuiltin(t *testing.T) {
	requireCurrentSnapshot(t)
	assert.True(t, snapshotUsable(BuiltinFolder()))
	assert.False(t, snapshotUsable(Folder{Name: BuiltinName, FS: singleFile(t, "tiles/base.toml")}))
	assert.False(t, snapshotUsable(Folder{Name: "copy", FS: tilekit.Builtin()}))
	// The built-in data given twice is loaded from the snapshot once and
	// in full once, as the full path does twice.
	want := validateFull(t, BuiltinFolder(), BuiltinFolder())
	got, err := Validate(BuiltinFolder(), BuiltinFolder())
	require.NoError(t, err)
	requireSameResult(t, want, got)
}

// TestSnapshotIsolation calls Validate several times in one process, with
// and without user folders, and changes what it returns in between: no run
// may alter what the next one gets.
func TestSnapshotIsolation(t *testing.T) {
	requireCurrentSnapshot(t)
	// A user folder whose problem points into a built-in file, and a few
	// bad fixtures from across the list.
	folders := []fs.FS{mapFS(map[string]string{"tiles/dup.toml": duplicateTile})}
	paths := fixturePaths(t)
	for i := 0; i < len(paths); i += max(1, len(paths)/5) {
		folders = append(folders, fixtureFS(t, paths[i]))
	}
	alone := validateFull(t, BuiltinFolder())
	var withUser []*Result
	for _, fsys := range folders {
		withUser = append(withUser, validateFull(t, BuiltinFolder(), Folder{Name: "user", FS: fsys}))
	}
	for round := 0; round < 3; round++ {
		for i, fsys := range folders {
			got, err := Validate(BuiltinFolder(), Folder{Name: "user", FS: fsys})
			require.NoError(t, err)
			requireSameResult(t, withUser[i], got)
			scribble(got.Catalog)
			got, err = Validate(BuiltinFolder())
			require.NoError(t, err)
			requireSameResult(t, alone, got)
			scribble(got.Catalog)
		}
	}
}

// scribble changes a catalog every way a caller could: reorders and grows
// its slices and changes the values inside them.
func scribble(c *tilekit.Catalog) {
	slices.Reverse(c.Tiles)
	slices.Reverse(c.Rows)
	c.Expansions = append(c.Expansions, tilekit.Expansion{ID: "zzz"})
	c.Steps = append(c.Steps[:0], c.Steps[len(c.Steps)/2:]...)
	for i := range c.Tiles {
		t := &c.Tiles[i]
		t.ID += "-changed"
		t.Counts[tilekit.C3] = 99
		t.Origin.Path[0] = "changed"
		for j := range t.Features {
			slices.Reverse(t.Features[j].Sides)
		}
	}
	for i := range c.Tables {
		if r := c.Tables[i].Rule; r != nil {
			r.Verdict = "changed"
			if r.When.Living != nil {
				*r.When.Living = !*r.When.Living
			}
		}
	}
}

// TestSnapshotSkipsSchemas checks, in a fresh process, that loading the
// built-in data from the snapshot compiles no schema.
func TestSnapshotSkipsSchemas(t *testing.T) {
	if os.Getenv("TILEKIT_SNAPSHOT_CHILD") == "1" {
		res, err := Validate(BuiltinFolder())
		require.NoError(t, err)
		require.NotEmpty(t, res.Catalog.Tiles)
		require.Nil(t, compiled, "schemas compiled for the built-in data alone")
		return
	}
	requireCurrentSnapshot(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestSnapshotSkipsSchemas$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "TILEKIT_SNAPSHOT_CHILD=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "--- PASS: TestSnapshotSkipsSchemas", "the check ran in the child process")
}

// BenchmarkSnapshotData measures decoding the built-in data from the
// snapshot, which every run of a command pays.
func BenchmarkSnapshotData(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := snapshotData(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuiltinDigest measures the digest of the embedded files, which
// every run pays once to know that the snapshot is current.
func BenchmarkBuiltinDigest(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := digestFS(tilekit.Builtin()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateBuiltinFull measures the full validation of the
// built-in data, which the snapshot stands in for.
func BenchmarkValidateBuiltinFull(b *testing.B) {
	withoutSnapshot(b)
	benchmarkValidate(b, BuiltinFolder())
}

// generateSnapshot returns the content of snapshot.bin: the header (the
// digest, the layout of the types, the file names and their size) and
// then the data.
func generateSnapshot(digest string, files []string, size int64, d tilekit.Data) ([]byte, error) {
	h := snapshotHeader{Digest: digest, Layout: dataLayout(), Files: files, Size: size}
	buf, err := encodeValue(nil, reflect.ValueOf(h))
	if err != nil {
		return nil, err
	}
	return encodeValue(buf, reflect.ValueOf(d))
}

// codecSample has a field of every kind the snapshot encoding writes, in
// the forms reflect.DeepEqual tells apart.
type codecSample struct {
	S        string
	B        bool
	I        int
	I8       int8
	U        uint16
	F        float64
	P        *bool
	PZero    *int
	PNil     *string
	Nil      []string
	Empty    []string
	Full     []int
	Arr      [3]int
	MNil     map[string]int
	MEmpty   map[int]string
	M        map[string][]int
	Nested   []codecSample
	Pointers []*codecSample
}

// TestSnapshotCodec checks that a value comes back deeply equal from its
// encoding, that the encoding is deterministic, and that every truncated
// encoding is refused with an error rather than a panic.
func TestSnapshotCodec(t *testing.T) {
	no, zero := false, 0
	in := codecSample{
		S: "héllo", B: true, I: -300, I8: -128, U: 65535, F: -1.5,
		P: &no, PZero: &zero, Empty: []string{}, Full: []int{1, -1, 1 << 40},
		Arr: [3]int{3, 2, 1}, MEmpty: map[int]string{},
		M:        map[string][]int{"b": nil, "a": {}, "c": {7}},
		Nested:   []codecSample{{S: "inner", Empty: []string{}}},
		Pointers: []*codecSample{nil, {I: 1}},
	}
	enc, err := encodeValue(nil, reflect.ValueOf(in))
	require.NoError(t, err)
	for i := 0; i < 10; i++ {
		again, err := encodeValue(nil, reflect.ValueOf(in))
		require.NoError(t, err)
		require.Equal(t, enc, again, "the encoding does not depend on map order")
	}
	var out codecSample
	d := &snapshotDecoder{data: string(enc)}
	require.NoError(t, d.decode(reflect.ValueOf(&out).Elem()))
	require.Empty(t, d.data)
	require.True(t, reflect.DeepEqual(in, out), "decoded %+v", out)
	for n := 0; n < len(enc); n++ {
		var cut codecSample
		d := &snapshotDecoder{data: string(enc[:n])}
		require.Error(t, d.decode(reflect.ValueOf(&cut).Elem()), "the encoding cut to %d of %d bytes", n, len(enc))
	}
	_, err = encodeValue(nil, reflect.ValueOf(struct{ hidden int }{}))
	require.Error(t, err, "an unexported field cannot be written")
	_, err = encodeValue(nil, reflect.ValueOf(struct{ F func() }{}))
	require.Error(t, err, "a function cannot be written")
}

// TestSnapshotLayout checks that the layout the snapshot records changes
// with the types: a field renamed, added or of another type makes a
// snapshot written from the old types unusable.
func TestSnapshotLayout(t *testing.T) {
	type base struct {
		A string
		B []int
	}
	type renamed struct {
		A string
		C []int
	}
	type added struct {
		A string
		B []int
		C bool
	}
	type retyped struct {
		A string
		B []int64
	}
	type self struct {
		A    string
		Next *self
	}
	want := typeLayout(reflect.TypeFor[base]())
	for _, other := range []reflect.Type{reflect.TypeFor[renamed](), reflect.TypeFor[added](), reflect.TypeFor[retyped]()} {
		assert.NotEqual(t, want, typeLayout(other), other.String())
	}
	assert.NotEmpty(t, typeLayout(reflect.TypeFor[self]()), "a type that refers to itself")
	assert.Equal(t, dataLayout(), embeddedSnapshot().Layout, "the snapshot was written from today's types")
}
