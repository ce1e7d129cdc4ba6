package main

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"text/template"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/validator"
)

func newSchemaCmd() *cobra.Command {
	cmd := groupCmd("schema", "Work with the JSON Schemas of the data files", "  tilekit schema export ./my-expansion")
	var force bool
	export := &cobra.Command{
		Use:   "export DIR",
		Short: "Write the schemas and a .taplo.toml for editors",
		Long: `export writes the embedded JSON Schemas to DIR/schema/ and a DIR/.taplo.toml
that maps them to the data files (tiles/, expansions/, interactions/), so that
Taplo and the Even Better TOML editor extension complete and check the files
of a data folder. The schemas are tilekit's and are replaced; a .taplo.toml
you changed is kept unless --force.`,
		Example: "  tilekit schema export .\n  tilekit schema export ./my-expansion",
		Args:    exactArgs(1, "schema export takes one folder"),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := exportSchemas(args[0], force)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: wrote %d schemas and .taplo.toml to %s\n", n, args[0])
			return nil
		},
	}
	export.Flags().BoolVar(&force, "force", false, "replace a .taplo.toml that differs from tilekit's")
	cmd.AddCommand(export)
	return cmd
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
// all of them or none. A .taplo.toml that differs from tilekit's is
// someone's work: it is replaced only with force, and without force nothing
// is written.
func exportSchemas(dir string, force bool) (int, error) {
	files, err := intoFolder(dir)
	if err != nil {
		return 0, err
	}
	defer files.discard()
	config := filepath.Join(dir, ".taplo.toml")
	old, err := os.ReadFile(config)
	switch {
	case err == nil && !bytes.Equal(old, taploConfig()) && !force:
		return 0, usagef("%s differs from tilekit's and was kept; use --force to replace it", config)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return 0, err
	}
	n, err := addSchemaFiles(files)
	if err != nil {
		return 0, err
	}
	return n, files.commit()
}

// addSchemaFiles adds schema/<name> for each embedded schema and the
// .taplo.toml that maps them to the data files, and returns how many
// schemas it added.
func addSchemaFiles(files *fileSet) (int, error) {
	for _, folder := range validator.Subfolders {
		data, err := fs.ReadFile(tilekit.Schemas(), folder.Schema)
		if err != nil {
			return 0, err
		}
		if err := files.add("schema/"+folder.Schema, data); err != nil {
			return 0, err
		}
	}
	return len(validator.Subfolders), files.add(".taplo.toml", taploConfig())
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

//go:embed scaffold/*.tmpl
var scaffoldFS embed.FS

var scaffoldTemplates = template.Must(template.ParseFS(scaffoldFS, "scaffold/*.tmpl"))

// expansionID is the pattern of an expansion id, as in the schema.
var expansionID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// maxNewExpansionID caps the length of the id of a new expansion: file
// names are made from it, and most file systems allow 255 bytes a name.
const maxNewExpansionID = 64

func newNewCmd() *cobra.Command {
	cmd := groupCmd("new", "Start new data", "  tilekit new expansion my-expansion")
	var data dataFlags
	expansion := &cobra.Command{
		Use:   "expansion ID [DIR]",
		Short: "Scaffold a data folder for a fan expansion",
		Long: `new expansion writes a data folder (DIR, or ID when DIR is not given) for a
fan expansion: an expansion file, a tiles file with one commented example
tile, an empty interactions file, the schemas with a .taplo.toml so that
Taplo / Even Better TOML complete and check the files, and a README. The
folder validates clean with "tilekit validate DIR". It refuses a folder that
already has files in it, an id the built-in data or a --data folder
already uses, and an id longer than 64 characters. The folder appears whole
or not at all: a failure leaves nothing behind.`,
		Example: "  tilekit new expansion my-expansion\n  tilekit new expansion wells ./carcassonne-wells",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) < 1 || len(args) > 2 {
				return usagef("new expansion takes an id and optionally a folder")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			id, dir := args[0], args[0]
			if len(args) == 2 {
				dir = args[1]
			}
			if len(id) > maxNewExpansionID {
				return usagef("expansion id of %d characters is too long: use at most %d characters (file names are made from it)", len(id), maxNewExpansionID)
			}
			if !expansionID.MatchString(id) {
				return usagef("expansion id %q: use lower-case letters and digits, words joined by dashes", id)
			}
			sources, err := data.sources()
			if err != nil {
				return err
			}
			res, err := load(sources)
			if err != nil {
				return err
			}
			if x := res.Catalog.Expansion(id); x != nil {
				return usagef("expansion id %q is taken (%s, in %s)", id, x.Name, x.Origin.File)
			}
			if err := scaffold(dir, id); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "tilekit: created %s; check it with: tilekit validate %s\n", dir, dir)
			return nil
		},
	}
	data.register(expansion)
	cmd.AddCommand(expansion)
	return cmd
}

// scaffold writes a new data folder for expansion id into dir: dir must
// not exist or be empty, and appears whole or not at all.
func scaffold(dir, id string) error {
	files, err := newFolder(dir)
	if err != nil {
		return err
	}
	defer files.discard()
	data := struct{ ID, Name string }{id, nameFromID(id)}
	for _, f := range []struct{ tmpl, name string }{
		{"README.md.tmpl", "README.md"},
		{"expansion.toml.tmpl", "expansions/" + id + ".toml"},
		{"tiles.toml.tmpl", "tiles/" + id + ".toml"},
		{"interactions.toml.tmpl", "interactions/" + id + ".toml"},
	} {
		var b bytes.Buffer
		if err := scaffoldTemplates.ExecuteTemplate(&b, f.tmpl, data); err != nil {
			return err
		}
		if err := files.add(f.name, b.Bytes()); err != nil {
			return err
		}
	}
	if _, err := addSchemaFiles(files); err != nil {
		return err
	}
	return files.commit()
}

// nameFromID makes a first display name from an id: "black-tower" gives
// "Black Tower".
func nameFromID(id string) string {
	words := strings.Split(id, "-")
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
