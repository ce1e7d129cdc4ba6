package game

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// Snapshot writes the game in the snapshot notation, which ParseSnapshot
// reads back: the board as Board.String writes it, each tile with the
// followers on its features, then sections separated by " / ", each a
// keyword and its value, such as
//
//	0,0:base/D@0 1,0:base/U@0[1:road] / scores 3,0 / turn 2 / pile base/A*2,base/B*4
//
// The parts are these:
//
//   - A tile token may end in the followers on its features, in brackets
//     and separated by commas: the owner, from 1, a colon and the feature's
//     name (see Ruleset.FeatureName), and for a follower of another kind
//     than the meeple a colon and its id, such as
//     [1:road,2:field2,1:city:large-meeple].
//   - "scores" gives each player's score, in player order; their number is
//     the number of players.
//   - "supply" gives the followers each player has at hand, by kind: each
//     kind's id, a colon and its number for each player, such as "supply
//     meeple:5,7 large-meeple:0,1". Without it each player has at hand
//     each kind's number (FollowerKind.PerPlayer: 7 meeples) less those on
//     the board; Snapshot writes it, every kind, when that is not so.
//   - "turn" gives the player whose turn it is, from 1.
//   - "pile" gives the tiles left in the draw pile, each as its id and,
//     after "*", its number of copies (1 when left out), in catalog order;
//     "pile none" is an empty pile.
//   - "drawn" gives the tile drawn for the turn, not placed yet; "placed"
//     gives the position of the tile laid this turn, whose follower move
//     comes next; "over" says that the end of the game has been scored.
//     Without any of them the position is between two turns.
//   - "options" lists the rule options in play, comma-separated:
//     no-farmers and first-edition-scoring (see Options).
//   - Then each unit's sections, as the unit writes them (units.go lists
//     them, and each unit's file says what its sections mean).
//
// Snapshot writes the sections in this order, leaves "drawn", "placed",
// "over", "options" and the units' sections out when they do not apply,
// and writes the rest always. In the middle of a unit's decision it writes
// "placed": the notation does not hold a move half made.
func (g *Game) Snapshot() string {
	var sb strings.Builder
	b := g.board
	cells := slices.Sorted(slices.Values(b.placed))
	for i, idx := range cells {
		if i > 0 {
			sb.WriteByte(' ')
		}
		p := b.position(int(idx))
		c := b.cells[idx]
		fmt.Fprintf(&sb, "%d,%d:%s@%d", p.X, p.Y, b.rules.ID(int(c.tile)-1), tilekit.Rotations[c.rot])
		g.writeFollowers(&sb, int32(c.slot))
	}
	sb.WriteString(" / scores ")
	for i, pl := range g.players {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(pl.Score))
	}
	g.writeSupply(&sb)
	fmt.Fprintf(&sb, " / turn %d / pile %s", g.turn+1, g.pileText())
	switch g.phase {
	case phaseTile:
		sb.WriteString(" / drawn " + g.rules.ID(g.tile))
	case phaseFollower, phaseUnit:
		sb.WriteString(" / placed " + notationPos(g.last.Pos))
	case phaseOver:
		sb.WriteString(" / over")
	}
	if o := g.rules.opts.names(); o != "" {
		sb.WriteString(" / options " + o)
	}
	for _, u := range g.rules.sections {
		u.write(g, &sb)
	}
	return sb.String()
}

// writeFollowers writes the followers on the tile of a slot, by feature
// and then by player, in brackets; nothing when there is none.
func (g *Game) writeFollowers(sb *strings.Builder, slot int32) {
	var on []follower
	for _, f := range g.followers {
		if g.board.slotOf(f.node) == slot {
			on = append(on, f)
		}
	}
	if len(on) == 0 {
		return
	}
	slices.SortFunc(on, func(a, b follower) int {
		if a.node != b.node {
			return int(a.node - b.node)
		}
		return int(a.player - b.player)
	})
	typ := int(g.board.cells[g.board.placed[slot]].tile) - 1
	sb.WriteByte('[')
	for i, f := range on {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(sb, "%d:%s", f.player+1, g.rules.FeatureName(typ, g.board.indexOf(f.node)))
		if f.kind != 0 {
			sb.WriteString(":" + g.rules.kinds[f.kind].ID)
		}
	}
	sb.WriteByte(']')
}

