package validator

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// The checks of a rules text's Markdown read the text line by line, as
// CommonMark lays out blocks, closely enough for what they look for:
// headings (ATX "# Title" and setext "Title" over "===" or "---") and raw
// HTML outside code. Fenced code blocks and code spans are passed over;
// indented code blocks are read as text (rules texts have none).

// markdownProblem is one problem of a text's Markdown, at a line and column
// counted from 1 (columns in characters).
type markdownProblem struct {
	line, column int
	code         string
	severity     Severity
	message      string
}

// markdownBlock is a block of a text that matters to the heading checks: a
// heading (level 1 to 6) or anything else (level 0).
type markdownBlock struct{ line, level int }

var (
	atxHeading    = regexp.MustCompile(`^ {0,3}(#{1,6})(?:[ \t]|$)`)
	setextLine    = regexp.MustCompile(`^ {0,3}(=+|-+)[ \t]*$`)
	codeFence     = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")
	thematicBreak = regexp.MustCompile(`^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$`)
	// notParagraph matches the start of a block that is no paragraph: a
	// list item, a block quote or a table row.
	notParagraph = regexp.MustCompile(`^ {0,3}(?:[-+*][ \t]|[0-9]{1,9}[.)][ \t]|>|\|)`)
	// rawHTML matches, at a "<", what CommonMark reads as raw HTML: an
	// opening or closing tag, a comment, a processing instruction, a
	// declaration or a CDATA section. An autolink (<https://...>) is none.
	rawHTML = regexp.MustCompile(`^(?:<[A-Za-z][A-Za-z0-9-]*(?:[ \t/>]|$)|</[A-Za-z][A-Za-z0-9-]*[ \t]*>|<!--|<\?|<![A-Za-z]|<!\[CDATA\[)`)
)

// checkMarkdown returns the problems of a rules text: it must start with a
// first-level heading, no heading may skip a level, and raw HTML, which
// the site escapes, is worth a warning.
func checkMarkdown(src string) []markdownProblem {
	blocks, problems := scanMarkdown(src)
	switch {
	case len(blocks) == 0:
		problems = append(problems, markdownProblem{1, 1, "text-heading", Error, "the text is empty; a rules text starts with a first-level heading (# Title) naming the expansion"})
	case blocks[0].level != 1:
		problems = append(problems, markdownProblem{blocks[0].line, 1, "text-heading", Error, "a rules text starts with a first-level heading (# Title) naming the expansion; this one starts with " + describeBlock(blocks[0])})
	}
	last := 0
	for _, b := range blocks {
		if b.level == 0 {
			continue
		}
		if last > 0 && b.level > last+1 {
			problems = append(problems, markdownProblem{b.line, 1, "text-heading", Error,
				fmt.Sprintf("a level-%d heading follows a level-%d heading, skipping a level; make it %s", b.level, last, strings.Repeat("#", last+1))})
		}
		last = b.level
	}
	return problems
}

// describeBlock says what a block that is not a first-level heading is.
func describeBlock(b markdownBlock) string {
	if b.level > 1 {
		return fmt.Sprintf("a level-%d heading", b.level)
	}
	return "text"
}

// scanMarkdown lists the blocks of a text that matter to the heading
// checks and the raw HTML outside code.
func scanMarkdown(src string) ([]markdownBlock, []markdownProblem) {
	var blocks []markdownBlock
	var problems []markdownProblem
	fence := "" // the fence of the open code block, if any
	inParagraph := false
	for i, line := range strings.Split(src, "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		if fence != "" {
			if closesFence(line, fence) {
				fence = ""
			}
			continue
		}
		if m := codeFence.FindStringSubmatch(line); m != nil {
			fence, inParagraph = m[1], false
			blocks = append(blocks, markdownBlock{line: n})
			continue
		}
		if strings.TrimSpace(line) == "" {
			inParagraph = false
			continue
		}
		if p, ok := findRawHTML(line, n); ok {
			problems = append(problems, p)
		}
		if m := setextLine.FindStringSubmatch(line); m != nil && inParagraph {
			// The paragraph above is a heading: "=" makes it level 1.
			last := &blocks[len(blocks)-1]
			last.level = 1
			if m[1][0] == '-' {
				last.level = 2
			}
			inParagraph = false
			continue
		}
		if m := atxHeading.FindStringSubmatch(line); m != nil {
			blocks = append(blocks, markdownBlock{line: n, level: len(m[1])})
			inParagraph = false
			continue
		}
		if thematicBreak.MatchString(line) || notParagraph.MatchString(line) {
			blocks = append(blocks, markdownBlock{line: n})
			inParagraph = false
			continue
		}
		if !inParagraph {
			blocks = append(blocks, markdownBlock{line: n})
			inParagraph = true
		}
	}
	return blocks, problems
}

// closesFence reports whether a line closes a code block opened by fence:
// the same character, at least as many times, and nothing after it.
func closesFence(line, fence string) bool {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return false
	}
	run := len(t) - len(strings.TrimLeft(t, fence[:1]))
	return run >= len(fence) && strings.TrimSpace(t[run:]) == ""
}

// findRawHTML finds the first raw HTML of a line outside code spans and
// escapes, and describes it as a problem of line n.
func findRawHTML(line string, n int) (markdownProblem, bool) {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++ // an escaped character is text
		case '`':
			run := len(line[i:]) - len(strings.TrimLeft(line[i:], "`"))
			if end := closingBackticks(line[i+run:], run); end >= 0 {
				i += run + end + run - 1
			} else {
				i += run - 1
			}
		case '<':
			if m := rawHTML.FindString(line[i:]); m != "" {
				tag := strings.TrimRight(m, " \t")
				return markdownProblem{n, utf8.RuneCountInString(line[:i]) + 1, "text-raw-html", Warning,
					fmt.Sprintf("raw HTML (%s...) is shown on the site as text, not as HTML; write it in Markdown", tag)}, true
			}
		}
	}
	return markdownProblem{}, false
}

// closingBackticks returns where in s a run of exactly n backticks starts,
// closing a code span, or -1.
func closingBackticks(s string, n int) int {
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		run := len(s[i:]) - len(strings.TrimLeft(s[i:], "`"))
		if run == n {
			return i
		}
		i += run
	}
	return -1
}
