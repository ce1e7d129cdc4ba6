package validator

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// generatedFolder returns a data folder with one fan expansion and n tiles,
// made by copying the built-in base tiles' files under new ids, in files of
// 500 tiles each.
func generatedFolder(tb testing.TB, n int) fstest.MapFS { return generatedFiles(tb, n, 500) }

// generatedFiles is generatedFolder with perFile tiles in each file.
func generatedFiles(tb testing.TB, n, perFile int) fstest.MapFS {
	data, err := fs.ReadFile(tilekit.Builtin(), "tiles/base.toml")
	require.NoError(tb, err)
	// Split the base file into its [[tile]] blocks.
	blocks := strings.Split(string(data), "\n[[tile]]\n")[1:]
	fsys := fstest.MapFS{
		"expansions/gen.toml": {Data: []byte("[[expansion]]\nid = \"gen\"\nname = \"Generated\"\nkind = \"fan\"\neditions = [\"C1\", \"C2\", \"C3\"]\n")},
	}
	var b strings.Builder
	for i := 0; i < n; i++ {
		block := blocks[i%len(blocks)]
		block = strings.Replace(block, `id = "base/`, fmt.Sprintf(`id = "gen/t%d-`, i), 1)
		block = strings.Replace(block, "start = [\"C1\", \"C2\", \"C3\"]\n", "", 1)
		b.WriteString("[[tile]]\n")
		b.WriteString(block)
		b.WriteString("\n")
		if (i+1)%perFile == 0 || i == n-1 {
			fsys[fmt.Sprintf("tiles/gen%03d.toml", i/perFile)] = &fstest.MapFile{Data: []byte(b.String())}
			b.Reset()
		}
	}
	return fsys
}

func TestGeneratedFolderIsClean(t *testing.T) {
	res, err := Validate(BuiltinFolder(), Folder{Name: "gen", FS: generatedFolder(t, 1000)})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	require.Len(t, res.Catalog.TilesOf("gen"), 1000)
}

func benchmarkValidate(b *testing.B, sources ...Folder) {
	var tiles int
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		res, err := Validate(sources...)
		if err != nil || res.Diagnostics.HasErrors() {
			b.Fatal(err, res.Diagnostics)
		}
		tiles = len(res.Catalog.Tiles)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tiles), "ns/tile")
}

func BenchmarkValidateBuiltin(b *testing.B) {
	benchmarkValidate(b, BuiltinFolder())
}

func BenchmarkValidate10000Tiles(b *testing.B) {
	for _, files := range []int{1, 20, 100} {
		b.Run(fmt.Sprintf("files=%d", files), func(b *testing.B) {
			gen := Folder{Name: "gen", FS: generatedFiles(b, 10000, 10000/files)}
			b.ResetTimer()
			benchmarkValidate(b, BuiltinFolder(), gen)
		})
	}
}

// BenchmarkValidateSize validates one tiles file of growing size: time and
// memory per op must grow in proportion (ns/byte and B/byte stay flat).
func BenchmarkValidateSize(b *testing.B) {
	for _, tiles := range []int{2500, 5000, 10000, 20000, 40000} {
		src := bigTilesFile(b, tiles)
		fsys := generatedFiles(b, 1, 1)
		fsys["tiles/gen000.toml"] = &fstest.MapFile{Data: src}
		b.Run(fmt.Sprintf("MB=%.1f", float64(len(src))/(1<<20)), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				res, err := Validate(BuiltinFolder(), Folder{Name: "gen", FS: fsys})
				if err != nil || res.Diagnostics.HasErrors() {
					b.Fatal(err, res.Diagnostics[:min(3, len(res.Diagnostics))])
				}
			}
		})
	}
}

// BenchmarkValidateDepth validates files nested ever deeper, in the three
// ways TOML nests: header keys, arrays and inline tables. Past MaxDepth a
// file is refused before it is parsed, so time and memory grow with the
// file's size, not with the square of its depth.
func BenchmarkValidateDepth(b *testing.B) {
	shapes := map[string]func(n int) string{
		"header": func(n int) string { return "[" + strings.Repeat("a.", n) + "a]\nx = 1\n" },
		"array":  func(n int) string { return "x = " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n" },
		"inline": func(n int) string { return "x = " + strings.Repeat("{a=", n) + "1" + strings.Repeat("}", n) + "\n" },
	}
	for _, shape := range []string{"header", "array", "inline"} {
		for _, n := range []int{1000, 10000, 100000} {
			src := shapes[shape](n)
			fsys := fstest.MapFS{"tiles/deep.toml": {Data: []byte(src)}}
			b.Run(fmt.Sprintf("%s/depth=%d", shape, n), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					res, err := Validate(Folder{Name: "deep", FS: fsys})
					if err != nil || len(res.Diagnostics) != 1 || res.Diagnostics[0].Code != "nesting-too-deep" {
						b.Fatal(err, res.Diagnostics)
					}
				}
			})
		}
	}
}
