package tilekit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// A rules text in another language than the data's (a translation) says,
// under each of its headings, which section of which text it was made
// from and the digest of that section as it then was, in a Markdown link
// reference definition, which no page shows:
//
//	## Der Drache
//
//	[translated from en#the-dragon]: 3f2a9c1b4d5e
//
// When the section of the text translated changes, its digest no longer
// matches and the translation is out of date (TranslationState).

// TextSection is a heading of a rules text and what follows it up to the
// next heading.
type TextSection struct {
	// ID is the heading's anchor (HeadingIDs), Title its text.
	ID, Title string
	// Line is the heading's line, from 1.
	Line int
	// Digest is SectionDigest of the section's text, the heading's line
	// included.
	Digest string
}

// TranslationMark is a translation's note of the section it was made from.
type TranslationMark struct {
	// Lang is the language of the text translated, Section the anchor of
	// its heading and Digest that section's digest when it was translated.
	Lang, Section, Digest string
	// Line is the mark's line, from 1; Heading is the index, in
	// TextSections of the translation, of the section the mark is under
	// (-1 above the first heading).
	Line, Heading int
}

// translationMark matches a translation's mark on a line of its own.
var translationMark = regexp.MustCompile(`^\[translated from ([a-z]{2})#([^\]\s]+)\]:[ \t]*(\S*)[ \t]*$`)

// DigestLength is the number of hexadecimal digits of a section's digest.
const DigestLength = 12

// SectionDigest returns the digest of a section's text: the first
// DigestLength hexadecimal digits of its SHA-256, blank space at its end
// left out.
func SectionDigest(section string) string {
	sum := sha256.Sum256([]byte(strings.TrimRight(section, " \t\r\n")))
	return hex.EncodeToString(sum[:])[:DigestLength]
}

// TextSections returns the headings of a rules text, in order, each with
// its anchor and the digest of its section. The text is held to
// CheckTextLimits first; one past a limit has no sections.
func TextSections(src string) []TextSection {
	sections, _ := parseSections(src)
	return sections
}

// TranslationMarks returns a rules text's marks of translation, in order.
// A line of the form that is no link reference definition to Markdown
// (inside a code block, say) is no mark.
func TranslationMarks(src string) []TranslationMark {
	sections, refs := parseSections(src)
	var marks []TranslationMark
	heading := -1
	for i, line := range strings.Split(src, "\n") {
		for heading+1 < len(sections) && sections[heading+1].Line <= i+1 {
			heading++
		}
		m := translationMark.FindStringSubmatch(strings.TrimRight(line, "\r"))
		if m == nil || !refs[strings.ToLower("translated from "+m[1]+"#"+m[2])] {
			continue
		}
		marks = append(marks, TranslationMark{Lang: m[1], Section: m[2], Digest: m[3], Line: i + 1, Heading: heading})
	}
	return marks
}

// parseSections parses a rules text into its sections and the labels, in
// lower case, of its link reference definitions.
func parseSections(src string) ([]TextSection, map[string]bool) {
	if _, over := CheckTextLimits(src); over {
		return nil, nil
	}
	b := []byte(src)
	ids := &TextIDs{}
	ctx := parser.NewContext(parser.WithIDs(ids))
	doc := NewTextMarkdown().Parser().Parse(text.NewReader(b), parser.WithContext(ctx))
	refs := map[string]bool{}
	for _, r := range ctx.References() {
		refs[strings.ToLower(string(r.Label()))] = true
	}
	var sections []TextSection
	var starts []int
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		at := headingStart(h, b)
		id, _ := h.AttributeString("id")
		idText, _ := id.([]byte)
		sections = append(sections, TextSection{ID: string(idText), Title: string(h.Lines().Value(b)), Line: bytes.Count(b[:at], []byte("\n")) + 1})
		starts = append(starts, at)
	}
	for i := range sections {
		end := len(b)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		sections[i].Title = strings.TrimSpace(sections[i].Title)
		sections[i].Digest = SectionDigest(src[starts[i]:end])
	}
	return sections, refs
}

// headingStart returns the offset of the start of a heading's first line.
func headingStart(h *ast.Heading, src []byte) int {
	at := 0
	if h.Lines().Len() > 0 {
		at = h.Lines().At(0).Start
	}
	return bytes.LastIndexByte(src[:at], '\n') + 1
}

// TranslationProblem is what is wrong with a translation's mark, or with a
// section of the text translated that no mark names.
type TranslationProblem int

// The problems of a translation.
const (
	// TranslationCurrent: the section translated has not changed.
	TranslationCurrent TranslationProblem = iota
	// TranslationChanged: the section has changed since it was
	// translated.
	TranslationChanged
	// TranslationGone: the text translated has no section with the
	// mark's anchor (its heading changed or it was removed).
	TranslationGone
	// TranslationMissing: a section of the text translated that no mark
	// names; Mark is then the zero value.
	TranslationMissing
	// TranslationNoSource: the mark names a language that has no text of
	// this expansion, or the translation's own.
	TranslationNoSource
	// TranslationBadDigest: the mark's digest is not DigestLength
	// hexadecimal digits.
	TranslationBadDigest
)

// TranslationState is the state of one mark of a translation, or of one
// section that no mark names.
type TranslationState struct {
	Problem TranslationProblem
	Mark    TranslationMark
	// Source is the section of the text translated the mark names, or
	// the section no mark names; zero when there is none.
	Source TextSection
}

// CheckTranslation compares a translation with the texts it was made
// from, found by their language (source returns the text of the same
// expansion in a language, or nil), and returns the state of each mark,
// then each section of a text translated that no mark names. A text
// without marks is no translation and has no states.
func CheckTranslation(t Text, source func(lang string) *Text) []TranslationState {
	var states []TranslationState
	named := map[string]map[string]bool{}
	sections := map[string][]TextSection{}
	var langs []string
	for _, m := range TranslationMarks(t.Markdown) {
		st := TranslationState{Mark: m}
		src := source(m.Lang)
		if m.Lang == t.Lang || src == nil {
			st.Problem = TranslationNoSource
			states = append(states, st)
			continue
		}
		if _, ok := sections[m.Lang]; !ok {
			sections[m.Lang], named[m.Lang] = TextSections(src.Markdown), map[string]bool{}
			langs = append(langs, m.Lang)
		}
		named[m.Lang][m.Section] = true
		st.Problem = TranslationGone
		for _, s := range sections[m.Lang] {
			if s.ID == m.Section {
				st.Source, st.Problem = s, TranslationCurrent
				if s.Digest != m.Digest {
					st.Problem = TranslationChanged
				}
			}
		}
		if st.Problem != TranslationGone && (len(m.Digest) != DigestLength || strings.Trim(m.Digest, "0123456789abcdef") != "") {
			st.Problem = TranslationBadDigest
		}
		states = append(states, st)
	}
	for _, lang := range langs {
		for _, s := range sections[lang] {
			if !named[lang][s.ID] {
				states = append(states, TranslationState{Problem: TranslationMissing, Mark: TranslationMark{Lang: lang, Heading: -1}, Source: s})
			}
		}
	}
	return states
}
