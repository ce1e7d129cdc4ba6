// Package game is tilekit's game engine. It knows the tiles, where they may
// be laid, and the features they form across the board: which roads,
// cities and fields join, and which a placement completes; and it plays
// games of the base game's rules: turns, followers and scoring.
// It is pure domain code over the values of package tilekit and the
// selections of package rules: it reads no files, parses no TOML and knows
// no command line.
//
// ExampleCompile, ExampleGame_Apply, ExampleRunScenario and ExamplePlayout
// show the four ways in: compile a selection, play moves, run a scenario
// file, play random games with the invariants checked.
//
// The model: Compile turns the tiles of a selection of expansions in one
// edition into a Ruleset once. Each tile type becomes a small integer,
// and for each type and each of its four rotations the edge kinds of its
// four sides (field, road or city) are packed into one byte, two bits a
// side, so that whether a tile fits beside its neighbours is one mask
// compare. A Ruleset also holds how many copies of each type the game has (the
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
// caller's buffer, and a whole random game allocates nothing. The rules of
// The Princess & the Dragon, the Black Dragon and The Drawbridges are
// played as described below; other expansions' rules (the cathedral, the
// inn, ...) are not applied: their tiles score as the base game's.
//
// Legal lists every legal move of the decision a game waits for: the tile
// moves of the drawn tile, then its follower moves. It lists every
// rotation that fits, as Placements and the perft counts of the scenarios
// do, even when a symmetric tile lays the same tile at two of them. The
// random policy, which Playout and the benchmarks follow, instead picks a
// placement uniformly among the distinct ones (Ruleset.Distinct: two
// rotations are one placement when turning the tile maps its features
// onto features of the same kind, attributes, edge slots and links, not
// only its edges onto the same edges), counting them with CountDistinct
// and taking the k-th with DistinctPlacement without writing a list, and
// then a follower move uniformly among "no follower" and each legal
// feature of the placed tile (and the figure decision's other legal moves
// with the expansions). Apply refuses an
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
// # The expansions: a turn driven by the rules data
//
// Compile also compiles the turn of a Setup: the
// order of play that rules.Order composes for the selection, edition and
// publisher (Setup), each step id mapped to its implementation in the
// engine: place-tile, place-figure and score-features for the base game;
// fairy-point, volcano-dragon, princess-remove, fairy-move and dragon-move
// for The Princess & the Dragon (Wikicarpedia: The Princess and The Dragon
// (1st edition)/de); black-dragon-move and black-dragon-place for the
// Black Dragon (Wikicarpedia: Black Dragon (Fan Expansion)); and
// drawbridge-move for The Drawbridges (Wikicarpedia: The Drawbridges). A
// step id without an implementation (tower-capture, say) is a setup error
// naming the step and its expansion; an expansion that adds only tiles
// plays as the base game; data with no steps at all plays the base turn.
// Setup.BaseTurn plays the base game's turn over any tiles.
//
// The numbers and limits come from each step's Mechanics, never from the
// code: the dragon's steps, who chooses them, whether it may revisit a
// tile or return to its start, that a dead end stops it, the figures that
// block it (the fairy), that no follower may stand on its tile; that dragon
// tiles drawn before it is in play are set aside and shuffled back once a
// volcano brings it, and ignored while the Black Dragon's meal waits; the
// Black Dragon's one step per completed feature, and its entry at a score
// threshold counted from the start of the turn until the step the trigger
// names, once or every lap; the may or must of the princess and of the
// drawbridges (rules.StepChoice, per publisher); and where each removed
// figure goes (its owner's supply, or out of the game). The interaction
// tables the steps name are read once per game through rules.Rulings into
// flat verdicts per figure (the player's meeple; the neutral dragon, fairy
// and Black Dragon) and per place (field, completed feature, occupied
// feature, through a magic portal, the fairy's tile): dragon-diet and
// dragon-protection, black-dragon-diet and black-dragon-protection,
// fairy-companions (yes: the fairy stands next to one follower, Hans im
// Glück; a conditional verdict: on the follower's tile, Rio Grande and
// Z-Man), portal-figures and portal-destinations, princess-removal,
// volcano-deploy and drawbridge-figures. An open verdict, or a subject
// without a ruling, takes the engine's default: not eaten, not protected,
// not allowed; a conditional verdict counts as yes. An event a ruling
// decided carries its reason (rules.Ruling.Reason), or says that the
// default decided. The magic portal is a tile's symbol, not a feature, so
// portal-destinations' "magic-portal: no" (the portal itself cannot be
// claimed) never refuses a feature: the city, road or field of a tile that
// shows another portal is an ordinary destination (Wikicarpedia: The
// Princess and The Dragon (1st edition)/de, Der Zaubergang, footnote).
//
// A turn is then: Draw or Take (the turn's first steps, the fairy's point,
// are played, their events given with the tile move); the tile move; and
// the steps in order, each either played at once (the volcano, scoring,
// the Black Dragon's entry) or a decision the game waits for, whose legal
// moves Legal lists and Apply plays: the figure decision (a follower on
// the tile just placed or none, and instead a follower through the magic
// portal onto any free incomplete feature of another tile (PortalMove),
// the princess sending a knight of the city she extends home
// (PrincessMove, alone when she must), or the fairy's move (FairyMove));
// each step of the red dragon, chosen by the players in turn (DragonMove;
// Decider says whose step it is); each step of the Black Dragon, chosen by
// the active player (BlackDragonMove); and for each follower of a
// completed road's sole majority held at a drawbridge, its city or home
// (DrawbridgeMove, DrawbridgeHome). Decision names the decision waited
// for. The fairy scores 1 point at the start of its follower's owner's
// turn and 3 when that follower's feature is scored; a dragon eats on each
// tile it enters, the followers and the neutral figures its diet allows
// and its protection does not spare. Move.String writes an expansion's
// move as its kind and what it names: "portal 2,1:f0", "princess 0,-1:f0",
// "fairy 1,0:f1" (or "fairy 1,0"), "dragon N", "black-dragon E",
// "drawbridge 1,-1:f0", "drawbridge home", in the root package's move
// notation (tilekit.ParseMoveText); ParseMove reads it back, and a game's
// ParseMove and MoveText read and write features by name ("portal
// 2,1:city").
//
// The events of the expansions write themselves (Event.String) as:
//
//	dragon moves to 2,-1
//	dragon moves to the volcano at 2,-1
//	dragon eats player 1's meeple at 2,-1 (dragon-diet, rulebook)
//	dragon does not eat the black dragon at 2,-1 (dragon-diet, open question: the engine's default, no)
//	dragon tile set aside
//	dragon tiles shuffled back
//	fairy moves to 1,0
//	player 2 scores 1 for the fairy
//	player 2 scores 3 for the fairy
//	princess sends player 1's meeple home from city
//	black dragon enters at 0,1
//	black dragon moves to 1,1
//	black dragon eats the dragon at 1,1 (black-dragon-diet, fan expansion rules)
//	player 1's meeple crosses the drawbridge into city
//	player 1 takes back 1 from road
//
// the last for a follower held at a drawbridge that goes home. The
// events of the start of a turn (the fairy's point) and of dragon tiles
// set aside by Draw or Discard come with the next tile move's; a scenario
// reports those of a discard with the turn that discards.
//
// A board reads and writes a compact text notation (see Board.String), and
// a game a snapshot notation on top of it (see Game.Snapshot and
// ParseSnapshot): the board with the followers on each tile's features,
// named as FeatureName names them ("road", "city", "field2"), then the
// scores, whose turn it is, the tiles left in the pile and, in the middle of
// a turn, the tile drawn or placed, such as "0,0:base/D@0
// 1,0:base/U@0[1:road] / scores 3,0 / turn 2 / pile base/A*2,base/B*4";
// then the figures: "dragon x,y" (or "dragon waiting", eaten by the Black
// Dragon), "fairy x,y" or "fairy x,y:FEATURE" (next to the follower on
// that feature), "black-dragon x,y" and "set-aside TILE*N,..." (dragon
// tiles set aside before the dragon came into play).
//
// RunScenario plays a scenario (tilekit.Scenario, read by the validator
// from the scenarios/ data folder): it sets up the position, plays the
// turns with Take and Apply, setting aside with Discard the tiles that fit
// nowhere, and checks each expectation, reporting each failure at the
// origin of the key at fault. A scenario may place the dragon, the Black
// Dragon and the fairy, and a turn may give the figure decision of another
// kind (portal, princess, fairy), the dragons' steps (dragon,
// dragon-options, black-dragon) and the drawbridges' crossings
// (drawbridge); a list that does not match the decisions the game asks for
// is a failure at its key. A Playout records the moves of the game it
// plays in a buffer made once, every decision included, so that a broken
// invariant comes with a scenario that replays the game to the broken
// move, that move included, and checks the invariants as the Playout does
// (BreakError.Scenario, CheckInvariants), so that it fails at that move.
// With the expansions the invariants check, after every move, that the
// dragon never enters the fairy's tile when the fairy blocks it, that it
// leaves on a tile it enters only the followers its diet does not eat or
// its protection table spares, that no follower comes onto its tile when
// a step forbids it, that a dragon's move never enters a tile twice nor
// returns to its start, that the Black Dragon takes no more steps than
// the tile completed features, that every figure eaten is one its diet
// lets it eat and no place protects, and that each player's followers at
// hand, on the board, held at a drawbridge and out of the game make 7.
// They read the same compiled flags as the legal moves, so a rule the
// data allows is never a break.
package game
