// Package internal_test holds the layering test: contractgen's packages import one another only in
// the directions docs/design/layout.md draws (load → build → emit → write; each stage knows only
// the one before it).
package internal_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/contractgen/contractgen/"

// Groups of packages that rules name together.
var (
	// foundation is plain data and helpers every stage may use; it imports only itself.
	// schemaref is the one $ref resolver, shared by load (and so build) and compat.
	// keywords is the one table of JSON Schema keywords that the stages read.
	foundation = []string{"internal/gen/diag", "internal/gen/jsontree", "internal/gen/jsonpointer",
		"internal/gen/naming", "internal/gen/ir", "internal/gen/schemaref", "internal/gen/keywords"}
	// goEmitShared is what the Go emitters share: the File type and header, the text writer and
	// the Go spelling of IR types.
	goEmitShared = []string{"internal/gen/emit", "internal/gen/emit/gosrc", "internal/gen/emit/gotypes"}
	// runtime is what generated packages import (the module cgruntime) or carry (its derived
	// copy in templates); emitters print code for it, and it imports nothing.
	runtime = []string{"cgruntime", "internal/templates", "internal/templates/goruntime"}
	// runtimeModule is the runtime module alone: a leaf that imports nothing, whose interpreter
	// contractgen's own schema checks run on, as generated packages do.
	runtimeModule = []string{"cgruntime"}
)

// rule says which packages a package may import (module packages only; the standard library and
// other modules are the business of cmd/contractgen's dependency test). The first rule whose
// pattern matches a package applies; "x/..." matches x and every package below it. A package
// that no rule matches fails the test, so a new package must be given its place.
type rule struct {
	pattern string
	allowed [][]string
}

var rules = []rule{
	// Output: generated code imports nothing of the generator, only the runtime module (or, with
	// --runtime inline, nothing beyond the standard library).
	{"generated/...", [][]string{runtimeModule}},
	{"internal/templates/...", nil},
	{"cgruntime", nil},
	{"bench/synth", nil},
	{"internal", nil}, // this test's own package

	// The stages.
	{"internal/gen/diag", [][]string{foundation}},
	{"internal/gen/jsontree", [][]string{foundation}},
	{"internal/gen/jsonpointer", [][]string{foundation}},
	{"internal/gen/naming", [][]string{foundation}},
	{"internal/gen/ir", [][]string{foundation}},
	{"internal/gen/schemaref", [][]string{foundation}},
	{"internal/gen/keywords", [][]string{foundation}},
	{"internal/gen/schemacheck/schemachecktest", [][]string{{"..."}}}, // test support: the reference validator
	// The ECMAScript regex engine for the patterns RE2 cannot run; it compiles through the runtime's
	// pattern translation.
	{"internal/gen/ecmaregexp", [][]string{runtimeModule}},
	{"internal/gen/schemacheck/...", [][]string{foundation, runtimeModule, {"internal/gen/ecmaregexp"}}},
	{"internal/gen/load", [][]string{foundation, {"internal/gen/schemacheck"}}},
	// A profile's interfaces, which build calls; the profiles themselves read their vocabulary
	// (checked against its schema) and the IR, and never the core's stages beyond load.
	{"internal/gen/profile", [][]string{foundation, {"internal/gen/load"}}},
	// The agent-error contract's compat rules: compat.Profile over the profile's words.
	{"internal/gen/profile/errorcontract/compatrules", [][]string{foundation, {"internal/gen/compat", "internal/gen/profile/errorcontract"}}},
	{"internal/gen/profile/...", [][]string{foundation, runtimeModule, {"internal/gen/load", "internal/gen/schemacheck", "internal/gen/profile"}}},
	{"internal/gen/build", [][]string{foundation, runtimeModule, {"internal/gen/load", "internal/gen/profile", "internal/gen/ecmaregexp"}}},
	{"internal/gen/emit", [][]string{foundation, runtime, {"internal/gen/emit/gosrc"}}},
	{"internal/gen/emit/gosrc", [][]string{foundation}},
	// The one lowering of the schemas to the runtime's validation table, which the Go, TypeScript
	// and Rust targets print, validate runs and tablegen writes.
	{"internal/gen/lower", [][]string{foundation, runtimeModule}},
	{"internal/gen/emit/...", [][]string{foundation, runtime, goEmitShared, {"internal/gen/lower", "internal/gen/profile/..."}}},
	// run also holds validate's entry point, which runs lower's table on the interpreter
	// generated packages carry.
	{"internal/gen/run", [][]string{foundation, runtime, {"internal/gen/load", "internal/gen/build", "internal/gen/lower", "internal/gen/profile/...", "internal/gen/emit/...", "internal/gen/ecmaregexp"}}},
	{"internal/gen/write", [][]string{foundation, {"internal/gen/emit"}}},
	// compat reads multi-file schemas through the loader, as generate does; a profile's words come
	// to it through compat.Profile, from the profile's compat rules, which read the profile.
	{"internal/gen/compat", [][]string{foundation, {"internal/gen/load"}}},
	{"internal/cli", [][]string{foundation, runtimeModule, {"internal/gen/run", "internal/gen/write", "internal/gen/compat", "internal/gen/profile/errorcontract/compatrules", "internal/gen/emit", "internal/gen/load"}}},
	{"cmd/...", [][]string{{"internal/cli"}}},

	// tablegen writes lower's table of a schema as a Go literal; it prints no target's code, so it
	// reads no emitter but the Go writer.
	{"internal/tools/tablegen", [][]string{foundation, runtimeModule, {"internal/gen/load", "internal/gen/build", "internal/gen/lower", "internal/gen/emit/gosrc"}}},
	// Generator tools drive the pipeline from outside it.
	{"internal/tools/...", [][]string{runtimeModule, {"internal/gen/...", "internal/templates/...", "internal/tools/..."}}},

	// Test support imports what it tests.
	{"internal/conformance", [][]string{{"..."}}},
	{"internal/openapitest", [][]string{{"..."}}},
	{"internal/generatedtest", [][]string{{"..."}}},
	{"internal/testmod", [][]string{{"internal/gen/emit"}}},                                               // test support: throwaway modules, the runtime's importer
	{"internal/gen/lower/lowertest", [][]string{runtimeModule}},                                           // test support: the runtime's node one field at a time
	{"internal/gen/build/buildtest", [][]string{foundation, {"internal/gen/load", "internal/gen/build"}}}, // test support: the IR of schemas written as strings
	{"internal/sharedtest", nil},                                                                          // test support: where ../shared is, and what its absence means
}

