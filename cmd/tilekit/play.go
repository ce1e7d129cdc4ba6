package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/site"
)

// playOptions holds what "tilekit play" was asked for.
type playOptions struct {
	data    dataFlags
	sel     selectionFlags
	random  int
	seed    uint64
	players int
	jobs    int
	out     string
	builtin bool
	format  string
	explain bool
	// lang is the language --explain words events in.
	lang string
}

// playLong is the long help of "tilekit play".
const playLong = `play FILE|DIR... runs the scenarios of the files given (a folder: every
.toml file below it) with the game engine. Each file is first checked like
any data file (scenarios.schema.json and the checks against the loaded
tiles and expansions); a problem is reported as validate reports it and
the run exits 1 before any scenario plays. Each scenario then prints one
line, "ok" or "FAIL", its id and its title; a failure prints file:line, what
was expected and what happened (want and got, and a line diff of a value
of several lines), a failed scenario the position it ended in (its draw
pile only with --explain), and the run exits 1 after a summary
line. --builtin runs the scenarios of the loaded
data (the built-in ones and those of --data folders) instead of files.
--explain prints, under each scenario, the events of each turn and of the
end of the game, each with the rule that made it, in English or in the
language of --lang (de: German), as the rules reference words them.

--format json prints one object: "scenarios", a list with for each one
"id", "title", "file", "line" (where it is defined), "passed" (a boolean),
"failures" (a list of {"file", "line", "column", "message", "want",
"got"}), "position" (the final position in the engine's notation) and,
with --explain, "turns" (a list of {"turn", "events": [{"event",
"notation", "rule", "rule_id"}]}: each event worded and in the event
notation, and its rule worded and by id); then "passed" and "failed", the
numbers of scenarios.

play --random N plays N games in which every player lays each tile drawn
at a random legal placement and makes every decision of the turn at
random among its legal moves (a follower of any kind or none; with The
Princess & the Dragon, the Black Dragon and The Drawbridges also the
magic portal, the princess, the fairy, each dragon's step and each meeple
at a drawbridge; with Traders & Builders the builder and the pig, and the
double turn's second tile; with Abbey & Mayor the barn at a corner and
where a wagon moves on once its feature is scored),
played by the order of play of the selection under --variant's rules
(hig, rgg or zmg), and checks after every move that the engine keeps its
invariants: each tile matches its neighbours, each player has 7 followers
on the board, at hand and out of the game, no score goes down and each
score is the sum of the player's points; the dragon never enters the
fairy's tile when the fairy blocks it, leaves on a tile it enters only
the followers its tables spare, and no follower comes onto its tile when a
step forbids it; a dragon never enters a tile twice in one move, the
Black Dragon takes no more steps than features completed, nothing is
eaten that the tables protect, no builder or pig stands without its
owner's follower, nobody holds more goods tokens than the board shows, and
each barn stands where four field quarters meet, and a follower that
crossed or moved on stands in an incomplete feature it may go to (a
wagon alone, within its reach). The invariants read the same data as the
legal moves, so a house rule the data allows is never a break. An expansion with a step
the engine does not play (the tower, say) is refused. Game i is played with
seed S+i (--seed), so a run is the same every time, whatever --jobs. It
prints a summary, with the tiles each expansion puts in the pile; the
speed, and a progress bar when stderr is a terminal, go to stderr. A
selected expansion with no tiles in the edition is warned of: only its
steps are played, and one without steps the engine plays is ignored. A
broken invariant is printed with the game's seed and move (the first 10,
then a count), and a scenario file that replays the game to the broken
move, that move included, is written to tilekit-replays/ (or --out, a
folder, checked before the first game), named random-seed-S.toml after the
seed (at most 10 files); it checks the invariants (check-invariants =
true), so that "tilekit play" on it fails at that move with the same
message, and its header gives the command lines, with the selection,
edition, publisher and --data folders, that replay it and play the game
again. The run then exits 1.`

