package main

import (
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

// run executes one command line; every error is printed here, once.
func run(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errProblems):
		return exitProblems
	default:
		fmt.Fprintf(stderr, "tilekit: %v\n", err)
		if strings.HasPrefix(err.Error(), "unknown command") || strings.HasPrefix(err.Error(), "unknown flag") {
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
folders with --data.`,
		Example: `  tilekit validate
  tilekit validate ./my-expansion
  tilekit tiles --expansion base --format json`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(newValidateCmd(), newTilesCmd(), newRenderCmd(), newQueryCmd(), newGapsCmd(), newOrderCmd(), newNewCmd(), newSchemaCmd(), newVersionCmd())
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

// checkFormat returns a usage error unless format is one of allowed.
func checkFormat(format string, allowed ...string) error {
	if slices.Contains(allowed, format) {
		return nil
	}
	return usagef("unknown format %q (want one of %s)", format, strings.Join(allowed, ", "))
}
