package ts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// TestSecondContractMessageMember: the Error class passes the profile's message member to super,
// which the second contract calls detail; spelling "message" in the emitter would give it the
// contract's JSON instead. tsc --strict then type-checks the module, where tsc is installed.
func TestSecondContractMessageMember(t *testing.T) {
	module := profileModule(t, "profile-second-contract", "service-fault.schema.json", "servicefault")
	if !strings.Contains(module, "super(contract.detail);") {
		t.Errorf("the Error class does not pass the detail member to super")
	}
	if !strings.Contains(module, `_meta`) || !strings.Contains(module, `"example.com/fault"`) {
		t.Errorf("the module lacks the contract's MCP _meta key")
	}
	tscStrict(t, "servicefault.ts", module)
}

// TestNoWaitMember: the module of the second contract without a wait member
// (testdata/golden/profile-no-wait) names no wait member and no Retry-After, and tsc --strict
// type-checks it. The module has no retry code of its own, so this guards what the other targets
// had to fix.
func TestNoWaitMember(t *testing.T) {
	module := profileModule(t, "profile-no-wait", "no-wait.schema.json", "nowait")
	for _, bad := range []string{"retry_after", "Retry-After", "wait_ms", "retryAfter"} {
		if strings.Contains(module, bad) {
			t.Errorf("the module has %q", bad)
		}
	}
	if !strings.Contains(module, "super(contract.detail);") {
		t.Errorf("the Error class does not pass the detail member to super")
	}
	tscStrict(t, "nowait.ts", module)
}

// profileModule emits the TypeScript module of a golden case of the profile
// (testdata/golden/<dir>/<schema>).
func profileModule(t *testing.T, dir, schema, pkgName string) string {
	t.Helper()
	set, err := load.Files([]string{filepath.Join(repoRoot, "testdata", "golden", dir, schema)})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: pkgName, Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		t.Fatal(err)
	}
	files, err := Emit(pkg)
	if err != nil {
		t.Fatal(err)
	}
	return string(files[0].Bytes)
}

// tscStrict type-checks a module with tsc --strict and the flags tests/ts uses, where tsc is
// installed.
func tscStrict(t *testing.T, name, module string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(out, []byte(module), 0o644); err != nil {
		t.Fatal(err)
	}
	tsc := findTSC(t)
	args := []string{"--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess", "--noEmit", "--target", "es2020", "--lib", "es2020", out}
	if msg, err := exec.Command(tsc, args...).CombinedOutput(); err != nil {
		t.Errorf("tsc --strict: %v\n%s", err, msg)
	}
}

// TestMessageMemberAccess: a message member whose name is no identifier is read with brackets,
// as its interface declares it quoted.
func TestMessageMemberAccess(t *testing.T) {
	root := &ir.Named{Fields: []*ir.Field{{Name: "error-text", Type: &ir.Type{Kind: ir.TypeString}}}}
	if got := errorMessage(root, "error-text"); got != `contract["error-text"]` {
		t.Errorf("errorMessage = %s, want contract[\"error-text\"]", got)
	}
	if got := errorMessage(root, "message"); got != "JSON.stringify(contract)" {
		t.Errorf("errorMessage without the member = %s, want the JSON", got)
	}
}
