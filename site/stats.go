package site

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
)

// statsPlayers is the number of players of the random games.
const statsPlayers = 2

// bonusPoints counts the points of the data's bonuses apart from the
// features'.
const bonusPoints = "bonus"

// statsData is the content of the statistics page.
type statsData struct {
	Games, Players int
	Expansions     []expansionStats
	// Skipped names the expansions with steps the engine cannot play yet.
	Skipped string
}

// expansionStats is what the random games of one expansion show, as
// averages per game.
type expansionStats struct {
	Anchor, Name, Edition string
	Chart                 boardImage
	Points                []kindPoints
	// Score is the average final score of a player; Placed the average
	// number of tiles placed.
	Score, Placed float64
	// Eaten is the average number of figures eaten, Crossed of followers
	// crossing into a linked feature, shown when the selection has a step
	// that eats (Eats) or crosses (Crosses).
	Eaten, Crossed float64
	Eats, Crosses  bool
	// Entries say, for each figure a step sets on the board when a score
	// is reached, in how many games it entered and on which turn.
	Entries []figureEntry
	// SameAs names an earlier section whose averages these games repeat
	// (within a half per cent): the section then shows only its entries.
	SameAs string
}

// figureEntry is how often a figure entered the random games: in Games of
// them, on turn Turn on average.
type figureEntry struct {
	Figure string
	Games  int
	Turn   float64
}

// kindPoints is the average number of points a kind of feature scored.
type kindPoints struct {
	Kind   string
	Points float64
}

// gameCounts adds up what the random games of an expansion did.
type gameCounts struct {
	// points are by feature kind, and the bonuses' under bonusPoints.
	points                        map[string]int
	score, placed, eaten, crossed int
	// entered counts, by figure id, the games a figure entered and the
	// sum of the turns it first entered on.
	entered map[string][2]int
}

// writeStats writes stats, what Options.Stats seeded random games of each
// expansion with tiles show, when the options ask for them.
func (b *builder) writeStats() error {
	if b.opt.Stats == 0 {
		return nil
	}
	const p = "stats"
	d := &statsData{Games: b.opt.Stats, Players: statsPlayers}
	var skipped []string
	for _, x := range b.expansions {
		if len(b.cat.TilesOf(x.ID)) == 0 && !b.hasSteps(x.ID) {
			continue
		}
		if b.hasUnplayedSteps(x.ID) {
			skipped = append(skipped, b.name(x.Translations, x.Name))
			continue
		}
		st, err := b.expansionStats(x, p)
		if err != nil {
			return fmt.Errorf("statistics of %s: %w", x.ID, err)
		}
		d.Expansions = append(d.Expansions, st)
	}
	d.Skipped = strings.Join(skipped, ", ")
	for _, ids := range statsTogether {
		st, ok, err := b.togetherStats(ids, p)
		if err != nil {
			return err
		}
		if ok {
			d.Expansions = append(d.Expansions, st)
		}
	}
	for i := range d.Expansions {
		for j := range i {
			if d.Expansions[i].repeats(&d.Expansions[j]) && d.Expansions[j].SameAs == "" {
				d.Expansions[i].SameAs = d.Expansions[j].Name
				break
			}
		}
	}
	return b.writePage("stats", b.newPage(p, b.tr.must("stats.title"), d))
}

// hasUnplayedSteps reports whether an expansion, played with the base
// game, has steps the game engine does not play yet (such as a fan
// expansion's own), so that its random games cannot be played.
func (b *builder) hasUnplayedSteps(id string) bool {
	sel, err := rules.Select(b.cat, []string{id})
	return err == nil && len(rules.UnplayedSteps(b.cat, sel, "")) > 0
}

// statsTogether lists expansions whose random games are also played
// together, when all of them are loaded: the Black Dragon enters at 50
// points, which a 2-player random game of the base game seldom reaches,
// but the fairy's points make it likely.
var statsTogether = [][]string{{"princess-dragon", "black-dragon"}}

// togetherStats plays the random games of several expansions together;
// ok is false when one of them is not loaded.
func (b *builder) togetherStats(ids []string, page string) (st expansionStats, ok bool, err error) {
	var names []string
	for _, id := range ids {
		x := b.cat.Expansion(id)
		if x == nil {
			return st, false, nil
		}
		names = append(names, b.name(x.Translations, x.Name))
	}
	st, err = b.selectionStats(ids, strings.Join(names, " + "), tilekit.C2, page)
	if err != nil {
		return st, false, fmt.Errorf("statistics of %s: %w", strings.Join(ids, " + "), err)
	}
	return st, true, nil
}

// expansionStats plays an expansion's random games with the base game, in
// C2 or else its first edition.
func (b *builder) expansionStats(x *tilekit.Expansion, page string) (expansionStats, error) {
	edition := tilekit.C2
	if !x.HasEdition(edition) && len(x.Editions) > 0 {
		edition = x.Editions[0]
	}
	return b.selectionStats([]string{x.ID}, b.name(x.Translations, x.Name), edition, page)
}

