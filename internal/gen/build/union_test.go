package build_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// TestUnionRules checks which rule tells a union's variants apart, whether exclusivity is proven,
// the variants' names and what selects them, and, for raw unions, that the reason is given.
func TestUnionRules(t *testing.T) {
	obj := func(required, props string) string {
		return `{"type": "object", "required": [` + required + `], "properties": {` + props + `}}`
	}
	closed := func(required, props string) string {
		return `{"type": "object", "required": [` + required + `], "properties": {` + props + `}, "additionalProperties": false}`
	}
	tests := []struct {
		name, union string
		kind        ir.NamedKind
		rule        ir.UnionRule
		exclusive   bool
		// variants spells each variant as "GoName=selection".
		variants []string
		why      string // a part of Union.Why
	}{
		{"const discriminator through $ref", `{"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}]}`,
			ir.UnionType, ir.UnionDiscriminator, true, []string{"Cat=cat", "Dog=dog"}, ""},
		{"disjoint enums, inline, titles and values name them", `{"anyOf": [` +
			obj(`"k"`, `"k": {"enum": ["a", "b"]}`) + `, ` + strings.Replace(obj(`"k"`, `"k": {"type": "string", "enum": ["c"]}`), "{", `{"title": "Sea",`, 1) + `]}`,
			ir.UnionType, ir.UnionDiscriminator, true, []string{"A=a,b", "Sea=c"}, ""},
		{"overlapping enums are no discriminator", `{"oneOf": [` +
			obj(`"k"`, `"k": {"enum": ["a", "b"]}`) + `, ` + obj(`"k"`, `"k": {"enum": ["b"]}`) + `]}`,
			ir.AliasType, ir.UnionRaw, false, []string{"Object=", "Object2="}, "no member is required by every variant"},
		{"a discriminator that is not required is none", `{"oneOf": [` +
			obj(``, `"k": {"const": "a"}`) + `, ` + obj(`"k"`, `"k": {"const": "b"}`) + `]}`,
			ir.AliasType, ir.UnionRaw, false, nil, "no variant requires a member"},
		{"required members, open variants: not exclusive, so raw", `{"oneOf": [` +
			obj(`"a"`, `"a": {"type": "string"}`) + `, ` + obj(`"b", "c"`, `"b": {}, "c": {}`) + `]}`,
			ir.AliasType, ir.UnionRaw, false, nil, "not every variant forbids undeclared members"},
		{"required members, closed variants: exclusive", `{"oneOf": [` +
			closed(`"a"`, `"a": {"type": "string"}, "z": {}`) + `, ` + closed(`"b"`, `"b": {}, "z": {}`) + `]}`,
			ir.UnionType, ir.UnionRequired, true, []string{"A=a", "B=b"}, ""},
		{"a member one variant requires and another declares tells nothing", `{"oneOf": [` +
			obj(`"a"`, `"a": {}`) + `, ` + obj(`"b"`, `"a": {}, "b": {}`) + `]}`,
			ir.AliasType, ir.UnionRaw, false, nil, "no variant requires a member that the others neither declare nor require"},
		{"JSON types", `{"oneOf": [{"type": "string"}, {"type": "array"}, {"type": "integer"}, ` + obj(`"x"`, `"x": {}`) + `]}`,
			ir.UnionType, ir.UnionJSONType, true, []string{"String=string", "Array=array", "Integer=integer", "Object=object"}, ""},
		{"integer and number overlap", `{"oneOf": [{"type": "integer"}, {"type": "number"}, {"type": "array"}]}`,
			ir.AliasType, ir.UnionRaw, false, nil, "not every variant is an object"},
		{"a string and a map are typed", `{"oneOf": [{"type": "string"}, {"type": "object", "additionalProperties": {"type": "string"}}]}`,
			ir.UnionType, ir.UnionJSONType, true, []string{"String=string", "Object=object"}, ""},
		{"a variant of several types is not typed", `{"oneOf": [{"type": ["null", "string"]}, ` + obj(`"x"`, `"x": {}`) + `]}`,
			ir.AliasType, ir.UnionRaw, false, nil, "a variant admits several types"},
		{"scalars stay raw with accessors", `{"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0, "maximum": 9}]}`,
			ir.AliasType, ir.UnionScalar, false, []string{"String=string", "Integer=integer"}, ""},
		{"a type list of scalars", `{"type": ["boolean", "null", "string"]}`,
			ir.AliasType, ir.UnionScalar, false, []string{"Boolean=boolean", "Null=null", "String=string"}, ""},
		{"an outer integer type does not admit what selects an integer variant", `{"type": ["array", "integer", "string"], "oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "array"}]}`,
			ir.AliasType, ir.UnionRaw, false, nil, `"type" beside oneOf`},
		{"an outer type that rejects a variant", `{"type": "object", "oneOf": [{"type": "string"}, {"type": "array"}]}`,
			ir.AliasType, ir.UnionRaw, false, nil, `"type" beside oneOf`},
		{"OpenAPI discriminator with mapping, proven by the schemas", `{"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}],
			"discriminator": {"propertyName": "kind", "mapping": {"kitten": "#/$defs/Cat"}}}`,
			ir.UnionType, ir.UnionDiscriminator, true, []string{"Cat=cat,kitten", "Dog=dog"}, ""},
		{"OpenAPI discriminator the schemas do not restrict stays raw", `{"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Pup"}],
			"discriminator": {"propertyName": "kind", "mapping": {"kitten": "#/$defs/Cat"}}}`,
			ir.AliasType, ir.UnionRaw, false, nil, "may match another variant than the one it names"},
		{"OpenAPI discriminator naming an undeclared member", `{"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Pup"}],
			"discriminator": {"propertyName": "sound"}}`,
			ir.AliasType, ir.UnionRaw, false, nil, `"sound" is not a declared member`},
	}
	defs := `"$defs": {
		"Cat": ` + obj(`"kind"`, `"kind": {"const": "cat"}`) + `,
		"Dog": ` + obj(`"kind"`, `"kind": {"type": "string", "const": "dog"}`) + `,
		"Pup": ` + obj(`"kind"`, `"kind": {"type": "string"}`) + `}`
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pkg := buildOne(t, `{"title": "T", "type": "object", "properties": {"u": {"$ref": "#/$defs/U"}}, `+
				strings.Replace(defs, `"$defs": {`, `"$defs": {"U": `+tt.union+`,`, 1)+`}`)
			n := named(t, pkg, "U")
			if n.Kind != tt.kind || n.Union == nil || n.Union.Rule != tt.rule || n.Union.Exclusive != tt.exclusive {
				t.Fatalf("kind %v, union %+v; want kind %v, rule %v, exclusive %v", n.Kind, n.Union, tt.kind, tt.rule, tt.exclusive)
			}
			if !strings.Contains(n.Union.Why, tt.why) || (tt.rule == ir.UnionRaw) != (n.Union.Why != "") {
				t.Errorf("Why = %q, want it to say %q", n.Union.Why, tt.why)
			}
			if tt.variants != nil {
				var got []string
				for _, v := range n.Union.Variants {
					sel := strings.Join(v.Values, ",") + strings.Join(v.Members, "+") + strings.Join(v.JSONTypes, "|")
					got = append(got, v.Name+"="+sel)
				}
				if !slices.Equal(got, tt.variants) {
					t.Errorf("variants %v, want %v", got, tt.variants)
				}
			}
			if n.Kind == ir.UnionType {
				for _, v := range n.Union.Variants {
					if v.Type == nil || v.Go.Constructor != "NewU"+v.Name {
						t.Errorf("variant %s: type %v, constructor %q", v.Name, v.Type, v.Go.Constructor)
					}
				}
				if f := named(t, pkg, "T").Fields[0]; !f.Type.Go.Pointer {
					t.Error("an optional member of a sum type is not a pointer")
				}
			}
		})
	}
}

