package validator

import (
	"fmt"
	"unicode/utf8"

	"github.com/tilekit/tilekit"
)

// The checks of a rules text as bytes, before its Markdown is read: it is
// UTF-8 without control characters (the site would write anything else
// into its pages as it is), and it keeps to the limits of
// tilekit.CheckTextLimits, which hold the Markdown parser to what it
// parses quickly. A text that fails them is not read as Markdown.

// checkTextBytes returns the problems of a text's bytes: its first
// invalid UTF-8, its first control character, and the first limit it
// goes past.
func checkTextBytes(src string) []markdownProblem {
	var problems []markdownProblem
	if p, ok := findBadText(src); ok {
		problems = append(problems, p)
	}
	if e, over := tilekit.CheckTextLimits(src); over {
		problems = append(problems, limitProblem(e))
	}
	return problems
}

// findBadText finds the first byte of a text that is not UTF-8, or else
// the first control character other than tab, line feed and carriage
// return (NUL among them, and the C1 controls U+0080 to U+009F that a
// Windows-1252 file read as Latin-1 leaves).
func findBadText(src string) (markdownProblem, bool) {
	line, col := 1, 1
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRuneInString(src[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return markdownProblem{line, col, "text-encoding", Error,
				fmt.Sprintf("the byte 0x%02X is not UTF-8: save the text as UTF-8 (it may be in Latin-1 or Windows-1252)", src[i])}, true
		case r == '\n':
			line, col = line+1, 0
		case r < 0x20 && r != '\t' && r != '\r', r == 0x7F, r >= 0x80 && r <= 0x9F:
			return markdownProblem{line, col, "text-encoding", Error,
				fmt.Sprintf("the control character %U %sis not text: remove it", r, controlName(r))}, true
		}
		i += size
		col++
	}
	return markdownProblem{}, false
}

// controlName names the control characters most often found by mistake.
func controlName(r rune) string {
	switch r {
	case 0:
		return "(NUL) "
	case 0x1B:
		return "(escape) "
	case 0x0C:
		return "(form feed) "
	}
	return ""
}

// limitProblem describes where a text goes past one of its limits.
func limitProblem(e tilekit.TextExcess) markdownProblem {
	p := markdownProblem{line: e.Line, column: e.Column, severity: Error}
	switch e.Limit {
	case tilekit.TextSizeLimit:
		p.code, p.message = "text-too-large", fmt.Sprintf("the text is %s; a rules text may be at most %s", textSize(e.Size), textSize(tilekit.MaxTextSize))
	case tilekit.TextBlockLimit:
		p.code, p.message = "text-block-too-long", fmt.Sprintf("the block that starts here (lines without a blank line between them) is %s; a block may be at most %s: put blank lines between its paragraphs", textSize(e.Size), textSize(tilekit.MaxTextBlock))
	default:
		p.code, p.message = "text-nesting-too-deep", fmt.Sprintf("block quotes and lists nest %d deep here; they may nest at most %d deep", e.Size, tilekit.MaxTextNesting)
	}
	return p
}

// textSize writes a size in KB, as the limits of texts are given.
func textSize(n int) string {
	if n < 1<<10 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
}
