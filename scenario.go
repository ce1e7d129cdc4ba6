package tilekit

// Scenario is a worked example and a golden test of the game engine: a setup,
// a starting position, the turns played from it with the tile each turn
// takes, and what must then be true. Scenarios live in the scenarios/ data
// folder, one sub-folder per expansion, and `tilekit play` runs them.
type Scenario struct {
	// ID is the stable id, "<expansion>/<name>".
	ID string
	// Title says in one sentence what the scenario shows.
	Title string
	// Expansions is the selection the game is played with: expansion and part
	// ids. Empty means the base game alone.
	Expansions []string
	// Edition decides the tile counts and the start tile; empty means C2.
	Edition Edition
	// Publisher is the publisher variant; empty means none in particular.
	Publisher Publisher
	// Players is the number of players, from 2 to 6.
	Players int
	// Options are the rule options of the setup.
	Options ScenarioOptions
	// Position is the board before the first turn, in the engine's board
	// notation (x,y:TILE@ROT tokens separated by spaces); empty means the
	// start tile alone.
	Position string
	// Scores are the players' scores before the first turn; empty means 0.
	Scores []int
	// Followers stand on the board before the first turn.
	Followers []ScenarioFollower
	// Supply, when not empty, gives each player's followers at hand before
	// the first turn by kind, once the followers are on the board; a kind
	// left out has its number (per-player in the figures data) less those
	// on the board.
	Supply []ScenarioSupply
	// Dragon, when not nil, is the tile the red dragon stands on before the
	// first turn (The Princess and the Dragon); nil leaves it beside the
	// board, not in play yet.
	Dragon *BoardPosition
	// BlackDragon, when not nil, is the tile the Black Dragon stands on
	// before the first turn; nil means it has not entered the board yet.
	BlackDragon *BoardPosition
	// Fairy, when not nil, is where the fairy stands before the first turn:
	// next to the follower on a feature of a tile, or on the tile when the
	// feature is empty (as Rio Grande's and Z-Man's rules place it).
	Fairy *ScenarioPlace
	// Pile, when not empty, is the whole draw pile: the tiles the turns take
	// and any left after them. The game ends when the turns have emptied it.
	// When empty, the pile is the edition's, less the tiles on the board.
	Pile []string
	// Turns are played in order, each by the player whose turn it is.
	Turns []ScenarioTurn
	// End scores the game as over after the last turn (the end-of-game
	// scoring of unfinished features and fields), as if the pile were empty.
	End bool
	// CheckInvariants checks the game engine's invariants after every
	// move, as random play does; a broken one fails the scenario.
	CheckInvariants bool
	// Expect is what must be true after the last turn (and the end of the
	// game, when there is one).
	Expect ScenarioExpect
	// Source is the rule the scenario illustrates.
	Source Citation
	// Translations are its title in other languages (see
	// Translations.Text).
	Translations Translations
	// Folder is the index of the data folder the scenario was loaded
	// from, in loading order: 0 for the first (the built-in data). A
	// worked example plays by the rules of its folder and those before it
	// (see Catalog.UpToFolder).
	Folder int
	// Origin says where the scenario was defined.
	Origin Origin
}

// ScenarioOptions are the rule options a setup may choose, as the rulebooks
// give them.
type ScenarioOptions struct {
	// NoFarmers plays without farmers: no follower may be put on a field and
	// fields do not score.
	NoFarmers bool
	// FirstEditionScoring scores as the 1st edition's rulebook does where it
	// differs from the 2nd: a completed city of two tiles scores 2 points,
	// not 4, and a farmer scores 4 points per completed city.
	FirstEditionScoring bool
}

// ScenarioFollower is a follower on the board: its owner, counted from 1,
// the position of its tile and the local id of the tile's feature it stands on.
type ScenarioFollower struct {
	Player  int
	At      BoardPosition
	Feature string
	// Figure is the id of the follower's kind, such as "large-meeple";
	// empty is the meeple.
	Figure string
	Origin Origin
}

// ScenarioSupply is the number of followers of a kind that each player
// has at hand, in player order.
type ScenarioSupply struct {
	// Figure is the id of the kind of follower, such as "meeple".
	Figure string
	Counts []int
	Origin Origin
}

// ScenarioPlace names a feature of a tile on the board: the position of
// the tile and the feature's name, as a follower's is written. Feature may
// be empty where the format allows it: the fairy standing on the tile
// rather than next to a follower.
type ScenarioPlace struct {
	At      BoardPosition
	Feature string
	Origin  Origin
}

