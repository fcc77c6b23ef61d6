package lower_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/build/buildtest"
	"github.com/contractgen/contractgen/internal/gen/lower"
)

// memberNode lowers a root object whose member "v" has the given schema and returns v's node.
func memberNode(t *testing.T, schema string) (cgruntime.Node, *lower.Table) {
	t.Helper()
	pkg := buildtest.Package(t, "s.json", `{"title": "T", "type": "object", "properties": {"v": `+schema+`},
		"$defs": {"D": {"type": "string", "maxLength": 2}}}`)
	tab := lower.Lower(pkg)
	return tab.Nodes[tab.Of(pkg.Roots[0].Fields[0].Schema)], tab
}

// TestLowerKeywords checks that each keyword reaches the table node as the interpreter reads it:
// types as bits, const and enum as compact JSON, counts with "set" (so a bound of 0 is kept),
// numbers as their literals, subschemas as node indexes.
func TestLowerKeywords(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		check  func(n cgruntime.Node, tab *lower.Table) bool
	}{
		{"one type", `{"type": "string"}`, func(n cgruntime.Node, _ *lower.Table) bool { return n.Types == cgruntime.TypeString }},
		{"types as bits", `{"type": ["string", "null"]}`, func(n cgruntime.Node, _ *lower.Table) bool {
			return n.Types == cgruntime.TypeString|cgruntime.TypeNull
		}},
		{"no type is every type", `{"minLength": 1}`, func(n cgruntime.Node, _ *lower.Table) bool { return n.Types == 0 }},
		{"true schema", `true`, func(n cgruntime.Node, _ *lower.Table) bool { return n.Bool == cgruntime.TrueSchema }},
		{"false schema", `false`, func(n cgruntime.Node, _ *lower.Table) bool { return n.Bool == cgruntime.FalseSchema }},
		{"const null differs from no const", `{"const": null}`, func(n cgruntime.Node, _ *lower.Table) bool {
			return n.HasConst && n.Const == "null"
		}},
		{"const object compact, in source order", `{"const": {"b": 1, "a": [true, "x"]}}`, func(n cgruntime.Node, _ *lower.Table) bool {
			return n.HasConst && n.Const == `{"b":1,"a":[true,"x"]}`
		}},
		{"enum as JSON texts", `{"enum": ["a", 1.50, null]}`, func(n cgruntime.Node, _ *lower.Table) bool {
			return slices.Equal(n.Enum, []string{`"a"`, `1.50`, `null`})
		}},
		{"zero bound kept", `{"type": "string", "maxLength": 0}`, func(n cgruntime.Node, _ *lower.Table) bool {
			return n.MaxLength.Set && n.MaxLength.N == 0 && !n.MinLength.Set
		}},
		{"pattern", `{"type": "string", "pattern": "^[a-z]+$"}`, func(n cgruntime.Node, _ *lower.Table) bool { return n.Pattern == "^[a-z]+$" }},
		{"numbers as written", `{"type": "number", "minimum": 1e400, "exclusiveMaximum": 0.1, "multipleOf": 0.01}`, func(n cgruntime.Node, _ *lower.Table) bool {
			return n.Minimum == "1e400" && n.ExclusiveMaximum == "0.1" && n.MultipleOf == "0.01" && n.Maximum == ""
		}},
		{"array counts and uniqueness", `{"type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": true}`, func(n cgruntime.Node, _ *lower.Table) bool {
			return n.MinItems == cgruntime.Count{Set: true, N: 1} && n.MaxItems == cgruntime.Count{Set: true, N: 3} && n.UniqueItems
		}},
		{"items, prefixItems, contains", `{"prefixItems": [{"type": "string"}], "items": {"type": "integer"}, "contains": {"const": 1}, "minContains": 2}`, func(n cgruntime.Node, tab *lower.Table) bool {
			return len(n.PrefixItems) == 1 && tab.Nodes[n.PrefixItems[0]].Types == cgruntime.TypeString &&
				tab.Nodes[n.Items].Types == cgruntime.TypeInteger && tab.Nodes[n.Contains].HasConst && n.MinContains.N == 2
		}},
		{"object keywords", `{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"], "additionalProperties": false, "patternProperties": {"^x-": {"type": "integer"}}, "propertyNames": {"maxLength": 9}, "minProperties": 1}`, func(n cgruntime.Node, tab *lower.Table) bool {
			return len(n.Properties) == 1 && n.Properties[0].Name == "a" && tab.Nodes[n.Properties[0].Node].Types == cgruntime.TypeString &&
				slices.Equal(n.Required, []string{"a", "b"}) && tab.Nodes[n.AdditionalProperties].Bool == cgruntime.FalseSchema &&
				n.PatternProperties[0].Name == "^x-" && tab.Nodes[n.PropertyNames].MaxLength.N == 9 && n.MinProperties.N == 1
		}},
		{"dependencies", `{"dependentRequired": {"a": ["b", "c"]}, "dependentSchemas": {"d": {"required": ["e"]}}}`, func(n cgruntime.Node, tab *lower.Table) bool {
			return len(n.DependentRequired) == 1 && n.DependentRequired[0].Name == "a" && slices.Equal(n.DependentRequired[0].Required, []string{"b", "c"}) &&
				n.DependentSchemas[0].Name == "d" && slices.Equal(tab.Nodes[n.DependentSchemas[0].Node].Required, []string{"e"})
		}},
		{"applicators", `{"allOf": [{"minLength": 1}], "anyOf": [{"type": "string"}, {"type": "null"}], "oneOf": [true], "not": {"const": 0}, "if": {"type": "string"}, "then": {"minLength": 2}, "else": false}`, func(n cgruntime.Node, tab *lower.Table) bool {
			return len(n.AllOf) == 1 && len(n.AnyOf) == 2 && tab.Nodes[n.OneOf[0]].Bool == cgruntime.TrueSchema &&
				tab.Nodes[n.Not].HasConst && n.If != 0 && tab.Nodes[n.Then].MinLength.N == 2 && tab.Nodes[n.Else].Bool == cgruntime.FalseSchema
		}},
		{"ref to a named type's node", `{"$ref": "#/$defs/D"}`, func(n cgruntime.Node, tab *lower.Table) bool {
			return n.Ref != 0 && tab.Nodes[n.Ref].MaxLength.N == 2 && tab.Origins[n.Ref] == "s.json#/$defs/D"
		}},
		{"absent subschemas are 0", `{"type": "string"}`, func(n cgruntime.Node, _ *lower.Table) bool {
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
	pkg := buildtest.Package(t, "s.json", `{"title": "Root", "type": "object",
		"properties": {"a": {"$ref": "#/$defs/Zed"}, "b": {"$ref": "#/$defs/Zed"}, "c": {"$ref": "#/$defs/Alpha"}},
		"$defs": {"Zed": {"type": "string"}, "Alpha": {"type": "integer"}}}`)
	tab := lower.Lower(pkg)
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
