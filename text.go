package tilekit

import (
	"path"
	"strings"
)

// TextFolder is the folder of a data folder that holds the rules texts:
// TextFolder/<lang>/<expansion-id>.md for an expansion and
// TextFolder/<lang>/<expansion-id>--<part>.md for one of its parts.
const TextFolder = "expansions/text"

// partSeparator separates an expansion's id from a part's name in the name
// of a text file, since a file name cannot hold the slash of a part's id.
const partSeparator = "--"

// Text is the rules text of an expansion, or of one part of it, in one
// language: Markdown written for tilekit in the project's own words, which
// starts with a first-level heading and cites its sources by name and date.
type Text struct {
	// Expansion is the id of the expansion or part the text is about, such
	// as "princess-dragon" or "princess-dragon/fairy".
	Expansion string
	// Lang is the language the text is written in, a two-letter code such
	// as "en" (the name of its folder).
	Lang string
	// Markdown is the text as it was read, without a byte-order mark.
	Markdown string
	// Origin says which file the text was read from; it has no data path.
	Origin Origin
}

// TextPath returns where, inside a data folder, the text of an expansion or
// part in a language is kept, such as
// "expansions/text/en/princess-dragon--fairy.md" for the part
// "princess-dragon/fairy".
func TextPath(expansion, lang string) string {
	return path.Join(TextFolder, lang, strings.Replace(expansion, "/", partSeparator, 1)+".md")
}

// ParseTextPath reads the language and the expansion or part id from the
// path of a text file inside a data folder, the inverse of TextPath. It
// reports false for a path that does not have the layout of a text file;
// it does not check that the language or the expansion exist.
func ParseTextPath(p string) (expansion, lang string, ok bool) {
	rest, found := strings.CutPrefix(p, TextFolder+"/")
	if !found {
		return "", "", false
	}
	lang, file, found := strings.Cut(rest, "/")
	if !found || lang == "" || strings.Contains(file, "/") {
		return "", "", false
	}
	name, found := strings.CutSuffix(file, ".md")
	if !found || name == "" {
		return "", "", false
	}
	return strings.Replace(name, partSeparator, "/", 1), lang, true
}
