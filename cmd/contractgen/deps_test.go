package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBinaryLeavesOutUnusedDependencies keeps the reference validator and what it drags in
// out of the contractgen binary: santhosh-tekuri/jsonschema compiles five drafts' metaschemas in
// its package init (about 10 ms of every run) and links golang.org/x/text. contractgen checks
// schemas with its own interpreter (internal/gen/schemacheck); the reference stays in tests.
// Standard-library packages are left out of the search: net/http vendors its own copy of
// golang.org/x/text under vendor/.
func TestBinaryLeavesOutUnusedDependencies(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go command is needed to list the binary's packages: ", err)
	}
	readSources(t, goCmd)
	out, err := exec.Command(goCmd, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list named only %d packages: %q", len(deps), deps)
	}
	for _, dep := range deps {
		for _, banned := range banned {
			if strings.HasPrefix(dep, banned.prefix) {
				t.Errorf("the contractgen binary links %s: %s", dep, banned.why)
			}
		}
	}
}

// banned are the module path prefixes the binary must not link, and why (issue 14: the binary's
// dependency list holds only what something in it uses; docs/design/layout.md, "Dependencies",
// says what each remaining one is for).
var banned = []struct{ prefix, why string }{
	{"github.com/santhosh-tekuri/", "the reference validator stays in tests (see above)"},
	{"golang.org/x/text", "dragged in by the reference validator"},
	{"github.com/atombender/go-jsonschema", "go-jsonschema is the benchmark and differential peer, not part of the generator"},
	{"dario.cat/mergo", "came only with go-jsonschema"},
	{"github.com/go-viper/mapstructure", "only the code go-jsonschema generates (the benchmark peer) calls it"},
}

// linkedModules are the only modules besides contractgen whose packages the binary may link, each
// with what it is for (docs/design/layout.md, "Dependencies", says the same). A new dependency
// of the binary must be added here and there, with its reason.
var linkedModules = map[string]string{
	"github.com/spf13/cobra":                       "the command line: commands, flags, help and completion",
	"github.com/spf13/pflag":                       "cobra's POSIX flags",
	"github.com/rogpeppe/go-internal":              "check's drift diffs (package diff, the Go toolchain's anchored diff)",
	"github.com/goccy/go-yaml":                     "YAML schemas (.yaml/.yml), read with key order and line/column kept",
	"github.com/contractgen/contractgen/cgruntime": "the runtime module: the schema interpreter the metaschema and vocabulary checks run on",
	"github.com/dlclark/regexp2":                   "ECMAScript patterns RE2 cannot run (lookaround, backreferences), with a match time limit",
}

// TestBinaryLinksOnlyListedModules fails when the binary links a module that linkedModules does
// not list, and when a listed module is no longer linked (delete its line and its docs entry).
func TestBinaryLinksOnlyListedModules(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go command is needed to list the binary's packages: ", err)
	}
	readSources(t, goCmd)
	out, err := exec.Command(goCmd, "list", "-deps", "-f", "{{if not .Standard}}{{with .Module}}{{.Path}}{{end}}{{end}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	linked := map[string]bool{}
	for _, m := range strings.Fields(string(out)) {
		linked[m] = true
	}
	if !linked["github.com/contractgen/contractgen"] {
		t.Fatalf("go list did not name contractgen's own module: %q", out)
	}
	delete(linked, "github.com/contractgen/contractgen")
	for m := range linked {
		if _, ok := linkedModules[m]; !ok {
			t.Errorf("the binary links module %s, which linkedModules does not list: say what it is for, or drop it", m)
		}
	}
	for m, why := range linkedModules {
		if !linked[m] {
			t.Errorf("linkedModules lists %s (%s), which the binary no longer links", m, why)
		}
	}
}

// readSources reads go.mod and every non-standard source file the binary is built from: go test
// caches a result by the files a test opens, not by what the go command it runs reads, so without
// this a new import or requirement would be judged by a cached pass.
func readSources(t *testing.T, goCmd string) {
	t.Helper()
	out, err := exec.Command(goCmd, "list", "-deps", "-f", "{{if not .Standard}}{{.Dir}}\t{{join .GoFiles \",\"}}{{end}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	files := []string{filepath.Join("..", "..", "go.mod")}
	for line := range strings.Lines(string(out)) {
		dir, names, ok := strings.Cut(strings.TrimSpace(line), "\t")
		if !ok {
			continue
		}
		for name := range strings.SplitSeq(names, ",") {
			files = append(files, filepath.Join(dir, name))
		}
	}
	for _, f := range files {
		if _, err := os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
}
