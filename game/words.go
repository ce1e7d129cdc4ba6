package game

import (
	"fmt"

	"github.com/tilekit/tilekit"
)

// Word is the word of the moves of a step of the rules data, such as
// WORD in "WORD 1,0:city": the data gives each step whose moves are
// not a figure's steps its word, and a word keeps its value in the
// process, as a Figure does, so that a Move writes its word without the
// Ruleset that named it. A word names the moves of one kind (MoveKind) in
// a process.
type Word uint8

// maxWords is the number of words a process can name.
const maxWords = 255

// wordTable holds the words named so far, by value, and wordKinds the
// kind of each word's moves (set before the word is published).
var (
	wordTable = registry{first: []string{""}, max: maxWords, what: "move words"}
	wordKinds [maxWords + 1]MoveKind
)

// nameWord returns the word of a text for moves of a kind, giving it the
// next value when it has none yet; a word already naming moves of
// another kind is refused.
func nameWord(text tilekit.MoveWord, kind MoveKind) (Word, error) {
	i, err := wordTable.name(string(text), func(i int) error {
		wordKinds[i] = kind
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("move word %w", err)
	}
	if wordKinds[i] != kind {
		return 0, fmt.Errorf("move word %s names moves of two kinds of step in one process", text)
	}
	return Word(i), nil
}

// lookupWord returns the word of a text and the kind of its moves, if the
// word was named.
func lookupWord(text tilekit.MoveWord) (Word, MoveKind, bool) {
	i, ok := wordTable.lookup(string(text))
	if !ok || i == 0 {
		return 0, 0, false
	}
	return Word(i), wordKinds[i], true
}

// String returns the word as the move notation writes it.
func (w Word) String() string {
	if ids := wordTable.list(); int(w) < len(ids) {
		return ids[w]
	}
	return fmt.Sprintf("word%d", int(w))
}

// ID returns the word as the rules data writes it, such as a step's
// word of its moves and events.
func (w Word) ID() tilekit.MoveWord { return tilekit.MoveWord(w.String()) }

// WordKind returns the kind of the moves a word writes, if a ruleset of
// the process named it: a site words a scenario's move by its kind.
func WordKind(text tilekit.MoveWord) (MoveKind, bool) {
	_, k, ok := lookupWord(text)
	return k, ok
}
