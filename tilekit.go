// Package tilekit holds the domain types of the Carcassonne rules data and the
// built-in data itself.
//
// A tile is a square with four sides, N, E, S and W, listed clockwise. Every
// side has a middle, where a road meets it, and two halves, where fields meet
// it. The halves are named by their side and by L or R as seen from the tile's
// centre looking out through that side, so that clockwise from the top-left
// corner they read NL NR EL ER SL SR WL WR. A tile is made of features (cities,
// roads, fields, cloisters, ...) and each feature touches some of these edge
// positions: a city covers whole sides, a road meets the middle of the sides
// it reaches, and a field touches halves. What kind of edge a side shows
// (city, road or field) is derived from the features, never written down.
//
// The data lives in TOML files validated by JSON Schemas (see package
// validator); this package only describes what the loaded data means.
package tilekit
