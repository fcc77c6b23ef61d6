package goconstruct_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit/goconstruct"
	"github.com/contractgen/contractgen/internal/gen/emit/gosurfaces"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/run"
)

func buildIR(t testing.TB, schema string) *ir.Package {
	t.Helper()
	set, err := load.Files([]string{schema})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "agenterror"})
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// TestNoCatalogEmitsNothing checks that a schema without x-catalog gets no constructors or surfaces.
func TestNoCatalogEmitsNothing(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "plain.schema.json")
	if err := os.WriteFile(schema, []byte(`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"message":{"type":"string"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	pkg := buildIR(t, schema)
	for name, emit := range map[string]func(*ir.Package) (int, error){
		"goconstruct": func(p *ir.Package) (int, error) { f, err := goconstruct.Emit(p); return len(f), err },
		"gosurfaces":  func(p *ir.Package) (int, error) { f, err := gosurfaces.Emit(p); return len(f), err },
	} {
		if n, err := emit(pkg); n != 0 || err != nil {
			t.Errorf("%s: %d files, error %v; want none", name, n, err)
		}
	}
}

// TestUnsuitableContractsAreNamed breaks the v1 IR in the ways Analyze must refuse and checks that
// each error names the file and the JSON pointer of the offending schema.
func TestUnsuitableContractsAreNamed(t *testing.T) {
	cases := map[string]struct {
		mutate func(*ir.Package)
		want   string
	}{
		"kind not required": {func(p *ir.Package) { field(p, "kind").Required = false },
			`agent-error.schema.json#: constructors: the catalog fills in the required member "kind"`},
		"message not a string": {func(p *ir.Package) { field(p, "message").Type = &ir.GoType{Kind: ir.GoInt64} },
			"agent-error.schema.json#/properties/message: constructors: message must be a string"},
		"required object member": {func(p *ir.Package) {
			f := field(p, "evidence")
			f.Required = true
		}, `agent-error.schema.json#/properties/evidence: constructors: constructors cannot fill the required member "evidence"`},
		"no hints for a relaxing kind": {func(p *ir.Package) { field(p, "safety").Type = &ir.GoType{Kind: ir.GoAny} },
			"agent-error.schema.json#/x-catalog: constructors: a kind sets hint_relaxes"},
		"catalog value outside the enum": {func(p *ir.Package) { p.Catalog.Kinds[0].Origin = "galaxy" },
			`agent-error.schema.json#/x-catalog/kinds/ambiguous_tool/origin: constructors: "galaxy" is not a value of the enum Origin`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			pkg := buildIR(t, contractSchema)
			c.mutate(pkg)
			_, err := goconstruct.Emit(pkg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v\nwant one containing %q", err, c.want)
			}
		})
	}
}

func field(p *ir.Package, name string) *ir.Field {
	for _, r := range p.Roots {
		for _, f := range r.Fields {
			if f.Name == name {
				return f
			}
		}
	}
	panic("no member " + name)
}

// TestOtherContractVersionsCompile generates the whole Go package for the v1.1 contract (new
// optional members, one an array of a new type) and the v2 contract (a new required member, a
// renamed enum value) and has the Go toolchain vet it.
func TestOtherContractVersionsCompile(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is needed to compile generated code:", err)
	}
	for _, version := range []string{"v1.1", "v2"} {
		t.Run(version, func(t *testing.T) {
			res, err := run.Run(run.Options{Schemas: []string{"../../../../testdata/contracts/" + version + "/agent-error.schema.json"},
				Package: "agenterror", Targets: []string{"go"}, GoDir: "."})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			var names []string
			for _, f := range res.Files {
				names = append(names, f.Path)
				if err := os.WriteFile(filepath.Join(dir, f.Path), f.Bytes, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if !slices.Contains(names, "construct.go") || !slices.Contains(names, "surfaces.go") {
				t.Fatalf("files %v lack construct.go or surfaces.go", names)
			}
			if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/agenterror\n\ngo 1.24\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("go", "vet", ".")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go vet: %v\n%s", err, out)
			}
			construct, _ := os.ReadFile(filepath.Join(dir, "construct.go"))
			if version == "v2" && !strings.Contains(string(construct), "func NewTimeout(traceID, message string, opts ...Option) *AgentError") {
				t.Error("v2's required trace_id is not a constructor parameter")
			}
			if version == "v1.1" && !strings.Contains(string(construct), "func WithViolations(") {
				t.Error("v1.1's violations member has no option")
			}
		})
	}
}
