package main

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// scenarioTOML writes a scenario as a scenario file (see
// scenarios.schema.json) holding it alone, after comment lines: every key
// that differs from its default, the turns as an array of inline tables,
// one line a turn, their moves in the move notation, and the final
// expectations as [scenario.expect].
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
	writeTranslationsTOML(&b, s.Translations)
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
	if len(s.Turns) > 0 {
		b.WriteString("turn = [\n")
		for i := range s.Turns {
			b.WriteString("  { " + strings.Join(turnTOML(&s.Turns[i]), ", ") + " },\n")
		}
		b.WriteString("]\n")
	}
	if e := expectTOML(&s.Expect); len(e) > 0 {
		b.WriteString("\n[scenario.expect]\n")
		for _, kv := range e {
			b.WriteString(kv + "\n")
		}
	}
	return []byte(b.String())
}

// turnTOML returns the keys of a turn that are set, as key = value texts.
func turnTOML(t *tilekit.ScenarioTurn) []string {
	out := []string{"tile = " + tomlString(t.Tile)}
	if t.Discard {
		out = append(out, "discard = true")
	} else {
		out = append(out, fmt.Sprintf("at = \"%d,%d\"", t.At.X, t.At.Y))
		if t.Rotation != 0 {
			out = append(out, fmt.Sprintf("rotation = %d", t.Rotation))
		}
	}
	if t.Moves != nil {
		out = append(out, "moves = "+tomlStrings(t.Moves))
	}
	for _, kv := range []struct {
		key   string
		value *int
	}{{"placements", t.Placements}, {"follower-options", t.FollowerOptions}} {
		if kv.value != nil {
			out = append(out, fmt.Sprintf("%s = %d", kv.key, *kv.value))
		}
	}
	if t.DragonOptions != nil {
		out = append(out, "dragon-options = "+tomlInts(t.DragonOptions))
	}
	if t.Illegal != "" {
		out = append(out, "illegal = "+tomlString(t.Illegal))
	}
	if e := expectTOML(&t.Expect); len(e) > 0 {
		out = append(out, "expect = { "+strings.Join(e, ", ")+" }")
	}
	return out
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

// tomlPlace writes a feature of a tile as { at = "x,y", feature = "..." },
// the feature left out when empty.
func tomlPlace(p tilekit.ScenarioPlace) string {
	out := fmt.Sprintf("{ at = \"%d,%d\"", p.At.X, p.At.Y)
	if p.Feature != "" {
		out += ", feature = " + tomlString(p.Feature)
	}
	return out + " }"
}

// writeTranslationsTOML writes an entry's translations, one line a
// language (translations.de = { title = "..." }), the languages and each
// one's fields in sorted order.
func writeTranslationsTOML(b *strings.Builder, tr tilekit.Translations) {
	for _, lang := range slices.Sorted(maps.Keys(tr)) {
		var parts []string
		for _, field := range slices.Sorted(maps.Keys(tr[lang])) {
			parts = append(parts, field+" = "+tomlString(tr[lang][field]))
		}
		if len(parts) > 0 {
			fmt.Fprintf(b, "translations.%s = { %s }\n", lang, strings.Join(parts, ", "))
		}
	}
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
