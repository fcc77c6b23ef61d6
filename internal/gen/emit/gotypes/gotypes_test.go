package gotypes_test

import (
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/run"

	"github.com/contractgen/contractgen/internal/testmod"
)

const contractSchema = "../../../../docs/contracts/schemas/agent-error.schema.json"

// buildIR loads and builds schema files.
func buildIR(t *testing.T, paths ...string) *ir.Package {
	t.Helper()
	set, err := load.Files(paths)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "agenterror", Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// schemaFile writes schema text to a file of its own.
func schemaFile(t *testing.T, name, schema string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// typesGo emits the package and parses types.go, with comments.
func typesGo(t *testing.T, pkg *ir.Package) (*ast.File, string) {
	t.Helper()
	files, err := gotypes.Emit(pkg)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == "types.go" {
			parsed, err := parser.ParseFile(token.NewFileSet(), "types.go", f.Bytes, parser.ParseComments)
			if err != nil {
				t.Fatalf("types.go does not parse: %v\n%s", err, f.Bytes)
			}
			return parsed, string(f.Bytes)
		}
	}
	t.Fatal("no types.go")
	return nil, ""
}

func TestTypeString(t *testing.T) {
	named := &ir.Named{Name: "Origin"}
	for want, typ := range map[string]*ir.Type{
		"string":                      {Kind: ir.TypeString},
		"Kind":                        {Kind: ir.TypeString, Go: ir.GoType{Defined: "Kind"}},
		"*int64":                      {Kind: ir.TypeInt64, Go: ir.GoType{Pointer: true}},
		"*Nullable[json.Number]":      {Kind: ir.TypeNumber, Nullable: true, Go: ir.GoType{Pointer: true}},
		"Origin":                      {Kind: ir.TypeRef, Named: named},
		"[]Origin":                    {Kind: ir.TypeArray, Elem: &ir.Type{Kind: ir.TypeRef, Named: named}},
		"map[string]any":              {Kind: ir.TypeMap, Elem: &ir.Type{Kind: ir.TypeAny}},
		"json.RawMessage":             {Kind: ir.TypeRaw},
		"map[string]Nullable[bool]":   {Kind: ir.TypeMap, Elem: &ir.Type{Kind: ir.TypeBool, Nullable: true}},
		"Nullable[map[string]string]": {Kind: ir.TypeMap, Nullable: true, Elem: &ir.Type{Kind: ir.TypeString}},
	} {
		if got := gotypes.TypeString(typ); got != want {
			t.Errorf("TypeString(%+v) = %s, want %s", typ, got, want)
		}
	}
}

// TestGoTypeImports spells types in a file: encoding/json is imported when, and only when, a
// type names it, and a file that is encoding/json itself names its identifiers bare.
func TestGoTypeImports(t *testing.T) {
	f := gosrc.NewFile("p")
	if got := gotypes.GoType(f, &ir.Type{Kind: ir.TypeArray, Elem: &ir.Type{Kind: ir.TypeInt64}}); got != "[]int64" {
		t.Errorf("GoType = %s", got)
	}
	if strings.Contains(string(f.Bytes()), "import") {
		t.Errorf("a file with no json type imports something:\n%s", f.Bytes())
	}
	if got := gotypes.GoType(f, &ir.Type{Kind: ir.TypeMap, Elem: &ir.Type{Kind: ir.TypeNumber, Nullable: true}}); got != "map[string]Nullable[json.Number]" {
		t.Errorf("GoType = %s", got)
	}
	if !strings.Contains(string(f.Bytes()), "\nimport \"encoding/json\"\n") {
		t.Errorf("encoding/json not imported:\n%s", f.Bytes())
	}
	self := gosrc.NewFile("json")
	self.SetImportPath("encoding/json")
	if got := gotypes.GoType(self, &ir.Type{Kind: ir.TypeRaw, Go: ir.GoType{Pointer: true}}); got != "*RawMessage" {
		t.Errorf("GoType in encoding/json = %s", got)
	}
}

// structField finds a field of a struct type declared in f and renders its type.
func structField(t *testing.T, f *ast.File, typeName, fieldName string) (string, *ast.Field) {
	t.Helper()
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, s := range g.Specs {
			ts, ok := s.(*ast.TypeSpec)
			if !ok || ts.Name.Name != typeName {
				continue
			}
			for _, fd := range ts.Type.(*ast.StructType).Fields.List {
				for _, n := range fd.Names {
					if n.Name == fieldName {
						return types(fd.Type), fd
					}
				}
			}
		}
	}
	t.Fatalf("no field %s.%s", typeName, fieldName)
	return "", nil
}

