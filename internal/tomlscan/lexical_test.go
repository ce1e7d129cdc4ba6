package tomlscan

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNestingTooDeep(t *testing.T) {
	for _, tc := range []struct {
		src   string
		limit int
		want  Pos // zero when not too deep
	}{
		{"[a.b]\n", 2, Pos{}},
		{"[a.b.c]\n", 2, Pos{1, 6}},
		{"[ a . 'b' . \"c\" ]\n", 2, Pos{1, 13}},
		{"[[a.b]]\n", 2, Pos{1, 5}}, // an array of tables counts one more
		{"a.b = 1\n", 2, Pos{}},
		{"a.b.c = 1\n", 2, Pos{1, 5}},
		{"a . \"b\" . 'c' = 1\n", 2, Pos{1, 11}},
		{"[a.b]\nc = 1\n", 3, Pos{}},
		{"[a.b]\nc.d = 1\n", 3, Pos{2, 3}},
		{"[a.b.c]\n[d]\ne.f = 1\n", 3, Pos{}}, // a new header starts again
		{"x = [[1]]\n", 3, Pos{}},
		{"x = [[[1]]]\n", 3, Pos{1, 7}},
		{"x = [\n [\n  [1]]]\n", 3, Pos{3, 3}},
		{"x = [[1], [2], [3], [4]]\n", 3, Pos{}},
		{"x = {a={a=1}}\n", 3, Pos{1, 8}},
		{"x = {a={}, b={}, c={}}\n", 4, Pos{}},
		{"x = { a.b.c = 1 }\n", 3, Pos{1, 9}},
		{"x = [{}, {}, {}]\n", 3, Pos{}},
		{"x = [{ a = [1] }]\n", 4, Pos{1, 12}},
		// Brackets in comments and strings of all kinds do not count.
		{"# [[[[[[\nx = 1\n", 1, Pos{}},
		{"x = \"[[[[\" # [[[[\n", 1, Pos{}},
		{"x = \"\\\"[[[[\"\n", 1, Pos{}},
		{"x = '[[[[\\'\n", 1, Pos{}},
		{"x = \"\"\"\n[[[[\n\\\"\"\"[[[[\n\"\"\"\n", 1, Pos{}},
		{"x = '''\n[[[[\n'''\n", 1, Pos{}},
		{"x = \"\"\"a\"\"\"\"\" # [[[[\n", 1, Pos{}},
		{"x = '''a''''' # [[[[\n", 1, Pos{}},
		{"\"a.b.c\" = 1\n", 1, Pos{}},
		{"['a.b.c']\n", 1, Pos{}},
		// An unclosed one-line string ends at the line break.
		{"x = \"[[[[\ny = [[1]]\n", 2, Pos{2, 6}},
		// The byte order mark takes no column.
		{"\ufeff[a.b.c]\n", 2, Pos{1, 6}},
		// Garbage and unclosed strings are read to the end.
		{"x = '''[[[[", 1, Pos{}},
		{"x = \"\"\"[[[[\\", 1, Pos{}},
		{"]]]}}}[[[", 5, Pos{}},
		{"a = ]]]}}} [[[[[[", 5, Pos{1, 17}},
	} {
		pos, deep := NestingTooDeep([]byte(tc.src), tc.limit)
		assert.Equal(t, tc.want != Pos{}, deep, "%q", tc.src)
		assert.Equal(t, tc.want, pos, "%q", tc.src)
	}
}

// Nesting that runs BurntSushi/toml out of memory is caught in one quick
// pass, whatever its form.
func TestNestingTooDeepOnHugeInput(t *testing.T) {
	for _, src := range [][]byte{
		[]byte("x = " + strings.Repeat("{a=", 30000) + "1" + strings.Repeat("}", 30000)),
		deepInput("header", 100000), deepInput("dotted", 100000), deepInput("array", 100000),
		[]byte("x = " + strings.Repeat("[", 1<<20)),
	} {
		pos, deep := NestingTooDeep(src, 1000)
		assert.True(t, deep)
		assert.Equal(t, 1, pos.Line)
	}
	for name, src := range builtinFiles(t) {
		_, deep := NestingTooDeep(src, 10)
		assert.False(t, deep, name)
	}
	gen := generatedFile(t, 100)
	allocs := testing.AllocsPerRun(10, func() { NestingTooDeep(gen, 1000) })
	assert.Less(t, allocs, 10.0)
}

