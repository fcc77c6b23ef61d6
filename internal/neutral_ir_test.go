package internal_test

import (
	"go/ast"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// neutralTargets print languages other than Go, or documents about any language, from the IR:
// they read its neutral part only, never its Go layer (the field named Go of each IR node), and
// no Go emitter, which would read it for them.
var neutralTargets = []string{
	"internal/gen/emit/ts", "internal/gen/emit/openapi", "internal/gen/emit/docs", "internal/gen/emit/rust",
	"internal/gen/lower",
}

// goEmitters are the packages that spell Go; a neutral target imports none of them.
var goEmitters = []string{
	"internal/gen/emit/gosrc", "internal/gen/emit/gotypes", "internal/gen/emit/govalidate",
	"internal/gen/emit/goconstruct", "internal/gen/emit/gosurfaces",
}

// goLayerReads are the reads of Go names by a neutral target that are there on purpose, by file
// and what is read, with the reason. The test fails on a read not listed here and on a listed
// read that no longer happens, so the list is exactly what remains.
var goLayerReads = map[string]string{
	"internal/gen/emit/openapi/schema.go: .Go": "x-enum-varnames gives OpenAPI's Go generators " +
		"(oapi-codegen) the Go target's constant names, so a client built from the fragments names the " +
		"values as the Go package does",
	"internal/gen/emit/openapi/schema.go: naming.GoName": "the same for a const's x-enum-varnames",
}

// goLayerReadsIn lists, per file of the package in dir, what it reads of the Go layer: selectors
// named Go, and naming.GoName, the Go spelling of a JSON name.
func goLayerReadsIn(t *testing.T, pkg string) map[string]bool {
	t.Helper()
	found := map[string]bool{}
	for _, at := range namesIn(t, filepath.Join("..", pkg), func(n ast.Node) []string {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == "naming" && sel.Sel.Name == "GoName" {
			return []string{"naming.GoName"}
		}
		if sel.Sel.Name == "Go" {
			return []string{"." + sel.Sel.Name}
		}
		return nil
	}) {
		// namesIn gives "dir/file.go:line:col: name"; the list is kept by file and name.
		pos, name, _ := strings.Cut(at, ": ")
		file := strings.TrimPrefix(filepath.ToSlash(pos[:strings.Index(pos, ".go:")+3]), "../")
		found[file+": "+name] = true
	}
	return found
}

// TestNeutralTargetsReadNoGoLayer holds the boundary between the neutral IR and its Go layer.
func TestNeutralTargetsReadNoGoLayer(t *testing.T) {
	seen := map[string]bool{}
	graph := imports(t)
	for _, pkg := range neutralTargets {
		for read := range goLayerReadsIn(t, pkg) {
			seen[read] = true
			if _, ok := goLayerReads[read]; !ok {
				t.Errorf("%s reads the IR's Go layer; name the thing from the neutral IR, or list the read with its reason in goLayerReads", read)
			}
		}
		for _, imp := range graph[pkg] {
			if slices.Contains(goEmitters, imp) {
				t.Errorf("%s imports the Go emitter %s, which reads the Go layer for it", pkg, imp)
			}
		}
	}
	for read := range goLayerReads {
		if !seen[read] {
			t.Errorf("goLayerReads lists %q, which no longer happens; delete its line", read)
		}
	}
}

// TestGoLayerCheckBites shows the check finds the Go layer where it is read, in the Go emitters.
func TestGoLayerCheckBites(t *testing.T) {
	reads := goLayerReadsIn(t, "internal/gen/emit/gotypes")
	if !reads["internal/gen/emit/gotypes/decl.go: .Go"] {
		t.Errorf("the check finds no Go-layer read in gotypes/decl.go; found %v", reads)
	}
}
