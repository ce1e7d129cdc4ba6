package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilekit/tilekit/game"
)

// maxBreakScenarios is how many scenario files a run of random games writes
// at most, one a broken game, so that an engine broken everywhere does not
// fill the folder.
const maxBreakScenarios = 10

// writeBreakScenarios writes, for each game that broke an invariant (the
// first maxBreakScenarios), a scenario file that replays it up to the
// broken move, named after the game's seed, into dir (the current folder
// when empty), and prints each file's path.
func writeBreakScenarios(w io.Writer, dir string, breaks []playBreak) error {
	if dir == "" {
		dir = "."
	}
	written := 0
	for _, b := range breaks {
		var be *game.BreakError
		if !errors.As(b.err, &be) {
			continue // the engine failed: there is no game to replay
		}
		if written == maxBreakScenarios {
			fmt.Fprintf(w, "tilekit: wrote no scenario for the other broken games (at most %d are written)\n", maxBreakScenarios)
			break
		}
		s := be.Scenario()
		name := filepath.Join(dir, fmt.Sprintf("random-seed-%d.toml", be.Seed))
		data := scenarioTOML(&s,
			fmt.Sprintf("Written by tilekit play --random: game seed %d broke an invariant.", be.Seed),
			"Its turns replay the game up to the broken move: tilekit play "+filepath.ToSlash(name))
		if err := writeFileAtomic(name, data); err != nil {
			return fmt.Errorf("writing the scenario of game seed %d: %w", be.Seed, err)
		}
		fmt.Fprintf(w, "tilekit: wrote %s, which replays game seed %d up to the broken move\n", name, be.Seed)
		written++
	}
	return nil
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
