package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/rules"
)

// The mechanic that hands out tokens for completed features and scores
// their majorities: every step with a collection in the rules data
// ([step.collection]), whatever its id, is played here, from its data
// alone. When a feature of the collection's kind is completed, the player
// who placed the tile takes a token for each feature of its tiles that
// carries one of the collection's attributes, whoever holds it; at the end
// of the game each player with the most tokens of an attribute (at least
// one) scores the majority's points. The seed's are the trade goods of
// Traders & Builders, cited in the data.

// maxTokens is the most attributes a collection hands out tokens for.
const maxTokens = 8

// collectionRules are the mechanic's compiled data.
type collectionRules struct {
	collect collection
}

// collection is a compiled collection: whether the turn has one, the kind
// of feature, its attributes' bits in the compiled features' masks
// (Ruleset.featAttrs) and ids, the majority's points and scoring rule.
type collection struct {
	on       bool
	kind     Kind
	bits     []uint16
	attrs    []tilekit.Attribute
	majority int
	rule     ScoringRule
}

// collectionState is the mechanic's state in a game: each player's
// tokens, by attribute.
type collectionState struct {
	tokens [MaxPlayers][maxTokens]int16
}

var collectionUnit = unit{
	steps:   []unitStep{{part: func(m *tilekit.Mechanics) bool { return m.Collection != nil }, compile: compileCollection}},
	playing: func(r *Ruleset) bool { return r.collect.on },
	reset:   func(g *Game) { g.tokens = [MaxPlayers][maxTokens]int16{} },
	hooks: unitHooks{
		completed: (*Game).collectTokens,
		end:       (*Game).scoreTokens,
		check:     checkTokens,
	},
}

// compileCollection compiles a step's collection: its feature kind, its
// attributes and the scoring rule of its majority.
func compileCollection(r *Ruleset, ps rules.PlayedStep) error {
	c := ps.Step.Mechanics.Collection
	if r.collect.on {
		return fmt.Errorf("the game engine plays one step with a collection in a turn, and %s is a second one", ps.Step.ID)
	}
	kind, ok := kindOf[c.Feature]
	if !ok {
		return fmt.Errorf("the collection's feature kind %q is not one the engine plays (road, city, field, cloister)", c.Feature)
	}
	if len(c.Attributes) > maxTokens {
		return fmt.Errorf("the collection hands out tokens for %d attributes; the engine plays at most %d", len(c.Attributes), maxTokens)
	}
	rule, err := nameDataRule(c.ID, ps.Step.ID, true, kind)
	if err != nil {
		return err
	}
	col := collection{on: true, kind: kind, attrs: c.Attributes, majority: c.Majority, rule: rule}
	for _, a := range c.Attributes {
		col.bits = append(col.bits, attributeBit(a))
	}
	r.collect = col
	return nil
}

// collectTokens gives the player whose turn it is a token for each
// feature of a completed feature's tiles that carries one of the
// collection's attributes.
func (g *Game) collectTokens(f Feature, events []Event) []Event {
	c := &g.rules.collect
	if f.Kind != c.kind {
		return events
	}
	b := g.board
	root := int32(f.ID)
	for m := root; ; {
		slot := b.slotOf(m)
		typ := int(b.cells[b.placed[slot]].tile) - 1
		mask := g.rules.featAttrs[int(g.rules.featStart[typ])+b.indexOf(m)]
		for i, bit := range c.bits {
			if mask&bit != 0 {
				g.tokens[g.turn][i]++
			}
		}
		if m = b.nodes[m].next; m == root {
			return events
		}
	}
}

// scoreTokens scores, at the end of the game, each attribute's majority:
// the majority's points to each player with the most of its tokens.
func (g *Game) scoreTokens(events []Event) []Event {
	c := &g.rules.collect
	for i := range c.attrs {
		var count [MaxPlayers]int
		for p := range g.players {
			count[p] = int(g.tokens[p][i])
		}
		events = g.awardMost(Feature{Kind: c.kind}, &count, c.majority, c.rule, events)
	}
	return events
}

// tokensSect is the section of the snapshot notation of the tokens: each
// attribute's id, a colon and each player's tokens, such as "tokens
// wine:1,0 grain:0,2 cloth:0,0"; left out while nobody has one.
var tokensSect = section{key: "tokens",
	check: func(r *Ruleset, v string) error {
		if !r.collect.on {
			return fmt.Errorf("no step of the game hands out tokens")
		}
		_, err := r.parseTokens(v, -1)
		return err
	},
	set: func(g *Game, v string) error {
		t, err := g.rules.parseTokens(v, len(g.players))
		g.tokens = t
		return err
	},
	write: func(g *Game, sb *strings.Builder) {
		c := &g.rules.collect
		if g.tokens == ([MaxPlayers][maxTokens]int16{}) {
			return
		}
		sb.WriteString(" / tokens")
		for i, a := range c.attrs {
			sb.WriteString(" " + string(a) + ":")
			for p := range g.players {
				if p > 0 {
					sb.WriteByte(',')
				}
				sb.WriteString(strconv.Itoa(int(g.tokens[p][i])))
			}
		}
	}}

// parseTokens reads the value of a tokens section, one number per player
// for each attribute (players < 0: any number of players up to the
// most); the numbers are separated by commas, an attribute's from the
// next by a space or a comma.
func (r *Ruleset) parseTokens(v string, players int) ([MaxPlayers][maxTokens]int16, error) {
	var out [MaxPlayers][maxTokens]int16
	c := &r.collect
	attr, count := -1, 0
	done := func() error {
		if attr >= 0 && (count == 0 || players >= 0 && count != players) {
			return fmt.Errorf("tokens of %s: want one number a player", c.attrs[attr])
		}
		return nil
	}
	for _, word := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == ',' }) {
		if id, num, ok := strings.Cut(word, ":"); ok {
			if err := done(); err != nil {
				return out, err
			}
			attr, count = slices.Index(c.attrs, tilekit.Attribute(id)), 0
			if attr < 0 {
				return out, fmt.Errorf("tokens %q: want ATTRIBUTE:N,N,... for each of %v", word, c.attrs)
			}
			word = num
		}
		n, err := strconv.Atoi(word)
		switch {
		case attr < 0:
			return out, fmt.Errorf("tokens %q: want ATTRIBUTE:N,N,... for each of %v", word, c.attrs)
		case err != nil || n < 0 || n > 999:
			return out, fmt.Errorf("tokens of %s: %q is no number of tokens", c.attrs[attr], word)
		case count >= MaxPlayers:
			return out, fmt.Errorf("tokens of %s: want one number a player", c.attrs[attr])
		}
		out[count][attr] = int16(n)
		count++
	}
	return out, done()
}

// checkTokens checks that the players hold no more tokens of an attribute
// than the features on the board carry.
func checkTokens(iv *invariants) error {
	g := iv.g
	c := &g.rules.collect
	b := g.board
	for i, bit := range c.bits {
		held := 0
		for p := range g.players {
			held += int(g.tokens[p][i])
		}
		onBoard := 0
		for slot := range b.placed {
			typ := int(b.cells[b.placed[slot]].tile) - 1
			for k := range g.rules.NumFeatures(typ) {
				if g.rules.featAttrs[int(g.rules.featStart[typ])+k]&bit != 0 {
					onBoard++
				}
			}
		}
		if held > onBoard {
			return iv.broken("the players hold %d tokens of %s, and the board's features carry %d", held, c.attrs[i], onBoard)
		}
	}
	return nil
}
