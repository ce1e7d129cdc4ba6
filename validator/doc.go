// Package validator loads tilekit's data folders and checks them: every
// file against its JSON Schema, then everything loaded against the
// consistency checks, and reports each problem as a Diagnostic located at
// file, line and column with a stable code.
//
// The model: a run loads data folders in order, the built-in data first
// (from a snapshot of its checked form while the embedded files and the
// domain types are those it was made from) and then each user folder on top. A folder holds TOML
// files below expansions/, tiles/, interactions/ and scenarios/
// (Subfolders), each checked against that sub-folder's schema; scenario
// files may also be given on their own (ValidateScenarios). A file is a list of entries
// ([[expansion]], [[tile]], [[row]], ...); an entry with a problem of its
// own is left out and remembered, so that the rest of its file still loads
// and a reference to it is not reported again. What loads becomes the
// domain values of package tilekit, each with the Origin it came from, and
// the checks then look across files: ids unique, references resolved,
// rows agreeing with each other and with their table's rule of thumb,
// the order of play free of cycles under every publisher's rules, each
// scenario's tiles, players and followers agreeing with the catalog.
//
// One fault gives one diagnostic, and what a run reads and holds is
// bounded: only regular .toml files, at most MaxFileSize each and
// MaxTotalSize a run, nested at most MaxDepth deep, parsed in chunks of
// at most MaxValues values, with at most MaxPerCode diagnostics of a code.
// Every step is linear in its input. ARCHITECTURE.md describes the
// pipeline; README.md lists the codes.
package validator
