package ts

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

func TestTypeOfCompositions(t *testing.T) {
	str := &ir.Schema{Types: []string{"string"}}
	num := &ir.Schema{Types: []string{"number"}}
	obj := func(name string, s *ir.Schema) *ir.Schema {
		fls := false
		return &ir.Schema{Types: []string{"object"}, Properties: []*ir.Property{{Name: name, Schema: s}}, Required: []string{name},
			AdditionalProperties: &ir.Schema{Bool: &fls}}
	}
	a, b := &ir.Named{Name: "A"}, &ir.Named{Name: "B"}
	names := map[*ir.Named]string{a: "A", b: "B"}
	cases := []struct {
		name string
		s    *ir.Schema
		want string
	}{
		{"allOf intersects", &ir.Schema{AllOf: []*ir.Schema{{Ref: a}, obj("x", str)}}, "A & { x: string }"},
		{"untyped parts add nothing", &ir.Schema{Types: []string{"object"}, AllOf: []*ir.Schema{{Required: []string{"x"}}}},
			"{ [member: string]: unknown }"},
		{"oneOf unites", &ir.Schema{OneOf: []*ir.Schema{{Ref: a}, {Ref: b}}}, "A | B"},
		{"anyOf unites", &ir.Schema{AnyOf: []*ir.Schema{str, num, str}}, "string | number"},
		{"an unknown alternative", &ir.Schema{AnyOf: []*ir.Schema{str, {MinLength: new(int64)}}}, "unknown"},
		{"own type and alternatives", &ir.Schema{Types: []string{"string", "null"}, AnyOf: []*ir.Schema{str, num}},
			"(string | null) & (string | number)"},
		{"$ref beside allOf", &ir.Schema{Ref: a, AllOf: []*ir.Schema{{Ref: b}}}, "A & B"},
		{"never wins", &ir.Schema{AllOf: []*ir.Schema{{Ref: a}, {Bool: new(bool)}}}, "never"},
		{"a bar inside a literal", &ir.Schema{AllOf: []*ir.Schema{{Const: &ir.Value{JSON: []byte(`"a|b"`), Decoded: "a|b"}}, {Ref: a}}},
			`"a|b" & A`},
	}
	for _, c := range cases {
		if got := tsType(c.s, names); got != c.want {
			t.Errorf("%s: tsType = %s, want %s", c.name, got, c.want)
		}
	}
}

