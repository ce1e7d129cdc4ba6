package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3";
// otherwise it comes from the module's build information.
var version = ""

func versionString() string {
	v := version
	if v == "" {
		v = "(devel)"
		if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
			v = info.Main.Version
		}
	}
	return fmt.Sprintf("tilekit %s %s/%s %s", v, runtime.GOOS, runtime.GOARCH, runtime.Version())
}

// versionOptions holds what "tilekit version" was asked for: nothing yet,
// kept so that every command has the same shape.
type versionOptions struct{}

func newVersionCmd() *cobra.Command {
	opts := &versionOptions{}
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version of tilekit",
		Example: "  tilekit version",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runVersion(cmd, opts)
		},
	}
}

// runVersion prints the version line.
func runVersion(cmd *cobra.Command, _ *versionOptions) error {
	_, err := fmt.Fprintln(cmd.OutOrStdout(), versionString())
	return err
}
