package build_test

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/build/buildtest"
	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// buildFiles builds schema files given as name/content pairs (buildtest.Build).
func buildFiles(t *testing.T, opts build.Options, files ...string) (*ir.Package, error) {
	t.Helper()
	return buildtest.Build(t, opts, files...)
}

// buildOne builds one schema file, failing the test on an error.
func buildOne(t *testing.T, schema string) *ir.Package {
	t.Helper()
	pkg, err := buildFiles(t, build.Options{}, "s.json", schema)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return pkg
}

// named returns the named type called name.
func named(t *testing.T, pkg *ir.Package, name string) *ir.Named {
	t.Helper()
	for _, n := range pkg.Types {
		if n.Name == name {
			return n
		}
	}
	var names []string
	for _, n := range pkg.Types {
		names = append(names, n.Name)
	}
	t.Fatalf("no type %s; types are %v", name, names)
	return nil
}

// goType spells an ir.Type compactly for comparisons: "*string", "?int64" (nullable), "[]string",
// "map[any]", "raw", "ref:Name".
func goType(g *ir.Type) string {
	var s string
	switch g.Kind {
	case ir.TypeRaw:
		s = "raw"
	case ir.TypeBool:
		s = "bool"
	case ir.TypeInt64:
		s = "int64"
	case ir.TypeNumber:
		s = "number"
	case ir.TypeString:
		s = "string"
	case ir.TypeRef:
		s = "ref:" + g.Named.Name
	case ir.TypeArray:
		s = "[]" + goType(g.Elem)
	case ir.TypeMap:
		s = "map[" + goType(g.Elem) + "]"
	case ir.TypeAny:
		s = "any"
	case ir.TypeNull:
		s = "null"
	}
	if g.Nullable {
		s = "?" + s
	}
	if g.Go.Pointer {
		s = "*" + s
	}
	return s
}

