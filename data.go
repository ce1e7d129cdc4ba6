package tilekit

import (
	"embed"
	"io/fs"
)

// builtin holds the data folders (the scenarios too) and the JSON Schemas
// shipped with tilekit.
//
//go:embed tiles expansions interactions scenarios schema/*.json
var builtin embed.FS

// Builtin returns the built-in data as a file system with the same layout as
// a user's data folder: tiles/, expansions/, interactions/ and scenarios/.
func Builtin() fs.FS { return builtin }

// Schemas returns the embedded JSON Schemas, one file per kind of data file,
// at the root of the returned file system.
func Schemas() fs.FS {
	sub, err := fs.Sub(builtin, "schema")
	if err != nil {
		panic(err) // the folder is embedded at build time
	}
	return sub
}
