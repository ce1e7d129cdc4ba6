package main

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/site"
	"github.com/tilekit/tilekit/validator"
)

// siteOptions are the flags site build and site serve share: the data, and
// what the site covers.
type siteOptions struct {
	data dataFlags
	sel  selectionFlags
	// stats is the number of random games per expansion for the statistics
	// page; 0 leaves the page out.
	stats int
	// langs are the site's languages, the first at the root.
	langs []string
}

func (o *siteOptions) register(cmd *cobra.Command) {
	o.data.register(cmd)
	o.sel.register(cmd, false)
	cmd.Flags().Lookup("expansions").Usage = "build a site for these expansion or part ids only, comma-separated (default every expansion, and the reader chooses in the page)"
	cmd.Flags().IntVar(&o.stats, "stats", 0, "add a statistics page from N seeded random games of each expansion (0: none)")
	cmd.Flags().StringSliceVar(&o.langs, "lang", []string{"en"}, "the site's languages, comma-separated: the first at the root, each other in a folder named by its code (en,de: English, and German in de/)")
	_ = cmd.RegisterFlagCompletionFunc("lang", cobra.FixedCompletions(site.Languages(), cobra.ShellCompDirectiveNoFileComp))
}

// languages returns the site options' languages: the first, and the
// translations built beside it.
func (o *siteOptions) languages(want *site.Options) {
	if len(o.langs) > 0 {
		want.Lang, want.Translations = o.langs[0], o.langs[1:]
	}
}

// check refuses, before anything is loaded, flags that cannot be right.
func (o *siteOptions) check() error {
	if o.stats < 0 {
		return usagef("--stats %d: want 0 (no statistics page) or more games", o.stats)
	}
	if len(o.langs) == 0 {
		return usagef("--lang: give at least one language (%s)", strings.Join(site.Languages(), ", "))
	}
	seen := map[string]bool{}
	for _, l := range o.langs {
		if !slices.Contains(site.Languages(), l) {
			return usagef("--lang %s: the site has no interface strings in that language (it has %s)", l, strings.Join(site.Languages(), ", "))
		}
		if seen[l] {
			return usagef("--lang: %s is given twice", l)
		}
		seen[l] = true
	}
	return nil
}

// siteBuildOptions holds what "tilekit site build" was asked for.
type siteBuildOptions struct {
	siteOptions
	dir     string
	baseURL string
	format  string
	layout  string
	force   bool
}

func newSiteCmd() *cobra.Command {
	cmd := groupCmd("site", "Build the rules reference site, or preview it", "  tilekit site build\n  tilekit site serve")
	cmd.AddCommand(newSiteBuildCmd(), newSiteServeCmd())
	return cmd
}