// writeSupply writes the supply section, every kind, when a player has at
// hand other than each kind's number less those on the board; nothing
// otherwise.
func (g *Game) writeSupply(sb *strings.Builder) {
	var on [MaxPlayers][MaxKinds]int
	for _, f := range g.followers {
		on[f.player][f.kind]++
	}
	for _, h := range g.rules.hooks.aside {
		h(g, &on)
	}
	same := true
	for p := range g.players {
		for k, kind := range g.rules.kinds {
			same = same && int(g.supply[p][k]) == kind.PerPlayer-on[p][k]
		}
	}
	if same {
		return
	}
	sb.WriteString(" / supply")
	for k, kind := range g.rules.kinds {
		sb.WriteString(" " + kind.ID)
		for p := range g.players {
			sb.WriteString(string(":,"[min(p, 1)]) + strconv.Itoa(int(g.supply[p][k])))
		}
	}
}

// pileText writes the pile as "ID*N" items in catalog order, or "none".
func (g *Game) pileText() string { return g.tilesText(g.pile) }

// tilesText writes tile types as "ID*N" items in catalog order, or
// "none".
func (g *Game) tilesText(tiles []uint16) string {
	counts := make([]int, g.rules.NumTypes())
	for _, t := range tiles {
		counts[t]++
	}
	var items []string
	for typ, n := range counts {
		if n > 0 {
			items = append(items, g.rules.ID(typ)+"*"+strconv.Itoa(n))
		}
	}
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ",")
}

// names lists the options in play in the notation, comma-separated.
func (o Options) names() string {
	var out []string
	if o.NoFarmers {
		out = append(out, "no-farmers")
	}
	if o.FirstEditionScoring {
		out = append(out, "first-edition-scoring")
	}
	return strings.Join(out, ",")
}

// positionSections holds the sections of a position as read.
type positionSections struct {
	scores []int
	turn   int
	pile   []int // counts by type; nil when the section is absent
	drawn  int   // -1 when absent
	placed *tilekit.BoardPosition
	over   bool
	opts   Options
	// supply holds, by kind, each player's followers at hand; nil when
	// the section is absent.
	supply [][]int
	// units are the units' sections, in the order read.
	units []unitSectionValue
}

// unitSectionValue is a unit's section as read: its section and value.
type unitSectionValue struct {
	sec   *section
	value string
}

// ParseSnapshot reads a game from the snapshot notation of Game.Snapshot.
// Tokens may be separated by any white space. The board may be empty (the
// start tile alone) and must be as ParseBoard wants it; the "scores"
// section is required; "turn" defaults to 1; without "pile" the pile is the
// rules' (Ruleset.Pile) less the tiles on the board and the drawn tile, a
// tile used more often than the rules have it leaving none. An error names
// the token or section at fault. The game plays with the ruleset's
// Options and those the "options" section names.
func ParseSnapshot(r *Ruleset, text string) (*Game, error) {
	groups := splitSections(text)
	sec, err := parseSections(r, groups[1:])
	if err != nil {
		return nil, err
	}
	opts := r.opts
	opts.NoFarmers = opts.NoFarmers || sec.opts.NoFarmers
	opts.FirstEditionScoring = opts.FirstEditionScoring || sec.opts.FirstEditionScoring
	g, err := NewGame(r.withOptions(opts), len(sec.scores), 0)
	if err != nil {
		return nil, err
	}
	if err := g.withSupply(sec.supply, func() error { return g.setBoard(groups[0], sec) }); err != nil {
		return nil, err
	}
	for i, s := range sec.scores {
		g.players[i].Score = s
	}
	g.turn = sec.turn
	g.setPile(sec)
	return g, nil
}

// MarshalText writes the game in the snapshot notation (Game.Snapshot).
func (g *Game) MarshalText() ([]byte, error) { return []byte(g.Snapshot()), nil }

// UnmarshalText reads a game from the snapshot notation, as ParseSnapshot
// does with the game's ruleset; the game is unchanged on an error. The
// game must come from NewGame or ParseSnapshot, which give it a ruleset.
func (g *Game) UnmarshalText(text []byte) error {
	if g.rules == nil {
		return errors.New("the game has no ruleset: make it with NewGame")
	}
	read, err := ParseSnapshot(g.rules, string(text))
	if err != nil {
		return err
	}
	*g = *read
	return nil
}

// splitSections cuts a position into its white-space separated fields,
// grouped by the "/" fields between them: the board first, then one group
// per section.
func splitSections(text string) [][]string {
	groups := [][]string{nil}
	for _, f := range strings.Fields(text) {
		if f == "/" {
			groups = append(groups, nil)
			continue
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], f)
	}
	return groups
}

// sectionKeywords returns the keywords of the sections of a ruleset, in
// the order Snapshot writes them: the core's, then the units'.
func sectionKeywords(r *Ruleset) []string {
	keys := []string{"scores", "supply", "turn", "pile", "drawn", "placed", "over", "options"}
	for _, u := range r.sections {
		keys = append(keys, u.key)
	}
	return keys
}

