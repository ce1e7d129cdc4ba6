package rules_test

import (
	"testing"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// builtin loads the built-in data, which must be clean.
func builtin(tb testing.TB) *tilekit.Catalog {
	cat, err := validator.BuiltinCatalog()
	if err != nil {
		tb.Fatal(err)
	}
	return cat
}

// BenchmarkQueryAllTables answers every table for every subject of all
// expansions.
func BenchmarkQueryAllTables(b *testing.B) {
	cat := builtin(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, t := range cat.Tables {
			if _, err := rules.Query(cat, t.ID, "", rules.QueryOptions{Selection: rules.SelectAll(), History: true}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(cat.Tables)), "ns/table")
}

func BenchmarkGaps(b *testing.B) {
	cat := builtin(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rules.Gaps(cat, rules.QueryOptions{Selection: rules.SelectAll()})
	}
}

func BenchmarkOrder(b *testing.B) {
	cat := builtin(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := rules.Order(cat, rules.SelectAll(), rules.OrderOptions{Publisher: tilekit.RioGrande}); err != nil {
			b.Fatal(err)
		}
	}
}