func newSiteBuildCmd() *cobra.Command {
	opts := &siteBuildOptions{dir: "public"}
	cmd := &cobra.Command{
		Use:   "build [DIR]",
		Short: "Write the rules reference site, a static site for any web host",
		Long: `build writes the rules reference, a static site, to DIR (default public):
a page per expansion, per interaction table and per worked example, the
order of play, the open questions, the tile gallery and a search index,
from the built-in data and the --data folders. The pages link to each other
by relative links and fetch nothing from elsewhere, so the folder works
from any web host, from a sub-folder of one, and opened from disk
(file://). The same data gives the same bytes.

The data is checked first: a problem is reported as validate reports it,
nothing is written, and the run exits 1; so does a worked example the game
engine does not play as its scenario says. The site is written to a new
folder beside DIR and moved into DIR's place when every file is written,
so a failure leaves DIR as it was. DIR is replaced whole: files of an
earlier build that the new one does not have are gone. A DIR with files
in it that tilekit did not write (it has no .tilekit-site file) is refused
unless --force, which replaces it and everything in it.

--format markdown writes the same pages as Markdown files with .md links,
in folders, for a docs folder; with --layout wiki, every page at the root
under a name of its own, Home.md and _Sidebar.md, as a GitHub wiki reads
them. --expansions builds a site for that selection only;
without it the site covers every expansion and the reader chooses in the
page. --base-url gives the address the site will be published at, for
canonical links and the sitemap.`,
		Example: `  tilekit site build
  tilekit site build public --base-url https://rules.example.org/carcassonne/
  tilekit site build docs --format markdown
  tilekit site build wiki --format markdown --layout wiki
  tilekit site build --expansions princess-dragon,drawbridges --data ./my-expansion
  tilekit site build public --stats 200`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usagef("site build takes at most one folder")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.dir = args[0]
			}
			return runSiteBuild(cmd, opts)
		},
	}
	opts.siteOptions.register(cmd)
	cmd.Flags().StringVar(&opts.format, "format", "html", "html, or markdown for a Git wiki or a docs folder")
	cmd.Flags().StringVar(&opts.layout, "layout", "folders", "a Markdown site's layout: folders, or wiki (flat page names, Home.md, _Sidebar.md)")
	cmd.Flags().StringVar(&opts.baseURL, "base-url", "", "the address the site is published at, such as https://rules.example.org/ (default: none; every link is relative)")
	cmd.Flags().BoolVar(&opts.force, "force", false, "replace DIR even though tilekit did not write it, and everything in it")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"html", "markdown"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("layout", cobra.FixedCompletions([]string{"folders", "wiki"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// runSiteBuild checks the flags and the folder, loads the data, builds the
// site and writes it.
func runSiteBuild(cmd *cobra.Command, opts *siteBuildOptions) error {
	start := time.Now()
	if err := checkFormat(opts.format, "html", "markdown"); err != nil {
		return err
	}
	if err := checkLayout(opts.layout, opts.format); err != nil {
		return err
	}
	if err := opts.check(); err != nil {
		return err
	}
	if err := checkBaseURL(opts.baseURL); err != nil {
		return err
	}
	if err := checkSiteFolder(opts.dir, opts.force); err != nil {
		return err
	}
	if err := checkNotDataFolder(opts.dir, opts.data.dirs); err != nil {
		return err
	}
	want := site.Options{Format: site.Format(opts.format), BaseURL: opts.baseURL, Stats: opts.stats, Layout: site.Layout(opts.layout)}
	s, err := loadAndBuildSite(cmd, &opts.siteOptions, want)
	if err != nil {
		return err
	}
	if err := writeSiteFolder(opts.dir, s, opts.force, cmd.ErrOrStderr()); err != nil {
		return err
	}
	reportSiteBuild(cmd.ErrOrStderr(), s, opts, time.Since(start))
	return nil
}

// reportSiteBuild says what a build checked, played and wrote, where to
// open the site and what to try next: the first thing a new user runs ends
// by showing what tilekit is for.
func reportSiteBuild(w io.Writer, s *site.Site, opts *siteBuildOptions, took time.Duration) {
	c := s.Counts()
	fmt.Fprintf(w, "tilekit: checked the data (%d expansions, %d tiles, %d interaction tables, %d steps of the turn) and played %d worked examples with the game engine\n",
		c.Expansions, c.Tiles, c.Tables, c.Steps, c.Examples)
	fmt.Fprintf(w, "tilekit: wrote %d files to %s in %s\n", len(s.Paths()), opts.dir, took.Round(time.Millisecond))
	index := "index.html"
	switch {
	case opts.layout == string(site.LayoutWiki):
		index = "Home.md"
	case opts.format == string(site.Markdown):
		index = "index.md"
	}
	fmt.Fprintf(w, "Open %s, or preview the site with: tilekit site serve\n", filepath.Join(opts.dir, index))
	fmt.Fprint(w, `Then try:
  tilekit query dragon-diet fairy                            does the red dragon eat the fairy?
  tilekit order --expansions princess-dragon,drawbridges     the order of a turn
  tilekit play --random 1000 --expansions princess-dragon    random games, every move checked
`)
}

// loadAndBuildSite loads the data and builds the site. A data problem is
// printed (as validate prints it) and returned as errProblems, and so is
// a site the data cannot make (a worked example that fails): nothing may be
// written from data with errors.
func loadAndBuildSite(cmd *cobra.Command, opts *siteOptions, want site.Options) (*site.Site, error) {
	res, ok, err := loadPrinted(cmd, &opts.data)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errProblems
	}
	if want.Selection, err = opts.selection(res.Catalog); err != nil {
		return nil, err
	}
	opts.languages(&want)
	if sources, err := opts.data.sources(); err == nil {
		limitSiteMemory(validator.DataSize(sources...), 1+len(want.Translations))
	}
	s, err := site.Build(res.Catalog, want)
	if err != nil {
		printSiteError(cmd.ErrOrStderr(), res, err)
		return nil, errProblems
	}
	return s, nil
}

// printSiteError prints why the site could not be built: a worked example
// the engine does not play as written gets a line for each failure, at
// the file, line and column of the key at fault, as play prints them.
func printSiteError(w io.Writer, res *validator.Result, err error) {
	var ex *site.ExampleError
	if !errors.As(err, &ex) || len(ex.Failures) == 0 {
		fmt.Fprintf(w, "tilekit: %v\n", err)
		return
	}
	s := ex.Scenario
	for _, f := range ex.Failures {
		file, line, col := f.Origin.File, 0, 0
		if file == "" {
			file = s.Origin.File
			line, _ = res.Locate(s.Origin)
			col = 1
		} else {
			line, col = res.Locate(f.Origin)
		}
		fmt.Fprintf(w, "%s:%d:%d: error: worked example %s: the engine does not play it as written: %s\n", file, line, col, s.ID, f.Message)
	}
	fmt.Fprintf(w, "tilekit: worked example %s fails; the site was not built\n", s.ID)
}

// selection reads --expansions: nil without it (the site covers every
// expansion), else the selection; an unknown id is a usage error.
func (o *siteOptions) selection(cat *tilekit.Catalog) (*rules.Selection, error) {
	if len(o.sel.expansions) == 0 {
		return nil, nil
	}
	sel, err := rules.Select(cat, o.sel.expansions)
	if err != nil {
		return nil, usageError{unknownIDError{err}}
	}
	return &sel, nil
}

// checkBaseURL accepts nothing, or an absolute http or https address.
func checkBaseURL(base string) error {
	if base == "" {
		return nil
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return usagef("--base-url %q: want an absolute http or https address, such as https://rules.example.org/", base)
	}
	return nil
}

// checkLayout checks --layout: folders, or wiki for a Markdown site.
func checkLayout(layout, format string) error {
	switch {
	case layout != string(site.LayoutFolders) && layout != string(site.LayoutWiki):
		return usagef("--layout %s: want folders or wiki", layout)
	case layout == string(site.LayoutWiki) && format != string(site.Markdown):
		return usagef("--layout wiki lays out Markdown pages: add --format markdown")
	}
	return nil
}
