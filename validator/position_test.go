package validator

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

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
	ix := indexPositions([]byte(src))
	for path, want := range map[string]sourcePos{
		"title":                    {2, 1},
		"tile/0":                   {3, 1},
		"tile/0/id":                {4, 1},
		"tile/0/counts":            {5, 1},
		"tile/0/counts/C1":         {5, 12},
		"tile/0/counts/C2":         {5, 20},
		"tile/0/note":              {6, 1},
		"tile/0/feature/0":         {9, 1},
		"tile/0/feature/0/sides":   {10, 3},
		"tile/0/feature/0/sides/0": {11, 5},
		"tile/0/feature/0/sides/1": {12, 5},
		"tile/0/feature/1":         {14, 1},
		"tile/0/feature/1/a/b":     {15, 1},
		"tile/1":                   {16, 1},
		"tile/1/id":                {17, 1},
		"tile/1/feature/0":         {18, 1},
		"tile/1/feature/0/kind":    {19, 1},
		"table/sub":                {20, 1},
		"table/sub/x/0/1":          {21, 10},
		"table/sub/x/1/0":          {21, 15},
		"table/sub/y/1/k":          {22, 19},
		"table/sub/z":              {23, 1},
		"table/sub/w":              {24, 1},
		"table/sub/v":              {26, 1},
	} {
		got, ok := ix[pathKey(strings.Split(path, "/"))]
		if assert.True(t, ok, "no position for %s", path) {
			assert.Equal(t, want, got, path)
		}
	}
	// The fake key inside the multi-line string is not indexed as a tile.
	_, ok := ix[pathKey([]string{"tile", "2"})]
	assert.False(t, ok)
}

func TestLookupFallsBackToAncestor(t *testing.T) {
	ix := indexPositions([]byte("[[tile]]\nid = \"a/B\"\n"))
	assert.Equal(t, sourcePos{1, 1}, ix.lookup([]string{"tile", "0", "feature", "3", "sides"}))
	assert.Equal(t, sourcePos{2, 1}, ix.lookup([]string{"tile", "0", "id"}))
	assert.Equal(t, sourcePos{1, 1}, ix.lookup([]string{"nothing"}))
}

func TestIndexPositionsStopsOnGarbage(t *testing.T) {
	// Never called on invalid TOML by the loader, but must not hang or
	// panic if it is.
	for _, src := range []string{"[", "a = [", "a = {", `a = "`, "a = '''", "= 1", "[[a]]\nb = [1,,2]", "a = { b = }"} {
		indexPositions([]byte(src))
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
	} {
		assert.Empty(t, findNewerSyntax([]byte(src)), src)
	}
	for src, want := range map[string]string{
		"a = {\n x = 1 }":      "an inline table spread over several lines",
		"a = { x = 1, }":       "a trailing comma in an inline table",
		`s = "\e"`:             `the \e escape`,
		`s = """x\x41"""`:      `a \xHH escape`,
		"t = 07:32":            "a time without seconds",
		"d = 1979-05-27 07:32": "a time without seconds",
	} {
		got := findNewerSyntax([]byte(src))
		if assert.Len(t, got, 1, src) {
			assert.Contains(t, got[0].what, want, src)
		}
	}
}
