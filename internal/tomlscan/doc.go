// Package tomlscan reads TOML text without parsing it into values: it
// knows keys, data paths, lines and columns, and nothing of what the data
// means. Each scan reads the source once, in time linear in its size, and
// never panics whatever the bytes.
//
// NestingTooDeep guards a parser against nesting deep enough to exhaust
// it, before it runs. Check finds, in a file the parser (BurntSushi/toml)
// accepted, the TOML 1.1 syntax that TOML 1.0 tools reject and the invalid
// TOML that the parser lets through. ParseErrorPosition moves the position
// of a BurntSushi/toml syntax error to where a reader should look. An
// Index, made by NewIndex, turns a data path into the line and column
// where it is first defined. Split cuts a large file before top-level [[name]]
// headers into chunks that parse alone.
//
// Positions (Pos) count lines and columns from 1; a column counts
// characters, and a byte order mark at the start of the file is not
// counted. See the Example functions for each of them.
package tomlscan
