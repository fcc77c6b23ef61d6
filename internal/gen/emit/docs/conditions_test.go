package docs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// TestConditions says each kind of cross-member rule in words, and names the place in the schema
// of every rule a line cannot say, so none is left off the page.
func TestConditions(t *testing.T) {
	cases := []struct {
		name, schema string
		want         []string
	}{
		{"if/then/else on a const", `{"type": "object",
  "if": {"properties": {"mode": {"const": "file"}}, "required": ["mode"]},
  "then": {"required": ["path"]}, "else": {"not": {"required": ["path"]}}}`,
			[]string{"When `mode` is `\"file\"`, `path` must be present; otherwise `path` must be absent."}},
		{"enum and optional members", `{"type": "object",
  "if": {"properties": {"level": {"enum": ["warn", "error"]}}},
  "then": {"required": ["code", "hint"]}}`,
			[]string{"When `level` is absent or one of `\"warn\"`, `\"error\"`, `code` and `hint` must be present."}},
		{"else alone", `{"type": "object", "if": {"required": ["a"]}, "else": {"required": ["b"]}}`,
			[]string{"Unless `a` is present, `b` must be present."}},
		{"too rich for a line", `{"type": "object", "if": {"properties": {"n": {"type": "integer", "minimum": 3}}},
  "then": {"required": ["m"]}}`,
			[]string{"When the object meets the schema at `#/if`, `m` must be present."}},
		{"dependencies, not and counts in allOf parts", `{"type": "object", "$defs": {"base": {"dependentRequired": {"a": ["b", "c"]}}},
  "allOf": [{"$ref": "#/$defs/base"}, {"not": {"required": ["x", "y"]}},
    {"dependentSchemas": {"card": {"required": ["billing"]}, "iban": {"properties": {"bic": {"type": "string"}}}}},
    {"minProperties": 1, "maxProperties": 9}]}`,
			[]string{
				"When `a` is present, `b` and `c` must be present too.",
				"`x` and `y` are not all present.",
				"When `card` is present, `billing` must be present.",
				"When `iban` is present, the object also meets the schema at `#/allOf/2/dependentSchemas/iban`.",
				"At least 1 member.", "At most 9 members.",
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "c.schema.json")
			if err := os.WriteFile(file, []byte(c.schema), 0o644); err != nil {
				t.Fatal(err)
			}
			set, err := load.Files([]string{file})
			if err != nil {
				t.Fatal(err)
			}
			pkg, err := build.Build(set, build.Options{Package: "c"})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, conditions(pkg.Roots[0].Schema)); diff != "" {
				t.Errorf("conditions (-want +got):\n%s", diff)
			}
		})
	}
}

// TestValueTypes: a const or enum without "type" reads as the JSON types of its values.
func TestValueTypes(t *testing.T) {
	num := func(s string) ir.Value { return ir.Value{Decoded: json.Number(s)} }
	cases := []struct {
		s    *ir.Schema
		want string
	}{
		{&ir.Schema{Const: &ir.Value{Decoded: json.Number("1")}}, "integer"},
		{&ir.Schema{Const: &ir.Value{Decoded: json.Number("1.0")}}, "integer"},
		{&ir.Schema{Const: &ir.Value{Decoded: true}}, "boolean"},
		{&ir.Schema{Enum: []ir.Value{num("1.5"), {Decoded: "a"}, num("2"), {Decoded: nil}}}, "number or string or integer or null"},
		{&ir.Schema{Enum: []ir.Value{{Decoded: []any{}}, {Decoded: map[string]any{}}}}, "array or object"},
		{&ir.Schema{}, "any"},
	}
	for _, c := range cases {
		if got := typeText(c.s); got != c.want {
			t.Errorf("typeText = %q, want %q", got, c.want)
		}
	}
}