// parseError returns BurntSushi/toml's syntax error for src.
func parseError(t *testing.T, src string) toml.ParseError {
	t.Helper()
	var doc map[string]any
	_, err := toml.Decode(src, &doc)
	var pe toml.ParseError
	require.True(t, errors.As(err, &pe), "%q: %v", src, err)
	return pe
}

func TestParseErrorPosition(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want Pos
	}{
		// A header left open is on its own line, not the next one.
		{"[[tile]\nid = 1\n", Pos{1, 8}},
		{"[[tile]]\nid = 1\n[[tile.feature]\nkind = 1\n", Pos{3, 16}},
		{"  [[tile]\n", Pos{1, 10}},
		{"a = 1\n\n\n\n[b\n", Pos{5, 3}},
		{"[a.\n", Pos{1, 4}},
		{"[a.b\n[c.d.e]\n", Pos{1, 5}},
		{"a = 1\n[[tile] # c\n", Pos{2, 8}},
		{"[[tile]", Pos{1, 8}},
		// A string left open is shown where it opens.
		{"a = 1\nb = \"\"\"\nabc\n\nx=1\n", Pos{2, 5}},
		{"a = 1\nb = '''\nabc\n\nx=1\n", Pos{2, 5}},
		{"a = 1\nb = '''\nabc\n\nx=1", Pos{2, 5}},
		{"a = 1\nb = \"abc\nc = 1\n", Pos{2, 5}},
		{"a = 1\nb = 'abc\nc = 1\n", Pos{2, 5}},
		{"a = \"abc", Pos{1, 5}},
		{"a = 'abc", Pos{1, 5}},
		{"x = 1\na = \"abc\\\"\nb = 1\n", Pos{2, 5}},
		{"a = [\n  1,\n  \"x\n", Pos{3, 3}},
		{"\"a = 1\n", Pos{1, 1}},
		{"s = \"#\" # \"\nt = \"\"\"\n", Pos{2, 5}},
		{"a = 1\r\nb = \"\"\"\r\nabc\r\n", Pos{2, 5}},
		// An escape is shown at its backslash.
		{"x = 1\na = \"abc\\q\"\n", Pos{2, 9}},
		{"x = 1\na = \"\"\"\nabc\n\\q\"\"\"\n", Pos{4, 1}},
		{"a = \"é\\q\"\n", Pos{1, 7}},
		{"a = \"\\u00zz\"\n", Pos{1, 6}},
		{"a = \"ok\\n\\xZZ\"\n", Pos{1, 10}},
		{"a = \"x\\uD800\"\n", Pos{1, 7}},
		{"x = \"\"\"\n\\ q\"\"\"\n", Pos{2, 1}},
		{"a = \"x\\\n", Pos{1, 7}},
		{"'\\q' = 1\nb = \"\\\\\\q\"", Pos{2, 8}},
		// Too many quotes closing a multi-line string: the first of them.
		{`a = """abc""""""` + "\n", Pos{1, 11}},
		{"a = '''\nabc''''''\n", Pos{2, 4}},
		// Control characters and invalid UTF-8 are shown where they are.
		{"a = 1\n\n# x\x7f\n", Pos{3, 4}},
		{"x = 1\na = '''\nabc\n\x01'''\n", Pos{4, 1}},
		{"a = 1\nb = 2\rc\n", Pos{2, 6}},
		{"a = 1\nb = \"x\xffy\"\n", Pos{2, 7}},
		{"a = 1\nb = \"\"\"\nx\xff\"\"\"\n", Pos{3, 2}},
		// An error at the start of a line is not shown past the end of
		// the line before.
		{"a = {b = 1\nc = 2\n", Pos{2, 1}},
		{"a = [1,\nc = 2\n", Pos{2, 1}},
		{"a = 1\na = 2\n", Pos{2, 1}},
		{"a = 1\n= 2\n", Pos{2, 1}},
		{"a = [\n2020-13-45\n]\n", Pos{2, 1}},
		{"a = [\n1,\n=\n]\n", Pos{3, 1}},
		{"x = 1\n\n\na = {\n", Pos{5, 1}},
		// Right already: left alone.
		{"a = {b = 1", Pos{1, 10}},
		{"a = [1, 2", Pos{1, 9}},
		{"a 1\n", Pos{1, 3}},
		{"[[tile]]\nid = \"x\"\nname \"no\"\n", Pos{3, 6}},
		{"[a]\n[a]\n", Pos{2, 2}},
		{"[x]\na = 1\n  a = 2\n", Pos{3, 3}},
		{"x = 1\na = 2020-13-45\n", Pos{2, 5}},
		{"a = 1979-05-27T25:00:00\n", Pos{1, 5}},
		{"a = 1 b = 2\n", Pos{1, 6}},
		{"a = {\n b = 1\n c = 2 }\n", Pos{3, 2}},
		{"[]\n", Pos{1, 2}},
		{"a = 01\n", Pos{1, 5}},
		// The byte order mark takes no column.
		{"\ufeffa = 1\na = 2\n", Pos{2, 1}},
		{"\ufeffa = \"abc", Pos{1, 5}},
		{"\ufeff[[a]\n", Pos{1, 5}},
	} {
		pe := parseError(t, tc.src)
		got := ParseErrorPosition([]byte(tc.src), pe.Position.Line, pe.Position.Col, pe.Message)
		assert.Equal(t, tc.want, got, "%q: BurntSushi/toml says %d:%d %s", tc.src, pe.Position.Line, pe.Position.Col, pe.Message)
	}
}

