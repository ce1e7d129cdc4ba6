// Package game is tilekit's game engine. It knows the tiles, where they may
// be laid, and the features they form across the board: which roads,
// cities and fields join, and which a placement completes; and it plays
// games of the base game's rules: turns, followers and scoring.
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
// draw pile) and which type is the start tile. Each type's features are
// compiled too, in catalog order, as flat data: a kind (field, road, city
// or cloister, a small Kind), a number of pennants, the number of edge
// positions the feature touches, and, for each rotation, which feature
// touches each of the twelve edge positions of the tile (the four sides,
// whose middle a road meets and whose whole a city covers, and the eight
// halves, which fields touch). Nothing a hot loop touches is a map or a
// string.
//
// A Board holds the placed tiles on a fixed grid around the start tile,
// large enough for a game that lays every tile in a line. Each cell holds a
// tile type and rotation, or nothing. The board keeps the frontier, the
// empty cells beside placed tiles, each with the edges its placed
// neighbours require of it, updated when a tile is placed, so that listing
// the legal placements of a tile costs four compares per frontier cell
// whatever the size of the board, and allocates nothing when the caller's
// slice has room.
//
// Each placed tile owns one feature instance per feature of its type,
// numbered by the order the tile was placed in and the feature's index.
// Placing a tile joins each of its instances with those of its placed
// neighbours that it meets across a shared side: a road or city with the
// road or city at the matching side, a field with the field at the half it
// lies against (tilekit.Half.Touching). The joined features are the sets of
// a union-find over the instances, kept in arrays made once for the whole
// game, whose roots count the feature's open edges (edges no neighbour
// meets yet), the tiles it spans (each once, even when two features of a
// tile belong to it) and its pennants; each cloister counts the tiles
// placed around it. A road or city is complete when it has no open edge, a
// cloister when all eight tiles around it are placed; a field never is.
// After each placement the board lists the features it completed
// (Board.Completed), and Board.FeatureAt describes the joined feature of
// any feature of a placed tile. A random game allocates nothing.
//
// A Game plays on a Board: 2 to 6 players, each with a score and 7
// followers at hand, whose turn it is, and the draw pile, shuffled by a
// seeded PCG generator of the package's own, so that a seed always draws the
// same tiles. A turn is three steps: Draw (or Take, to choose the tile),
// which sets aside tiles that fit nowhere; a tile move; and a follower
// move, which puts a follower on a feature of the tile just placed whose
// joined feature has none (FollowerMoves lists them, "none" first). Moves
// are values (Move) played with Apply. The follower move then scores what
// the tile completed, by the 2nd edition's rules (Carcassonne rulebook
// (2nd edition), Scoring): a road 1 point a tile, a city 2 a tile and 2 a
// pennant, a cloister 9, to every player with the most followers on it,
// whose followers then go back to their owners; EndGame scores the
// incomplete roads, cities and cloisters and the fields (3 points per
// completed city a field borders, through the Cities of its tiles'
// fields). Each root of the union-find counts the followers on its joined
// feature, so that whether a feature is taken is one find; the game lists
// its followers (at most 42), which scoring walks to count them by player.
// Apply and EndGame append Events (completed, scored, returned) to the
// caller's buffer, and a whole random game allocates nothing. Expansion
// rules (the cathedral, the inn, the princess, ...) are not applied: a
// game of any selection is scored as the base game.
//
// A board reads and writes a compact text notation (see Board.String).
package game
