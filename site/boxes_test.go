package site_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/site"
	"golang.org/x/net/html"
)

// boxButton is a boxed set's button of the selector: the ids it chooses
// and its name.
type boxButton struct {
	ids  []string
	name string
}

// boxButtons returns the buttons of the boxed sets on a site's home page,
// by the box id each names, and the order they come in.
func boxButtons(t *testing.T, s *site.Site) (map[string]boxButton, []string) {
	t.Helper()
	data, ok := s.File("index.html")
	require.True(t, ok)
	doc, err := html.Parse(bytes.NewReader(data))
	require.NoError(t, err)
	out, order := map[string]boxButton{}, []string(nil)
	walk(doc, func(n *html.Node) {
		if n.Data == "button" && hasAttr(n, "data-box") {
			out[attr(n, "data-box")] = boxButton{ids: strings.Fields(attr(n, "data-bundle")), name: textOf(n)}
			order = append(order, attr(n, "data-box"))
		}
	})
	return out, order
}

// boxIDs returns what a box's button should choose: the ids the box
// holds, the base game left out, those a selection covers.
func boxIDs(x *tilekit.Box, covers func(string) bool) []string {
	var out []string
	for _, id := range x.Expansions {
		if tilekit.ParentExpansion(id) != tilekit.BaseGame && covers(id) {
			out = append(out, id)
		}
	}
	return out
}

// TestBoxButtonsNameTheirData checks that each built-in boxed set is a
// button of the selector, after the site's own quick choices, named as the
// data names it and choosing exactly the expansions its data lists.
func TestBoxButtonsNameTheirData(t *testing.T) {
	cat, s := builtinBuild(t)
	buttons, order := boxButtons(t, s)
	require.NotNil(t, cat.Box("big-box-6"), "the built-in data has Big Box 6")
	var want []string
	for i := range cat.Boxes {
		x := &cat.Boxes[i]
		want = append(want, x.ID)
		got, ok := buttons[x.ID]
		if !assert.True(t, ok, "no button for %s", x.ID) {
			continue
		}
		assert.Equal(t, x.Name, got.name, x.ID)
		assert.Equal(t, boxIDs(x, func(string) bool { return true }), got.ids, x.ID)
	}
	assert.Equal(t, want, order, "one button a box, in the catalog's order")
	data, _ := s.File("index.html")
	first := bytes.Index(data, []byte("data-bundle="))
	require.GreaterOrEqual(t, first, 0)
	assert.NotContains(t, string(data[first:first+bytes.IndexByte(data[first:], '>')]), "data-box", "the first quick choice is the site's own, the rules bundle")
}

// A folder's box is a button too, choosing only what the site covers: a
// site for some expansions names only those of the box, and leaves out a
// box that holds none of them.
func TestBoxOfAFolderIsAButton(t *testing.T) {
	cat := userFolder(t, map[string]string{"expansions/boxes.toml": `[[box]]
id = "shelf-box"
name = "Shelf Box"
edition = "C1"
expansions = ["base", "river", "princess-dragon/fairy", "tower"]
source = { kind = "house-rule", title = "Our shelf" }

[[box]]
id = "base-box"
name = "Base Box"
edition = "C1"
expansions = ["base"]
source = { kind = "house-rule", title = "Our shelf" }
`})
	s, err := site.Build(cat, site.Options{})
	require.NoError(t, err)
	buttons, _ := boxButtons(t, s)
	assert.Equal(t, boxButton{ids: []string{"river", "princess-dragon/fairy", "tower"}, name: "Shelf Box"}, buttons["shelf-box"])
	assert.NotContains(t, buttons, "base-box", "a box of the base game alone chooses nothing")
	for _, tc := range []struct {
		selection []string
		want      []string
	}{
		{[]string{"princess-dragon", "river"}, []string{"river", "princess-dragon/fairy"}},
		{[]string{"black-dragon"}, nil},
	} {
		sel, err := rules.Select(cat, tc.selection)
		require.NoError(t, err)
		s, err := site.Build(cat, site.Options{Selection: &sel})
		require.NoError(t, err)
		buttons, _ := boxButtons(t, s)
		got, ok := buttons["shelf-box"]
		assert.Equal(t, tc.want != nil, ok, "a site for %v", tc.selection)
		assert.Equal(t, tc.want, got.ids, "a site for %v", tc.selection)
		assert.Equal(t, boxIDs(cat.Box("shelf-box"), sel.Has), got.ids, "a site for %v", tc.selection)
		assert.False(t, slices.Contains(got.ids, "base"))
	}
}