// parseSections reads the sections after the board.
func parseSections(r *Ruleset, groups [][]string) (positionSections, error) {
	sec := positionSections{drawn: -1}
	seen := map[string]bool{}
	for i, group := range groups {
		text := strings.Join(group, " ")
		if len(group) == 0 {
			return sec, fmt.Errorf("section %d is empty: want a keyword (%s)", i+2, strings.Join(sectionKeywords(r), ", "))
		}
		key, value := group[0], listValue(group[1:])
		if seen[key] {
			return sec, fmt.Errorf("section %d %q: a second %s section", i+2, text, key)
		}
		seen[key] = true
		if err := sec.read(r, key, value); err != nil {
			return sec, fmt.Errorf("section %d %q: %w", i+2, text, err)
		}
	}
	if sec.scores == nil {
		return sec, errors.New("no scores section: give each player's score, such as \"/ scores 0,0\"")
	}
	for k, n := range sec.supply {
		if n != nil && len(n) != len(sec.scores) {
			return sec, fmt.Errorf("supply of %s: %d numbers, but the scores give %d players", r.kinds[k].ID, len(n), len(sec.scores))
		}
	}
	if sec.turn >= len(sec.scores) {
		return sec, fmt.Errorf("turn %d: there are %d players", sec.turn+1, len(sec.scores))
	}
	if n := boolCount(sec.drawn >= 0, sec.placed != nil, sec.over); n > 1 {
		return sec, errors.New("drawn, placed and over exclude each other: give one at most")
	}
	return sec, nil
}

// listValue joins the fields of a section's value into one list separated
// by single commas, so that "3, 0" and "3,0" read alike.
func listValue(fields []string) string {
	items := strings.FieldsFunc(strings.Join(fields, ","), func(r rune) bool { return r == ',' })
	return strings.Join(items, ",")
}

// boolCount counts the true values.
func boolCount(bs ...bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// read reads the value of one section.
func (sec *positionSections) read(r *Ruleset, key, value string) error {
	var err error
	switch key {
	case "scores":
		sec.scores, err = parseScores(value)
	case "supply":
		sec.supply, err = parseSupply(r, value)
	case "turn":
		sec.turn, err = strconv.Atoi(value)
		if err != nil || sec.turn < 1 || sec.turn > MaxPlayers {
			return fmt.Errorf("turn %q: want a player from 1 to %d", value, MaxPlayers)
		}
		sec.turn--
	case "pile":
		sec.pile, err = parsePile(r, value)
	case "drawn":
		typ, ok := r.Type(value)
		if !ok {
			return fmt.Errorf("unknown tile %q", value)
		}
		sec.drawn = typ
	case "placed":
		p, perr := parsePos(value)
		sec.placed, err = &p, perr
	case "over":
		if value != "" {
			return fmt.Errorf("over takes no value, not %q", value)
		}
		sec.over = true
	case "options":
		sec.opts, err = parseOptions(value)
	default:
		u := r.section(key)
		if u == nil {
			return fmt.Errorf("unknown section %q: want one of %s", key, strings.Join(sectionKeywords(r), ", "))
		}
		err = u.check(r, value)
		sec.units = append(sec.units, unitSectionValue{u, value})
	}
	return err
}

// parseScores reads "3,0": one score per player, 2 to 6 players.
func parseScores(value string) ([]int, error) {
	parts := strings.Split(value, ",")
	if len(parts) < MinPlayers || len(parts) > MaxPlayers {
		return nil, fmt.Errorf("%d scores: want one per player, %d to %d players", len(parts), MinPlayers, MaxPlayers)
	}
	scores := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("score %q is not a whole number of points", p)
		}
		scores[i] = n
	}
	return scores, nil
}

// parsePile reads "base/A*2,base/B": tile counts by type.
func parsePile(r *Ruleset, value string) ([]int, error) {
	counts := make([]int, r.NumTypes())
	if value == "none" {
		return counts, nil
	}
	for _, item := range strings.Split(value, ",") {
		id, times, starred := strings.Cut(item, "*")
		typ, ok := r.Type(id)
		if !ok {
			return nil, fmt.Errorf("unknown tile %q", id)
		}
		n := 1
		if starred {
			var err error
			if n, err = strconv.Atoi(times); err != nil || n < 1 || n > r.Total() {
				return nil, fmt.Errorf("%q: want a number of copies from 1 to %d after *", item, r.Total())
			}
		}
		counts[typ] += n
	}
	return counts, nil
}

