package validator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// houseRow is a house rule for the meeple's dragon-diet row, with an id.
func houseRow(id, supersedes, verdict string) string {
	return `[[row]]
table = "dragon-diet"
subject = "meeple"
id = "` + id + `"
supersedes = "` + supersedes + `"
verdict = "` + verdict + `"
exception = ` + map[string]string{"no": "true", "open": "false"}[verdict] + `
source = { kind = "house-rule", title = "Our house rules" }
explanation = "At our table."
`
}

func validateFolders(t *testing.T, folders ...map[string]string) *Result {
	t.Helper()
	sources := []Folder{BuiltinFolder()}
	for i, f := range folders {
		sources = append(sources, Folder{Name: []string{"first", "second"}[i], FS: mapFS(f)})
	}
	res, err := Validate(sources...)
	require.NoError(t, err)
	return res
}

// A later folder supersedes an earlier folder's house rule by naming it:
// a chain, clean, with the last one in force.
func TestSupersedeAcrossFoldersChains(t *testing.T) {
	res := validateFolders(t,
		map[string]string{"interactions/a.toml": houseRow("meeple", "meeple", "no")},
		map[string]string{"interactions/b.toml": houseRow("meeple", "meeple", "open")})
	assert.Empty(t, res.Diagnostics)
	var rows []tilekit.Row
	for i, r := range res.Catalog.Rows {
		if r.Table == "dragon-diet" && r.Subject == "meeple" {
			rows = append(rows, r)
			if r.Folder < 2 {
				assert.GreaterOrEqual(t, res.Catalog.RowSuccessor(i), 0, "row of folder %d is superseded", r.Folder)
			} else {
				assert.Equal(t, -1, res.Catalog.RowSuccessor(i), "the second folder's row is in force")
			}
		}
	}
	assert.Len(t, rows, 3)
}

// Two folders that both supersede the built-in row (the first under
// another id, so that the second's "meeple" names the built-in row):
// superseded twice, reported in the second folder.
func TestSupersedeTwiceByTwoFolders(t *testing.T) {
	res := validateFolders(t,
		map[string]string{"interactions/a.toml": houseRow("meeple-ours", "meeple", "no")},
		map[string]string{"interactions/b.toml": houseRow("meeple-theirs", "meeple", "open")})
	require.Len(t, res.Diagnostics, 1, "%v", res.Diagnostics)
	d := res.Diagnostics[0]
	assert.Equal(t, "superseded-twice", d.Code)
	assert.Equal(t, "second/interactions/b.toml", d.File)
	assert.Contains(t, d.Message, "already superseded by row meeple-ours (first/interactions/a.toml:")
}
