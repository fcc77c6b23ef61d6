package goconstruct_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit/goconstruct"
	"github.com/contractgen/contractgen/internal/gen/emit/gosurfaces"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"github.com/contractgen/contractgen/internal/gen/run"

	"github.com/contractgen/contractgen/internal/testmod"
)

func buildIR(t testing.TB, schema string) *ir.Package {
	t.Helper()
	set, err := load.Files([]string{schema})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "agenterror", Profiles: []profile.Profile{errorcontract.Profile{}}})
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
			if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(testmod.GoMod(t, "example.com/agenterror")), 0o644); err != nil {
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

// TestDocCommentsNameDeclaredKinds: a doc comment that shows a kind constant shows one the
// package declares, in every contract, not the bundled contract's.
func TestDocCommentsNameDeclaredKinds(t *testing.T) {
	kindWord := regexp.MustCompile(`\bKind[A-Z]\w*`)
	for _, schema := range []string{"../../../../docs/contracts/schemas/agent-error.schema.json",
		"../../../../testdata/golden/profile-second-contract/service-fault.schema.json"} {
		files, err := goconstruct.Emit(buildIR(t, schema))
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		declared := map[string]bool{}
		var parsed []*ast.File
		for _, f := range files {
			file, err := parser.ParseFile(fset, f.Path, f.Bytes, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			parsed = append(parsed, file)
			for _, d := range file.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil {
						declared[d.Name.Name] = true
					}
				case *ast.GenDecl:
					for _, spec := range d.Specs {
						switch s := spec.(type) {
						case *ast.TypeSpec:
							declared[s.Name.Name] = true
						case *ast.ValueSpec:
							for _, n := range s.Names {
								declared[n.Name] = true
							}
						}
					}
				}
			}
		}
		for _, file := range parsed {
			for _, group := range file.Comments {
				for _, name := range kindWord.FindAllString(group.Text(), -1) {
					if !declared[name] {
						t.Errorf("%s: %s: a comment names %s, which the package does not declare", filepath.Base(schema), fset.Position(group.Pos()), name)
					}
				}
			}
		}
	}
}