// types renders a field type expression as Go source, for the forms types.go uses.
func types(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.StarExpr:
		return "*" + types(x.X)
	case *ast.SelectorExpr:
		return types(x.X) + "." + x.Sel.Name
	case *ast.ArrayType:
		return "[]" + types(x.Elt)
	case *ast.MapType:
		return "map[" + types(x.Key) + "]" + types(x.Value)
	case *ast.IndexExpr:
		return types(x.X) + "[" + types(x.Index) + "]"
	}
	return "?"
}

// TestKindMemberHasTheKindType: with a kind catalog, the kind member is declared with the
// constants' type (Kind), while a member that merely holds a kind (original_kind) stays a string.
func TestKindMemberHasTheKindType(t *testing.T) {
	f, _ := typesGo(t, buildIR(t, contractSchema))
	if got, _ := structField(t, f, "AgentError", "Kind"); got != "Kind" {
		t.Errorf("AgentError.Kind is %s, want Kind", got)
	}
	if got, _ := structField(t, f, "AgentError", "OriginalKind"); got != "*string" {
		t.Errorf("AgentError.OriginalKind is %s, want *string", got)
	}
	// Without a catalog there is no Kind type, and the member is a string.
	plain := schemaFile(t, "plain.schema.json", `{"title": "Plain error", "type": "object", "required": ["kind", "message"],
		"properties": {"kind": {"type": "string"}, "message": {"type": "string"}}}`)
	f, _ = typesGo(t, buildIR(t, plain))
	if got, _ := structField(t, f, "PlainError", "Kind"); got != "string" {
		t.Errorf("without a catalog, PlainError.Kind is %s, want string", got)
	}
}

// constDoc returns the doc comment of a constant declared in f.
func constDoc(t *testing.T, f *ast.File, name string) string {
	t.Helper()
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if vs.Names[0].Name == name {
				return vs.Doc.Text()
			}
		}
	}
	t.Fatalf("no constant %s", name)
	return ""
}

// TestDocComments: an enum value's description is a sentence, so it follows the wire value
// ("StateStopped is \"stopped\": The job was stopped."), never "StateStopped is the job was
// stopped"; a member's description that starts with an article reads on after "is"; any other
// follows a dash, unless it is a sentence of its own ("A job is made up of…"), which is quoted
// after "Steps holds the member"; a member without one names its JSON member, quoted.
func TestDocComments(t *testing.T) {
	path := schemaFile(t, "job.schema.json", `{"title": "Job", "type": "object", "properties": {
		"state": {"description": "Where the job stands.", "enum": ["stopped", "running"],
			"x-enum-descriptions": {"stopped": "The job was stopped by an operator.", "running": "  It runs. "}},
		"owner": {"description": "The person who started the job.", "type": "string"},
		"steps": {"description": "A job is made up of one or more steps, run in order.", "type": "array", "items": {"type": "string"}},
		"tags": {"type": "array", "items": {"type": "string"}}}}`)
	f, src := typesGo(t, buildIR(t, path))
	for name, want := range map[string]string{
		"JobStateStopped": "JobStateStopped is \"stopped\": The job was stopped by an operator.\n",
		"JobStateRunning": "JobStateRunning is \"running\": It runs.\n",
	} {
		if got := constDoc(t, f, name); got != want {
			t.Errorf("%s's doc comment is %q, want %q", name, got, want)
		}
	}
	for field, want := range map[string]string{
		"Owner": "Owner is the person who started the job.\n",
		"State": "State — where the job stands.\n",
		"Tags":  "Tags holds the member \"tags\".\n",
		"Steps": "Steps holds the member \"steps\". A job is made up of one or more steps, run in order.\n",
	} {
		if _, fd := structField(t, f, "Job", field); fd.Doc.Text() != want {
			t.Errorf("Job.%s's doc comment is %q, want %q", field, fd.Doc.Text(), want)
		}
	}
	if strings.Contains(src, " is the job was") || strings.Contains(src, "is a job is") {
		t.Errorf("ungrammatical comment in:\n%s", src)
	}
}

