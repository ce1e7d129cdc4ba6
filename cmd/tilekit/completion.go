package main

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
)

// Shell completion of ids. The functions below are cobra's dynamic
// completions: the shell asks "tilekit __complete ARGS..." and prints what
// comes back. Each loads the data quietly, the built-in data and the
// --data folders given so far on the line, and on any failure offers
// nothing: a completion never prints an error.

// registerCompletions attaches the id completions to the commands of root,
// found by their names and flags, so that the commands need not know of
// them: expansion ids for every --expansions and --expansion flag, the
// publishers for --variant, the editions for --edition, folders for
// --data, tile ids for render, and table then subject ids for query.
// A completion a command registered itself is kept.
func registerCompletions(root *cobra.Command) {
	fixed := map[string]cobra.CompletionFunc{
		"expansions": completeExpansions,
		"expansion":  completeExpansions,
		"variant":    cobra.FixedCompletions(publisherCandidates(), cobra.ShellCompDirectiveNoFileComp),
		"edition":    cobra.FixedCompletions(editionCandidates(), cobra.ShellCompDirectiveNoFileComp),
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for name, complete := range fixed {
			if c.Flags().Lookup(name) != nil {
				_ = c.RegisterFlagCompletionFunc(name, complete) // fails only when one is registered
			}
		}
		if c.Flags().Lookup("data") != nil {
			_ = c.MarkFlagDirname("data")
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, c := range root.Commands() {
		if c.ValidArgsFunction != nil {
			continue
		}
		switch c.Name() {
		case "render":
			c.ValidArgsFunction = completeTileIDs
		case "query":
			c.ValidArgsFunction = completeQuery
		}
	}
}

// publisherCandidates completes a --variant: each publisher's id and name.
func publisherCandidates() []string {
	var out []string
	for _, p := range tilekit.Publishers {
		out = append(out, candidate(string(p), p.Name()))
	}
	return out
}

// editionCandidates completes an --edition: each edition's id.
func editionCandidates() []string {
	var out []string
	for _, e := range tilekit.Editions {
		out = append(out, string(e))
	}
	return out
}

// addFormatFlag adds a command's --format flag, whose value is one of
// formats, the first by default, and completes those values.
func addFormatFlag(cmd *cobra.Command, p *string, usage string, formats ...string) {
	cmd.Flags().StringVar(p, "format", formats[0], usage)
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(formats, cobra.ShellCompDirectiveNoFileComp))
}

// textOrJSON are the formats of the commands that print text or JSON.
var textOrJSON = []string{"text", "json"}

// completionCatalog loads the catalog for a completion, or returns nil.
func completionCatalog(cmd *cobra.Command) *tilekit.Catalog {
	dirs, err := cmd.Flags().GetStringArray("data")
	if err != nil {
		dirs = nil // a command without --data: the built-in data
	}
	d := dataFlags{dirs: dirs}
	sources, err := d.sources()
	if err != nil {
		return nil
	}
	res, err := load(sources) // under the memory limit of every other run
	if err != nil {
		return nil
	}
	return res.Catalog
}

// candidate is one completion: the id, a tab, and its name for the shells
// that show descriptions.
func candidate(id, name string) string {
	if name == "" {
		return id
	}
	return id + "\t" + name
}

// completeExpansions completes the last id of a comma-separated list of
// expansion and part ids.
func completeExpansions(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	const directive = cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	cat := completionCatalog(cmd)
	if cat == nil {
		return nil, directive
	}
	done, last := "", toComplete
	if i := strings.LastIndex(toComplete, ","); i >= 0 {
		done, last = toComplete[:i+1], toComplete[i+1:]
	}
	var out []string
	for _, x := range cat.Expansions {
		if strings.HasPrefix(x.ID, last) {
			out = append(out, candidate(done+x.ID, x.Name))
		}
		for _, p := range x.Parts {
			if strings.HasPrefix(p.ID, last) {
				out = append(out, candidate(done+p.ID, p.Name))
			}
		}
	}
	return out, directive
}

// completeTileIDs completes the one tile id render takes.
func completeTileIDs(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	cat := completionCatalog(cmd)
	if cat == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, t := range cat.Tiles {
		if strings.HasPrefix(t.ID, toComplete) {
			out = append(out, candidate(t.ID, t.Name))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeQuery completes query's TABLE, then the SUBJECT of that table.
func completeQuery(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	switch len(args) {
	case 0:
		return completeTables(cmd, args, toComplete)
	case 1:
		return completeSubjects(args[0])(cmd, args, toComplete)
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// completeTables completes an interaction table id.
func completeTables(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	cat := completionCatalog(cmd)
	if cat == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, t := range cat.Tables {
		if strings.HasPrefix(t.ID, toComplete) {
			out = append(out, candidate(t.ID, t.Name))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeSubjects returns a completion of the subjects (figures,
// locations, actions) the table asks about; none for an unknown table.
func completeSubjects(table string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		cat := completionCatalog(cmd)
		if cat == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		t := cat.Table(table)
		if t == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		seen := map[string]bool{}
		for _, s := range cat.Subjects() {
			if t.Covers(s.Kind) && !seen[s.ID] && strings.HasPrefix(s.ID, toComplete) {
				seen[s.ID] = true
				out = append(out, candidate(s.ID, s.Name))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
