package validator

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// ScenarioCodes lists the codes of the checks on scenarios. A scenario
// also reuses duplicate-id (two scenarios share an id), unknown-expansion
// (its selection names an expansion or part no file defines) and the
// citation codes for its source.
var ScenarioCodes = []Code{
	{"scenario-folder-mismatch", "A scenario's id starts with another expansion than the sub-folder of scenarios/ its file is in, or the file is in scenarios/ itself rather than in a sub-folder."},
	{"unknown-tile", "A scenario names a tile (in its position, pile or turns) that no loaded file defines."},
	{"tile-not-selected", "A scenario plays a tile whose expansion it does not select, or which has no copies in its edition."},
	{"players-mismatch", "A scenario lists scores or followers at hand for another number of players than it has, or a follower of a player it does not have."},
	{"unknown-feature", "A scenario puts or expects a follower, or places the fairy, on a feature name that the tile does not have."},
	{"follower-off-board", "A scenario puts or expects a follower at a position where no tile lies at that point."},
	{"discard-with-placement", "A discarded turn also says where the tile goes (at, rotation) or gives moves."},
	{"pass-with-placement", "A turn that passes also names a tile, says where it goes or gives moves."},
	{"figure-not-selected", "A scenario places or moves a figure (dragon, dragon-options, fairy; a move of the portal, the princess, the fairy, a dragon or a drawbridge), or names a kind of follower, whose expansion part it does not select."},
	{"figure-off-board", "A scenario puts or expects the red dragon, the Black Dragon or the fairy at a position where no tile lies at that point."},
	{"portal-with-follower", "A turn's moves put its follower both on the placed tile and elsewhere by a step's deployment (such as through the magic portal)."},
	{"move-syntax", "A turn's move is not a move in the move notation (such as \"city\", \"none\", \"portal 0,0:city\", \"dragon N\"), or is a tile move, which the turn's at and rotation give."},
	{"move-off-board", "A turn's move names a tile (portal, princess, fairy, drawbridge) at a position where no tile lies at that point."},
	{"move-unknown-feature", "A turn's move names a feature that its tile (the tile placed, for a follower) does not have."},
	{"position-point-taken", "A scenario's position lays two tiles at one point."},
	{"event-notation", "A scenario expects an event that is not written in the event notation, such as \"score p1 4 city\" or \"move dragon 2,-1\" (see game/event_notation.go), or a step's event whose word no step of the data gives."},
}

// scenarioBoard is what a scenario's checks know of its board: the tile at
// each position, as the position and the turns lay them.
type scenarioBoard map[tilekit.BoardPosition]*tilekit.Tile

// checkScenarios runs the consistency checks of the scenarios.
func (l *loader) checkScenarios(cat *tilekit.Catalog) {
	seen := map[string]tilekit.Origin{}
	for i := range l.data.Scenarios {
		s := &l.data.Scenarios[i]
		l.unique(seen, "scenario "+s.ID, s.Origin.At("id"))
		l.checkScenarioFolder(s)
		for j, id := range s.Expansions {
			l.expansionRef(cat, id, s.Origin.At("expansions", strconv.Itoa(j)))
		}
		if s.Source.Kind != "" {
			l.checkSource(s.Source, s.Origin.At("source"))
		}
		l.checkScenarioPlayers(s)
		l.checkScenarioKinds(cat, s)
		l.checkScenarioPlay(cat, s)
	}
}

// checkScenarioFolder checks that a scenario's id starts with the
// expansion its file's sub-folder of scenarios/ names. A file given on its
// own, outside any scenarios/ folder, is not checked.
func (l *loader) checkScenarioFolder(s *tilekit.Scenario) {
	folder, inScenarios := scenarioFolder(s.Origin.File)
	if !inScenarios {
		return
	}
	prefix, _, _ := strings.Cut(s.ID, "/")
	switch {
	case folder == "":
		l.report(s.Origin.At("id"), "scenario-folder-mismatch", Error,
			"scenario files go in a sub-folder of scenarios/ named after their expansion: move this file to scenarios/%s/", prefix)
	case prefix != folder:
		l.report(s.Origin.At("id"), "scenario-folder-mismatch", Error,
			"scenario %s is in scenarios/%s/: its id must start with %s/, or its file go in scenarios/%s/", s.ID, folder, folder, prefix)
	}
}

// scenarioFolder returns the sub-folder of scenarios/ a file is in: the
// path segment after the last one named scenarios, or "" for a file in
// scenarios/ itself. It reports false for a file outside any scenarios/.
func scenarioFolder(file string) (string, bool) {
	segs := strings.Split(path.Dir(file), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if segs[i] == "scenarios" {
			if i == len(segs)-1 {
				return "", true
			}
			return segs[i+1], true
		}
	}
	return "", false
}

