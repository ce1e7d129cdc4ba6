// Package site publishes the rules data for people: pictures of tiles now,
// and the Markdown and HTML rules reference built from them.
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
// ground everything else is drawn on. Symbols (volcano, dragon, magic
// portal, garden) are placed on the first spot of a fixed list where the
// emblem lies wholly inside one feature, clear of walls, roads, hedges and
// other marks; pennants and the princess sit inside their city. The whole
// picture is then turned by the requested rotation, point by point, so that
// text stays upright: the PROVISIONAL label of an unchecked layout goes
// along the bottom or the top, or small in a corner, wherever it covers no
// road, drawbridge or mark.
package site
