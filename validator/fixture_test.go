package validator

import (
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/require"
)

// Bad-data fixtures live in testdata/bad/*.txtar. Each archive is a data
// folder (tiles/..., expansions/...) loaded on top of the built-in data. The
// line that should get a diagnostic carries a comment
//
//	# want "[code] regexp"
//
// (several quoted strings for several diagnostics): the diagnostic must have
// that code and its message must match the regexp. Every diagnostic must be
// wanted and every want matched, as in x/tools' analysistest.

var wantComment = regexp.MustCompile(`#\s*want\s+((?:"(?:[^"\\]|\\.)*"\s*)+)$`)
var wantString = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
var wantCode = regexp.MustCompile(`^\[([a-zA-Z0-9.-]+)\]\s*(.*)$`)

type want struct {
	file string
	line int
	code string
	re   *regexp.Regexp
	raw  string
	hit  bool
}

func parseWants(t *testing.T, name string, data []byte) []*want {
	var out []*want
	for i, line := range strings.Split(string(data), "\n") {
		m := wantComment.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, q := range wantString.FindAllString(m[1], -1) {
			s, err := strconv.Unquote(q)
			require.NoError(t, err, "%s:%d: bad want %s", name, i+1, q)
			c := wantCode.FindStringSubmatch(s)
			require.NotNil(t, c, "%s:%d: a want starts with [code]: %s", name, i+1, q)
			re, err := regexp.Compile(c[2])
			require.NoError(t, err, "%s:%d: bad want %s", name, i+1, q)
			out = append(out, &want{file: name, line: i + 1, code: c[1], re: re, raw: s})
		}
	}
	return out
}

// fixture loads one archive as a data folder.
func fixture(t *testing.T, path string) (fstest.MapFS, []*want) {
	ar, err := txtar.ParseFile(path)
	require.NoError(t, err)
	fsys := fstest.MapFS{}
	var wants []*want
	for _, f := range ar.Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
		wants = append(wants, parseWants(t, "fixture/"+f.Name, f.Data)...)
	}
	return fsys, wants
}

func fixturePaths(t *testing.T) []string {
	paths, err := filepath.Glob(filepath.Join("testdata", "bad", "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	return paths
}

func TestBadFixtures(t *testing.T) {
	for _, path := range fixturePaths(t) {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			fsys, wants := fixture(t, path)
			require.NotEmpty(t, wants, "a bad fixture must want at least one diagnostic")
			res, err := Validate(Builtin(), Source{Name: "fixture", FS: fsys})
			require.NoError(t, err)
			for _, d := range res.Diagnostics {
				matched := false
				for _, w := range wants {
					if w.file == d.File && w.line == d.Line && w.code == d.Code && w.re.MatchString(d.Message) && !w.hit {
						w.hit, matched = true, true
						break
					}
				}
				if !matched {
					t.Errorf("unexpected diagnostic: %s", d)
				}
			}
			for _, w := range wants {
				if !w.hit {
					t.Errorf("%s:%d: no diagnostic matched %q", w.file, w.line, w.raw)
				}
			}
		})
	}
}

// TestEveryCodeHasAFixture keeps the list of codes honest: each one must be
// produced by some bad fixture.
func TestEveryCodeHasAFixture(t *testing.T) {
	wanted := map[string]bool{}
	for _, path := range fixturePaths(t) {
		_, wants := fixture(t, path)
		for _, w := range wants {
			wanted[w.code] = true
		}
	}
	var missing []string
	for _, c := range Codes {
		if !wanted[c.ID] {
			missing = append(missing, c.ID)
		}
	}
	sort.Strings(missing)
	require.Empty(t, missing, "codes without a bad fixture that wants them")
}
