package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script/*.txtar from the actual output")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"tilekit": func() { os.Exit(Main()) },
	})
}

// TestScripts runs the end-to-end command scripts in testdata/script at the
// module root. Run with -update to rewrite their expected output.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("..", "..", "testdata", "script"),
		UpdateScripts: *update,
		// $FANWOLF is the fan expansion the tests play with no Go of its
		// own (testdata/fan-wolf).
		Setup: func(env *testscript.Env) error {
			dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "fan-wolf"))
			env.Setenv("FANWOLF", dir)
			return err
		},
		// [root]: permissions deny root nothing, so a script that needs an
		// unreadable folder skips itself.
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	bad := filepath.Join(dir, "bad")
	writeFile(t, filepath.Join(good, "expansions", "fan.toml"), "[[expansion]]\nid = \"fan\"\nname = \"Fan\"\nkind = \"fan\"\neditions = [\"C3\"]\n")
	writeFile(t, filepath.Join(bad, "tiles", "t.toml"), "[[tile]]\nid = \"base/A\"\n")
	writeFile(t, filepath.Join(dir, "plain.txt"), "x")
	writeFile(t, filepath.Join(dir, "edited", ".taplo.toml"), "# mine\n")
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"validate"}, exitOK},
		{[]string{"validate", good}, exitOK},
		{[]string{"validate", "--data", good}, exitOK},
		{[]string{"validate", bad}, exitProblems},
		{[]string{"validate", "--format", "sarif", bad}, exitProblems},
		{[]string{"tiles", "--data", bad}, exitProblems},
		{[]string{"tiles", "--expansions", "base,princess-dragon/fairy"}, exitOK},
		{[]string{"tiles", "--expansions", "nope"}, exitUsage},
		{[]string{"list", "expansions"}, exitOK},
		{[]string{"list", "figures", "--data", bad}, exitProblems},
		{[]string{"list", "meeples"}, exitUsage},
		{[]string{"list"}, exitUsage},
		{[]string{"validate", good, "--data", good}, exitOK},
		{[]string{"validate", filepath.Join(dir, "missing")}, exitUsage},
		{[]string{"validate", filepath.Join(dir, "plain.txt")}, exitUsage},
		{[]string{"validate", dir}, exitUsage},
		{[]string{"validate", "--format", "xml"}, exitUsage},
		{[]string{"validate", "--no-such-flag"}, exitUsage},
		{[]string{"no-such-command"}, exitUsage},
		{[]string{"tiles", "--expansion", "nope"}, exitUsage},
		{[]string{"tiles", "extra-arg"}, exitUsage},
		{[]string{"version"}, exitOK},
		{[]string{"play", "--random", "20", "--seed", "3"}, exitOK},
		{[]string{"play", "--random", "5", "--players", "7"}, exitUsage},
		{[]string{"play", "--random", "0"}, exitUsage},
		{[]string{"play"}, exitUsage},
		{[]string{"completion", "bash"}, exitOK},
		{[]string{"completion", "klingon"}, exitUsage},
		{[]string{"query", "dragon-diet", "mage"}, exitOK},
		{[]string{"query", "no-such-table"}, exitUsage},
		{[]string{"query", "dragon-diet", "--data", bad}, exitProblems},
		{[]string{"gaps", "--expansions", "princess-dragon"}, exitOK},
		{[]string{"gaps", "--expansions", "nope"}, exitUsage},
		{[]string{"gaps", "--expansions", "princess-dragon", "--fail-on-gaps"}, exitProblems},
		{[]string{"gaps", "--expansions", "base", "--fail-on-gaps"}, exitOK},
		{[]string{"--version"}, exitOK},
		{[]string{"order", "--variant", "rgg"}, exitOK},
		{[]string{"order", "--variant", "xyz"}, exitUsage},
		{[]string{"render", "base/A", "-o", filepath.Join(dir, "a.svg")}, exitOK},
		{[]string{"render", "base/ZZ"}, exitUsage},
		{[]string{"render", "base/A", "--data", bad}, exitProblems},
		{[]string{"new", "expansion", "Bad_Id", filepath.Join(dir, "x")}, exitUsage},
		{[]string{"schema", "export", filepath.Join(dir, "schemas")}, exitOK},
		{[]string{"schema", "export", filepath.Join(dir, "edited")}, exitOK},          // a changed .taplo.toml is kept with a warning
		{[]string{"new", "expansion", "inner", filepath.Join(good, "inner")}, exitOK}, // inside a data folder: a warning
		{[]string{"site", "build", filepath.Join(dir, "public")}, exitOK},
		{[]string{"site", "build", filepath.Join(dir, "edited")}, exitUsage}, // a folder tilekit did not write
		{[]string{"site", "build", filepath.Join(dir, "public2"), "--data", bad}, exitProblems},
		{[]string{"site", "build", "--format", "pdf"}, exitUsage},
		{[]string{"play", "--builtin"}, exitOK},
	} {
		var stdout, stderr bytes.Buffer
		got := run(tc.args, &stdout, &stderr)
		assert.Equal(t, tc.want, got, "tilekit %v\nstdout: %s\nstderr: %s", tc.args, stdout.String(), stderr.String())
		assert.NotContains(t, stderr.String(), "goroutine", "no stack trace")
	}
}

// TestEveryCommandHasAnExample keeps --help useful.
func TestEveryCommandHasAnExample(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		assert.NotEmpty(t, c.Example, "tilekit command %q has no example", c.CommandPath())
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd())
}

func writeFile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
