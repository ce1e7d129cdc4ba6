package site

import (
	"slices"
	"strings"
	"sync"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// shared holds what the languages of one build have in common, worked out
// once for all of them: the rules' answers and turns for every choice of
// edition, month and publisher that a page asks for, the engine's runs of
// the worked examples and their thumbnails, which have no words. The languages are built at the same time, so it
// is safe for concurrent use, and a value two languages ask for at once is
// worked out once (memo).
//
// What it holds is read, never changed, by the pages that use it.
type shared struct {
	cat     *tilekit.Catalog
	queries memo[queryKey, *rules.TableAnswers]
	orders  memo[orderKey, []rules.PlayedStep]
	runs    memo[*tilekit.Scenario, *exampleRun]
	keys    memo[*rules.PlayedStep, turnKeys]
	thumbs  memo[*tilekit.Scenario, []byte]
}

// turnKeys are the stepKey of each step of a turn, and the turn's
// signature: its keys in order.
type turnKeys struct {
	steps []string
	turn  string
}

// keysOf returns the keys of a turn that order composed, once per build.
func (s *shared) keysOf(played []rules.PlayedStep) turnKeys {
	if len(played) == 0 {
		return turnKeys{}
	}
	k, _ := s.keys.get(&played[0], func() (turnKeys, error) {
		var k turnKeys
		var sig strings.Builder
		for _, st := range played {
			key := stepKey(st)
			k.steps = append(k.steps, key)
			sig.WriteString(key + ";")
		}
		k.turn = sig.String()
		return k, nil
	})
	return k
}

func newShared(cat *tilekit.Catalog) *shared {
	return &shared{cat: cat}
}

// queryKey is a rules.Query call: a table and its options, the selection
// by its ids.
type queryKey struct {
	table, selection string
	publisher        tilekit.Publisher
	edition          tilekit.Edition
	history          bool
	asOf             rules.Month
}

// orderKey is a rules.Order call.
type orderKey struct {
	selection string
	publisher tilekit.Publisher
	edition   tilekit.Edition
	asOf      rules.Month
}

// selectionKey names a selection by its ids.
func selectionKey(sel rules.Selection) string { return strings.Join(sel.IDs(), ",") }

// query answers a table as rules.Query does, once per build.
func (s *shared) query(table string, opt rules.QueryOptions) (*rules.TableAnswers, error) {
	key := queryKey{table: table, selection: selectionKey(opt.Selection), publisher: opt.Publisher, edition: opt.Edition, history: opt.History, asOf: opt.AsOf}
	return s.queries.get(key, func() (*rules.TableAnswers, error) {
		return rules.Query(s.cat, table, "", opt)
	})
}

// order composes a turn as rules.Order does, once per build.
func (s *shared) order(sel rules.Selection, opt rules.OrderOptions) ([]rules.PlayedStep, error) {
	key := orderKey{selection: selectionKey(sel), publisher: opt.Publisher, edition: opt.Edition, asOf: opt.AsOf}
	return s.orders.get(key, func() ([]rules.PlayedStep, error) {
		return rules.Order(s.cat, sel, opt)
	})
}

// exampleRun is the engine's run of a worked example: its result, and the
// board before the first turn (untitled), with the turn and the scores it
// starts at.
type exampleRun struct {
	res       game.ScenarioResult
	before    *board
	beforeErr error
	first     int
	start     []int
}

// run plays a worked example by the rules of a catalog, once per build;
// draw reads the board of the game as the example sets it up.
func (s *shared) run(cat *tilekit.Catalog, sc *tilekit.Scenario, draw func(*game.Game) (*board, error)) *exampleRun {
	r, _ := s.runs.get(sc, func() (*exampleRun, error) {
		r := &exampleRun{}
		r.res = game.RunScenarioWithStart(cat, sc, func(g *game.Game) {
			r.before, r.beforeErr = draw(g)
			r.first = g.Turn()
			for i := range g.NumPlayers() {
				r.start = append(r.start, g.Player(i).Score)
			}
		})
		if r.before != nil {
			// Each language titles its own copy; appending to a copy's
			// lists must not write into another's.
			r.before.Tiles, r.before.Followers, r.before.Figures = slices.Clip(r.before.Tiles), slices.Clip(r.before.Followers), slices.Clip(r.before.Figures)
		}
		return r, nil
	})
	return r
}

// memo remembers the value of each key, worked out by the first caller
// that asks for it while the others wait.
type memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]*memoEntry[V]
}

type memoEntry[V any] struct {
	once sync.Once
	v    V
	err  error
}

// get returns the value of a key, calling compute the first time.
func (m *memo[K, V]) get(key K, compute func() (V, error)) (V, error) {
	m.mu.Lock()
	if m.m == nil {
		m.m = map[K]*memoEntry[V]{}
	}
	e, ok := m.m[key]
	if !ok {
		e = &memoEntry[V]{}
		m.m[key] = e
	}
	m.mu.Unlock()
	e.once.Do(func() { e.v, e.err = compute() })
	return e.v, e.err
}
