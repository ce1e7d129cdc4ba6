package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// tableData is the content of an interaction table's page.
type tableData struct {
	ID, Name, Question, Description string
	// NameLang, QuestionLang and DescriptionLang are the language of
	// Name, Question and Description when it is not the page's (the
	// English of a table with no translation of it), else "".
	NameLang, QuestionLang, DescriptionLang string
	Expansion                               link
	Needs                                   needs
	Rule                                    *ruleView
	Answers                                 []answerView
	Unanswered                              []link
	Notes                                   []noteView
	// LeftOut counts the answers a limited site leaves out.
	LeftOut int
}

// ruleView is a table's rule of thumb.
type ruleView struct {
	Text, When, Verdict, Otherwise string
	// TextLang is "en" for a rule shown in English on a page of another
	// language (see textLang).
	TextLang string
	Source   citation
	Variants []ruleVariantView
	// Examples link the worked examples in which the rule decided
	// something, for any subject.
	Examples []link
}

// ruleVariantView is a publisher's wording of a rule of thumb.
type ruleVariantView struct {
	Publishers, Text, Verdict string
	Source                    citation
	Needs                     needs
}

// answerView is an answer in force, with the rulings it overturned folded
// under it.
type answerView struct {
	ID, SubjectID, Subject, SubjectHref, KindName, Verdict, VerdictClass, Scope, Explanation string
	RuleOfThumb, Exception                                                                   bool
	// ByRule says that the answer's why is the rule of thumb's own text,
	// which the page shows once, in its box, and links to from the row.
	ByRule     bool
	Source     citation
	Needs      needs
	Notes      []link
	Superseded []supersededView
	// Examples link the worked examples in which the answer decided
	// something, as the game engine played them.
	Examples []link
	// Replaces names the kind of the ruling of the built-in data or an
	// earlier folder that this one superseded by naming it, such as a house
	// rule's; ReplacesClass is "house-rule" when this one is a house rule.
	Replaces, ReplacesClass string
	// In is the data-in of an answer not in force for every edition and
	// month (asof.go); Then marks an answer in force only for some
	// earlier month or another edition than every one, hidden until the
	// reader chooses one.
	In   string
	Then bool
}

// supersededView is a ruling that a later one overturned.
type supersededView struct {
	ID, Verdict, Scope, Explanation string
	Source                          citation
	Needs                           needs
	// Examples link the worked examples played by data folders before
	// the one that overturned it, in which it decided something.
	Examples []link
}

// writeTables writes a page for each interaction table the site covers.
func (b *builder) writeTables() error {
	for _, t := range b.tables {
		d, err := b.tablePage(t)
		if err != nil {
			return err
		}
		p := "tables/" + t.ID
		if err := b.writePage("table", b.newPage(p, d.Name, d)); err != nil {
			return err
		}
		b.addSearch(d.Name, p, "", "table", d.Question+" "+d.Description).needing(b.needsOf([]string{t.Expansion}, nil))
	}
	return nil
}

// tablePage gathers a table's page.
func (b *builder) tablePage(t *tilekit.Table) (*tableData, error) {
	p := "tables/" + t.ID
	res := b.answers[t.ID]
	tr := t.Translations
	d := &tableData{ID: t.ID, Name: b.text(tr, "name", t.Name), Question: b.text(tr, "question", t.Question), Description: b.text(tr, "description", t.Description),
		NameLang: b.textLang(tr, "name", t.Name), QuestionLang: b.textLang(tr, "question", t.Question), DescriptionLang: b.textLang(tr, "description", t.Description), Needs: b.needsOf([]string{t.Expansion}, nil),
		Expansion: link{Href: b.pageLink(p, "expansions/"+tilekit.ParentExpansion(t.Expansion), ""), Text: b.expansionName(t.Expansion)}}
	if t.Rule != nil {
		d.Rule = b.ruleView(t.Rule)
		d.Rule.Examples = b.exampleLinks(p, b.exercised.thumbs[t.ID])
	}
	inForce := map[*tilekit.Row]int{}
	var keys []string
	for i := range res.Answers {
		a := &res.Answers[i]
		if a.SupersededBy != nil {
			continue
		}
		if a.Row != nil {
			inForce[a.Row] = len(d.Answers)
		}
		d.Answers = append(d.Answers, b.answerView(t, a, p))
		keys = append(keys, answerKey(a))
	}
	for i := range res.Answers {
		a := &res.Answers[i]
		if a.SupersededBy == nil {
			continue
		}
		s := supersededView{ID: b.rowIDs[a], Verdict: b.answerVerdict(a), Scope: a.Scope, Explanation: b.answerText(a, "explanation", a.Explanation), Source: b.citationOf(a.Source), Needs: b.answerNeeds(t, a),
			Examples: b.exampleLinks(p, b.exercised.answers[a])}
		if k, ok := inForce[a.SupersededBy]; ok {
			d.Answers[k].Superseded = append(d.Answers[k].Superseded, s)
			continue
		}
		// The ruling in force is not among the answers (another scope):
		// the superseded one stands alone, marked as such.
		v := b.answerView(t, a, p)
		v.Superseded = []supersededView{s}
		v.Verdict, v.Explanation, v.Examples = "", "", nil
		d.Answers = append(d.Answers, v)
	}
	if err := b.markAnswersInForce(t, d, keys); err != nil {
		return nil, err
	}
	for _, s := range res.Unanswered {
		d.Unanswered = append(d.Unanswered, link{Href: b.subjectLink(p, s), Text: b.subjectName(s), Needs: b.needsOf([]string{t.Expansion, s.Expansion}, nil)})
	}
	for _, n := range res.AllNotes() {
		d.Notes = append(d.Notes, b.noteOf(n))
	}
	if b.limited {
		full, err := b.shared.query(t.ID, rules.QueryOptions{Selection: rules.SelectAll(), History: true})
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", t.ID, err)
		}
		d.LeftOut = len(full.Answers) - len(res.Answers)
	}
	return d, nil
}

