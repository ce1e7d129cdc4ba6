package tilekit_test

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// module is the import path of this module.
const module = "github.com/tilekit/tilekit"

// mayImport lists, for each package of the module (by path inside it; ""
// is the root), the packages of the module it may depend on, directly or
// not. Imports point one way: root <- rules <- game <- site <- cmd, and
// validator stands beside rules and never links the game engine. The
// packages under internal/ are infrastructure: they know nothing of
// tilekit's domain (see onlyInfrastructure; internal/tomlscan scans TOML
// text for validator). A package not listed here
// may import nothing of the module until it is.
var mayImport = map[string][]string{
	"":                               nil,
	"internal/tomlscan":              nil,
	"rules":                          {""},
	"validator":                      {"", "rules", "internal/tomlscan"},
	"game":                           {"", "rules"},
	"site":                           {"", "rules", "game"},
	"internal/dirlock":               nil,
	"internal/atomicfs/atomicfstest": nil,
	"internal/atomicfs":              {"internal/dirlock"},
	"cmd/tilekit":                    {"", "rules", "game", "site", "validator", "internal/atomicfs", "internal/dirlock", "internal/tomlscan"},
}

// infrastructureMayLink lists the outside modules a package under
// internal/ may link besides the standard library.
var infrastructureMayLink = []string{"golang.org/x/sys", "github.com/BurntSushi/toml"}

// onlyInfrastructure checks that dep, a dependency of a package under
// internal/, is the standard library, a module listed in
// infrastructureMayLink, or another package under internal/ (mayImport
// says which).
func onlyInfrastructure(dep string) bool {
	first, _, _ := strings.Cut(dep, "/")
	if !strings.Contains(first, ".") {
		return true // the standard library
	}
	if strings.HasPrefix(dep, module+"/internal/") {
		return true
	}
	for _, m := range infrastructureMayLink {
		if dep == m || strings.HasPrefix(dep, m+"/") {
			return true
		}
	}
	return false
}

// onlyCommandLine lists the outside packages only cmd/tilekit may link.
var onlyCommandLine = []string{"github.com/spf13/cobra", "github.com/spf13/pflag"}

// TestImportsPointOneWay fails when a package depends on a package of the
// module it may not, such as validator or rules on game, when any
// package but cmd/tilekit links cobra, or when a package under internal/
// links anything but the standard library, x/sys, BurntSushi/toml and
// internal/.
func TestImportsPointOneWay(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps=false", "-f", "{{.ImportPath}}:{{join .Deps \" \"}}", "./...").Output()
	require.NoError(t, err, "go list")
	sc := bufio.NewScanner(bytes.NewReader(out))
	seen := 0
	for sc.Scan() {
		pkg, deps, _ := strings.Cut(sc.Text(), ":")
		rel := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
		allowed, known := mayImport[rel]
		if !known {
			t.Errorf("package %s is not in mayImport: say which packages of the module it may use", pkg)
			continue
		}
		seen++
		for _, dep := range strings.Fields(deps) {
			if slices.Contains(onlyCommandLine, dep) && rel != "cmd/tilekit" {
				t.Errorf("%s links %s: only cmd/tilekit speaks the command line", pkg, dep)
			}
			if strings.HasPrefix(rel, "internal/") && !onlyInfrastructure(dep) {
				t.Errorf("%s links %s: a package under internal/ uses only the standard library, %v and internal/", pkg, dep, infrastructureMayLink)
			}
			if dep != module && !strings.HasPrefix(dep, module+"/") {
				continue
			}
			if d := strings.TrimPrefix(strings.TrimPrefix(dep, module), "/"); !slices.Contains(allowed, d) {
				t.Errorf("%s depends on %s, against the direction of imports", pkg, dep)
			}
		}
	}
	require.NoError(t, sc.Err())
	require.Greater(t, seen, 3, "go list found the module's packages")
}

// TestFunctionsAreShort keeps every function of the module's code (tests
// and generated files aside) under 80 lines: a longer one is two.
func TestFunctionsAreShort(t *testing.T) {
	fset := token.NewFileSet()
	read := 0
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		read++
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok {
				lines := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
				if lines > 80 {
					t.Errorf("%s: %s is %d lines long; split it", p, fn.Name.Name, lines)
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, read, 30, "the module's Go files were read")
}