func TestParseErrorPositionStaysInSource(t *testing.T) {
	for _, tc := range []struct {
		src       string
		line, col int
		msg       string
	}{
		{"", 1, 1, "x"}, {"", 0, 0, ""}, {"a", 5, 9, "x"}, {"a\nb", -3, -3, "Key 'a.b' has already been defined."},
		{"abc", 1, 99, "but got 'x' instead"}, {"a\n", 2, 3, "expected end of table array name delimiter ']', but got '\\n' instead"},
		{"x", 1, 1, "unexpected EOF; expected '\"'"}, {"x", 1, 1, "invalid escape"},
		{"x", 1, 1, "TOML files cannot contain control characters: '0xzz'"}, {"x", 1, 1, "invalid UTF-8 byte: 0xff"},
		{"x", 1, 1, "found 'unterminated"},
	} {
		got := ParseErrorPosition([]byte(tc.src), tc.line, tc.col, tc.msg)
		assert.GreaterOrEqual(t, got.Line, 1, "%+v", tc)
		assert.LessOrEqual(t, got.Line, strings.Count(tc.src, "\n")+1, "%+v", tc)
		assert.GreaterOrEqual(t, got.Column, 1, "%+v", tc)
	}
}

func TestInlineTableExtensions(t *testing.T) {
	for _, tc := range []struct {
		src string
		// accepted says whether BurntSushi/toml accepts it.
		accepted bool
		want     Pos
		message  string
	}{
		{"counts = { C3 = 1 }\ncounts.C1 = 2\n", true, Pos{2, 1},
			"counts is an inline table and cannot be extended here; add C1 inside its braces"},
		{"[[tile]]\ncounts = { C3 = 1 }\n  counts.C1 = 2\n", true, Pos{3, 3},
			"counts is an inline table and cannot be extended here; add C1 inside its braces"},
		{"[[tile]]\ncounts = { C3 = 1 }\n[tile.counts.x]\n", true, Pos{3, 1},
			"tile.counts is an inline table and cannot be extended here; add x inside its braces"},
		{"[[tile]]\ncounts = { C3 = 1 }\n[[tile.counts.x]]\n", true, Pos{3, 1},
			"tile.counts is an inline table and cannot be extended here; add x inside its braces"},
		{"[[tile]]\ncounts = { C3 = 1 }\n[tile.counts]\n", false, Pos{3, 1},
			"tile.counts is an inline table and cannot be extended here; add its keys inside its braces"},
		{"a = { b = {} }\n[a.c]\n", true, Pos{2, 1}, "a is an inline table and cannot be extended here; add c inside its braces"},
		{"a = { b = 1 }\na.c.d = 1\n", true, Pos{2, 1}, "a is an inline table and cannot be extended here; add c.d inside its braces"},
		{"[a]\nb = { c = 1 }\n[a.b.d]\n", true, Pos{3, 1}, "a.b is an inline table and cannot be extended here; add d inside its braces"},
		{"p = { q = { r = 1 }, q.s = 2 }\n", true, Pos{1, 22}, "q is an inline table and cannot be extended here; add s inside its braces"},
		{"x = { a = [{b = 1}] }\nx.a.c = 1\n", true, Pos{2, 1}, "x is an inline table and cannot be extended here; add a.c inside its braces"},
		{"\"it's\" = 1\n\"a b\" = { c = 1 }\n\"a b\".d = 1", true, Pos{3, 1}, `"a b" is an inline table`},
		// An inline array made a table: BurntSushi/toml drops the array.
		{"tile = [{ id = 1 }]\ntile.x = 1\n", true, Pos{2, 1}, "tile is an inline array and cannot be extended here"},
		{"a = [1]\na.b = 1\n", true, Pos{2, 1}, "a is an inline array and cannot be extended here"},
		{"a = [[1]]\n[a.b]\n", false, Pos{2, 1}, "a is an inline array and cannot be extended here"},
		// A table made by dotted keys defined again by a header.
		{"a.b = 1\n[a]\n", true, Pos{2, 1}, "a is already a table made by dotted keys and cannot be defined again"},
		{"[fruit]\napple.color = 1\n[fruit.apple]\n", true, Pos{3, 1}, "fruit.apple is already a table made by dotted keys"},
		{"[fruit]\napple.taste.sweet = true\n[fruit.apple.taste]\n", true, Pos{3, 1}, "fruit.apple.taste is already a table made by dotted keys"},
		// ... or given a value, which BurntSushi/toml drops.
		{"a.b = 1\na = 2\n", true, Pos{2, 1}, "a is already a table made by dotted keys and cannot also be given a value"},
		{"a.b.c = 1\na.b = [2]\n", true, Pos{2, 1}, "a.b is already a table made by dotted keys"},
		{"[x]\na.b = 1\na = 2\n", true, Pos{3, 1}, "a is already a table made by dotted keys"},
		{"p = { q.r = 1, q = 2 }\n", true, Pos{1, 16}, "q is already a table made by dotted keys"},
		// A table with its own header extended by dotted keys from its
		// parent table.
		{"[a.b.c]\nz = 9\n[a]\nb.c.t = 1\n", true, Pos{4, 1}, "b.c is defined by its own [header] and cannot be extended by dotted keys here; write t under that header"},
		{"[a.b]\n[a]\nb.d = 1\n", true, Pos{3, 1}, "b is defined by its own [header]"},
		{"[[a.b]]\n[a]\nb.c = 1\n", true, Pos{3, 1}, "b is defined by its own [header]"},
	} {
		var doc map[string]any
		_, err := toml.Decode(tc.src, &doc)
		assert.Equal(t, tc.accepted, err == nil, "%q: %v", tc.src, err)
		got := inlineTableExtensions([]byte(tc.src))
		if assert.Len(t, got, 1, "%q", tc.src) {
			assert.Equal(t, tc.want, got[0].Pos, "%q", tc.src)
			assert.Contains(t, got[0].Message, tc.message, "%q", tc.src)
		}
	}
}

