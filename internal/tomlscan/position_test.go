package tomlscan

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exactPosition returns the position recorded for exactly this path, not
// for an ancestor.
func exactPosition(ix Index, path []string) (Pos, bool) {
	var id int32
	var pos Pos
	for _, seg := range path {
		e, ok := ix.entries[childKey{id, seg}]
		if !ok {
			return Pos{}, false
		}
		id, pos = e.id, e.pos()
	}
	return pos, len(path) > 0
}

// assertPositions checks that each slash-separated path has exactly the
// given position.
func assertPositions(t *testing.T, src string, want map[string]Pos) {
	t.Helper()
	ix := NewIndex([]byte(src))
	for path, pos := range want {
		got, ok := exactPosition(ix, strings.Split(path, "/"))
		if assert.True(t, ok, "no position for %q in %q", path, src) {
			assert.Equal(t, pos, got, "%q in %q", path, src)
		}
	}
}

func TestIndexPositions(t *testing.T) {
	src := strings.Join([]string{
		`# a comment with [brackets] and key = "value"`, // 1
		`title = "x" # trailing`,                        // 2
		`[[tile]]`,                                      // 3
		`id = "a/B"`,                                    // 4
		`counts = { C1 = 4, "C2" = 5 }`,                 // 5
		`note = """`,                                    // 6
		`id = "not a key" [[tile]]`,                     // 7
		`"""`,                                           // 8
		`[[tile.feature]]`,                              // 9
		`  sides = [`,                                   // 10
		`    "N", # first`,                              // 11
		`    "WR",`,                                     // 12
		`  ]`,                                           // 13
		`[[tile.feature]]`,                              // 14
		`a.b = 'lit'`,                                   // 15
		`[[tile]]`,                                      // 16
		`id = "a/C"`,                                    // 17
		`[[tile.feature]]`,                              // 18
		`kind = "city"`,                                 // 19
		`[table.sub]`,                                   // 20
		`x = [[1, 2], [3]]`,                             // 21
		`y = [{ k = 1 }, { k = 2 }]`,                    // 22
		`z = 1979-05-27 07:32:00Z`,                      // 23
		`w = '''multi`,                                  // 24
		`line'''`,                                       // 25
		`v = "é" ; u = 1`,                               // 26 (invalid tail, ignored)
	}, "\n")
	assertPositions(t, src, map[string]Pos{
		"title":                    {2, 1},
		"tile":                     {3, 1},
		"tile/0":                   {3, 1},
		"tile/0/id":                {4, 1},
		"tile/0/counts":            {5, 1},
		"tile/0/counts/C1":         {5, 12},
		"tile/0/counts/C2":         {5, 20},
		"tile/0/note":              {6, 1},
		"tile/0/feature":           {9, 1},
		"tile/0/feature/0":         {9, 1},
		"tile/0/feature/0/sides":   {10, 3},
		"tile/0/feature/0/sides/0": {11, 5},
		"tile/0/feature/0/sides/1": {12, 5},
		"tile/0/feature/1":         {14, 1},
		"tile/0/feature/1/a":       {15, 1},
		"tile/0/feature/1/a/b":     {15, 1},
		"tile/1":                   {16, 1},
		"tile/1/id":                {17, 1},
		"tile/1/feature":           {18, 1},
		"tile/1/feature/0":         {18, 1},
		"tile/1/feature/0/kind":    {19, 1},
		"table":                    {20, 1},
		"table/sub":                {20, 1},
		"table/sub/x/0/1":          {21, 10},
		"table/sub/x/1/0":          {21, 15},
		"table/sub/y/1/k":          {22, 19},
		"table/sub/z":              {23, 1},
		"table/sub/w":              {24, 1},
		"table/sub/v":              {26, 1},
	})
	// The fake key inside the multi-line string is not indexed as a tile.
	_, ok := exactPosition(NewIndex([]byte(src)), []string{"tile", "2"})
	assert.False(t, ok)
}