// checkScenarioPlayers checks every list that has one value per player,
// and every follower's owner, against the number of players.
func (l *loader) checkScenarioPlayers(s *tilekit.Scenario) {
	l.playerList(s, s.Scores, "scores", s.Origin.At("scores"))
	l.followerOwners(s, s.Followers)
	expects := []*tilekit.ScenarioExpect{&s.Expect}
	for j := range s.Turns {
		expects = append(expects, &s.Turns[j].Expect)
	}
	for _, e := range expects {
		l.playerList(s, e.Scores, "scores", e.Origin.At("scores"))
		l.playerList(s, e.Supply, "supply", e.Origin.At("supply"))
		l.followerOwners(s, e.Followers)
		l.expectedEvents(s, e)
	}
}

// expectedEvents checks that each expected event is in the event notation
// and names a player the scenario has.
func (l *loader) expectedEvents(s *tilekit.Scenario, e *tilekit.ScenarioExpect) {
	for i, text := range e.Events {
		at := e.Origin.At("events", strconv.Itoa(i))
		n, err := tilekit.ParseEventNotation(text)
		switch {
		case err != nil:
			l.report(at, "event-notation", Error, "%v", err)
		case !tilekit.IsEventWord(n.Kind) && !l.stepWord(tilekit.MoveWord(n.Kind)):
			l.report(at, "event-notation", Error, "event %q: no step of the data writes its events with the word %q", text, n.Kind)
		case n.Player > s.Players:
			l.report(at, "players-mismatch", Error, "event %q names player %d, but the scenario has %d players", text, n.Player, s.Players)
		case n.Kind == "score":
			l.eventBonus(text, n, at)
		}
	}
}

// stepWord reports whether a step of the data writes its moves and
// events with a word.
func (l *loader) stepWord(w tilekit.MoveWord) bool {
	for i := range l.data.Steps {
		if slices.Contains(l.data.Steps[i].Mechanics.Words(), w) {
			return true
		}
	}
	return false
}

func (l *loader) playerList(s *tilekit.Scenario, values []int, what string, at tilekit.Origin) {
	if values != nil && len(values) != s.Players {
		l.report(at, "players-mismatch", Error, "%s has %s, but the scenario has %d players: give one a player", what, plural(len(values), "number"), s.Players)
	}
}

func (l *loader) followerOwners(s *tilekit.Scenario, fs []tilekit.ScenarioFollower) {
	for _, f := range fs {
		if f.Player > s.Players {
			l.report(f.Origin.At("player"), "players-mismatch", Error, "a follower of player %d, but the scenario has %d players", f.Player, s.Players)
		}
	}
}

// scenarioSetup is what the play checks know of a scenario's setup.
type scenarioSetup struct {
	sel      rules.Selection
	selected bool // the selection could be read
	edition  tilekit.Edition
}

// checkScenarioPlay follows a scenario's board from its position through
// its turns: every tile is known and played in the game, every follower,
// figure and place stands on a tile that lies there and on a feature the
// tile has, every figure is of the selection, and a discarded turn places
// nothing.
func (l *loader) checkScenarioPlay(cat *tilekit.Catalog, s *tilekit.Scenario) {
	setup := scenarioSetup{edition: s.Edition}
	if setup.edition == "" {
		setup.edition = tilekit.DefaultEdition
	}
	if sel, err := rules.Select(cat, s.Expansions); err == nil {
		setup.sel, setup.selected = sel, true
	}
	board := l.scenarioPosition(cat, s, setup)
	for j, id := range s.Pile {
		l.scenarioTile(cat, s, setup, id, s.Origin.At("pile", strconv.Itoa(j)))
	}
	l.checkScenarioFiguresSelected(s, setup)
	if board != nil {
		l.followersOnBoard(cat, board, s.Followers, "before the first turn")
		l.figuresBeforeTheFirstTurn(board, s)
	}
	for j := range s.Turns {
		t := &s.Turns[j]
		if t.Pass {
			l.checkPass(t)
			continue
		}
		tile := l.scenarioTile(cat, s, setup, t.Tile, t.Origin.At("tile"))
		switch {
		case t.Discard:
			l.checkDiscard(t)
		case tile != nil:
			if board != nil && board[t.At] == nil {
				board[t.At] = tile
			}
		default:
			board = nil // a tile not known: the board past it is not known
		}
		l.checkTurnMoves(s, setup, turnPlay{board: board, tile: tile, when: "on turn " + strconv.Itoa(j+1)}, t)
		if board != nil {
			l.expectedOnBoard(cat, board, &t.Expect, "after turn "+strconv.Itoa(j+1))
		}
		if t.Illegal != "" {
			break // the scenario stops at a refused move
		}
	}
	if board != nil {
		l.expectedOnBoard(cat, board, &s.Expect, "after the last turn")
	}
}