// parsePos reads a board position "x,y".
func parsePos(text string) (tilekit.BoardPosition, error) {
	var p tilekit.BoardPosition
	xs, ys, ok := strings.Cut(text, ",")
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	if !ok || errX != nil || errY != nil {
		return p, fmt.Errorf("position %q: want x,y, such as 1,-2", text)
	}
	return tilekit.BoardPosition{X: x, Y: y}, nil
}

// parseOptions reads the options' names.
func parseOptions(value string) (Options, error) {
	var o Options
	for _, name := range strings.Split(value, ",") {
		switch name {
		case "no-farmers":
			o.NoFarmers = true
		case "first-edition-scoring":
			o.FirstEditionScoring = true
		default:
			return o, fmt.Errorf("unknown option %q: want no-farmers or first-edition-scoring", name)
		}
	}
	return o, nil
}

// setBoard lays the board of a position's tokens with their followers,
// and sets the phase its sections say.
func (g *Game) setBoard(tokens []string, sec positionSections) error {
	tiles := make([]string, len(tokens))
	marks := make([]string, len(tokens))
	last := -1
	for i, tok := range tokens {
		tile, mark, ok := strings.Cut(tok, "[")
		if ok && !strings.HasSuffix(mark, "]") {
			return fmt.Errorf("token %d %q: the followers' list must end in ]", i+1, tok)
		}
		tiles[i], marks[i] = tile, strings.TrimSuffix(mark, "]")
		if coords, _, _ := strings.Cut(tile, ":"); sec.placed != nil && coords == notationPos(*sec.placed) {
			last = i
		}
	}
	if len(tokens) > 0 {
		b, err := parseBoard(g.rules, tiles, tokens, last)
		if err != nil {
			return err
		}
		g.board = b
	}
	for i, mark := range marks {
		if err := g.putMarked(tiles[i], mark); err != nil {
			return fmt.Errorf("token %d %q: %w", i+1, tokens[i], err)
		}
	}
	for _, u := range sec.units {
		if err := u.sec.set(g, u.value); err != nil {
			return err
		}
	}
	return g.setPhase(sec)
}

// putMarked puts the followers a token lists, "1:road,2:field2", on its
// tile.
func (g *Game) putMarked(tile, mark string) error {
	if mark == "" {
		return nil
	}
	p, typ, _, err := parseToken(g.rules, tile)
	if err != nil {
		return err
	}
	for _, item := range strings.Split(mark, ",") {
		who, name, ok := strings.Cut(item, ":")
		player, err := strconv.Atoi(who)
		if !ok || err != nil {
			return fmt.Errorf("follower %q: want PLAYER:FEATURE, such as 1:road, or PLAYER:FEATURE:KIND, such as 1:city:large-meeple", item)
		}
		name, kindID, withKind := strings.Cut(name, ":")
		kind := 0
		if withKind {
			if kind, ok = g.rules.KindIndex(kindID); !ok {
				return fmt.Errorf("follower %q: no kind of follower %q: the game plays %s", item, kindID, strings.Join(g.rules.kindIDs(), ", "))
			}
		}
		i, err := g.rules.FeatureIndex(typ, name)
		if err != nil {
			return fmt.Errorf("follower %q: %w", item, err)
		}
		if err := g.addFollower(player-1, p, i, kind); err != nil {
			return fmt.Errorf("follower %q: %w", item, err)
		}
	}
	return nil
}

// setPhase sets what the game waits for: a draw, unless the sections say
// a tile is drawn, a tile was placed or the game is over.
func (g *Game) setPhase(sec positionSections) error {
	switch {
	case sec.drawn >= 0:
		g.tile, g.phase = sec.drawn, phaseTile
		g.resumeTurnAt(stepPlaceTile)
	case sec.placed != nil:
		typ, rot, ok := g.board.At(*sec.placed)
		if !ok {
			return fmt.Errorf("placed %s: no tile lies there", notationPos(*sec.placed))
		}
		g.tile, g.phase, g.last = typ, phaseFollower, Placement{Pos: *sec.placed, Rot: rot}
		idx, _ := g.board.index(*sec.placed)
		g.lastCell = int32(idx)
		g.resumeTurnAt(stepPlaceFigure)
	case sec.over:
		g.phase = phaseOver
	}
	return nil
}

