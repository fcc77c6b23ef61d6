package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// TestCases classifies the object-shaped schemas of one schema with every category the builder
// produces, each case in a value position once: the oneOf's parts are pieces of its one type,
// and the bare reference is counted where it points.
func TestCases(t *testing.T) {
	schema := `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "a": {"type": "object", "properties": {"x": {"type": "string"}}},
    "m": {"type": "object", "additionalProperties": {"type": "integer"}},
    "p": {"type": "object", "patternProperties": {"^x": {"type": "object", "properties": {"y": {"type": "string"}}}}},
    "r": {"$ref": "#/$defs/base"},
    "s": {"type": "string"},
    "u": {"oneOf": [{"$ref": "#/$defs/base"}, {"type": "object", "required": ["z"]}]},
    "pet": {"oneOf": [{"$ref": "#/$defs/cat"}, {"$ref": "#/$defs/dog"}]}
  },
  "$defs": {
    "base": {"type": "object", "properties": {"id": {"type": "string"}}},
    "color": {"enum": ["red", "green"]},
    "cat": {"type": "object", "properties": {"kind": {"const": "cat"}}, "required": ["kind"]},
    "dog": {"type": "object", "properties": {"kind": {"const": "dog"}}, "required": ["kind"]},
    "loose": {"properties": {"q": {"type": "object", "properties": {"w": {"type": "integer"}}}}}
  }
}`
	got := casesOf(t, schema)
	want := []Case{
		{"s.json#", Struct, "", false},
		{"s.json#/$defs/base", Struct, "", false},
		{"s.json#/$defs/cat", Struct, "", false},
		{"s.json#/$defs/color", Other, "", false},
		{"s.json#/$defs/dog", Struct, "", false},
		{"s.json#/$defs/loose", Raw, "no type", false},
		{"s.json#/$defs/loose/properties/q", Raw, "inside raw s.json#/$defs/loose", true},
		{"s.json#/properties/a", Struct, "", false},
		{"s.json#/properties/m", Map, "", false},
		{"s.json#/properties/p", Map, "", false},
		{"s.json#/properties/p/patternProperties/^x", Raw, "inside raw s.json#/properties/p", true},
		{"s.json#/properties/pet", Sum, "", false},
		{"s.json#/properties/u", Raw, "oneOf: (the builder's reason)", true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cases (-want +got):\n%s", diff)
	}
}

// TestCasesNotObjects leaves out what is not object-shaped: scalars, arrays of scalars, and
// compositions with a non-object part; $defs entries count whatever they are.
func TestCasesNotObjects(t *testing.T) {
	schema := `{
  "type": "array",
  "items": {"anyOf": [{"type": "string"}, {"type": "object"}]},
  "$defs": {"n": {"type": "integer"}}
}`
	got := casesOf(t, schema)
	want := []Case{{"s.json#/$defs/n", Other, "", false}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cases (-want +got):\n%s", diff)
	}
}

func casesOf(t *testing.T, schema string) []Case {
	t.Helper()
	file := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(file, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := load.Load([]string{file}, load.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "g", RootType: "Root"})
	if err != nil {
		t.Fatal(err)
	}
	cases := Cases(pkg)
	for i := range cases {
		cases[i].Origin = shortOrigin(cases[i].Origin)
		cases[i].Reason = strings.ReplaceAll(cases[i].Reason, filepath.Dir(file), "")
		if kw, why, ok := strings.Cut(cases[i].Reason, ": "); ok && why != "" && (kw == "oneOf" || kw == "anyOf") {
			// The builder words why a union stays raw; that it says something is what counts here.
			cases[i].Reason = kw + ": (the builder's reason)"
		}
	}
	return cases
}
