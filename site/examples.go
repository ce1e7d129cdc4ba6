package site

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// examplesData is the content of the examples index: the scenarios by
// expansion, and within it by the step of the turn they are about.
type examplesData struct {
	Groups []exampleGroup
	// LeftOut counts the examples a limited site leaves out.
	LeftOut int
}

// exampleGroup is the examples of one expansion, by rule.
type exampleGroup struct {
	Anchor, Name string
	Rules        []ruleGroup
}

// ruleGroup is the examples of an expansion about one step of the order
// of play, headed by the step's name (see exampleStep).
type ruleGroup struct {
	Anchor, Name string
	// Step is the step's id, "" for the examples about none.
	Step     string
	Examples []exampleLink
}

// exampleLink is an entry of the examples index: the link to the example
// and, for a played example of an HTML site, its thumbnail's address.
type exampleLink struct {
	link
	Thumb string
}

// exampleData is the content of a worked example's page.
type exampleData struct {
	ID, Title                      string
	Players                        int
	Expansions, Edition, Publisher string
	Options                        []string
	Source                         citation
	Before, After                  *boardImage
	Turns                          []turnView
	End                            []eventView
	// Rules are the rules the events follow, each once, numbered in the
	// order the page first names them.
	Rules  []ruleNote
	Scores []playerScore
	Needs  needs
	// NotPlayed, when not empty, says why the engine does not play the
	// example (a step it has no implementation for): the page shows the
	// setup and this, and no boards or turns.
	NotPlayed string
	// Step is the id of the step of the order of play the example is
	// about (exampleStep), which the index groups it by; Thumb the file
	// of its final board's thumbnail. Both are "" for an example not
	// played.
	Step, Thumb string
	// TitleLang is the language of Title when it is not the page's (an
	// English title on a page in another language).
	TitleLang string
}

// boardImage is a board picture on a page.
type boardImage struct{ Src, Alt string }

// turnView is a turn of a worked example and what the engine did.
type turnView struct {
	Move   string
	Events []eventView
}

// eventView is an event as a page shows it: worded, with the number of
// the rule it follows in the page's list of rules.
type eventView struct {
	Text string
	Rule int
	// Ruling links the table's answer that decided the event, if one did.
	Ruling *link
}

// ruleNote is a rule the events of a page follow: its number, its words
// and its sources.
type ruleNote struct {
	N        int
	ID, Text string
	Sources  []citation
}

// playerScore is a player's final score.
type playerScore struct {
	Player int
	Colour string
	// ColourName names the player by the colour of their followers on
	// the boards, as the events do.
	ColourName  string
	Score, Hand int
	// Start is the score before the first turn, which a scenario may set
	// (the Black Dragon's example starts at 47).
	Start int
}

// ExampleError is a worked example the site cannot show: the game engine
// does not play it as its scenario says (Failures, each with the Origin of
// the key at fault, which a caller that has the files turns into a line),
// or its page cannot be made (Err).
type ExampleError struct {
	Scenario *tilekit.Scenario
	Failures []game.ScenarioFailure
	Err      error
}

// Error names the example and its file, and says what failed.
func (e *ExampleError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("worked example %s (%s): %v", e.Scenario.ID, e.Scenario.Origin.File, e.Err)
	}
	var msgs []string
	for _, f := range e.Failures {
		msgs = append(msgs, f.Message)
	}
	return fmt.Sprintf("worked example %s (%s): the engine does not play it as written: %s", e.Scenario.ID, e.Scenario.Origin.File, strings.Join(msgs, "; "))
}

// Unwrap returns the error that kept the page from being made, if any.
func (e *ExampleError) Unwrap() error { return e.Err }

// playedExample is a worked example the build played before it wrote
// any page, so that the tables' pages can link the examples their rows
// decided: its scenario, its page and its page's content.
type playedExample struct {
	s    *tilekit.Scenario
	page string
	d    *exampleData
}

