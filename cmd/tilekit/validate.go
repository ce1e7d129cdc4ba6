package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit/validator"
)

// validateOptions holds what "tilekit validate" was asked for.
type validateOptions struct {
	data   dataFlags
	format string
	dirs   []string // the folders given as arguments, read as --data
}

func newValidateCmd() *cobra.Command {
	opts := &validateOptions{}
	cmd := &cobra.Command{
		Use:   "validate [DIR...]",
		Short: "Check the built-in data and your data folders",
		Long: `validate checks the built-in data and every data folder given, against the
JSON Schemas and the consistency checks, and reports every problem found as
file:line:col: severity: path: message [code], the problems that leave a
file out first. The summary goes to stderr: a line for each data folder
given (what loaded from it and its problems), then one for the whole run.
It exits 0 when there are no errors, 1 when there are, and 2 when
it was called wrongly or a folder cannot be read.

"validate DIR" is the same as "validate --data DIR"; a folder given twice,
under any name, is checked once.`,
		Example: `  tilekit validate
  tilekit validate ./my-expansion
  tilekit validate --format github ./my-expansion
  tilekit validate --format sarif > tilekit.sarif`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.dirs = args
			return runValidate(cmd, opts)
		},
	}
	opts.data.register(cmd)
	addFormatFlag(cmd, &opts.format, "output format: text, json, github or sarif", validator.Formats...)
	return cmd
}

// runValidate checks the data and reports every problem.
func runValidate(cmd *cobra.Command, opts *validateOptions) error {
	if err := checkFormat(opts.format, validator.Formats...); err != nil {
		return err
	}
	sources, err := opts.data.sources(opts.dirs...)
	if err != nil {
		return err
	}
	res, err := load(sources)
	if err != nil {
		return err
	}
	if err := validator.Write(cmd.OutOrStdout(), opts.format, res.Diagnostics); err != nil {
		return err
	}
	for _, f := range res.Folders {
		fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %s\n", f)
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %s\n", res.Stats())
	if res.Diagnostics.HasErrors() {
		return errProblems
	}
	return nil
}
