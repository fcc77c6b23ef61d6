package run

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/testmod"
)

const contractSchema = "../../../docs/contracts/schemas/agent-error.schema.json"

// goImports lists the import paths of every Go file of a result.
func goImports(t *testing.T, res *Result) map[string][]string {
	t.Helper()
	imports := map[string][]string{}
	for _, f := range res.Files {
		if !strings.HasSuffix(f.Path, ".go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Bytes, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		for _, imp := range file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			imports[f.Path] = append(imports[f.Path], path)
		}
	}
	return imports
}

// buildIn writes the result's files into a new module with goMod and runs go vet there; it
// returns the module's directory.
func buildIn(t *testing.T, res *Result, goMod string) string {
	t.Helper()
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(goMod), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		p := filepath.Join(mod, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Bytes, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet in a consumer module: %v\n%s", err, out)
	}
	return mod
}

// TestInlineRuntimeImportsOnlyTheStandardLibrary: with --runtime inline the contract's package
// carries the runtime and builds in a module that requires nothing.
func TestInlineRuntimeImportsOnlyTheStandardLibrary(t *testing.T) {
	res, err := Run(Options{Schemas: []string{contractSchema}, Package: "agenterror", Targets: []string{"go"}, InlineRuntime: true})
	if err != nil {
		t.Fatal(err)
	}
	for file, paths := range goImports(t, res) {
		for _, p := range paths {
			if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") {
				t.Errorf("%s imports %s: inline output must use the standard library only", file, p)
			}
		}
	}
	if testing.Short() {
		return
	}
	buildIn(t, res, "module example.com/inline\n\ngo 1.24\n")
}

// TestImportedRuntimeBuildsInAConsumerModule: by default the contract's package imports the
// runtime module, copies none of it, and builds in a consumer module that requires the module
// (here from this checkout).
func TestImportedRuntimeBuildsInAConsumerModule(t *testing.T) {
	res, err := Run(Options{Schemas: []string{contractSchema}, Package: "agenterror", Targets: []string{"go"}})
	if err != nil {
		t.Fatal(err)
	}
	importing := 0
	for file, paths := range goImports(t, res) {
		for _, p := range paths {
			if p == emit.RuntimeImportPath {
				importing++
			} else if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") {
				t.Errorf("%s imports %s, which is neither the standard library nor the runtime", file, p)
			}
		}
	}
	if importing == 0 {
		t.Error("no generated file imports the runtime module")
	}
	for _, f := range res.Files {
		for _, copied := range []string{"decode.go", "encode.go", "sanitize.go", "validate.go"} {
			if strings.HasSuffix(f.Path, "/"+copied) {
				t.Errorf("%s: the runtime is copied although the package imports it", f.Path)
			}
		}
	}
	if testing.Short() {
		return
	}
	buildIn(t, res, testmod.GoMod(t, "example.com/consumer"))
}

// exportedNames lists the exported package-level names a result's Go files declare.
func exportedNames(t *testing.T, res *Result) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	for _, f := range res.Files {
		if !strings.HasSuffix(f.Path, ".go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Bytes, 0)
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		for name, obj := range file.Scope.Objects {
			if token.IsExported(name) && obj != nil {
				names[name] = true
			}
		}
	}
	return names
}

// TestRuntimeModesOfferTheSameAPI: a package that imports the runtime offers every exported name
// the copy-in form does (the sanitizer the constructors apply among them), so that choosing
// --runtime changes where the code lives, not what callers can use.
func TestRuntimeModesOfferTheSameAPI(t *testing.T) {
	inline, err := Run(Options{Schemas: []string{contractSchema}, Package: "agenterror", Targets: []string{"go"}, InlineRuntime: true})
	if err != nil {
		t.Fatal(err)
	}
	imported, err := Run(Options{Schemas: []string{contractSchema}, Package: "agenterror", Targets: []string{"go"}})
	if err != nil {
		t.Fatal(err)
	}
	have := exportedNames(t, imported)
	for name := range exportedNames(t, inline) {
		if !have[name] {
			t.Errorf("%s is declared with --runtime inline but not when the package imports the runtime", name)
		}
	}
}