// playExamples runs every worked example the site covers with the game
// engine, once, and gathers its page and boards and the tables' answers
// that decided its play (noteExercised); a failing example is an error
// naming it. It runs before the tables' pages are written; writeExamples
// writes the pages.
func (b *builder) playExamples() error {
	for i := range b.cat.Scenarios {
		s := &b.cat.Scenarios[i]
		if !b.coversExpansion(tilekit.ParentExpansion(s.ID)) || !b.coversAll(s.Expansions) {
			continue
		}
		p := "examples/" + slug(s.ID)
		d, err := b.exampleOrUnplayed(s, p)
		if err != nil {
			return err
		}
		b.played = append(b.played, playedExample{s: s, page: p, d: d})
	}
	return nil
}

// coversExpansion reports whether the site has a page for an expansion,
// under which the examples index lists its examples.
func (b *builder) coversExpansion(id string) bool {
	return slices.ContainsFunc(b.expansions, func(x *tilekit.Expansion) bool { return x.ID == id })
}

// writeExamples writes the page of every worked example that
// playExamples played, and the examples index, grouped by expansion and
// by the step of the turn each example shows.
func (b *builder) writeExamples() error {
	idx := &examplesData{}
	groups := map[string]int{}
	for _, x := range b.expansions {
		groups[x.ID] = len(idx.Groups)
		idx.Groups = append(idx.Groups, exampleGroup{Anchor: "examples-" + anchorID(x.ID), Name: b.name(x.Translations, x.Name)})
	}
	rank, err := b.stepRanks()
	if err != nil {
		return err
	}
	idx.LeftOut = len(b.cat.Scenarios) - len(b.played)
	for _, ex := range b.played {
		s, p, d := ex.s, ex.page, ex.d
		text, lang := d.Title, d.TitleLang
		if d.NotPlayed != "" {
			text, lang = b.tr.must("examples.not-played", d.Title), ""
		}
		pg := b.newPage(p, d.Title, d)
		pg.TitleLang = d.TitleLang
		if err := b.writePage("example", pg); err != nil {
			return err
		}
		entry := exampleLink{link: link{Href: b.pageLink("examples/index", p, ""), Text: text, Lang: lang, Needs: d.Needs}}
		entry.Needs.In = b.editionIn(s.Edition)
		if d.Thumb != "" {
			entry.Thumb = fileLink("examples/index", d.Thumb)
		}
		b.addToRule(&idx.Groups[groups[tilekit.ParentExpansion(s.ID)]], d.Step, entry)
		b.addSearch(d.Title, p, "", "example", s.ID+" "+s.Source.Title+" "+s.Source.Section).needing(d.Needs)
	}
	var kept []exampleGroup
	for _, g := range idx.Groups {
		if len(g.Rules) > 0 {
			sortRules(g.Rules, rank)
			kept = append(kept, g)
		}
	}
	idx.Groups = kept
	return b.writePage("examples", b.newPage("examples/index", b.tr.must("examples.title"), idx))
}

// exampleOrUnplayed gathers a worked example's page: played by the
// engine, or, when its selection has steps the engine does not play yet
// (rules.UnplayedSteps, a fan expansion's own), its setup marked as not
// played.
func (b *builder) exampleOrUnplayed(s *tilekit.Scenario, page string) (*exampleData, error) {
	sel, err := rules.Select(b.cat, s.Expansions)
	if err != nil {
		return nil, &ExampleError{Scenario: s, Err: err}
	}
	edition := s.Edition
	if edition == "" {
		edition = tilekit.C2
	}
	unplayed := rules.UnplayedSteps(b.cat, sel, edition)
	if len(unplayed) == 0 {
		return b.example(s, page)
	}
	var names []string
	for _, st := range unplayed {
		names = append(names, b.name(st.Translations, st.Name)+" ("+st.ID+")")
	}
	d := b.exampleSetup(s)
	d.NotPlayed = b.tr.must("example.not-played", strings.Join(names, ", "))
	return d, nil
}