// TestOnePackageCommentInAConsumerPackage generates into a package of the user's, as go generate
// does (--go-dir .), beside the file with the directive and the package's own comment, and asks
// go doc: the package comment appears once, the user's. Generated into a directory of its own,
// the package keeps the generated comment.
func TestOnePackageCommentInAConsumerPackage(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is needed to run go doc:", err)
	}
	path := schemaFile(t, "schema.json", `{"title": "Quota error", "type": "object", "required": ["message"],
		"properties": {"message": {"type": "string"}}}`)
	for _, c := range []struct {
		goDir, userDoc, want string
	}{
		{".", "// Package quota holds the quota error types generated from schema.json.\npackage quota\n\n//go:generate contractgen generate --schema schema.json --targets go\n",
			"Package quota holds the quota error types"},
		{"quota", "", "Package quota holds the Go types of schema.json"},
	} {
		res, err := run.Run(run.Options{Schemas: []string{path}, Package: "quota", Targets: []string{"go"}, GoDir: c.goDir})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		files := map[string][]byte{"go.mod": []byte(testmod.GoMod(t, "example.com/quota"))}
		if c.userDoc != "" {
			files["gen.go"] = []byte(c.userDoc)
		}
		for _, f := range res.Files {
			files[filepath.Base(f.Path)] = f.Bytes
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command("go", "doc", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go doc: %v\n%s", err, out)
		}
		if n := strings.Count(string(out), "Package quota"); n != 1 || !strings.Contains(string(out), c.want) {
			t.Errorf("--go-dir %s: go doc shows %d package comments, want one starting %q:\n%s", c.goDir, n, c.want, out)
		}
	}
}

// TestTypesGoIsGofmt emits types.go for shapes the goldens do not all have (member names that
// no tag can carry, doc comments gofmt
// rewrites, long enums, nullable and nested types, several sources) and requires gofmt's layout.
func TestTypesGoIsGofmt(t *testing.T) {
	a := schemaFile(t, "a.schema.json", `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "A",
  "description": "A has a list:\n\n  - one\n  - two\n\n# Heading\n\nText.",
  "type": "object",
  "properties": {
    "quote\"d": {"type": "string", "description": "Has a quote."},
    "back`+"`"+`tick": {"type": "integer"},
    "both`+"`"+`\"": {"type": ["number", "null"]},
    "empty": {"$ref": "#/$defs/empty"},
    "open": {"$ref": "#/$defs/open"},
    "list": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": ["string", "null"]}}},
    "e": {"enum": ["x", "yy", "zzzzzzzzzzzzzzzz", "é", "a b"]},
    "u": {"oneOf": [{"type": "string"}, {"type": "integer"}]}
  },
  "required": ["quote\"d"],
  "additionalProperties": false,
  "$defs": {
    "empty": {"type": "object", "additionalProperties": false},
    "open": {"type": "object", "description": "Open keeps everything.\n\n\n\nEven after blank lines."}
  }
}`)
	b := schemaFile(t, "b.schema.json", `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "B", "type": "string"}`)
	_, src := typesGo(t, buildIR(t, a, b))
	if err := gosrc.FormatError("types.go", []byte(src)); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	// A name encoding/json cannot read from a tag (a quote, a back quote) gets none, and its
	// comment names the member; "a b" and "é" can be tags.
	for _, want := range []string{"\tQuoteD string\n", "\tBackTick *json.Number\n", `It is the member "quote\"d", whose name a struct tag cannot carry`,
		"AEÉ                AE = \"é\""} {
		if !strings.Contains(src, want) {
			t.Errorf("types.go lacks %s:\n%s", want, src)
		}
	}
}

// TestCommentMarkersInDescriptions keeps a description's paragraphs that start with "//" or "/*"
// as text. jennifer wrote such comment lines verbatim, so "// x" lost its slashes and "/* x"
// opened a block comment that made types.go invalid Go.
func TestCommentMarkersInDescriptions(t *testing.T) {
	a := schemaFile(t, "a.schema.json", `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "A",
  "description": "A is used so:\n\n// Internal package: x\n\n/* not a comment",
  "type": "object",
  "properties": {
    "f": {"type": "string", "description": "F first.\n\n/* still text\n\n// and this"}
  }
}`)
	_, src := typesGo(t, buildIR(t, a))
	if err := gosrc.FormatError("types.go", []byte(src)); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	for _, want := range []string{"\n// // Internal package: x\n", "\n// /* not a comment\n", "\n\t// /* still text\n", "\n\t// // and this\n"} {
		if !strings.Contains(src, want) {
			t.Errorf("types.go lacks %q:\n%s", want, src)
		}
	}
}
