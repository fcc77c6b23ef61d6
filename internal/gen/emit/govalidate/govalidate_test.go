package govalidate_test

import (
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit/govalidate"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// irOf loads and builds schema files (name/content pairs) from a temporary working directory.
func irOf(t *testing.T, files ...string) *ir.Package {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	var roots []string
	for i := 0; i+1 < len(files); i += 2 {
		if err := os.WriteFile(filepath.Join(dir, files[i]), []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		roots = append(roots, files[i])
	}
	set, err := load.Files(roots)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "p"})
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// memberNode lowers a root object whose member "v" has the given schema and returns v's node.
func memberNode(t *testing.T, schema string) (cgruntime.Node, *govalidate.Table) {
	t.Helper()
	pkg := irOf(t, "s.json", `{"title": "T", "type": "object", "properties": {"v": `+schema+`},
		"$defs": {"D": {"type": "string", "maxLength": 2}}}`)
	tab := govalidate.Lower(pkg)
	return tab.Nodes[tab.Of(pkg.Roots[0].Fields[0].Schema)], tab
}

// TestLowerKeywords checks that each keyword reaches the table node as the interpreter reads it:
// types as bits, const and enum as compact JSON, counts with "set" (so a bound of 0 is kept),
// numbers as their literals, subschemas as node indexes.
func TestLowerKeywords(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		check  func(n cgruntime.Node, tab *govalidate.Table) bool
	}{
		{"one type", `{"type": "string"}`, func(n cgruntime.Node, _ *govalidate.Table) bool { return n.Types == cgruntime.TypeString }},
		{"types as bits", `{"type": ["string", "null"]}`, func(n cgruntime.Node, _ *govalidate.Table) bool {
			return n.Types == cgruntime.TypeString|cgruntime.TypeNull
		}},
		{"no type is every type", `{"minLength": 1}`, func(n cgruntime.Node, _ *govalidate.Table) bool { return n.Types == 0 }},
		{"true schema", `true`, func(n cgruntime.Node, _ *govalidate.Table) bool { return n.Bool == cgruntime.TrueSchema }},
		{"false schema", `false`, func(n cgruntime.Node, _ *govalidate.Table) bool { return n.Bool == cgruntime.FalseSchema }},
		{"const null differs from no const", `{"const": null}`, func(n cgruntime.Node, _ *govalidate.Table) bool {
			return n.HasConst && n.Const == "null"
		}},
		{"const object compact, in source order", `{"const": {"b": 1, "a": [true, "x"]}}`, func(n cgruntime.Node, _ *govalidate.Table) bool {
			return n.HasConst && n.Const == `{"b":1,"a":[true,"x"]}`
		}},
		{"enum as JSON texts", `{"enum": ["a", 1.50, null]}`, func(n cgruntime.Node, _ *govalidate.Table) bool {
			return slices.Equal(n.Enum, []string{`"a"`, `1.50`, `null`})
		}},
		{"zero bound kept", `{"type": "string", "maxLength": 0}`, func(n cgruntime.Node, _ *govalidate.Table) bool {
			return n.MaxLength.Set && n.MaxLength.N == 0 && !n.MinLength.Set
		}},
		{"pattern", `{"type": "string", "pattern": "^[a-z]+$"}`, func(n cgruntime.Node, _ *govalidate.Table) bool { return n.Pattern == "^[a-z]+$" }},
		{"numbers as written", `{"type": "number", "minimum": 1e400, "exclusiveMaximum": 0.1, "multipleOf": 0.01}`, func(n cgruntime.Node, _ *govalidate.Table) bool {
			return n.Minimum == "1e400" && n.ExclusiveMaximum == "0.1" && n.MultipleOf == "0.01" && n.Maximum == ""
		}},
		{"array counts and uniqueness", `{"type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": true}`, func(n cgruntime.Node, _ *govalidate.Table) bool {
			return n.MinItems == cgruntime.Count{Set: true, N: 1} && n.MaxItems == cgruntime.Count{Set: true, N: 3} && n.UniqueItems
		}},
		{"items, prefixItems, contains", `{"prefixItems": [{"type": "string"}], "items": {"type": "integer"}, "contains": {"const": 1}, "minContains": 2}`, func(n cgruntime.Node, tab *govalidate.Table) bool {
			return len(n.PrefixItems) == 1 && tab.Nodes[n.PrefixItems[0]].Types == cgruntime.TypeString &&
				tab.Nodes[n.Items].Types == cgruntime.TypeInteger && tab.Nodes[n.Contains].HasConst && n.MinContains.N == 2
		}},
		{"object keywords", `{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"], "additionalProperties": false, "patternProperties": {"^x-": {"type": "integer"}}, "propertyNames": {"maxLength": 9}, "minProperties": 1}`, func(n cgruntime.Node, tab *govalidate.Table) bool {
			return len(n.Properties) == 1 && n.Properties[0].Name == "a" && tab.Nodes[n.Properties[0].Node].Types == cgruntime.TypeString &&
				slices.Equal(n.Required, []string{"a", "b"}) && tab.Nodes[n.AdditionalProperties].Bool == cgruntime.FalseSchema &&
				n.PatternProperties[0].Name == "^x-" && tab.Nodes[n.PropertyNames].MaxLength.N == 9 && n.MinProperties.N == 1
		}},
		{"dependencies", `{"dependentRequired": {"a": ["b", "c"]}, "dependentSchemas": {"d": {"required": ["e"]}}}`, func(n cgruntime.Node, tab *govalidate.Table) bool {
			return len(n.DependentRequired) == 1 && n.DependentRequired[0].Name == "a" && slices.Equal(n.DependentRequired[0].Required, []string{"b", "c"}) &&
				n.DependentSchemas[0].Name == "d" && slices.Equal(tab.Nodes[n.DependentSchemas[0].Node].Required, []string{"e"})
		}},
		{"applicators", `{"allOf": [{"minLength": 1}], "anyOf": [{"type": "string"}, {"type": "null"}], "oneOf": [true], "not": {"const": 0}, "if": {"type": "string"}, "then": {"minLength": 2}, "else": false}`, func(n cgruntime.Node, tab *govalidate.Table) bool {
			return len(n.AllOf) == 1 && len(n.AnyOf) == 2 && tab.Nodes[n.OneOf[0]].Bool == cgruntime.TrueSchema &&
				tab.Nodes[n.Not].HasConst && n.If != 0 && tab.Nodes[n.Then].MinLength.N == 2 && tab.Nodes[n.Else].Bool == cgruntime.FalseSchema
		}},
		{"ref to a named type's node", `{"$ref": "#/$defs/D"}`, func(n cgruntime.Node, tab *govalidate.Table) bool {
			return n.Ref != 0 && tab.Nodes[n.Ref].MaxLength.N == 2 && tab.Origins[n.Ref] == "s.json#/$defs/D"
		}},
		{"absent subschemas are 0", `{"type": "string"}`, func(n cgruntime.Node, _ *govalidate.Table) bool {
			return n.Ref == 0 && n.Items == 0 && n.AdditionalProperties == 0 && n.Not == 0 && n.Properties == nil
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, tab := memberNode(t, tt.schema)
			if !tt.check(n, tab) {
				t.Errorf("%s lowered to %+v", tt.schema, n)
			}
		})
	}
}