// example runs a scenario and gathers its page and boards: the board
// before the first turn is read from the game the run set up, and the
// rules from the run's own.
func (b *builder) example(s *tilekit.Scenario, page string) (*exampleData, error) {
	run := b.shared.run(b.rulesOf(s), s, func(g *game.Game) (*board, error) { return b.gameBoard(g, g.Ruleset(), "") })
	res, first, start := run.res, run.first, run.start
	if !res.Passed() {
		return nil, &ExampleError{Scenario: s, Failures: res.Failures}
	}
	if run.beforeErr != nil {
		return nil, run.beforeErr
	}
	if run.before == nil || res.Game == nil {
		return nil, &ExampleError{Scenario: s, Err: errors.New("the engine does not set up its position")}
	}
	before := new(board)
	*before = *run.before
	d := b.exampleSetup(s)
	before.Title = b.tr.must("example.board-before", d.Title)
	if err := b.exampleBoards(s, before, res, d, page); err != nil {
		return nil, err
	}
	for i := range d.Scores {
		if i < len(start) {
			d.Scores[i].Start = start[i]
		}
	}
	b.exampleTurns(s, res, d, first, page)
	d.Step = b.exampleStep(s, res)
	b.noteExercised(exampleRef{page: page, title: d.Title, lang: d.TitleLang}, res.Rulings)
	return d, nil
}

// exampleSetup gathers what a worked example's page says of its setup.
func (b *builder) exampleSetup(s *tilekit.Scenario) *exampleData {
	d := &exampleData{ID: s.ID, Title: b.scenarioTitle(s), TitleLang: b.textLang(s.Translations, "title", s.Title), Players: s.Players, Edition: string(s.Edition), Source: b.citationOf(s.Source), Needs: b.needsOf(s.Expansions, publisherList(s.Publisher))}
	if d.Edition == "" {
		d.Edition = string(tilekit.C2)
	}
	var names []string
	for _, id := range s.Expansions {
		names = append(names, b.expansionName(id))
	}
	d.Expansions = strings.Join(names, ", ")
	if s.Publisher != "" {
		d.Publisher = s.Publisher.Name()
	}
	if s.Options.NoFarmers {
		d.Options = append(d.Options, b.tr.must("example.no-farmers"))
	}
	if s.Options.FirstEditionScoring {
		d.Options = append(d.Options, b.tr.must("example.first-edition-scoring"))
	}
	return d
}

// rulesOf returns the catalog a worked example plays by: the rules of its
// own data folder and those before it, so that a house rule of a later
// folder does not change a built-in example (tilekit.Catalog.UpToFolder).
func (b *builder) rulesOf(s *tilekit.Scenario) *tilekit.Catalog {
	if b.upTo == nil {
		b.upTo = map[int]*tilekit.Catalog{}
	}
	if c, ok := b.upTo[s.Folder]; ok {
		return c
	}
	c := b.cat.UpToFolder(s.Folder)
	b.upTo[s.Folder] = c
	return c
}

// exampleBoards draws the board before the first turn, which the run set
// up, and after the last, the run's final game.
func (b *builder) exampleBoards(s *tilekit.Scenario, before *board, res game.ScenarioResult, d *exampleData, page string) error {
	final := res.Game
	after, err := b.gameBoard(final, final.Ruleset(), b.tr.must("example.board-after", d.Title))
	if err != nil {
		return err
	}
	for i := range final.NumPlayers() {
		pl := final.Player(i)
		d.Scores = append(d.Scores, playerScore{Player: i + 1, Colour: playerColour(i + 1), ColourName: b.playerWord(i + 1),
			Score: pl.Score, Hand: pl.Supply})
	}
	for i, t := range s.Turns {
		if tile := boardTileAt(after, t.At); tile != nil && !t.Discard && t.Illegal == "" && tile.Tile.ID == t.Tile && boardTileAt(before, t.At) == nil {
			tile.Turn = i + 1
		}
	}
	after.Flights = flights(s, res)
	after.Arrows = append(b.deploymentArrows(s), b.crossingArrows(after, res)...)
	for _, bd := range []struct {
		board *board
		name  string
		img   **boardImage
	}{{before, "start", &d.Before}, {after, "end", &d.After}} {
		svg, err := b.drawBoard(bd.board)
		if err != nil {
			return err
		}
		file := "examples/" + slug(s.ID) + "-" + bd.name + ".svg"
		b.put(file, svg)
		*bd.img = &boardImage{Src: fileLink(page, file), Alt: bd.board.Title}
	}
	return b.writeThumb(s, after, d)
}

