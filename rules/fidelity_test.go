package rules_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The tests in this file check the built-in data claim by claim against the
// three rules pages it is read from (issue 9): "Black Dragon (Fan
// Expansion)", "The Princess and The Dragon (1st edition)/de" and "The
// Drawbridges" on Wikicarpedia.

// fidelityAnswers answers a table for one subject (or all, with subject "")
// with every expansion selected.
func fidelityAnswers(t *testing.T, cat *tilekit.Catalog, table, subject string, opt rules.QueryOptions) *rules.TableAnswers {
	t.Helper()
	opt.Selection = rules.SelectAll()
	r, err := rules.Query(cat, table, subject, opt)
	require.NoError(t, err)
	return r
}

// verdictOf returns the one answer in force for a subject.
func verdictOf(t *testing.T, cat *tilekit.Catalog, table, subject string, opt rules.QueryOptions) rules.Answer {
	t.Helper()
	r := fidelityAnswers(t, cat, table, subject, opt)
	require.Len(t, r.Answers, 1, "%s %s", table, subject)
	return r.Answers[0]
}

func noteOrFail(t *testing.T, cat *tilekit.Catalog, id string) *tilekit.Note {
	t.Helper()
	n := cat.Note(id)
	require.NotNil(t, n, "note %s", id)
	return n
}

// Wrong answer 1: the Black Dragon enters when a score has reached or passed
// 50 since the beginning of the turn; only points after the scoring phase do
// not count.
func TestFidelityBlackDragonEntry(t *testing.T) {
	cat := builtin(t)
	step := cat.Step("black-dragon-place")
	require.NotNil(t, step)
	note := noteOrFail(t, cat, "black-dragon-threshold")
	for what, text := range map[string]string{"step": step.Explanation, "note": note.Text + " " + note.Title} {
		assert.Contains(t, text, "since the beginning of this turn", what)
		assert.NotContains(t, text, "during this turn's scoring phase", what)
		assert.NotContains(t, text, "during that turn's scoring phase", what)
		assert.NotContains(t, text, "during scoring", what)
	}
	assert.Contains(t, note.Text, "after the scoring phase")
	assert.Contains(t, note.Source.Section, "Step 3")
}

// Wrong answer 2: no figure but the dragon may be deployed to the volcano
// tile, and the table asks no piece or token.
func TestFidelityVolcanoDeploy(t *testing.T) {
	cat := builtin(t)
	for _, s := range []string{"mage", "witch", "teacher", "count", "courier", "gingerbread-man", "black-dragon", "meeple", "builder", "pig"} {
		assert.Equal(t, tilekit.No, verdictOf(t, cat, "volcano-deploy", s, rules.QueryOptions{}).Verdict, s)
	}
	assert.Equal(t, tilekit.Yes, verdictOf(t, cat, "volcano-deploy", "dragon", rules.QueryOptions{}).Verdict)
	r := fidelityAnswers(t, cat, "volcano-deploy", "", rules.QueryOptions{})
	for _, a := range r.Answers {
		assert.NotContains(t, []tilekit.SubjectKind{"piece", "token", "location"}, a.Subject.Kind, a.Subject.ID)
	}
	for _, s := range r.Unanswered {
		assert.NotContains(t, []tilekit.SubjectKind{"piece", "token", "location"}, s.Kind, s.ID)
	}
	table := cat.Table("volcano-deploy")
	assert.False(t, table.Covers("piece"))
	assert.False(t, table.Covers("token"))
}

// Wrong answer 3: the fairy's protection is the expansion's own rule and the
// barn's is Abbey & Mayor's, both older than 2015.
func TestFidelityFairyAndBarnDates(t *testing.T) {
	cat := builtin(t)
	old := rules.QueryOptions{AsOf: asOf(t, "2014-12")}
	assert.Equal(t, tilekit.No, verdictOf(t, cat, "dragon-diet", "fairy", old).Verdict)
	assert.Equal(t, tilekit.No, verdictOf(t, cat, "dragon-diet", "barn", old).Verdict)
	assert.Equal(t, tilekit.Yes, verdictOf(t, cat, "dragon-protection", "fairy-tile", old).Verdict)
	for _, c := range [][2]string{{"dragon-diet", "fairy"}, {"dragon-diet", "barn"}, {"dragon-protection", "fairy-tile"}} {
		a := verdictOf(t, cat, c[0], c[1], rules.QueryOptions{})
		assert.NotEqual(t, "2015-03", a.Source.Date, "%s %s", c[0], c[1])
	}
	assert.Contains(t, verdictOf(t, cat, "dragon-diet", "barn", rules.QueryOptions{}).Source.Section, "Abbey")
}

