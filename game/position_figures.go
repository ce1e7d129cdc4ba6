package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// figureSections holds the figures' sections of a position as read.
type figureSections struct {
	dragon        *tilekit.BoardPosition
	dragonWaiting bool
	fairy         *tilekit.BoardPosition
	fairyFeature  string
	black         *tilekit.BoardPosition
	setAside      []int
}

// read reads one figure's section: "dragon x,y" or "dragon waiting",
// "fairy x,y[:FEATURE]", "black-dragon x,y", "set-aside TILE*N,...".
func (fs *figureSections) read(r *Ruleset, key, value string) error {
	var err error
	switch key {
	case "dragon":
		if value == "waiting" {
			fs.dragonWaiting = true
			return nil
		}
		fs.dragon, err = parsePosPtr(value)
	case "fairy":
		at, feature, _ := strings.Cut(value, ":")
		fs.fairy, err = parsePosPtr(at)
		fs.fairyFeature = feature
	case "black-dragon":
		fs.black, err = parsePosPtr(value)
	case "set-aside":
		fs.setAside, err = parsePile(r, value)
	}
	return err
}

// parsePosPtr reads a position "x,y".
func parsePosPtr(text string) (*tilekit.BoardPosition, error) {
	p, err := parsePos(text)
	return &p, err
}

// setFigures puts the figures of a position's sections on the board, once
// its tiles and followers are laid.
func (g *Game) setFigures(fs figureSections) error {
	cellOf := func(what string, p *tilekit.BoardPosition) (int32, error) {
		idx, ok := g.board.index(*p)
		if !ok || g.board.cells[idx].tile == 0 {
			return -1, fmt.Errorf("%s %s: no tile lies there", what, notationPos(*p))
		}
		return int32(idx), nil
	}
	var err error
	switch {
	case fs.dragon != nil:
		g.dragon = dragonOn
		if g.dragonCell, err = cellOf("dragon", fs.dragon); err != nil {
			return err
		}
	case fs.dragonWaiting:
		g.dragon = dragonWaiting
	}
	if fs.black != nil {
		g.blackEntered = true
		if g.blackCell, err = cellOf("black-dragon", fs.black); err != nil {
			return err
		}
	}
	if fs.fairy != nil {
		if g.fairyCell, err = cellOf("fairy", fs.fairy); err != nil {
			return err
		}
		if err := g.setFairyNext(*fs.fairy, fs.fairyFeature); err != nil {
			return err
		}
	}
	for typ, n := range fs.setAside {
		for range n {
			g.dragonAside = append(g.dragonAside, uint16(typ))
		}
	}
	return nil
}

// setFairyNext puts the fairy next to the follower on a named feature of
// the tile at a position; an empty name leaves it on the tile.
func (g *Game) setFairyNext(p tilekit.BoardPosition, name string) error {
	if name == "" {
		return nil
	}
	typ, _, _ := g.board.At(p)
	i, err := g.rules.FeatureIndex(typ, name)
	if err != nil {
		return fmt.Errorf("fairy %s:%s: %w", notationPos(p), name, err)
	}
	idx, _ := g.board.index(p)
	x := g.board.cells[idx].slot*int32(g.rules.maxFeatures) + int32(i)
	f := g.followerAt(x)
	if f < 0 {
		return fmt.Errorf("fairy %s:%s: no follower stands there for the fairy to stand next to", notationPos(p), name)
	}
	g.fairyNode, g.fairyPlayer = x, g.followers[f].player
	return nil
}

// writeFigures writes the figures' sections that apply.
func (g *Game) writeFigures(sb *strings.Builder) {
	switch g.dragon {
	case dragonOn:
		sb.WriteString(" / dragon " + notationPos(g.board.position(int(g.dragonCell))))
	case dragonWaiting:
		sb.WriteString(" / dragon waiting")
	}
	if g.fairyCell >= 0 {
		sb.WriteString(" / fairy " + notationPos(g.board.position(int(g.fairyCell))))
		if g.fairyNode >= 0 {
			maxF := int32(g.rules.maxFeatures)
			typ := int(g.board.cells[g.fairyCell].tile) - 1
			sb.WriteString(":" + g.rules.FeatureName(typ, int(g.fairyNode%maxF)))
		}
	}
	if g.blackCell >= 0 {
		sb.WriteString(" / black-dragon " + notationPos(g.board.position(int(g.blackCell))))
	}
	if len(g.dragonAside) > 0 {
		counts := make([]int, g.rules.NumTypes())
		for _, t := range g.dragonAside {
			counts[t]++
		}
		var items []string
		for typ, n := range counts {
			if n > 0 {
				items = append(items, g.rules.ID(typ)+"*"+strconv.Itoa(n))
			}
		}
		sb.WriteString(" / set-aside " + strings.Join(items, ","))
	}
}
