package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
)

// A small catalog built in code: two expansions, one with parts.
func smallCatalog(steps ...tilekit.Step) *tilekit.Catalog {
	yes := true
	return tilekit.NewCatalog(tilekit.Data{
		Expansions: []tilekit.Expansion{
			{ID: "base"},
			{ID: "pd", Parts: []tilekit.Part{{ID: "pd/dragon"}, {ID: "pd/fairy"}}},
			{ID: "bd"},
		},
		Figures: []tilekit.Figure{
			{ID: "meeple", Expansion: "base", Category: tilekit.Follower, Owner: "player", Living: true, Footprint: tilekit.OnTile},
			{ID: "barn", Expansion: "base", Category: tilekit.Special, Owner: "player", Footprint: tilekit.AcrossTiles},
			{ID: "fairy", Expansion: "pd/fairy", Category: tilekit.Neutral, Owner: "neutral", Living: true, Footprint: tilekit.OnTile},
			{ID: "mage", Expansion: "bd", Category: tilekit.Neutral, Owner: "neutral", Living: true, Footprint: tilekit.OnTile},
		},
		Tables: []tilekit.Table{{
			ID: "diet", Question: "Eaten?", Expansion: "pd/dragon",
			Subjects: []tilekit.SubjectKind{"follower", "special", "neutral"},
			Rule:     &tilekit.Rule{When: tilekit.Match{Living: &yes}, Verdict: tilekit.Yes, Otherwise: tilekit.No, AppliesTo: []tilekit.SubjectKind{"follower", "special", "neutral"}},
		}},
		Rows: []tilekit.Row{
			{Table: "diet", Subject: "fairy", ID: "fairy", Verdict: tilekit.No, Exception: true},
			{Table: "diet", Subject: "mage", ID: "mage-old", Verdict: tilekit.No, SupersededBy: "mage"},
			{Table: "diet", Subject: "mage", ID: "mage", Verdict: tilekit.Yes, Source: tilekit.Citation{Kind: tilekit.FAQ, Date: "2015-03"}},
			{Table: "diet", Subject: "meeple", ID: "meeple-rgg", Verdict: tilekit.Conditional, Condition: "c", Publishers: []tilekit.Publisher{tilekit.RioGrande}},
		},
		Notes: []tilekit.Note{
			{ID: "n-mage", Expansions: []string{"bd"}, Tables: []string{"diet"}, Subjects: []string{"mage"}},
			{ID: "n-table", Expansions: []string{"pd"}, Tables: []string{"diet"}},
			{ID: "n-step", Expansions: []string{"bd"}, Steps: []string{"b"}},
		},
		Steps: steps,
	})
}

func TestSelect(t *testing.T) {
	cat := smallCatalog()
	_, err := Select(cat, []string{"pd", "nope"})
	require.ErrorContains(t, err, "unknown expansion or part nope")

	sel, err := Select(cat, []string{"pd/fairy"})
	require.NoError(t, err)
	assert.True(t, sel.Has("base"), "the base game is always in")
	assert.True(t, sel.Has("pd/fairy"))
	assert.True(t, sel.Has("pd"), "an expansion counts when one of its parts does")
	assert.False(t, sel.Has("pd/dragon"))
	assert.False(t, sel.Has("bd"))
	assert.Equal(t, []string{"base", "pd/fairy"}, sel.IDs())

	sel, err = Select(cat, []string{"pd"})
	require.NoError(t, err)
	assert.True(t, sel.Has("pd/dragon"), "a whole expansion has all its parts")
	assert.True(t, SelectAll().Has("bd"))
}

func verdicts(r *TableAnswers) map[string]tilekit.Verdict {
	out := map[string]tilekit.Verdict{}
	for _, a := range r.Answers {
		key := a.Subject.ID
		if a.SupersededBy != nil {
			key += " (superseded)"
		}
		out[key] = a.Verdict
	}
	return out
}

