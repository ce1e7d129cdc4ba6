package game_test

import (
	"testing"
	"time"
)

// BenchmarkRandomPlacements plays random games of placements only with the
// base game (C2): each game draws every tile of the pile in a random order
// and lays it at a placement chosen uniformly among its distinct legal ones
// (Board.CountDistinct), or discards it when it fits nowhere. The board and buffers are reused, so once set up a game
// allocates nothing; ns/placement is the time of a game over the tiles it
// placed.
func BenchmarkRandomPlacements(b *testing.B) {
	_, r := baseRules(b)
	p := newPlayer(r, 42)
	placements := 0
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		placements += p.play(-1)
	}
	elapsed := time.Since(start)
	b.ReportMetric(float64(elapsed.Nanoseconds())/float64(placements), "ns/placement")
	b.ReportMetric(float64(placements)/float64(b.N), "placements/op")
}
