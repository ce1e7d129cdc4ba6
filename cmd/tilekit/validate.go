package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit/validator"
)

func newValidateCmd() *cobra.Command {
	var (
		data   dataFlags
		format string
	)
	cmd := &cobra.Command{
		Use:   "validate [DIR...]",
		Short: "Check the built-in data and your data folders",
		Long: `validate checks the built-in data and every data folder given, against the
JSON Schemas and the consistency checks, and reports every problem found as
file:line:col: severity: path: message [code]. A one-line summary goes to
stderr. It exits 0 when there are no errors, 1 when there are, and 2 when
it was called wrongly or a folder cannot be read.

"validate DIR" is the same as "validate --data DIR".`,
		Example: `  tilekit validate
  tilekit validate ./my-expansion
  tilekit validate --format github ./my-expansion
  tilekit validate --format sarif > tilekit.sarif`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, validator.Formats...); err != nil {
				return err
			}
			sources, err := data.sources(args...)
			if err != nil {
				return err
			}
			res, err := load(sources)
			if err != nil {
				return err
			}
			if err := validator.Write(cmd.OutOrStdout(), format, res.Diagnostics); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: %s\n", res.Stats())
			if res.Diagnostics.HasErrors() {
				return errProblems
			}
			return nil
		},
	}
	data.register(cmd)
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json, github or sarif")
	return cmd
}
