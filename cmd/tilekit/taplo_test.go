package main

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/validator"
)

// requireTaplo names the environment variable that makes a missing Taplo
// CLI a test failure instead of a skip; .ci/run sets it, so that CI always
// runs the Taplo test.
const requireTaplo = "TILEKIT_REQUIRE_TAPLO"

// taploCLI returns the Taplo CLI installed by `make taplo`. Without it, the
// test is skipped with the reason, or fails when TILEKIT_REQUIRE_TAPLO is
// set.
func taploCLI(t *testing.T) []string {
	cli, err := filepath.Abs(filepath.Join("..", "..", "testdata", "taplo", "node_modules", "@taplo", "cli", "dist", "cli.js"))
	require.NoError(t, err)
	missing := func(why string) {
		t.Helper()
		if os.Getenv(requireTaplo) != "" {
			t.Fatalf("%s (%s is set, so the Taplo test must run)", why, requireTaplo)
		}
		t.Skip(why)
	}
	if _, err := os.Stat(cli); err != nil {
		missing("Taplo's CLI is not installed: `make taplo` installs it with npm, which is missing here or could not reach its registry")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not installed, so Taplo's CLI cannot run")
	}
	return []string{node, cli}
}

// taplo runs `taplo lint` on files from dir and returns its exit code and
// stderr, after checking that it really read every file (taplo passes a
// file it cannot find).
func taplo(t *testing.T, cli []string, dir string, files ...string) (int, string) {
	args := append(append([]string{}, cli[1:]...), append([]string{"lint", "--colors", "never"}, files...)...)
	cmd := exec.Command(cli[0], args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "RUST_LOG=info")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = io.Discard
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	m := regexp.MustCompile(`found files total=(\d+)`).FindStringSubmatch(stderr.String())
	require.NotNil(t, m, "taplo said which files it found:\n%s", stderr.String())
	assert.Equal(t, strconv.Itoa(len(files)), m[1], "taplo read every file")
	return code, stderr.String()
}

// TestTaploAcceptsTheData proves that a real TOML editor tool can use the
// exported schemas: Taplo checks every built-in data file and a scaffolded
// fan folder without an error, and does report errors in a bad file.
func TestTaploAcceptsTheData(t *testing.T) {
	cli := taploCLI(t)
	dir := t.TempDir()
	require.Equal(t, exitOK, run([]string{"schema", "export", dir}, io.Discard, io.Discard))
	var files []string
	for _, folder := range validator.Subfolders {
		require.NoError(t, fs.WalkDir(tilekit.Builtin(), folder.Name, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(tilekit.Builtin(), p)
			require.NoError(t, err)
			writeFile(t, filepath.Join(dir, p), string(data))
			files = append(files, p)
			return nil
		}))
	}
	require.Equal(t, exitOK, run([]string{"new", "expansion", "moats", filepath.Join(dir, "moats")}, io.Discard, io.Discard))
	// A tile that lists a symbol its expansion declares.
	writeFile(t, filepath.Join(dir, "tiles", "own-symbol.toml"), "[[tile]]\nid = \"base/own-well\"\nname = \"Well\"\ncounts = { C1 = 1 }\nsymbols = [\"water-well\", \"garden\"]\nfeature = [{ kind = \"cloister\" }, { kind = \"field\", sides = [\"NL\", \"NR\", \"EL\", \"ER\", \"SL\", \"SR\", \"WL\", \"WR\"] }]\n")
	files = append(files, "tiles/own-symbol.toml", "moats/expansions/moats.toml", "moats/tiles/moats.toml", "moats/interactions/moats.toml", "moats/scenarios/moats/example.toml")
	code, stderr := taplo(t, cli, dir, files...)
	assert.Equal(t, 0, code, stderr)
	assert.NotContains(t, stderr, "error:")

	// The same setup reports a schema error, and TOML 1.1 syntax that
	// tilekit validate warns about.
	writeFile(t, filepath.Join(dir, "tiles", "bad.toml"), "[[tile]]\nid = \"base/Z\"\nname = \"Bad\"\ncounts = { C1 = -1 }\nfeature = [{ kind = \"castle\" }]\n")
	writeFile(t, filepath.Join(dir, "tiles", "newer.toml"), "[[tile]]\nid = \"base/Y\"\nname = \"Newer\"\ncounts = { C1 = 1, }\nfeature = [{ kind = \"cloister\" }, { kind = \"field\", sides = [\"NL\", \"NR\", \"EL\", \"ER\", \"SL\", \"SR\", \"WL\", \"WR\"] }]\n")
	code, stderr = taplo(t, cli, dir, "tiles/bad.toml", "tiles/newer.toml")
	assert.Equal(t, 1, code)
	assert.Regexp(t, `-1 is less than the minimum of 0\s+┌─ \S*tiles/bad.toml:4:`, stderr)
	assert.Regexp(t, `"castle" is not one of`, stderr)
	assert.Regexp(t, `trailing comma is not allowed`, stderr)
	res, err := validator.Validate(validator.Folder{Name: "t", FS: os.DirFS(filepath.Join(dir))})
	require.NoError(t, err)
	var warned bool
	for _, d := range res.Diagnostics {
		if d.Code == "toml-1.1" && d.File == "t/tiles/newer.toml" {
			warned = true
		}
	}
	assert.True(t, warned, "tilekit warns about what Taplo rejects")
}