// matchWords words the attributes a rule of thumb looks at, from their
// values, such as "living, stands on one tile"; "" for none.
func (b *builder) matchWords(m tilekit.Match) string {
	var parts []string
	if m.Living != nil {
		parts = append(parts, b.tr.must("table.match.living."+strconv.FormatBool(*m.Living)))
	}
	if m.Footprint != "" {
		parts = append(parts, b.tr.must("table.match.footprint."+string(m.Footprint)))
	}
	if m.Category != "" {
		parts = append(parts, b.tr.must("table.match.category", b.tr.must("category."+string(m.Category))))
	}
	if m.Owner != "" {
		parts = append(parts, b.tr.must("table.match.owner."+m.Owner))
	}
	return strings.Join(parts, ", ")
}

// ruleAnswerWords words why the rule of thumb answers for a subject with
// no ruling of its own: the rule reaches the subject, or it does not.
func (b *builder) ruleAnswerWords(r *tilekit.Rule, s tilekit.Subject) string {
	when := b.matchWords(r.When)
	switch {
	case !r.When.Matches(s):
		return b.tr.must("table.rule-outside", when, b.text(r.Translations, "text", r.Text))
	case when == "":
		return b.tr.must("table.rule-applies", b.text(r.Translations, "text", r.Text))
	}
	return b.tr.must("table.rule-applies-when", when, b.text(r.Translations, "text", r.Text))
}

// ruleView describes a rule of thumb.
func (b *builder) ruleView(r *tilekit.Rule) *ruleView {
	v := &ruleView{Text: b.text(r.Translations, "text", r.Text), TextLang: b.textLang(r.Translations, "text", r.Text), When: b.matchWords(r.When), Verdict: b.tr.must("verdict." + string(r.Verdict)), Otherwise: b.tr.must("verdict." + string(r.Otherwise)), Source: b.citationOf(r.Source)}
	for _, vr := range r.Variants {
		var names []string
		for _, p := range vr.Publishers {
			names = append(names, p.Name())
		}
		v.Variants = append(v.Variants, ruleVariantView{Publishers: strings.Join(names, ", "), Text: b.text(vr.Translations, "text", vr.Text), Verdict: b.verdictText(vr.Verdict, b.text(vr.Translations, "condition", vr.Condition)), Source: b.citationOf(vr.Source), Needs: b.needsOf(nil, vr.Publishers)})
	}
	return v
}

// answerView describes an answer for its table's page, and makes it an
// entry of the search.
func (b *builder) answerView(t *tilekit.Table, a *rules.Answer, page string) answerView {
	v := b.answerFields(t, a, page)
	e := b.addSearch(v.Subject+": "+b.name(t.Translations, t.Name), page, v.ID, "answer", v.Verdict+". "+v.Explanation).needing(v.Needs)
	e.Verdict, e.Question = v.Verdict, b.text(t.Translations, "question", t.Question)
	return v
}

