package validator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// TestBoxesLoad checks that a [[box]] entry of a user folder is built with
// every key it gives, beside the built-in boxes, and that a box may leave
// out its publisher and its date.
func TestBoxesLoad(t *testing.T) {
	res, err := Validate(BuiltinFolder(), Folder{Name: "fan", FS: mapFS(map[string]string{
		"expansions/boxes.toml": `[[box]]
id = "shelf-box"
name = "Shelf Box"
publisher = "rgg"
published = "2009-10"
edition = "C1"
expansions = ["base", "river", "princess-dragon/fairy"]
note = "Also a scoring track."
source = { kind = "community", title = "A shop's page", section = "Contents", url = "https://example.org/box", date = "2009-11" }

[[box]]
id = "bare-box"
name = "Bare Box"
edition = "C3"
expansions = ["base"]
source = { kind = "house-rule", title = "Our shelf" }
`})})
	require.NoError(t, err)
	for _, d := range res.Diagnostics {
		t.Error(d)
	}
	got := res.Catalog.Box("shelf-box")
	require.NotNil(t, got)
	assert.Equal(t, tilekit.Box{
		ID: "shelf-box", Name: "Shelf Box", Publisher: tilekit.RioGrande, Published: "2009-10", Edition: tilekit.C1,
		Expansions: []string{"base", "river", "princess-dragon/fairy"}, Note: "Also a scoring track.",
		Source: tilekit.Citation{Kind: tilekit.Community, Title: "A shop's page", Section: "Contents", URL: "https://example.org/box", Date: "2009-11"},
		Origin: tilekit.Origin{File: "fan/expansions/boxes.toml", Path: []string{"box", "0"}},
	}, *got)
	bare := res.Catalog.Box("bare-box")
	require.NotNil(t, bare)
	assert.Empty(t, bare.Publisher)
	assert.Empty(t, bare.Published)
	assert.NotNil(t, res.Catalog.Box("big-box-6"), "the built-in boxes load beside a folder's")
	var ids []string
	for _, b := range res.Catalog.Boxes {
		ids = append(ids, b.ID)
	}
	assert.IsIncreasing(t, ids, "boxes are sorted by id")
}
