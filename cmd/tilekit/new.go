package main

import (
	"bytes"
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"text/template"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/internal/atomicfs"
	"github.com/tilekit/tilekit/validator"
)

//go:embed scaffold/*.tmpl
var scaffoldFS embed.FS

var scaffoldTemplates = template.Must(template.ParseFS(scaffoldFS, "scaffold/*.tmpl"))

// expansionID is the pattern of an expansion id, as in the schema.
var expansionID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// maxNewExpansionID caps the length of the id of a new expansion: file
// names are made from it, and most file systems allow 255 bytes a name.
const maxNewExpansionID = 64

// newExpansionOptions holds what "tilekit new expansion" was asked for.
type newExpansionOptions struct {
	data dataFlags
	id   string
	dir  string // the folder to make: the id unless given
}

func newNewCmd() *cobra.Command {
	cmd := groupCmd("new", "Start new data", "  tilekit new expansion my-expansion")
	cmd.AddCommand(newNewExpansionCmd())
	return cmd
}

func newNewExpansionCmd() *cobra.Command {
	opts := &newExpansionOptions{}
	cmd := &cobra.Command{
		Use:   "expansion ID [DIR]",
		Short: "Scaffold a data folder for a fan expansion",
		Long: `new expansion writes a data folder (DIR, or ID when DIR is not given) for a
fan expansion: an expansion file with commented example figures, a rules
text to fill in, a tiles file with one example tile, an interactions file
with a commented example row, a scenario that plays the example tile, the
schemas with a .taplo.toml so that Taplo / Even Better TOML complete and
check the files, and a README. The expansion is for the edition tilekit
plays when none is named. The folder validates clean with "tilekit
validate DIR", and its scenario passes with "tilekit play DIR/scenarios". It refuses a folder that already has files in it, an id the
built-in data or a --data folder already uses ("tilekit list expansions"
shows them), and an id longer than 64 characters. The folder appears whole
or not at all: a failure leaves nothing behind. Making it inside another
data folder gets a warning: keep data folders apart.`,
		Example: "  tilekit new expansion my-expansion\n  tilekit new expansion wells ./carcassonne-wells",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) < 1 || len(args) > 2 {
				return usagef("new expansion takes an id and optionally a folder")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.id, opts.dir = args[0], args[0]
			if len(args) == 2 {
				opts.dir = args[1]
			}
			return runNewExpansion(cmd, opts)
		},
	}
	opts.data.register(cmd)
	return cmd
}

// runNewExpansion checks the id and writes the new folder.
func runNewExpansion(cmd *cobra.Command, opts *newExpansionOptions) error {
	id, dir := opts.id, opts.dir
	if len(id) > maxNewExpansionID {
		return usagef("expansion id of %d characters is too long: use at most %d characters (file names are made from it)", len(id), maxNewExpansionID)
	}
	if !expansionID.MatchString(id) {
		return usagef("expansion id %q: use lower-case letters and digits, words joined by dashes", id)
	}
	sources, err := opts.data.sources()
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
	w := cmd.ErrOrStderr()
	if outer, sub := enclosingDataFolder(dir); outer != "" {
		fmt.Fprintf(w, "tilekit: warning: %s is inside the data folder %s (it has %s/); keep a data folder apart from others and give it to tilekit with --data %s\n", dir, outer, sub, dir)
	}
	fmt.Fprintf(w, "tilekit: created %s; check it with: tilekit validate %s\n", dir, dir)
	return nil
}

// enclosingDataFolder returns the nearest folder above dir that is a data
// folder (it has tiles/, expansions/ or interactions/), named as dir names
// it where it can be, and the sub-folder that makes it one; "" when there
// is none.
func enclosingDataFolder(dir string) (outer, sub string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", ""
	}
	for p := filepath.Dir(abs); ; p = filepath.Dir(p) {
		for _, f := range validator.Subfolders {
			if st, err := os.Stat(filepath.Join(p, f.Name)); err == nil && st.IsDir() {
				return displayPath(p), f.Name
			}
		}
		if filepath.Dir(p) == p {
			return "", ""
		}
	}
}

// displayPath names a folder relative to the working directory when that
// is shorter, as the user would.
func displayPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && len(rel) < len(p) {
		return filepath.ToSlash(rel)
	}
	return p
}

// scaffoldData is what the scaffold's templates are filled with.
type scaffoldData struct {
	ID, Name string
	// Edition is the edition the new expansion's tiles are for, the one
	// tilekit plays when none is named.
	Edition string
	// Symbols lists the built-in symbols a tile lists, for a comment.
	Symbols string
}

// joinSymbols writes symbols as a comment lists them: "volcano, dragon".
func joinSymbols(symbols []tilekit.Symbol) string {
	words := make([]string, len(symbols))
	for i, s := range symbols {
		words[i] = string(s)
	}
	return strings.Join(words, ", ")
}

// scaffold writes a new data folder for expansion id into dir: dir must
// not exist or be empty, and appears whole or not at all.
func scaffold(dir, id string) error {
	files, err := atomicfs.NewFolder(dir)
	if err != nil {
		return writeError(err)
	}
	defer files.Discard()
	data := scaffoldData{ID: id, Name: nameFromID(id), Edition: string(tilekit.DefaultEdition), Symbols: joinSymbols(tilekit.TileSymbols())}
	for _, f := range []struct{ tmpl, name string }{
		{"README.md.tmpl", "README.md"},
		{"expansion.toml.tmpl", "expansions/" + id + ".toml"},
		{"text.md.tmpl", "expansions/text/en/" + id + ".md"},
		{"tiles.toml.tmpl", "tiles/" + id + ".toml"},
		{"interactions.toml.tmpl", "interactions/" + id + ".toml"},
		{"scenario.toml.tmpl", "scenarios/" + id + "/example.toml"},
	} {
		var b bytes.Buffer
		if err := scaffoldTemplates.ExecuteTemplate(&b, f.tmpl, data); err != nil {
			return err
		}
		if err := files.Add(f.name, b.Bytes()); err != nil {
			return writeError(err)
		}
	}
	if _, err := addSchemaFiles(files); err != nil {
		return writeError(err)
	}
	return writeError(files.Commit())
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
