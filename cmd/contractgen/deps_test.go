package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBinaryLeavesOutTheReferenceValidator keeps the reference validator and what it drags in
// out of the contractgen binary: santhosh-tekuri/jsonschema compiles five drafts' metaschemas in
// its package init (about 10 ms of every run) and links golang.org/x/text. contractgen checks
// schemas with its own interpreter (internal/gen/schemacheck); the reference stays in tests.
// Standard-library packages are left out of the search: net/http vendors its own copy of
// golang.org/x/text under vendor/.
func TestBinaryLeavesOutTheReferenceValidator(t *testing.T) {
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
		for _, banned := range []string{"github.com/santhosh-tekuri/", "golang.org/x/text"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("the contractgen binary links %s", dep)
			}
		}
	}
}