func TestQuery(t *testing.T) {
	cat := smallCatalog()
	r, err := Query(cat, "diet", "", QueryOptions{Selection: SelectAll()})
	require.NoError(t, err)
	assert.Equal(t, map[string]tilekit.Verdict{"meeple": tilekit.Conditional, "barn": tilekit.No, "fairy": tilekit.No, "mage": tilekit.Yes}, verdicts(r))
	for _, a := range r.Answers {
		assert.Equal(t, a.Subject.ID == "barn", a.Row == nil, "%s: only the barn is answered by the rule of thumb", a.Subject.ID)
		if a.Subject.ID == "mage" {
			require.Len(t, a.Notes, 1)
			assert.Equal(t, "n-mage", a.Notes[0].ID)
		}
	}
	require.Len(t, r.Notes, 1)
	assert.Equal(t, "n-table", r.Notes[0].ID)

	// A publisher's rules: the meeple row holds only for Rio Grande, so for
	// Hans im Glück the rule of thumb answers.
	r, err = Query(cat, "diet", "meeple", QueryOptions{Selection: SelectAll(), Publisher: tilekit.HansImGlueck})
	require.NoError(t, err)
	require.Len(t, r.Answers, 1)
	assert.Nil(t, r.Answers[0].Row)
	assert.Equal(t, tilekit.Yes, r.Answers[0].Verdict)

	// History and as-of.
	r, err = Query(cat, "diet", "mage", QueryOptions{Selection: SelectAll(), History: true})
	require.NoError(t, err)
	assert.Equal(t, map[string]tilekit.Verdict{"mage": tilekit.Yes, "mage (superseded)": tilekit.No}, verdicts(r))
	r, err = Query(cat, "diet", "mage", QueryOptions{Selection: SelectAll(), AsOf: month(t, "2014-12")})
	require.NoError(t, err)
	assert.Equal(t, map[string]tilekit.Verdict{"mage": tilekit.No}, verdicts(r), "before 2015-03 the old ruling was in force")
	r, err = Query(cat, "diet", "mage", QueryOptions{Selection: SelectAll(), AsOf: month(t, "2015-03")})
	require.NoError(t, err)
	assert.Equal(t, map[string]tilekit.Verdict{"mage": tilekit.Yes}, verdicts(r))

	// Selection hides subjects and tables.
	sel, _ := Select(cat, []string{"pd"})
	r, err = Query(cat, "diet", "", QueryOptions{Selection: sel})
	require.NoError(t, err)
	assert.NotContains(t, verdicts(r), "mage")
	_, err = Query(cat, "diet", "mage", QueryOptions{Selection: sel})
	assert.ErrorContains(t, err, "mage belongs to bd, which is not selected")
	sel, _ = Select(cat, []string{"pd/fairy"})
	_, err = Query(cat, "diet", "", QueryOptions{Selection: sel})
	assert.ErrorContains(t, err, "table diet is about pd/dragon, which is not selected")
	_, err = Query(cat, "nope", "", QueryOptions{Selection: SelectAll()})
	assert.ErrorContains(t, err, "unknown table")
	_, err = Query(cat, "diet", "ghost", QueryOptions{Selection: SelectAll()})
	assert.ErrorContains(t, err, "unknown figure")
}

func TestGaps(t *testing.T) {
	cat := smallCatalog()
	gaps := Gaps(cat, QueryOptions{Selection: SelectAll()})
	require.Len(t, gaps, 1, "only the barn has no row")
	assert.Equal(t, "barn", gaps[0].Subject.ID)
	assert.Equal(t, tilekit.No, gaps[0].RuleOfThumb)
	sel, _ := Select(cat, []string{"pd/fairy"})
	assert.Empty(t, Gaps(cat, QueryOptions{Selection: sel}), "no table of the selection")
}

func step(id string, phase int, after, before []string, exp string) tilekit.Step {
	return tilekit.Step{ID: id, Phase: phase, After: after, Before: before, Expansion: exp}
}

func ids(steps []PlayedStep) []string {
	var out []string
	for _, s := range steps {
		out = append(out, s.Step.ID)
	}
	return out
}

func TestOrder(t *testing.T) {
	// c is in an early phase but must follow a, through b.
	cat := smallCatalog(
		step("a", 3, nil, []string{"b"}, "base"),
		step("b", 3, nil, []string{"c"}, "bd"),
		step("c", 1, nil, nil, "base"),
		step("d", 2, nil, nil, "base"),
	)
	got, err := Order(cat, SelectAll(), OrderOptions{})
	require.NoError(t, err)
	assert.Equal(t, []string{"d", "a", "b", "c"}, ids(got))
	assert.Equal(t, "n-step", got[2].Notes[0].ID)

	sel, _ := Select(cat, []string{"pd"})
	got, err = Order(cat, sel, OrderOptions{})
	require.NoError(t, err)
	assert.Equal(t, []string{"d", "a", "c"}, ids(got), "a still comes before c without b")

	// A variant moves a step.
	s := step("x", 2, []string{"y"}, nil, "base")
	s.Variants = []tilekit.StepVariant{{Publishers: []tilekit.Publisher{tilekit.RioGrande}, Before: []string{"y"}}}
	cat = smallCatalog(step("y", 2, nil, nil, "base"), s)
	got, _ = Order(cat, SelectAll(), OrderOptions{})
	assert.Equal(t, []string{"y", "x"}, ids(got))
	got, _ = Order(cat, SelectAll(), OrderOptions{Publisher: tilekit.RioGrande})
	assert.Equal(t, []string{"x", "y"}, ids(got))
	assert.NotNil(t, got[0].Variant)

	// A cycle is an error that names it.
	cat = smallCatalog(step("p", 1, []string{"q"}, nil, "base"), step("q", 1, []string{"p"}, nil, "base"))
	_, err = Order(cat, SelectAll(), OrderOptions{})
	var ce *CycleError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, []string{"p", "q", "p"}, ce.Cycle)
}