// selectionStats plays the random games of a selection (seeds 1 to N) and
// replays each as a scenario to read its events.
func (b *builder) selectionStats(ids []string, name string, edition tilekit.Edition, page string) (expansionStats, error) {
	anchor := anchorID(strings.Join(ids, "-"))
	st := expansionStats{Anchor: "stats-" + anchor, Name: name, Edition: string(edition)}
	sel, err := rules.Select(b.cat, ids)
	if err != nil {
		return st, err
	}
	r, err := game.Compile(b.cat, sel, game.Setup{Edition: edition})
	if err != nil {
		return st, err
	}
	play, err := game.NewPlayout(r, statsPlayers, false)
	if err != nil {
		return st, err
	}
	c := gameCounts{points: map[string]int{}, entered: map[string][2]int{}}
	for seed := uint64(1); seed <= uint64(b.opt.Stats); seed++ {
		res, err := play.Play(seed)
		if err != nil {
			return st, fmt.Errorf("random game %d: %w", seed, err)
		}
		c.score += res.Total()
		c.placed += res.Placements
		sc := play.Scenario("")
		sc.End = true
		c.add(game.RunScenario(b.cat, &sc))
	}
	n := float64(b.opt.Stats)
	st.Score, st.Placed = float64(c.score)/n/statsPlayers, float64(c.placed)/n
	st.Eaten, st.Crossed = float64(c.eaten)/n, float64(c.crossed)/n
	b.mechanicsOf(sel, &st)
	for i := range st.Entries {
		e := &st.Entries[i]
		got := c.entered[e.Figure]
		e.Games = got[0]
		if got[0] > 0 {
			e.Turn = float64(got[1]) / float64(got[0])
		}
		e.Figure = b.figureWord(e.Figure)
	}
	for _, k := range []string{"road", "city", "cloister", "field", bonusPoints} {
		if k != bonusPoints || c.points[k] > 0 {
			st.Points = append(st.Points, kindPoints{Kind: b.tr.must("feature." + k), Points: float64(c.points[k]) / n})
		}
	}
	file := "stats/points-" + anchor + ".svg"
	b.put(file, b.barChart(b.tr.must("stats.chart-title", name), st.Points))
	st.Chart = boardImage{Src: fileLink(page, file), Alt: b.tr.must("stats.chart-title", name)}
	return st, nil
}

// hasSteps reports whether an expansion, or a part of it, adds steps to
// the turn.
func (b *builder) hasSteps(id string) bool {
	for i := range b.cat.Steps {
		if tilekit.ParentExpansion(b.cat.Steps[i].Expansion) == id {
			return true
		}
	}
	return false
}

// mechanicsOf notes which rows can apply to a selection: figures eaten
// when a step's figure eats, followers crossing when a step crosses, and
// an entry for each figure that a step sets on the board when a score is
// reached.
func (b *builder) mechanicsOf(sel rules.Selection, st *expansionStats) {
	order, err := b.shared.order(sel, rules.OrderOptions{})
	if err != nil {
		return
	}
	for _, ps := range order {
		m := &ps.Step.Mechanics
		st.Eats = st.Eats || m.Movement != nil && m.Movement.Eats != ""
		st.Crosses = st.Crosses || m.Crossing != nil
		if m.Movement != nil && m.Trigger != nil && m.Trigger.On == tilekit.TriggerScoreReached {
			st.Entries = append(st.Entries, figureEntry{Figure: m.Movement.Figure})
		}
	}
}

// repeats reports whether two sections' averages agree within a half per
// cent: the games of one play as the other's.
func (st *expansionStats) repeats(o *expansionStats) bool {
	close := func(a, b float64) bool { return math.Abs(a-b) <= 0.005*max(math.Abs(a), math.Abs(b), 1) }
	if !close(st.Score, o.Score) || !close(st.Placed, o.Placed) || len(st.Points) != len(o.Points) {
		return false
	}
	for i := range st.Points {
		if st.Points[i].Kind != o.Points[i].Kind || !close(st.Points[i].Points, o.Points[i].Points) {
			return false
		}
	}
	return true
}

// add counts the events of a replayed game.
func (c *gameCounts) add(res game.ScenarioResult) {
	entered := map[string]bool{}
	for turn, events := range res.Events {
		for _, e := range events {
			switch e.Kind {
			case game.EventScored:
				if e.Scoring.IsBonus() {
					c.points[bonusPoints] += e.Points
				} else {
					c.points[string(e.Feature.Kind.FeatureKind())] += e.Points
				}
			case game.EventEaten:
				c.eaten++
			case game.EventCrossed:
				c.crossed++
			case game.EventEntered:
				if id := e.Actor.ID(); !entered[id] {
					entered[id] = true
					got := c.entered[id]
					c.entered[id] = [2]int{got[0] + 1, got[1] + turn + 1}
				}
			}
		}
	}
}

// barChart draws horizontal bars of average points, labelled, as an SVG
// document.
func (b *builder) barChart(title string, bars []kindPoints) []byte {
	top := 1.0
	for _, bar := range bars {
		top = max(top, bar.Points)
	}
	const width, left, row = 480, 110, 28
	height := row*len(bars) + 40
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-labelledby="chart-title">`+"\n", width, height, width, height)
	fmt.Fprintf(&buf, "<title id=\"chart-title\">%s</title>\n", xmlText(title))
	fmt.Fprintf(&buf, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", width, height)
	for i, bar := range bars {
		y := 10 + i*row
		w := (width - left - 60) * bar.Points / top
		fmt.Fprintf(&buf, `<text x="%d" y="%d" font-family="sans-serif" font-size="13" text-anchor="end">%s</text>`+"\n", left-8, y+16, xmlText(bar.Kind))
		fmt.Fprintf(&buf, `<rect x="%d" y="%d" width="%s" height="20" fill="#8d5a2b"/>`+"\n", left, y+2, num(w))
		fmt.Fprintf(&buf, `<text x="%s" y="%d" font-family="sans-serif" font-size="13">%s</text>`+"\n", num(float64(left)+w+6), y+16, num(bar.Points))
	}
	fmt.Fprintf(&buf, `<text x="%d" y="%d" font-family="sans-serif" font-size="11" fill="#5f6368">%s</text>`+"\n", left, height-8, xmlText(b.tr.must("stats.chart-note")))
	buf.WriteString("</svg>\n")
	return buf.Bytes()
}