// TestLowerOrder: node 0 is unused, roots come first, then the other named types by Go name, each
// schema is lowered once however often it is reached, and every node knows its origin.
func TestLowerOrder(t *testing.T) {
	pkg := irOf(t, "s.json", `{"title": "Root", "type": "object",
		"properties": {"a": {"$ref": "#/$defs/Zed"}, "b": {"$ref": "#/$defs/Zed"}, "c": {"$ref": "#/$defs/Alpha"}},
		"$defs": {"Zed": {"type": "string"}, "Alpha": {"type": "integer"}}}`)
	tab := govalidate.Lower(pkg)
	if len(tab.Nodes) != len(tab.Origins) {
		t.Fatalf("%d nodes, %d origins", len(tab.Nodes), len(tab.Origins))
	}
	if tab.Origins[0] != "" || tab.Of(nil) != 0 {
		t.Error("node 0 is not the unused placeholder")
	}
	if tab.Of(pkg.Roots[0].Schema) != 1 || tab.Origins[1] != "s.json#" {
		t.Errorf("the root is node %d (%q), want 1", tab.Of(pkg.Roots[0].Schema), tab.Origins[1])
	}
	var zed, alpha int32
	for _, n := range pkg.Types {
		switch n.Name {
		case "Zed":
			zed = tab.Of(n.Schema)
		case "Alpha":
			alpha = tab.Of(n.Schema)
		}
	}
	if zed == 0 || alpha == 0 {
		t.Fatalf("named types not lowered: Zed %d, Alpha %d", zed, alpha)
	}
	count := 0
	for _, o := range tab.Origins {
		if o == "s.json#/$defs/Zed" {
			count++
		}
	}
	if count != 1 {
		t.Errorf("Zed, reached twice, has %d nodes", count)
	}
	for i, o := range tab.Origins[1:] {
		if !strings.HasPrefix(o, "s.json#") {
			t.Errorf("node %d has origin %q", i+1, o)
		}
	}
}

