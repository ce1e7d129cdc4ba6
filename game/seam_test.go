package game

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// coreFiles are the files of the engine's core: the board, the features,
// base scoring, the turn loop, the pile, the notation. They name no unit
// and reach the units only through the hooks of units.go.
var coreFiles = []string{"board.go", "features.go", "compile.go", "compile_features.go", "compile_scoring.go", "game.go", "turn.go", "score.go",
	"position.go", "invariants.go", "playout.go", "symmetry.go", "notation.go", "names.go", "events.go", "move_parse.go", "event_notation.go", "kinds.go"}

// unitWords are what a core file must not name: the expansion elements
// the units play.
var unitWords = regexp.MustCompile(`(?i)fairy|dragon|volcano|portal|princess|bridge`)

// seamPackage is the game package's files (not its tests), parsed with
// their comments and type-checked.
type seamPackage struct {
	fset  *token.FileSet
	files map[string]*ast.File
	info  *types.Info
}

// loadSeamPackage parses and type-checks the package's files.
func loadSeamPackage(t *testing.T) *seamPackage {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sp := &seamPackage{fset: token.NewFileSet(), files: map[string]*ast.File{}, info: &types.Info{Uses: map[*ast.Ident]types.Object{}}}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(sp.fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		sp.files[name] = f
		files = append(files, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(sp.fset, "source", nil)}
	if _, err := conf.Check("github.com/tilekit/tilekit/game", sp.fset, files, sp.info); err != nil {
		t.Fatal(err)
	}
	return sp
}

// namesUnits lists, as file:line and the text, each identifier, string
// literal and comment of a file that names a unit's element.
func (sp *seamPackage) namesUnits(name string) []string { return sp.names(name, unitWords) }

// names lists, as file:line and the text, each identifier, string literal
// and comment of a file that words match.
func (sp *seamPackage) names(name string, words *regexp.Regexp) []string {
	var found []string
	note := func(pos token.Pos, text string) {
		if words.MatchString(text) {
			found = append(found, fmt.Sprintf("%s: %q", sp.fset.Position(pos), text))
		}
	}
	f := sp.files[name]
	for _, c := range f.Comments {
		for _, line := range c.List {
			note(line.Pos(), line.Text)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			note(n.Pos(), n.Name)
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				note(n.Pos(), n.Value)
			}
		}
		return true
	})
	return found
}

// reachesUnits lists, as file:line, each use in a file of a name (a
// function, method, type, field, variable or constant) declared in a
// unit's file (unit_*.go).
func (sp *seamPackage) reachesUnits(name string) []string {
	var found []string
	ast.Inspect(sp.files[name], func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		obj := sp.info.Uses[id]
		if obj == nil || !obj.Pos().IsValid() {
			return true
		}
		if decl := filepath.Base(sp.fset.Position(obj.Pos()).Filename); strings.HasPrefix(decl, "unit_") {
			found = append(found, fmt.Sprintf("%s: %s (declared in %s)", sp.fset.Position(id.Pos()), id.Name, decl))
		}
		return true
	})
	return found
}

// The core names no expansion element: no identifier, string or comment
// of a core file mentions a figure of the units, and no core file uses a
// name declared in a unit's file; the units are reached only through the
// hooks of units.go.
func TestCoreNamesNoUnit(t *testing.T) {
	sp := loadSeamPackage(t)
	for _, name := range coreFiles {
		if sp.files[name] == nil {
			t.Errorf("the core file %s is missing: update coreFiles", name)
			continue
		}
		for _, f := range sp.namesUnits(name) {
			t.Errorf("a core file names a unit: %s", f)
		}
		for _, f := range sp.reachesUnits(name) {
			t.Errorf("a core file reaches a unit but through the hooks: %s", f)
		}
	}
}

// seedWords are what the moving figures' mechanic must not name: the seed
// figures and symbols whose steps it plays from their data.
var seedWords = regexp.MustCompile(`(?i)fairy|dragon|volcano`)

// The moving figures' mechanic (unit_moving*.go) names no seed figure or
// symbol in an identifier, string or comment: it plays every step with a
// movement from the data alone.
func TestMovingMechanicNamesNoSeedFigure(t *testing.T) {
	sp := loadSeamPackage(t)
	names, err := filepath.Glob("unit_moving*.go")
	if err != nil || len(names) == 0 {
		t.Fatalf("no file of the moving figures' mechanic: %v", err)
	}
	for _, name := range names {
		for _, f := range sp.names(name, seedWords) {
			t.Errorf("the moving figures' mechanic names a seed figure: %s", f)
		}
	}
}

// The dismissal's mechanic (unit_dismissal.go) names no expansion element
// in an identifier, string or comment: it plays every step with a
// dismissal from the data alone.
func TestDismissalMechanicNamesNoSeedFigure(t *testing.T) {
	sp := loadSeamPackage(t)
	for _, f := range sp.namesUnits("unit_dismissal.go") {
		t.Errorf("the dismissal's mechanic names an expansion element: %s", f)
	}
}

// The test finds what it looks for: a unit's word in a comment, and a use
// of a unit's name.
func TestSeamTestFindsUnits(t *testing.T) {
	sp := loadSeamPackage(t)
	src := "package game\n\n// A comment.\ntype fairyState struct{ at int32 }\n\nvar word = \"plain\"\n"
	f, err := parser.ParseFile(sp.fset, "unit_example.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	sp.files["unit_example.go"] = f
	found := sp.namesUnits("unit_example.go")
	if !slices.ContainsFunc(found, func(s string) bool { return strings.Contains(s, "fairyState") }) || len(found) != 1 {
		t.Errorf("namesUnits finds %v in a file that names the fairy's state once", found)
	}
	if len(sp.reachesUnits("units.go")) == 0 {
		t.Error("reachesUnits finds no use of a unit's name in units.go, the registry, which lists the units")
	}
}

// engineSeedWords are what no file of the engine names: the seed figures,
// symbols and steps, and the figures of the expansions played from data
// (Abbey & Mayor, The Abbot, The Phantom, The Tower), which the data gives
// the mechanics.
var engineSeedWords = regexp.MustCompile(`(?i)fairy|dragon|volcano|portal|princess|bridge|phantom|wagon|barn|abbot|garden|tower|mayor`)

// No file of the engine names a seed figure, symbol or step in an
// identifier, string or comment: the engine is the base game and general
// mechanics, and the seed systems are its data.
func TestEngineNamesNoSeedFigure(t *testing.T) {
	sp := loadSeamPackage(t)
	for name := range sp.files {
		for _, f := range sp.names(name, engineSeedWords) {
			t.Errorf("the engine names a seed figure: %s", f)
		}
	}
}
