package build_test

import (
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// fullPaths spells a custom type with each named part's import path as its qualifier, so that a
// test sees which package every part resolved to.
func fullPaths(c ir.CustomType) string {
	return c.Spell(func(path, name string) string {
		if path == "" {
			return name
		}
		return path + "." + name
	})
}

// TestParseGoTypeExpr: goJSONSchema.type and x-go-type take Go type expressions (maps, slices,
// arrays and pointers of predeclared, local and package types, nested), parsed with go/parser;
// each qualifier resolves against the imports as a lone package.Type does. Everything else is
// refused with what to write instead.
func TestParseGoTypeExpr(t *testing.T) {
	accepted := []struct {
		expr    string
		imports []string
		want    string // spelled with full import paths
	}{
		{"string", nil, "string"},
		{"time.Time", nil, "time.Time"},
		{"Local", nil, "Local"},
		{"uuid.UUID", []string{"github.com/google/uuid"}, "github.com/google/uuid.UUID"},
		{"map[string]int64", nil, "map[string]int64"},
		{"map[int]string", nil, "map[int]string"},
		{"[]time.Time", []string{"time"}, "[]time.Time"},
		{"[]time.Time", nil, "[]time.Time"},
		{"*big.Int", []string{"math/big"}, "*math/big.Int"},
		{"[3]float64", nil, "[3]float64"},
		{"[0x10]byte", nil, "[16]byte"},
		{"map[string][]*time.Time", []string{"time"}, "map[string][]*time.Time"},
		{"map[netip.Addr]*big.Int", []string{"net/netip", "math/big"}, "map[net/netip.Addr]*math/big.Int"},
		{"[]yaml.Node", []string{"gopkg.in/yaml.v3"}, "[]gopkg.in/yaml.v3.Node"},
		{"[]m.Money", []string{"example.com/money/v2"}, "[]example.com/money/v2.Money"},
		{"[]Slots", nil, "[]Slots"},
		{"map[time.Month]Slots", []string{"time"}, "map[time.Month]Slots"},
		{"map[string]any", nil, "map[string]any"},
		{"[]interface{}", nil, "[]any"},
		{"([]*string)", nil, "[]*string"},
		{" []string ", nil, "[]string"},
	}
	for _, c := range accepted {
		got, err := build.ParseGoTypeExpr(c.expr, c.imports)
		if err != nil {
			t.Errorf("%q %q: %v", c.expr, c.imports, err)
			continue
		}
		if s := fullPaths(got); s != c.want {
			t.Errorf("%q %q: %s, want %s", c.expr, c.imports, s, c.want)
		}
	}
	refused := []struct {
		expr    string
		imports []string
		want    string
	}{
		{"func() string", nil, `"func() string" is a function type, which JSON cannot hold; write a predeclared type, package.Type, a type of the generated package, or a map, slice, array or pointer of those`},
		{"chan int", nil, `"chan int" is a channel type, which JSON cannot hold`},
		{"[]chan int", nil, `"[]chan int" holds a channel type (chan int), which JSON cannot hold`},
		{"interface{ M() }", nil, `"interface{ M() }" is an interface with methods, which encoding/json cannot decode into; write any, or a named type of yours`},
		{"struct{ A int }", nil, `"struct{ A int }" is a struct literal; declare the struct as a named type (in a package, or in a file of yours beside the generated ones) and write its name`},
		{"[]struct{}", nil, `holds a struct literal (struct{})`},
		{"pkg.List[string]", []string{"example.com/pkg"}, `"pkg.List[string]" is an instantiation of a generic type, which the generated code does not spell; declare a named type for it with UnmarshalJSON and MarshalJSON (in a package, or in a file of yours beside the generated ones) and write its name`},
		{"[]pkg.Map[string, int]", []string{"example.com/pkg"}, `"[]pkg.Map[string, int]" holds an instantiation of a generic type (pkg.Map[string, int])`},
		{"map[string]Slots", []string{"time"}, `"map[string]Slots" names no package, so Slots is a type of the generated package and takes no import`},
		{"error", nil, `"error" is an interface with methods`},
		{"complex128", nil, `"complex128" is a predeclared type encoding/json cannot hold`},
		{"nil", nil, `"nil" is not a Go type`},
		{"map[bool]string", nil, `"map[bool]string" has keys of type bool, which encoding/json cannot encode or decode (a JSON object's keys are strings); write map[string]string, or a key type with MarshalText and UnmarshalText`},
		{"map[float64]int", nil, `has keys of type float64`},
		{"map[any]int", nil, `has keys of type any`},
		{"[...]int", nil, `"[...]int" has no array length; write [N]T with N a number, or []T`},
		{"[n]int", nil, `"[n]int" has no array length`},
		{"[1 << 40]byte", nil, `has no array length`},
		{"[]github.com/google/uuid.UUID", nil, `"[]github.com/google/uuid.UUID" is not a Go type expression: inside an expression write package.Type (uuid.UUID) and list the import path (goJSONSchema.imports, x-go-type-import)`},
		{"1 + 2", nil, `"1 + 2" is not a Go type`},
		{"a.b.c", nil, `"a.b.c" is not a Go type`},
		{"map[string", nil, `"map[string" is not a Go type`},
		{"[]Slots", []string{"example.com/x"}, `"[]Slots" names no package, so Slots is a type of the generated package and takes no import; write package.Type to use the imports`},
		{"[]mine.T", []string{"example.com/a", "example.com/b"}, `none of the imports ["example.com/a" "example.com/b"] is package mine of "[]mine.T"; list its import path`},
		{"map[a.K]b.V", []string{"example.com/x"}, `none of the imports ["example.com/x"] is package a of "map[a.K]b.V"; list its import path`},
		{"*_", nil, `"*_" is not a Go type`},
		{"[]string ", []string{""}, ""},
	}
	for _, c := range refused {
		_, err := build.ParseGoTypeExpr(c.expr, c.imports)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q %q: %v", c.expr, c.imports, err)
		case c.want != "" && err == nil:
			t.Errorf("%q %q: accepted, want %q", c.expr, c.imports, c.want)
		case c.want != "" && !strings.Contains(err.Error(), c.want):
			t.Errorf("%q %q:\n%v\nwant it to contain\n%s", c.expr, c.imports, err, c.want)
		}
	}
}

// TestGoTypeExprInSchema: a member with an expression takes the composite type, with each part's
// import, and a refusal names the file and the pointer of the extension.
func TestGoTypeExprInSchema(t *testing.T) {
	pkg := buildOne(t, `{"title": "T", "type": "object", "properties": {
		"a": {"type": "object", "goJSONSchema": {"type": "map[string][]*time.Time", "imports": ["time"]}},
		"b": {"type": "integer", "x-go-type": "*big.Int", "x-go-type-import": "math/big"}}}`)
	var got []string
	for _, f := range pkg.Roots[0].Fields {
		if f.Type.Go.Custom == nil {
			t.Fatalf("member %s has no custom type", f.Name)
		}
		got = append(got, f.Name+" "+fullPaths(*f.Type.Go.Custom)+" "+f.Type.Go.Custom.Origin)
	}
	want := []string{"a map[string][]*time.Time s.json#/properties/a/goJSONSchema/type", "b *math/big.Int s.json#/properties/b/x-go-type"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("custom types:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	_, err := buildFiles(t, build.Options{}, "s.json", `{"title": "T", "type": "object", "properties": {"a": {"type": "object", "goJSONSchema": {"type": "map[bool]string"}}}}`)
	if want := `s.json#/properties/a/goJSONSchema/type: "map[bool]string" has keys of type bool`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one containing %q", err, want)
	}
}