// TestInlineRuntimeWithECMAEngine: with --runtime inline, a package whose schema has a lookahead
// carries the runtime and the regexp2 adapter, imports regexp2 as its one module outside the
// standard library, asserts formats when asked, and builds and vets.
func TestInlineRuntimeWithECMAEngine(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "slug.schema.json")
	if err := os.WriteFile(schema, []byte(`{"title": "Slug", "type": "object", "properties": {
		"slug": {"type": "string", "pattern": "^(?!-)[a-z-]+$"}, "at": {"type": "string", "format": "date"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Schemas: []string{schema}, Package: "slug", Targets: []string{"go"}, InlineRuntime: true, AssertFormats: true})
	if err != nil {
		t.Fatal(err)
	}
	for file, paths := range goImports(t, res) {
		for _, p := range paths {
			if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") && p != "github.com/dlclark/regexp2" {
				t.Errorf("%s imports %s", file, p)
			}
		}
	}
	if testing.Short() {
		return
	}
	res.Files = append(res.Files, emit.File{Path: "slug/slug_test.go", Bytes: []byte(`package slug

import "testing"

func TestParse(t *testing.T) {
	if _, err := Parse([]byte(` + "`" + `{"slug": "a-b", "at": "2024-02-29"}` + "`" + `)); err != nil {
		t.Error(err)
	}
	for _, bad := range []string{` + "`" + `{"slug": "-ab"}` + "`" + `, ` + "`" + `{"at": "2023-02-29"}` + "`" + `} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("%s passed", bad)
		}
	}
}
`)})
	sum, err := os.ReadFile("../../../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	var regexp2Sums []string
	for _, line := range strings.Split(string(sum), "\n") {
		if strings.HasPrefix(line, "github.com/dlclark/regexp2 v1.12.0") {
			regexp2Sums = append(regexp2Sums, line)
		}
	}
	res.Files = append(res.Files, emit.File{Path: "go.sum", Bytes: []byte(strings.Join(regexp2Sums, "\n") + "\n")})
	mod := buildIn(t, res, "module example.com/inline\n\ngo 1.24\n\nrequire github.com/dlclark/regexp2 v1.12.0\n")
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the consumer module: %v\n%s", err, out)
	}
}

// TestInlineRuntimeCarriesTypedFormats: with --runtime inline and typed formats the package
// carries the format types under their own names, builds with the standard library alone, and a
// value keeps its text through Parse and MarshalJSON; a schema type named like one of them is
// renamed rather than colliding.
func TestInlineRuntimeCarriesTypedFormats(t *testing.T) {
	dir := t.TempDir()
	schema := `{"title": "R", "type": "object", "required": ["at"], "properties": {
		"at": {"type": "string", "format": "date-time"}, "id": {"type": "string", "format": "uuid"},
		"d": {"$ref": "#/$defs/DateTime"}}, "$defs": {"DateTime": {"type": "object", "properties": {"x": {"type": "string"}}}}}`
	if err := os.WriteFile(filepath.Join(dir, "r.schema.json"), []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Schemas: []string{filepath.Join(dir, "r.schema.json")}, Package: "rec", Targets: []string{"go"},
		InlineRuntime: true, TypedFormats: true})
	if err != nil {
		t.Fatal(err)
	}
	var types, formats []byte
	for _, f := range res.Files {
		switch f.Path {
		case "rec/types.go":
			types = f.Bytes
		case "rec/format_types.go":
			formats = f.Bytes
		}
	}
	if !strings.Contains(string(types), "At DateTime `json:\"at\"`") || !strings.Contains(string(types), "ID *UUID") {
		t.Fatalf("types.go does not name the inline format types:\n%s", types)
	}
	if !strings.Contains(string(formats), "type DateTime string") {
		t.Fatalf("no format_types.go with DateTime among %d files", len(res.Files))
	}
	if testing.Short() {
		return
	}
	test := []byte(`package rec

import (
	"encoding/json"
	"testing"
)

func TestKeepsText(t *testing.T) {
	in := ` + "`" + `{"at":"2026-12-03T10:00:00+00:00","id":"8C3F0E6A-1B2C-4D5E-8F90-A1B2C3D4E5F6"}` + "`" + `
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(v)
	if string(out) != in {
		t.Fatalf("got %s", out)
	}
	if _, err := v.At.Time(); err != nil {
		t.Fatal(err)
	}
}
`)
	res.Files = append(res.Files, emit.File{Path: "rec/keep_test.go", Bytes: test})
	mod := buildIn(t, res, "module example.com/inline\n\ngo 1.24\n")
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the consumer module: %v\n%s", err, out)
	}
}