func TestInlineTableExtensionsAcceptsValidTOML(t *testing.T) {
	for _, src := range []string{
		"counts = { C1 = 1, C2 = 2 }\nother.C1 = 1\n",
		"[[tile]]\ncounts = { C1 = 1 }\n[[tile]]\n[tile.counts]\nC1 = 2\n",
		"[[tile]]\ncounts = { C1 = 1 }\n[[tile]]\ncounts.C1 = 2\n",
		"[fruit]\napple.color = 1\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true\n",
		"a.b = 1\na.c = 2\n[a.d]\n",
		"a.b = 1\n[a.c]\n",
		"[a.b]\n[a]\n",
		"[a.b.c]\n[a]\nb.d = 1\n",
		"[a]\nb.c = 1\n[a.b.d]\n",
		"[[a]]\na.b = 1\n",
		"[[a.b]]\n[a]\nc = 1\n",
		"a = { b.c = 1, b.d = 2 }\n",
		"a = { b = { c = 1 } }\nx.y = 1\n",
		"s = \"{ counts.x = 1 }\"\n# counts.x = 1\n",
		"tile = [{ counts = { C1 = 1 } }, { counts = { C1 = 2 } }]\n",
		"\"a.b\" = { c = 1 }\na.d = 1\n",
	} {
		var doc map[string]any
		_, err := toml.Decode(src, &doc)
		require.NoError(t, err, src)
		assert.Empty(t, inlineTableExtensions([]byte(src)), src)
	}
	for name, src := range builtinFiles(t) {
		newer, problems := Check(src)
		assert.Empty(t, newer, name)
		assert.Empty(t, problems, name)
	}
}

