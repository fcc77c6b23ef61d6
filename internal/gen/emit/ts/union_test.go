package ts

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/lower"
)

// unionSchema holds unions that exclusion resolves in each way: a const tag or a required member
// selects one $ref'd object branch, a JSON type selects one scalar branch, and unions where
// exclusion leaves no branch or several, nested ones included.
const unionSchema = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "U", "type": "object",
  "properties": {
    "tagged": {"oneOf": [{"$ref": "#/$defs/cat"}, {"$ref": "#/$defs/dog"}]},
    "shape": {"oneOf": [{"$ref": "#/$defs/circle"}, {"$ref": "#/$defs/square"}]},
    "scalar": {"anyOf": [{"type": "string", "minLength": 3}, {"type": "integer", "minimum": 0}]},
    "two": {"anyOf": [
      {"type": "object", "maxProperties": 1, "properties": {"a": {"type": "string"}}},
      {"type": "object", "properties": {"b": {"type": "string"}}}
    ]},
    "bounds": {"anyOf": [{"type": "number", "exclusiveMinimum": 5, "maximum": 3}, {"type": "number", "multipleOf": 7}]},
    "deps": {"anyOf": [
      {"type": "object", "dependentRequired": {"a": ["b"]}, "properties": {"a": {"type": "string"}}},
      {"type": "object", "properties": {"c": {"type": "string"}}}
    ]},
    "open": {"oneOf": [
      {"type": "object", "properties": {"kind": {"enum": ["a"]}, "n": {"type": "integer"}}, "required": ["kind"]},
      {"type": "object", "properties": {"kind": {"const": "b"}}, "required": ["kind", "m"]}
    ]},
    "both": {"oneOf": [{"type": "integer"}, {"minimum": 0}]},
    "nested": {"anyOf": [
      {"type": "object", "properties": {"x": {"anyOf": [{"type": "string"}, {"type": "null"}]}}},
      {"type": "object", "properties": {"y": {"type": "string"}}, "required": ["y"]}
    ]}
  },
  "$defs": {
    "cat": {"type": "object", "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer", "maximum": 9}}, "required": ["kind"]},
    "dog": {"type": "object", "properties": {"kind": {"const": "dog"}, "good": {"type": "boolean"}}, "required": ["kind", "good"]},
    "circle": {"type": "object", "properties": {"r": {"type": "number", "minimum": 0}}, "required": ["r"]},
    "square": {"type": "object", "properties": {"side": {"type": "number", "minimum": 0}}, "required": ["side"]}
  }}`

// TestUnionFailuresNameTheCause: a union that no branch matches reports, after its own violation,
// every violation of the one branch exclusion leaves (by const tag, required member or JSON type),
// or else each branch's first violation; a oneOf that several branches match reports only its own.
func TestUnionFailuresNameTheCause(t *testing.T) {
	p := filepath.Join(t.TempDir(), "u.schema.json")
	if err := os.WriteFile(p, []byte(unionSchema), 0o644); err != nil {
		t.Fatal(err)
	}
	m, _, err := emitModule(t, "u", []string{p})
	if err != nil {
		t.Fatal(err)
	}
	const noneOneOf, noneAnyOf = "matches none of the oneOf schemas", "matches none of the anyOf schemas"
	tests := []struct {
		json string
		want []tsViolation
	}{
		// The const tag excludes dog: cat's violations follow.
		{`{"tagged": {"kind": "cat", "lives": 12}}`, []tsViolation{
			{"/tagged", "/properties/tagged/oneOf", noneOneOf},
			{"/tagged/lives", "/properties/tagged/oneOf/0/$ref/properties/lives/maximum", "12 is not at most 9"},
		}},
		// The tag excludes cat and the missing "good" dog; with required members set aside, dog is
		// the one left, as the Go runtime judges: the missing member is the cause.
		{`{"tagged": {"kind": "dog", "lives": "x"}}`, []tsViolation{
			{"/tagged", "/properties/tagged/oneOf", noneOneOf},
			{"/tagged", "/properties/tagged/oneOf/1/$ref/required", `missing required member "good"`},
		}},
		// Without the tag both branches are left: each branch's first violation.
		{`{"tagged": {"lives": "x"}}`, []tsViolation{
			{"/tagged", "/properties/tagged/oneOf", noneOneOf},
			{"/tagged", "/properties/tagged/oneOf/0/$ref/required", `missing required member "kind"`},
			{"/tagged", "/properties/tagged/oneOf/1/$ref/required", `missing required member "kind"`},
		}},
		// The missing "r" excludes circle.
		{`{"shape": {"side": -1}}`, []tsViolation{
			{"/shape", "/properties/shape/oneOf", noneOneOf},
			{"/shape/side", "/properties/shape/oneOf/1/$ref/properties/side/minimum", "-1 is not at least 0"},
		}},
		// The JSON type selects the scalar branch.
		{`{"scalar": "ab"}`, []tsViolation{
			{"/scalar", "/properties/scalar/anyOf", noneAnyOf},
			{"/scalar", "/properties/scalar/anyOf/0/minLength", "has 2 characters, fewer than 3"},
		}},
		{`{"scalar": -1}`, []tsViolation{
			{"/scalar", "/properties/scalar/anyOf", noneAnyOf},
			{"/scalar", "/properties/scalar/anyOf/1/minimum", "-1 is not at least 0"},
		}},
		{`{"scalar": true}`, []tsViolation{
			{"/scalar", "/properties/scalar/anyOf", noneAnyOf},
			{"/scalar", "/properties/scalar/anyOf/0/type", "expected string, got boolean"},
			{"/scalar", "/properties/scalar/anyOf/1/type", "expected integer, got boolean"},
		}},
		// Two candidates: only the first violation of each (not branch 0's failing "a").
		{`{"two": {"a": 1, "b": 2}}`, []tsViolation{
			{"/two", "/properties/two/anyOf", noneAnyOf},
			{"/two", "/properties/two/anyOf/0/maxProperties", "has 2 members, more than 1"},
			{"/two/b", "/properties/two/anyOf/1/properties/b/type", "expected string, got integer"},
		}},
		// A branch's first violation is the one the Go runtime's quiet evaluation stops at.
		{`{"bounds": 4}`, []tsViolation{
			{"/bounds", "/properties/bounds/anyOf", noneAnyOf},
			{"/bounds", "/properties/bounds/anyOf/0/maximum", "4 is not at most 3"},
			{"/bounds", "/properties/bounds/anyOf/1/multipleOf", "4 is not a multiple of 7"},
		}},
		{`{"deps": {"a": 1, "c": 1}}`, []tsViolation{
			{"/deps", "/properties/deps/anyOf", noneAnyOf},
			{"/deps", "/properties/deps/anyOf/0/dependentRequired/a", `member "b" is required when "a" is present`},
			{"/deps/c", "/properties/deps/anyOf/1/properties/c/type", "expected string, got integer"},
		}},
		// Judged exactly, the enum excludes the first branch too.
		{`{"open": {"kind": "z", "n": "x"}}`, []tsViolation{
			{"/open", "/properties/open/oneOf", noneOneOf},
			{"/open", "/properties/open/oneOf/1/required", `missing required member "m"`},
			{"/open/kind", "/properties/open/oneOf/0/properties/kind/enum", `must be one of "a"`},
		}},
		{`{"both": 5}`, []tsViolation{
			{"/both", "/properties/both/oneOf", "matches oneOf schemas 0 and 1; exactly one must match"},
		}},
		// The selected branch reports everything, the explanation of its own failing union too.
		{`{"nested": {"x": 1}}`, []tsViolation{
			{"/nested", "/properties/nested/anyOf", noneAnyOf},
			{"/nested/x", "/properties/nested/anyOf/0/properties/x/anyOf", noneAnyOf},
			{"/nested/x", "/properties/nested/anyOf/0/properties/x/anyOf/0/type", "expected string, got integer"},
			{"/nested/x", "/properties/nested/anyOf/0/properties/x/anyOf/1/type", "expected null, got integer"},
		}},
		// A branch's first violation is its nested union's own, with nothing under it.
		{`{"nested": {"x": 1, "y": 2}}`, []tsViolation{
			{"/nested", "/properties/nested/anyOf", noneAnyOf},
			{"/nested/x", "/properties/nested/anyOf/0/properties/x/anyOf", noneAnyOf},
			{"/nested/y", "/properties/nested/anyOf/1/properties/y/type", "expected string, got integer"},
		}},
	}
	var cases []verdictCase
	for _, tc := range tests {
		cases = append(cases, verdictCase{Module: "u", Name: "union", JSON: tc.json, Valid: len(tc.want) == 0})
	}
	// With open enums (the class's constructor) a string outside an enum excludes nothing: the
	// first branch is the one left, and its violation is named.
	const openJSON = `{"open": {"kind": "z", "n": "x"}}`
	cases = append(cases, verdictCase{Module: "u", Name: "construct", JSON: openJSON, Construct: true})
	got := runModules(t, []tsModule{m}, cases)
	for i, tc := range tests {
		if diff := cmp.Diff(tc.want, got[i], cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: violations (-want +got):\n%s", tc.json, diff)
		}
	}
	wantOpen := "not a contract object: /open: " + noneOneOf + "; /open/n: expected integer, got string"
	if open := got[len(tests)]; len(open) != 1 || open[0].Error != wantOpen {
		t.Errorf("%s with open enums: got %v, want the TypeError %q", openJSON, open, wantOpen)
	}
}

// TestMessagesNameWhatGosDo: where a message could list or pick in more than one order, it reads
// as the Go runtime's: uniqueItems names the first equal pair by its first item, and type lists
// the types in the Go runtime's order. A union's first violation then reads the same in both.
func TestMessagesNameWhatGosDo(t *testing.T) {
	p := filepath.Join(t.TempDir(), "q.schema.json")
	schema := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Q", "type": "object",
  "properties": {"u": {"uniqueItems": true}, "t": {"type": ["integer", "null", "string"]}}}`
	if err := os.WriteFile(p, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	m, pkg, err := emitModule(t, "q", []string{p})
	if err != nil {
		t.Fatal(err)
	}
	table := lower.Lower(pkg)
	nodes, root := cgruntime.Compile(table.Nodes), table.Of(pkg.Roots[0].Schema)
	var cases []verdictCase
	var want [][]tsViolation
	for _, text := range []string{`{"u": [1, 2, 2, 1]}`, `{"t": true}`} {
		gv, err := cgruntime.ValidateJSON(nodes, root, []byte(text))
		if err != nil || len(gv) != 1 {
			t.Fatalf("Go: %v, %v; want one violation", gv, err)
		}
		cases = append(cases, verdictCase{Module: "q", Name: "message", JSON: text})
		want = append(want, []tsViolation{{gv[0].InstanceLocation, gv[0].KeywordLocation, gv[0].Message}})
	}
	got := runModules(t, []tsModule{m}, cases)
	for i, c := range cases {
		if diff := cmp.Diff(want[i], got[i]); diff != "" {
			t.Errorf("%s: violations differ from Go's (-go +ts):\n%s", c.JSON, diff)
		}
	}
}
