package site_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// The reader's edition and month, chosen in the selector or given in the
// address, show the dragon-diet table as `tilekit query dragon-diet
// --edition E --as-of M` answers it: the same subjects with the same
// verdicts; the folded selector says what is chosen, and the address
// keeps it.
func TestScriptEditionAndMonthAgreeWithQuery(t *testing.T) {
	cat, err := validator.BuiltinCatalog()
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	dir := buildSite(t)
	rowsNow := `Array.from(document.querySelectorAll("` + dietRows + `")).filter(e => e.getClientRects().length > 0).map(e => e.getAttribute("data-subject") + " " + e.querySelector("td.verdict").className.replace("verdict verdict-", ""))`
	for _, c := range []struct {
		edition tilekit.Edition
		month   string
		bundle  bool
	}{
		{"", "", false}, {"C1", "", false}, {"", "2014-12", false}, {"C3", "2015-06", false}, {"C1", "2006-03", false}, {"", "2012-05", true},
	} {
		query := "?e=" + string(c.edition) + "&m=" + c.month
		b.navigate(fileURL(dir, "tables/dragon-diet.html") + query)
		sel := rules.SelectAll()
		if c.bundle {
			// The first bundle: the expansions whose rules are written
			// here, chosen with the button.
			b.click(`#selector button[data-bundle]`)
			if sel, err = rules.Select(cat, b.checked()); err != nil {
				t.Fatal(err)
			}
		}
		opt := rules.QueryOptions{Selection: sel, Edition: c.edition}
		if c.month != "" {
			if opt.AsOf, err = rules.ParseMonth(c.month); err != nil {
				t.Fatal(err)
			}
		}
		res, err := rules.Query(cat, "dragon-diet", "", opt)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, a := range res.Answers {
			want = append(want, a.Subject.ID+" "+string(a.Verdict))
		}
		got := b.evalStrings(rowsNow)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("edition %q, as of %q (bundle %v): the page shows\n%v\nwant, as tilekit query answers,\n%v", c.edition, c.month, c.bundle, got, want)
		}
		summary := b.evalString(`document.querySelector(".choice-now").textContent`)
		if c.edition != "" && !strings.Contains(summary, map[tilekit.Edition]string{"C1": "1st edition", "C3": "3rd edition"}[c.edition]) {
			t.Errorf("edition %s: the folded selector says %q", c.edition, summary)
		}
		if c.month != "" && !strings.Contains(summary, c.month[:4]) {
			t.Errorf("as of %s: the folded selector says %q", c.month, summary)
		}
	}
	// The earlier ruling on the mage shows for a month before it changed,
	// and not today.
	b.navigate(fileURL(dir, "tables/dragon-diet.html") + "?m=2014-12")
	if got := fmt.Sprint(b.visibleAttr(dietRows+`[data-subject="mage"]`, "class")); got != "[then]" {
		t.Errorf("as of 2014-12 the mage's row is %s, want the earlier ruling's row (then)", got)
	}
	if q := b.query(); q != "m=2014-07" && q != "m=2014-12" {
		t.Errorf("as of 2014-12 the address says %q, want the month of the era chosen", q)
	}
}