// answerFields describes an answer for its table's page.
func (b *builder) answerFields(t *tilekit.Table, a *rules.Answer, page string) answerView {
	v := answerView{ID: b.rowIDs[a], SubjectID: a.Subject.ID, Subject: b.subjectName(a.Subject), SubjectHref: b.subjectLink(page, a.Subject),
		KindName: b.tr.must("category." + string(a.Subject.Kind)), Verdict: b.answerVerdict(a), VerdictClass: string(a.Verdict),
		Scope: a.Scope, Explanation: b.answerText(a, "explanation", a.Explanation), RuleOfThumb: a.Row == nil, Exception: a.Row != nil && a.Row.Exception,
		Source: b.citationOf(a.Source), Needs: b.answerNeeds(t, a), Examples: b.exampleLinks(page, b.exercised.answers[a])}
	if a.Supersedes != nil {
		v.Replaces, v.ReplacesClass = b.replacesBadge(a.Supersedes.Source, a.Source)
	}
	if v.RuleOfThumb && a.RuleVariant != nil {
		v.Explanation = b.text(a.RuleVariant.Translations, "text", a.RuleVariant.Text)
	} else if v.RuleOfThumb && t.Rule != nil && v.Explanation == "" {
		v.Explanation = b.text(t.Rule.Translations, "text", t.Rule.Text)
	} else if v.RuleOfThumb && t.Rule != nil {
		// The rules package words why in English; the strings word it here.
		v.Explanation = b.ruleAnswerWords(t.Rule, a.Subject)
	}
	// An answer of the rule's own wording, for a subject the rule reaches,
	// links to the rule's box instead of repeating it.
	v.ByRule = v.RuleOfThumb && a.RuleVariant == nil && t.Rule != nil && t.Rule.When.Matches(a.Subject)
	for _, n := range a.Notes {
		v.Notes = append(v.Notes, link{Href: "#note-" + anchorID(n.ID), Text: b.text(n.Translations, "title", n.Title)})
	}
	return v
}

// markAnswersInForce gives each answer of a table's page the editions and
// eras it is in force in (keys are the answers' answerKey, in order), and
// adds the answers in force only for another edition or an earlier month,
// each after the last answer about its subject, hidden until chosen.
func (b *builder) markAnswersInForce(t *tilekit.Table, d *tableData, keys []string) error {
	if len(b.eras) == 0 {
		return nil
	}
	p := "tables/" + t.ID
	f := newInForce(len(b.eras))
	first := map[string]rules.Answer{}
	err := b.eachChoice(func(ei, i int, e tilekit.Edition, m rules.Month) error {
		if !rules.InEdition(b.cat, t.Expansion, e) {
			return nil // the table's expansion is not in the edition: no answers
		}
		res, err := b.shared.query(t.ID, rules.QueryOptions{Selection: b.sel, Edition: e, AsOf: m})
		if err != nil {
			return fmt.Errorf("table %s: %w", t.ID, err)
		}
		for k := range res.Answers {
			key := answerKey(&res.Answers[k])
			f.add(key, ei, i)
			if _, ok := first[key]; !ok {
				first[key] = res.Answers[k]
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	shown := map[string]bool{}
	for i, key := range keys {
		d.Answers[i].In, shown[key] = f.attr(key), true
	}
	n := 0
	for _, key := range f.keys {
		if shown[key] {
			continue
		}
		a := first[key]
		v := b.answerFields(t, &a, p)
		n++
		v.ID, v.In, v.Then = anchorID(string(a.Subject.Kind)+"-"+a.Subject.ID)+"-then-"+fmt.Sprint(n), f.attr(key), true
		at := len(d.Answers)
		for j := range d.Answers {
			if d.Answers[j].SubjectID == v.SubjectID {
				at = j + 1
			}
		}
		d.Answers = append(d.Answers[:at], append([]answerView{v}, d.Answers[at:]...)...)
	}
	return nil
}

// replacesBadge gives the words and class of the badge of a ruling or
// step that replaced one of an earlier folder: the kind of the source
// replaced, and "house-rule" when the one in force is a house rule.
func (b *builder) replacesBadge(replaced, source tilekit.Citation) (words, class string) {
	if source.Kind == tilekit.HouseRule {
		class = string(tilekit.HouseRule)
	}
	return b.tr.must("kind." + string(replaced.Kind)), class
}

// subjectLink links a subject's entry on its expansion's page.
func (b *builder) subjectLink(page string, s tilekit.Subject) string {
	return b.pageLink(page, "expansions/"+tilekit.ParentExpansion(s.Expansion), string(s.Kind.Entry())+"-"+anchorID(s.ID))
}