// emitted returns validation.go for the schema files and the names of every file Emit returns.
func emitted(t *testing.T, files ...string) (string, []string) {
	t.Helper()
	out, err := govalidate.Emit(irOf(t, files...))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range out {
		names = append(names, f.Path)
	}
	if out[0].Path != "validation.go" {
		t.Fatalf("first file %s, want validation.go", out[0].Path)
	}
	src := out[0].Bytes
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatalf("validation.go does not parse: %v\n%s", err, src)
	}
	if string(formatted) != string(src) {
		t.Errorf("validation.go is not in gofmt's layout")
	}
	return string(src), names
}

// TestEmitDescriptions covers how a member is described to the runtime: its Go representation
// (kind, nullable, element), whether it is required, held by pointer, absent when nil, and whether
// null is a value of its own; the schema's node rides along for validation.
func TestEmitDescriptions(t *testing.T) {
	tests := []struct {
		name, schema string
		required     bool
		want, not    []string
	}{
		{"required string", `{"type": "string"}`, true, []string{`{Name: "v", Flags: cgFieldRequired, Type: cgElemDesc{Kind: cgElemString, Node: `}, nil},
		{"optional string by pointer", `{"type": "string", "maxLength": 3}`, false, []string{`{Name: "v", Flags: cgFieldPointer, Type: cgElemDesc{Kind: cgElemString, Node: `}, nil},
		{"bool", `{"type": "boolean", "enum": [true]}`, true, []string{"Kind: cgElemBool"}, nil},
		{"bounded int64", `{"type": "integer", "minimum": 0, "maximum": 9}`, true, []string{"Kind: cgElemInt64"}, nil},
		{"number", `{"type": "number"}`, true, []string{"Kind: cgElemNumber"}, nil},
		{"raw value, null its own", `{"anyOf": [{"type": "string"}, {"type": "integer"}]}`, true, []string{`Flags: cgFieldRequired | cgFieldNullOK, Type: cgElemDesc{Kind: cgElemRef, Type: 2, `}, nil},
		{"optional raw absent when nil", `{"anyOf": [{"type": "string"}, {"type": "integer"}]}`, false, []string{`Flags: cgFieldNullOK | cgFieldOmitNil`}, nil},
		{"nullable", `{"type": ["string", "null"], "minLength": 1}`, true, []string{"Kind: cgElemString, Nullable: true", "cgFieldNullOK"}, nil},
		{"items", `{"type": "array", "maxItems": 2, "items": {"type": "string", "minLength": 1}}`, true, []string{"Kind: cgElemSlice, Node: ", "Elem: &cgElemDesc{Kind: cgElemString, Node: "}, []string{"cgFieldOmitNil"}},
		{"optional array absent when nil", `{"type": "array", "items": {"type": "string"}}`, false, []string{"Flags: cgFieldOmitNil, Type: cgElemDesc{Kind: cgElemSlice"}, nil},
		{"map values", `{"type": "object", "additionalProperties": {"type": "integer", "maximum": 5, "minimum": 0}}`, true, []string{"Kind: cgElemMap, Node: ", "Elem: &cgElemDesc{Kind: cgElemInt64, Node: "}, nil},
		{"ref goes through $ref", `{"$ref": "#/$defs/D"}`, true, []string{`{Name: "v", Flags: cgFieldRequired, Type: cgElemDesc{Kind: cgElemRef, Ref: true, Node: `}, []string{`Kw: `, `Type: 0`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := `[]`
			if tt.required {
				req = `["v"]`
			}
			src, _ := emitted(t, "s.json", `{"title": "T", "type": "object", "properties": {"v": `+tt.schema+`}, "required": `+req+`,
				"$defs": {"D": {"type": "object", "properties": {"d": {"type": "string"}}}}}`)
			line := descLine(t, src, "T")
			for _, w := range tt.want {
				if !strings.Contains(line, w) {
					t.Errorf("T's description lacks %q:\n%s", w, line)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(line, w) {
					t.Errorf("T's description has %q:\n%s", w, line)
				}
			}
		})
	}
}

// descLine returns the line of cgPackage that describes the named type.
func descLine(t *testing.T, src, name string) string {
	t.Helper()
	for line := range strings.Lines(src) {
		if strings.Contains(line, "{Go: (*"+name+")(nil), ") {
			return line
		}
	}
	t.Fatalf("no description of %s in:\n%s", name, src)
	return ""
}

// methodBody returns the text from the line starting with head to the function's closing brace
// (or the one line, for an empty body).
func methodBody(t *testing.T, src, head string) string {
	t.Helper()
	i := strings.Index(src, head)
	if i < 0 {
		t.Fatalf("no %q in:\n%s", head, src)
	}
	rest := src[i:]
	if line, _, _ := strings.Cut(rest, "\n"); strings.HasSuffix(line, "{}") {
		return line
	}
	end := strings.Index(rest, "\n}\n")
	return rest[:end+2]
}

// TestEmitDeclarations covers the package-level parts: the header, one table entry per node with
// its origin, Validate with a pointer receiver on structs and a value receiver otherwise, Parse for
// the first root and Parse<Name> for the next, and the runtime files.
func TestEmitDeclarations(t *testing.T) {
	src, names := emitted(t,
		"a.json", `{"title": "A", "type": "object", "properties": {"e": {"$ref": "#/$defs/E"}}, "$defs": {"E": {"enum": ["x", "y"]}}}`,
		"b.json", `{"title": "B", "type": "string", "maxLength": 4}`)
	for _, want := range []string{
		"// Code generated by contractgen. DO NOT EDIT.\n",
		"var cgNodes = cgCompile([]cgNode{\n",
		"/* 0 */ {},",
		"/* 1: a.json# */",
		"func Parse(data []byte) (*A, error) {",
		"return cgParseAs[A](cgPackage, 0, data)",
		"func ParseB(data []byte) (*B, error) {",
		"func (v *A) Validate() error {",
		"func (v B) Validate() error {",
		"func (v E) Validate() error {",
		"return cgPackage.validate(&v, ",
		"var cgPackage = &cgSchema{Nodes: cgNodes, Types: []cgTypeDesc{\n",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("validation.go lacks %q", want)
		}
	}
	// A node with one field is one line; with more, one field a line, sorted by name, the values
	// aligned as gofmt aligns them.
	if !regexp.MustCompile(`\t/\* \d+: a\.json#/\$defs/E \*/ \{Enum: \[\]string\{"\\"x\\"", "\\"y\\""\}\},\n`).MatchString(src) {
		t.Errorf("E's table entry is not one line:\n%s", src)
	}
	if !regexp.MustCompile(`\t/\* \d+: b\.json# \*/ \{\n\t\tMaxLength: cgN\(4\),\n\t\tTypes:     cgTypeString,\n\t\},\n`).MatchString(src) {
		t.Errorf("B's table entry is not one aligned field a line, sorted by name:\n%s", src)
	}
	for _, f := range []string{"validate.go", "validate_json.go", "validate_number.go", "validate_parse.go", "validate_typed.go"} {
		if !slices.Contains(names, f) {
			t.Errorf("Emit did not return the runtime file %s (files: %v)", f, names)
		}
	}
}