// expectedOnBoard checks that the followers and figures an expectation
// places stand on tiles of the board.
func (l *loader) expectedOnBoard(cat *tilekit.Catalog, board scenarioBoard, e *tilekit.ScenarioExpect, when string) {
	l.followersOnBoard(cat, board, e.Followers, when)
	l.expectedFiguresOnBoard(board, e, when)
}

// scenarioPosition returns the board a scenario starts from: its position,
// or the edition's start tile at 0,0; nil when a tile of it is not known.
func (l *loader) scenarioPosition(cat *tilekit.Catalog, s *tilekit.Scenario, setup scenarioSetup) scenarioBoard {
	board := scenarioBoard{}
	if s.Position == "" {
		start := startTile(cat, setup)
		if start == nil {
			return nil // the runner says that there is no start tile
		}
		board[tilekit.BoardPosition{}] = start
		return board
	}
	at := s.Origin.At("position")
	for _, tok := range strings.Fields(s.Position) {
		coords, rest, _ := strings.Cut(tok, ":")
		id := rest[:max(strings.LastIndexByte(rest, '@'), 0)]
		tile := l.scenarioTile(cat, s, setup, id, at)
		p := parseBoardPosition(coords)
		switch {
		case tile == nil:
			board = nil
		case board == nil:
		case board[p] != nil:
			// Which of the two tiles lies there is not known, so the
			// followers and figures on it are not checked either.
			l.report(at, "position-point-taken", Error, "position %q lays two tiles at %s: %s and %s",
				s.Position, coords, board[p].ID, tile.ID)
			board = nil
		default:
			board[p] = tile
		}
	}
	return board
}

// startTile returns the start tile of the setup's edition among the
// selected tiles, or nil.
func startTile(cat *tilekit.Catalog, setup scenarioSetup) *tilekit.Tile {
	for i := range cat.Tiles {
		t := &cat.Tiles[i]
		if slices.Contains(t.Start, setup.edition) && (!setup.selected || setup.sel.Has(t.Expansion())) {
			return t
		}
	}
	return nil
}

// scenarioTile checks a tile a scenario names and returns it, or nil when
// no file defines it.
func (l *loader) scenarioTile(cat *tilekit.Catalog, s *tilekit.Scenario, setup scenarioSetup, id string, at tilekit.Origin) *tilekit.Tile {
	t := cat.Tile(id)
	switch {
	case t == nil:
		if !l.wasDropped("tile", id) {
			l.report(at, "unknown-tile", Error, "no loaded file defines the tile %q%s", id, Suggest(id, tileIDs(cat)))
		}
	case setup.selected && !setup.sel.Has(t.Expansion()):
		l.report(at, "tile-not-selected", Error, "tile %s belongs to %s, which scenario %s does not select: add %q to its expansions", id, t.Expansion(), s.ID, t.Expansion())
	case t.Copies(setup.edition) == 0 && !(setup.selected && dealtTile(cat, setup.sel, id)):
		l.report(at, "tile-not-selected", Error, "tile %s has no copies in edition %s, which scenario %s is played in", id, setup.edition, s.ID)
	case setup.selected:
		return cat.PlayedTile(t, setup.sel.Has)
	}
	return t
}

// dealtTile reports whether a step of a selection deals a tile to the
// players to hold beside the pile (tilekit.HeldTile), so that a scenario
// may place it though no pile has a copy.
func dealtTile(cat *tilekit.Catalog, sel rules.Selection, id string) bool {
	for i := range cat.Steps {
		if h := cat.Steps[i].Mechanics.HeldTile; h != nil && h.Tile == id && sel.Has(cat.Steps[i].Expansion) {
			return true
		}
	}
	return false
}

func tileIDs(cat *tilekit.Catalog) []string {
	ids := make([]string, len(cat.Tiles))
	for i := range cat.Tiles {
		ids[i] = cat.Tiles[i].ID
	}
	return ids
}

// followersOnBoard checks that each follower stands on a tile of the board
// and on a feature that tile has.
func (l *loader) followersOnBoard(cat *tilekit.Catalog, board scenarioBoard, fs []tilekit.ScenarioFollower, when string) {
	for _, f := range fs {
		tile := board[f.At]
		if tile == nil {
			l.report(f.Origin.At("at"), "follower-off-board", Error, "no tile lies at %d,%d %s", f.At.X, f.At.Y, when)
			continue
		}
		if tileFeature(tile, f.Feature) == nil {
			l.report(f.Origin.At("feature"), "unknown-feature", Error, "tile %s at %d,%d has no feature %q%s", tile.ID, f.At.X, f.At.Y, f.Feature, featureHint(tile))
		}
	}
}