// TestUnionRefersBack types a union whose variants refer back to it (a tree): the decision waits
// until every variant is built.
func TestUnionRefersBack(t *testing.T) {
	pkg := buildOne(t, `{"title": "Expr", "$ref": "#/$defs/Node", "$defs": {
		"Node": {"oneOf": [{"$ref": "#/$defs/Leaf"}, {"$ref": "#/$defs/Pair"}]},
		"Leaf": {"type": "object", "required": ["op", "value"], "properties": {"op": {"const": "leaf"}, "value": {"type": "number"}}},
		"Pair": {"type": "object", "required": ["op", "left", "right"], "properties": {"op": {"const": "pair"},
			"left": {"$ref": "#/$defs/Node"}, "right": {"$ref": "#/$defs/Node"}}}}}`)
	n := named(t, pkg, "Node")
	if n.Kind != ir.UnionType || n.Union.Rule != ir.UnionDiscriminator {
		t.Fatalf("Node: kind %v, union %+v", n.Kind, n.Union)
	}
	if f := named(t, pkg, "Pair").Fields[1]; f.Type.Kind != ir.TypeRef || f.Type.Named != n || f.Type.Go.Pointer {
		t.Errorf("Pair.Left is %+v, want the required sum type Node", f.Type)
	}
}

// TestDiscriminatorKeyword checks OpenAPI's keyword where it is malformed or misplaced.
func TestDiscriminatorKeyword(t *testing.T) {
	for schema, want := range map[string]string{
		`{"type": "object", "discriminator": {"propertyName": "k"}}`:                                   "needs a oneOf or anyOf beside it",
		`{"oneOf": [{"type": "string"}], "discriminator": {"mapping": {}}}`:                            "propertyName must name",
		`{"oneOf": [{"type": "string"}], "discriminator": {"propertyName": "k", "x": 1}}`:              "discriminator.x is not an OpenAPI discriminator field",
		`{"oneOf": [{"type": "string"}], "discriminator": {"propertyName": "k", "mapping": {"a": 1}}}`: "must be a schema reference",
	} {
		_, err := buildFiles(t, build.Options{}, "s.json", schema)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want it to say %q", schema, err, want)
		}
	}
}

