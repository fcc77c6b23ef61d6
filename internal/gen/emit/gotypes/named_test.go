package gotypes_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// namedSchema has a named type of every form that is not a struct: a string enum, an array, a
// map, a nullable scalar and a value no plain Go type carries (a string or an integer).
const namedSchema = `{"title": "Shape", "type": "object", "required": ["tags"],
 "properties": {
   "tags": {"$ref": "#/$defs/tags"}, "id": {"$ref": "#/$defs/id"}, "color": {"$ref": "#/$defs/color"},
   "scores": {"$ref": "#/$defs/scores"}, "maybe": {"$ref": "#/$defs/maybe"}
 },
 "$defs": {
   "tags": {"type": "array", "items": {"type": "string"}},
   "id": {"type": ["string", "integer"]},
   "color": {"type": "string", "enum": ["red", "green"]},
   "scores": {"type": "object", "additionalProperties": {"type": "boolean"}},
   "maybe": {"type": ["string", "null"]}
 }}`

// goFile parses one emitted file, failing the test when the emitter did not write it.
func goFile(t *testing.T, emitter func(*ir.Package) ([]emit.File, error), pkg *ir.Package, name string) *ast.File {
	t.Helper()
	files, err := emitter(pkg)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == name {
			parsed, err := parser.ParseFile(token.NewFileSet(), name, f.Bytes, parser.ParseComments)
			if err != nil {
				t.Fatalf("%s does not parse: %v\n%s", name, err, f.Bytes)
			}
			return parsed
		}
	}
	t.Fatalf("no %s", name)
	return nil
}

// source prints an AST node back as Go.
func source(t *testing.T, n any) string {
	t.Helper()
	var b strings.Builder
	if err := printer.Fprint(&b, token.NewFileSet(), n); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// declared lists the types a file declares, with their definitions as Go source.
func declared(t *testing.T, f *ast.File) map[string]string {
	out := map[string]string{}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				out[ts.Name.Name] = source(t, ts.Type)
			}
		}
	}
	return out
}

// methods lists each receiver type's methods as "Name" or "*Name" (pointer receiver), with the
// body of each as Go source.
func methods(t *testing.T, f *ast.File) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil {
			continue
		}
		recv, name := fd.Recv.List[0].Type, fd.Name.Name
		if star, ok := recv.(*ast.StarExpr); ok {
			recv, name = star.X, "*"+name
		}
		typ := recv.(*ast.Ident).Name
		if out[typ] == nil {
			out[typ] = map[string]string{}
		}
		out[typ][name] = source(t, fd.Body)
	}
	return out
}

// TestNamedTypesOverOtherGoTypes: each non-struct named type is declared over the Go type its
// schema needs, and only the raw-backed one gets the typed accessors, for the JSON types it admits.
func TestNamedTypesOverOtherGoTypes(t *testing.T) {
	pkg := buildIR(t, schemaFile(t, "shape.json", namedSchema))
	types := goFile(t, gotypes.Emit, pkg, "types.go")
	decls := declared(t, types)
	for name, want := range map[string]string{
		"Tags": "[]string", "ID": "json.RawMessage", "Color": "string", "Scores": "map[string]bool",
		"Maybe": "Nullable[string]",
	} {
		if got := decls[name]; got != want {
			t.Errorf("type %s is declared over %q, want %q", name, got, want)
		}
	}
	ms := methods(t, types)
	// ID is a string or an integer: no AsBool.
	accessors := []string{"*Set", "AsInt64", "AsNumber", "AsString", "JSONType"}
	var got []string
	for m := range ms["ID"] {
		got = append(got, m)
	}
	slices.Sort(got)
	if !slices.Equal(got, accessors) {
		t.Errorf("ID's methods in types.go are %v, want the accessors %v", got, accessors)
	}
	for _, name := range []string{"Tags", "Scores", "Maybe"} {
		if _, ok := ms[name]["AsString"]; ok {
			t.Errorf("%s has typed accessors, though a Go type carries its value", name)
		}
	}
	if body := ms["ID"]["AsString"]; !strings.Contains(body, "cgRawString(v)") {
		t.Errorf("ID.AsString does not read the raw value with cgRawString:\n%s", body)
	}
}

// TestNamedTypesEncodeThroughTheRuntime: every named type that is not an enum gets MarshalJSON and
// UnmarshalJSON, each one call into the runtime with the type's index in the package's
// description, and nothing else: the runtime reaches the types through that description, not
// through methods of theirs.
func TestNamedTypesEncodeThroughTheRuntime(t *testing.T) {
	pkg := buildIR(t, schemaFile(t, "shape.json", namedSchema))
	ms := methods(t, goFile(t, gotypes.EmitCodec, pkg, "codec.go"))
	for i, n := range pkg.Types {
		if n.Kind == ir.EnumType {
			if len(ms[n.Name]) != 0 {
				t.Errorf("enum %s has methods in codec.go: %v", n.Name, ms[n.Name])
			}
			continue
		}
		want := map[string]string{
			"MarshalJSON":    fmt.Sprintf("return cgPackage.marshal(&v, %d)", i),
			"*UnmarshalJSON": fmt.Sprintf("return cgPackage.unmarshal(data, v, %d)", i),
		}
		if len(ms[n.Name]) != len(want) {
			t.Errorf("%s has methods %v in codec.go, want MarshalJSON and UnmarshalJSON", n.Name, ms[n.Name])
		}
		for m, call := range want {
			if body, ok := ms[n.Name][m]; !ok || !strings.Contains(body, call) {
				t.Errorf("%s.%s does not %s:\n%s", n.Name, m, call, body)
			}
		}
	}
}
