package validator

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests feed the checks inputs that once made them quadratic or
// flooded the output: each fault must give one diagnostic (or a capped
// list), however many rows repeat it.

// rowsFile returns an interactions file of n rows for the dragon-diet
// table and the subject meeple, written by row(i).
func rowsFile(n int, row func(i int) string) string {
	return subjectRows("dragon-diet", "meeple", n, row)
}

// subjectRows returns an interactions file of n rows for a table and a
// subject, written by row(i).
func subjectRows(table, subject string, n int, row func(i int) string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "[[row]]\ntable = %q\nsubject = %q\n", table, subject)
		b.WriteString(row(i))
		b.WriteString("source = { kind = \"house-rule\", title = \"Our house rules\" }\nexplanation = \"A test.\"\n\n")
	}
	return b.String()
}

func validateRows(t *testing.T, src string) *Result {
	t.Helper()
	res, err := Validate(BuiltinFolder(), Folder{Name: "fan", FS: mapFS(map[string]string{"interactions/rows.toml": src})})
	require.NoError(t, err)
	return res
}

func codes(ds Diagnostics) map[string]int {
	out := map[string]int{}
	for _, d := range ds {
		out[d.Code]++
	}
	return out
}

func TestContraryVerdictsOncePerSubject(t *testing.T) {
	// 3,000 rows for one subject, alternating yes and no: the built-in row
	// for meeple agrees with one half, every row disagrees with another.
	res := validateRows(t, rowsFile(3000, func(i int) string {
		return fmt.Sprintf("id = \"r%d\"\nverdict = %q\nexception = %v\n", i, []string{"no", "yes"}[i%2], i%2 == 0)
	}))
	var contrary []Diagnostic
	for _, d := range res.Diagnostics {
		if d.Code == "contrary-verdicts" {
			contrary = append(contrary, d)
		}
	}
	require.Len(t, contrary, 1, "one contradiction, once: %v", codes(res.Diagnostics))
	// The built-in row and the 3,000 are all involved: two are named in
	// full, five more by id, and the rest counted.
	assert.Contains(t, contrary[0].Message, "; 2999 more rows disagree: ")
	assert.Contains(t, contrary[0].Message, "and 2994 more")
}

func TestContraryVerdictsNeedOverlappingScopes(t *testing.T) {
	// No built-in row answers for the ghost; the rule of thumb says no.
	rows := func(editions ...string) string {
		return subjectRows("black-dragon-diet", "ghost", 2, func(i int) string {
			return fmt.Sprintf("id = \"r%d\"\nverdict = %q\nexception = %v\neditions = [%q]\n", i, []string{"no", "yes"}[i], i == 1, editions[i])
		})
	}
	res := validateRows(t, rows("C1", "C2"))
	assert.Empty(t, codes(res.Diagnostics))
	res = validateRows(t, rows("C1", "C1"))
	assert.Equal(t, map[string]int{"contrary-verdicts": 1}, codes(res.Diagnostics))
}

func TestLongSupersedeChainIsLinearAndClean(t *testing.T) {
	const n = 20000
	res := validateRows(t, rowsFile(n, func(i int) string {
		s := fmt.Sprintf("id = \"r%d\"\nverdict = \"yes\"\n", i)
		if i < n-1 {
			s += fmt.Sprintf("superseded_by = \"r%d\"\n", i+1)
		}
		return s
	}))
	assert.Empty(t, codes(res.Diagnostics))
}

func TestSupersedeCircleOnce(t *testing.T) {
	const n = 5000
	res := validateRows(t, rowsFile(n, func(i int) string {
		return fmt.Sprintf("id = \"r%d\"\nverdict = \"yes\"\nsuperseded_by = \"r%d\"\n", i, (i+1)%n)
	}))
	require.Len(t, res.Diagnostics, 1, "%v", codes(res.Diagnostics))
	d := res.Diagnostics[0]
	assert.Equal(t, "supersede-cycle", d.Code)
	assert.Equal(t, 6, d.Line, "at the first row of the circle")
	assert.Contains(t, d.Message, "r0, r1, r2, r3, r4 and 4995 more")
}

func TestDiagnosticsAreCappedPerCode(t *testing.T) {
	// Every row names a table nobody defines: one fault, 500 times.
	res := validateRows(t, strings.ReplaceAll(rowsFile(500, func(i int) string {
		return fmt.Sprintf("id = \"r%d\"\nverdict = \"yes\"\n", i)
	}), "dragon-diet", "no-such-table"))
	c := codes(res.Diagnostics)
	assert.Equal(t, MaxPerCode, c["unknown-table"])
	require.Equal(t, 1, c["more-problems"])
	for _, d := range res.Diagnostics {
		if d.Code == "more-problems" {
			assert.Contains(t, d.Message, "400 more unknown-table problems")
			assert.Equal(t, Error, d.Severity, "what was left out were errors")
		}
	}
	assert.True(t, res.Diagnostics.HasErrors())
}