// TestFieldGoTypes is the builder's choice of Go representation for a member's schema, required
// and optional: pointers only where the zero value is a legal JSON value, Nullable for null,
// int64 only when every allowed integer fits, raw JSON where a Go type cannot carry a keyword.
func TestFieldGoTypes(t *testing.T) {
	tests := []struct {
		name, schema       string
		required, optional string
	}{
		{"string", `{"type": "string"}`, "string", "*string"},
		{"boolean", `{"type": "boolean"}`, "bool", "*bool"},
		{"number", `{"type": "number"}`, "number", "*number"},
		{"integer without bounds may exceed int64", `{"type": "integer"}`, "number", "*number"},
		{"integer with one bound only", `{"type": "integer", "minimum": 0}`, "number", "*number"},
		{"integer bounded inside int64", `{"type": "integer", "minimum": 0, "maximum": 100}`, "int64", "*int64"},
		{"integer with exclusive bounds", `{"type": "integer", "exclusiveMinimum": -1, "exclusiveMaximum": 10}`, "int64", "*int64"},
		{"integer bound past int64", `{"type": "integer", "minimum": 0, "maximum": 9223372036854775808}`, "number", "*number"},
		{"integer enum inside int64", `{"type": "integer", "enum": [1, 2, 3]}`, "int64", "*int64"},
		{"integer const", `{"type": "integer", "const": 1}`, "int64", "*int64"},
		{"string or null", `{"type": ["string", "null"]}`, "?string", "*?string"},
		{"two non-null types: a named scalar union", `{"type": ["string", "integer"]}`, "ref:TV", "ref:TV"},
		{"a oneOf told apart by required members: a sum type", `{"oneOf": [{"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}, "additionalProperties": false}, {"type": "object", "required": ["b"], "properties": {"b": {"type": "string"}}, "additionalProperties": false}]}`, "ref:TV", "*ref:TV"},
		{"a oneOf nothing tells apart: a named raw type", `{"oneOf": [{"$ref": "#/$defs/D"}, {"type": "object", "properties": {"e": {"type": "string"}}}]}`, "ref:TV", "ref:TV"},
		{"no type at all", `{}`, "raw", "raw"},
		{"array of strings", `{"type": "array", "items": {"type": "string"}}`, "[]string", "[]string"},
		{"array without items", `{"type": "array"}`, "[]raw", "[]raw"},
		{"array of bounded integers", `{"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 9}}`, "[]int64", "[]int64"},
		{"open object", `{"type": "object"}`, "map[any]", "map[any]"},
		{"map of strings", `{"type": "object", "additionalProperties": {"type": "string"}}`, "map[string]", "map[string]"},
		{"object with additionalProperties false", `{"type": "object", "additionalProperties": false}`, "map[any]", "map[any]"},
		{"allOf is composite", `{"allOf": [{"type": "string"}]}`, "raw", "raw"},
		{"not is composite", `{"type": "string", "not": {"const": "x"}}`, "raw", "raw"},
		{"boolean schema", `true`, "raw", "raw"},
		{"const object", `{"type": "object", "const": {"a": 1}}`, "raw", "raw"},
		{"string const", `{"type": "string", "const": "x"}`, "string", "*string"},
		{"patternProperties beside other members is a map of raw values", `{"type": "object", "patternProperties": {"^a": {}}}`, "map[raw]", "map[raw]"},
		{"one pattern and nothing else is a map of the pattern's type", `{"type": "object", "patternProperties": {"^a": {"type": "string"}}, "additionalProperties": false}`, "map[string]", "map[string]"},
		{"patterns of different types are a map of raw values", `{"type": "object", "patternProperties": {"^a": {"type": "string"}, "^b": {"type": "boolean"}}, "additionalProperties": false}`, "map[raw]", "map[raw]"},
		{"min/maxProperties alone is a map", `{"type": "object", "minProperties": 1, "additionalProperties": {"type": "string"}}`, "map[string]", "map[string]"},
		{"nullable object with members is a Nullable of a struct", `{"type": ["object", "null"], "properties": {"x": {"type": "string"}}}`, "?ref:TV", "*?ref:TV"},
		{"nullable object with a condition is a Nullable of a struct", `{"type": ["null", "object"], "properties": {"x": {"type": "string"}}, "dependentRequired": {"x": ["y"]}}`, "?ref:TV", "*?ref:TV"},
		{"patterns and additionalProperties of one $ref are a map of its type", `{"type": "object", "patternProperties": {"^a": {"$ref": "#/$defs/D"}}, "additionalProperties": {"$ref": "#/$defs/D"}}`, "map[ref:D]", "map[ref:D]"},
		{"nullable pattern map", `{"type": ["object", "null"], "patternProperties": {"^a": {"$ref": "#/$defs/D"}}, "additionalProperties": false}`, "?map[ref:D]", "*?map[ref:D]"},
		{"patternProperties without type stays raw", `{"patternProperties": {"^a": {}}}`, "raw", "raw"},
		{"patternProperties beside an applicator stays raw", `{"type": "object", "patternProperties": {"^a": {}}, "not": {"required": ["x"]}}`, "raw", "raw"},
		{"ref", `{"$ref": "#/$defs/D"}`, "ref:D", "*ref:D"},
		{"ref to an object beside an assertion merges into a struct", `{"$ref": "#/$defs/D", "maxLength": 3}`, "ref:TV", "*ref:TV"},
		{"ref to a string beside an assertion", `{"$ref": "#/$defs/S", "maxLength": 3}`, "raw", "raw"},
		{"typeless string const is a one-value enum", `{"const": "x"}`, "ref:TV", "*ref:TV"},
		{"typeless boolean const", `{"const": true}`, "bool", "*bool"},
		{"typeless integer const", `{"const": 1}`, "int64", "*int64"},
		{"typeless integral const written 1.0", `{"const": 1.0}`, "int64", "*int64"},
		{"typeless fractional const", `{"const": 1.5}`, "number", "*number"},
		{"typeless integer enum", `{"enum": [1, 2, 3]}`, "int64", "*int64"},
		{"typeless number enum", `{"enum": [1, 2.5]}`, "number", "*number"},
		{"typeless boolean enum", `{"enum": [true, false]}`, "bool", "*bool"},
		{"typeless string enum with null", `{"enum": ["a", null]}`, "?string", "*?string"},
		{"typeless mixed enum stays raw", `{"enum": [1, "a"]}`, "raw", "raw"},
		{"typeless object const stays raw", `{"const": {"a": 1}}`, "raw", "raw"},
		{"type null", `{"type": "null"}`, "null", "*null"},
		{"const null", `{"const": null}`, "null", "*null"},
		{"object with a condition keeps the struct", `{"type": "object", "properties": {"x": {"type": "string"}}, "minProperties": 1}`, "ref:TV", "*ref:TV"},
		{"allOf of object parts merges into a struct", `{"allOf": [{"$ref": "#/$defs/D"}, {"properties": {"e": {"type": "integer"}}}]}`, "ref:TV", "*ref:TV"},
		{"inline object gets a named type", `{"type": "object", "properties": {"x": {"type": "string"}}}`, "ref:TV", "*ref:TV"},
		{"inline string enum gets a named type", `{"type": "string", "enum": ["a", "b"]}`, "ref:TV", "*ref:TV"},
		{"nullable string enum is a nullable string", `{"type": ["string", "null"], "enum": ["a", null]}`, "?string", "*?string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, required := range []bool{true, false} {
				req := `[]`
				want := tt.optional
				if required {
					req, want = `["v"]`, tt.required
				}
				pkg := buildOne(t, `{"title": "T", "type": "object", "properties": {"v": `+tt.schema+`},
					"required": `+req+`, "$defs": {"D": {"type": "object", "properties": {"d": {"type": "string"}}}, "S": {"type": "string"}}}`)
				f := named(t, pkg, "T").Fields[0]
				if got := goType(f.Type); got != want {
					t.Errorf("required=%v: %s becomes %s, want %s", required, tt.schema, got, want)
				}
				if f.Required != required {
					t.Errorf("Required = %v, want %v", f.Required, required)
				}
			}
		})
	}
}

