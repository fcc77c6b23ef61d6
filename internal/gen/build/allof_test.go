package build_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// fieldsOf spells a struct's fields as "name:type" (with "!" for required), in order.
func fieldsOf(n *ir.Named) string {
	var out []string
	for _, f := range n.Fields {
		s := f.Name + ":" + goType(f.Type)
		if f.Required {
			s += "!"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// TestMergedStructs is the builder's decision for object schemas made of parts: which become
// structs, with which fields, how each merged member is typed, and which stay raw.
func TestMergedStructs(t *testing.T) {
	tests := []struct {
		name, schema string
		fields       string // "" for a type that is not a struct
		composed     bool
	}{
		{"plain object", `{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}`, "a:string!", false},
		{"allOf of a $ref'd base and an inline extension",
			`{"allOf": [{"$ref": "#/$defs/Base"}, {"type": "object", "properties": {"b": {"type": "boolean"}}, "required": ["b"]}]}`,
			"id:string! b:bool!", true},
		{"$ref beside properties (2020-12 applies both)",
			`{"$ref": "#/$defs/Base", "properties": {"b": {"type": "boolean"}}}`, "b:*bool id:string!", true},
		{"parts narrow a member to what all admit",
			`{"type": "object", "properties": {"n": {}, "s": {"type": ["string", "null"]}}, "allOf": [{"properties": {"n": {"type": "integer", "minimum": 0, "maximum": 9}, "s": {"type": "string"}}}]}`,
			"n:*int64 s:*string", true},
		{"a part that forbids a member does not type it",
			`{"type": "object", "properties": {"a": {"type": "string"}}, "allOf": [{"properties": {"a": false}}]}`, "a:*string", true},
		{"conditions beside properties keep the struct",
			`{"type": "object", "properties": {"ok": {"const": true}, "error": {"type": "string"}}, "required": ["ok"],
			  "allOf": [{"if": {"properties": {"ok": {"const": false}}}, "then": {"required": ["error"]}}],
			  "dependentRequired": {"error": ["ok"]}, "minProperties": 1, "not": {"required": ["x"]}}`,
			"ok:bool! error:*string", true},
		{"members only a condition declares are raw fields",
			`{"type": "object", "properties": {"a": {"type": "string"}}, "if": {"required": ["a"]}, "then": {"properties": {"b": {"type": "integer"}}}}`,
			"a:*string b:raw", true},
		{"members both then and else declare with one type are typed",
			`{"type": "object", "properties": {"a": {"type": "boolean"}}, "if": {"properties": {"a": {"const": true}}},
			  "then": {"properties": {"n": {"type": "integer", "minimum": 1, "maximum": 9}, "s": {"type": "string"}, "x": {"type": "string"}}},
			  "else": {"properties": {"n": {"type": "integer"}, "s": {"type": "string", "maxLength": 3}, "x": {"type": "integer"}}}}`,
			"a:*bool n:*number s:*string x:raw", true},
		{"unevaluatedProperties beside properties", `{"type": "object", "properties": {"a": {"type": "string"}}, "unevaluatedProperties": false}`, "a:*string", true},
		{"patternProperties beside properties", `{"type": "object", "properties": {"a": {"type": "string"}}, "patternProperties": {"^x-": {}}, "additionalProperties": false}`, "a:*string", true},
		{"oneOf of object variants is a union's, not a struct's",
			`{"type": "object", "properties": {"a": {"type": "string"}}, "oneOf": [{"properties": {"b": {"type": "string"}}}, {"properties": {"c": {"type": "string"}}}]}`, "", false},
		{"oneOf of required lists is a condition", `{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "oneOf": [{"required": ["a"]}, {"required": ["b"]}]}`,
			"a:*string b:*string", true},
		{"an object that may be null is a Nullable of the merged struct", `{"type": ["object", "null"], "allOf": [{"properties": {"a": {"type": "string"}}}]}`, "a:*string", true},
		{"allOf without an object part stays raw", `{"allOf": [{"properties": {"a": {"type": "string"}}}]}`, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pkg := buildOne(t, `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "T", "type": "object", "$defs": {"Base": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}}, "properties": {"v": `+tt.schema+`}}`)
			n := named(t, pkg, "T")
			v := n.Fields[0].Type
			if tt.fields == "" {
				if v.Kind == ir.TypeRef && v.Named.Kind == ir.StructType {
					t.Fatalf("%s became struct %s with fields %s, want no struct", tt.schema, v.Named.Name, fieldsOf(v.Named))
				}
				return
			}
			if v.Kind != ir.TypeRef || v.Named.Kind != ir.StructType {
				t.Fatalf("%s became %s, want a struct", tt.schema, goType(v))
			}
			if got := fieldsOf(v.Named); got != tt.fields {
				t.Errorf("fields = %s, want %s", got, tt.fields)
			}
			if v.Named.Composed != tt.composed {
				t.Errorf("Composed = %v, want %v", v.Named.Composed, tt.composed)
			}
		})
	}
}

// TestMergedFieldDetails checks what a merged field carries besides its type: the schema path of
// the declaration decoding blames, the doc note of a conditional member, and whether the struct
// keeps undeclared members.
func TestMergedFieldDetails(t *testing.T) {
	pkg := buildOne(t, `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "T",
		"allOf": [{"$ref": "#/$defs/Base"}, {"type": "object", "properties": {"b": {"type": "boolean", "description": "B."}}}],
		"if": {"required": ["b"]}, "then": {"properties": {"c": {"type": "string"}}},
		"additionalProperties": false,
		"$defs": {"Base": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}}}`)
	n := named(t, pkg, "T")
	want := map[string]string{"id": "/allOf/0/$ref/properties/id", "b": "/allOf/1/properties/b", "c": "/then/properties/c"}
	for _, f := range n.Fields {
		if f.KeywordPath != want[f.Name] {
			t.Errorf("%s: KeywordPath = %q, want %q", f.Name, f.KeywordPath, want[f.Name])
		}
	}
	if n.Fields[1].Description != "B." {
		t.Errorf("b's description = %q", n.Fields[1].Description)
	}
	if note := n.Fields[2].Note; !strings.Contains(note, "then") {
		t.Errorf("c's note = %q, want one naming the condition", note)
	}
	if n.Extra {
		t.Error("additionalProperties: false at the top forbids every member it does not declare: no Extra")
	}
}

// TestMergeConflictIsRefused checks the one refusal: parts that type a member with JSON types no
// value has in common.
func TestMergeConflictIsRefused(t *testing.T) {
	_, err := buildFiles(t, build.Options{}, "s.json", `{"title": "T", "type": "object",
		"allOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"a": {"type": "integer"}}}]}`)
	if err == nil {
		t.Fatal("a member that must be a string and an integer was accepted")
	}
	for _, want := range []string{"s.json#/allOf/1/properties/a", `member "a" must be integer here but string at s.json#/allOf/0/properties/a`, "make the allOf parts agree"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// TestConstConstructor checks New<Struct>: the required const members it sets, as Go expressions.
func TestConstConstructor(t *testing.T) {
	pkg := buildOne(t, `{"title": "Result", "type": "object", "required": ["ok", "contract_version", "kind", "n", "tag"],
		"properties": {"ok": {"const": true}, "contract_version": {"const": 2}, "kind": {"const": "done"},
		"n": {"type": "number", "const": 1.5}, "tag": {"type": "string", "const": "t"}, "opt": {"const": "x"}, "name": {"type": "string"}}}`)
	n := named(t, pkg, "Result")
	if n.Go.New != "NewResult" {
		t.Fatalf("New = %q", n.Go.New)
	}
	want := map[string]string{"ok": "true", "contract_version": "2", "kind": "ResultKindDone", "n": `"1.5"`, "tag": `"t"`}
	for _, f := range n.Fields {
		if f.Go.Constant != want[f.Name] {
			t.Errorf("%s: Constant = %q, want %q", f.Name, f.Go.Constant, want[f.Name])
		}
	}
	if n := named(t, buildOne(t, `{"title": "P", "type": "object", "properties": {"a": {"const": 1}}}`), "P"); n.Go.New != "" {
		t.Errorf("a struct without required const members got %s", n.Go.New)
	}
}

// TestUnionInAllOfIsAStruct: a oneOf or anyOf that is one allOf part among others only says which
// members go together, so the object is still a struct: tsconfig's root (an anyOf of files,
// exclude, include and references definitions) and dependabot's update (a oneOf of directory and
// directories). (Before: both were json.RawMessage.)
func TestUnionInAllOfIsAStruct(t *testing.T) {
	pkg, err := buildSchema(t, `{"$schema": "http://json-schema.org/draft-04/schema#", "title": "TS config", "type": "object",
		"allOf": [{"$ref": "#/definitions/compilerOptionsDefinition"},
			{"anyOf": [{"$ref": "#/definitions/filesDefinition"}, {"$ref": "#/definitions/includeDefinition"}]}],
		"definitions": {
			"compilerOptionsDefinition": {"properties": {"compilerOptions": {"type": "object", "properties": {"strict": {"type": "boolean"}}}}},
			"filesDefinition": {"properties": {"files": {"type": "array", "items": {"type": "string"}}}},
			"includeDefinition": {"properties": {"include": {"type": "array", "items": {"type": "string"}}}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	root := pkg.Roots[0]
	var names []string
	for _, f := range root.Fields {
		names = append(names, f.Go.Name)
	}
	if root.Kind != ir.StructType || !root.Composed || !slices.Equal(names, []string{"CompilerOptions", "Files", "Include"}) {
		t.Errorf("TSConfig: kind %v, composed %v, fields %v; want a composed struct with CompilerOptions, Files, Include", root.Kind, root.Composed, names)
	}

	set, err := load.Files([]string{"../../../../shared/corpus/first-hour/schemas/dependabot-2.0.json"})
	if err != nil {
		t.Skipf("the first-hour corpus is not beside this checkout: %v", err)
	}
	pkg, err = build.Build(set, build.Options{Package: "p"})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range pkg.Types {
		if n.Name != "Update" {
			continue
		}
		var dirs []string
		for _, f := range n.Fields {
			if f.Name == "directory" || f.Name == "directories" {
				dirs = append(dirs, f.Go.Name+" "+goType(f.Type))
			}
		}
		if n.Kind != ir.StructType || len(dirs) != 2 {
			t.Errorf("dependabot's Update: kind %v, directory fields %v; want a struct with typed Directories and Directory", n.Kind, dirs)
		}
		return
	}
	t.Error("dependabot's schema declares no Update")
}
