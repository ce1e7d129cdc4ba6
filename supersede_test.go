package tilekit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func row(table, id, subject string, folder int) Row {
	return Row{Table: table, ID: id, Subject: subject, Folder: folder}
}

func TestLinkRowsAcrossFolders(t *testing.T) {
	builtin := row("diet", "meeple", "meeple", 0)
	old := row("diet", "mage-old", "mage", 0)
	old.SupersededBy = "mage"
	mage := row("diet", "mage", "mage", 0)
	house := row("diet", "meeple", "meeple", 1) // the same id as the row it supersedes
	house.Supersedes = "meeple"
	later := row("diet", "meeple", "meeple", 2) // names folder 1's row, the last of an earlier folder
	later.Supersedes = "meeple"
	twice := row("diet", "mage-house", "mage", 1)
	twice.Supersedes = "mage-old" // superseded_by mage already
	links := LinkRows([]Row{builtin, old, mage, house, later, twice})
	assert.Equal(t, []int{3, 2, -1, 4, -1, -1}, links.Next)
	assert.Equal(t, 0, links.Supersedes[3].Target)
	assert.Equal(t, 3, links.Supersedes[4].Target)
	assert.Equal(t, Supersession{Target: -1, Fault: SupersedeTwice, Other: 2}, links.Supersedes[5])
	assert.Equal(t, []bool{false, false, false, false, false, false}, links.UnknownSuccessor)
}

func TestLinkRowsFaults(t *testing.T) {
	builtin := row("diet", "meeple", "meeple", 0)
	other := row("other", "abbot", "abbot", 0)
	unknown := row("diet", "abbot", "abbot", 1)
	unknown.Supersedes = "abbot" // of another table
	mismatch := row("diet", "large", "large-meeple", 1)
	mismatch.Supersedes = "meeple"
	mine := row("diet", "wagon", "wagon", 1)
	same := row("diet", "wagon-new", "wagon", 1)
	same.Supersedes = "wagon"
	lost := row("diet", "pig", "pig", 1)
	lost.SupersededBy = "pig-new"
	links := LinkRows([]Row{builtin, other, unknown, mismatch, mine, same, lost})
	faults := []SupersedeFault{}
	for _, s := range links.Supersedes {
		faults = append(faults, s.Fault)
	}
	assert.Equal(t, []SupersedeFault{SupersedeOK, SupersedeOK, SupersedeUnknown, SupersedeMismatch, SupersedeOK, SupersedeSameFolder, SupersedeOK}, faults)
	assert.Equal(t, 4, links.Supersedes[5].Other)
	assert.Equal(t, []int{-1, -1, -1, -1, -1, -1, -1}, links.Next)
	assert.True(t, links.UnknownSuccessor[6])
}

func TestOverlayStepsKeepsWhatTheyDoNotGive(t *testing.T) {
	dragon := Step{ID: "dragon-move", Name: "The dragon moves", Expansion: "pd", Phase: 2, After: []string{"place-figure"},
		Mechanics: Mechanics{Movement: &Movement{Figure: "dragon", Steps: 6}, Trigger: &Trigger{On: TriggerTileSymbol}},
		Source:    Citation{Kind: Rulebook, Title: "Rules"}}
	other := Step{ID: "score", Name: "Score", Phase: 3}
	house := Step{ID: "dragon-move", Supersedes: "dragon-move", Phase: PhaseNotGiven, Folder: 1,
		Mechanics: Mechanics{Movement: &Movement{Figure: "dragon", Steps: 4}}, Source: Citation{Kind: HouseRule, Title: "Ours"},
		Variants: []StepVariant{{Publishers: []Publisher{RioGrande}}}} // keeps the place of the step it is merged into
	lost := Step{ID: "nothing", Supersedes: "nothing", Folder: 1}
	got := overlaySteps([]Step{dragon, other, house, lost})
	assert.Len(t, got, 2)
	s := got[0]
	assert.Equal(t, "The dragon moves", s.Name)
	assert.Equal(t, 2, s.Phase)
	assert.Equal(t, []string{"place-figure"}, s.After)
	assert.Equal(t, 4, s.Mechanics.Movement.Steps)
	assert.Equal(t, TriggerTileSymbol, s.Mechanics.Trigger.On)
	assert.Equal(t, HouseRule, s.Source.Kind)
	assert.Equal(t, 6, s.Replaces.Mechanics.Movement.Steps)
	assert.Equal(t, "score", got[1].ID)
	assert.Equal(t, []string{"place-figure"}, s.Variants[0].After, "a variant without after or before keeps the merged step's place")
}