// checkPass checks that a turn that passes names no tile and places
// nothing.
func (l *loader) checkPass(t *tilekit.ScenarioTurn) {
	var extra []string
	if t.Tile != "" {
		extra = append(extra, "tile")
	}
	if t.Discard {
		extra = append(extra, "discard")
	}
	if extra = append(extra, placementKeys(t)...); len(extra) > 0 {
		l.report(t.Origin.At("pass"), "pass-with-placement", Error,
			"a turn that passes takes and places nothing: drop %s, or do not pass", strings.Join(extra, ", "))
	}
}

// checkDiscard checks that a discarded turn places nothing.
func (l *loader) checkDiscard(t *tilekit.ScenarioTurn) {
	if extra := placementKeys(t); len(extra) > 0 {
		l.report(t.Origin.At("discard"), "discard-with-placement", Error,
			"a discarded tile is set aside, not placed: drop %s, or discard", strings.Join(extra, ", "))
	}
}

// placementKeys lists the keys of a turn that place its tile or follow it
// (at, rotation, moves) that the turn gives.
func placementKeys(t *tilekit.ScenarioTurn) []string {
	var keys []string
	if t.At != (tilekit.BoardPosition{}) {
		keys = append(keys, "at")
	}
	if t.Rotation != 0 {
		keys = append(keys, "rotation")
	}
	if t.Moves != nil {
		keys = append(keys, "moves")
	}
	return keys
}

// tileFeature returns the feature of a tile a scenario names, or nil. The
// names are those of the root package's grammar (tilekit.ParseFeatureRef),
// which the game engine reads too.
func tileFeature(t *tilekit.Tile, name string) *tilekit.Feature {
	ref, err := tilekit.ParseFeatureRef(name)
	if err != nil {
		return nil
	}
	i, err := t.FeatureIndex(ref)
	if err != nil {
		return nil
	}
	return &t.Features[i]
}

// featureHint lists the names a scenario may use for a tile's features,
// in their canonical form (tilekit.FeatureName), as the engine names them.
func featureHint(t *tilekit.Tile) string {
	if len(t.Features) == 0 {
		return ""
	}
	names := make([]string, len(t.Features))
	for i := range t.Features {
		names[i] = tilekit.FeatureName(t, i)
	}
	return "; its features are " + strings.Join(names, ", ")
}

// eventBonus checks the scoring rule of an expected score event that is no
// base game's rule: a scoring rule of a step of the data, at its moment,
// or a bonus, which scores at the end of the game only when it scores on a
// feature.
func (l *loader) eventBonus(text string, n tilekit.EventNotation, at tilekit.Origin) {
	if _, base := tilekit.EventScoringRules[n.Word]; base {
		return
	}
	for i := range l.data.Steps {
		for _, r := range l.data.Steps[i].Mechanics.Scoring {
			if r.ID != n.Word {
				continue
			}
			if n.End != (r.At == tilekit.ScoreEndOfGame) {
				l.report(at, "event-notation", Error, "event %q: the scoring rule %s scores %s", text, r.ID, momentWords[r.At])
			}
			return
		}
		if rc := l.data.Steps[i].Mechanics.Recall; rc != nil && string(rc.Word) == n.Word {
			if n.End {
				l.report(at, "event-notation", Error, "event %q: the recall %s scores during the game, never at its end", text, rc.Word)
			}
			return
		}
		if c := l.data.Steps[i].Mechanics.Collection; c != nil && c.ID == n.Word {
			if !n.End {
				l.report(at, "event-notation", Error, "event %q: the majority %s scores at the end of the game only", text, c.ID)
			}
			return
		}
		for _, b := range l.data.Steps[i].Mechanics.Bonuses {
			if b.ID != n.Word {
				continue
			}
			if n.End && b.On != tilekit.BonusFeatureScored {
				l.report(at, "event-notation", Error, "event %q: the bonus %s scores on %s, never at the end of the game", text, b.ID, b.On)
			}
			return
		}
	}
	l.report(at, "event-notation", Error, "event %q: %s is no scoring rule of the base game (road, city, cloister, field, city-1st-edition, field-1st-edition) and no step of the data states a scoring rule, bonus, collection or recall of that id", text, n.Word)
}

// momentWords says when a scoring rule scores, for a message.
var momentWords = map[tilekit.ScoreMoment]string{
	tilekit.ScoreCompleted: "when a feature is completed, not at the end of the game (drop the \"end\")",
	tilekit.ScoreEndOfGame: "at the end of the game only (write \"end score ...\")",
}
