package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// answerOf asks one table about one subject of the built-in data and
// returns its answers in force: verdicts, and whether the subject did not
// exist yet.
func answerOf(t *testing.T, table, subject string, opt rules.QueryOptions) (verdicts []tilekit.Verdict, notYet bool) {
	t.Helper()
	opt.Selection = rules.SelectAll()
	r, err := rules.Query(builtin(t), table, subject, opt)
	require.NoError(t, err)
	for _, a := range r.Answers {
		if a.SupersededBy == nil {
			verdicts = append(verdicts, a.Verdict)
		}
	}
	return verdicts, len(r.NotYet) > 0
}

// TestBuiltinQueryVariants checks answers that depend on the publisher, the
// edition and the month: the princess's may or must, the fairy's "next to
// one follower" or "on the tile" for every follower, and subjects that did
// not exist yet.
func TestBuiltinQueryVariants(t *testing.T) {
	const (
		y, n, c = tilekit.Yes, tilekit.No, tilekit.Conditional
	)
	for _, tc := range []struct {
		name, table, subject string
		opt                  rules.QueryOptions
		want                 []tilekit.Verdict
		notYet               bool
	}{
		{"princess may under hig", "princess-obligation", "meeple", rules.QueryOptions{Publisher: tilekit.HansImGlueck}, []tilekit.Verdict{n}, false},
		{"princess must under rgg", "princess-obligation", "meeple", rules.QueryOptions{Publisher: tilekit.RioGrande}, []tilekit.Verdict{y}, false},
		{"princess must under zmg", "princess-obligation", "mayor", rules.QueryOptions{Publisher: tilekit.ZMan}, []tilekit.Verdict{y}, false},
		{"princess both without a variant", "princess-obligation", "wagon", rules.QueryOptions{}, []tilekit.Verdict{y, n}, false},
		// Big Box 2 is named without its date: 12/2013 is only when the
		// footnote was last updated, so Hans im Glück's may holds then too.
		{"hig's may in 2013-06", "princess-obligation", "meeple", rules.QueryOptions{Publisher: tilekit.HansImGlueck, AsOf: asOf(t, "2013-06")}, []tilekit.Verdict{n}, false},
		{"rgg's must in 2013-06", "princess-obligation", "meeple", rules.QueryOptions{Publisher: tilekit.RioGrande, AsOf: asOf(t, "2013-06")}, []tilekit.Verdict{y}, false},
		{"princess before the expansion", "princess-obligation", "meeple", rules.QueryOptions{AsOf: asOf(t, "2004-12")}, nil, true},
		{"fairy next to the mayor under hig", "fairy-companions", "mayor", rules.QueryOptions{Publisher: tilekit.HansImGlueck}, []tilekit.Verdict{y}, false},
		{"fairy on the mayor's tile under rgg", "fairy-companions", "mayor", rules.QueryOptions{Publisher: tilekit.RioGrande}, []tilekit.Verdict{c}, false},
		{"fairy on the wagon's tile under zmg", "fairy-companions", "wagon", rules.QueryOptions{Publisher: tilekit.ZMan}, []tilekit.Verdict{c}, false},
		{"fairy meeple row under rgg", "fairy-companions", "meeple", rules.QueryOptions{Publisher: tilekit.RioGrande}, []tilekit.Verdict{c}, false},
		// "On the tile" is the Big Box's own wording, not dated by the
		// footnote's update (5/2013).
		{"fairy wording before 2013-05", "fairy-companions", "mayor", rules.QueryOptions{Publisher: tilekit.RioGrande, AsOf: asOf(t, "2013-04")}, []tilekit.Verdict{c}, false},
		{"fairy meeple row before 2013-05", "fairy-companions", "meeple", rules.QueryOptions{Publisher: tilekit.ZMan, AsOf: asOf(t, "2010-06")}, []tilekit.Verdict{c}, false},
		{"fairy next to the meeple under hig before 2013-05", "fairy-companions", "meeple", rules.QueryOptions{Publisher: tilekit.HansImGlueck, AsOf: asOf(t, "2010-06")}, []tilekit.Verdict{y}, false},
		{"fairy builder is no follower", "fairy-companions", "builder", rules.QueryOptions{Publisher: tilekit.RioGrande}, []tilekit.Verdict{n}, false},
		{"mage eaten since 2015-03", "dragon-diet", "mage", rules.QueryOptions{}, []tilekit.Verdict{y}, false},
		{"mage not eaten in 2014-12", "dragon-diet", "mage", rules.QueryOptions{AsOf: asOf(t, "2014-12")}, []tilekit.Verdict{n}, false},
		{"mage did not exist in 2011", "dragon-diet", "mage", rules.QueryOptions{AsOf: asOf(t, "2011-06")}, nil, true},
		{"the rule of thumb is dated 2015-03", "dragon-diet", "courier", rules.QueryOptions{AsOf: asOf(t, "2014-12")}, nil, false},
		{"mage for C1", "dragon-diet", "mage", rules.QueryOptions{Edition: tilekit.C1}, []tilekit.Verdict{y}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, notYet := answerOf(t, tc.table, tc.subject, tc.opt)
			assert.ElementsMatch(t, tc.want, got)
			assert.Equal(t, tc.notYet, notYet)
		})
	}
}