// Wrong answer 4: a dragon answers no question about itself, and a pairing
// no page rules on is open, not a rule-of-thumb yes.
func TestFidelityDragonsAboutThemselves(t *testing.T) {
	cat := builtin(t)
	for _, c := range [][2]string{{"dragon-diet", "dragon"}, {"black-dragon-diet", "black-dragon"}, {"dragon-diet", "black-dragon"}} {
		a := verdictOf(t, cat, c[0], c[1], rules.QueryOptions{})
		require.NotNil(t, a.Row, "%s %s is answered by a row, not the rule of thumb", c[0], c[1])
		assert.Equal(t, tilekit.Open, a.Verdict, "%s %s", c[0], c[1])
		assert.Equal(t, tilekit.OpenQuestion, a.Source.Kind, "%s %s", c[0], c[1])
	}
}

// Wrong answer 5: the Phantom may still be placed after the fairy is moved.
func TestFidelityFairyThenPhantom(t *testing.T) {
	cat := builtin(t)
	step := cat.Step("fairy-move")
	require.NotNil(t, step)
	assert.Contains(t, step.Explanation, "Phantom")
	n := noteOrFail(t, cat, "fairy-then-phantom")
	assert.Equal(t, "2014-12", n.Source.Date)
	assert.Contains(t, n.Steps, "fairy-move")
	assert.Contains(t, n.Expansions, "phantom")
}

// Wrong answer 6: answers without support.
func TestFidelitySupport(t *testing.T) {
	cat := builtin(t)
	rule := cat.Table("black-dragon-protection").Rule
	require.NotNil(t, rule)
	assert.Equal(t, tilekit.Community, rule.Source.Kind, "the page lists four places and gives no general rule")
	leipzig := cat.Step("leipzig-move")
	require.NotNil(t, leipzig)
	assert.NotContains(t, leipzig.Before, "score-features", "the page only says after the Black Dragon has finished moving")
	assert.Contains(t, leipzig.After, "black-dragon-move")
	// Rio Grande's order with the Black Dragon: the note that the red dragon
	// moves first cannot hold with Rio Grande's after-scoring move; the
	// conflict is recorded as open, and the note says whose order it assumes.
	n := noteOrFail(t, cat, "rgg-dragon-and-black-dragon")
	assert.True(t, n.Open)
	assert.Len(t, n.Readings, 2)
	assert.Contains(t, noteOrFail(t, cat, "red-dragon-then-black-dragon").Text, "Rio Grande")
}

// Missing rules: the red dragon's movement and the dragon tiles before the
// first volcano.
func TestFidelityRedDragonMovement(t *testing.T) {
	cat := builtin(t)
	n := noteOrFail(t, cat, "dragon-tiles-before-volcano")
	assert.Contains(t, n.Text, "set aside")
	assert.Contains(t, n.Text, "shuffled")
	m := noteOrFail(t, cat, "dragon-movement-limits")
	for _, s := range []string{"tile it started from", "dead end", "no follower"} {
		assert.Contains(t, strings.ToLower(m.Text), s)
	}
	assert.Contains(t, cat.Step("dragon-move").Notes, "dragon-movement-limits")
	v := noteOrFail(t, cat, "dragon-eaten-figures")
	assert.Contains(t, v.Tables, "dragon-diet")
}

// Missing rules: the princess.
func TestFidelityPrincess(t *testing.T) {
	cat := builtin(t)
	require.NotNil(t, cat.Table("princess-removal"))
	for _, s := range []string{"meeple", "large-meeple", "mayor", "wagon"} {
		assert.Equal(t, tilekit.Yes, verdictOf(t, cat, "princess-removal", s, rules.QueryOptions{}).Verdict, s)
	}
	assert.Equal(t, tilekit.No, verdictOf(t, cat, "princess-removal", "builder", rules.QueryOptions{}).Verdict)
	assert.Contains(t, noteOrFail(t, cat, "princess-not-tower").Tables, "princess-removal", "a follower on a tower")
	hist := fidelityAnswers(t, cat, "princess-removal", "large-meeple", rules.QueryOptions{History: true})
	var superseded []tilekit.Verdict
	for _, a := range hist.Answers {
		if a.SupersededBy != nil {
			superseded = append(superseded, a.Verdict)
		}
	}
	assert.Equal(t, []tilekit.Verdict{tilekit.Conditional}, superseded, "the early FAQ on the big follower")
	assert.Contains(t, verdictOf(t, cat, "princess-removal", "meeple", rules.QueryOptions{}).Explanation, "own")
	b := noteOrFail(t, cat, "princess-builder-goes-home")
	assert.Contains(t, b.Steps, "princess-remove")
}

