package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/internal/atomicfs"
	"github.com/tilekit/tilekit/validator"
)

// schemaExportOptions holds what "tilekit schema export" was asked for.
type schemaExportOptions struct {
	dir   string
	force bool
}

func newSchemaCmd() *cobra.Command {
	cmd := groupCmd("schema", "Work with the JSON Schemas of the data files", "  tilekit schema export ./my-expansion")
	cmd.AddCommand(newSchemaExportCmd())
	return cmd
}

func newSchemaExportCmd() *cobra.Command {
	opts := &schemaExportOptions{}
	cmd := &cobra.Command{
		Use:   "export DIR",
		Short: "Write the schemas and a .taplo.toml for editors",
		Long: `export writes the embedded JSON Schemas to DIR/schema/ and a DIR/.taplo.toml
that maps them to the data files (tiles/, expansions/, interactions/), so that
Taplo and the Even Better TOML editor extension complete and check the files
of a data folder. The schemas are tilekit's and are replaced; a .taplo.toml
you changed is kept, with a warning, unless --force.`,
		Example: "  tilekit schema export .\n  tilekit schema export ./my-expansion",
		Args:    exactArgs(1, "schema export takes one folder"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.dir = args[0]
			return runSchemaExport(cmd, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.force, "force", false, "replace a .taplo.toml that differs from tilekit's")
	return cmd
}

// runSchemaExport writes the schemas, and the .taplo.toml unless one that
// someone changed is there: that one is kept, with a warning.
func runSchemaExport(cmd *cobra.Command, opts *schemaExportOptions) error {
	n, kept, err := exportSchemas(opts.dir, opts.force)
	if err != nil {
		return err
	}
	w := cmd.ErrOrStderr()
	if kept != "" {
		fmt.Fprintf(w, "tilekit: warning: %s differs from tilekit's and was kept; use --force to replace it\n", kept)
		fmt.Fprintf(w, "tilekit: wrote %d schemas to %s\n", n, opts.dir)
		return nil
	}
	fmt.Fprintf(w, "tilekit: wrote %d schemas and .taplo.toml to %s\n", n, opts.dir)
	return nil
}

// groupCmd makes a command that only groups subcommands: alone it shows
// its help, and an unknown subcommand is a usage error.
func groupCmd(use, short, example string) *cobra.Command {
	return &cobra.Command{
		Use:     use,
		Short:   short,
		Example: example,
		Args:    cobra.NoArgs,
		RunE:    func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
}

// exactArgs is cobra.ExactArgs with a usage error that says what is wanted.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s", what)
		}
		return nil
	}
}

// exportSchemas writes the schemas and the Taplo configuration into dir,
// all of them or none, and returns how many schemas it wrote. A
// .taplo.toml that differs from tilekit's is someone's work: it is replaced
// only with force; otherwise it is left as it is and its name is returned
// as kept, and the schemas are written all the same.
func exportSchemas(dir string, force bool) (n int, kept string, err error) {
	files, err := atomicfs.IntoFolder(dir)
	if err != nil {
		return 0, "", writeError(err)
	}
	defer files.Discard()
	config := filepath.Join(dir, ".taplo.toml")
	old, err := os.ReadFile(config)
	switch {
	case err == nil && !bytes.Equal(old, taploConfig()) && !force:
		kept = config
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return 0, "", err
	}
	if n, err = addSchemas(files); err != nil {
		return 0, "", writeError(err)
	}
	if kept == "" {
		if err := files.Add(".taplo.toml", taploConfig()); err != nil {
			return 0, "", writeError(err)
		}
	}
	return n, kept, writeError(files.Commit())
}

// addSchemaFiles adds schema/<name> for each embedded schema and the
// .taplo.toml that maps them to the data files, and returns how many
// schemas it added.
func addSchemaFiles(files *atomicfs.FileSet) (int, error) {
	n, err := addSchemas(files)
	if err != nil {
		return 0, err
	}
	return n, files.Add(".taplo.toml", taploConfig())
}

// addSchemas adds schema/<name> for each embedded schema and returns how
// many it added.
func addSchemas(files *atomicfs.FileSet) (int, error) {
	for _, folder := range validator.Subfolders {
		data, err := fs.ReadFile(tilekit.Schemas(), folder.Schema)
		if err != nil {
			return 0, err
		}
		if err := files.Add("schema/"+folder.Schema, data); err != nil {
			return 0, err
		}
	}
	return len(validator.Subfolders), nil
}

// taploConfig is tilekit's .taplo.toml: one rule per data folder.
func taploConfig() []byte {
	var b bytes.Buffer
	b.WriteString("# Taplo and Even Better TOML: check tilekit data files against their schemas.\n")
	b.WriteString("# Written by `tilekit schema export`; run taplo from this folder.\n")
	for _, folder := range validator.Subfolders {
		fmt.Fprintf(&b, "\n[[rule]]\ninclude = [\"%s/**/*.toml\"]\n\n[rule.schema]\npath = \"schema/%s\"\n", folder.Name, folder.Schema)
	}
	return b.Bytes()
}