// gameBoard returns what a game's board shows: its tiles, followers and
// neutral figures, read from the engine's values (Board.Placed,
// Game.Figures).
func (b *builder) gameBoard(g *game.Game, r *game.Ruleset, title string) (*board, error) {
	bd := &board{Title: title}
	for p := range g.Board().Placed() {
		id := r.ID(p.Type)
		t := b.cat.Tile(id)
		if t == nil {
			return nil, fmt.Errorf("the board's tile %s at %d,%d is not in the catalog", id, p.Pos.X, p.Pos.Y)
		}
		bd.Tiles = append(bd.Tiles, boardTile{Pos: p.Pos, Tile: t, Played: r.Tile(p.Type), Rot: tilekit.Rotations[p.Rot]})
	}
	neutral := map[string]game.PlacedFigure{}
	for f := range g.Figures() {
		if f.Figure == game.FigureMeeple {
			bd.Followers = append(bd.Followers, boardFollower{Pos: f.Pos, Feature: f.Feature, Player: f.Player + 1, AtCorner: f.AtCorner, Corner: f.Corner})
		} else {
			neutral[f.Figure.ID()] = f
		}
	}
	for _, id := range figureOrder {
		if f, ok := neutral[id]; ok {
			bd.Figures = append(bd.Figures, boardFigure{Figure: f.Figure, Pos: f.Pos})
		}
	}
	return bd, nil
}

// flights returns the red and black dragons' flights: each run of steps
// from tile to tile, from where the dragon stood, read from the events'
// Actor.
func flights(s *tilekit.Scenario, res game.ScenarioResult) []flight {
	cur := map[string]*tilekit.BoardPosition{"dragon": s.Dragon, "black-dragon": s.BlackDragon}
	var out []flight
	for _, events := range res.Events {
		open := map[string]int{}
		for _, e := range events {
			if e.Kind != game.EventMoved && e.Kind != game.EventEntered {
				continue
			}
			id := e.Actor.ID()
			if id != "dragon" && id != "black-dragon" {
				continue
			}
			pos := e.Pos
			from := cur[id]
			cur[id] = &pos
			if e.Kind == game.EventEntered || e.Called != "" || from == nil {
				delete(open, id)
				continue
			}
			k, ok := open[id]
			if !ok {
				k = len(out)
				open[id] = k
				out = append(out, flight{Figure: e.Actor, Points: []tilekit.BoardPosition{*from}})
			}
			out[k].Points = append(out[k].Points, pos)
		}
	}
	return out
}

// exampleTurns describes each turn and what the engine did, and the end.
// The first turn is played by player first (from 0), as the engine set
// the scenario up; a turn that gave an extra turn (game.EventExtraTurn)
// is followed by one of the same player.
func (b *builder) exampleTurns(s *tilekit.Scenario, res game.ScenarioResult, d *exampleData, first int, page string) {
	played := 0 // turns that passed to the next player
	for i, t := range s.Turns {
		v := turnView{Move: b.moveText(t, activePlayer(first, s.Players, played))}
		played++
		if i < len(res.Events) {
			v.Events = b.eventViews(d, res, res.Events[i], page)
			if slices.ContainsFunc(res.Events[i], func(e game.Event) bool { return e.Kind == game.EventExtraTurn }) {
				played--
			}
		}
		d.Turns = append(d.Turns, v)
	}
	if len(res.Events) > len(s.Turns) {
		d.End = b.eventViews(d, res, res.Events[len(res.Events)-1], page)
	}
}

