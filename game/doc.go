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
// Legal lists every legal move of the decision a game waits for: the tile
// moves of the drawn tile, then its follower moves. Apply refuses an
// illegal move with an error that says why, naming sides, tiles and
// positions as the notation does ("the east side of base/U at 2,-1 is a
// road and meets the city of base/E at 3,-1"), players counted from 1. Each
// Event carries the ScoringRule it scored by, writes itself as scenario
// files name it (Event.String, such as "player 1 scores 4 for road") and
// names its rule with the rulebook section (Event.Rule). Options choose the
// rules the rulebooks leave open: without farmers, or with the 1st
// edition's scoring of small cities and farmers (see Options for the
// sources and what is not confirmed).
//
// A board reads and writes a compact text notation (see Board.String), and
// a game a position notation on top of it (see Game.Position and
// ParsePosition): the board with the followers on each tile's features,
// named as FeatureName names them ("road", "city", "field2"), then the
// scores, whose turn it is, the tiles left in the pile and, in the middle of
// a turn, the tile drawn or placed, such as "0,0:base/D@0
// 1,0:base/U@0[1:road] / scores 3,0 / turn 2 / pile base/A*2,base/B*4".
//
// RunScenario plays a scenario (tilekit.Scenario, read by the validator
// from the scenarios/ data folder): it sets up the position, plays the
// turns with Take and Apply, setting aside with Discard the tiles that fit
// nowhere, and checks each expectation, reporting each failure at the
// origin of the key at fault. A Playout records the moves of the game it
// plays in a buffer made once, so that a broken invariant comes with a
// scenario that replays the game to the broken move (BreakError.Scenario).
package game
