package game

import (
	"regexp"
	"testing"
)

// seedNames are the seed figures, symbols and steps (issue 18), which the
// mechanic of a deployment elsewhere must not name.
var seedNames = regexp.MustCompile(`(?i)dragon|fairy|portal|princess|drawbridge|volcano`)

// The mechanic of a deployment elsewhere (unit_deployment.go) names no
// seed figure, symbol or step in an identifier, string or comment: it
// plays every step with a deployment from the data alone.
func TestDeploymentMechanicNamesNoSeed(t *testing.T) {
	sp := loadSeamPackage(t)
	for _, f := range sp.names("unit_deployment.go", seedNames) {
		t.Errorf("the deployment mechanic names a seed figure, symbol or step: %s", f)
	}
}
