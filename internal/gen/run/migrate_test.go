package run_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/run"
	"github.com/contractgen/contractgen/internal/testmod"
)

// migrateDir holds schemas in the spirit of go-jsonschema's test suite, one per use of an
// extension, and expect.json: the Go shape (field type and tags) each asks for, or the error.
const migrateDir = "../../../testdata/gojsonschema"

type migrateExpect struct {
	Fields map[string]struct {
		Type string            `json:"type"`
		Tags map[string]string `json:"tags"`
	} `json:"fields"`
	Error string `json:"error"`
}

// TestGoJSONSchemaMigration generates every fixture, checks each field's Go type and struct tags
// in the generated source (go/ast), and builds and vets the packages that generate.
func TestGoJSONSchemaMigration(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(migrateDir, "expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	var expect map[string]migrateExpect
	if err := json.Unmarshal(data, &expect); err != nil {
		t.Fatal(err)
	}
	schemas, _ := filepath.Glob(filepath.Join(migrateDir, "*.schema.json"))
	if len(schemas) != len(expect) {
		t.Fatalf("%d fixtures but %d entries in expect.json: every fixture needs its expectation", len(schemas), len(expect))
	}
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(testmod.GoMod(t, "migratecheck")), 0o644); err != nil {
		t.Fatal(err)
	}
	built := 0
	for _, s := range schemas {
		name := filepath.Base(s)
		want, ok := expect[name]
		if !ok {
			t.Errorf("%s has no entry in expect.json", name)
			continue
		}
		pkg := strings.ToLower(strings.TrimSuffix(name, ".schema.json"))
		t.Run(name, func(t *testing.T) {
			t.Chdir(migrateDir)
			res, err := run.Run(run.Options{Schemas: []string{name}, Package: pkg, Targets: []string{"go"}, GoDir: pkg})
			if want.Error != "" {
				if err == nil || !strings.Contains(err.Error(), want.Error) {
					t.Fatalf("error %v, want one containing %q", err, want.Error)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var types []byte
			for _, f := range res.Files {
				if f.Path == pkg+"/types.go" {
					types = f.Bytes
				}
				dst := filepath.Join(mod, filepath.FromSlash(f.Path))
				if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(dst, f.Bytes, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got := fieldShapes(t, types)
			for field, w := range want.Fields {
				g, ok := got[field]
				if !ok {
					t.Errorf("no field %s; fields: %v", field, keys(got))
					continue
				}
				if g.typ != w.Type {
					t.Errorf("%s: type %s, want %s", field, g.typ, w.Type)
				}
				for k, v := range w.Tags {
					if tv := g.tag.Get(k); tv != v {
						t.Errorf("%s: tag %s %q, want %q", field, k, tv, v)
					}
				}
			}
			built++
		})
	}
	if built == 0 || testing.Short() {
		return
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	for _, args := range [][]string{{"vet", "./..."}, {"build", "./..."}} {
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s on the generated packages failed: %v\n%s", args[0], err, out)
		}
	}
}

type fieldShape struct {
	typ string
	tag reflect.StructTag
}

// fieldShapes reads every struct field of a Go file: its type as written and its tag.
func fieldShapes(t *testing.T, src []byte) map[string]fieldShape {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "types.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]fieldShape{}
	ast.Inspect(file, func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok {
			return true
		}
		for _, f := range st.Fields.List {
			var b strings.Builder
			if err := printer.Fprint(&b, fset, f.Type); err != nil {
				t.Fatal(err)
			}
			var tag reflect.StructTag
			if f.Tag != nil {
				s, err := strconv.Unquote(f.Tag.Value)
				if err != nil {
					t.Fatal(err)
				}
				tag = reflect.StructTag(s)
			}
			for _, id := range f.Names {
				out[id.Name] = fieldShape{typ: b.String(), tag: tag}
			}
		}
		return true
	})
	return out
}

func keys(m map[string]fieldShape) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
