package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// A house rule of a later folder supersedes a built-in row with the same
// id: it is in force, the game's ruling comes from it, and the built-in row
// stays in the history, superseded by it.
func TestHouseRowSupersedesBuiltinRow(t *testing.T) {
	cat := smallCatalog()
	house := tilekit.Citation{Kind: tilekit.HouseRule, Title: "Our house rules"}
	d := cat.Data
	d.Rows = append(append([]tilekit.Row{}, d.Rows...),
		tilekit.Row{Table: "diet", Subject: "mage", ID: "mage", Verdict: tilekit.No, Supersedes: "mage", Source: house, Folder: 1})
	cat = tilekit.NewCatalog(d)
	sel, err := Select(cat, []string{"pd", "bd"})
	require.NoError(t, err)

	res, err := Query(cat, "diet", "mage", QueryOptions{Selection: sel})
	require.NoError(t, err)
	require.Len(t, res.Answers, 1)
	a := res.Answers[0]
	assert.Equal(t, tilekit.No, a.Verdict)
	assert.Equal(t, tilekit.HouseRule, a.Source.Kind)
	require.NotNil(t, a.Supersedes)
	assert.Equal(t, tilekit.FAQ, a.Supersedes.Source.Kind)

	res, err = Query(cat, "diet", "mage", QueryOptions{Selection: sel, History: true})
	require.NoError(t, err)
	require.Len(t, res.Answers, 3)
	assert.Equal(t, "mage", res.Answers[1].Row.ID)
	require.NotNil(t, res.Answers[1].SupersededBy)
	assert.Equal(t, tilekit.HouseRule, res.Answers[1].SupersededBy.Source.Kind)

	rulings, err := Rulings(cat, "diet", QueryOptions{Selection: sel})
	require.NoError(t, err)
	for _, r := range rulings {
		if r.Subject.ID == "mage" {
			assert.Equal(t, "diet, house rule", r.Reason())
			assert.Equal(t, tilekit.HouseRule, r.Source.Kind)
		}
	}
}