// TestNullableIdiom: a oneOf or anyOf of one schema and {"type": "null"} (OpenAPI 3.1's nullable)
// is a Nullable of that schema's type, under $defs and in place; a branch that admits null itself
// keeps the union. (Before: json.RawMessage with AsString, AsInt64, AsNumber and AsBool.)
func TestNullableIdiom(t *testing.T) {
	pkg := buildOne(t, `{"title": "T", "type": "object", "properties": {
		"next": {"oneOf": [{"$ref": "#/$defs/cursor"}, {"type": "null"}]},
		"prev": {"$ref": "#/$defs/maybeCursor"},
		"tags": {"anyOf": [{"type": "null"}, {"type": "object", "additionalProperties": {"type": "string"}}]},
		"both": {"oneOf": [{"type": ["string", "null"]}, {"type": "null"}]}},
	  "$defs": {"cursor": {"type": "string", "minLength": 1},
		"maybeCursor": {"oneOf": [{"$ref": "#/$defs/cursor"}, {"type": "null", "description": "no more pages"}]}}}`)
	maybe := named(t, pkg, "MaybeCursor")
	if u := maybe.Underlying; maybe.Kind != ir.AliasType || u == nil || u.Kind != ir.TypeRef || u.Named.Name != "Cursor" || !u.Nullable {
		t.Errorf("MaybeCursor: kind %v, underlying %+v; want Nullable[Cursor]", maybe.Kind, u)
	}
	root := named(t, pkg, "T")
	for _, f := range root.Fields {
		switch f.Name {
		case "next":
			if f.Type.Kind != ir.TypeRef || f.Type.Named.Name != "Cursor" || !f.Type.Nullable {
				t.Errorf("next: %+v, want *Nullable[Cursor]", f.Type)
			}
		case "prev":
			if f.Type.Kind != ir.TypeRef || f.Type.Named != maybe || !f.Type.Go.Pointer {
				t.Errorf("prev: %+v, want *MaybeCursor", f.Type)
			}
		case "tags":
			if f.Type.Kind != ir.TypeMap || !f.Type.Nullable {
				t.Errorf("tags: %+v, want a Nullable map", f.Type)
			}
		case "both":
			if !f.Type.HoldsRawJSON() {
				t.Errorf("both: %+v; a branch that admits null itself makes null match both, so the union stays", f.Type)
			}
		}
	}
}
