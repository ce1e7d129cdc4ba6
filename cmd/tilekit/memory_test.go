//go:build linux

package main

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// fanTiles writes a data folder of one fan expansion and n tiles in one
// file, copies of the built-in base tiles under new ids, and returns it.
func fanTiles(tb testing.TB, n int) string {
	base, err := fs.ReadFile(tilekit.Builtin(), "tiles/base.toml")
	require.NoError(tb, err)
	blocks := strings.Split(string(base), "\n[[tile]]\n")[1:]
	var b strings.Builder
	for i := range n {
		block := strings.Replace(blocks[i%len(blocks)], `id = "base/`, fmt.Sprintf(`id = "gen/t%d-`, i), 1)
		b.WriteString("[[tile]]\n" + strings.Replace(block, "start = [\"C1\", \"C2\", \"C3\"]\n", "", 1) + "\n")
	}
	dir := tb.TempDir()
	for name, data := range map[string]string{
		"expansions/gen.toml": "[[expansion]]\nid = \"gen\"\nname = \"Generated\"\nkind = \"fan\"\neditions = [\"C1\", \"C2\", \"C3\"]\n",
		"tiles/gen.toml":      b.String(),
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(tb, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(tb, os.WriteFile(p, []byte(data), 0o644))
	}
	return dir
}

// BenchmarkValidateRSS runs "tilekit validate" on 10,000 fan tiles in one
// file as a process of its own, with the garbage collector's settings
// Main makes, and reports the largest peak resident memory of the runs
// (peak-RSS-MiB) and the processor time a run takes (cpu-ms/op).
func BenchmarkValidateRSS(b *testing.B) {
	dir := fanTiles(b, 10000)
	self, err := os.Executable()
	require.NoError(b, err)
	// The test binary runs as tilekit under that name (see TestMain).
	bin := filepath.Join(b.TempDir(), "tilekit")
	require.NoError(b, os.Symlink(self, bin))
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOGC=") && !strings.HasPrefix(kv, "GOMEMLIMIT=") {
			env = append(env, kv)
		}
	}
	var peak int64
	var cpu time.Duration
	b.ResetTimer()
	for range b.N {
		cmd := exec.Command(bin, "validate", dir)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		require.NoError(b, err, "%s", out)
		usage := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		peak = max(peak, usage.Maxrss) // KiB on Linux
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	b.ReportMetric(float64(peak)/1024, "peak-RSS-MiB")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
}
