package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK       = 0
	exitProblems = 1 // the data has problems
	exitUsage    = 2 // the tool was used wrongly or input could not be read
)

// errProblems says that the data had problems, already reported.
var errProblems = errors.New("the data has problems")

// usageError marks a mistake in how the tool was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// gcPercent is the garbage collector's GOGC (unless GOGC says otherwise):
// validation makes a great deal of short-lived garbage, and collecting it
// a little less often saves about a twentieth of the time of a large run
// for about a tenth more memory.
const gcPercent = 150

// Main runs tilekit with the process's arguments and returns the exit code.
func Main() int {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	return run(os.Args[1:], os.Stdout, os.Stderr)
}

// runState is what a command leaves for run to decide the exit code.
type runState struct {
	// problems is set when the data had errors, already reported, and the
	// command went on with what loaded: the run exits 1 at the end.
	problems bool
	// userFolders is set when a user data folder was loaded: an unknown
	// id then is not for want of one.
	userFolders bool
}

type runStateKey struct{}

// deferProblems records that the data had errors, already reported, so
// that the run exits 1 after the command finishes. It reports false when
// the command does not run under run (a test executing a command alone),
// where the caller must fail at once instead.
func deferProblems(cmd *cobra.Command) bool {
	ctx := cmd.Context()
	if ctx == nil {
		return false
	}
	st, ok := ctx.Value(runStateKey{}).(*runState)
	if !ok {
		return false
	}
	st.problems = true
	return true
}

// noteUserFolders records that the command loaded a user data folder.
func noteUserFolders(cmd *cobra.Command) {
	if ctx := cmd.Context(); ctx != nil {
		if st, ok := ctx.Value(runStateKey{}).(*runState); ok {
			st.userFolders = true
		}
	}
}

// run executes one command line; every error is printed here, once.
func run(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	st := &runState{}
	err := root.ExecuteContext(context.WithValue(context.Background(), runStateKey{}, st))
	if err == nil && st.problems {
		err = errProblems
	}
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errProblems):
		return exitProblems
	default:
		hint := ""
		if errors.As(err, new(unknownIDError)) && !st.userFolders {
			hint = loadHint
		}
		fmt.Fprintf(stderr, "tilekit: %v%s\n", err, hint)
		if strings.HasPrefix(err.Error(), "unknown command") {
			fmt.Fprintln(stderr, "Run 'tilekit --help' for usage.")
		}
		return exitUsage
	}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "tilekit",
		Short: "Check, run and publish Carcassonne rules data",
		Long: `tilekit turns the rules of Carcassonne and its expansions into data that
can be checked, executed and published. The built-in data (tiles,
expansions, interaction tables) is part of the binary; add your own data
folders with --data. "tilekit list" shows the ids of expansions, figures,
tables, tiles and steps.`,
		Example: `  tilekit site build                          # check the data, play the examples, write the rules site
  tilekit query dragon-diet fairy             # does the red dragon eat the fairy?
  tilekit play --random 1000 --expansions princess-dragon
  tilekit validate ./my-expansion
  tilekit list expansions`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.Version = versionString()
	root.SetVersionTemplate("{{.Version}}\n")
	root.Flags().BoolP("version", "v", false, `print the version, as "tilekit version" does`)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usagef("%v; see '%s --help'", err, c.CommandPath())
	})
	root.AddCommand(newValidateCmd(), newListCmd(), newTilesCmd(), newRenderCmd(), newQueryCmd(), newGapsCmd(), newRowsCmd(), newOrderCmd(), newPlayCmd(), newSiteCmd(), newNewCmd(), newSchemaCmd(), newVersionCmd())
	registerCompletions(root)
	flagNotesToStderr(root)
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Example = "  tilekit completion bash > /etc/bash_completion.d/tilekit\n  tilekit completion zsh > \"${fpath[1]}/_tilekit\""
			c.Args = cobra.ArbitraryArgs
			c.RunE = func(cmd *cobra.Command, args []string) error {
				if len(args) == 0 {
					return cmd.Help()
				}
				return usagef("unknown shell %q (want bash, fish, powershell or zsh)", args[0])
			}
			for _, sub := range c.Commands() {
				sub.Example = fmt.Sprintf("  tilekit completion %s", sub.Name())
			}
		}
	}
	root.InitDefaultHelpCmd()
	for _, c := range root.Commands() {
		if c.Name() == "help" {
			c.Example = "  tilekit help validate"
		}
	}
	return root
}

// flagNotesToStderr sends what the flag parser prints, such as the note
// that a deprecated flag was used, to the command's stderr: cobra prints it
// to the output writer, where it would spoil the command's output (JSON,
// SVG).
func flagNotesToStderr(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().SetOutput(stderrWriter{c})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// stderrWriter writes to a command's stderr as it is when written to, set
// or not when the writer was made.
type stderrWriter struct{ cmd *cobra.Command }

func (w stderrWriter) Write(p []byte) (int, error) { return w.cmd.ErrOrStderr().Write(p) }

// checkFormat returns a usage error unless format is one of allowed.
func checkFormat(format string, allowed ...string) error {
	if slices.Contains(allowed, format) {
		return nil
	}
	return usagef("unknown format %q (want one of %s)", format, strings.Join(allowed, ", "))
}
