package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// playOptions holds what "tilekit play" was asked for.
type playOptions struct {
	data    dataFlags
	sel     selectionFlags
	random  int
	seed    uint64
	players int
	jobs    int
}

func newPlayCmd() *cobra.Command {
	opts := &playOptions{}
	cmd := &cobra.Command{
		Use:   "play --random N",
		Short: "Play random games with the game engine and check its invariants",
		Long: `play --random N plays N games in which every player lays each tile drawn
at a random legal placement and makes a random follower move (none
included), scored by the base game's rules, and checks after every move
that the engine keeps its invariants: each tile matches its neighbours,
each player has 7 followers on the board and at hand, no score goes down
and each score is the sum of the player's points. Game i is played with
seed S+i (--seed), so a run is the same every time, whatever --jobs. It
prints a summary; the speed goes to stderr. A broken invariant is printed
with the game's seed and move, and the run exits 1.

Without --random, play will play scenario files; they come in a later
version.`,
		Example: `  tilekit play --random 1000
  tilekit play --random 100 --seed 7 --players 4
  tilekit play --random 100 --expansions inns-cathedrals --edition C3`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("random") {
				return usagef("play without --random: scenario files come in a later version; use --random N")
			}
			return runPlay(cmd, opts)
		},
	}
	opts.data.register(cmd)
	opts.sel.register(cmd, false)
	cmd.Flags().Lookup("expansions").Usage = "expansion or part ids played with, comma-separated (default the base game alone, which is always in)"
	cmd.Flags().StringVar(&opts.sel.edition, "edition", "C2", "the edition whose tiles are played: C1, C2 or C3")
	cmd.Flags().IntVar(&opts.random, "random", 0, "play N random games")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "seed of the first game; game i is played with seed+i")
	cmd.Flags().IntVar(&opts.players, "players", 2, "number of players, 2 to 6")
	cmd.Flags().IntVar(&opts.jobs, "jobs", 0, "games played at once (default GOMAXPROCS)")
	return cmd
}

// runPlay checks the flags, compiles the rules and plays the games.
func runPlay(cmd *cobra.Command, opts *playOptions) error {
	if opts.random < 1 {
		return usagef("--random %d: want at least 1 game", opts.random)
	}
	if opts.players < game.MinPlayers || opts.players > game.MaxPlayers {
		return usagef("--players %d: want %d to %d", opts.players, game.MinPlayers, game.MaxPlayers)
	}
	if opts.jobs < 0 {
		return usagef("--jobs %d: want at least 1 (or 0 for GOMAXPROCS)", opts.jobs)
	}
	edition, err := opts.sel.editionFlag()
	if err != nil {
		return err
	}
	res, err := loadClean(cmd, &opts.data)
	if err != nil {
		return err
	}
	sel, err := rules.Select(res.Catalog, opts.sel.expansions)
	if err != nil {
		return usageError{err}
	}
	r, err := game.Compile(res.Catalog, sel, edition)
	if err != nil {
		return usageError{err}
	}
	jobs := opts.jobs
	if jobs == 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	sum := playGames(r, opts.players, opts.seed, opts.random, jobs)
	elapsed := time.Since(start)
	sum.write(cmd.OutOrStdout())
	fmt.Fprintf(cmd.ErrOrStderr(), "played %d games in %s (%.0f games/s, %d jobs)\n",
		opts.random, elapsed.Round(time.Millisecond), float64(opts.random)/elapsed.Seconds(), jobs)
	if len(sum.breaks) == 0 {
		return nil
	}
	for _, b := range sum.breaks {
		fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %v\n", b.err)
	}
	return errProblems
}

// playBreak is a game that broke an invariant, by its index in the run.
type playBreak struct {
	index int
	err   error
}

// playSummary adds up the results of random games. Every field is a sum,
// a minimum or a maximum, so that merging the summaries of several jobs
// gives the same whatever game each job played; breaks are sorted by game.
type playSummary struct {
	games, placements, discarded int
	winSum, winMin, winMax       int
	totalSum, totalMin, totalMax int
	breaks                       []playBreak
}

