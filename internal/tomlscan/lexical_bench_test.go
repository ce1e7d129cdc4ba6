package tomlscan

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// deepInput returns a TOML-like text nested depth levels deep in one way.
func deepInput(shape string, depth int) []byte {
	switch shape {
	case "header":
		return []byte("[" + strings.Repeat("a.", depth-1) + "a]\nk = 1\n")
	case "dotted":
		return []byte(strings.Repeat("a.", depth-1) + "a = 1\n")
	case "array":
		return []byte("x = " + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n")
	case "inline":
		return []byte("x = " + strings.Repeat("{a=", depth) + "1" + strings.Repeat("}", depth) + "\n")
	}
	panic(shape)
}

// BenchmarkIndexDeep measures the position index of deeply nested input,
// which must grow linearly with the depth.
func BenchmarkIndexDeep(b *testing.B) {
	for _, shape := range []string{"header", "dotted", "array", "inline"} {
		for _, depth := range []int{1000, 10000, 100000} {
			src := deepInput(shape, depth)
			b.Run(fmt.Sprintf("%s/%d", shape, depth), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(src)))
				for i := 0; i < b.N; i++ {
					NewIndex(src)
				}
			})
		}
	}
}

// braceComment returns a comment line of size bytes made of opening braces
// and one closing brace at its end.
func braceComment(size int) []byte {
	return []byte("#" + strings.Repeat("{", size-3) + "}\n")
}

// BenchmarkNewerSyntaxBraces measures the TOML 1.1 check of a comment line
// full of opening braces, which must grow linearly with its length.
func BenchmarkNewerSyntaxBraces(b *testing.B) {
	for _, mb := range []int{1, 2} {
		src := braceComment(mb << 20)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				findNewerSyntax(src)
			}
		})
	}
}

// generatedFile returns a file of n tiles, made by copying the base
// game's [[tile]] blocks (tiles/base.toml of the module) under new ids:
// the same text as the validator's generated folder of n tiles, as one
// file.
func generatedFile(tb testing.TB, n int) []byte {
	data, err := os.ReadFile(filepath.Join("..", "..", "tiles", "base.toml"))
	require.NoError(tb, err)
	blocks := strings.Split(string(data), "\n[[tile]]\n")[1:]
	var b strings.Builder
	for i := 0; i < n; i++ {
		block := blocks[i%len(blocks)]
		block = strings.Replace(block, `id = "base/`, fmt.Sprintf(`id = "gen/t%d-`, i), 1)
		block = strings.Replace(block, "start = [\"C1\", \"C2\", \"C3\"]\n", "", 1)
		b.WriteString("[[tile]]\n")
		b.WriteString(block)
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// BenchmarkNewerSyntax10000Tiles measures the TOML 1.1 check of a file of
// 10,000 tiles, which uses no TOML 1.1 syntax.
func BenchmarkNewerSyntax10000Tiles(b *testing.B) {
	src := generatedFile(b, 10000)
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		findNewerSyntax(src)
	}
}

// BenchmarkLexicalCheck10000Tiles measures the check run on every file,
// for TOML 1.1 syntax and invalid TOML, on a file of 10,000 tiles.
func BenchmarkLexicalCheck10000Tiles(b *testing.B) {
	src := generatedFile(b, 10000)
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Check(src)
	}
}

// BenchmarkInlineTableExtensions10000Tiles measures the check for invalid
// TOML alone on a file of 10,000 tiles.
func BenchmarkInlineTableExtensions10000Tiles(b *testing.B) {
	src := generatedFile(b, 10000)
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		inlineTableExtensions(src)
	}
}

// BenchmarkNestingTooDeep10000Tiles measures the nesting guard run before
// the TOML parser on a file of 10,000 tiles.
func BenchmarkNestingTooDeep10000Tiles(b *testing.B) {
	src := generatedFile(b, 10000)
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		NestingTooDeep(src, 1000)
	}
}

// BenchmarkIndex10000Tiles measures the position index of a file of 10,000
// tiles.
func BenchmarkIndex10000Tiles(b *testing.B) {
	src := generatedFile(b, 10000)
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		NewIndex(src)
	}
}

// BenchmarkPositionIndex measures the position index of the largest
// built-in file (tiles/base.toml of the module).
func BenchmarkPositionIndex(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "tiles", "base.toml"))
	require.NoError(b, err)
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		NewIndex(data)
	}
}
