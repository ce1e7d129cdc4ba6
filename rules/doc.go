// Package rules answers questions about tilekit's rules data: selections of
// expansions, the answers of interaction tables, the questions no row answers
// yet, and the order of play. It holds no game state (package game plays).
// It is pure domain code, working on the values of package tilekit; it
// reads no files and knows no command line.
//
// The model: a game is played with a selection of expansions. The base game
// is always selected; an expansion can be selected whole or by its parts
// (the fairy of The Princess & the Dragon without its dragon, say). Every
// figure, location and action belongs to an expansion or a part, and only
// those of the selection take part in the answers.
//
// An interaction table asks one question (can the red dragon eat it?) of
// every subject of the kinds it covers. Its rows are explicit answers, each
// with its source and its scope (editions, publishers). A row overturned by
// a later one stays in the data, superseded, so that the history of a
// ruling can be shown and a question answered as the rules stood at a given
// month. Where a table has a rule of thumb (every living figure on a single
// tile can be eaten), subjects without an explicit row are answered by it,
// and marked as such; rows that contradict it are exceptions.
//
// A turn is a sequence of steps. Each expansion contributes steps with
// ordering constraints (after this step, before that one), and a
// publisher's rules may move a step. The order of play for a selection
// keeps every constraint between selected steps, including those that pass
// through steps left out, and breaks ties by phase and then by the order
// the steps were written in; each step says which others no constraint
// orders it against, so that a tie-break is never taken for a rule.
package rules