// TestNamedTypes covers how each declaration is shaped: struct, enum or alias, whether a struct
// keeps undeclared members, which root is an error type, and names from title, file name,
// x-go-name and the --root-type option.
func TestNamedTypes(t *testing.T) {
	pkg := buildOne(t, `{
		"title": "Agent failure",
		"type": "object",
		"properties": {
			"message": {"type": "string"},
			"http_status": {"type": "integer", "minimum": 100, "maximum": 599},
			"url": {"type": "string", "x-go-name": "Link"}
		},
		"required": ["message"],
		"$defs": {
			"closed": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false},
			"count": {"type": "integer", "minimum": 0, "maximum": 10},
			"color": {"enum": ["red", "dark-blue", "2d"]},
			"unused": {"type": "string", "x-go-name": "Chosen"}
		}}`)
	root := named(t, pkg, "AgentFailure")
	if len(pkg.Roots) != 1 || pkg.Roots[0] != root {
		t.Errorf("roots = %v, want the title's AgentFailure", pkg.Roots)
	}
	if root.Kind != ir.StructType || !root.Extra || root.Go.ErrorField != "Message" {
		t.Errorf("root: kind %v, extra %v, error field %q; want a struct that keeps members and is an error", root.Kind, root.Extra, root.Go.ErrorField)
	}
	var goNames []string
	for _, f := range root.Fields {
		goNames = append(goNames, f.Go.Name)
	}
	if got := strings.Join(goNames, " "); got != "Message HTTPStatus Link" {
		t.Errorf("fields %q, want schema order with initialisms and x-go-name", got)
	}
	if c := named(t, pkg, "Closed"); c.Kind != ir.StructType || c.Extra {
		t.Errorf("closed: kind %v extra %v, want a struct without the member bag", c.Kind, c.Extra)
	}
	if c := named(t, pkg, "Count"); c.Kind != ir.AliasType || goType(c.Underlying) != "int64" {
		t.Errorf("count: kind %v over %s, want an alias of int64", c.Kind, goType(c.Underlying))
	}
	color := named(t, pkg, "Color")
	if color.Kind != ir.EnumType {
		t.Fatalf("an untyped enum of strings is kind %v, want an enum", color.Kind)
	}
	var consts []string
	for _, v := range color.Enum.Values {
		consts = append(consts, v.Go.Name)
	}
	if got := strings.Join(consts, " "); got != "ColorRed ColorDarkBlue ColorV2d" {
		t.Errorf("enum constants %q", got)
	}
	named(t, pkg, "Chosen")
	for i := 1; i < len(pkg.Types); i++ {
		if pkg.Types[i-1].Name >= pkg.Types[i].Name {
			t.Errorf("types not sorted by Go name: %s before %s", pkg.Types[i-1].Name, pkg.Types[i].Name)
		}
	}

	// Without a title the file name names the root; --root-type overrides both; an optional
	// message does not make an error type.
	pkg, err := buildFiles(t, build.Options{}, "quota-report.schema.json", `{"type": "object", "properties": {"message": {"type": "string"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	if r := pkg.Roots[0]; r.Name != "QuotaReport" || r.Go.ErrorField != "" {
		t.Errorf("root from the file name: %s (error field %q), want QuotaReport, not an error", r.Name, r.Go.ErrorField)
	}
	pkg, err = buildFiles(t, build.Options{RootType: "Custom"}, "s.json", `{"title": "T", "type": "object", "properties": {"a": {"type": "string"}}}`)
	if err != nil || pkg.Roots[0].Name != "Custom" {
		t.Errorf("--root-type: %v, %v", pkg, err)
	}
}

// TestEnums covers the enum decisions: constant names that collide take the distinguishing part
// of their values, the fallback value and the descriptions are attached.
func TestEnums(t *testing.T) {
	pkg := buildOne(t, `{"title": "E", "type": "string", "enum": ["a-b", "a_b", "c"],
		"x-fallback": "c", "x-enum-descriptions": {"a-b": "One.", "a_b": "Two.", "c": "Other."}}`)
	e := named(t, pkg, "E")
	var got []string
	for _, v := range e.Enum.Values {
		got = append(got, v.Go.Name+"="+v.Value+":"+v.Description)
	}
	if want := "EAHyphenB=a-b:One. EAUnderscoreB=a_b:Two. EC=c:Other."; strings.Join(got, " ") != want {
		t.Errorf("values %q, want %q", strings.Join(got, " "), want)
	}
	if e.Enum.Fallback == nil || e.Enum.Fallback.Value != "c" {
		t.Errorf("fallback = %+v, want c", e.Enum.Fallback)
	}
}

// TestEnumNamesWithoutNumbers: values whose words are the same (dependabot's time zones, its
// branch-name separators) are named from the characters that tell them apart, never numbered,
// and a value's name depends only on the values it would otherwise share a name with, not on
// their order or on unrelated values.
func TestEnumNamesWithoutNumbers(t *testing.T) {
	names := func(values ...string) map[string]string {
		t.Helper()
		quoted := make([]string, len(values))
		for i, v := range values {
			quoted[i] = strconv.Quote(v)
		}
		pkg := buildOne(t, `{"title": "Z", "type": "string", "enum": [`+strings.Join(quoted, ",")+`]}`)
		out := map[string]string{}
		for _, v := range named(t, pkg, "Z").Enum.Values {
			out[v.Value] = v.Go.Name
		}
		return out
	}
	want := map[string]string{
		"Etc/GMT": "ZEtcGMT", "Etc/GMT0": "ZEtcGMT0", "Etc/GMT+0": "ZEtcGMTPlus0", "Etc/GMT-0": "ZEtcGMTMinus0",
		"Etc/GMT-10": "ZEtcGMTMinus10", "Etc/GMT+10": "ZEtcGMTPlus10", "Europe/Porto-Novo": "ZEuropePortoNovo",
		"-": "ZHyphen", "_": "ZUnderscore", "/": "ZSlash", "": "ZValueEmpty",
		"foo\nbar": "ZFooNewlineBar", "foo\rbar": "ZFooCarriageReturnBar", "foo\n\nbar": "ZFooNewlineNewlineBar",
		"a b": "ZValueaSpaceb", "A b": "ZValueASpaceb", "1.5": "ZV1Dot5", "15": "ZV15", "empty": "ZValueempty",
	}
	var values []string
	for v := range want {
		values = append(values, v)
	}
	sort.Strings(values)
	all := names(values...)
	for v, w := range want {
		if all[v] != w {
			t.Errorf("value %q is %s, want %s", v, all[v], w)
		}
	}
	slices.Reverse(values)
	for v, n := range names(values...) {
		if all[v] != n {
			t.Errorf("reversing the enum renamed %q from %s to %s", v, all[v], n)
		}
	}
	if got := names("Etc/GMT+0", "Etc/GMT-0", "Europe/Berlin")["Etc/GMT-0"]; got != "ZEtcGMTMinus0" {
		t.Errorf("without unrelated values, Etc/GMT-0 is %s", got)
	}
	if got := names("", "x")[""]; got != "ZEmpty" {
		t.Errorf("without a value empty, \"\" is %s, want ZEmpty", got)
	}
}

// TestSchemaNormalization covers what the IR keeps of the keywords: exact number literals,
// sorted types, reference targets, and the same node for a schema reached twice.
func TestSchemaNormalization(t *testing.T) {
	pkg := buildOne(t, `{"title": "T", "type": "object", "properties": {
		"n": {"type": "number", "minimum": 0.1, "maximum": 1e400, "multipleOf": 0.01},
		"u": {"type": ["null", "string", "boolean"]},
		"a": {"$ref": "#/$defs/D"},
		"b": {"$ref": "#/$defs/D"}
	}, "$defs": {"D": {"type": "string", "maxLength": 3}}}`)
	fields := named(t, pkg, "T").Fields
	n := fields[0].Schema
	if n.Minimum.Literal != "0.1" || n.Maximum.Literal != "1e400" || n.MultipleOf.Literal != "0.01" {
		t.Errorf("bounds %q %q %q, want the literals as written", n.Minimum.Literal, n.Maximum.Literal, n.MultipleOf.Literal)
	}
	if n.Maximum.Rat == nil || n.Maximum.Rat.Num().BitLen() < 1000 {
		t.Errorf("1e400 lost precision: %v", n.Maximum.Rat)
	}
	if got := strings.Join(fields[1].Schema.Types, ","); got != "boolean,null,string" {
		t.Errorf("types %q, want sorted", got)
	}
	if fields[2].Schema.Ref == nil || fields[2].Schema.Ref != fields[3].Schema.Ref || fields[2].Schema.Ref.Name != "D" {
		t.Errorf("the two $refs do not lead to the one named type D")
	}
	if d := named(t, pkg, "D"); d.Schema.MaxLength == nil || *d.Schema.MaxLength != 3 {
		t.Errorf("D lost maxLength")
	}
}

// TestHash: the content hash ignores formatting and member order, and follows the options.
func TestHash(t *testing.T) {
	a := buildOne(t, `{"title": "T", "type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}`)
	b := buildOne(t, "{\n  \"properties\": {\"b\": {\"type\": \"integer\"}, \"a\": {\"type\": \"string\"}},\n  \"type\": \"object\", \"title\": \"T\"\n}")
	if a.Hash != b.Hash {
		t.Errorf("reformatting changed the hash: %s, %s", a.Hash, b.Hash)
	}
	c, err := buildFiles(t, build.Options{Package: "other"}, "s.json", `{"title": "T", "type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	if c.Hash == a.Hash {
		t.Error("another package name kept the hash")
	}
	d := buildOne(t, `{"title": "T", "type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "number"}}}`)
	if d.Hash == a.Hash {
		t.Error("a schema edit kept the hash")
	}
}

// TestBuildErrors: every refusal names the file, the pointer and what to do.
func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name   string
		opts   build.Options
		schema string
		want   string
	}{
		{"invalid package name", build.Options{Package: "my-pkg"}, `{"title": "T", "type": "string"}`, `package name "my-pkg" is not a valid Go package name`},
		{"type name taken by generated code", build.Options{}, `{"x-go-name": "Parse", "type": "string"}`, "Go type name Parse is already taken by a name contractgen declares itself; set x-go-name"},
		{"two defs with one Go name", build.Options{}, `{"title": "T", "x-go-name": "T", "type": "string", "$defs": {"a_b": {"type": "string"}, "a-b": {"type": "string"}}}`, "s.json#/$defs/a-b: Go type name AB is already taken by s.json#/$defs/a_b"},
		{"x-go-name not an identifier", build.Options{}, `{"title": "T", "type": "string", "x-go-name": "not ok"}`, `s.json#/x-go-name: "not ok" is not an exported Go identifier`},
		{"field x-go-name not an identifier", build.Options{}, `{"title": "T", "type": "object", "properties": {"a": {"type": "string", "x-go-name": "lower"}}}`, `s.json#/properties/a/x-go-name: "lower" is not an exported Go identifier`},
		{"reserved field", build.Options{}, `{"title": "T", "x-go-name": "T", "type": "object", "properties": {"validate": {"type": "string"}}}`, `property "validate" would become Go field Validate, which generated code uses; set x-go-name`},
		{"two properties, one field", build.Options{}, `{"title": "T", "x-go-name": "T", "type": "object", "properties": {"a_b": {"type": "string"}, "a-b": {"type": "string"}}}`, `s.json#/properties/a-b: properties "a_b" and "a-b" both become Go field AB; set x-go-name on one`},
		{"property without an identifier", build.Options{}, `{"title": "T", "x-go-name": "T", "type": "object", "properties": {"-": {"type": "string"}}}`, `property name "-" gives no Go identifier; set x-go-name`},
		{"fallback not a value", build.Options{}, `{"title": "T", "enum": ["a"], "x-fallback": "b"}`, "s.json#/x-fallback: the fallback must be one of the enum's values"},
		{"description of a non-value", build.Options{}, `{"title": "T", "enum": ["a"], "x-enum-descriptions": {"a": "A.", "b": "B."}}`, `s.json#/x-enum-descriptions/b: "b" is not a value of the enum`},
		{"value without a description", build.Options{}, `{"title": "T", "enum": ["a", "b"], "x-enum-descriptions": {"a": "A."}}`, `enum value "b" has no description`},
		{"empty description", build.Options{}, `{"title": "T", "enum": ["a"], "x-enum-descriptions": {"a": " "}}`, `the description of "a" must be a non-empty string`},
		{"root type not exported", build.Options{RootType: "lower"}, `{"title": "T", "type": "string"}`, `--root-type "lower" is not an exported Go identifier`},
		{"keyword of no dialect under --strict", build.Options{Strict: true}, `{"title": "T", "type": "object", "unevaluatedPropertys": false}`, `s.json#/unevaluatedPropertys: keyword "unevaluatedPropertys" is not a 2020-12 keyword (did you mean "unevaluatedProperties"?); --strict refuses unknown keywords`},
		{"vendor keyword under --strict", build.Options{Strict: true}, `{"title": "T", "type": "object", "tsType": "T"}`, `s.json#/tsType: keyword "tsType" is not a 2020-12 keyword; --strict refuses unknown keywords`},
		{"contractgen's vocabulary stays strict", build.Options{}, `{"title": "T", "type": "string", "enum": ["a"], "x-go-name": "T", "x-fallbak": "a"}`, `s.json#/x-fallbak: unknown extension keyword "x-fallbak"`},
		{"unknown goJSONSchema member refused", build.Options{}, `{"title": "T", "type": "string", "goJSONSchema": {"typ": "time.Time"}}`, `s.json#/goJSONSchema/typ: goJSONSchema.typ is not supported`},
		{"x-go-type not a type", build.Options{}, `{"title": "T", "type": "object", "properties": {"a": {"type": "string", "x-go-type": "chan time.Time"}}}`, `s.json#/properties/a/x-go-type: "chan time.Time" is a channel type, which JSON cannot hold`},
		{"x-go-type of the generated package with an import", build.Options{}, `{"title": "T", "type": "object", "properties": {"a": {"type": "string", "x-go-type": "Money", "x-go-type-import": "example.com/m"}}}`, `s.json#/properties/a/x-go-type: "Money" names no package, so it is a type of the generated package and takes no import`},
		{"x-go-type on a root", build.Options{}, `{"title": "T", "type": "string", "x-go-type": "time.Time"}`, `s.json#/x-go-type: a root schema is the generated package's own type and cannot be "time.Time"`},
		{"full path with a bad name", build.Options{}, `{"title": "T", "type": "object", "properties": {"a": {"type": "string", "x-go-type": "example.com/u.*U"}}}`, `s.json#/properties/a/x-go-type: "example.com/u.*U" is not a Go type name`},
		{"x-go-type-import alone", build.Options{}, `{"title": "T", "type": "object", "properties": {"a": {"type": "string", "x-go-type-import": {"path": "time"}}}}`, `s.json#/properties/a/x-go-type-import: x-go-type-import needs an x-go-type beside it`},
		{"x-go-type-import without a path", build.Options{}, `{"title": "T", "type": "object", "properties": {"a": {"type": "string", "x-go-type": "u.UUID", "x-go-type-import": {"name": "u"}}}}`, `s.json#/properties/a/x-go-type-import: x-go-type-import must be an import path`},
		{"goJSONSchema imports without the package", build.Options{}, `{"title": "T", "type": "object", "properties": {"a": {"type": "string", "goJSONSchema": {"type": "mine.T", "imports": ["example.com/a", "example.com/b"]}}}}`, `s.json#/properties/a/goJSONSchema/type: none of the imports ["example.com/a" "example.com/b"] is package mine`},
		{"goJSONSchema and x-go-type both", build.Options{}, `{"title": "T", "type": "object", "properties": {"a": {"type": "string", "x-go-type": "string", "goJSONSchema": {"type": "int64"}}}}`, `s.json#/properties/a/goJSONSchema/type: goJSONSchema.type and x-go-type both name a Go type`},
		{"go_types.refs key no $ref takes", build.Options{GoTypes: build.GoTypeMap{Refs: map[string]ir.CustomType{"s.json#/$defs/Nope": {Name: "string"}}}}, `{"title": "T", "type": "string"}`, `go_types.refs maps "s.json#/$defs/Nope", which no $ref of the schemas points at`},
		{"dangling $ref", build.Options{}, `{"title": "T", "type": "object", "properties": {"a": {"$ref": "#/$defs/missing"}}}`, "s.json#/properties/a/$ref"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := buildFiles(t, tt.opts, "s.json", tt.schema)
			if err == nil {
				t.Fatalf("built without an error, want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error:\n%v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// TestUnknownKeywords: keywords no dialect defines are annotations; one a small edit away from a
// keyword of the schema's own dialect is a warning that names that keyword, and vendor keywords
// of public schemas pass silently.
func TestUnknownKeywords(t *testing.T) {
	tests := []warningCase{
		{"vendor keywords", `{"$schema": "http://json-schema.org/draft-07/schema#", "title": "T", "type": "object",
			"allowComments": true, "allowTrailingCommas": true, "links": [], "properties": {
			"a": {"type": "string", "markdownDescription": "x", "deprecationMessage": "x", "tsType": "string", "existingJavaType": "String",
				"enum": ["x"], "enumDescriptions": ["x"]}}}`, nil},
		{"typos", `{"title": "T", "type": "object", "requried": ["a"], "additionalproperties": false, "properties": {"a": {"type": "string", "Pattern": "x"}}}`, []string{
			`s.json#/additionalproperties: keyword "additionalproperties" is not a 2020-12 keyword, so it is an annotation and checks nothing: did you mean "additionalProperties"?`,
			`s.json#/properties/a/Pattern: keyword "Pattern" is not a 2020-12 keyword, so it is an annotation and checks nothing: did you mean "pattern"?`,
			`s.json#/requried: keyword "requried" is not a 2020-12 keyword, so it is an annotation and checks nothing: did you mean "required"?`}},
		{"a keyword of another dialect is not a typo", `{"$schema": "http://json-schema.org/draft-07/schema#", "title": "T", "type": "array", "prefixItems": [{"type": "string"}]}`, nil},
		{"typo of the schema's own dialect", `{"$schema": "http://json-schema.org/draft-04/schema#", "title": "T", "type": "object", "definitons": {}}`, []string{
			`s.json#/definitons: keyword "definitons" is not a draft-04 keyword, so it is an annotation and checks nothing: did you mean "definitions"?`}},
	}
	runWarningCases(t, tests)
}

// TestUnsatisfiableConstWarns: a const that its own enum or type rules out admits no value at
// all, which is almost always a mistake in the schema, so it gets a warning; consistent ones and
// numbers (whose equality depends on their value, not their spelling) pass silently.
func TestUnsatisfiableConstWarns(t *testing.T) {
	tests := []warningCase{
		{"const outside its enum", `{"title": "T", "type": "string", "enum": ["a"], "const": "b"}`, []string{
			`s.json#/const: const "b" is not one of the enum beside it, so no value can pass this schema`}},
		{"const outside its type", `{"title": "T", "type": "object", "properties": {"k": {"type": "integer", "const": "x"}}}`, []string{
			`s.json#/properties/k/const: const "x" is not of the type beside it (integer), so no value can pass this schema`}},
		{"consistent", `{"title": "T", "type": ["string", "null"], "enum": ["a", null], "const": null}`, nil},
		{"numbers are left alone", `{"title": "T", "enum": [1.0], "const": 1}`, nil},
	}
	runWarningCases(t, tests)
}

// warningCase is a schema (built as s.json) and the warnings building it must give, in order.
type warningCase struct {
	name, schema string
	want         []string
}

// runWarningCases builds each case's schema and compares the warnings with its want.
func runWarningCases(t *testing.T, tests []warningCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var warnings diag.List
			if _, err := buildFiles(t, build.Options{Warnings: &warnings}, "s.json", tt.schema); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, warnings.Lines()); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRootTypeNeedsOneSchema: --root-type names one type, so two inputs are refused.
func TestRootTypeNeedsOneSchema(t *testing.T) {
	_, err := buildFiles(t, build.Options{RootType: "X"}, "a.json", `{"title": "A", "type": "string"}`, "b.json", `{"title": "B", "type": "string"}`)
	if err == nil || !strings.Contains(err.Error(), "--root-type names one type but 2 schemas were given") {
		t.Fatalf("err = %v", err)
	}
}

// TestReferencedFiles: a $ref into another file declares the type once, under that file's origin.
func TestReferencedFiles(t *testing.T) {
	pkg, err := buildFiles(t, build.Options{}, "main.json",
		`{"title": "Main", "type": "object", "properties": {"a": {"$ref": "_common.json#/$defs/Shared"}, "b": {"$ref": "_common.json#/$defs/Shared"}}}`,
		"_common.json", `{"$defs": {"Shared": {"type": "object", "properties": {"x": {"type": "string"}}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	shared := named(t, pkg, "Shared")
	if !strings.HasSuffix(shared.Origin, "_common.json#/$defs/Shared") {
		t.Errorf("origin %q", shared.Origin)
	}
	if len(pkg.Sources) != 2 {
		t.Errorf("sources %+v, want both files", pkg.Sources)
	}
}

// TestRawObjectNote checks that a member that describes an object but stays raw JSON says why in
// its doc note: no "type": "object" (it admits non-objects), or null beside declared members.
func TestRawObjectNote(t *testing.T) {
	pkg := buildOne(t, `{"title": "T", "type": "object", "properties": {
		"loose": {"properties": {"a": {"type": "string"}}},
		"nb": {"type": ["object", "null"], "properties": {"a": {"type": "string"}}},
		"any": {}}}`)
	notes := map[string]string{}
	for _, f := range named(t, pkg, "T").Fields {
		notes[f.Name] = f.Note
	}
	if !strings.Contains(notes["loose"], `no "type": "object"`) {
		t.Errorf("loose: note %q does not say it lacks type object", notes["loose"])
	}
	if notes["nb"] != "" {
		t.Errorf("nb: note %q, want none (a Nullable of a struct)", notes["nb"])
	}
	if notes["any"] != "" {
		t.Errorf("any: note %q, want none (no object keywords)", notes["any"])
	}
}