// Missing rules: the fairy.
func TestFidelityFairy(t *testing.T) {
	cat := builtin(t)
	for id, date := range map[string]string{"fairy-no-tower-protection": "2013-12", "fairy-festival": "2014-05"} {
		assert.Equal(t, date, noteOrFail(t, cat, id).Source.Date, id)
	}
	for _, id := range []string{"fairy-bonus-acrobats", "fairy-bonus-abbot", "fairy-bonus-challenge"} {
		noteOrFail(t, cat, id)
	}
	hist := fidelityAnswers(t, cat, "volcano-deploy", "fairy", rules.QueryOptions{History: true})
	got := map[tilekit.Verdict]bool{}
	for _, a := range hist.Answers {
		got[a.Verdict] = a.SupersededBy != nil
	}
	assert.Equal(t, map[tilekit.Verdict]bool{tilekit.Yes: false, tilekit.No: true}, got, "the overturned FAQ stays as a superseded row")
	p := noteOrFail(t, cat, "portal-never-completed")
	assert.Equal(t, "2013-02", p.Source.Date)
}

// Missing rules: The Drawbridges.
func TestFidelityDrawbridges(t *testing.T) {
	cat := builtin(t)
	for _, id := range []string{"drawbridge-occupied-city", "drawbridge-each-meeple", "drawbridge-city-segments", "drawbridge-road-extent", "drawbridge-road-completion"} {
		n := noteOrFail(t, cat, id)
		assert.Contains(t, n.Source.URL, "The_Drawbridges", id)
		assert.Contains(t, n.Steps, "drawbridge-move", id)
	}
}

// Missing rules: the house rules of The Princess & the Dragon page.
func TestFidelityHouseRules(t *testing.T) {
	cat := builtin(t)
	var house []string
	for i := range cat.Notes {
		if cat.Notes[i].Source.Kind == tilekit.HouseRule {
			house = append(house, cat.Notes[i].ID)
		}
	}
	slices.Sort(house)
	assert.Equal(t, []string{"house-fairy-five-points", "house-fairy-no-entry-ban", "house-fairy-point-claim", "house-redraw-dragon-tiles"}, house)
}

// Issue 16: the Black Dragon's page names no edition, so the fan expansion
// plays in every edition: its tables answer and its steps are in the turn.
func TestFidelityFanExpansionEveryEdition(t *testing.T) {
	cat := builtin(t)
	x := cat.Expansion("black-dragon")
	require.NotNil(t, x)
	assert.Empty(t, x.Editions, "the page names no edition")
	for _, e := range tilekit.Editions {
		assert.True(t, x.HasEdition(e), e)
		r, err := rules.Query(cat, "black-dragon-diet", "meeple", rules.QueryOptions{Selection: rules.SelectAll(), Edition: e})
		require.NoError(t, err, e)
		assert.Len(t, r.Answers, 1, e)
		steps, err := rules.Order(cat, rules.SelectAll(), rules.OrderOptions{Edition: e})
		require.NoError(t, err, e)
		pos := positions(steps)
		assert.Contains(t, pos, "black-dragon-move", e)
		assert.Contains(t, pos, "black-dragon-place", e)
	}
}

// Issue 16: a date known only to the year is kept as a year, and an as-of
// month of that year sees it.
func TestFidelityYearPrecision(t *testing.T) {
	cat := builtin(t)
	assert.Equal(t, "2005", cat.Expansion("princess-dragon").Published)
	month, exists := rules.Published(cat, "princess-dragon/fairy", asOf(t, "2005-01"))
	assert.Equal(t, "2005", month)
	assert.True(t, exists, "January 2005 is in 2005")
	_, exists = rules.Published(cat, "princess-dragon/fairy", asOf(t, "2004-12"))
	assert.False(t, exists)
	r := fidelityAnswers(t, cat, "dragon-diet", "", rules.QueryOptions{AsOf: asOf(t, "2004-12")})
	require.NotNil(t, r.TableNotYet)
	assert.Equal(t, "2005", r.TableNotYet.Published)
	r = fidelityAnswers(t, cat, "dragon-diet", "meeple", rules.QueryOptions{AsOf: asOf(t, "2005-06")})
	assert.Nil(t, r.TableNotYet)
	assert.NotEmpty(t, r.Answers)
}

