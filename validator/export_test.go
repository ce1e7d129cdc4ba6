package validator

// TileFeature gives the external tests the feature names the scenario
// checks read, to compare them with the game engine's.
var TileFeature = tileFeature
