package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReadmeScenariosPlay keeps the README's scenario examples true: every
// TOML block of README.md that holds a [[scenario]] is written to a file
// (its id given a suffix, so it is no duplicate of a built-in scenario) and
// must pass `tilekit play`.
func TestReadmeScenariosPlay(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	blocks := regexp.MustCompile("(?s)```toml\n(.*?)```").FindAllStringSubmatch(string(readme), -1)
	idLine := regexp.MustCompile(`(?m)^id = "([^"/]+)/([^"]+)"`)
	played := 0
	for _, b := range blocks {
		if !strings.Contains(b[1], "[[scenario]]") {
			continue
		}
		m := idLine.FindStringSubmatch(b[1])
		require.NotNil(t, m, "a README scenario without an id:\n%s", b[1])
		text := idLine.ReplaceAllString(b[1], `id = "$1/$2-readme"`)
		file := filepath.Join(t.TempDir(), "scenarios", m[1], "readme.toml")
		require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
		require.NoError(t, os.WriteFile(file, []byte(text), 0o644))
		var stdout, stderr bytes.Buffer
		code := run([]string{"play", file}, &stdout, &stderr)
		require.Equal(t, exitOK, code, "README scenario %s/%s:\n%s%s", m[1], m[2], stdout.String(), stderr.String())
		played++
	}
	require.GreaterOrEqual(t, played, 2, "the README shows a base-game and a dragon scenario")
}
