package game

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
)

// registry holds the ids a process has named, by value: an id gets the
// next value when first named and keeps it in the process, so that a
// value (a Figure, a Word) writes its id without the Ruleset that named
// it. Ids are added under mu and read without a lock.
type registry struct {
	mu  sync.Mutex
	ids atomic.Pointer[[]string]
	// first are the ids before any is named, max the most it holds, and
	// what names them in an error.
	first []string
	max   int
	what  string
}

// list returns the ids named so far, by value.
func (r *registry) list() []string {
	if ids := r.ids.Load(); ids != nil {
		return *ids
	}
	return r.first
}

// lookup returns the value of an id, if it was named.
func (r *registry) lookup(id string) (int, bool) {
	i := slices.Index(r.list(), id)
	return max(i, 0), i >= 0
}

// name returns the value of an id, giving it the next value when it has
// none yet; added, when not nil, is called under the lock with a new
// value before the id is published, and may refuse it.
func (r *registry) name(id string, added func(i int) error) (int, error) {
	if i, ok := r.lookup(id); ok {
		return i, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	ids := r.list()
	if i := slices.Index(ids, id); i >= 0 {
		return i, nil
	}
	if len(ids) >= r.max {
		return 0, fmt.Errorf("%s: the engine plays at most %d %s in one process", id, r.max, r.what)
	}
	if added != nil {
		if err := added(len(ids)); err != nil {
			return 0, err
		}
	}
	grown := append(slices.Clip(ids), id)
	r.ids.Store(&grown)
	return len(ids), nil
}
