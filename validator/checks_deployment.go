package validator

import (
	"github.com/tilekit/tilekit"
)

// DeploymentCodes lists the codes of the checks on the steps' deployments
// and on the locations that mean something to the game engine.
var DeploymentCodes = []Code{
	{"deployment-trigger", "A step with a deployment has no tile-symbol trigger, the one the engine sets a deployment off with."},
	{"deployment-word", "A step's deployment has the word of another step's moves, or a figure's id, as the word of its moves."},
	{"location-deployed-by", "A location's deployed-by names no step with a deployment."},
	{"location-tile-of", "A location's tile-of names no neutral figure."},
}

// checkDeployment checks a step's deployment: its tables exist, a
// tile-symbol trigger sets it off, and its word is its own.
func (l *loader) checkDeployment(cat *tilekit.Catalog, s *tilekit.Step) {
	d := s.Mechanics.Deployment
	if d == nil {
		return
	}
	l.checkSource(d.Source, d.Origin.At("source"))
	l.tableRef(cat, d.Figures, d.Origin.At("figures"))
	l.tableRef(cat, d.Destinations, d.Origin.At("destinations"))
	if t := s.Mechanics.Trigger; t == nil || t.On != tilekit.TriggerTileSymbol {
		l.report(d.Origin.At("to"), "deployment-trigger", Error,
			"step %s deploys elsewhere without a tile-symbol trigger: give it [step.trigger] with on = \"tile-symbol\" and the symbol that offers the deployment", s.ID)
	}
	if cat.Figure(string(d.Word)) != nil {
		l.report(d.Origin.At("word"), "deployment-word", Error,
			"step %s writes its moves with %q, the id of a figure, whose steps are written so: choose another word", s.ID, d.Word)
	}
	for i := range cat.Steps {
		o := &cat.Steps[i]
		if o.ID == s.ID {
			break // each pair is reported once, at the later step
		}
		for _, w := range o.Mechanics.Words() {
			if w == d.Word {
				l.report(d.Origin.At("word"), "deployment-word", Error,
					"step %s writes its moves with %q, as step %s does: choose another word", s.ID, d.Word, o.ID)
			}
		}
	}
}

// checkLocationMeaning checks what a location means to the game engine:
// the step its deployed-by names has a deployment, the figure its
// tile-of names is a neutral figure.
func (l *loader) checkLocationMeaning(cat *tilekit.Catalog, x *tilekit.Location) {
	if id := x.DeployedBy; id != "" && !l.wasDropped("step", id) {
		if s := cat.Step(id); s == nil || s.Mechanics.Deployment == nil {
			l.report(x.Origin.At("deployed-by"), "location-deployed-by", Error,
				"location %s is deployed by step %q, which no loaded file defines with a [step.deployment]%s", x.ID, id, l.nearest(cat, "step", id))
		}
	}
	if id := x.TileOf; id != "" && !l.wasDropped("figure", id) {
		if f := cat.Figure(id); f == nil || f.Owner != "neutral" {
			l.report(x.Origin.At("tile-of"), "location-tile-of", Error,
				"location %s lies on the tile of %q, which is no neutral figure a loaded file defines%s", x.ID, id, l.nearest(cat, "figure", id))
		}
	}
}
