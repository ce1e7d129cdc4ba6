package validator

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Bad-data fixtures live in testdata/bad/*.txtar. Each archive is a data
// folder (tiles/..., expansions/..., interactions/...) loaded on top of the
// built-in data, with a one-line comment at the top saying what its fault
// is. The line that should get a diagnostic carries a comment
//
//	# want "[code] regexp"
//
// and the diagnostic must have that code and its message must match the
// regexp. In a Markdown file (a rules text) the comment is written
// <!-- want "[code] regexp" --> and taken out of the file before it is
// loaded, since it would be raw HTML in the text. Every diagnostic must be
// wanted and every want matched, as in x/tools' analysistest.
//
// A bad fixture holds exactly one fault and wants exactly one diagnostic,
// so that a missed check cannot hide behind another fault of the same
// fixture. It is named <code>-<what>.txtar.

var wantComment = regexp.MustCompile(`(?:#|<!--)\s*want\s+((?:"(?:[^"\\]|\\.)*"\s*)+)(?:-->\s*)?$`)

// markdownWant matches a want comment in a Markdown file, which the
// fixture loader takes out.
var markdownWant = regexp.MustCompile(`[ \t]*<!--\s*want\s+(?:"(?:[^"\\]|\\.)*"\s*)+-->[ \t]*`)
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

// fixture loads one archive as a data folder, with the diagnostics its
// comments want.
func fixture(t *testing.T, path string) (fstest.MapFS, []*want) {
	fsys := fixtureFS(t, path)
	ar, err := txtar.ParseFile(path) // the files as written, with their wants
	require.NoError(t, err)
	written := map[string][]byte{}
	for _, f := range ar.Files {
		written[f.Name] = f.Data
	}
	var wants []*want
	for _, name := range slices.Sorted(maps.Keys(fsys)) {
		wants = append(wants, parseWants(t, "fixture/"+name, written[name])...)
	}
	return fsys, wants
}

// fixtureFS loads a txtar archive as a data folder.
func fixtureFS(t testing.TB, path string) fstest.MapFS {
	ar, err := txtar.ParseFile(path)
	require.NoError(t, err)
	fsys := fstest.MapFS{}
	for _, f := range ar.Files {
		data := f.Data
		if strings.HasSuffix(f.Name, ".md") {
			data = markdownWant.ReplaceAll(data, nil)
		}
		fsys[f.Name] = &fstest.MapFile{Data: data}
	}
	return fsys
}

func fixturePaths(t testing.TB) []string {
	paths, err := filepath.Glob(filepath.Join("testdata", "bad", "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	return paths
}

// backgroundCodes are the warnings a fixture may get besides the one it
// wants, with the reason: what every fixture of some kind gets today. A
// fixture named after the code wants it, and then gets no other.
var backgroundCodes = map[string]string{
	"step-not-played": "every step of a fan folder gets it while the engine plays only the built-in steps; step-not-played.txtar wants it",
}

func TestBadFixtures(t *testing.T) {
	for _, path := range fixturePaths(t) {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			fsys, wants := fixture(t, path)
			require.Len(t, wants, 1, "a bad fixture holds exactly one fault: want exactly one diagnostic")
			name := strings.TrimSuffix(filepath.Base(path), ".txtar")
			assert.True(t, strings.HasPrefix(name, wants[0].code+"-") || name == wants[0].code,
				"a bad fixture is named <code>-<what>.txtar after the code it wants, %s", wants[0].code)
			ar, err := txtar.ParseFile(path)
			require.NoError(t, err)
			comment := strings.TrimSpace(string(ar.Comment))
			assert.True(t, comment != "" && !strings.Contains(comment, "\n"),
				"a bad fixture starts with a one-line comment saying what its fault is: %q", comment)
			res, err := validateNoPanic(t, BuiltinFolder(), Folder{Name: "fixture", FS: fsys})
			require.NoError(t, err)
			for _, d := range res.Diagnostics {
				matched := false
				for _, w := range wants {
					if w.file == d.File && w.line == d.Line && w.code == d.Code && w.re.MatchString(d.Message) && !w.hit {
						w.hit, matched = true, true
						break
					}
				}
				if !matched && !(backgroundCodes[d.Code] != "" && wants[0].code != d.Code) {
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

// validateNoPanic runs Validate and turns a panic in the consistency checks
// into a test failure, so that one crashing fixture does not stop the
// others from running. (A panic in a loading goroutine still aborts.)
func validateNoPanic(t *testing.T, sources ...Folder) (res *Result, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Validate panicked: %v\n%s", r, debug.Stack())
		}
	}()
	return Validate(sources...)
}

// TestValidEntryBesideInvalidIsChecked checks that an entry left out for a
// schema problem does not keep the valid entries of its file from being
// checked. It needs two faults, so it is no bad fixture.
func TestValidEntryBesideInvalidIsChecked(t *testing.T) {
	fsys := mapFS(map[string]string{
		"expansions/fan.toml": `[[expansion]]
id = "fan"
name = "A fan expansion"
kind = "fan"
editions = ["C1", "C2", "C3"]
`,
		"tiles/fan.toml": `[[tile]]
id = "fan/A"
counts = { C1 = 1 }
feature = [{ kind = "cloister" }, { kind = "field", sides = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"] }]

[[tile]]
id = "fan/B"
name = "A schema-valid tile beside an invalid one is still checked"
counts = { C1 = 1 }
feature = [{ kind = "cloister", sides = ["N"] }, { kind = "field", sides = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"] }]
`,
	})
	res, err := validateNoPanic(t, BuiltinFolder(), Folder{Name: "fixture", FS: fsys})
	require.NoError(t, err)
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, fmt.Sprintf("%s:%d [%s]", d.File, d.Line, d.Code))
	}
	assert.ElementsMatch(t, []string{
		"fixture/tiles/fan.toml:1 [schema-required]",
		"fixture/tiles/fan.toml:10 [position-on-inner-feature]",
	}, got)
}

// testedElsewhere lists the codes a txtar fixture cannot produce with one
// want, and the test that produces each instead.
var testedElsewhere = map[string]string{
	"file-skipped":    "TestReadSkipsWhatIsNotARegularFile, TestReadTellsAboutNearMisses (links, pipes, devices)",
	"file-unreadable": "TestReadReportsUnreadableFiles (a file that fails to read)",
	"file-too-large":  "TestReadRefusesFilesOverTheLimit (a 50 MB file)",
	"file-empty":      "TestReadWarnsAboutAnEmptyFile (a file with no line to mark)",
	"text-too-large":  "TestTextLimits (a text of over 128 KB)",
	"no-data-files":   "TestReadReportsAFolderWithNoData (a folder, not a line)",
	"more-problems":   "TestDiagnosticsAreCappedPerCode (over 100 diagnostics)",
	"too-many-values": "TestTooManyValues (400,000 values)",
}

// TestEveryCodeHasAFixture keeps the list of codes honest: each one must be
// produced by some bad fixture, or by the test testedElsewhere names.
func TestEveryCodeHasAFixture(t *testing.T) {
	wanted := map[string]bool{}
	for code := range testedElsewhere {
		wanted[code] = true
	}
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
