// Package site publishes the rules data for people: pictures of tiles, and
// the rules reference, a static site in HTML or Markdown built from the
// catalog by Build.
//
// # Tile pictures
//
// A tile picture is drawn from the tile's features alone, never from an
// image of the printed tile. The tile is a 100 by 100 square, y growing
// southward. Each feature is drawn in a canonical orientation and turned into
// place: a city covering one side is a cap along that side, two adjacent
// sides a corner, two opposite sides a band, three sides everything but a
// bite out of the fourth, four sides the whole tile. A road runs from the
// middle of each side it lists: between two sides it is straight or curved,
// and a road that lists one side runs to the centre, where a cloister, a
// city, a junction or a dead end closes it, or to the gate of the city its
// drawbridge leads to, on the wall that faces the road. Fields are the
// ground everything else is drawn on. Symbols (each built-in one with its
// emblem, one an expansion declares as a round mark labelled with its
// initials) are placed on the first spot of a fixed list where the
// emblem lies wholly inside one feature, clear of walls, roads, hedges and
// other marks; pennants and the princess sit inside their city. The whole
// picture is then turned by the requested rotation, point by point, so that
// text stays upright: the PROVISIONAL label of an unchecked layout goes
// along the bottom or the top, or small in a corner, wherever it covers no
// road, drawbridge or mark.
//
// # The rules reference
//
// Build is pure: it reads the catalog and writes files into memory (Site),
// the same bytes for the same catalog and options. A page is made from a
// page value: its path without extension ("tables/dragon-diet"), its title,
// the relative path to the root ("." or "..", so that every link is
// relative and the site works from file://), the selector, and the data of
// its kind, gathered from the catalog by the rules package (rules.Query with
// history for the tables, rules.Order under the steps' own rules and each
// publisher's, rules.Gaps for the open questions) and by the game engine
// (game.RunScenario for the worked examples, whose boards are drawn from the
// engine's positions; a scenario that fails is a build error). The examples
// are played once, before the tables' pages are written, so that each
// answer of a table links the examples whose play it decided
// (game.ScenarioResult.Rulings, exercised.go) and each example's event
// links the answer that decided it (game.Event.Ruling). The data of a
// page holds only data: a kind's template, templates/html/<kind>.html inside
// templates/html/layout.html through html/template, or templates/md/<kind>.md
// for the Markdown format, writes it and escapes it on the way out, so that
// markup written in the data shows as text. Every word a page says around
// the data comes from strings/<lang>.toml (a missing string fails the
// build), and the rules texts from the catalog's texts in that language,
// rendered by goldmark with their headings one level down under the page's
// title, ids prefixed "rules-", and raw HTML written as text.
//
// The selector: the site shows everything, and the reader's choice of
// expansions, parts and publisher (a form on every page, read and kept in the
// URL by assets/site.js) hides what does not apply. Anything that applies
// only to some expansions carries data-needs, the ids of the expansions or
// parts that must all be chosen (a table's answer needs the table's
// expansion and its subject's, the base game never counts), and, when it
// holds for some publishers only, data-publishers; without the script it
// says the same as text in a span of class "needs". What holds only while
// some expansions are not chosen carries data-unless: the order of play is
// written twice where a step's variant depends on the selection (Rio
// Grande's red dragon moves first only with the Black Dragon), once with
// data-needs and once with data-unless, each titled for its choice. Each list or table whose
// entries can be hidden is followed by a paragraph of class "hidden-count"
// whose data-for names it, which the script fills with the number hidden.
// Options.Selection builds a site for one selection instead: what does not
// apply is left out of the pages, and the home page and each table say how
// much.
package site
