package tilekit_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilekit/tilekit/validator"
)

// TestReadmeListsEveryCode keeps the README's table of diagnostic codes in
// step with the validator.
func TestReadmeListsEveryCode(t *testing.T) {
	data, err := os.ReadFile("README.md")
	require.NoError(t, err)
	for _, c := range validator.Codes {
		assert.True(t, strings.Contains(string(data), "| `"+c.ID+"` |"), "README.md does not document %s", c.ID)
	}
}

// TestReadmeStartsWithTheTwoCommands keeps the newcomer's commands first.
func TestReadmeStartsWithTheTwoCommands(t *testing.T) {
	data, err := os.ReadFile("README.md")
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	require.Greater(t, len(lines), 5)
	assert.Contains(t, lines[3], "go run ./cmd/tilekit site build")
	assert.Contains(t, lines[4], "make test")
}