func newPlayCmd() *cobra.Command {
	opts := &playOptions{}
	cmd := &cobra.Command{
		Use:   "play FILE|DIR... | --builtin | --random N",
		Short: "Run scenario files, or play random games and check the engine's invariants",
		Long:  playLong,
		Example: `  tilekit play scenarios/
  tilekit play scenarios/base/roads.toml --explain
  tilekit play --builtin --format json
  tilekit play --random 1000
  tilekit play --random 100 --seed 7 --players 4
  tilekit play --random 100 --edition C3 --players 3
  tilekit play --random 1000 --expansions princess-dragon,black-dragon --edition C2 --variant rgg
  tilekit play --random 1000 --expansions princess-dragon/dragon,princess-dragon/fairy
  tilekit play --random 1000 --expansions black-dragon,drawbridges --edition C3 --variant hig`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkPlayMode(cmd, opts, args); err != nil {
				return err
			}
			if cmd.Flags().Changed("random") {
				return runPlay(cmd, opts)
			}
			return runScenarios(cmd, opts, args)
		},
	}
	opts.data.register(cmd)
	opts.sel.register(cmd, false)
	cmd.Flags().Lookup("expansions").Usage = "with --random: expansion or part ids played with, comma-separated (default the base game alone, which is always in)"
	registerRandomFlags(cmd, opts)
	cmd.Flags().BoolVar(&opts.builtin, "builtin", false, "run the scenarios of the loaded data (built-in and --data folders)")
	cmd.Flags().StringVar(&opts.format, "format", "text", "scenario results as text or json")
	cmd.Flags().BoolVar(&opts.explain, "explain", false, "print each turn's events and the rules that made them")
	cmd.Flags().StringVar(&opts.lang, "lang", "en", "with --explain: the language events are worded in ("+strings.Join(site.Languages(), ", ")+")")
	_ = cmd.RegisterFlagCompletionFunc("lang", cobra.FixedCompletions(site.Languages(), cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.MarkFlagDirname("out")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// registerRandomFlags registers the flags of play --random.
func registerRandomFlags(cmd *cobra.Command, opts *playOptions) {
	cmd.Flags().StringVar(&opts.sel.edition, "edition", string(tilekit.DefaultEdition), "with --random: the edition whose tiles are played: C1, C2 or C3")
	cmd.Flags().StringVar(&opts.sel.variant, "variant", "", "with --random: a publisher's rules: hig (Hans im Glück), rgg (Rio Grande Games) or zmg (Z-Man Games)")
	cmd.Flags().IntVar(&opts.random, "random", 0, "play N random games")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "with --random: seed of the first game; game i is played with seed+i")
	cmd.Flags().IntVar(&opts.players, "players", 2, "with --random: number of players, 2 to 6")
	cmd.Flags().IntVar(&opts.jobs, "jobs", 0, "with --random: games played at once (default GOMAXPROCS)")
	cmd.Flags().StringVar(&opts.out, "out", "", "with --random: the folder the scenarios replaying broken games are written to (default "+defaultReplayDir+")")
}

// checkPlayMode checks that the arguments and flags ask for one thing:
// random games, the data's scenarios or scenario files.
func checkPlayMode(cmd *cobra.Command, opts *playOptions, args []string) error {
	changed := func(names ...string) string {
		for _, n := range names {
			if cmd.Flags().Changed(n) {
				return "--" + n
			}
		}
		return ""
	}
	if cmd.Flags().Changed("random") {
		if len(args) > 0 {
			return usagef("play --random plays random games: it takes no scenario files")
		}
		if f := changed("builtin", "format", "explain", "lang"); f != "" {
			return usagef("%s is for scenarios, not for --random", f)
		}
		return nil
	}
	if f := changed("expansions", "edition", "variant", "seed", "players", "jobs", "out"); f != "" {
		return usagef("%s is for --random; a scenario gives its own setup", f)
	}
	switch {
	case opts.builtin && len(args) > 0:
		return usagef("play --builtin runs the data's scenarios: it takes no files")
	case !opts.builtin && len(args) == 0:
		return usagef("play needs scenario files or folders, --builtin or --random N")
	case !slices.Contains(site.Languages(), opts.lang):
		return usagef("--lang %s: want one of %s", opts.lang, strings.Join(site.Languages(), ", "))
	}
	return nil
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
	if err := checkReplayDir(opts.replayDir()); err != nil {
		return err
	}
	res, err := loadClean(cmd, &opts.data)
	if err != nil {
		return err
	}
	sel, err := rules.Select(res.Catalog, opts.sel.expansions)
	if err != nil {
		return usageError{unknownIDError{err}}
	}
	var pub tilekit.Publisher
	if opts.sel.variant != "" {
		if pub, err = publisherByName(opts.sel.variant); err != nil {
			return usageError{err}
		}
	}
	r, err := game.Compile(res.Catalog, sel, game.Setup{Edition: edition, Publisher: pub})
	if err != nil {
		return usageError{err}
	}
	shares := pileShares(res.Catalog, sel, r)
	warnUnplayed(cmd.ErrOrStderr(), res.Catalog, shares, edition)
	jobs := opts.jobs
	if jobs == 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	var done atomic.Int64
	stop := showProgress(cmd.ErrOrStderr(), &done, opts.random)
	sum := playGames(r, opts.players, opts.seed, opts.random, jobs, &done)
	stop()
	elapsed := time.Since(start)
	sum.write(cmd.OutOrStdout(), pileLine(shares))
	fmt.Fprintf(cmd.ErrOrStderr(), "played %d games in %s (%.0f games/s, %d jobs)\n",
		opts.random, elapsed.Round(time.Millisecond), float64(opts.random)/elapsed.Seconds(), jobs)
	if len(sum.breaks) == 0 {
		return nil
	}
	writeBreakLines(cmd.ErrOrStderr(), sum.breaks)
	if err := writeBreakScenarios(cmd.ErrOrStderr(), opts.replayDir(), sum.breaks, opts.replayCommands); err != nil {
		return err
	}
	return errProblems
}

// maxBreakLines is how many broken games a run of random games prints at
// most; a line then counts the others.
const maxBreakLines = 10

// writeBreakLines prints the first maxBreakLines broken games, then how
// many more broke.
func writeBreakLines(w io.Writer, breaks []playBreak) {
	for i, b := range breaks {
		if i == maxBreakLines {
			fmt.Fprintf(w, "tilekit: %d more broken games not listed\n", len(breaks)-i)
			return
		}
		fmt.Fprintf(w, "tilekit: %v\n", b.err)
	}
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
// take the games in batches, and merges their summaries; done counts the
// games played so far.
func playGames(r *game.Ruleset, players int, seed uint64, n, jobs int, done *atomic.Int64) *playSummary {
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
				done.Add(int64(min(lo+playBatch, n) - lo))
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

// write prints the summary, with the line that says what each expansion
// puts in the pile.
func (s *playSummary) write(w io.Writer, pile string) {
	games := len(s.breaks) + s.games
	fmt.Fprintf(w, "games: %d\n", games)
	fmt.Fprintln(w, pile)
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