// Unknown keys are reported at their own path, so every prefix of a header
// or dotted key must be where it first occurs, not at its parent.
func TestIndexPositionsRecordsEveryPrefix(t *testing.T) {
	src := strings.Join([]string{
		`[[tiles]]`,          // 1
		`[[tile]]`,           // 2
		`[[tile.features]]`,  // 3
		`[[tile.features]]`,  // 4
		`[tile.extra]`,       // 5
		`[[tile]]`,           // 6
		`[[tile.features]]`,  // 7
		`[a.b.c]`,            // 8
		`d.e.f = 1`,          // 9
		`d.g = 2`,            // 10
		`[a.b.h]`,            // 11
		`  "x y" . z = true`, // 12
	}, "\n")
	assertPositions(t, src, map[string]Pos{
		"tiles":             {1, 1},
		"tiles/0":           {1, 1},
		"tile":              {2, 1},
		"tile/0/features":   {3, 1},
		"tile/0/features/1": {4, 1},
		"tile/0/extra":      {5, 1},
		"tile/1/features":   {7, 1},
		"tile/1/features/0": {7, 1},
		"a":                 {8, 1},
		"a/b":               {8, 1},
		"a/b/c":             {8, 1},
		"a/b/c/d":           {9, 1},
		"a/b/c/d/e":         {9, 1},
		"a/b/c/d/e/f":       {9, 1},
		"a/b/c/d/g":         {10, 1},
		"a/b/h":             {11, 1},
		"a/b/h/x y":         {12, 3},
		"a/b/h/x y/z":       {12, 3},
	})
	ix := NewIndex([]byte(src))
	assert.Equal(t, Pos{5, 1}, ix.Lookup([]string{"tile", "0", "extra", "unknown"}))
}

