package govalidate_test

import (
	"go/format"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build/buildtest"
	"github.com/contractgen/contractgen/internal/gen/emit/govalidate"
)

// emitted returns validation.go for the schema files and the names of every file Emit returns.
func emitted(t *testing.T, files ...string) (string, []string) {
	t.Helper()
	out, err := govalidate.Emit(buildtest.Package(t, files...))
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
