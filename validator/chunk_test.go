package validator

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/internal/tomlscan"
)

// bigTilesFile returns one tiles file of n generated tiles.
func bigTilesFile(tb testing.TB, n int) []byte {
	gen := generatedFolder(tb, n)
	var b strings.Builder
	for i := 0; i*500 < n; i++ {
		data, err := fs.ReadFile(gen, fmt.Sprintf("tiles/gen%03d.toml", i))
		require.NoError(tb, err)
		b.Write(data)
	}
	return []byte(b.String())
}

// loaded runs a tiles file through the pipeline, cut into chunks as the
// loader cuts it or whole, and returns the file's load with what it built.
func loaded(t *testing.T, src []byte, whole bool) (*fileLoad, tilekit.Data, map[string]int) {
	f := &fileLoad{dataFile: dataFile{name: "x.toml", folder: "tiles", schema: "tiles.schema.json", data: src}}
	f.prepare()
	if whole {
		f.chunks = []tomlscan.Chunk{{Src: src, Line: 1}}
	}
	f.results = make([]*chunkResult, len(f.chunks))
	for i := len(f.chunks) - 1; i >= 0; i-- { // last first: fold keeps order
		r := f.load(i)
		f.fold(i, &r)
	}
	f.join()
	d := f.acc.data
	sink := f.diags
	sink.merge(&f.acc.diags)
	// Chunks keep the first problems of each code of their own; what they
	// found in all is the same as for the whole file.
	found := map[string]int{}
	for _, d := range sink.kept {
		found[d.Code]++
	}
	for code, n := range sink.omitted {
		found[code] += n
	}
	return f, d, found
}

func TestChunksLoadAsTheWholeFile(t *testing.T) {
	src := bigTilesFile(t, 3000)
	f, cut, diags := loaded(t, src, false)
	require.Greater(t, len(f.chunks), 4, "a large file is cut")
	var joined []byte
	for _, c := range f.chunks {
		joined = append(joined, c.Src...)
	}
	assert.Equal(t, src, joined, "the chunks are the file, cut")
	_, whole, wholeDiags := loaded(t, src, true)
	assert.Equal(t, whole, cut)
	assert.Equal(t, wholeDiags, diags)
	require.Len(t, cut.Tiles, 3000)
	assert.Equal(t, []string{"tile", "2999"}, cut.Tiles[2999].Origin.Path, "entries are numbered across chunks")
}

func TestChunksWithAPreamble(t *testing.T) {
	var b strings.Builder
	b.WriteString("# a comment [[tile]]\nx = \"\"\"\n[[tile]]\nnot a header\n\"\"\"\nlist = [\n[[1]],\n[[true]]\n]\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&b, "[[tile]]\nid = \"t%d\"\n[tile.counts]\nC1 = %d\n[[tile.feature]]\nkind = \"road\"\n\n", i, i)
	}
	src := []byte(b.String())
	f, cut, diags := loaded(t, src, false)
	require.Greater(t, len(f.chunks), 1)
	_, whole, wholeDiags := loaded(t, src, true)
	assert.Equal(t, whole, cut)
	assert.Equal(t, wholeDiags, diags)
}

func TestChunksNeverHideASyntaxError(t *testing.T) {
	tiles := string(bigTilesFile(t, 1500))
	for name, src := range map[string]string{
		"an inline array extended by headers": "tile = [{ id = \"x\" }]\n" + strings.Repeat("# padding the first chunk\n", chunkSize/20) + tiles,
		"a header inside a multi-line array":  tiles[:len(tiles)/2] + "bad = [\n" + tiles[len(tiles)/2:] + "]\n",
		"a table header among the entries":    tiles[:len(tiles)/2] + "[other]\n" + tiles[len(tiles)/2:] + "[other]\n",
		"a broken line in a later chunk":      tiles[:len(tiles)*3/4] + "id = = 3\n" + tiles[len(tiles)*3/4:],
	} {
		t.Run(name, func(t *testing.T) {
			_, wholeErr := decode([]byte(src))
			require.Error(t, wholeErr, "the case must be invalid TOML")
			res, err := Validate(Folder{Name: "big", FS: mapFS(map[string]string{"tiles/big.toml": src})})
			require.NoError(t, err)
			var syntax []Diagnostic
			for _, d := range res.Diagnostics {
				if d.Code == "toml-syntax" {
					syntax = append(syntax, d)
				}
			}
			require.Len(t, syntax, 1, "%v", res.Diagnostics)
			assert.Empty(t, res.Catalog.Tiles, "a file that is not TOML loads nothing")
			if !strings.HasPrefix(name, "an inline array") { // reported by tilekit, not the parser
				f := &fileLoad{dataFile: dataFile{name: "big/tiles/big.toml"}}
				want := f.syntaxError(wholeErr, &tomlscan.Chunk{Src: []byte(src), Line: 1})
				assert.Equal(t, want, syntax[0], "reported as the whole file's parse reports it")
			}
		})
	}
}

// TestChunkedFilesLocateAsWhole checks that a problem deep in a file that
// was cut into chunks is located where the whole file's index puts it,
// and that a message naming another place in it does too.
func TestChunkedFilesLocateAsWhole(t *testing.T) {
	src := string(bigTilesFile(t, 3000))
	// A problem in tile 2500, and tile 2900 taking tile 100's id.
	nth := func(n int) int {
		at := 0
		for i := 0; i <= n; i++ {
			at += strings.Index(src[at:], "[[tile]]\n") + 1
		}
		return at - 1
	}
	at2500 := nth(2500) + len("[[tile]]\n")
	src = src[:at2500] + "colour = \"red\"\n" + src[at2500:]
	id100 := regexp.MustCompile(`id = "(gen/t100-[^"]+)"`).FindStringSubmatch(src)[1]
	at2900 := nth(2900)
	src = src[:at2900] + regexp.MustCompile(`id = "gen/t2900-[^"]+"`).ReplaceAllString(src[at2900:at2900+200], `id = "`+id100+`"`) + src[at2900+200:]
	fsys := generatedFiles(t, 1, 1)
	fsys["tiles/gen000.toml"] = &fstest.MapFile{Data: []byte(src)}
	res, err := Validate(BuiltinFolder(), Folder{Name: "gen", FS: fsys})
	require.NoError(t, err)
	whole := tomlscan.NewIndex([]byte(src))
	require.Len(t, res.Diagnostics, 2, "%v", res.Diagnostics)
	for _, d := range res.Diagnostics {
		p := whole.Lookup(d.dataPath)
		assert.Equal(t, p, tomlscan.Pos{Line: d.Line, Column: d.Column}, "%s", d)
	}
	first := whole.Lookup([]string{"tile", "100", "id"})
	assert.Contains(t, res.Diagnostics[1].Message, fmt.Sprintf("gen/tiles/gen000.toml:%d:%d", first.Line, first.Column))
}
