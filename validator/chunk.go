package validator

// A data file is parsed in pieces so that every core works on it and so
// that memory holds one piece's parse at a time, not the whole file's: it
// is cut before top-level [[entry]] headers into chunks of at least
// chunkSize bytes (tomlscan.Split), each counting at most MaxValues values.

// chunkSize is the least size of a chunk; files smaller than two chunks are
// never cut.
const chunkSize = 64 << 10

// MaxValues is the most values (keys, array elements, tables) one chunk
// may have. Parsing takes a few hundred bytes a value, so this bounds the
// memory a file can take; real data has a few thousand a chunk.
const MaxValues = 400_000
