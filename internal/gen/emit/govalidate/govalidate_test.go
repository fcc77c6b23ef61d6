package govalidate_test

import (
	"encoding/json"
	"go/format"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/cgruntime"
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
// null is a value of its own; the schema's node rides along for validation (the comparison leaves
// the node numbers out, after checking that the member has one).
func TestEmitDescriptions(t *testing.T) {
	str, i64 := cgruntime.ElemDesc{Kind: cgruntime.ElemString}, cgruntime.ElemDesc{Kind: cgruntime.ElemInt64}
	const req, ptr, nullOK, omitNil = cgruntime.FieldRequired, cgruntime.FieldPointer, cgruntime.FieldNullOK, cgruntime.FieldOmitNil
	tests := []struct {
		name, schema string
		required     bool
		want         cgruntime.FieldDesc
	}{
		{"required string", `{"type": "string"}`, true, cgruntime.FieldDesc{Flags: req, Type: str}},
		{"optional string by pointer", `{"type": "string", "maxLength": 3}`, false, cgruntime.FieldDesc{Flags: ptr, Type: str}},
		{"bool", `{"type": "boolean", "enum": [true]}`, true, cgruntime.FieldDesc{Flags: req, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemBool}}},
		{"bounded int64", `{"type": "integer", "minimum": 0, "maximum": 9}`, true, cgruntime.FieldDesc{Flags: req, Type: i64}},
		{"number", `{"type": "number"}`, true, cgruntime.FieldDesc{Flags: req, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemNumber}}},
		{"raw value, null its own", `{"anyOf": [{"type": "string"}, {"type": "integer"}]}`, true,
			cgruntime.FieldDesc{Flags: req | nullOK, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Type: 2}}},
		{"optional raw absent when nil", `{"anyOf": [{"type": "string"}, {"type": "integer"}]}`, false,
			cgruntime.FieldDesc{Flags: nullOK | omitNil, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Type: 2}}},
		{"nullable", `{"type": ["string", "null"], "minLength": 1}`, true,
			cgruntime.FieldDesc{Flags: req | nullOK, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemString, Nullable: true}}},
		{"items", `{"type": "array", "maxItems": 2, "items": {"type": "string", "minLength": 1}}`, true,
			cgruntime.FieldDesc{Flags: req, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemSlice, Elem: &str}}},
		{"optional array absent when nil", `{"type": "array", "items": {"type": "string"}}`, false,
			cgruntime.FieldDesc{Flags: omitNil, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemSlice, Elem: &str}}},
		{"map values", `{"type": "object", "additionalProperties": {"type": "integer", "maximum": 5, "minimum": 0}}`, true,
			cgruntime.FieldDesc{Flags: req, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemMap, Elem: &i64}}},
		{"ref goes through $ref", `{"$ref": "#/$defs/D"}`, true,
			cgruntime.FieldDesc{Flags: req, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: 0}}}, // D sorts first
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := `[]`
			if tt.required {
				req = `["v"]`
			}
			src, _ := emitted(t, "s.json", `{"title": "T", "type": "object", "properties": {"v": `+tt.schema+`}, "required": `+req+`,
				"$defs": {"D": {"type": "object", "properties": {"d": {"type": "string"}}}}}`)
			d := description(t, src, "T")
			if len(d.Fields) != 1 {
				t.Fatalf("T's description has %d fields, want 1: %+v", len(d.Fields), d)
			}
			got := d.Fields[0]
			if got.Type.Node == 0 {
				t.Errorf("the member's description names no table node: %+v", got)
			}
			for e := &got.Type; e != nil; e = e.Elem {
				e.Node = 0
			}
			tt.want.Name = "v"
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("T's member (-want +got):\n%s", diff)
			}
		})
	}
}

// description returns the runtime's description of the named type: the line of cgTypes at the
// type's place in cgPackage.GoTypes.
func description(t *testing.T, src, name string) cgruntime.TypeDesc {
	t.Helper()
	_, text, _ := strings.Cut(src, "const cgTypes = `[\n")
	text, _, _ = strings.Cut(text, "\n]`")
	lines := strings.Split(text, "\n")
	for line := range strings.Lines(src) {
		index, ok := strings.CutSuffix(strings.TrimSpace(line), " */ (*"+name+")(nil),")
		if !ok {
			continue
		}
		i, err := strconv.Atoi(strings.TrimPrefix(index, "/* "))
		if err != nil || i >= len(lines) {
			t.Fatalf("%s sits at %q in the Go types, which is no line of cgTypes", name, index)
		}
		var d cgruntime.TypeDesc
		if err := json.Unmarshal([]byte(strings.TrimSuffix(lines[i], ",")), &d); err != nil {
			t.Fatalf("the description of %s does not read: %v\n%s", name, err, lines[i])
		}
		return d
	}
	t.Fatalf("no description of %s in:\n%s", name, src)
	return cgruntime.TypeDesc{}
}

// TestEmitDeclarations covers the package-level parts: the header, the table as text with one
// node a line, Validate with a pointer receiver on structs and a value receiver otherwise, Parse for
// the first root and Parse<Name> for the next, and the runtime files.
func TestEmitDeclarations(t *testing.T) {
	src, names := emitted(t,
		"a.json", `{"title": "A", "type": "object", "properties": {"e": {"$ref": "#/$defs/E"}}, "$defs": {"E": {"enum": ["x", "y"]}}}`,
		"b.json", `{"title": "B", "type": "string", "maxLength": 4}`)
	for _, want := range []string{
		"// Code generated by contractgen. DO NOT EDIT.\n",
		"const cgTable = `[\n{},\n",

		"func Parse(data []byte) (*A, error) {",
		"return cgParseAs[A](cgPackage, 0, data)",
		"func ParseB(data []byte) (*B, error) {",
		"func (v *A) Validate() error {",
		"func (v B) Validate() error {",
		"func (v E) Validate() error {",
		"return cgPackage.validate(&v, ",
		"const cgTypes = `[\n",
		"var cgPackage = &cgSchema{Text: cgTable, TypeText: cgTypes, GoTypes: []any{\n",
		"/* 0 */ (*A)(nil),\n",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("validation.go lacks %q", want)
		}
	}
	// One node a line, with only its set fields, sorted by name.
	for _, node := range []string{`{"Enum":["\"x\"","\"y\""]},`, `{"MaxLength":{"Set":true,"N":4},"Types":32}`} {
		if !strings.Contains(src, "\n"+node+"\n") {
			t.Errorf("the table lacks the line %s:\n%s", node, src)
		}
	}
	for _, f := range []string{"table_text.go", "validate.go", "validate_json.go", "validate_number.go", "validate_parse.go", "validate_typed.go"} {
		if !slices.Contains(names, f) {
			t.Errorf("Emit did not return the runtime file %s (files: %v)", f, names)
		}
	}
}
