package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// scenarioTOML writes a scenario as a scenario file (see
// scenarios.schema.json) holding it alone, after comment lines: every key
// that differs from its default, the turns as [[scenario.turn]] tables and
// the final expectations as [scenario.expect].
func scenarioTOML(s *tilekit.Scenario, comments ...string) []byte {
	var b strings.Builder
	for _, c := range comments {
		b.WriteString("# " + c + "\n")
	}
	if len(comments) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("[[scenario]]\n")
	fmt.Fprintf(&b, "id = %s\ntitle = %s\nplayers = %d\n", tomlString(s.ID), tomlString(s.Title), s.Players)
	if s.Expansions != nil {
		fmt.Fprintf(&b, "expansions = %s\n", tomlStrings(s.Expansions))
	}
	keyString(&b, "edition", string(s.Edition))
	keyString(&b, "publisher", string(s.Publisher))
	var options []string
	if s.Options.NoFarmers {
		options = append(options, "farmers = false")
	}
	if s.Options.FirstEditionScoring {
		options = append(options, "first-edition-scoring = true")
	}
	if len(options) > 0 {
		fmt.Fprintf(&b, "options = { %s }\n", strings.Join(options, ", "))
	}
	keyString(&b, "position", s.Position)
	if s.Scores != nil {
		fmt.Fprintf(&b, "scores = %s\n", tomlInts(s.Scores))
	}
	if s.Followers != nil {
		fmt.Fprintf(&b, "followers = %s\n", tomlFollowers(s.Followers))
	}
	writeFiguresTOML(&b, s)
	if s.Pile != nil {
		fmt.Fprintf(&b, "pile = %s\n", tomlStrings(s.Pile))
	}
	if s.End {
		b.WriteString("end = true\n")
	}
	if s.CheckInvariants {
		b.WriteString("check-invariants = true\n")
	}
	if s.Source.Kind != "" {
		fmt.Fprintf(&b, "source = %s\n", tomlCitation(s.Source))
	}
	for i := range s.Turns {
		writeTurnTOML(&b, &s.Turns[i])
	}
	if e := expectTOML(&s.Expect); len(e) > 0 {
		b.WriteString("\n[scenario.expect]\n")
		for _, kv := range e {
			b.WriteString(kv + "\n")
		}
	}
	return []byte(b.String())
}

// writeTurnTOML writes one turn as a [[scenario.turn]] table.
func writeTurnTOML(b *strings.Builder, t *tilekit.ScenarioTurn) {
	fmt.Fprintf(b, "\n[[scenario.turn]]\ntile = %s\n", tomlString(t.Tile))
	if t.Discard {
		b.WriteString("discard = true\n")
	} else {
		fmt.Fprintf(b, "at = \"%d,%d\"\n", t.At.X, t.At.Y)
		if t.Rotation != 0 {
			fmt.Fprintf(b, "rotation = %d\n", t.Rotation)
		}
	}
	keyString(b, "follower", t.Follower)
	keyString(b, "figure", t.Figure)
	writeDecisionsTOML(b, t)
	if t.Placements != nil {
		fmt.Fprintf(b, "placements = %d\n", *t.Placements)
	}
	if t.FollowerOptions != nil {
		fmt.Fprintf(b, "follower-options = %d\n", *t.FollowerOptions)
	}
	keyString(b, "illegal", t.Illegal)
	if e := expectTOML(&t.Expect); len(e) > 0 {
		fmt.Fprintf(b, "expect = { %s }\n", strings.Join(e, ", "))
	}
}

// expectTOML returns the keys of an expectation that are set, as key =
// value texts.
func expectTOML(e *tilekit.ScenarioExpect) []string {
	var out []string
	if e.Scores != nil {
		out = append(out, "scores = "+tomlInts(e.Scores))
	}
	if e.Supply != nil {
		out = append(out, "supply = "+tomlInts(e.Supply))
	}
	if e.Followers != nil {
		out = append(out, "followers = "+tomlFollowers(e.Followers))
	}
	if e.Ended != nil {
		out = append(out, "ended = "+strconv.FormatBool(*e.Ended))
	}
	if e.Events != nil {
		out = append(out, "events = "+tomlStrings(e.Events))
	}
	if e.Board != "" {
		out = append(out, "board = "+tomlString(e.Board))
	}
	for _, kv := range []struct {
		key   string
		value *string
	}{{"dragon", e.Dragon}, {"fairy", e.Fairy}, {"black-dragon", e.BlackDragon}} {
		if kv.value != nil {
			out = append(out, kv.key+" = "+tomlString(*kv.value))
		}
	}
	return out
}

