package validator

import (
	"strconv"

	"github.com/tilekit/tilekit"
)

// buildMechanics reads a step's engine data: its trigger, movement, choice
// and removals, each optional.
func buildMechanics(m map[string]any, at tilekit.Origin) tilekit.Mechanics {
	var out tilekit.Mechanics
	if t := table(m, "trigger"); t != nil {
		out.Trigger = &tilekit.Trigger{
			On: tilekit.TriggerKind(str(t, "on")), Symbol: tilekit.Symbol(str(t, "symbol")), Threshold: integer(t["threshold"]),
			CountedFrom: tilekit.CountStart(str(t, "counted-from")), CountedUntil: str(t, "counted-until"), Laps: tilekit.LapRule(str(t, "laps")),
			BeforeInPlay: tilekit.EarlyTile(str(t, "before-in-play")), OffBoard: tilekit.OffBoardRule(str(t, "off-board")), Notes: strs(t, "notes"),
			Source: buildCitation(table(t, "source")), Origin: at.At("trigger"),
		}
	}
	if v := table(m, "movement"); v != nil {
		out.Movement = &tilekit.Movement{
			Figure: str(v, "figure"), To: tilekit.MovementTarget(str(v, "to")), Steps: integer(v["steps"]), Per: tilekit.StepsPer(str(v, "per")), Mover: tilekit.Chooser(str(v, "mover")),
			Revisit: boolean(v, "revisit"), ReturnToStart: boolean(v, "return-to-start"), DeadEnd: tilekit.DeadEndRule(str(v, "dead-end")),
			BlockedBy: strs(v, "blocked-by"), Eats: str(v, "eats"), Spares: str(v, "spares"), NoDeploy: boolean(v, "no-deploy"),
			Deploy: str(v, "deploy"), Beside: str(v, "beside"),
			Notes: strs(v, "notes"), Source: buildCitation(table(v, "source")), Origin: at.At("movement"),
		}
	}
	out.Crossing = buildCrossing(table(m, "crossing"), at.At("crossing"))
	out.Choice = buildChoice(table(m, "choice"), at.At("choice"))
	out.Deployment = buildDeployment(table(m, "deployment"), at.At("deployment"))
	out.Dismissal = buildDismissal(table(m, "dismissal"), at.At("dismissal"))
	if c := table(m, "collection"); c != nil {
		out.Collection = &tilekit.Collection{ID: str(c, "id"), Feature: tilekit.FeatureKind(str(c, "feature")), Attributes: typedStrs[tilekit.Attribute](c, "attributes"),
			Majority: integer(c["majority"]), Source: buildCitation(table(c, "source")), Origin: at.At("collection")}
	}
	if e := table(m, "second-deployment"); e != nil {
		out.SecondDeployment = &tilekit.SecondDeployment{Figure: str(e, "figure"), Source: buildCitation(table(e, "source")), Origin: at.At("second-deployment")}
	}
	if e := table(m, "corner-figure"); e != nil {
		out.CornerFigure = &tilekit.CornerFigure{Figure: str(e, "figure"), Word: tilekit.MoveWord(str(e, "word")), Quarters: tilekit.FeatureKind(str(e, "quarters")),
			Source: buildCitation(table(e, "source")), Origin: at.At("corner-figure")}
	}
	if e := table(m, "relocation"); e != nil {
		out.Relocation = &tilekit.Relocation{Figure: str(e, "figure"), Word: tilekit.MoveWord(str(e, "word")), Into: typedStrs[tilekit.FeatureKind](e, "into"),
			Reach: integer(e["reach"]), Source: buildCitation(table(e, "source")), Origin: at.At("relocation")}
	}
	if e := table(m, "symbol-feature"); e != nil {
		out.SymbolFeature = &tilekit.SymbolFeature{Symbol: tilekit.Symbol(str(e, "symbol")), Kind: tilekit.FeatureKind(str(e, "kind")), ID: str(e, "id"),
			Figures: strs(e, "figures"), Source: buildCitation(table(e, "source")), Origin: at.At("symbol-feature")}
	}
	if e := table(m, "recall"); e != nil {
		out.Recall = &tilekit.Recall{Figure: str(e, "figure"), Word: tilekit.MoveWord(str(e, "word")), Action: str(e, "action"),
			Source: buildCitation(table(e, "source")), Origin: at.At("recall")}
	}
	if e := table(m, "held-tile"); e != nil {
		out.HeldTile = &tilekit.HeldTile{Tile: str(e, "tile"), PerPlayer: integer(e["per-player"]), Source: buildCitation(table(e, "source")), Origin: at.At("held-tile")}
	}
	if e := table(m, "extra-turn"); e != nil {
		out.ExtraTurn = &tilekit.ExtraTurn{Figure: str(e, "figure"), Source: buildCitation(table(e, "source")), Origin: at.At("extra-turn")}
	}
	for i, r := range list(m["removal"]) {
		out.Removals = append(out.Removals, tilekit.Removal{
			Figures: strs(r, "figures"), Owner: str(r, "owner"), To: tilekit.Destination(str(r, "to")), Then: tilekit.RemovalWait(str(r, "then")),
			Source: buildCitation(table(r, "source")), Origin: at.At("removal", strconv.Itoa(i)),
		})
	}
	out.Scoring, out.Bonuses = buildScoring(m, at), buildBonuses(m, at)
	return out
}

// buildChoice reads a choice, of a step or of a variant; nil when m is.
func buildChoice(m map[string]any, at tilekit.Origin) *tilekit.Choice {
	if m == nil {
		return nil
	}
	return &tilekit.Choice{
		Mode: tilekit.ChoiceMode(str(m, "mode")), By: tilekit.Chooser(str(m, "by")), InsteadOf: strs(m, "instead-of"), Except: strs(m, "except"),
		Source: buildCitation(table(m, "source")), Origin: at,
	}
}
