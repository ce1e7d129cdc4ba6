package site

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark/ast"
)

// Many headings of one text cost one id try each, not one per earlier
// heading of the same text: 20,000 "## Rules" once tried -2, -3, ... from
// 2 each time, 200 million tries.
func TestHeadingIDsAreLinear(t *testing.T) {
	const n = 20000
	ids := newPrefixedIDs("x-")
	ids.Put([]byte("x-rules-3")) // an id given by hand is skipped
	for i := range n {
		id := string(ids.Generate([]byte("Rules"), ast.KindHeading))
		switch {
		case i == 0:
			require.Equal(t, "x-rules", id)
		case i == 1:
			require.Equal(t, "x-rules-2", id)
		default:
			require.Equal(t, fmt.Sprintf("x-rules-%d", i+2), id, "heading %d", i)
		}
	}
	assert.LessOrEqual(t, ids.tries, 2*n+1, "at most two tries a heading (its text, then its number), and one for the id given by hand")
}

// A rules text of 20,000 identical headings renders, each heading with
// its own id.
func TestManyIdenticalHeadingsRender(t *testing.T) {
	src := "# Moats\n\n" + strings.Repeat("## Rules\n\nText.\n\n", 20000)
	out, err := renderRulesText(src, "moats-", 1)
	require.NoError(t, err)
	require.Len(t, out.Headings, 20001)
	seen := map[string]bool{}
	for _, h := range out.Headings {
		require.False(t, seen[h.ID], "id %s twice", h.ID)
		seen[h.ID] = true
	}
	assert.Equal(t, "moats-rules-20000", out.Headings[20000].ID)
}
