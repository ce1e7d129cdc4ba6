package tomlscan_test

import (
	"errors"
	"fmt"

	"github.com/BurntSushi/toml"
	"github.com/tilekit/tilekit/internal/tomlscan"
)

func ExampleNewIndex() {
	src := []byte("[[tile]]\nid = \"a\"\n\n[[tile]]\nid = \"b\"\ncounts = { C1 = 2 }\n")
	ix := tomlscan.NewIndex(src)
	fmt.Println(ix.Lookup([]string{"tile", "1", "counts", "C1"}))
	// A path that is not in the file is located at its nearest ancestor,
	// here the second [[tile]] header.
	fmt.Println(ix.Lookup([]string{"tile", "1", "name"}))
	// Output:
	// {6 12}
	// {4 1}
}

func ExampleCheck() {
	src := []byte("counts = { C1 = 1, }\ncounts.C2 = 2\n")
	newer, problems := tomlscan.Check(src)
	for _, n := range newer {
		fmt.Printf("%d:%d %s\n", n.Pos.Line, n.Pos.Column, n.What)
	}
	for _, p := range problems {
		fmt.Printf("%d:%d %s\n", p.Pos.Line, p.Pos.Column, p.Message)
	}
	// Output:
	// 1:10 a trailing comma in an inline table
	// 2:1 counts is an inline table and cannot be extended here; add C2 inside its braces
}

func ExampleNestingTooDeep() {
	src := []byte("a = 1\nx = [[[[1]]]]\n")
	if pos, deep := tomlscan.NestingTooDeep(src, 3); deep {
		fmt.Printf("deeper than 3 levels at %d:%d\n", pos.Line, pos.Column)
	}
	// Output:
	// deeper than 3 levels at 2:7
}

func ExampleParseErrorPosition() {
	src := "a = 1\nb = \"\"\"\nnever closed\n\nc = 2\n"
	var doc map[string]any
	_, err := toml.Decode(src, &doc)
	var pe toml.ParseError
	if errors.As(err, &pe) {
		p := tomlscan.ParseErrorPosition([]byte(src), pe.Position.Line, pe.Position.Col, pe.Message)
		fmt.Printf("BurntSushi/toml says line %d; look at %d:%d\n", pe.Position.Line, p.Line, p.Column)
	}
	// Output:
	// BurntSushi/toml says line 5; look at 2:5
}

func ExampleLineStarts() {
	fmt.Println(tomlscan.LineStarts([]byte("a = 1\nb = 2\n")))
	// Output:
	// [0 6 12]
}

func ExampleSplit() {
	src := []byte("title = \"x\"\n[[row]]\nid = 1\n[[row]]\nid = 2\n[row.note]\ntext = \"y\"\n[[row]]\nid = 3\n")
	for _, c := range tomlscan.Split(src, 16) {
		fmt.Printf("line %d: %d rows after %d, %q\n", c.Line, c.Arrays["row"], c.Before["row"], c.Src)
	}
	// Output:
	// line 1: 1 rows after 0, "title = \"x\"\n[[row]]\nid = 1\n"
	// line 4: 1 rows after 1, "[[row]]\nid = 2\n[row.note]\ntext = \"y\"\n"
	// line 8: 1 rows after 2, "[[row]]\nid = 3\n"
}
