package tilekit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An event whose first word is no form of the notation's own is a step's
// event when an id is followed by a player and a feature kind, so that a
// step of the data writes its events with its own word; other texts are
// still refused as no event.
func TestEventNotationReadsAStepsWord(t *testing.T) {
	for _, text := range []string{"lady p2 city", "end squire-call p1 road"} {
		n, err := ParseEventNotation(text)
		require.NoError(t, err, text)
		assert.Equal(t, text, string(n.AppendText(nil)), text)
	}
	n, err := ParseEventNotation("lady p2 city")
	require.NoError(t, err)
	assert.Equal(t, EventNotation{Kind: "lady", Player: 2, Word: "city"}, n)
	for text, why := range map[string]string{
		"player 1 scores 4 for road": "want an event such as",
		"lady p2":                    "want an event such as",
		"Lady p2 city":               "want an event such as",
		"lady p9 city":               `player "p9"`,
		"lady p2 lake":               `feature kind "lake"`,
	} {
		_, err := ParseEventNotation(text)
		assert.ErrorContains(t, err, why, text)
	}
	assert.True(t, IsEventWord("score"))
	assert.True(t, IsEventWord("end"))
	assert.False(t, IsEventWord("lady"))
}
