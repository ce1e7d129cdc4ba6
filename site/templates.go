package site

import (
	"embed"
	"fmt"
	htmltemplate "html/template"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	texttemplate "text/template"
)

//go:embed templates
var templateFiles embed.FS

// templates renders pages: each kind of page has a template in
// templates/html/<kind>.html, which fills the blocks of layout.html, and
// one in templates/md/<kind>.md for the Markdown format.
type templates struct {
	format Format
	html   map[string]*htmltemplate.Template
	md     map[string]*texttemplate.Template
}

// pageKinds lists the kinds of page, each with its templates.
var pageKinds = []string{"index", "expansion", "table", "order", "order-one", "open", "examples", "example", "tiles", "stats", "sheet", "notfound"}

// htmlOnly lists the kinds of page the Markdown format does not have.
var htmlOnly = []string{"notfound"}

// newTemplates parses the templates of the builder's format with its
// functions.
func newTemplates(b *builder) (*templates, error) {
	t := &templates{format: b.opt.Format, html: map[string]*htmltemplate.Template{}, md: map[string]*texttemplate.Template{}}
	funcs := b.templateFuncs()
	for _, kind := range pageKinds {
		if b.opt.Format == Markdown && slices.Contains(htmlOnly, kind) {
			continue
		}
		if b.opt.Format == Markdown {
			text, err := readTemplates("templates/md/common.md", "templates/md/"+kind+".md")
			if err != nil {
				return nil, err
			}
			tm, err := texttemplate.New(kind).Funcs(funcs).Funcs(texttemplate.FuncMap{"md": markdownText, "cell": markdownCell}).Parse(text)
			if err != nil {
				return nil, fmt.Errorf("template %s: %w", kind, err)
			}
			t.md[kind] = tm
			continue
		}
		text, err := readTemplates("templates/html/layout.html", "templates/html/"+kind+".html")
		if err != nil {
			return nil, err
		}
		tm, err := htmltemplate.New(kind).Funcs(funcs).Parse(text)
		if err != nil {
			return nil, fmt.Errorf("template %s: %w", kind, err)
		}
		t.html[kind] = tm
	}
	return t, nil
}

// readTemplates reads template files and joins them.
func readTemplates(names ...string) (string, error) {
	var b strings.Builder
	for _, n := range names {
		data, err := fs.ReadFile(templateFiles, n)
		if err != nil {
			return "", fmt.Errorf("template %s: %w", path.Base(n), err)
		}
		b.Write(data)
	}
	return b.String(), nil
}

// execute renders a page with the template of its kind.
func (t *templates) execute(w io.Writer, kind string, pg *page) error {
	if t.format == Markdown {
		return t.md[kind].ExecuteTemplate(w, "page", pg)
	}
	return t.html[kind].ExecuteTemplate(w, "page", pg)
}

// templateFuncs are the functions every template may call.
func (b *builder) templateFuncs() map[string]any {
	return map[string]any{
		"t":  b.tr.text,
		"tf": b.tr.format,
		"tn": b.tr.plural,
		// decimal writes a number with a number of decimals, with the
		// language's decimal mark ("2.5", "2,5").
		"decimal": b.decimal,
		"link":    b.pageLink,
		"file":    fileLink,
		"seq": func(n int) []int {
			out := make([]int, n)
			for i := range out {
				out[i] = i + 1
			}
			return out
		},
		"add":  func(a, c int) int { return a + c },
		"join": strings.Join,
		// once renders a named template of the layout the first time a
		// page asks for it and gives every later page the same HTML: for
		// the parts of a page that do not depend on the page, such as the
		// selector with its hundred boxes.
		"once": func(name string, data any) (htmltemplate.HTML, error) {
			if html, ok := b.once[name]; ok {
				return html, nil
			}
			var buf strings.Builder
			for _, tm := range b.tmpl.html {
				if err := tm.ExecuteTemplate(&buf, name, data); err != nil {
					return "", err
				}
				break
			}
			html := htmltemplate.HTML(buf.String()) // rendered by html/template, escaped there
			b.once[name] = html
			return html, nil
		},
		// differsAttrs writes data-none, data-one and data-many for the
		// count of a publisher's steps that differ, which the script
		// counts again over the steps the choice shows.
		"differsAttrs": func() (htmltemplate.HTMLAttr, error) {
			var attrs []string
			for _, k := range []struct{ attr, key string }{{"data-none", "order.same"}, {"data-one", "order.differs.one"}, {"data-many", "order.differs.many"}} {
				text, err := b.tr.text(k.key)
				if err != nil {
					return "", err
				}
				attrs = append(attrs, k.attr+`="`+htmltemplate.HTMLEscapeString(strings.Replace(text, "%d", "{n}", 1))+`"`)
			}
			return htmltemplate.HTMLAttr(strings.Join(attrs, " ")), nil
		},
		// countAttrs writes data-one and data-many, for a count, from the
		// strings of two keys. html/template reads an attribute named
		// data-on... as an event handler and would quote its value as
		// script, so the attributes are written here, the strings escaped.
		"countAttrs": func(oneKey, manyKey string) (htmltemplate.HTMLAttr, error) {
			one, err := b.tr.text(oneKey)
			if err != nil {
				return "", err
			}
			many, err := b.tr.text(manyKey)
			if err != nil {
				return "", err
			}
			return htmltemplate.HTMLAttr(`data-one="` + htmltemplate.HTMLEscapeString(one) + `" data-many="` + htmltemplate.HTMLEscapeString(many) + `"`), nil
		},
	}
}

// markdownText escapes text for a Markdown page, so that a wiki shows it
// as written: Markdown's marks and '<' are escaped and lines are joined.
func markdownText(s string) string {
	var b strings.Builder
	s = strings.Join(strings.Fields(s), " ")
	for i, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '~', '&', '!':
			b.WriteByte('\\')
		case '#', '+', '-', '=':
			if i == 0 {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// markdownCell escapes text for a cell of a Markdown table.
func markdownCell(s string) string { return markdownText(s) }
