package site

import (
	"math"
	"strconv"
	"strings"

	"github.com/tilekit/tilekit"
)

// pt is a point on the tile, in a 100 by 100 square with y growing south.
type pt struct{ X, Y float64 }

// turn rotates the point clockwise about the tile centre by quarter turns.
func (p pt) turn(quarters int) pt {
	for range tilekit.Quarters(quarters) {
		p = pt{100 - p.Y, p.X}
	}
	return p
}

func (p pt) add(q pt) pt            { return pt{p.X + q.X, p.Y + q.Y} }
func (p pt) scale(f float64) pt     { return pt{p.X * f, p.Y * f} }
func lerp(a, b pt, t float64) pt    { return a.add(b.add(a.scale(-1)).scale(t)) }
func dist(a, b pt) float64          { return math.Hypot(a.X-b.X, a.Y-b.Y) }
func quad(a, c, b pt, t float64) pt { return lerp(lerp(a, c, t), lerp(c, b, t), t) }

// num formats a coordinate with at most two decimals, so that output is
// stable and small.
func num(f float64) string {
	s := strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

// segment is a straight line or a quadratic curve from the end of the
// previous segment to To.
type segment struct {
	Ctrl  *pt // nil for a straight line
	To    pt
	Start bool // a move to To, starting a new subpath
}

// shape is an outline made of segments, kept in tile coordinates.
type shape []segment

func moveTo(p pt) segment        { return segment{To: p, Start: true} }
func lineTo(p pt) segment        { return segment{To: p} }
func curveTo(ctrl, p pt) segment { return segment{Ctrl: &ctrl, To: p} }
func (s shape) turn(q int) shape { return s.mapPoints(func(p pt) pt { return p.turn(q) }) }
func (s shape) mapPoints(f func(pt) pt) shape {
	out := make(shape, len(s))
	for i, seg := range s {
		out[i] = segment{To: f(seg.To), Start: seg.Start}
		if seg.Ctrl != nil {
			c := f(*seg.Ctrl)
			out[i].Ctrl = &c
		}
	}
	return out
}

// path renders the shape as SVG path data; closed adds a Z.
func (s shape) path(closed bool) string {
	var b strings.Builder
	for _, seg := range s {
		switch {
		case seg.Start:
			b.WriteString("M" + num(seg.To.X) + " " + num(seg.To.Y))
		case seg.Ctrl != nil:
			b.WriteString("Q" + num(seg.Ctrl.X) + " " + num(seg.Ctrl.Y) + " " + num(seg.To.X) + " " + num(seg.To.Y))
		default:
			b.WriteString("L" + num(seg.To.X) + " " + num(seg.To.Y))
		}
	}
	if closed {
		b.WriteString("Z")
	}
	return b.String()
}

// endTangent returns, when p is an end of the shape, the direction in which
// the shape leaves p.
func (s shape) endTangent(p pt) (pt, bool) {
	if len(s) < 2 {
		return pt{}, false
	}
	if dist(s[0].To, p) < 0.01 {
		next := s[1].To
		if s[1].Ctrl != nil {
			next = *s[1].Ctrl
		}
		return next.add(p.scale(-1)), true
	}
	last := s[len(s)-1]
	if dist(last.To, p) < 0.01 {
		prev := s[len(s)-2].To
		if last.Ctrl != nil {
			prev = *last.Ctrl
		}
		return prev.add(p.scale(-1)), true
	}
	return pt{}, false
}

// points samples the shape into a polyline, eight points per segment.
func (s shape) points() []pt {
	return s.appendPoints(make([]pt, 0, 8*len(s)))
}

// pointBuf is room for the points of a shape of up to 16 segments, so
// that a caller that only reads them keeps them on its stack.
type pointBuf [128]pt

// appendPoints appends the shape's points, sampled as points does, to
// out.
func (s shape) appendPoints(out []pt) []pt {
	var cur pt
	for _, seg := range s {
		switch {
		case seg.Start:
			out = append(out, seg.To)
		case seg.Ctrl != nil:
			for i := 1; i <= 8; i++ {
				out = append(out, quad(cur, *seg.Ctrl, seg.To, float64(i)/8))
			}
		default:
			for i := 1; i <= 8; i++ {
				out = append(out, lerp(cur, seg.To, float64(i)/8))
			}
		}
		cur = seg.To
	}
	return out
}

// contains reports whether p lies inside the closed shape (even-odd rule).
func (s shape) contains(p pt) bool {
	var buf pointBuf
	poly := s.appendPoints(buf[:0])
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// distance returns how far p is from the open polyline of the shape.
func (s shape) distance(p pt) float64 {
	var buf pointBuf
	poly := s.appendPoints(buf[:0])
	best := math.Inf(1)
	for i := 1; i < len(poly); i++ {
		best = math.Min(best, segmentDistance(p, poly[i-1], poly[i]))
	}
	if len(poly) == 1 {
		best = dist(p, poly[0])
	}
	return best
}

// segmentDistance returns how far p is from the segment ab.
func segmentDistance(p, a, b pt) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return dist(p, a)
	}
	t := math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	return dist(p, pt{a.X + t*dx, a.Y + t*dy})
}