// sentenceStart returns a text with its first letter in upper case, for a
// rule worded to follow an event inline ("... (after a dragon tile ...)")
// that stands as an item of its own in a page's list of rules.
func sentenceStart(text string) string {
	r, n := utf8.DecodeRuneInString(text)
	if r == utf8.RuneError {
		return text
	}
	return string(unicode.ToUpper(r)) + text[n:]
}

// eventViews words events of a run for a page, each with the number of its
// rule in the page's list (the rule under the rules the run played by,
// ScenarioResult.EventRule), which it adds the rules not yet listed to,
// and a link to the table's answer that decided it, if one did.
func (b *builder) eventViews(d *exampleData, res game.ScenarioResult, events []game.Event, page string) []eventView {
	words := (&EventWords{tr: b.tr}).ForData(b.cat).ForReaders()
	var out []eventView
	for _, e := range events {
		rule := res.EventRule(e)
		k := slices.IndexFunc(d.Rules, func(r ruleNote) bool { return r.ID == rule.ID })
		if k < 0 {
			k = len(d.Rules)
			note := ruleNote{N: k + 1, ID: rule.ID, Text: sentenceStart(words.RuleText(rule))}
			for _, c := range rule.Sources {
				note.Sources = append(note.Sources, b.citationOf(c))
			}
			d.Rules = append(d.Rules, note)
		}
		out = append(out, eventView{Text: words.Event(e), Rule: k + 1, Ruling: b.rulingLink(page, e.Ruling)})
	}
	return out
}

// turnPlayers is who plays a turn of an example: the active player, from
// 1, and the number of players.
type turnPlayers struct{ active, players int }

// activePlayer returns who plays turn i of a game of a number of players
// whose first turn player first (from 0) plays: the players in turn.
func activePlayer(first, players, i int) turnPlayers {
	players = max(players, 1)
	return turnPlayers{active: (first+i)%players + 1, players: players}
}

// attributed writes beside each step of a figure the player who chose it,
// when the data's movement of the figure lets each player in turn choose
// one (the red dragon); the steps alone otherwise.
func (b *builder) attributed(word tilekit.MoveWord, sides []string, turn turnPlayers) []string {
	for i := range b.cat.Steps {
		mv := b.cat.Steps[i].Mechanics.Movement
		if mv == nil || mv.Figure != string(word) || mv.To != tilekit.MoveOrthogonalSteps {
			continue
		}
		if mv.Mover != tilekit.ChooserEachPlayerInTurn {
			return sides
		}
		out := make([]string, len(sides))
		for k, side := range sides {
			out[k] = b.tr.must("example.step-by", side, b.playerWord((turn.active-1+k)%turn.players+1))
		}
		return out
	}
	return sides
}

// playerWord names a player of an example, from 1, by the colour of their
// figures, as the board shows them.
func (b *builder) playerWord(player int) string { return playerName(b.tr, player-1, true) }

// moveWord words the word of a move ("drawbridge"): the strings' word
// (example.word.ID), else the data's own.
func (b *builder) moveWord(w tilekit.MoveWord) string {
	if key := "example.word." + string(w); b.tr.has(key) {
		return b.tr.must(key)
	}
	return string(w)
}

// moveFeature words the feature a move names: by its kind's word
// (event.kind), with its rank among the tile's features of the kind when
// the move gives one ("field 2"); a feature named otherwise (by an index or
// the tile's own id for it) as the move writes it.
func (b *builder) moveFeature(m tilekit.MoveText) string {
	if m.IsIndex || m.Ref.Kind == "" || m.Ref.ID != "" || m.Ref.HasAt || m.Ref.IsIndex {
		return m.Feature
	}
	word := b.tr.must("event.kind." + string(m.Ref.Kind))
	if m.Ref.Ordinal > 0 {
		word += " " + strconv.Itoa(m.Ref.Ordinal)
	}
	return word
}

