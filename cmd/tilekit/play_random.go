package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/internal/atomicfs"
)

// maxBreakScenarios is how many scenario files a run of random games writes
// at most, one a broken game, so that an engine broken everywhere does not
// fill the folder.
const maxBreakScenarios = 10

// defaultReplayDir is the folder the replays of broken games go to without
// --out: a folder of their own, made when the first is written.
const defaultReplayDir = "tilekit-replays"

// replayDir returns the folder replays are written to.
func (opts *playOptions) replayDir() string {
	if opts.out == "" {
		return defaultReplayDir
	}
	return opts.out
}

// checkReplayDir checks, before any game is played, that the replays of
// broken games can go to dir: a folder, or a name for one in a folder
// that exists.
func checkReplayDir(dir string) error {
	info, err := os.Stat(dir)
	switch {
	case err == nil && !info.IsDir():
		return usagef("--out %s is a file: want a folder for the replays of broken games", dir)
	case err == nil:
		return nil
	case !errors.Is(err, fs.ErrNotExist):
		return usagef("--out %s: %v", dir, err)
	}
	if parent, err := os.Stat(filepath.Dir(dir)); err != nil || !parent.IsDir() {
		return usagef("--out %s: its parent %s is not a folder", dir, filepath.Dir(dir))
	}
	return nil
}

// replayCommands returns the command lines of a replay's header: the one
// that plays the replay file, and the one that plays the game again at
// random; each names the selection, edition, publisher and the data
// folders (as absolute paths) the game was played with.
func (opts *playOptions) replayCommands(file string, seed uint64) (replay, again string) {
	var data string
	for _, d := range opts.data.dirs {
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		data += " --data " + shellWord(filepath.ToSlash(d))
	}
	again = fmt.Sprintf("tilekit play --random 1 --seed %d --players %d", seed, opts.players)
	if len(opts.sel.expansions) > 0 {
		again += " --expansions " + shellWord(strings.Join(opts.sel.expansions, ","))
	}
	again += " --edition " + opts.sel.edition
	if opts.sel.variant != "" {
		again += " --variant " + opts.sel.variant
	}
	return "tilekit play" + data + " " + shellWord(filepath.ToSlash(file)), again + data
}

// shellWord quotes a word for a POSIX shell when it needs it.
func shellWord(w string) string {
	if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=@+") == "" {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// writeBreakScenarios writes, for each game that broke an invariant (the
// first maxBreakScenarios), a scenario file that replays it to the broken
// move, that move included, named after the game's seed, into dir, and
// prints each file's path; commands gives the header's command lines.
func writeBreakScenarios(w io.Writer, dir string, breaks []playBreak, commands func(file string, seed uint64) (string, string)) error {
	written := 0
	for i, b := range breaks {
		var be *game.BreakError
		if !errors.As(b.err, &be) {
			continue // the engine failed: there is no game to replay
		}
		if written == maxBreakScenarios {
			fmt.Fprintf(w, "tilekit: wrote no replay for the other %d broken games (at most %d are written)\n", countBreaks(breaks[i:]), maxBreakScenarios)
			break
		}
		s := be.Scenario()
		name := filepath.Join(dir, fmt.Sprintf("random-seed-%d.toml", be.Seed))
		replay, again := commands(name, be.Seed)
		data := scenarioTOML(&s,
			fmt.Sprintf("Written by tilekit play --random: %v", be),
			"It replays the game to the broken move, that move included, and checks",
			"the invariants (check-invariants), so that it fails there with the same message:",
			"  "+replay,
			"The same game played at random:",
			"  "+again)
		if err := atomicfs.WriteFile(name, data); err != nil {
			return fmt.Errorf("writing the scenario of game seed %d: %w", be.Seed, err)
		}
		fmt.Fprintf(w, "tilekit: wrote %s, which replays game seed %d to the broken move\n", name, be.Seed)
		written++
	}
	return nil
}

// countBreaks counts the broken games that can be replayed.
func countBreaks(breaks []playBreak) int {
	n := 0
	for _, b := range breaks {
		var be *game.BreakError
		if errors.As(b.err, &be) {
			n++
		}
	}
	return n
}

// isTerminal reports whether w is a terminal, where a progress bar can be
// drawn over itself.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// progressWidth is the width of the progress bar, in characters.
const progressWidth = 30

// showProgress draws a progress bar of done out of n games on w, redrawn
// every tenth of a second, when w is a terminal; it returns a function that
// stops it and clears the line. Elsewhere it draws nothing.
func showProgress(w io.Writer, done *atomic.Int64, n int) (stop func()) {
	if !isTerminal(w) || n <= 0 {
		return func() {}
	}
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				fmt.Fprintf(w, "\r%s\r", strings.Repeat(" ", progressWidth+40))
				return
			case <-tick.C:
				fmt.Fprint(w, progressLine(int(done.Load()), n))
			}
		}
	})
	return func() {
		close(quit)
		wg.Wait()
	}
}

// progressLine draws the bar for done out of n games, from the start of
// the line.
func progressLine(done, n int) string {
	filled := done * progressWidth / n
	return fmt.Sprintf("\r[%s%s] %d/%d games (%d%%)", strings.Repeat("=", filled), strings.Repeat(" ", progressWidth-filled), done, n, done*100/n)
}