func month(t *testing.T, s string) Month {
	m, err := ParseMonth(s)
	require.NoError(t, err)
	return m
}

func TestParseMonth(t *testing.T) {
	m, err := ParseMonth("2015-03")
	require.NoError(t, err)
	assert.Equal(t, "2015-03", m.String())
	assert.True(t, m.Before(month(t, "2015-04")))
	for _, bad := range []string{"2015-13", "2015-00", "2015", "15-03", "2015-3", ""} {
		_, err := ParseMonth(bad)
		assert.Error(t, err, bad)
	}
}

// TestParseDate checks that a date of the data keeps its precision: a year
// is written as the year and holds from its January.
func TestParseDate(t *testing.T) {
	y, err := ParseDate("2005")
	require.NoError(t, err)
	assert.Equal(t, "2005", y.String())
	assert.True(t, y.YearOnly())
	m, err := ParseDate("2005-03")
	require.NoError(t, err)
	assert.Equal(t, "2005-03", m.String())
	assert.False(t, m.YearOnly())
	assert.False(t, month(t, "2005-01").Before(y), "January is in the year")
	assert.False(t, y.Before(month(t, "2005-01")))
	assert.True(t, month(t, "2004-12").Before(y))
	assert.True(t, y.Before(m))
	for _, bad := range []string{"205", "20051", "2005-13", "+005", "-005", "0000", ""} {
		_, err := ParseDate(bad)
		assert.Error(t, err, bad)
	}
	// An as-of month is a month: a year alone is not one.
	_, err = ParseMonth("2005")
	assert.Error(t, err)
	// A date known to the year is in force in every month of it.
	for as, want := range map[string]bool{"2004-12": true, "2005-01": false, "2005-12": false} {
		assert.Equal(t, want, later("2005", month(t, as)), as)
	}
}

// TestZeroSelection checks that the zero Selection is the base game alone
// and that SelectAll is the wide one.
func TestZeroSelection(t *testing.T) {
	var zero Selection
	assert.True(t, zero.Has("base"))
	assert.False(t, zero.Has("pd"))
	assert.Equal(t, []string{"base"}, zero.IDs())
	assert.True(t, SelectAll().Has("pd/fairy"))
	cat := smallCatalog()
	sel, err := Select(cat, nil)
	require.NoError(t, err)
	assert.False(t, sel.Has("bd"), "no ids select the base game alone")
	_, err = Select(cat, []string{"nope"})
	assert.NotContains(t, err.Error(), "tilekit", "rules names no command")
}

// TestGapsForOwnExpansions checks that an author's own subjects are asked
// about by every table, selected or not, and an author's table about every
// selected subject.
func TestGapsForOwnExpansions(t *testing.T) {
	cat := smallCatalog()
	sel, _ := Select(cat, []string{"bd"})
	assert.Empty(t, Gaps(cat, QueryOptions{Selection: sel}), "the dragon's table is not selected")
	gaps := Gaps(cat, QueryOptions{Selection: sel}, "bd")
	require.Len(t, gaps, 0, "the mage has rows")
	cat.Figures = append(cat.Figures, tilekit.Figure{ID: "wolf", Expansion: "bd", Category: tilekit.Neutral, Living: true})
	cat = tilekit.NewCatalog(cat.Data)
	gaps = Gaps(cat, QueryOptions{Selection: sel}, "bd")
	require.Len(t, gaps, 1)
	assert.Equal(t, "wolf", gaps[0].Subject.ID)
	assert.Equal(t, "diet", gaps[0].Table.ID)
}

// TestQueryUnansweredAndNotesOnce checks that a subject without a ruling
// is listed as unanswered and that a note shared by answers is listed once.
func TestQueryUnansweredAndNotesOnce(t *testing.T) {
	cat := smallCatalog()
	cat.Tables[0].Rule = nil
	cat.Notes = append(cat.Notes, tilekit.Note{ID: "shared", Expansions: []string{"base"}, Tables: []string{"diet"}, Subjects: []string{"mage", "fairy"}})
	cat = tilekit.NewCatalog(cat.Data)
	r, err := Query(cat, "diet", "barn", QueryOptions{Selection: SelectAll()})
	require.NoError(t, err)
	assert.Empty(t, r.Answers)
	require.Len(t, r.Unanswered, 1)
	assert.Equal(t, "barn", r.Unanswered[0].ID)
	r, err = Query(cat, "diet", "", QueryOptions{Selection: SelectAll()})
	require.NoError(t, err)
	count := 0
	for _, n := range r.AllNotes() {
		if n.ID == "shared" {
			count++
		}
	}
	assert.Equal(t, 1, count)
}

