package game_test

import (
	"fmt"

	"github.com/tilekit/tilekit"
	"github.com/tilekit/tilekit/game"
	"github.com/tilekit/tilekit/rules"
	"github.com/tilekit/tilekit/validator"
)

// ExampleCompile compiles the base game of the 2nd edition and lists where
// the first tile drawn may be laid.
func ExampleCompile() {
	cat, err := validator.BuiltinCatalog()
	if err != nil {
		panic(err)
	}
	r, err := game.Compile(cat, rules.Selection{}, game.Setup{Edition: tilekit.C2})
	if err != nil {
		panic(err)
	}
	g, err := game.NewGame(r, 2, 1)
	if err != nil {
		panic(err)
	}
	if _, ok := g.Draw(); !ok {
		panic("the pile is empty")
	}
	moves := g.Legal(nil)
	fmt.Println(len(moves), "placements, the first", moves[0])
	// Output: 6 placements, the first 0,-1@180
}

// ExampleGame_Apply plays the first turn of a seeded game: the tile drawn
// at its first legal placement, then the last follower move offered.
func ExampleGame_Apply() {
	cat, err := validator.BuiltinCatalog()
	if err != nil {
		panic(err)
	}
	r, err := game.Compile(cat, rules.Selection{}, game.Setup{Edition: tilekit.C2})
	if err != nil {
		panic(err)
	}
	g, err := game.NewGame(r, 2, 7)
	if err != nil {
		panic(err)
	}
	g.Draw()
	events, err := g.Apply(g.Legal(nil)[0], nil) // the tile
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Board())
	followers := g.Legal(nil)
	fmt.Println(followers)
	if _, err = g.Apply(followers[len(followers)-1], events[:0]); err != nil {
		panic(err)
	}
	// Output:
	// 0,0:base/D@0 0,1:base/B@0
	// [none f0 f1]
}

// ExampleRunScenario plays a built-in worked example and reports whether
// the engine met every expectation its file writes.
func ExampleRunScenario() {
	cat, err := validator.BuiltinCatalog()
	if err != nil {
		panic(err)
	}
	s := cat.Scenario("base/city-closed-joining-three")
	res := game.RunScenario(cat, s)
	fmt.Println(res.ID, res.Passed())
	// Output: base/city-closed-joining-three true
}

// ExamplePlayout plays seeded random games with the invariants checked
// after every move; the same seed gives the same game.
func ExamplePlayout() {
	cat, err := validator.BuiltinCatalog()
	if err != nil {
		panic(err)
	}
	r, err := game.Compile(cat, rules.Selection{}, game.Setup{Edition: tilekit.C2})
	if err != nil {
		panic(err)
	}
	p, err := game.NewPlayout(r, 2, true)
	if err != nil {
		panic(err)
	}
	a, err := p.Play(42)
	if err != nil {
		panic(err)
	}
	b, _ := p.Play(42)
	fmt.Println(a.Placements+a.Discarded == r.Total()-1, a == b, a.Scores[:a.Players])
	// Output: true true [17 13]
}
