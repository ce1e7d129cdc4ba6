package main

import (
	"bytes"
	"embed"
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

// exportSchemas writes the schemas and the Taplo configuration into dir.
// A .taplo.toml that differs from tilekit's is someone's work: it is
// replaced only with force.
func exportSchemas(dir string, force bool) (int, error) {
	var taplo strings.Builder
	taplo.WriteString("# Taplo and Even Better TOML: check tilekit data files against their schemas.\n")
	taplo.WriteString("# Written by `tilekit schema export`; run taplo from this folder.\n")
	for _, folder := range validator.Folders {
		data, err := fs.ReadFile(tilekit.Schemas(), folder.Schema)
		if err != nil {
			return 0, err
		}
		if err := writeFileAtomic(filepath.Join(dir, "schema", folder.Schema), data); err != nil {
			return 0, err
		}
		fmt.Fprintf(&taplo, "\n[[rule]]\ninclude = [\"%s/**/*.toml\"]\n\n[rule.schema]\npath = \"schema/%s\"\n", folder.Name, folder.Schema)
	}
	config := filepath.Join(dir, ".taplo.toml")
	if old, err := os.ReadFile(config); err == nil && string(old) != taplo.String() && !force {
		return 0, usagef("%s differs from tilekit's and was kept; use --force to replace it", config)
	}
	return len(validator.Folders), writeFileAtomic(config, []byte(taplo.String()))
}

//go:embed scaffold/*.tmpl
var scaffoldFS embed.FS

var scaffoldTemplates = template.Must(template.ParseFS(scaffoldFS, "scaffold/*.tmpl"))

// expansionID is the pattern of an expansion id, as in the schema.
var expansionID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

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
already has files in it, and an id the built-in data or a --data folder
already uses.`,
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

// scaffold writes a new data folder for expansion id into dir.
func scaffold(dir, id string) error {
	if entries, err := readDirIfExists(dir); err != nil {
		return usagef("%s: %v", dir, err)
	} else if len(entries) > 0 {
		return usagef("%s already has files in it; choose a new folder", dir)
	}
	data := struct{ ID, Name string }{id, displayName(id)}
	files := map[string]string{
		"README.md.tmpl":         "README.md",
		"expansion.toml.tmpl":    filepath.Join("expansions", id+".toml"),
		"tiles.toml.tmpl":        filepath.Join("tiles", id+".toml"),
		"interactions.toml.tmpl": filepath.Join("interactions", id+".toml"),
	}
	for _, tmpl := range []string{"README.md.tmpl", "expansion.toml.tmpl", "tiles.toml.tmpl", "interactions.toml.tmpl"} {
		var b bytes.Buffer
		if err := scaffoldTemplates.ExecuteTemplate(&b, tmpl, data); err != nil {
			return err
		}
		if err := writeFileAtomic(filepath.Join(dir, files[tmpl]), b.Bytes()); err != nil {
			return err
		}
	}
	_, err := exportSchemas(dir, false)
	return err
}

// displayName makes a first display name from an id: "black-tower" gives
// "Black Tower".
func displayName(id string) string {
	words := strings.Split(id, "-")
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
