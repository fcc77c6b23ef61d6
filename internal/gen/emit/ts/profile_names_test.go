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
	set, err := load.Files([]string{filepath.Join(repoRoot, "testdata", "golden", "profile-second-contract", "service-fault.schema.json")})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "servicefault", Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		t.Fatal(err)
	}
	files, err := Emit(pkg)
	if err != nil {
		t.Fatal(err)
	}
	module := string(files[0].Bytes)
	if !strings.Contains(module, "super(contract.detail);") {
		t.Errorf("the Error class does not pass the detail member to super")
	}
	if !strings.Contains(module, `_meta`) || !strings.Contains(module, `"example.com/fault"`) {
		t.Errorf("the module lacks the contract's MCP _meta key")
	}
	out := filepath.Join(t.TempDir(), "servicefault.ts")
	if err := os.WriteFile(out, files[0].Bytes, 0o644); err != nil {
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
	root := &ir.Named{Fields: []*ir.Field{{Name: "error-text", Type: &ir.GoType{Kind: ir.GoString}}}}
	if got := errorMessage(root, "error-text"); got != `contract["error-text"]` {
		t.Errorf("errorMessage = %s, want contract[\"error-text\"]", got)
	}
	if got := errorMessage(root, "message"); got != "JSON.stringify(contract)" {
		t.Errorf("errorMessage without the member = %s, want the JSON", got)
	}
}