// writeFiguresTOML writes where a scenario's dragon, Black Dragon and
// fairy stand before the first turn.
func writeFiguresTOML(b *strings.Builder, s *tilekit.Scenario) {
	if s.Dragon != nil {
		fmt.Fprintf(b, "dragon = \"%d,%d\"\n", s.Dragon.X, s.Dragon.Y)
	}
	if s.BlackDragon != nil {
		fmt.Fprintf(b, "black-dragon = \"%d,%d\"\n", s.BlackDragon.X, s.BlackDragon.Y)
	}
	if s.Fairy != nil {
		fmt.Fprintf(b, "fairy = %s\n", tomlPlace(*s.Fairy))
	}
}

// writeDecisionsTOML writes a turn's decisions beside its follower: the
// magic portal, the princess, the fairy, the dragons' steps and the
// drawbridges' crossings.
func writeDecisionsTOML(b *strings.Builder, t *tilekit.ScenarioTurn) {
	for _, kv := range []struct {
		key   string
		place *tilekit.ScenarioPlace
	}{{"portal", t.Portal}, {"princess", t.Princess}, {"fairy", t.Fairy}} {
		if kv.place != nil {
			fmt.Fprintf(b, "%s = %s\n", kv.key, tomlPlace(*kv.place))
		}
	}
	if t.Dragon != nil {
		fmt.Fprintf(b, "dragon = %s\n", tomlSides(t.Dragon))
	}
	if t.DragonOptions != nil {
		fmt.Fprintf(b, "dragon-options = %s\n", tomlInts(t.DragonOptions))
	}
	if t.BlackDragon != nil {
		fmt.Fprintf(b, "black-dragon = %s\n", tomlSides(t.BlackDragon))
	}
	if t.Drawbridge != nil {
		parts := make([]string, len(t.Drawbridge))
		for i, c := range t.Drawbridge {
			parts[i] = "{ from = " + tomlPlace(c.From) + ", to = " + tomlPlace(c.To) + " }"
		}
		fmt.Fprintf(b, "drawbridge = [%s]\n", strings.Join(parts, ", "))
	}
}

// tomlPlace writes a feature of a tile as { at = "x,y", feature = "..." },
// the feature left out when empty.
func tomlPlace(p tilekit.ScenarioPlace) string {
	out := fmt.Sprintf("{ at = \"%d,%d\"", p.At.X, p.At.Y)
	if p.Feature != "" {
		out += ", feature = " + tomlString(p.Feature)
	}
	return out + " }"
}

// tomlSides writes steps as ["N", "E", ...].
func tomlSides(sides []tilekit.Side) string {
	parts := make([]string, len(sides))
	for i, s := range sides {
		parts[i] = s.String()
	}
	return tomlStrings(parts)
}

// keyString writes key = "value" unless the value is empty.
func keyString(b *strings.Builder, key, value string) {
	if value != "" {
		fmt.Fprintf(b, "%s = %s\n", key, tomlString(value))
	}
}

func tomlCitation(c tilekit.Citation) string {
	parts := []string{"kind = " + tomlString(string(c.Kind)), "title = " + tomlString(c.Title)}
	for _, kv := range [][2]string{{"section", c.Section}, {"url", c.URL}, {"date", c.Date}, {"publisher", string(c.Publisher)}} {
		if kv[1] != "" {
			parts = append(parts, kv[0]+" = "+tomlString(kv[1]))
		}
	}
	if c.Undated {
		parts = append(parts, "undated = true")
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

func tomlFollowers(fs []tilekit.ScenarioFollower) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		figure := ""
		if f.Figure != "" {
			figure = ", figure = " + tomlString(f.Figure)
		}
		parts[i] = fmt.Sprintf("{ player = %d, at = \"%d,%d\", feature = %s%s }", f.Player, f.At.X, f.At.Y, tomlString(f.Feature), figure)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func tomlInts(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func tomlStrings(ss []string) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = tomlString(s)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// tomlString writes a TOML 1.0 basic string: the escapes TOML 1.0 has
// for a quote, a backslash and the usual control characters, \uXXXX for
// the other control characters, and U+FFFD for bytes that are not UTF-8.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
