package validator

import (
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// Rules texts are Markdown files below expansions/text/ (see
// tilekit.TextPath): expansions/text/<lang>/<expansion-id>.md, or
// <expansion-id>--<part>.md for a part. The reader reads them, with the
// limits of data files, into tilekit.Text values; checkTexts checks that
// each names a loaded expansion or part, in a two-letter language, once,
// and that its Markdown has the shape the site needs (texts_markdown.go).

// TextCodes lists the codes of the checks of rules texts. A text also
// reuses unknown-expansion (its file names no loaded expansion or part)
// and duplicate-id (two texts of one expansion in one language).
var TextCodes = []Code{
	{"text-language", "A rules text is in a folder below expansions/text/ whose name is not a two-letter language code such as en or de."},
	{"text-heading", "A rules text does not start with a first-level heading (# Title), or a heading skips a level (### right after #)."},
	{"text-encoding", "A rules text is not UTF-8 (it may be Latin-1), or holds a control character such as NUL."},
	{"text-too-large", "A rules text is larger than 128 KB."},
	{"text-block-too-long", "A block of a rules text (lines without a blank line between them) is larger than 4 KB."},
	{"text-nesting-too-deep", "A line of a rules text opens more than 8 block quotes and list items, one inside the other."},
	{"text-remote-image", "A rules text shows an image from another site (![...](https://...)), which the site's pages would fetch: they fetch nothing from elsewhere."},
	{"text-unknown-anchor", "A link of a rules text goes to an #anchor that no heading of the text has."},
	{"text-unknown-link", "A link of a rules text goes to a page of the site (expansion:, table:, example: or tile: and an id) whose id no loaded file defines."},
	{"text-raw-html", "A warning: a rules text holds raw HTML (<b>, <!-- -->, ...), which the site shows as text; write it in Markdown."},
	{"text-translation-stale", "A warning: a section of a translated rules text was made from a section of the text it translates that has changed since, or that is gone, or a section of that text has no translation (see the README's Rules texts: translations)."},
	{"text-translation-source", "A warning: a translation's mark ([translated from en#section]: digest) names a language with no text of the expansion, or its own language, or has a digest that is not 12 hexadecimal digits."},
}

// languageCode matches a two-letter language code, in lower case.
var languageCode = regexp.MustCompile(`^[a-z]{2}$`)

// readText reads the file at p of the expansions/ folder when it is a rules
// text, or tells why not when it is a Markdown file below expansions/text/
// that is not one, and reports whether it dealt with the file; other files
// are left to the caller.
func (r *reader) readText(src Folder, p, name string, d fs.DirEntry) bool {
	ext := path.Ext(d.Name())
	if lower := strings.ToLower(ext); lower != ".md" && lower != ".markdown" || !strings.HasPrefix(p, tilekit.TextFolder+"/") {
		return false // other files, a README.md among them, pass quietly
	}
	expansion, lang, layout := tilekit.ParseTextPath(strings.TrimSuffix(p, ext) + ".md")
	switch {
	case !layout:
		r.skip(name, "file-skipped", Warning, "not read: a rules text goes in %s/<language>/<expansion-id>.md, such as %s", tilekit.TextFolder, tilekit.TextPath("princess-dragon", "en"))
	case ext != ".md":
		r.skip(name, "file-skipped", Warning, "not read: rules texts end in .md (lower case); rename it to %s", strings.TrimSuffix(d.Name(), ext)+".md")
	case strings.HasPrefix(d.Name(), "."):
		r.skip(name, "file-skipped", Warning, "not read: a hidden file (such as an editor's lock file) is not a rules text")
	default:
		if data, ok := r.readCounted(src.FS, p, name, &r.textTotal); ok {
			r.texts = append(r.texts, tilekit.Text{Expansion: expansion, Lang: lang, Markdown: string(data), Origin: tilekit.Origin{File: name}})
		}
	}
	return true
}

// builtinTextSize counts the bytes of the built-in rules texts a snapshot
// loaded, which a run counts towards MaxTotalSize as if it had read them.
func builtinTextSize(texts []tilekit.Text) int64 {
	var n int64
	for _, t := range texts {
		n += int64(len(t.Markdown))
	}
	return n
}

// checkTexts checks every rules text: its language, the expansion or part
// it is about, that no other text has both, and its Markdown.
func (l *loader) checkTexts(cat *tilekit.Catalog) {
	seen := map[[2]string]string{}
	for _, t := range l.data.Texts {
		file := t.Origin.File
		if !languageCode.MatchString(t.Lang) {
			l.textProblem(file, 1, 1, "text-language", Error, "the folder %q is not a language: rules texts go in a folder named by a two-letter language code in lower case, such as %s", t.Lang, tilekit.TextPath(t.Expansion, "en"))
		}
		if msg := l.unknownTextSubject(cat, t.Expansion); msg != "" {
			l.textProblem(file, 1, 1, "unknown-expansion", Error, "%s", msg)
		}
		key := [2]string{t.Expansion, t.Lang}
		if first, dup := seen[key]; dup {
			l.textProblem(file, 1, 1, "duplicate-id", Error, "the %s text of %s is defined twice; first at %s:1:1", t.Lang, t.Expansion, first)
		} else {
			seen[key] = file
		}
		for _, p := range checkText(cat, t.Markdown) {
			l.textProblem(file, p.line, p.column, p.code, p.severity, "%s", p.message)
		}
		l.checkTranslation(cat, t)
	}
}

// checkText returns the problems of a text: of its bytes, and when it has
// none, of its Markdown.
func checkText(cat *tilekit.Catalog, src string) []markdownProblem {
	if problems := checkTextBytes(src); len(problems) > 0 {
		return problems
	}
	return checkMarkdown(cat, src)
}

// unknownTextSubject says what is wrong with the expansion or part a text
// file names, or returns "" when it names a loaded one.
func (l *loader) unknownTextSubject(cat *tilekit.Catalog, id string) string {
	exp, part, isPart := strings.Cut(id, "/")
	x := cat.Expansion(exp)
	switch {
	case x == nil:
		return "the file name says this is the text of " + strconv.Quote(exp) + ", which no loaded file defines as an expansion" + l.nearest(cat, "expansion", exp)
	case !isPart:
		return ""
	}
	var names []string
	for _, p := range x.Parts {
		if p.ID == id {
			return ""
		}
		names = append(names, strings.TrimPrefix(p.ID, exp+"/"))
	}
	msg := "the file name says this is the text of the part " + strconv.Quote(part) + " of " + exp + ", which has no such part"
	if len(names) == 0 {
		return msg + " (it has no parts)"
	}
	return msg + " (its parts: " + strings.Join(names, ", ") + ")" + Suggest(part, names)
}

// textProblem reports a problem at a line and column of a text file.
func (l *loader) textProblem(file string, line, column int, code string, sev Severity, format string, args ...any) {
	d := newDiagnostic(tilekit.Origin{File: file}, code, sev, format, args...)
	d.Line, d.Column = line, column
	l.sink.add(d)
}