// ScenarioTurn is one turn of a scenario: the tile taken from the pile, where
// it goes, the moves of the decisions that follow, and what must be true at
// that point.
type ScenarioTurn struct {
	// Tile is the id of the tile taken from the pile (or a tile the player
	// holds beside it, such as an abbey); empty for a pass.
	Tile string
	// Pass says that the player whose turn it is places nothing: once the
	// pile is empty, each player in turn may still place a tile they hold
	// beside it (an abbey) or pass. A pass has no tile, placement or
	// moves.
	Pass bool
	// Discard says that the tile fits nowhere and is set aside; the turn then
	// places nothing and the same player takes the next turn's tile.
	Discard bool
	// At and Rotation (degrees clockwise) say where the tile goes.
	At       BoardPosition
	Rotation int
	// Moves are the moves of the decisions after the tile move, in the
	// order the game asks for them, each in the move notation
	// (ParseMoveText), a feature named as a scenario names one: the figure
	// decision ("city" puts a follower on the tile's city, "none" puts
	// none, "portal 0,0:city", "princess 0,0:city", "fairy 1,0:road"),
	// then each step of the dragons ("dragon N", "black-dragon E") and
	// each drawbridge decision ("drawbridge 1,-1:city", "drawbridge
	// home"). When the moves run out at the figure decision, it is "none".
	Moves []string
	// Placements, when not nil, is the number of legal placements of the tile
	// before it is placed, every fitting rotation counted.
	Placements *int
	// FollowerOptions, when not nil, is the number of legal follower moves
	// after the tile is placed, "none" included.
	FollowerOptions *int
	// DragonOptions, when not nil, is the number of legal steps the red
	// dragon has before each of its steps.
	DragonOptions []int
	// Illegal, when not empty, says the tile move or one of the moves of
	// this turn must be refused with an error containing this text; the
	// scenario stops after it.
	Illegal string
	// Expect is what must be true after the turn.
	Expect ScenarioExpect
	// Origin says where the turn was written; its element k of Moves is
	// at Origin.At("moves", k).
	Origin Origin
}

// ScenarioExpect is what must be true at a point of a scenario. A field left
// empty (nil) is not checked.
type ScenarioExpect struct {
	// Scores are the players' scores, in player order.
	Scores []int
	// Supply is the number of followers each player has at hand, of every
	// kind.
	Supply []int
	// SupplyByKind, when not empty, is the number of followers of each
	// kind it names that each player has at hand.
	SupplyByKind []ScenarioSupply
	// Followers, when not nil, are exactly the followers on the board.
	Followers []ScenarioFollower
	// Ended says whether the game is over.
	Ended *bool
	// Events are the events of the turn (or of the end of the game, for the
	// scenario's expectation), each as the engine writes it, in order.
	Events []string
	// Board is the board in the snapshot notation.
	Board string
	// Dragon is the tile the red dragon stands on, as "x,y", or "" when it
	// is beside the board (not in play yet, or gone).
	Dragon *string
	// Fairy is the tile the fairy stands on, as "x,y", or "" when it is not
	// on the board.
	Fairy *string
	// BlackDragon is the tile the Black Dragon stands on, as "x,y", or ""
	// when it has not entered the board.
	BlackDragon *string
	// Origin says where each expectation was written, by key.
	Origin Origin
}

// ScenarioFigure is where a scenario's setup puts a neutral figure before
// the first turn: its key in the scenario, the id of the figure, its
// tile, and for a figure that stands next to a follower the feature of
// that follower ("" for none).
type ScenarioFigure struct {
	Key, ID string
	At      BoardPosition
	Feature string
	Origin  Origin
}

// FigureKeys are the scenario keys that place a neutral figure, in the
// order a scenario sets them, each with the id of its figure.
var FigureKeys = []struct{ Key, ID string }{{"dragon", "dragon"}, {"black-dragon", "black-dragon"}, {"fairy", "fairy"}}

// Figures returns the neutral figures the scenario's setup places, in the
// order of FigureKeys.
func (s *Scenario) Figures() []ScenarioFigure {
	var out []ScenarioFigure
	for _, k := range FigureKeys {
		f := ScenarioFigure{Key: k.Key, ID: k.ID, Origin: s.Origin.At(k.Key)}
		switch k.Key {
		case "dragon":
			if s.Dragon == nil {
				continue
			}
			f.At = *s.Dragon
		case "black-dragon":
			if s.BlackDragon == nil {
				continue
			}
			f.At = *s.BlackDragon
		case "fairy":
			if s.Fairy == nil {
				continue
			}
			f.At, f.Feature = s.Fairy.At, s.Fairy.Feature
		}
		out = append(out, f)
	}
	return out
}

// ScenarioFigureTile is an expectation of where a neutral figure stands:
// its key, the figure's id, and the tile as "x,y" ("" beside the board).
type ScenarioFigureTile struct {
	Key, ID string
	Want    string
}

// FigureTiles returns the expectation's figure tiles, in the order of
// FigureKeys.
func (e *ScenarioExpect) FigureTiles() []ScenarioFigureTile {
	var out []ScenarioFigureTile
	for _, k := range FigureKeys {
		want := map[string]*string{"dragon": e.Dragon, "black-dragon": e.BlackDragon, "fairy": e.Fairy}[k.Key]
		if want != nil {
			out = append(out, ScenarioFigureTile{Key: k.Key, ID: k.ID, Want: *want})
		}
	}
	return out
}

// StepOptions returns the figure whose legal steps the turn counts before
// each of its steps, the key that gives them, and the counts (nil for
// none): the red dragon's, dragon-options.
func (t *ScenarioTurn) StepOptions() (figure, key string, counts []int) {
	return "dragon", "dragon-options", t.DragonOptions
}