// citations returns every citation of the built-in data with a name for
// the message: rows, rules of thumb and their wordings, notes, steps, their
// mechanics, variants and choices, tiles' rules and scenarios.
func citations(cat *tilekit.Catalog) map[string]tilekit.Citation {
	out := map[string]tilekit.Citation{}
	for _, r := range cat.Rows {
		out["row "+r.Table+"/"+r.ID] = r.Source
	}
	for _, tb := range cat.Tables {
		if tb.Rule != nil {
			out["rule "+tb.ID] = tb.Rule.Source
			for i, v := range tb.Rule.Variants {
				out[fmt.Sprintf("rule %s variant %d", tb.ID, i)] = v.Source
			}
		}
	}
	for _, n := range cat.Notes {
		out["note "+n.ID] = n.Source
	}
	for _, s := range cat.Steps {
		out["step "+s.ID] = s.Source
		m := s.Mechanics
		if m.Trigger != nil {
			out["step "+s.ID+" trigger"] = m.Trigger.Source
		}
		if m.Movement != nil {
			out["step "+s.ID+" movement"] = m.Movement.Source
		}
		if m.Choice != nil {
			out["step "+s.ID+" choice"] = m.Choice.Source
		}
		for i, r := range m.Removals {
			out[fmt.Sprintf("step %s removal %d", s.ID, i)] = r.Source
		}
		for i, v := range s.Variants {
			out[fmt.Sprintf("step %s variant %d", s.ID, i)] = v.Source
			if v.Choice != nil {
				out[fmt.Sprintf("step %s variant %d choice", s.ID, i)] = v.Choice.Source
			}
		}
	}
	for _, t := range cat.Tiles {
		for i, r := range t.Rules {
			out[fmt.Sprintf("tile %s rule %d", t.ID, i)] = r.Source
		}
	}
	for _, s := range cat.Scenarios {
		out["scenario "+s.ID] = s.Source
	}
	return out
}

// Issue 16: a wiki footnote's "updated M/YYYY" (or "modified") is when the
// wiki text changed, not when a rule began: no citation takes its date
// from it.
func TestFidelityNoDateFromAnUpdate(t *testing.T) {
	cat := builtin(t)
	updated := regexp.MustCompile(`(?:updated|modified) 0?(\d{1,2})/(\d{4})`)
	for name, c := range citations(cat) {
		for _, m := range updated.FindAllStringSubmatch(c.Section, -1) {
			month, _ := strconv.Atoi(m[1])
			assert.NotEqual(t, fmt.Sprintf("%s-%02d", m[2], month), c.Date, "%s: dated by the footnote's update: %s", name, c.Section)
		}
	}
	// The rules first seen in a publication the page names without its
	// date are undated, and say which publication.
	for _, c := range []struct{ name, publication string }{
		{"rule princess-obligation", "Big Box 2"},
		{"step princess-remove choice", "Big Box 2"},
		{"rule fairy-companions variant 0", "RGG and ZMG rules"},
		{"row fairy-companions/meeple-rgg-zmg", "RGG and ZMG rules"},
		{"step dragon-move variant 1", "RGG Big Box"},
		{"row dragon-protection/castle", "Big Box 3"},
	} {
		got, ok := citations(cat)[c.name]
		require.True(t, ok, c.name)
		assert.True(t, got.Undated, c.name)
		assert.Contains(t, got.Section, c.publication, c.name)
	}
}

// Issue 16: the magic portal reaches a free feature on the fairy's tile,
// by the page's community note ("any tile of the playing area").
func TestFidelityPortalFairyTile(t *testing.T) {
	cat := builtin(t)
	a := verdictOf(t, cat, "portal-destinations", "fairy-tile", rules.QueryOptions{})
	require.NotNil(t, a.Row, "a row, not the engine's default")
	assert.Equal(t, tilekit.Yes, a.Verdict)
	assert.Equal(t, tilekit.Community, a.Source.Kind)
	assert.Contains(t, a.Source.Section, "any tile of the playing area")
}

