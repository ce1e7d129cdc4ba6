package rules

import (
	"container/heap"
	"slices"
	"sort"
	"strings"

	"github.com/tilekit/tilekit"
)

// OrderOptions says whose rules the order of play follows.
type OrderOptions struct {
	// Publisher follows a publisher's rules where a variant moves a step;
	// empty for the steps' own.
	Publisher tilekit.Publisher
	// Edition follows an edition's rules where a variant names it; empty
	// for the steps' own.
	Edition tilekit.Edition
	// AsOf, unless zero, composes the turn as the rules stood in that
	// month: a step or variant whose source is dated later is not in force,
	// nor a step of an expansion published later.
	AsOf Month
	// Selection decides the variants that name expansions (With): such a
	// variant applies when all it names are selected. Order sets it to the
	// selection it composes; the zero Selection is the base game alone.
	Selection Selection
}

// StepConstraints returns the steps a step comes after and before under
// the options, and the variant used, if any: the first that applies to the
// options' publisher, edition and selection and was in force by their month.
func StepConstraints(s *tilekit.Step, opt OrderOptions) (after, before []string, variant *tilekit.StepVariant) {
	if v := StepVariant(s, opt); v != nil {
		return v.After, v.Before, v
	}
	return s.After, s.Before, nil
}

// StepVariant returns the variant of a step that holds under the options:
// the first that applies to their publisher, edition and selection and was
// in force by their month; nil when none does.
func StepVariant(s *tilekit.Step, opt OrderOptions) *tilekit.StepVariant {
	for i := range s.Variants {
		if v := &s.Variants[i]; v.AppliesWith(opt.Publisher, opt.Edition, opt.Selection.Has) && !later(v.Source.Date, opt.AsOf) {
			return v
		}
	}
	return nil
}

// StepChoice returns the choice a step gives a player under the options:
// the choice of the variant that holds, when it gives one, else the step's
// own; nil when the step gives none. A choice is dated by its own source,
// like everything else: one dated after the options' month is not in
// force, so the variant's gives way to the step's own, and the step's own
// to none.
func StepChoice(s *tilekit.Step, opt OrderOptions) *tilekit.Choice {
	if v := StepVariant(s, opt); v != nil && v.Choice != nil && !later(v.Choice.Source.Date, opt.AsOf) {
		return v.Choice
	}
	if c := s.Mechanics.Choice; c != nil && !later(c.Source.Date, opt.AsOf) {
		return c
	}
	return nil
}

// OrderGraph returns, under the options' rules, for each step id the ids
// of the steps that must come after it.
func OrderGraph(steps []tilekit.Step, opt OrderOptions) map[string][]string {
	known := map[string]bool{}
	for _, s := range steps {
		known[s.ID] = true
	}
	next := map[string][]string{}
	edges := map[[2]string]bool{}
	add := func(from, to string) {
		if known[from] && known[to] && !edges[[2]string{from, to}] {
			edges[[2]string{from, to}] = true
			next[from] = append(next[from], to)
		}
	}
	for i := range steps {
		after, before, _ := StepConstraints(&steps[i], opt)
		for _, a := range after {
			add(a, steps[i].ID)
		}
		for _, b := range before {
			add(steps[i].ID, b)
		}
	}
	for k := range next {
		sort.Strings(next[k])
	}
	return next
}

// FindCycle returns a cycle of the graph as step ids whose last repeats the
// first, or nil when there is none. It starts from ids in order, so the
// answer is the same for the same graph.
func FindCycle(ids []string, next map[string][]string) []string {
	const (
		unseen = iota
		onPath
		done
	)
	state := map[string]int{}
	var path []string
	var visit func(id string) []string
	visit = func(id string) []string {
		state[id] = onPath
		path = append(path, id)
		for _, n := range next[id] {
			switch state[n] {
			case onPath:
				for i, p := range path {
					if p == n {
						return append(append([]string{}, path[i:]...), n)
					}
				}
			case unseen:
				if c := visit(n); c != nil {
					return c
				}
			}
		}
		path = path[:len(path)-1]
		state[id] = done
		return nil
	}
	for _, id := range ids {
		if state[id] == unseen {
			if c := visit(id); c != nil {
				return c
			}
		}
	}
	return nil
}

// PlayedStep is a step in the order of play.
type PlayedStep struct {
	Step *tilekit.Step
	// Variant is the publisher's variant that placed the step, or nil.
	Variant *tilekit.StepVariant
	// Notes are the notes about this step's timing that apply to the
	// selection.
	Notes []*tilekit.Note
	// Choice is the choice the step gives a player under the options'
	// rules (see StepChoice), or nil.
	Choice *tilekit.Choice
	// Unordered lists, in the order of play, the other steps of the turn
	// that no constraint orders against this one, directly or through
	// other steps: its place among them comes only from the tie-break (by
	// phase, then by the order the steps were written), not from a rule.
	Unordered []string
}