// knownExceptions are imports against the picture that are tolerated, each with its reason. The
// test fails on any edge not allowed and not listed here, and on a listed edge that no longer
// exists (delete its line), so the list is exactly what remains.
var knownExceptions = map[[2]string]string{}

// matches reports whether pkg (module-relative) matches pattern.
func matches(pattern, pkg string) bool {
	if pattern == "..." {
		return true
	}
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

func ruleFor(pkg string) (rule, bool) {
	for _, r := range rules {
		if matches(r.pattern, pkg) {
			return r, true
		}
	}
	return rule{}, false
}

// allows reports whether the rule lets a package import dep.
func (r rule) allows(dep string) bool {
	for _, group := range r.allowed {
		for _, p := range group {
			if matches(p, dep) {
				return true
			}
		}
	}
	return false
}

// imports lists every package of the main module with the module packages it imports (its
// non-test Go files; tests may import more to test).
func imports(t *testing.T) map[string][]string {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go command is needed to list the module's imports: ", err)
	}
	cmd := exec.Command(goCmd, "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \",\"}}\t{{join .Imports \" \"}}", module+"...")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	graph := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		fields := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(fields) != 4 || !strings.HasPrefix(fields[0], module) {
			continue
		}
		// Read every source file go list names: go test caches a result by the files a test
		// opens, and not by what a command it runs reads, so without this an edited import
		// would be judged by a cached pass.
		for _, name := range strings.Split(fields[2], ",") {
			if name == "" {
				continue
			}
			if _, err := os.ReadFile(filepath.Join(fields[1], name)); err != nil {
				t.Fatal(err)
			}
		}
		pkg := strings.TrimPrefix(fields[0], module)
		graph[pkg] = []string{}
		for _, dep := range strings.Fields(fields[3]) {
			if rel, ok := strings.CutPrefix(dep, module); ok {
				graph[pkg] = append(graph[pkg], rel)
			}
		}
	}
	return graph
}