// add adds the result of one game.
func (s *playSummary) add(res game.Result) {
	win, total := res.Winning(), res.Total()
	if s.games == 0 {
		s.winMin, s.winMax, s.totalMin, s.totalMax = win, win, total, total
	}
	s.games++
	s.placements += res.Placements
	s.discarded += res.Discarded
	s.winSum, s.winMin, s.winMax = s.winSum+win, min(s.winMin, win), max(s.winMax, win)
	s.totalSum, s.totalMin, s.totalMax = s.totalSum+total, min(s.totalMin, total), max(s.totalMax, total)
}

// merge adds another summary.
func (s *playSummary) merge(o *playSummary) {
	if o.games > 0 {
		if s.games == 0 {
			s.winMin, s.winMax, s.totalMin, s.totalMax = o.winMin, o.winMax, o.totalMin, o.totalMax
		}
		s.games += o.games
		s.placements += o.placements
		s.discarded += o.discarded
		s.winSum, s.winMin, s.winMax = s.winSum+o.winSum, min(s.winMin, o.winMin), max(s.winMax, o.winMax)
		s.totalSum, s.totalMin, s.totalMax = s.totalSum+o.totalSum, min(s.totalMin, o.totalMin), max(s.totalMax, o.totalMax)
	}
	s.breaks = append(s.breaks, o.breaks...)
}

// playBatch is how many games a job takes at a time.
const playBatch = 64

// playGames plays n games, game i with seed+i, over jobs goroutines that
// take the games in batches, and merges their summaries.
func playGames(r *game.Rules, players int, seed uint64, n, jobs int) *playSummary {
	jobs = max(1, min(jobs, (n+playBatch-1)/playBatch))
	var next atomic.Int64
	sums := make([]playSummary, jobs)
	var wg sync.WaitGroup
	for j := range sums {
		wg.Go(func() {
			p, err := game.NewPlayout(r, players, true)
			if err != nil { // players was checked: cannot happen
				sums[j].breaks = append(sums[j].breaks, playBreak{0, err})
				return
			}
			for {
				lo := int(next.Add(playBatch)) - playBatch
				if lo >= n {
					return
				}
				for i := lo; i < min(lo+playBatch, n); i++ {
					playOne(p, seed+uint64(i), i, &sums[j])
				}
			}
		})
	}
	wg.Wait()
	total := &playSummary{}
	for j := range sums {
		total.merge(&sums[j])
	}
	slices.SortFunc(total.breaks, func(a, b playBreak) int { return a.index - b.index })
	return total
}

// playOne plays game i and adds it to a summary; a game that breaks an
// invariant counts as a break, not as a game played to the end.
func playOne(p *game.Playout, seed uint64, i int, s *playSummary) {
	res, err := p.Play(seed)
	if err != nil {
		var be *game.BreakError
		if !errors.As(err, &be) {
			err = fmt.Errorf("game seed %d: the engine failed: %w", seed, err)
		}
		s.breaks = append(s.breaks, playBreak{i, err})
		s.placements += res.Placements
		return
	}
	s.add(res)
}

// write prints the summary.
func (s *playSummary) write(w io.Writer) {
	games := len(s.breaks) + s.games
	fmt.Fprintf(w, "games: %d\n", games)
	fmt.Fprintf(w, "placements: %d\n", s.placements)
	fmt.Fprintf(w, "discarded tiles: %d\n", s.discarded)
	fmt.Fprintf(w, "invariant breaks: %d\n", len(s.breaks))
	if s.games == 0 {
		return
	}
	n := float64(s.games)
	fmt.Fprintf(w, "winning score: mean %.2f, min %d, max %d\n", float64(s.winSum)/n, s.winMin, s.winMax)
	fmt.Fprintf(w, "total score: mean %.2f, min %d, max %d\n", float64(s.totalSum)/n, s.totalMin, s.totalMax)
}