// TestQueryEditions checks that --edition keeps the rows of that edition.
func TestQueryEditions(t *testing.T) {
	cat := tilekit.NewCatalog(tilekit.Data{
		Expansions: []tilekit.Expansion{{ID: "base", Editions: tilekit.Editions, Published: "2000-01"}},
		Figures:    []tilekit.Figure{{ID: "meeple", Expansion: "base", Category: tilekit.Follower}},
		Tables:     []tilekit.Table{{ID: "t", Expansion: "base", Subjects: []tilekit.SubjectKind{"follower"}}},
		Rows: []tilekit.Row{
			{Table: "t", Subject: "meeple", ID: "c1", Verdict: tilekit.Yes, Editions: []tilekit.Edition{tilekit.C1}},
			{Table: "t", Subject: "meeple", ID: "new", Verdict: tilekit.No, Editions: []tilekit.Edition{tilekit.C2, tilekit.C3}},
		},
	})
	for e, want := range map[tilekit.Edition][]tilekit.Verdict{
		"": {tilekit.Yes, tilekit.No}, tilekit.C1: {tilekit.Yes}, tilekit.C2: {tilekit.No}, tilekit.C3: {tilekit.No},
	} {
		r, err := rules.Query(cat, "t", "meeple", rules.QueryOptions{Edition: e})
		require.NoError(t, err)
		var got []tilekit.Verdict
		for _, a := range r.Answers {
			got = append(got, a.Verdict)
		}
		assert.ElementsMatch(t, want, got, "edition %q", e)
	}
	r, err := rules.Query(cat, "t", "meeple", rules.QueryOptions{AsOf: asOf(t, "1999-12")})
	require.NoError(t, err)
	require.NotNil(t, r.TableNotYet)
	assert.Equal(t, "2000-01", r.TableNotYet.Published, "a month stays a month")
	assert.Empty(t, r.Answers)
}

// TestBuiltinOrderVariants checks the order of play per publisher, edition
// and month: the princess's may or must, the dragon's edition variant, and
// steps that did not exist yet.
func TestBuiltinOrderVariants(t *testing.T) {
	cat := builtin(t)
	sel, err := rules.Select(cat, []string{"princess-dragon"})
	require.NoError(t, err)
	variantOf := func(opt rules.OrderOptions, id string) string {
		steps, err := rules.Order(cat, sel, opt)
		require.NoError(t, err)
		for _, s := range steps {
			if s.Step.ID == id {
				if s.Variant == nil {
					return "own"
				}
				return s.Variant.Explanation
			}
		}
		return "absent"
	}
	for _, tc := range []struct {
		name, step string
		opt        rules.OrderOptions
		want       string
	}{
		{"princess must under rgg", "princess-remove", rules.OrderOptions{Publisher: tilekit.RioGrande}, "must remove"},
		{"princess must under zmg", "princess-remove", rules.OrderOptions{Publisher: tilekit.ZMan}, "must remove"},
		{"princess may under hig", "princess-remove", rules.OrderOptions{Publisher: tilekit.HansImGlueck}, "own"},
		{"princess must under rgg in 2013-06", "princess-remove", rules.OrderOptions{Publisher: tilekit.RioGrande, AsOf: asOf(t, "2013-06")}, "must remove"},
		{"hig's may is the step's own", "princess-remove", rules.OrderOptions{Publisher: tilekit.HansImGlueck, AsOf: asOf(t, "2013-06")}, "own"},
		{"standard rules", "princess-remove", rules.OrderOptions{}, "own"},
		{"dragon for C1", "dragon-move", rules.OrderOptions{Edition: tilekit.C1}, "own"},
		{"dragon for C2", "dragon-move", rules.OrderOptions{Edition: tilekit.C2}, "C2+C3"},
		{"dragon for C3 under hig", "dragon-move", rules.OrderOptions{Edition: tilekit.C3, Publisher: tilekit.HansImGlueck}, "C2+C3"},
		{"dragon under rgg for C2: the publisher's variant comes first", "dragon-move", rules.OrderOptions{Edition: tilekit.C2, Publisher: tilekit.RioGrande}, "Rio Grande Big Box"},
		{"no dragon before the expansion", "dragon-move", rules.OrderOptions{AsOf: asOf(t, "2004-12")}, "absent"},
		{"the dragon in 2005", "dragon-move", rules.OrderOptions{AsOf: asOf(t, "2005-01")}, "own"},
		{"the Hills & Sheep step is dated 2015-03", "shepherd-action", rules.OrderOptions{AsOf: asOf(t, "2014-12")}, "absent"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := variantOf(tc.opt, tc.step)
			if tc.want == "own" || tc.want == "absent" {
				assert.Equal(t, tc.want, got)
			} else {
				assert.Contains(t, got, tc.want)
			}
		})
	}
}

