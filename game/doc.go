// Package game is tilekit's game engine: it knows the tiles, where they
// may be laid and the features they form, and it plays games of the base
// game and of the expansion elements it has units for. It is pure domain
// code over the values of package tilekit and the selections of package
// rules: it reads no files, parses no TOML and knows no command line.
//
// ExampleCompile, ExampleGame_Apply, ExampleRunScenario and ExamplePlayout
// show the four ways in: compile a selection, play moves, run a scenario
// file, play random games with the invariants checked.
//
// # The model
//
// Compile turns the tiles of a selection in one edition, under a Setup
// (publisher, rule options), into a Ruleset once: each tile type is a
// small integer, its edges at each rotation are packed two bits a side
// into a byte (a fit is one mask compare), and its features are flat data
// (kind, pennants, the feature at each of the twelve edge positions). A
// Board holds the placed tiles on a grid that grows as tiles come near its
// edge, with a frontier of the empty cells beside them, and joins
// features across shared sides in a union-find whose roots count open
// edges, tiles, pennants and followers.
// Nothing a hot loop touches is a map or a string, and a random game
// allocates nothing.
//
// # The turn
//
// A Game plays on a Board: 2 to 6 players with a score and followers at
// hand by kind (FollowerKind: the kinds of the selection, as
// expansions/figures.toml says how many each player has, what one weighs
// in a majority and where it may stand; the base game alone has its 7
// meeples), the turn, and a draw pile shuffled by a seeded PCG generator.
// A turn is Draw (or Take), then the steps of the order of play that
// rules.Order composes for the setup: the core plays place-tile,
// place-figure (the figure decision: a follower of a kind at hand on the
// tile just placed, or none; a Move's Figure is the kind) and
// score-features (by the 2nd edition's rules, Carcassonne rulebook (2nd
// edition), Scoring; Options give the rules the rulebooks leave open);
// EndGame scores what is left (Scoring at the end of the game). Legal lists
// the moves of the decision the game waits for, Apply plays one (Move
// values) or says why not, and both append Events, which carry their
// ScoringRule and Event.Rule cites its source. A step id no unit plays is
// a setup error naming the step and its expansion.
//
// # The seam: general mechanics written in the data
//
// The engine plays the base game and general mechanics, each a unit in a
// file of its own that names no expansion: the data's steps say which
// mechanic plays them by the part of their mechanics they have, whatever
// their id. unit_moving.go moves a neutral figure ([step.movement]: onto
// the placed tile or tile by tile, eating by a table, and keeping figures
// off its tile by a deploy table); unit_companion.go sets one beside a
// follower (a beside-follower movement) and pays the data's bonuses to the
// owner of the follower it stands with; unit_deployment.go deploys the
// turn's follower elsewhere ([step.deployment]); unit_dismissal.go removes
// a follower from the feature the tile extends ([step.dismissal]);
// unit_crossing.go lets followers cross from a scored feature into a
// linked one ([step.crossing]) and unit_relocation.go move on into an
// empty feature near it ([step.relocation]). A unit holds its state, adds its moves to
// the figure decision or waits for its own decision (a figure's step, a
// follower held to cross), and brings its events, its sections of the
// snapshot notation and its invariants. units.go lists the units and their
// hooks at fixed points of the turn: compile a tile, a drawn tile held
// back, turn start, a step, the figure decision, a unit's decision, a
// cell closed to followers, a scored feature, a follower leaving the
// board, end of game, followers held off the board, notation and
// invariants. Compile collects the hooks of the units a setup plays into
// flat slices per point, so a point no unit uses costs a length check.
// The numbers, words and limits come from each step's Mechanics and the
// verdicts from the interaction tables through rules.Rulings (rulings.go),
// compiled into flags once; the invariants read the same flags, so a rule
// the data allows is never a break. No file of the engine names a figure,
// symbol or step of an expansion (seam_test.go).
//
// The mechanics' moves are written with the words their steps give them
// in the data, or a figure's id: "WORD 2,1:f0" (a deployment, a dismissal,
// a crossing, a companion beside a follower), "WORD 1,0" (a companion onto
// a tile), "WORD home" (a held follower sent home), "ID N" (a moving
// figure's step); their events in the event notation (Event.String,
// MarshalText, ParseEvent; see event_notation.go), as, for example, "move
// ID 2,-1 SYMBOL", "eat ID p1/meeple 2,-1 TABLE/rulebook", "score p2 1
// BONUS", "WORD p1 city" (a dismissal's event), "enter ID 0,1", "cross p1
// city", "set-aside". Event.Rule gives a rule as an id and sources, which
// the site words in a language. The table's answer that decided an event
// is a value of it the notation does not write (Event.Ruling: its table,
// subject and row), a refusal by a table's verdict is a RulingError, and a
// scenario's run lists every answer that decided something in it,
// deployments that no event reports included (ScenarioResult.Rulings).
//
// # Notation
//
// A board reads and writes itself as tokens "x,y:TILE@ROT" (Board.String,
// ParseBoard); a game as the snapshot notation (Game.Snapshot,
// ParseSnapshot, MarshalText): the board with the followers on each tile's
// features, named as FeatureName names them (and a kind other than the
// meeple by its id, "1:city:large-meeple"), then sections such as
// "0,0:base/D@0 1,0:base/U@0[1:road] / scores 3,0 / turn 2 / pile
// base/A*2", and the units' sections (a neutral figure's "ID 2,-1", a
// companion's "ID 1,0:road", "set-aside TILE*N"). Moves use the root package's
// move notation (tilekit.ParseMoveText): ParseMove reads what Move.String
// writes, and a game's ParseMove and MoveText name features. RunScenario
// plays a scenario file, whose turns give their moves in the move
// notation, and reports each failure at its key's origin; a Playout
// records the game it plays, so that a broken invariant comes with a
// scenario that replays it (BreakError.Scenario).
package game
