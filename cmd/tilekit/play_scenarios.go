package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/site"
	"github.com/tilekit/tilekit/validator"
)

// runScenarios validates the scenario files (or, with --builtin, the data's
// own scenarios), runs each scenario and reports the results. Data
// problems stop the run before any scenario plays (exit 1); a scenario that
// fails makes the run exit 1 after the report.
func runScenarios(cmd *cobra.Command, opts *playOptions, args []string) error {
	if err := checkFormat(opts.format, "text", "json"); err != nil {
		return err
	}
	if !opts.builtin {
		opts.data.near = args // their own data folder, without --data
	}
	sources, err := opts.data.sources()
	if err != nil {
		return err
	}
	var res *validator.Result
	if opts.builtin {
		res, err = load(sources)
	} else {
		var files []validator.ScenarioFile
		if files, err = scenarioFiles(args); err != nil {
			return err
		}
		limitMemory(validator.DataSize(sources...))
		if res, err = validator.ValidateScenarios(files, sources...); err != nil {
			err = usageError{err}
		}
	}
	if err != nil {
		return err
	}
	if res.Diagnostics.HasErrors() {
		printProblems(cmd.ErrOrStderr(), res)
		return errProblems
	}
	_ = validator.Write(cmd.ErrOrStderr(), "text", res.Diagnostics) // warnings
	if len(res.Catalog.Scenarios) == 0 {
		return usagef("no [[scenario]] to run in %s", strings.Join(scenarioSourceNames(opts, args), ", "))
	}
	words, err := site.NewEventWords(opts.lang)
	if err != nil {
		return usageError{fmt.Errorf("--lang: %w", err)}
	}
	report := playReport{Scenarios: []scenarioReport{}, words: words.ForData(res.Catalog)}
	for i := range res.Catalog.Scenarios {
		s := &res.Catalog.Scenarios[i]
		report.add(res, s, game.RunScenario(res.Catalog, s), opts.explain)
	}
	if opts.format == "json" {
		if err := validator.WriteJSON(cmd.OutOrStdout(), report); err != nil {
			return err
		}
	} else {
		report.writeText(cmd.OutOrStdout(), opts.explain)
	}
	if report.Failed > 0 {
		return errProblems
	}
	return nil
}

// scenarioSourceNames names where the scenarios were looked for.
func scenarioSourceNames(opts *playOptions, args []string) []string {
	if !opts.builtin {
		return args
	}
	return append([]string{"the built-in data"}, opts.data.dirs...)
}

// scenarioFiles lists the scenario files the arguments name: a file as
// given, a folder as every .toml file below it (hidden files and folders
// left out), each file once, in the order given and, within a folder, in
// lexical order. A path that does not exist, or a folder without a
// scenario file, is a usage error.
func scenarioFiles(args []string) ([]validator.ScenarioFile, error) {
	var out []validator.ScenarioFile
	seen := map[string]bool{}
	add := func(p string) {
		if key := folderKey(p); !seen[key] {
			seen[key] = true
			out = append(out, scenarioFile(p))
		}
	}
	for _, arg := range args {
		info, err := os.Stat(arg)
		if err != nil {
			return nil, usagef("scenario file %s: %v", arg, unwrapPathError(err))
		}
		if !info.IsDir() {
			add(arg)
			continue
		}
		found := 0
		err = filepath.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case p != arg && strings.HasPrefix(d.Name(), "."):
				if d.IsDir() {
					return filepath.SkipDir
				}
			case !d.IsDir() && strings.HasSuffix(d.Name(), ".toml"):
				found++
				add(p)
			}
			return nil
		})
		if err != nil {
			return nil, usagef("scenario folder %s: %v", arg, unwrapPathError(err))
		}
		if found == 0 {
			return nil, usagef("scenario folder %s has no .toml file", arg)
		}
	}
	return out, nil
}

// scenarioFile names a file relative to the working directory, as data
// folders are named, and reads it from its own folder.
func scenarioFile(p string) validator.ScenarioFile {
	name := filepath.Clean(p)
	abs, err := filepath.Abs(p)
	if err == nil {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
				name = rel
			}
		}
	} else {
		abs = p
	}
	return validator.ScenarioFile{Name: filepath.ToSlash(name), FS: os.DirFS(filepath.Dir(abs)), Path: filepath.Base(abs)}
}

// playReport is what "tilekit play FILE|DIR..." prints with --format json.
type playReport struct {
	Scenarios []scenarioReport `json:"scenarios"`
	Passed    int              `json:"passed"`
	Failed    int              `json:"failed"`
	// words words the events of --explain.
	words *site.EventWords
}

// scenarioReport is one scenario's result.
type scenarioReport struct {
	ID       string          `json:"id"`
	Title    string          `json:"title"`
	File     string          `json:"file"`
	Line     int             `json:"line"`
	Passed   bool            `json:"passed"`
	Failures []failureReport `json:"failures"`
	Position string          `json:"position"`
	Turns    []turnReport    `json:"turns,omitempty"`
}

// failureReport is one expectation a scenario did not meet.
type failureReport struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
	Want    string `json:"want"`
	Got     string `json:"got"`
}

// turnReport is what a turn (or the end of the game) made happen, for
// --explain.
type turnReport struct {
	Turn   string        `json:"turn"`
	Events []eventReport `json:"events"`
}

// eventReport is one event and the rule that made it: worded, and as
// values (the event notation, the rule's id).
type eventReport struct {
	Event    string `json:"event"`
	Notation string `json:"notation"`
	Rule     string `json:"rule"`
	RuleID   string `json:"rule_id"`
}