// TestRioGrandeDragonFromTheBigBox checks that Rio Grande's after-scoring
// dragon holds in every month the expansion existed: it is the Big Box's
// own text, which the page documented in 5/2013; 1/2019 only added that the
// Big Box's turn table disagrees.
func TestRioGrandeDragonFromTheBigBox(t *testing.T) {
	cat := builtin(t)
	sel, err := rules.Select(cat, []string{"princess-dragon"})
	require.NoError(t, err)
	for _, month := range []string{"2006-01", "2013-05", "2015-06", "2018-12", "2019-01"} {
		steps, err := rules.Order(cat, sel, rules.OrderOptions{Publisher: tilekit.RioGrande, AsOf: asOf(t, month)})
		require.NoError(t, err)
		pos := positions(steps)
		assert.Greater(t, pos["dragon-move"], pos["score-features"], month)
	}
}

// TestDefaultIsHansImGlueck checks that without --variant every answer
// follows one publisher, Hans im Glück, whose rules the pages' rule texts
// give: each step's own place and choice, and each rule of thumb's own
// wording, are Hans im Glück's.
func TestDefaultIsHansImGlueck(t *testing.T) {
	cat := builtin(t)
	for i := range cat.Steps {
		s := &cat.Steps[i]
		for _, e := range append([]tilekit.Edition{""}, tilekit.Editions...) {
			own := rules.OrderOptions{Edition: e, Selection: rules.SelectAll()}
			hig := own
			hig.Publisher = tilekit.HansImGlueck
			a1, b1, _ := rules.StepConstraints(s, own)
			a2, b2, _ := rules.StepConstraints(s, hig)
			assert.Equal(t, a1, a2, "%s %s: after", s.ID, e)
			assert.Equal(t, b1, b2, "%s %s: before", s.ID, e)
			assert.Equal(t, rules.StepChoice(s, own), rules.StepChoice(s, hig), "%s %s: choice", s.ID, e)
		}
	}
	for i := range cat.Tables {
		if r := cat.Tables[i].Rule; r != nil {
			assert.Nil(t, r.Variant(tilekit.HansImGlueck), "%s: the rule's own wording is Hans im Glück's", cat.Tables[i].ID)
		}
	}
	c := rules.StepChoice(cat.Step("princess-remove"), rules.OrderOptions{})
	require.NotNil(t, c)
	assert.Equal(t, tilekit.May, c.Mode, "the page's rule text says may")
}

// TestBuiltinGapsAgreeWithQuery checks that gaps and query read the
// options alike on the built-in data: a subject is a gap exactly when query
// gives it no row in force and, under a publisher's rules, no wording of
// that publisher; and a subject query leaves out is no gap.
func TestBuiltinGapsAgreeWithQuery(t *testing.T) {
	cat := builtin(t)
	for _, opt := range []rules.QueryOptions{
		{}, {Publisher: tilekit.RioGrande}, {Edition: tilekit.C1}, {AsOf: asOf(t, "2014-12")},
		{Publisher: tilekit.ZMan, Edition: tilekit.C2, AsOf: asOf(t, "2013-04")}, {AsOf: asOf(t, "2004-12")},
	} {
		opt.Selection = rules.SelectAll()
		type key struct{ table, subject, kind string }
		gaps := map[key]bool{}
		for _, g := range rules.Gaps(cat, opt) {
			gaps[key{g.Table.ID, g.Subject.ID, string(g.Subject.Kind)}] = true
		}
		asked := 0
		for _, tb := range cat.Tables {
			r, err := rules.Query(cat, tb.ID, "", opt)
			if err != nil {
				continue // a table of an expansion not in the edition
			}
			want := map[key]bool{}
			for _, s := range r.Unanswered {
				want[key{tb.ID, s.ID, string(s.Kind)}] = true
			}
			answered := map[key]bool{}
			for _, a := range r.Answers {
				k := key{tb.ID, a.Subject.ID, string(a.Subject.Kind)}
				if a.Row != nil || (opt.Publisher != "" && a.RuleVariant != nil) {
					answered[k] = true
				} else {
					want[k] = true
				}
			}
			for k := range want {
				if !answered[k] {
					asked++
					assert.True(t, gaps[k], "%+v: %v is no gap", opt, k)
					delete(gaps, k)
				}
			}
		}
		assert.Empty(t, gaps, "%+v: gaps query does not see", opt)
		assert.NotZero(t, asked, "%+v: no question is open", opt)
	}
}