// setPile fills the pile from the counts of a position's pile section, or
// without one from the rules' copies less the tiles on the board and the
// drawn tile.
func (g *Game) setPile(sec positionSections) {
	counts := sec.pile
	if counts == nil {
		counts = slices.Clone(g.rules.counts)
		for _, idx := range g.board.placed {
			counts[g.board.cells[idx].tile-1]--
		}
		if g.phase == phaseTile {
			counts[g.tile]--
		}
		for _, u := range units {
			if u.held == nil {
				continue
			}
			for _, t := range u.held(g) {
				counts[t]--
			}
		}
	}
	g.pile = g.pile[:0]
	for typ, n := range counts {
		for range n {
			g.pile = append(g.pile, uint16(typ))
		}
	}
}

// addFollower puts a follower of a player, from 0, and a kind on feature i
// of the tile at a position, outside any turn, as a position or a
// scenario sets the board up. Several followers may share a joined
// feature, as after a placement joins two; it is an error when the player
// has none of the kind at hand or the kind may not stand there (the game
// has no farmers and the feature is a field, say).
func (g *Game) addFollower(player int, p tilekit.BoardPosition, i, kind int) error {
	if player < 0 || player >= len(g.players) {
		return fmt.Errorf("player %d: want 1 to %d", player+1, len(g.players))
	}
	idx, ok := g.board.index(p)
	if !ok || g.board.cells[idx].tile == 0 {
		return fmt.Errorf("no tile at %s", notationPos(p))
	}
	c := g.board.cells[idx]
	if n := g.rules.NumFeatures(int(c.tile) - 1); i < 0 || i >= n {
		return g.rules.noFeature(int(c.tile)-1, i)
	}
	x := g.board.instance(int32(c.slot), int32(i))
	if err := g.canStand(x, kind); err != nil {
		return err
	}
	if g.players[player].Supply == 0 {
		return fmt.Errorf("player %d has no follower at hand: all %d stand on the board", player+1, g.rules.followersPerPlayer())
	}
	if err := g.canDeploy(player, kind); err != nil {
		return err
	}
	g.place(int32(player), x, uint8(kind), MoveBase)
	return nil
}

// setSection sets a unit's section of the notation on a game whose board
// and followers are laid, as a scenario sets its figures.
func (g *Game) setSection(key, value string) error {
	u := g.rules.section(key)
	if u == nil {
		return fmt.Errorf("unknown section %q", key)
	}
	if err := u.check(g.rules, value); err != nil {
		return err
	}
	return u.set(g, value)
}

// sectionCell returns the cell of the tile at a section's position, for
// a figure a section puts there; what names the section for an error.
func (g *Game) sectionCell(what, value string) (int32, error) {
	p, err := parsePos(value)
	if err != nil {
		return -1, err
	}
	idx, ok := g.board.index(p)
	if !ok || g.board.cells[idx].tile == 0 {
		return -1, fmt.Errorf("%s %s: no tile lies there", what, notationPos(p))
	}
	return int32(idx), nil
}

// withSupply sets the board up with set, and then, unless supply is nil,
// each player's followers at hand by kind as supply gives them, whatever
// set put on the board (it has every follower it needs at hand). A kind
// supply leaves nil keeps what set left.
func (g *Game) withSupply(supply [][]int, set func() error) error {
	if supply == nil {
		return set()
	}
	for p := range g.players {
		for k := range supply {
			if supply[k] != nil {
				g.setSupply(p, k, maxSupply)
			}
		}
	}
	if err := set(); err != nil {
		return err
	}
	for k, n := range supply {
		for p := range n {
			if n != nil {
				g.setSupply(p, k, n[p])
			}
		}
	}
	return nil
}

// maxSupply is the most followers of a kind a player may have at hand.
const maxSupply = 100

// parseSupply reads "meeple:5,7,large-meeple:0,1": by kind, each player's
// followers at hand.
func parseSupply(r *Ruleset, value string) ([][]int, error) {
	supply := make([][]int, len(r.kinds))
	kind := -1
	for _, item := range strings.Split(value, ",") {
		if id, n, ok := strings.Cut(item, ":"); ok {
			var known bool
			if kind, known = r.KindIndex(id); !known {
				return nil, fmt.Errorf("no kind of follower %q: the game plays %s", id, strings.Join(r.kindIDs(), ", "))
			}
			if supply[kind] != nil {
				return nil, fmt.Errorf("%s is given twice", id)
			}
			supply[kind], item = []int{}, n
		}
		n, err := strconv.Atoi(item)
		switch {
		case kind < 0:
			return nil, fmt.Errorf("%q: want KIND:N,N,..., such as meeple:5,7", value)
		case err != nil || n < 0 || n > maxSupply:
			return nil, fmt.Errorf("%q: want a number of followers from 0 to %d", item, maxSupply)
		}
		supply[kind] = append(supply[kind], n)
	}
	return supply, nil
}
