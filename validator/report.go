package validator

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
)

// Formats lists the output formats of Write.
var Formats = []string{"text", "json", "github", "sarif"}

// Write renders diagnostics in a format: text (one "file:line:col:
// severity: message [code]" line each), json (an array of objects), github
// (workflow commands that annotate a pull request) or sarif (SARIF 2.1.0, for
// code-scanning tools).
func Write(w io.Writer, format string, ds Diagnostics) error {
	switch format {
	case "text":
		for _, d := range ds {
			if _, err := fmt.Fprintln(w, d.String()); err != nil {
				return err
			}
		}
		return nil
	case "json":
		if ds == nil {
			ds = Diagnostics{}
		}
		return WriteJSON(w, ds)
	case "github":
		return writeGitHub(w, ds)
	case "sarif":
		return writeSARIF(w, ds)
	}
	return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats, ", "))
}

// WriteJSON writes v as indented JSON, without escaping HTML characters,
// followed by a newline: the form of every JSON output of tilekit.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// githubEscape escapes a workflow command's message or property value.
func githubEscape(s string, property bool) string {
	r := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	s = r.Replace(s)
	if property {
		s = strings.NewReplacer(":", "%3A", ",", "%2C").Replace(s)
	}
	return s
}

func writeGitHub(w io.Writer, ds Diagnostics) error {
	for _, d := range ds {
		msg := d.Message
		if d.Path != "" {
			msg = d.Path + ": " + msg
		}
		_, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,title=%s::%s\n",
			d.Severity, githubEscape(d.File, true), d.Line, d.Column,
			githubEscape(d.Code, true), githubEscape(msg+" ["+d.Code+"]", false))
		if err != nil {
			return err
		}
	}
	return nil
}

// The SARIF 2.1.0 subset that code-scanning tools read.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}

func writeSARIF(w io.Writer, ds Diagnostics) error {
	docs := map[string]string{}
	for _, c := range Codes {
		docs[c.ID] = c.Doc
	}
	// The rules are the codes that occur, sorted, so that the same
	// diagnostics give the same bytes.
	var ids []string
	index := map[string]int{}
	for _, d := range ds {
		if _, ok := index[d.Code]; !ok {
			index[d.Code] = 0
			ids = append(ids, d.Code)
		}
	}
	sort.Strings(ids)
	rules := make([]sarifRule, len(ids))
	for i, id := range ids {
		index[id] = i
		doc := docs[id]
		if doc == "" && strings.HasPrefix(id, "schema-") {
			doc = "The data does not satisfy the JSON Schema keyword " + strings.TrimPrefix(id, "schema-") + "."
		}
		rules[i] = sarifRule{ID: id, ShortDescription: sarifMessage{doc}}
	}
	results := make([]sarifResult, 0, len(ds))
	for _, d := range ds {
		msg := d.Message
		if d.Path != "" {
			msg = d.Path + ": " + msg
		}
		level := "error"
		if d.Severity == Warning {
			level = "warning"
		}
		results = append(results, sarifResult{
			RuleID: d.Code, RuleIndex: index[d.Code], Level: level, Message: sarifMessage{msg},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifact{URI: (&url.URL{Path: filepath.ToSlash(d.File)}).String()},
				Region:           sarifRegion{StartLine: max(d.Line, 1), StartColumn: max(d.Column, 1)},
			}}},
		})
	}
	return WriteJSON(w, sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:    sarifTool{Driver: sarifDriver{Name: "tilekit", InformationURI: "https://github.com/tilekit/tilekit", Rules: rules}},
			Results: results,
		}},
	})
}