// stepsText words a figure's steps of a turn: the strings' own words for
// the figure (example.steps.ID) when they have them, else the figure by
// its name.
func (b *builder) stepsText(word tilekit.MoveWord, sides []string) string {
	if _, ok := b.tr.strings["example.steps."+string(word)]; ok {
		return b.tr.must("example.steps."+string(word), strings.Join(sides, ", "))
	}
	return b.tr.must("example.steps-of", b.figureWord(string(word)), strings.Join(sides, ", "))
}

// tileName names a tile of an example by its name in the data, or its id
// where the data has no such tile.
func (b *builder) tileName(id string) string {
	if t := b.cat.Tile(id); t != nil && t.Name != "" {
		return "“" + b.name(t.Translations, t.Name) + "”"
	}
	return id
}

// wordKind returns the kind of the moves of a word, MoveBase for a word
// no ruleset named: a fan's word of a kind is worded as the kind is.
func wordKind(w tilekit.MoveWord) game.MoveKind {
	k, _ := game.WordKind(w)
	return k
}

// moveText says what a turn does: the tile laid, then its moves, read
// as values of the move notation (a text the validator refused is left
// out), each dragon's steps together where its first is.
func (b *builder) moveText(t tilekit.ScenarioTurn, turn turnPlayers) string {
	if t.Discard {
		return b.tr.must("example.discard", b.playerWord(turn.active), b.tileName(t.Tile))
	}
	if t.Pass {
		return b.tr.must("example.pass", b.playerWord(turn.active))
	}
	parts := []string{b.tr.must("example.place", b.playerWord(turn.active), b.tileName(t.Tile), t.At.X, t.At.Y, t.Rotation)}
	steps, stepsAt := map[tilekit.MoveWord][]string{}, map[tilekit.MoveWord]int{}
	for _, text := range t.Moves {
		m, err := tilekit.ParseMoveText(text)
		switch {
		case err != nil:
		case m.Word == "" && m.Feature != "" && m.Figure != "":
			parts = append(parts, b.tr.must("example.figure", b.figureInSentence(m.Figure), b.moveFeature(m)))
		case m.Word == "" && m.Feature != "":
			parts = append(parts, b.tr.must("example.follower", b.moveFeature(m)))
		case wordKind(m.Word) == game.MoveDeploy && m.Figure != "":
			parts = append(parts, b.tr.must("example.portal-figure", b.figureInSentence(m.Figure), b.moveFeature(m), m.At.X, m.At.Y))
		case wordKind(m.Word) == game.MoveDeploy:
			parts = append(parts, b.tr.must("example.portal", b.moveFeature(m), m.At.X, m.At.Y))
		case m.HasCorner:
			parts = append(parts, b.tr.must("example.corner", b.figureInSentence(b.wordFigure(m.Word)), b.tr.must("example.corner-side."+m.Corner.String()), m.At.X, m.At.Y))
		case wordKind(m.Word) == game.MoveDismissal:
			parts = append(parts, b.tr.must("example.dismissal", b.moveWord(m.Word), m.At.X, m.At.Y))
		case wordKind(m.Word) == game.MoveCompanion:
			parts = append(parts, b.tr.must("example.companion", b.figureWord(string(m.Word)), m.At.X, m.At.Y))
		case wordKind(m.Word) == game.MoveRecall:
			parts = append(parts, b.tr.must("example.recall", b.figureInSentence(b.wordFigure(m.Word)), b.moveFeature(m), m.At.X, m.At.Y))
		case wordKind(m.Word) == game.MoveRelocate && m.Home:
			parts = append(parts, b.tr.must("example.relocate-home", b.figureInSentence(b.wordFigure(m.Word))))
		case wordKind(m.Word) == game.MoveRelocate:
			parts = append(parts, b.tr.must("example.relocate", b.figureInSentence(b.wordFigure(m.Word)), b.moveFeature(m), m.At.X, m.At.Y))
		case wordKind(m.Word) == game.MoveCross && m.Home:
			parts = append(parts, b.tr.must("example.cross-home", b.moveWord(m.Word)))
		case wordKind(m.Word) == game.MoveCross:
			parts = append(parts, b.tr.must("example.cross", b.moveWord(m.Word), b.moveFeature(m), m.At.X, m.At.Y))
		case m.Step:
			if _, ok := stepsAt[m.Word]; !ok {
				stepsAt[m.Word] = len(parts)
				parts = append(parts, "")
			}
			steps[m.Word] = append(steps[m.Word], m.Side.String())
		}
	}
	for word, at := range stepsAt {
		parts[at] = b.stepsText(word, b.attributed(word, steps[word], turn))
	}
	if t.Illegal != "" {
		parts = append(parts, b.tr.must("example.illegal", t.Illegal))
	}
	return strings.Join(parts, "; ")
}

