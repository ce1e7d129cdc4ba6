package validator

import (
	"slices"
	"strconv"

	"github.com/tilekit/tilekit"
)

// checkAppliesTo checks that a table's rule of thumb applies only to kinds
// of subject the table asks about: a kind its subjects never have would be
// a rule that never speaks, which is a mistake in the rule or in the
// table's subjects.
func (l *loader) checkAppliesTo(cat *tilekit.Catalog, t tilekit.Table) {
	if t.Rule == nil {
		return
	}
	if t.Supersedes != "" && len(t.Subjects) == 0 {
		// A superseding table keeps the subjects of the one it supersedes;
		// one that supersedes nothing known is reported as unknown-table.
		old := cat.Table(t.ID)
		if old == nil {
			return
		}
		t.Subjects = old.Subjects
	}
	for j, k := range t.Rule.AppliesTo {
		if !t.Covers(k) && !slices.Contains(t.Rule.AppliesTo[:j], k) {
			l.report(t.Origin.At("rule", "applies_to", strconv.Itoa(j)), "applies-to-not-covered", Error,
				"the rule of thumb applies to %s, but table %s asks only about %s: add %s to its subjects, or drop it here", k, t.ID, kindList(t.Subjects), k)
		}
	}
}
