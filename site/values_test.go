package site

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// gamePath is the import path of the game engine.
const gamePath = "github.com/tilekit/tilekit/game"

// TestSiteReadsEngineValuesNotText type-checks the site's own sources and
// fails where they read the game engine's text instead of its values: a
// call of Position or Board.String on any of the engine's types, the text
// of an event (its String, Notation, MarshalText or AppendText: events are
// worded from their values, EventWords) or of a snapshot (Game.Snapshot,
// Game.MarshalText, game.ParseSnapshot or game.ParseBoard, or a read of
// ScenarioResult.Snapshot or of a scenario's own Position text), or the
// String of another engine value used other than shown as it is (an
// argument of append). Boards come from Board.Placed and Game.Figures, the
// board before the first turn from the game the scenario sets up, and the
// dragons' flights from Event.Actor.
func TestSiteReadsEngineValuesNotText(t *testing.T) {
	fset, files, info := typeCheckSite(t)
	shown := map[ast.Expr]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && isBuiltin(info, c.Fun, "append") {
				for _, a := range c.Args[1:] {
					shown[ast.Unparen(a)] = true
				}
			}
			return true
		})
	}
	var bad []string
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if why := engineText(info, n, shown); why != "" {
				bad = append(bad, fset.Position(n.Pos()).String()+": "+why)
			}
			return true
		})
	}
	require.Empty(t, bad, "the site reads the engine's text; read its values instead")
}

// engineText says why a node reads the engine's text, or returns "".
func engineText(info *types.Info, n ast.Node, shown map[ast.Expr]bool) string {
	switch n := n.(type) {
	case *ast.CallExpr:
		sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
		if !ok {
			return ""
		}
		if fn, ok := info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == gamePath &&
			(fn.Name() == "ParseSnapshot" || fn.Name() == "ParseBoard") {
			return "calls game." + fn.Name() + ", reading a snapshot's text"
		}
		if !fromGame(info, sel, types.MethodVal) {
			return ""
		}
		recv := strings.TrimPrefix(types.TypeString(info.TypeOf(sel.X), nil), "*")
		name := sel.Sel.Name
		switch {
		case name == "Position":
			return "calls Position"
		case name == "String" && recv == gamePath+".Board":
			return "calls Board.String"
		case recv == gamePath+".Event" && (name == "String" || name == "Notation" || name == "MarshalText" || name == "AppendText"):
			return "reads an event's text (" + name + "): word it from its values"
		case recv == gamePath+".Game" && (name == "Snapshot" || name == "MarshalText"):
			return "reads a snapshot's text (Game." + name + ")"
		case name == "String" && !shown[n]:
			return "uses the text of " + recv + " other than to show it"
		}
	case *ast.SelectorExpr:
		switch {
		case (n.Sel.Name == "Position" || n.Sel.Name == "Snapshot") && fromGame(info, n, types.FieldVal):
			return "reads ScenarioResult." + n.Sel.Name
		case n.Sel.Name == "Position" && isScenario(info, n):
			return "reads a scenario's position text"
		}
	}
	return ""
}

// isScenario reports whether a selector selects a field of
// tilekit.Scenario.
func isScenario(info *types.Info, sel *ast.SelectorExpr) bool {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return false
	}
	return strings.TrimPrefix(types.TypeString(s.Recv(), nil), "*") == "github.com/tilekit/tilekit.Scenario"
}

// fromGame reports whether a selector selects a method or field (by kind)
// of a type the game engine declares.
func fromGame(info *types.Info, sel *ast.SelectorExpr, kind types.SelectionKind) bool {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != kind {
		return false
	}
	recv := s.Recv()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	named, ok := recv.(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == gamePath
}

// isBuiltin reports whether an expression names a built-in function.
func isBuiltin(info *types.Info, e ast.Expr, name string) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// typeCheckSite parses and type-checks the site package's non-test
// sources, importing its dependencies from the export data the go command
// builds.
func typeCheckSite(t *testing.T) (*token.FileSet, []*ast.File, *types.Info) {
	t.Helper()
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{if .Export}}{{.ImportPath}}={{.Export}}{{end}}", ".").Output()
	require.NoError(t, err, "go list -export")
	exports := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), "="); ok {
			exports[path] = file
		}
	}
	names, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		files = append(files, f)
	}
	lookup := func(path string) (io.ReadCloser, error) { return os.Open(exports[path]) }
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup)}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	_, err = conf.Check("github.com/tilekit/tilekit/site", fset, files, info)
	require.NoError(t, err)
	return fset, files, info
}
