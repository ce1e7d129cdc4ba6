package site

// The "my game" sheet: for the reader's choice, every table's verdicts in
// compact columns with their sources as numbered footnotes, and the turn by
// phase, to print on at most two A4 pages for the seed expansions.

// sheetData is the content of the sheet.
type sheetData struct {
	Tables  []sheetTable
	Sources []sheetSource
	Order   []orderSection
}

// sheetTable is a table on the sheet: its name, question and answers.
type sheetTable struct {
	Name, Question, Href string
	Needs                needs
	Rows                 []sheetRow
}

// sheetRow is one answer on the sheet, with the number of its source.
type sheetRow struct {
	Subject, Verdict, VerdictClass string
	Source                         int
	Needs                          needs
	// In and Then are the answer's choices of edition and month, as on
	// its table's page (answerView).
	In   string
	Then bool
}

// sheetSource is a numbered footnote: a source the sheet's rows cite.
type sheetSource struct {
	N      int
	Source citation
}

// writeSheet writes the sheet from the tables' pages and the order of
// play, numbering each distinct source once.
func (b *builder) writeSheet() error {
	const p = "sheet"
	d := &sheetData{}
	numbers := map[citation]int{}
	for _, t := range b.tables {
		td, err := b.tablePage(t)
		if err != nil {
			return err
		}
		st := sheetTable{Name: td.Name, Question: td.Question, Href: b.pageLink(p, "tables/"+t.ID, ""), Needs: td.Needs}
		for _, a := range td.Answers {
			if a.Verdict == "" {
				continue
			}
			n, ok := numbers[a.Source]
			if !ok {
				n = len(numbers) + 1
				numbers[a.Source] = n
				d.Sources = append(d.Sources, sheetSource{N: n, Source: a.Source})
			}
			st.Rows = append(st.Rows, sheetRow{Subject: a.Subject, Verdict: a.Verdict, VerdictClass: a.VerdictClass, Source: n, Needs: a.Needs, In: a.In, Then: a.Then})
		}
		d.Tables = append(d.Tables, st)
	}
	order, err := b.orderFor(p, b.sel, "sheet-step-")
	if err != nil {
		return err
	}
	d.Order = order.Sections
	return b.writePage("sheet", b.newPage(p, b.tr.must("sheet.title"), d))
}