// TestComposedTypesCompile declares the types of a schema that composes ($ref'd base plus inline
// extension, a oneOf of variants told apart by a const) and checks with tsc --strict that they
// accept what the schema accepts, reject what it rejects where TypeScript can tell, and narrow on
// the discriminator.
func TestComposedTypesCompile(t *testing.T) {
	schema := `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Drawing",
  "type": "object",
  "properties": {"shape": {"$ref": "#/$defs/shape"}, "tag": {"$ref": "#/$defs/tagged"}},
  "required": ["shape"],
  "$defs": {
    "base": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
    "tagged": {"allOf": [{"$ref": "#/$defs/base"}, {"type": "object", "properties": {"label": {"type": "string"}}, "required": ["label"]}]},
    "circle": {"type": "object", "properties": {"kind": {"const": "circle"}, "radius": {"type": "number"}},
      "required": ["kind", "radius"], "additionalProperties": false},
    "square": {"type": "object", "properties": {"kind": {"const": "square"}, "side": {"type": "number"}},
      "required": ["kind", "side"], "additionalProperties": false},
    "shape": {"oneOf": [{"$ref": "#/$defs/circle"}, {"$ref": "#/$defs/square"}]}
  }
}`
	dir := t.TempDir()
	file := filepath.Join(dir, "drawing.schema.json")
	if err := os.WriteFile(file, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := load.Files([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := build.Build(set, build.Options{Package: "drawing"})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	writeTypes(&b, pkg, typeNames(pkg))
	decls := b.String()
	for _, want := range []string{"export type Shape = Circle | Square;"} {
		if !strings.Contains(decls, want) {
			t.Errorf("the declarations lack %q:\n%s", want, decls)
		}
	}
	uses := `
export const circle: Shape = { kind: "circle", radius: 1 };
export const square: Shape = { kind: "square", side: 2 };
// @ts-expect-error a circle has no side
export const wrongMember: Shape = { kind: "circle", side: 1 };
// @ts-expect-error no variant is a triangle
export const noVariant: Shape = { kind: "triangle", side: 1 };
export function area(s: Shape): number {
  switch (s.kind) {
    case "circle":
      return s.radius * s.radius;
    case "square":
      return s.side * s.side;
  }
}
export const tagged: Tagged = { id: "t1", label: "first" };
// @ts-expect-error the base's id is required
export const untagged: Tagged = { label: "first" };
// @ts-expect-error the extension's label is required
export const unlabeled: Tagged = { id: "t1" };
export const drawing: DrawingObject = { shape: circle, tag: tagged };
`
	out := filepath.Join(dir, "drawing.ts")
	if err := os.WriteFile(out, []byte(decls+uses), 0o644); err != nil {
		t.Fatal(err)
	}
	tsc := findTSC(t)
	args := []string{"--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess", "--noImplicitReturns",
		"--noEmit", "--target", "es2020", "--lib", "es2020", out}
	if outb, err := exec.Command(tsc, args...).CombinedOutput(); err != nil {
		t.Errorf("tsc --strict: %v\n%s\n%s", err, outb, decls)
	}
}

// unionUses are TypeScript statements against the declared types of the union golden cases
// (testdata/golden/union-*): values of each variant, values the types must reject, and
// switches that narrow to a variant, as a consumer writes them.
var unionUses = map[string]string{
	"union-discriminated": `
export const cat: Pet = { kind: "cat", lives: 9 };
export const helper: Keeper = { role: "helper" };
// @ts-expect-error a dog needs a name
export const nameless: Pet = { kind: "dog" };
// @ts-expect-error no variant is a fish
export const fish: Pet = { kind: "fish", lives: 1 };
export function describe(p: Pet): string {
  switch (p.kind) {
    case "cat":
      return String(p.lives);
    case "dog":
      return p.name;
  }
}
export function badge(k: Keeper): number | undefined {
  return k.role === "staff" ? k.badge : k.hours;
}
`,
	"union-enum-discriminator": `
export function size(s: DrawingShapesItem): number {
  switch (s.kind) {
    case "circle":
    case "disc":
      return s.radius;
    case "square":
      return s.side;
  }
}
// @ts-expect-error a square has a side, not a radius
export const wrong: DrawingShapesItem = { kind: "square", radius: 1 };
`,
	"union-required-members": `
export const card: Payment = { card_number: "4111", expiry: "12/30" };
export const transfer: Payment = { iban: "DE00" };
export function account(p: Payment): string {
  return "iban" in p ? p.iban : p.card_number;
}
// @ts-expect-error neither variant
export const neither: Payment = { holder: "Ann" };
`,
	"union-json-type": `
export const settings: ConfigObject = { settings: { a: "x", b: ["y"], c: 3, d: { ref: "r" } } };
export function text(s: Setting): string {
  if (typeof s === "string") return s;
  if (typeof s === "number") return String(s);
  if (Array.isArray(s)) return s.join(",");
  return s.ref;
}
// @ts-expect-error a boolean is no variant
export const flag: Setting = true;
`,
}

// TestUnionTypesCompile declares the types of each union golden case and checks with tsc --strict
// that consumers can build every variant, are stopped where TypeScript can tell a value is none,
// and narrow a union to its variant by the member, by "in" or by typeof, as the Go decoder tells
// them apart.
func TestUnionTypesCompile(t *testing.T) {
	dir := t.TempDir()
	var modules []string
	for name, uses := range unionUses {
		schemas, _ := filepath.Glob(filepath.Join(repoRoot, "testdata", "golden", name, "*.schema.json"))
		if len(schemas) == 0 {
			t.Fatalf("%s: no schema", name)
		}
		set, err := load.Files(schemas)
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := build.Build(set, build.Options{Package: "u"})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		writeTypes(&b, pkg, typeNames(pkg))
		out := filepath.Join(dir, name+".ts")
		if err := os.WriteFile(out, []byte(b.String()+uses), 0o644); err != nil {
			t.Fatal(err)
		}
		modules = append(modules, out)
	}
	tsc := findTSC(t)
	args := append([]string{"--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess", "--noImplicitReturns",
		"--noEmit", "--target", "es2020", "--lib", "es2020"}, modules...)
	if out, err := exec.Command(tsc, args...).CombinedOutput(); err != nil {
		t.Errorf("tsc --strict: %v\n%s", err, out)
	}
}

// TestUnionTypesGolden pins the declarations of the union golden cases in testdata/unions.ts
// (-update rewrites it), all five cases side by side, where their shape is read at a glance;
// TestComposedGoldensAgreeWithReference generates and runs the full modules.
func TestUnionTypesGolden(t *testing.T) {
	var b strings.Builder
	for _, name := range []string{"union-discriminated", "union-enum-discriminator", "union-required-members", "union-json-type", "union-ambiguous"} {
		schemas, _ := filepath.Glob(filepath.Join(repoRoot, "testdata", "golden", name, "*.schema.json"))
		set, err := load.Files(schemas)
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := build.Build(set, build.Options{Package: "u"})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "// ---- testdata/golden/%s\n\n", name)
		writeTypes(&b, pkg, typeNames(pkg))
	}
	golden := filepath.Join("testdata", "unions.ts")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), b.String()); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s", golden, diff)
	}
}