func TestLexicalCheck(t *testing.T) {
	src := "[[tile]]\ncounts = { C1 = 1, }\ncounts.C2 = 1\nname = \"\\e\"\n"
	newer, problems := Check([]byte(src))
	require.Len(t, newer, 2)
	assert.Equal(t, Pos{2, 10}, newer[0].Pos)
	assert.Contains(t, newer[0].What, "trailing comma")
	assert.Equal(t, Pos{4, 9}, newer[1].Pos)
	require.Len(t, problems, 1)
	assert.Equal(t, Pos{3, 1}, problems[0].Pos)
	assert.Equal(t, newer, findNewerSyntax([]byte(src)))
	assert.Equal(t, problems, inlineTableExtensions([]byte(src)))
}

// FuzzLexical runs the byte-level checks on arbitrary bytes: they must never
// panic or hang, must locate everything inside the source, and the index
// must hold every path of what BurntSushi/toml decodes.
func FuzzLexical(f *testing.F) {
	// The built-in files, cut at headers into pieces of about 1 KB, so that
	// the fuzzer's minimisation of what it finds stays quick.
	for _, src := range builtinFiles(f) {
		for len(src) > 0 {
			end := len(src)
			if i := bytes.Index(src[min(1024, len(src)):], []byte("\n[")); i >= 0 {
				end = min(1024, len(src)) + i + 1
			}
			f.Add(src[:end])
			src = src[end:]
		}
	}
	for _, src := range []string{
		"[[tile]\nid = 1\n", "a = \"\"\"\nabc\n", "a = {b = 1\nc = 2\n", "a.b = 1\n[a]\n", "counts = { C3 = 1 }\ncounts.C1 = 2\n",
		"p = { q = { r = 1 }, q.s = 2 }\n", "\ufeffa = 1\n", "x = [[[1]]]", "x = {a={a=1}}", "\"it's\" = 1\n'a\"b' = 2\n\"a\\u0041\" = 3\n a . b = 4\n",
		"a = { x = 1, }\nb = {\n y = 1 }\nt = 07:32\ns = \"\\e\\x41\"\n", "x = \"\"\"a\"\"\"\"\" # [[[[\n", "[[a.b]]\n[a]\nb.c = 1\n",
		"# {{{{{}\n", "a = [\n2020-13-45\n]\n", "x = 1\na = '''\nabc\n\x01'''\n",
	} {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := strings.Count(string(src), "\n") + 1
		inside := func(what string, p Pos) {
			if p.Line < 1 || p.Line > lines || p.Column < 1 {
				t.Fatalf("%s at %d:%d, outside the source", what, p.Line, p.Column)
			}
		}
		if p, deep := NestingTooDeep(src, 3); deep {
			inside("nesting", p)
		}
		newer, problems := Check(src)
		for _, n := range newer {
			inside(n.What, n.Pos)
		}
		for _, p := range problems {
			inside(p.Message, p.Pos)
		}
		if fmt.Sprint(findNewerSyntax(src)) != fmt.Sprint(newer) && mayUseNewerSyntax(src) {
			t.Fatalf("findNewerSyntax differs from Check")
		}
		if fmt.Sprint(inlineTableExtensions(src)) != fmt.Sprint(problems) {
			t.Fatalf("inlineTableExtensions differs from Check")
		}
		if full := findProblems(src); fmt.Sprint(full) != fmt.Sprint(problems) {
			t.Fatalf("the first scan misses %v", full)
		}
		ix := NewIndex(src)
		for _, path := range [][]string{{"tile"}, {"tile", "0"}, {"tile", "0", "feature", "1", "sides", "0"}, {"a", "b"}, {""}} {
			inside("lookup", ix.Lookup(path))
		}
		var doc map[string]any
		if _, err := toml.Decode(string(src), &doc); err != nil {
			var pe toml.ParseError
			if errors.As(err, &pe) {
				inside("parse error", ParseErrorPosition(src, pe.Position.Line, pe.Position.Col, pe.Message))
			}
			return
		}
		if len(newer) > 0 && !mayUseNewerSyntax(src) {
			t.Fatalf("the quick check misses %v", newer)
		}
		for _, path := range dataPaths(doc, nil, nil) {
			if _, ok := exactPosition(ix, path); !ok {
				t.Fatalf("no position for %q", path)
			}
		}
	})
}
