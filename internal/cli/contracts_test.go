package cli_test

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/exp/apidiff"

	"github.com/contractgen/contractgen/internal/testmod"
)

var update = flag.Bool("update", false, "rewrite the golden output of testdata/contracts/*/golden")

// contractVersion is one version of the contract fixture and where its golden Go package lives.
type contractVersion struct {
	name  string // directory under testdata/contracts
	goDir string // Go package directory under the version's golden/ directory
}

// A breaking version moves to a new major package directory, agenterror/v2, keeping the package
// name agenterror, as a Go module would move to a /v2 import path.
var contractVersions = []contractVersion{
	{"v1", "agenterror"},
	{"v1.1", "agenterror"},
	{"v2", "agenterror/v2"},
}

// goldenArgs are the flags that produce a version's golden output, with paths relative to the
// repository root so that the recorded schema path does not depend on where the test runs.
func goldenArgs(v contractVersion) []string {
	base := "testdata/contracts/" + v.name
	return []string{"--schema", base + "/agent-error.schema.json", "--out", base + "/golden",
		"--package", "agenterror", "--go-dir", v.goDir, "--targets", "go"}
}

// TestContractVersionsRegenerate requires each contract version to regenerate its golden Go
// package byte for byte, using check itself; a missing golden file is drift like any other.
// Run with -update to rewrite the golden files after a deliberate change.
func TestContractVersionsRegenerate(t *testing.T) {
	t.Chdir(checkoutRoot(t))
	for _, v := range contractVersions {
		t.Run(v.name, func(t *testing.T) {
			if *update {
				if code, _, stderr := runCLI(t, append([]string{"generate", "--quiet"}, goldenArgs(v)...)...); code != 0 {
					t.Fatalf("generate exited %d: %s", code, stderr)
				}
			}
			code, stdout, stderr := runCLI(t, append([]string{"check"}, goldenArgs(v)...)...)
			if code != 0 {
				t.Errorf("golden output of %s is out of date (exit %d); run go test ./internal/cli -run TestContractVersions -update\n%s%s",
					v.name, code, stdout, stderr)
			}
		})
	}
}

// loadGolden type-checks a version's golden package from source under the given import path.
func loadGolden(t *testing.T, root string, v contractVersion, path string) *types.Package {
	t.Helper()
	dir := filepath.Join(root, "testdata", "contracts", v.name, "golden", filepath.FromSlash(v.goDir))
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files in %s (%v)", dir, err)
	}
	var files []*ast.File
	for _, name := range names {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: testmod.RuntimeImporter(t)}
	pkg, err := conf.Check(path, fset, files, nil)
	if err != nil {
		t.Fatalf("type-checking the %s golden package: %v", v.name, err)
	}
	return pkg
}

// hashChange is the one incompatible finding that every schema edit produces by design: the
// ContractHash constant identifies the exact schema and options, so its value must change, and
// apidiff counts any changed constant value as incompatible (it could size an array).
const hashChange = "ContractHash: value changed from "

// apiChanges runs apidiff and splits its findings, setting the ContractHash value change aside.
func apiChanges(oldPkg, newPkg *types.Package) (compatible, incompatible []string) {
	for _, c := range apidiff.Changes(oldPkg, newPkg).Changes {
		switch {
		case strings.HasPrefix(c.Message, hashChange):
		case c.Compatible:
			compatible = append(compatible, c.Message)
		default:
			incompatible = append(incompatible, c.Message)
		}
	}
	return compatible, incompatible
}

func containsPrefix(list []string, prefix string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

// TestContractVersionsGoAPI runs golang.org/x/exp/apidiff on the generated packages: the additive
// v1 -> v1.1 step must change the Go API only compatibly, while the breaking step to v2 must show
// incompatible changes (which is why v2 lives in a new major package).
func TestContractVersionsGoAPI(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is needed to import the standard library's export data: ", err)
	}
	root := checkoutRoot(t)
	const path = "example.com/contracts/agenterror"
	v1 := loadGolden(t, root, contractVersions[0], path)
	v11 := loadGolden(t, root, contractVersions[1], path)
	v2 := loadGolden(t, root, contractVersions[2], path+"/v2")

	compatible, incompatible := apiChanges(v1, v11)
	if len(incompatible) > 0 {
		t.Errorf("v1 -> v1.1 is additive but changes the Go API incompatibly:\n  %s", strings.Join(incompatible, "\n  "))
	}
	for _, want := range []string{"InputViolation: added", "AgentError.Violations: added", "AgentError.CorrelationID: added"} {
		if !containsPrefix(compatible, want) {
			t.Errorf("v1 -> v1.1: apidiff did not report %q; compatible changes:\n  %s", want, strings.Join(compatible, "\n  "))
		}
	}

	for _, step := range []struct {
		name     string
		old, new *types.Package
	}{{"v1 -> v2", v1, v2}, {"v1.1 -> v2", v11, v2}} {
		_, incompatible := apiChanges(step.old, step.new)
		if !containsPrefix(incompatible, "SameArgumentsDiscouraged: removed") {
			t.Errorf("%s renames same_arguments discouraged, but apidiff finds no removed constant; incompatible changes:\n  %s",
				step.name, strings.Join(incompatible, "\n  "))
		}
	}
}