// TestLayers fails when a package imports one the layer picture forbids.
func TestLayers(t *testing.T) {
	graph := imports(t)
	for _, must := range []string{"internal/gen/load", "internal/gen/build", "internal/gen/run", "internal/cli", "cmd/contractgen"} {
		if _, ok := graph[must]; !ok {
			t.Fatalf("go list did not name %s; listed %d packages", must, len(graph))
		}
	}
	seen := map[[2]string]bool{}
	pkgs := make([]string, 0, len(graph))
	for pkg := range graph {
		pkgs = append(pkgs, pkg)
	}
	slices.Sort(pkgs)
	for _, pkg := range pkgs {
		r, ok := ruleFor(pkg)
		if !ok {
			t.Errorf("%s has no place in the layer table of internal/layers_test.go: add a rule", pkg)
			continue
		}
		for _, dep := range graph[pkg] {
			edge := [2]string{pkg, dep}
			if _, known := knownExceptions[edge]; known {
				seen[edge] = true
				continue
			}
			if !r.allows(dep) {
				t.Errorf("%s imports %s, which its layer (%s) may not; see docs/design/layout.md", pkg, dep, r.pattern)
			}
		}
	}
	for edge, why := range knownExceptions {
		if !seen[edge] {
			t.Errorf("known exception %s → %s (%s) is gone: delete it from knownExceptions", edge[0], edge[1], why)
		}
	}
}

// TestLayerRulesBite proves the table can fail: edges that run back up are refused.
func TestLayerRulesBite(t *testing.T) {
	for _, edge := range [][2]string{
		{"internal/gen/load", "internal/gen/build"},
		{"internal/gen/load", "internal/templates/goruntime"},
		{"internal/gen/schemacheck", "internal/templates/goruntime"},
		{"cgruntime", "internal/gen/diag"},
		{"internal/gen/jsontree", "internal/gen/load"},
		{"internal/gen/schemaref", "internal/gen/load"},
		{"internal/gen/compat", "internal/gen/build"},
		{"internal/gen/build", "internal/gen/emit"},
		{"internal/gen/emit/gotypes", "internal/gen/build"},
		{"internal/gen/emit/ts", "internal/gen/emit/goconstruct"},
		{"internal/gen/write", "internal/gen/run"},
		{"internal/gen/schemacheck", "internal/gen/load"},
		{"internal/gen/schemacheck", "internal/tools/tablegen"},
		{"generated/agenterror", "internal/templates/goruntime"},
		{"cmd/contractgen", "internal/gen/run"},
		{"internal/cli", "internal/tools/tablegen"},
		{"internal/cli", "internal/gen/schemacheck"},
		{"internal/cli", "internal/gen/build"},
		{"internal/cli", "internal/gen/emit/govalidate"},
		{"internal/cli", "internal/templates/goruntime"},
		{"internal/gen/emit/ts", "internal/gen/emit/govalidate"},
		{"internal/gen/lower", "internal/gen/emit"},
		{"internal/gen/lower", "internal/gen/emit/govalidate"},
		{"internal/tools/tablegen", "internal/gen/emit/govalidate"},
		{"internal/tools/tablegen", "internal/gen/emit/ts"},
	} {
		r, ok := ruleFor(edge[0])
		if !ok {
			t.Errorf("no rule for %s", edge[0])
			continue
		}
		if r.allows(edge[1]) {
			t.Errorf("the table allows %s → %s", edge[0], edge[1])
		}
	}
	for _, edge := range [][2]string{
		{"internal/gen/build", "internal/gen/load"},
		{"internal/gen/compat", "internal/gen/schemaref"},
		{"internal/gen/load", "internal/gen/schemaref"},
		{"internal/gen/run", "internal/gen/emit/openapi"},
		{"internal/gen/emit/govalidate", "internal/gen/emit/gotypes"},
		{"internal/gen/emit/ts", "internal/gen/lower"},
		{"internal/gen/emit/govalidate", "internal/gen/lower"},
		{"internal/tools/tablegen", "internal/gen/build"},
		{"internal/tools/tablegen", "internal/gen/lower"},
		{"internal/gen/run", "internal/gen/lower"},
		{"internal/gen/emit/rust", "internal/gen/lower"},
	} {
		if r, _ := ruleFor(edge[0]); !r.allows(edge[1]) {
			t.Errorf("the table refuses %s → %s", edge[0], edge[1])
		}
	}
}
