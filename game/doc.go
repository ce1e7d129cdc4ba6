// Package game is tilekit's game engine. This first step knows the tiles and
// where they may be laid; followers, features, scoring and turns come later.
// It is pure domain code over the values of package tilekit and the
// selections of package rules: it reads no files, parses no TOML and knows
// no command line.
//
// The model: Compile turns the tiles of a selection of expansions in one
// edition into a Rules value once. Each tile type becomes a small integer,
// and for each type and each of its four rotations the edge kinds of its
// four sides (field, road or city) are packed into one byte, two bits a
// side, so that whether a tile fits beside its neighbours is one mask
// compare. Rules also holds how many copies of each type the game has (the
// draw pile) and which type is the start tile. Nothing a hot loop touches
// is a map or a string.
//
// A Board holds the placed tiles on a fixed grid around the start tile,
// large enough for a game that lays every tile in a line. Each cell holds a
// tile type and rotation, or nothing. The board keeps the frontier, the
// empty cells beside placed tiles, each with the edges its placed
// neighbours require of it, updated when a tile is placed, so that listing
// the legal placements of a tile costs four compares per frontier cell
// whatever the size of the board, and allocates nothing when the caller's
// slice has room. A board reads and writes a compact text notation (see
// Board.String).
package game
