package tomlscan

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// insideText reports whether p is a position of src: a line of it, and a
// column on that line or just past its end.
func insideText(src []byte, p Pos) bool {
	src = src[bomLen(src):]
	lines := bytes.Split(src, []byte("\n"))
	if p.Line < 1 || p.Line > len(lines) {
		return false
	}
	return p.Column >= 1 && p.Column <= utf8.RuneCount(lines[p.Line-1])+1
}

// charAt returns the character of src at p, each byte of invalid UTF-8
// being one, or false when p is not at a character.
func charAt(src []byte, p Pos) (rune, bool) {
	src = src[bomLen(src):]
	lines := bytes.Split(src, []byte("\n"))
	if p.Line < 1 || p.Line > len(lines) || p.Column < 1 {
		return 0, false
	}
	line := lines[p.Line-1]
	for col := 1; len(line) > 0; col++ {
		r, size := utf8.DecodeRune(line)
		if col == p.Column {
			return r, true
		}
		line = line[size:]
	}
	return 0, false
}

func TestInsideText(t *testing.T) {
	src := []byte("\ufeffab\né\n")
	for _, p := range []Pos{{1, 1}, {1, 3}, {2, 2}, {3, 1}} {
		if !insideText(src, p) {
			t.Errorf("%v is inside %q", p, src)
		}
	}
	for _, p := range []Pos{{0, 1}, {1, 0}, {1, 4}, {2, 3}, {4, 1}} {
		if insideText(src, p) {
			t.Errorf("%v is not inside %q", p, src)
		}
	}
	for p, want := range map[Pos]rune{{1, 1}: 'a', {1, 2}: 'b', {2, 1}: 'é'} {
		if r, ok := charAt(src, p); !ok || r != want {
			t.Errorf("at %v: %q, want %q", p, r, want)
		}
	}
	for _, p := range []Pos{{1, 3}, {2, 2}, {3, 1}, {0, 1}} {
		if r, ok := charAt(src, p); ok {
			t.Errorf("at %v: %q, want none", p, r)
		}
	}
}

// FuzzLocate looks up any data path (segments separated by slashes) in
// the index of any text: it must never panic or hang, the position it
// finds, for the path and each of its prefixes, must be inside the text,
// and a position recorded for exactly that path must be at what defines
// it: a character that is no blank.
func FuzzLocate(f *testing.F) {
	for _, src := range builtinFiles(f) {
		if len(src) > 4096 {
			src = src[:4096]
		}
		f.Add(src, "tile/0/feature/1/sides/0")
	}
	for _, seed := range []struct{ src, path string }{
		{"[[tile]]\nid = \"a\"\n[[tile]]\ncounts = { C1 = 2 }\n", "tile/1/counts/C1"},
		{"\ufeffa = 1\nb = { c = 2 }", "b/c"},
		{"[a.b]\nc.d = [1, [2, { e = 3 }]]\n", "a/b/c/d/1/1/e"},
		{"\"a\\u0041\" = 1\n'x.y' = { \"z\" = 2 }\n", "aA"},
		{"x = [\n\n  { a = 'é' }, {b=1}]\n", "x/1/b"},
		{"a = \"\"\"\n[b]\n\"\"\"\n[c]\n", "c"},
		{"[[a]\nb = 1\n", "a/0/b"},
		{"a = [1,,2]\nb = {", "b"},
		{"x = 1\r\ny = 2\r\n", "y"},
		{"", ""},
	} {
		f.Add([]byte(seed.src), seed.path)
	}
	f.Fuzz(func(t *testing.T, src []byte, path string) {
		ix := NewIndex(src)
		segs := strings.Split(path, "/")
		for n := 0; n <= len(segs); n++ {
			if p := ix.Lookup(segs[:n]); !insideText(src, p) {
				t.Fatalf("%q found at %d:%d, outside the text", segs[:n], p.Line, p.Column)
			}
			if p, ok := exactPosition(ix, segs[:n]); ok {
				if r, at := charAt(src, p); !at || r == ' ' || r == '\t' || r == '\r' || r == '\n' {
					t.Fatalf("%q recorded at %d:%d, which is not what defines it", segs[:n], p.Line, p.Column)
				}
			}
		}
	})
}