// Issue 16: the drawbridge tie rule (a shared majority lets nobody cross)
// is the community's reading (the page's footnote 1), wherever it is
// cited: the note, the step's choice and the scenario.
func TestFidelityDrawbridgeTieIsCommunity(t *testing.T) {
	cat := builtin(t)
	all := citations(cat)
	for _, name := range []string{"note drawbridge-tie-moves-nobody", "step drawbridge-move choice", "scenario drawbridges/tie-nobody-crosses"} {
		c, ok := all[name]
		require.True(t, ok, name)
		assert.Equal(t, tilekit.Community, c.Kind, name)
		assert.Contains(t, c.Section, "footnote 1", name)
	}
	c := rules.StepChoice(cat.Step("drawbridge-move"), rules.OrderOptions{})
	require.NotNil(t, c)
	assert.Equal(t, tilekit.ChooserSoleMajority, c.By)
}

// Issue 16: the Black Dragon's page says only that meeples are sent to
// Leipzig after the Black Dragon has moved, so the order of play says that
// no rule orders Leipzig's step against scoring: its place there is the
// tie-break's.
func TestFidelityLeipzigUnorderedAgainstScoring(t *testing.T) {
	cat := builtin(t)
	sel, err := rules.Select(cat, []string{"black-dragon", "markets-of-leipzig"})
	require.NoError(t, err)
	steps, err := rules.Order(cat, sel, rules.OrderOptions{})
	require.NoError(t, err)
	byID := map[string]rules.PlayedStep{}
	for _, s := range steps {
		byID[s.Step.ID] = s
	}
	leipzig, scoring := byID["leipzig-move"], byID["score-features"]
	require.NotNil(t, leipzig.Step)
	assert.Contains(t, leipzig.Unordered, "score-features")
	assert.Contains(t, scoring.Unordered, "leipzig-move")
	assert.NotContains(t, leipzig.Unordered, "black-dragon-move", "the page orders it after the Black Dragon")
	assert.Empty(t, byID["place-tile"].Unordered)
}

// TestOrderUnordered checks Unordered on a small turn: a step ordered
// against another through a step left out is not unordered.
func TestOrderUnordered(t *testing.T) {
	cat := tilekit.NewCatalog(tilekit.Data{
		Expansions: []tilekit.Expansion{{ID: "base", Editions: tilekit.Editions}, {ID: "x", Kind: tilekit.Fan}},
		Steps: []tilekit.Step{
			{ID: "a", Expansion: "base", Before: []string{"hidden"}},
			{ID: "hidden", Expansion: "x", Before: []string{"b"}},
			{ID: "b", Expansion: "base"},
			{ID: "c", Expansion: "base", After: []string{"a"}},
		},
	})
	steps, err := rules.Order(cat, rules.Selection{}, rules.OrderOptions{})
	require.NoError(t, err)
	got := map[string][]string{}
	for _, s := range steps {
		got[s.Step.ID] = s.Unordered
	}
	assert.Equal(t, map[string][]string{"a": nil, "b": {"c"}, "c": {"b"}}, got)
}

// Issue 16: "their own included" is not the original rules' wording: the
// page dates that parenthesis to the 2010 rules, so the princess's rules of
// thumb do not call it original, and a note dated 2010 says it.
func TestFidelityPrincessOwnKnightFrom2010(t *testing.T) {
	cat := builtin(t)
	for _, id := range []string{"princess-obligation", "princess-removal"} {
		r := cat.Table(id).Rule
		require.NotNil(t, r, id)
		texts := []string{r.Text}
		for _, v := range r.Variants {
			texts = append(texts, v.Text)
		}
		for _, text := range texts {
			assert.False(t, strings.Contains(text, "own") && strings.Contains(text, "original"), "%s: %s", id, text)
		}
	}
	n := noteOrFail(t, cat, "princess-own-knight")
	assert.Equal(t, "2010", n.Source.Date)
	assert.Contains(t, n.Source.Section, "2010 version of the rules")
	has := func(month string) bool {
		r := fidelityAnswers(t, cat, "princess-removal", "meeple", rules.QueryOptions{AsOf: asOf(t, month)})
		return slices.Contains(r.AllNotes(), n)
	}
	assert.False(t, has("2009-12"), "not before the 2010 rules")
	assert.True(t, has("2010-01"), "from the 2010 rules on")
	assert.NotContains(t, verdictOf(t, cat, "princess-removal", "meeple", rules.QueryOptions{AsOf: asOf(t, "2009-12")}).Explanation, "own included")
}
