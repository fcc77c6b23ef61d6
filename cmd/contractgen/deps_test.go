package main

import (
	"os/exec"
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
	{"github.com/goccy/go-yaml", "came only with go-jsonschema"},
	{"dario.cat/mergo", "came only with go-jsonschema"},
	{"github.com/go-viper/mapstructure", "only the code go-jsonschema generates (the benchmark peer) calls it"},
}