// add adds a scenario's result to the report.
func (r *playReport) add(res *validator.Result, s *tilekit.Scenario, got game.ScenarioResult, explain bool) {
	line, _ := res.Locate(s.Origin)
	sr := scenarioReport{ID: s.ID, Title: s.Title, File: s.Origin.File, Line: line, Passed: got.Passed(),
		Failures: []failureReport{}, Position: got.Snapshot}
	for _, f := range got.Failures {
		line, col := res.Locate(f.Origin)
		file := f.Origin.File
		if file == "" {
			file, line, col = s.Origin.File, sr.Line, 1
		}
		sr.Failures = append(sr.Failures, failureReport{File: file, Line: line, Column: col, Message: f.Message, Want: f.Want, Got: f.Got})
	}
	if explain {
		sr.Turns = r.explainTurns(s, got)
	}
	if sr.Passed {
		r.Passed++
	} else {
		r.Failed++
	}
	r.Scenarios = append(r.Scenarios, sr)
}

// explainTurns lists the events of each turn played, each with its rule
// under the rules the scenario played by: the runner gives one
// list a turn, and one more for the end of the game when it was scored.
func (r *playReport) explainTurns(s *tilekit.Scenario, got game.ScenarioResult) []turnReport {
	out := make([]turnReport, 0, len(got.Events))
	for i, evs := range got.Events {
		label := "end of game"
		if i < len(s.Turns) && !(len(evs) > 0 && evs[0].End) {
			t := &s.Turns[i]
			label = fmt.Sprintf("turn %d: %s", i+1, t.Tile)
			if t.Discard {
				label += " discarded"
			} else {
				label += fmt.Sprintf(" at %d,%d@%d", t.At.X, t.At.Y, t.Rotation)
			}
			for _, text := range t.Moves {
				label += ", " + moveLabel(text)
			}
		}
		tr := turnReport{Turn: label, Events: []eventReport{}}
		for _, e := range evs {
			rule := got.EventRule(e)
			tr.Events = append(tr.Events, eventReport{Event: r.words.Event(e), Notation: e.Notation(), Rule: r.words.Rule(rule), RuleID: rule.ID})
		}
		out = append(out, tr)
	}
	return out
}

// writeText prints a line for each scenario, ok or FAIL, with the place
// and message of each failure (and a line diff of a value of several
// lines), the position a failed scenario ended in (its draw pile only
// when explained), the events of each turn when explained, and a summary
// line.
func (r *playReport) writeText(w io.Writer, explain bool) {
	for _, s := range r.Scenarios {
		status := "ok  "
		if !s.Passed {
			status = "FAIL"
		}
		fmt.Fprintf(w, "%s %s  %s\n", status, s.ID, s.Title)
		for _, f := range s.Failures {
			fmt.Fprintf(w, "    %s:%d: %s\n", f.File, f.Line, f.Message)
			writeWantGot(w, f.Want, f.Got)
		}
		if !s.Passed && s.Position != "" {
			fmt.Fprintf(w, "    position: %s\n", positionText(s.Position, explain))
		}
		for _, t := range s.Turns {
			fmt.Fprintf(w, "    %s\n", t.Turn)
			if len(t.Events) == 0 {
				fmt.Fprintln(w, "      (no events)")
			}
			for _, e := range t.Events {
				fmt.Fprintf(w, "      %s", e.Event)
				if e.Rule != "" {
					fmt.Fprintf(w, "  (%s)", e.Rule)
				}
				fmt.Fprintln(w)
			}
		}
	}
	total := len(r.Scenarios)
	if r.Failed == 0 {
		fmt.Fprintf(w, "ok: %s passed\n", plural(total, "scenario"))
		return
	}
	fmt.Fprintf(w, "FAIL: %d of %s failed, %d passed\n", r.Failed, plural(total, "scenario"), r.Passed)
}

// positionText returns a position in the engine's notation for a failed
// scenario's report: without its pile section, which lists every tile
// left, unless explained.
func positionText(position string, explain bool) string {
	if explain {
		return position
	}
	sections := strings.Split(position, " / ")
	kept := sections[:0]
	for _, sec := range sections {
		if !strings.HasPrefix(sec, "pile ") {
			kept = append(kept, sec)
		}
	}
	return strings.Join(kept, " / ")
}

// writeWantGot prints the expected and actual values of a failure when
// either has several lines, as a line diff; a value of one line is in the
// failure's message already ("want [4, 0], got [3, 0]").
func writeWantGot(w io.Writer, want, got string) {
	if want == "" || (!strings.Contains(want, "\n") && !strings.Contains(got, "\n")) {
		return
	}
	for _, l := range lineDiff(lines(want), lines(got)) {
		fmt.Fprintf(w, "        %s\n", l)
	}
}

// lines splits a text into its lines; the empty text has none.
func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// lineDiff returns the lines of a and b as a diff from a to b: "  " before
// a line both share (along a longest common subsequence), "- " before one
// only a has and "+ " before one only b has.
func lineDiff(a, b []string) []string {
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			out = append(out, "  "+a[i])
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			out = append(out, "- "+a[i])
			i++
		default:
			out = append(out, "+ "+b[j])
			j++
		}
	}
	return out
}

// plural writes a count and a noun, with an s unless the count is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// moveLabel names a turn's move in its label: "follower on city" for a
// meeple, "builder on road" for a figure of another kind, else the move as
// written ("dragon N", "none").
func moveLabel(text string) string {
	if m, err := tilekit.ParseMoveText(text); err == nil && m.Word == "" && m.Feature != "" {
		if m.Figure != "" {
			return m.Figure + " on " + m.Feature
		}
		return "follower on " + m.Feature
	}
	return text
}
