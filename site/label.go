package site

import "math"

// labelText marks a provisional layout.
const labelText = "PROVISIONAL"

// labelEm is the width of labelText in ems, in a bold sans-serif face (7.7
// in DejaVu Sans Bold, less in Helvetica and Arial).
const labelEm = 7.7

// label is where the PROVISIONAL label is written, in the picture's
// coordinates (after turning, since text stays upright).
type label struct {
	x, y   float64 // the anchor and the baseline
	size   float64 // the font size
	anchor string  // the SVG text-anchor: start, middle or end
}

// labelPlaces are the places tried for the label, in order: large along
// the bottom or the top, then small in a corner, beside the road that may
// meet that side.
var labelPlaces = []label{
	{50, 96, 8, "middle"},
	{50, 11, 8, "middle"},
	{5, 95.5, 5, "start"},
	{95, 95.5, 5, "end"},
	{5, 9.5, 5, "start"},
	{95, 9.5, 5, "end"},
}

// box returns the rectangle the label's letters cover.
func (lb label) box() rect {
	w := labelEm * lb.size
	x0 := lb.x - w/2
	switch lb.anchor {
	case "start":
		x0 = lb.x
	case "end":
		x0 = lb.x - w
	}
	return rect{pt{x0, lb.y - 0.75*lb.size}, pt{x0 + w, lb.y + 0.05*lb.size}}
}

// placeLabel returns the first place where the label covers no road,
// drawbridge, mark or emblem of the tile drawn turned by quarter (the
// first place when none is free).
func placeLabel(l *tileLayout, quarter int) label {
	for _, lb := range labelPlaces {
		if labelFree(l, quarter, lb.box()) {
			return lb
		}
	}
	return labelPlaces[0]
}

// labelFree reports whether the box, in the picture's coordinates, stays
// clear of what is drawn on the tile turned by quarter.
func labelFree(l *tileLayout, quarter int, b rect) bool {
	const gap = 1
	for _, r := range l.roads {
		for _, s := range r.paths {
			if b.shapeDistance(s.turn(quarter)) < roadHalfWidth+gap {
				return false
			}
		}
	}
	for _, s := range l.bridges {
		if b.shapeDistance(s.turn(quarter)) < bridgeHalfWidth+gap {
			return false
		}
	}
	var discs []pt
	for _, m := range l.marks {
		discs = append(discs, m.at)
	}
	for _, s := range l.symbols {
		discs = append(discs, s.at)
	}
	if l.centre != centreNothing {
		discs = append(discs, centre)
	}
	for _, p := range discs {
		if b.pointDistance(p.turn(quarter)) < emblemRadius+gap {
			return false
		}
	}
	return true
}

// rect is an upright rectangle from Min to Max.
type rect struct{ Min, Max pt }

// pointDistance returns how far p is from the rectangle (0 inside).
func (r rect) pointDistance(p pt) float64 {
	dx := math.Max(0, math.Max(r.Min.X-p.X, p.X-r.Max.X))
	dy := math.Max(0, math.Max(r.Min.Y-p.Y, p.Y-r.Max.Y))
	return math.Hypot(dx, dy)
}

// shapeDistance returns how far the open polyline of s comes to the
// rectangle (0 when it enters it).
func (r rect) shapeDistance(s shape) float64 {
	poly := s.points()
	best := math.Inf(1)
	for i := range poly {
		best = math.Min(best, r.pointDistance(poly[i]))
		if i == 0 {
			continue
		}
		a, b := poly[i-1], poly[i]
		for _, e := range r.edges() {
			if segmentsCross(a, b, e[0], e[1]) {
				return 0
			}
			best = math.Min(best, segmentDistance(e[0], a, b))
		}
	}
	return best
}

// edges returns the rectangle's four sides.
func (r rect) edges() [4][2]pt {
	a, b, c, d := r.Min, pt{r.Max.X, r.Min.Y}, r.Max, pt{r.Min.X, r.Max.Y}
	return [4][2]pt{{a, b}, {b, c}, {c, d}, {d, a}}
}

// segmentsCross reports whether the segments ab and cd intersect.
func segmentsCross(a, b, c, d pt) bool {
	o := func(p, q, r pt) float64 { return (q.X-p.X)*(r.Y-p.Y) - (q.Y-p.Y)*(r.X-p.X) }
	d1, d2, d3, d4 := o(c, d, a), o(c, d, b), o(a, b, c), o(a, b, d)
	return (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0)
}
