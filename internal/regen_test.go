package internal_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// regenExceptions are the refresh flags and go:generate directives make regen leaves out on
// purpose, each with the reason; the test fails on any other one it does not run, and on an
// exception that no longer exists.
var regenExceptions = map[string]string{
	// Compiling every group of the official suite takes 8 to 25 minutes; TestSuiteInterpreter holds
	// the same matrix on every go test.
	"internal/conformance -write-matrix": "the full official suite",
}

// TestRegenCoversEverything: every golden test's refresh flag (a flag.Bool named "update" or
// "write-…" in a test file) and every go:generate directive of the repository is run by the
// Makefile's regen target, so one command refreshes every derived file.
func TestRegenCoversEverything(t *testing.T) {
	root := ".."
	makefile, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	var recipe []string
	in := false
	for line := range strings.Lines(string(makefile)) {
		switch {
		case strings.HasPrefix(line, "regen:"):
			in = true
		case in && strings.HasPrefix(line, "\t"):
			recipe = append(recipe, strings.TrimSpace(line))
		case in:
			in = false
		}
	}
	if len(recipe) == 0 {
		t.Fatal("the Makefile has no regen target")
	}
	runs := func(want ...string) bool {
		for _, line := range recipe {
			all := true
			for _, w := range want {
				all = all && strings.Contains(line, w)
			}
			if all {
				return true
			}
		}
		return false
	}
	needed := map[string]bool{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || (strings.HasPrefix(name, ".") && path != root) || name == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		for _, group := range f.Comments {
			for _, c := range group.List {
				if strings.HasPrefix(c.Text, "//go:generate ") {
					needed[rel+" go generate"] = true
					if !runs("cd "+rel+" ", "generate") {
						check(t, rel+" go generate", "%s has a go:generate directive that make regen does not run (cd %s && $(GO) generate)", path, rel)
					}
				}
			}
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Bool" {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "flag" {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok {
				return true
			}
			name, _ := strconv.Unquote(lit.Value)
			if name != "update" && !strings.HasPrefix(name, "write-") {
				return true
			}
			key := rel + " -" + name
			needed[key] = true
			pkg := "./" + rel
			if strings.HasPrefix(rel, "tests/") {
				pkg = "cd " + rel + " "
			}
			if !runs(pkg, "-"+name) {
				check(t, key, "%s declares -%s, which make regen does not run", path, name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, must := range []string{"internal/gen/run -update", "internal/templates go generate", "internal/cli -update"} {
		if !needed[must] {
			t.Errorf("found no %s: the scan is broken", must)
		}
	}
	for key := range regenExceptions {
		if !needed[key] {
			t.Errorf("regen exception %q names nothing any more: delete it", key)
		}
	}
}

// check reports a refresh that make regen does not run, unless it is a listed exception.
func check(t *testing.T, key, format string, args ...any) {
	t.Helper()
	if _, ok := regenExceptions[key]; !ok {
		t.Errorf(format, args...)
	}
}