// CycleError reports ordering constraints that cannot all hold.
type CycleError struct{ Cycle []string }

func (e *CycleError) Error() string {
	return "the steps' ordering constraints form a cycle: " + strings.Join(e.Cycle, " → ")
}

// Order composes the turn for a selection under the options' rules. Every
// constraint between selected steps holds, also one that passes through
// steps left out (those of other expansions, of expansions not published in
// the options' edition, and those not in force by the options' month); steps not ordered by any constraint come by phase, then
// in the order they were written.
func Order(cat *tilekit.Catalog, sel Selection, opt OrderOptions) ([]PlayedStep, error) {
	opt.Selection = sel
	full := OrderGraph(cat.Steps, opt)
	index := map[string]int{}
	var chosen []string
	for i, s := range cat.Steps {
		if _, dup := index[s.ID]; dup || !sel.Has(s.Expansion) || !InEdition(cat, s.Expansion, opt.Edition) || later(s.Source.Date, opt.AsOf) {
			continue
		}
		if _, exists := Published(cat, s.Expansion, opt.AsOf); !exists {
			continue
		}
		index[s.ID] = i
		chosen = append(chosen, s.ID)
	}
	// Keep, between chosen steps, every path of the full graph.
	next := map[string][]string{}
	indegree := map[string]int{}
	for _, from := range chosen {
		seen := map[string]bool{from: true}
		queue := append([]string{}, full[from]...)
		for len(queue) > 0 {
			id := queue[0]
			queue = queue[1:]
			if seen[id] {
				continue
			}
			seen[id] = true
			if _, ok := index[id]; ok {
				next[from] = append(next[from], id)
				indegree[id]++
				continue // paths beyond a chosen step are its own
			}
			queue = append(queue, full[id]...)
		}
	}
	q := &stepQueue{steps: cat.Steps, index: index}
	for _, id := range chosen {
		if indegree[id] == 0 {
			heap.Push(q, id)
		}
	}
	var out []PlayedStep
	for q.Len() > 0 {
		id := heap.Pop(q).(string)
		s := &cat.Steps[index[id]]
		_, _, variant := StepConstraints(s, opt)
		out = append(out, PlayedStep{Step: s, Variant: variant, Notes: stepNotes(cat, sel, s, opt.AsOf), Choice: StepChoice(s, opt)})
		for _, n := range next[id] {
			if indegree[n]--; indegree[n] == 0 {
				heap.Push(q, n)
			}
		}
	}
	if len(out) < len(chosen) {
		return nil, &CycleError{Cycle: FindCycle(chosen, next)}
	}
	markUnordered(out, next)
	return out, nil
}

// markUnordered sets each played step's Unordered: the played steps that
// neither reach it nor are reached from it through next.
func markUnordered(out []PlayedStep, next map[string][]string) {
	reach := map[string]map[string]bool{}
	for _, ps := range out {
		seen := map[string]bool{}
		queue := []string{ps.Step.ID}
		for len(queue) > 0 {
			id := queue[0]
			queue = queue[1:]
			for _, n := range next[id] {
				if !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		reach[ps.Step.ID] = seen
	}
	for i := range out {
		a := out[i].Step.ID
		for _, o := range out {
			if b := o.Step.ID; b != a && !reach[a][b] && !reach[b][a] {
				out[i].Unordered = append(out[i].Unordered, b)
			}
		}
	}
}

// stepNotes returns the selection's notes about a step: those it names and
// those that name it.
func stepNotes(cat *tilekit.Catalog, sel Selection, s *tilekit.Step, asOf Month) []*tilekit.Note {
	var out []*tilekit.Note
	for i := range cat.Notes {
		n := &cat.Notes[i]
		if (slices.Contains(s.Notes, n.ID) || slices.Contains(n.Steps, s.ID)) && sel.HasAll(n.Expansions) && inForce(cat, n, asOf) {
			out = append(out, n)
		}
	}
	return out
}

// stepQueue orders ready steps by phase, then by where they were written.
type stepQueue struct {
	ids   []string
	steps []tilekit.Step
	index map[string]int
}

func (q *stepQueue) Len() int { return len(q.ids) }
func (q *stepQueue) Less(i, j int) bool {
	a, b := q.index[q.ids[i]], q.index[q.ids[j]]
	if q.steps[a].Phase != q.steps[b].Phase {
		return q.steps[a].Phase < q.steps[b].Phase
	}
	return a < b
}
func (q *stepQueue) Swap(i, j int) { q.ids[i], q.ids[j] = q.ids[j], q.ids[i] }
func (q *stepQueue) Push(x any)    { q.ids = append(q.ids, x.(string)) }
func (q *stepQueue) Pop() any {
	x := q.ids[len(q.ids)-1]
	q.ids = q.ids[:len(q.ids)-1]
	return x
}
