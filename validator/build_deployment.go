package validator

import "github.com/tilekit/tilekit"

// buildDeployment reads a step's deployment: its word, where it deploys
// to and the tables of its figures and destinations; nil when m is.
func buildDeployment(m map[string]any, at tilekit.Origin) *tilekit.Deployment {
	if m == nil {
		return nil
	}
	return &tilekit.Deployment{
		Word: tilekit.MoveWord(str(m, "word")), To: tilekit.DeploymentTarget(str(m, "to")),
		Figures: str(m, "figures"), Destinations: str(m, "destinations"),
		Source: buildCitation(table(m, "source")), Origin: at,
	}
}