// TestGapsOptions checks that gaps reads the options as Query does: rows of
// other publishers, editions or later months answer nothing, a subject of
// an expansion not yet published, or not published in the edition, is not
// asked about, and a publisher's wording of the rule of thumb answers.
func TestGapsOptions(t *testing.T) {
	yes := true
	cat := tilekit.NewCatalog(tilekit.Data{
		Expansions: []tilekit.Expansion{
			{ID: "base", Editions: tilekit.Editions, Published: "2000-01"},
			{ID: "pd", Editions: tilekit.Editions, Published: "2005-01"},
			{ID: "late", Editions: []tilekit.Edition{tilekit.C3}, Published: "2021-01"},
		},
		Figures: []tilekit.Figure{
			{ID: "meeple", Expansion: "base", Category: tilekit.Follower, Living: true},
			{ID: "barn", Expansion: "base", Category: tilekit.Special},
			{ID: "fairy", Expansion: "pd", Category: tilekit.Neutral, Living: true},
			{ID: "robot", Expansion: "late", Category: tilekit.Follower, Living: true},
		},
		Tables: []tilekit.Table{{
			ID: "diet", Expansion: "pd", Subjects: []tilekit.SubjectKind{"follower", "special", "neutral"},
			Rule: &tilekit.Rule{
				When: tilekit.Match{Living: &yes}, Verdict: tilekit.Yes, Otherwise: tilekit.No,
				AppliesTo: []tilekit.SubjectKind{"follower", "neutral"},
				Source:    tilekit.Citation{Kind: tilekit.FAQ, Date: "2010-01"},
				Variants: []tilekit.RuleVariant{{
					Publishers: []tilekit.Publisher{tilekit.RioGrande}, Verdict: tilekit.No,
					Source: tilekit.Citation{Kind: tilekit.PublisherDifference, Date: "2012-01"},
				}},
			},
		}},
		Rows: []tilekit.Row{
			{Table: "diet", Subject: "fairy", ID: "fairy", Verdict: tilekit.No, Source: tilekit.Citation{Kind: tilekit.FAQ, Date: "2015-03"}},
			{Table: "diet", Subject: "barn", ID: "barn", Verdict: tilekit.No, Publishers: []tilekit.Publisher{tilekit.HansImGlueck}, Editions: []tilekit.Edition{tilekit.C2}},
			{Table: "diet", Subject: "meeple", ID: "meeple", Verdict: tilekit.Yes, Source: tilekit.Citation{Kind: tilekit.FAQ, Undated: true}},
		},
	})
	type gap struct {
		subject string
		rule    tilekit.Verdict
	}
	for _, tc := range []struct {
		name string
		opt  QueryOptions
		want []gap
	}{
		{"every row answers", QueryOptions{}, []gap{{"robot", tilekit.Yes}}},
		{"the fairy's row is from 2015; the robot did not exist", QueryOptions{AsOf: month(t, "2014-12")}, []gap{{"fairy", tilekit.Yes}}},
		{"the rule of thumb is from 2010; the undated FAQ answers the meeple", QueryOptions{AsOf: month(t, "2009-12")}, []gap{{"fairy", ""}}},
		{"the table did not exist", QueryOptions{AsOf: month(t, "2004-12")}, nil},
		{"the barn's row is Hans im Glück's", QueryOptions{Publisher: tilekit.ZMan}, []gap{{"barn", ""}, {"robot", tilekit.Yes}}},
		{"Rio Grande's wording answers the robot", QueryOptions{Publisher: tilekit.RioGrande}, []gap{{"barn", ""}}},
		{"the wording is from 2012", QueryOptions{Publisher: tilekit.RioGrande, AsOf: month(t, "2011-06")}, []gap{{"barn", ""}, {"fairy", tilekit.Yes}}},
		{"the barn's row is for C2; the robot is not in C1", QueryOptions{Edition: tilekit.C1}, []gap{{"barn", ""}}},
		{"the robot is in C3", QueryOptions{Edition: tilekit.C3, Publisher: tilekit.HansImGlueck}, []gap{{"barn", ""}, {"robot", tilekit.Yes}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opt.Selection = SelectAll()
			var got []gap
			for _, g := range Gaps(cat, tc.opt) {
				got = append(got, gap{g.Subject.ID, g.RuleOfThumb})
			}
			assert.ElementsMatch(t, tc.want, got)
		})
	}
}
