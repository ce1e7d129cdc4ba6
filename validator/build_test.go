package validator

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// TestBuiltStringsOwnTheirBytes checks that a value built from a parse
// shares no bytes with the parse: the parser's strings are pieces of a
// chunk's whole text, which one kept string would keep in memory.
func TestBuiltStringsOwnTheirBytes(t *testing.T) {
	text := strings.Repeat("x", 1000) + "gen/t1-A" + "field" + "C2"
	within := func(s string) bool {
		p, start := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(text)))
		return p >= start && p < start+uintptr(len(text))
	}
	id, kind, edition := text[1000:1008], text[1008:1013], text[1013:]
	m := map[string]any{"id": id, "kind": kind, "editions": []any{edition, id}}
	for _, s := range append([]string{str(m, "id"), str(m, "kind")}, strs(m, "editions")...) {
		assert.False(t, within(s), "%q is a piece of the parsed text", s)
	}
	assert.Equal(t, "gen/t1-A", str(m, "id"))
	assert.Same(t, unsafe.StringData(vocabulary["field"]), unsafe.StringData(str(m, "kind")), "a word of the vocabularies is its one copy")
}