func TestOverlayTablesAndUpToFolder(t *testing.T) {
	builtinRule := &Rule{Text: "eats the living", Verdict: Yes, Otherwise: No}
	houseRule := &Rule{Text: "eats nothing", Verdict: No, Otherwise: No}
	cat := NewCatalog(Data{
		Tables: []Table{
			{ID: "diet", Name: "What it eats", Question: "Eaten?", Subjects: []SubjectKind{"follower"}, Rule: builtinRule},
			{ID: "diet", Supersedes: "diet", Rule: houseRule, Folder: 1},
		},
		Rows:  []Row{{Table: "diet", ID: "meeple", Subject: "meeple"}, {Table: "diet", ID: "meeple", Subject: "meeple", Supersedes: "meeple", Folder: 1}},
		Steps: []Step{{ID: "move", Name: "Move", Phase: 2}, {ID: "move", Supersedes: "move", Phase: 3, Folder: 1}},
	})
	require.Len(t, cat.Tables, 1)
	d := cat.Table("diet")
	assert.Equal(t, "What it eats", d.Name)
	assert.Equal(t, []SubjectKind{"follower"}, d.Subjects)
	assert.Same(t, houseRule, d.Rule)
	assert.Same(t, builtinRule, d.AsOfFolder(0).Rule)
	assert.Same(t, d, d.AsOfFolder(1))
	assert.Equal(t, 1, cat.RowSuccessor(0))
	assert.Equal(t, 3, cat.Step("move").Phase)

	old := cat.UpToFolder(0)
	assert.Same(t, builtinRule, old.Table("diet").Rule)
	assert.Len(t, old.Rows, 1)
	assert.Equal(t, 2, old.Step("move").Phase)
	assert.Same(t, cat, cat.UpToFolder(1), "nothing comes after folder 1")
}

// A catalog rebuilt from its Written data is the catalog it was: the step
// that supersedes another is in force once, the one it superseded is kept
// as written, and so for tables. Rebuilt from its Data, which holds the
// steps and tables in force, it would lose what they superseded.
func TestCatalogRebuiltFromWrittenData(t *testing.T) {
	builtin := Step{ID: "dragon-move", Name: "The dragon moves", Phase: 2, Source: Citation{Kind: Rulebook, Title: "Rules"}}
	house := Step{ID: "dragon-move", Supersedes: "dragon-move", Folder: 1, Source: Citation{Kind: "house-rule", Title: "Ours"}}
	table := Table{ID: "diet", Question: "What may the dragon eat?"}
	houseTable := Table{ID: "diet", Supersedes: "diet", Folder: 1, Question: "What may our dragon eat?"}
	c := NewCatalog(Data{Steps: []Step{builtin, house}, Tables: []Table{table, houseTable}})
	again := NewCatalog(c.Written())
	assert.Equal(t, c.Steps, again.Steps)
	assert.Equal(t, c.Tables, again.Tables)
	assert.Equal(t, c.Written(), again.Written())
	require.Len(t, c.Written().Steps, 2)
	assert.Equal(t, "Ours", again.Steps[0].Source.Title)
	assert.Len(t, NewCatalog(c.Data).Written().Steps, 1, "the Data holds the steps in force")
}
