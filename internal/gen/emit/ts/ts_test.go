package ts

import (
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

var repoRoot, _ = filepath.Abs("../../../..")

// buildIR loads the contract from the repository root, as contractgen generate does, so the
// node origins in the table read the same as in the committed module.
func buildIR(t *testing.T) *ir.Package {
	t.Helper()
	t.Chdir(repoRoot)
	set, err := load.Files([]string{"docs/contracts/schemas/agent-error.schema.json"})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "agenterror", Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// TestGolden compares the module with testdata/agenterror.ts; -update rewrites it. tests/ts
// type-checks and runs the committed copy in generated/ts with tsc and node.
func TestGolden(t *testing.T) {
	goldenPath, _ := filepath.Abs("testdata/agenterror.ts")
	files, err := Emit(buildIR(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != "agenterror.ts" {
		t.Fatalf("Emit returned %v, want one agenterror.ts", files)
	}
	got := string(files[0].Bytes)
	if !strings.HasPrefix(got, "// "+emit.Header+"\n") {
		t.Errorf("the module does not start with the generated-code header")
	}
	if *update {
		if err := os.WriteFile(goldenPath, files[0].Bytes, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("agenterror.ts differs from the golden file (-want +got):\n%s", diff)
	}
}

// TestNoImports pins that the module stands alone: no import, require or Node global.
func TestNoImports(t *testing.T) {
	files, err := Emit(buildIR(t))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(files[0].Bytes), "\n") {
		code := strings.TrimSpace(line)
		if strings.HasPrefix(code, "//") || strings.HasPrefix(code, "*") || strings.HasPrefix(code, "/*") {
			continue
		}
		if strings.HasPrefix(code, "import ") {
			t.Errorf("line %d imports: %s", i+1, line)
		}
		for _, global := range []string{"require(", "process.", "Buffer.", "structuredClone(", "window.", "document."} {
			if strings.Contains(code, global) {
				t.Errorf("line %d uses %q, which not every sandbox has: %s", i+1, global, line)
			}
		}
	}
}

// TestRejectsUnsupportedKeyword makes sure a schema the TypeScript validator cannot check fully
// fails generation with the node's origin and the keyword, instead of validating more loosely.
func TestRejectsUnsupportedKeyword(t *testing.T) {
	pkg := buildIR(t)
	kind := pkg.Roots[0].Fields[1].Schema
	kind.PropertyNames = &ir.Schema{Origin: "x#/propertyNames"}
	_, err := Emit(pkg)
	if err == nil || !strings.Contains(err.Error(), kind.Origin+": the TypeScript target does not support propertyNames") {
		t.Fatalf("err = %v, want the propertyNames keyword named at %s", err, kind.Origin)
	}
}

// TestRejectsNameCollision covers a schema type whose name the module already uses.
func TestRejectsNameCollision(t *testing.T) {
	pkg := buildIR(t)
	for _, n := range pkg.Types {
		if n.Name == "Recovery" {
			n.Name = "Violation"
		}
	}
	_, err := Emit(pkg)
	if err == nil || !strings.Contains(err.Error(), "TypeScript name Violation is already taken") {
		t.Fatalf("err = %v, want a collision on Violation", err)
	}
}

func TestTypeOfSchemas(t *testing.T) {
	tru, fls := true, false
	str := &ir.Schema{Types: []string{"string"}}
	cases := []struct {
		s    *ir.Schema
		want string
	}{
		{nil, "unknown"},
		{&ir.Schema{Bool: &tru}, "unknown"},
		{&ir.Schema{Bool: &fls}, "never"},
		{&ir.Schema{Types: []string{"integer", "null"}}, "number | null"},
		{&ir.Schema{Types: []string{"integer", "number"}}, "number"},
		{&ir.Schema{Types: []string{"array"}, Items: str}, "(string)[]"},
		{&ir.Schema{Types: []string{"object"}, AdditionalProperties: str}, "{ [member: string]: string }"},
		{&ir.Schema{Types: []string{"object"}, Properties: []*ir.Property{{Name: "a-b", Schema: str}}, Required: []string{"a-b"},
			AdditionalProperties: &ir.Schema{Bool: &fls}}, `{ "a-b": string }`},
		{&ir.Schema{Enum: []ir.Value{{JSON: []byte(`"x"`), Decoded: "x"}}}, `"x" | (string & {})`},
	}
	for _, c := range cases {
		if got := tsType(c.s, nil); got != c.want {
			t.Errorf("tsType = %s, want %s", got, c.want)
		}
	}
}
