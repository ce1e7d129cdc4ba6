package site

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"github.com/BurntSushi/toml"
)

//go:embed strings/*.toml
var embeddedStrings embed.FS

// stringFiles holds strings/<lang>.toml for each language; a test may give
// other files.
var stringFiles fs.FS = embeddedStrings

// Languages lists the languages the site has interface strings in, such
// as "de" and "en", sorted.
func Languages() []string {
	var out []string
	entries, _ := fs.ReadDir(stringFiles, "strings")
	for _, e := range entries {
		if lang, ok := strings.CutSuffix(e.Name(), ".toml"); ok {
			out = append(out, lang)
		}
	}
	return out
}

// translator holds the interface strings of one language: what the pages
// say around the data (headings, labels, counts), never the data itself.
type translator struct {
	lang    string
	strings map[string]string
	// missing lists the keys asked for that the language does not have.
	missing []string
}

// loadStrings reads the interface strings of a language from
// strings/<lang>.toml: tables of keys and texts, where %d and %s mark what
// a page fills in, each string named by its dotted key ("table.verdict").
func loadStrings(lang string) (*translator, error) {
	if lang == "" || strings.ContainsAny(lang, "/\\.") {
		return nil, fmt.Errorf("unknown site language %q", lang)
	}
	data, err := fs.ReadFile(stringFiles, "strings/"+lang+".toml")
	if err != nil {
		return nil, fmt.Errorf("no interface strings for the language %q (site/strings/%s.toml)", lang, lang)
	}
	var raw map[string]any
	if err := toml.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("site/strings/%s.toml: %w", lang, err)
	}
	tr := &translator{lang: lang, strings: map[string]string{}}
	if err := tr.flatten("", raw); err != nil {
		return nil, fmt.Errorf("site/strings/%s.toml: %w", lang, err)
	}
	return tr, nil
}

// flatten stores the strings of a TOML table by their dotted keys, so that
// [table] key = "..." is the string "table.key".
func (tr *translator) flatten(prefix string, table map[string]any) error {
	for k, v := range table {
		switch v := v.(type) {
		case string:
			tr.strings[prefix+k] = v
		case map[string]any:
			if err := tr.flatten(prefix+k+".", v); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s%s: want a string, not %T", prefix, k, v)
		}
	}
	return nil
}

// text returns the string of a key; a key the language does not have is
// an error, so that a missing translation fails the build.
func (tr *translator) text(key string) (string, error) {
	s, ok := tr.strings[key]
	if !ok {
		tr.missing = append(tr.missing, key)
		return "", fmt.Errorf("site/strings/%s.toml has no string %q", tr.lang, key)
	}
	return s, nil
}

// format fills the string of a key with arguments, as fmt.Sprintf does.
func (tr *translator) format(key string, args ...any) (string, error) {
	s, err := tr.text(key)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf(s, args...), nil
}

// plural fills the string for a count: the key's "one" form for 1 and its
// "many" form otherwise, with the count as the first argument.
func (tr *translator) plural(key string, n int, args ...any) (string, error) {
	return tr.format(key+pluralForm(n), append([]any{n}, args...)...)
}

// pluralForm is the key suffix of the form of a plural string for a
// count: ".one" for 1, ".many" otherwise.
func pluralForm(n int) string {
	if n == 1 {
		return ".one"
	}
	return ".many"
}

// has reports whether the language has a string for a key.
func (tr *translator) has(key string) bool {
	_, ok := tr.strings[key]
	return ok
}

// must returns the string of a key, or the key itself in brackets when
// there is none, which fails the build when it ends (see check).
func (tr *translator) must(key string, args ...any) string {
	s, err := tr.format(key, args...)
	if err != nil {
		return "[" + key + "]"
	}
	return s
}

// fill returns the string of a key with each placeholder {name} replaced
// by value(name), or the key in brackets when there is none (see must). A
// placeholder value does not know is left as it is.
func (tr *translator) fill(key string, value func(name string) (string, bool)) string {
	s, err := tr.text(key)
	if err != nil {
		return "[" + key + "]"
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(s, '{')
		end := strings.IndexByte(s[open+1:], '}')
		if open < 0 || end < 0 {
			break
		}
		name := s[open+1 : open+1+end]
		v, ok := value(name)
		if !ok {
			v = "{" + name + "}"
		}
		b.WriteString(s[:open])
		b.WriteString(v)
		s = s[open+1+end+1:]
	}
	b.WriteString(s)
	return b.String()
}

// check reports the keys asked for that the language does not have.
func (tr *translator) check() error {
	if len(tr.missing) == 0 {
		return nil
	}
	return fmt.Errorf("site/strings/%s.toml has no string %s", tr.lang, strings.Join(tr.missing, ", "))
}
