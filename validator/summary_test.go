package validator

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const summaryTile = "[[tile]]\nid = \"%s\"\nname = \"Cloister\"\ncounts = { C3 = 1 }\n\n[[tile.feature]]\nkind = \"cloister\"\n\n" +
	"[[tile.feature]]\nkind = \"field\"\nsides = [\"NL\", \"NR\", \"EL\", \"ER\", \"SL\", \"SR\", \"WL\", \"WR\"]\n"

func TestFolderSummaries(t *testing.T) {
	witches := mapFS(map[string]string{
		"expansions/river-witches.toml": "[[expansion]]\nid = \"river-witches\"\nname = \"River witches\"\nkind = \"fan\"\neditions = [\"C3\"]\n\n" +
			"[[figure]]\nid = \"river-witch\"\nname = \"Witch\"\nexpansion = \"river-witches\"\ncategory = \"neutral\"\nowner = \"neutral\"\nliving = true\nfootprint = \"tile\"\n",
		"tiles/a.toml": fmtTile("river-witches/a") + "\n" + fmtTile("river-witches/b"),
		"tiles/b.TOML": "not read",
		"interactions/t.toml": "[[table]]\nid = \"witch-diet\"\nname = \"What the witch eats\"\nquestion = \"Can the witch eat it?\"\n" +
			"expansion = \"river-witches\"\nsubjects = [\"follower\"]\n\n[[row]]\ntable = \"witch-diet\"\nsubject = \"meeple\"\nverdict = \"yes\"\n" +
			"source = { kind = \"house-rule\", title = \"Ours\" }\nexplanation = \"Witches eat meeples.\"\n",
	})
	// A second folder whose name starts with the first's: its problems are
	// its own.
	more := mapFS(map[string]string{
		"tiles/z.toml": fmtTile("base/Z") + "\n" + fmtTile("nowhere/a"),
	})
	empty := mapFS(map[string]string{"tiles/notes.md": ""})
	res, err := Validate(BuiltinFolder(), Folder{Name: "river-witches", FS: witches}, Folder{Name: "river-witches-more", FS: more},
		Folder{Name: "empty", FS: empty})
	require.NoError(t, err)
	require.Len(t, res.Folders, 3)
	w := res.Folders[0]
	assert.Equal(t, FolderSummary{Name: "river-witches", Expansions: []string{"river-witches"}, Tiles: 2, Figures: 1, Tables: 1, Rows: 1, Warnings: 1}, w)
	assert.Equal(t, "river-witches: 2 tiles, 1 figure, 1 table, 1 row: 0 errors, 1 warning", w.String())
	assert.Equal(t, "river-witches-more (no expansion): 2 tiles: 1 error, 1 warning", res.Folders[1].String(),
		"base/Z is warned about, nowhere/a has no expansion")
	assert.Equal(t, "empty (no expansion): nothing loaded: 1 error, 0 warnings", res.Folders[2].String())
	w.Warnings = 0
	assert.Equal(t, "river-witches: 2 tiles, 1 figure, 1 table, 1 row: ok", w.String())
	w.Name, w.Expansions = "fan", []string{"a", "b"}
	assert.Equal(t, "fan (a, b): 2 tiles, 1 figure, 1 table, 1 row: ok", w.String())

	// The folder "." has every file no other folder and the built-in data
	// have.
	res, err = Validate(BuiltinFolder(), Folder{Name: ".", FS: more})
	require.NoError(t, err)
	require.Len(t, res.Folders, 1)
	assert.Equal(t, ". (no expansion): 2 tiles: 1 error, 1 warning", res.Folders[0].String())
	res, err = Validate(BuiltinFolder())
	require.NoError(t, err)
	assert.Empty(t, res.Folders, "the built-in data is summed up by Stats alone")
}

func fmtTile(id string) string { return fmt.Sprintf(summaryTile, id) }