// Keys are recorded under the names BurntSushi/toml decodes.
func TestIndexPositionsKeyNames(t *testing.T) {
	src := strings.Join([]string{
		`"it's" = 1`,          // 1
		`'a"b' = 2`,           // 2
		`"a\u0041" = 3`,       // 3
		`a . b = 4`,           // 4
		`"a.b" = 5`,           // 5
		`"" = 6`,              // 6
		`"tab\there" = 7`,     // 7
		`"\\" = 8`,            // 8
		`'C:\x' = 9`,          // 9
		`"\U0001F600" = 10`,   // 10
		`q = { "it's" = 11 }`, // 11
	}, "\n")
	var doc map[string]any
	_, err := toml.Decode(src, &doc)
	require.NoError(t, err)
	assertPositions(t, src, map[string]Pos{
		"it's":      {1, 1},
		`a"b`:       {2, 1},
		"aA":        {3, 1},
		"a/b":       {4, 1},
		"a.b":       {5, 1},
		"":          {6, 1},
		"tab\there": {7, 1},
		`\`:         {8, 1},
		`C:\x`:      {9, 1},
		"😀":         {10, 1},
		"q/it's":    {11, 7},
	})
	assertIndexHoldsDecoded(t, src)
}

// assertIndexHoldsDecoded checks that every path of the data BurntSushi/toml
// decodes from src has a position of its own in the index.
func assertIndexHoldsDecoded(t *testing.T, src string) {
	t.Helper()
	var doc map[string]any
	if _, err := toml.Decode(src, &doc); err != nil {
		return
	}
	ix := NewIndex([]byte(src))
	for _, path := range dataPaths(doc, nil, nil) {
		if _, ok := exactPosition(ix, path); !ok {
			t.Fatalf("no position for %q in %q", path, src)
		}
	}
}

// dataPaths returns the paths of every table, key and element of v.
func dataPaths(v any, prefix []string, out [][]string) [][]string {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := append(append([]string{}, prefix...), k)
			out = dataPaths(v[k], p, append(out, p))
		}
	case []map[string]any:
		for i, e := range v {
			p := append(append([]string{}, prefix...), fmt.Sprint(i))
			out = dataPaths(e, p, append(out, p))
		}
	case []any:
		for i, e := range v {
			p := append(append([]string{}, prefix...), fmt.Sprint(i))
			out = dataPaths(e, p, append(out, p))
		}
	}
	return out
}

func TestIndexHoldsBuiltinData(t *testing.T) {
	for _, src := range builtinFiles(t) {
		assertIndexHoldsDecoded(t, string(src))
	}
}

// dataFolders are the folders of the module's own data files, which
// tilekit embeds as its built-in data.
var dataFolders = []string{"expansions", "interactions", "scenarios", "tiles"}

// builtinFiles returns the module's own TOML data files by their path in
// the module, read from the source tree: real files of every shape the
// data takes.
func builtinFiles(t testing.TB) map[string][]byte {
	files := map[string][]byte{}
	root := os.DirFS(filepath.Join("..", ".."))
	for _, folder := range dataFolders {
		err := fs.WalkDir(root, folder, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
				return err
			}
			data, err := fs.ReadFile(root, p)
			files[p] = data
			return err
		})
		require.NoError(t, err)
	}
	require.NotEmpty(t, files)
	return files
}

func TestIndexPositionsSkipsByteOrderMark(t *testing.T) {
	assertPositions(t, "\ufeffa = 1\nb = { c = 2 }", map[string]Pos{
		"a":   {1, 1},
		"b":   {2, 1},
		"b/c": {2, 7},
	})
	assertPositions(t, "\ufeff[x]\n", map[string]Pos{"x": {1, 1}})
}

func TestLookupFallsBackToAncestor(t *testing.T) {
	ix := NewIndex([]byte("[[tile]]\nid = \"a/B\"\n"))
	assert.Equal(t, Pos{1, 1}, ix.Lookup([]string{"tile", "0", "feature", "3", "sides"}))
	assert.Equal(t, Pos{2, 1}, ix.Lookup([]string{"tile", "0", "id"}))
	assert.Equal(t, Pos{1, 1}, ix.Lookup([]string{"nothing"}))
	assert.Equal(t, Pos{1, 1}, Index{}.Lookup([]string{"tile"}))
}

func TestIndexPositionsStopsOnGarbage(t *testing.T) {
	// Never called on invalid TOML by the loader, but must not hang or
	// panic if it is.
	for _, src := range []string{"[", "a = [", "a = {", `a = "`, "a = '''", "= 1", "[[a]]\nb = [1,,2]", "a = { b = }",
		"a = [1 }", "a = { b = 1 ]", "a = [[[", "a.", `"a`, `a = """`, "[[a]", "\ufeff"} {
		NewIndex([]byte(src))
	}
}

// The index grows linearly with the nesting: the old index copied the whole
// path at every level and took about a gigabyte at 10,000 levels.
func TestIndexDeepIsLinear(t *testing.T) {
	for _, shape := range []string{"header", "dotted", "array", "inline"} {
		src := deepInput(shape, 100000)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		ix := NewIndex(src)
		elapsed := time.Since(start)
		runtime.ReadMemStats(&after)
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(300*len(src)), shape)
		assert.Less(t, elapsed, 5*time.Second, shape)
		deepest := make([]string, 100000)
		for i := range deepest {
			deepest[i] = "a"
		}
		switch shape {
		case "header", "dotted":
			assert.Equal(t, Pos{1, 1}, ix.Lookup(deepest), shape)
			_, ok := exactPosition(ix, deepest)
			assert.True(t, ok, shape)
		case "array":
			for i := range deepest {
				deepest[i] = "0"
			}
			_, ok := exactPosition(ix, append([]string{"x"}, deepest[:99999]...))
			assert.True(t, ok, shape)
		case "inline":
			_, ok := exactPosition(ix, append([]string{"x"}, deepest...))
			assert.True(t, ok, shape)
		}
	}
}

func TestFindNewerSyntax(t *testing.T) {
	// TOML 1.0 forms give no warning, even where the quick byte check
	// cannot tell.
	for _, src := range []string{
		"a = { x = 1, y = 2 }",
		`s = "\u0041\t\\e \\x41"`,
		"t = 07:32:00\nd = 1979-05-27T07:32:00Z\ne = 1979-05-27 07:32:00.5+01:00",
		"s = \"{\"\nt = \"}\"",
		"s = 'C:\\x\\e'",
		"# a comment: 07:32 { ,\n",
		"n = \"12:30 is lunch\"",
		"# {{{{{{}\n",
		"a = [\n  1,\n  2,\n]",
		"a = { b = [\n 1,\n 2] }",
		"a = { b = \"\"\"x\ny\"\"\" }",
		"a = '''\\e'''",
	} {
		assert.Empty(t, findNewerSyntax([]byte(src)), src)
	}
	for src, want := range map[string]string{
		"a = {\n x = 1 }":              "an inline table spread over several lines",
		"a = { x = 1, }":               "a trailing comma in an inline table",
		`s = "\e"`:                     `the \e escape`,
		`s = """x\x41"""`:              `a \xHH escape`,
		`"k\e" = 1`:                    `the \e escape`,
		"t = 07:32":                    "a time without seconds",
		"d = 1979-05-27 07:32":         "a time without seconds",
		"d = 1979-05-27T07:32Z":        "a time without seconds",
		"d = 1979-05-27T07:32-07:00":   "a time without seconds",
		"a = {\n x = 1 # c\n}":         "an inline table spread over several lines",
		"a = [{ x = [1, 2], y = 3, }]": "a trailing comma in an inline table",
		"a = {\n s = \"}\" }":          "an inline table spread over several lines",
	} {
		got := findNewerSyntax([]byte(src))
		if assert.Len(t, got, 1, src) {
			assert.Contains(t, got[0].What, want, src)
		}
	}
	got := findNewerSyntax([]byte("a = 1\nb = { c = \"\\e\",\n d = 07:32, }"))
	require.Len(t, got, 4)
	assert.Equal(t, Pos{2, 5}, got[0].Pos) // the inline table
	assert.Equal(t, Pos{2, 5}, got[1].Pos)
	assert.Equal(t, Pos{2, 12}, got[2].Pos) // \e
	assert.Equal(t, Pos{3, 6}, got[3].Pos)  // 07:32
}

// The quick byte check must let through every file that needs a warning,
// and reject ordinary tile files.
func TestMayUseNewerSyntax(t *testing.T) {
	for _, src := range []string{
		"a = {\n x = 1 }", "a = { x = 1, }", "a = { x = 1,\n}", `s = "\e"`, `s = "\x41"`, "t = 07:32", "t = 07:32\n",
		"d = 1979-05-27T07:32Z", "a = {",
		// Braces in comments and strings do not close the table.
		"a = { b = 1, # }\n c = 2 }", "a = { s = \"}\",\n b = 1 }", "a = { s = '}'\n}",
	} {
		assert.True(t, mayUseNewerSyntax([]byte(src)), src)
	}
	for _, src := range []string{
		"t = 07:32:00", "d = 1979-05-27T07:32:00Z", "a = { x = 1, y = 2 }\nb = [1, 2,\n]", "v = 1.5", "n = 123:4567",
	} {
		assert.False(t, mayUseNewerSyntax([]byte(src)), src)
	}
	for name, src := range builtinFiles(t) {
		if strings.HasPrefix(name, "tiles/") {
			assert.False(t, mayUseNewerSyntax(src), name)
		}
	}
}

// A long comment line of braces is read once: the old check searched for
// the closing brace from every opening one, for minutes.
func TestNewerSyntaxBracesIsLinear(t *testing.T) {
	src := braceComment(1 << 20)
	start := time.Now()
	assert.Empty(t, findNewerSyntax(src))
	assert.Less(t, time.Since(start), 2*time.Second)
}