// wordFigure returns the id of the figure that a step's mechanic moves
// whose moves a word writes (a corner figure, a relocation, a recall), or
// the word.
func (b *builder) wordFigure(w tilekit.MoveWord) string {
	for i := range b.cat.Steps {
		m := &b.cat.Steps[i].Mechanics
		switch {
		case m.CornerFigure != nil && m.CornerFigure.Word == w:
			return m.CornerFigure.Figure
		case m.Relocation != nil && m.Relocation.Word == w:
			return m.Relocation.Figure
		case m.Recall != nil && m.Recall.Word == w:
			return m.Recall.Figure
		}
	}
	return string(w)
}

// figureInSentence words a figure by its id within a sentence: its
// string, else its name in the data as a sentence has it ("builder").
func (b *builder) figureInSentence(id string) string {
	if w, ok := b.tr.strings["event.figure."+id]; ok {
		return w
	}
	if f := b.cat.Figure(id); f != nil {
		return inSentence(f.Translations, b.tr.lang, f.Name)
	}
	return id
}

// deploymentArrows returns an arrow for each follower a turn deployed onto
// another tile than the one it placed (a deployment step's move).
func (b *builder) deploymentArrows(s *tilekit.Scenario) []arrow {
	var out []arrow
	for _, t := range s.Turns {
		if t.Discard || t.Illegal != "" {
			continue
		}
		for _, text := range t.Moves {
			m, err := tilekit.ParseMoveText(text)
			if err == nil && m.HasAt && m.At != t.At && wordKind(m.Word) == game.MoveDeploy {
				out = append(out, arrow{Class: "deployment", From: atCentre(t.At), To: atCentre(m.At), Title: b.tr.must("board.deployment", m.At.X, m.At.Y)})
			}
		}
	}
	return out
}

// crossingArrows returns an arrow for each follower that crossed into a
// linked feature (game.EventCrossed) or moved on (game.EventMovedOn), from
// the feature it stood on to the one it went to, as the events give them.
func (b *builder) crossingArrows(bd *board, res game.ScenarioResult) []arrow {
	var out []arrow
	for _, events := range res.Events {
		for _, e := range events {
			key := map[game.EventKind]string{game.EventCrossed: "board.crossing", game.EventMovedOn: "board.moving-on"}[e.Kind]
			if key == "" {
				continue
			}
			from, to := arrowEnd{Pos: e.From.Pos, Feature: e.From.Index}, arrowEnd{Pos: e.To.Pos, Feature: e.To.Index}
			out = append(out, arrow{Class: "crossing", From: from, To: to,
				Title: b.tr.must(key, b.featureWord(bd, from), from.Pos.X, from.Pos.Y, b.featureWord(bd, to), to.Pos.X, to.Pos.Y)})
		}
	}
	return out
}

// featureWord names the kind of the feature an arrow's end names ("a
// road"), by the strings' words for the kinds; "" when the board has no
// such feature, which drawing the arrow then reports.
func (b *builder) featureWord(bd *board, e arrowEnd) string {
	t := boardTileAt(bd, e.Pos)
	if t == nil {
		return ""
	}
	tile := t.Tile
	if t.Played != nil {
		tile = t.Played // with the features its symbols make
	}
	if e.Feature < 0 || e.Feature >= len(tile.Features) {
		return ""
	}
	return b.tr.must("feature." + string(tile.Features[e.Feature].Kind))
}
