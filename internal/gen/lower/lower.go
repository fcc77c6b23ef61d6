// Package lower is the one lowering of a package's schemas to the validation table that the
// runtime's interpreter runs: the Go target writes it as text (cgTable), the TypeScript target prints
// the same nodes, contractgen validate runs it in memory, and tablegen writes the schema tables
// contractgen carries.
package lower

import (
	"slices"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// Table is the validation table of a package: one node per schema, in a deterministic order, with
// node 0 unused so that 0 can mean "absent" in references. It is the one lowering of the schemas
// that both validators print: the Go target's cgTable and the TypeScript target's, which numbers
// its nodes the same way and spells each from the same lowered keywords.
type Table struct {
	// Nodes are the lowered schemas; Nodes[0] is a placeholder.
	Nodes []cgruntime.Node
	// Origins are the "file#/pointer" of each node, for comments in generated code.
	Origins []string
	// Schemas are the schema of each node (Schemas[0] is nil), for what a target spells its own
	// way.
	Schemas []*ir.Schema
	// index maps each schema to its node.
	index map[*ir.Schema]int32
	// lowered holds the nodes while Lower runs: growing a slice of pointers is cheap, where
	// growing Nodes itself would copy every (large) node at each doubling.
	lowered []*cgruntime.Node
}

// Of returns the node of a schema; 0 when the schema is nil.
func (t *Table) Of(s *ir.Schema) int32 {
	if s == nil {
		return 0
	}
	return t.index[s]
}

// Lower builds the table for every schema reachable from the package's named types. Roots come
// first, then the other named types by name, each followed by the schemas under it.
func Lower(pkg *ir.Package) *Table {
	t := &Table{Origins: []string{""}, Schemas: []*ir.Schema{nil}, index: map[*ir.Schema]int32{}, lowered: []*cgruntime.Node{{}}}
	for _, n := range pkg.Roots {
		t.add(n.Schema)
	}
	for _, n := range pkg.Types {
		t.add(n.Schema)
	}
	if pkg.AssertFormats {
		for i, s := range t.Schemas {
			if s != nil && slices.Contains(cgruntime.AssertedFormats, s.Format) {
				t.lowered[i].Format = s.Format
			}
		}
	}
	t.Nodes = make([]cgruntime.Node, len(t.lowered))
	for i, n := range t.lowered {
		t.Nodes[i] = *n
	}
	t.lowered = nil
	return t
}

// add lowers s and everything under it, returning its node.
func (t *Table) add(s *ir.Schema) int32 {
	if s == nil {
		return 0
	}
	if i, ok := t.index[s]; ok {
		return i
	}
	i := int32(len(t.lowered))
	t.index[s] = i
	n := lowerAssertions(s)
	t.lowered = append(t.lowered, &n)
	t.Origins = append(t.Origins, s.Origin)
	t.Schemas = append(t.Schemas, s)
	if s.Ref != nil {
		n.Ref = t.add(s.Ref.Schema)
	}
	t.lowerArray(s, &n)
	t.lowerObject(s, &n)
	n.AllOf, n.AnyOf, n.OneOf = t.list(s.AllOf), t.list(s.AnyOf), t.list(s.OneOf)
	n.Not, n.If, n.Then, n.Else = t.add(s.Not), t.add(s.If), t.add(s.Then), t.add(s.Else)
	n.UnevaluatedProperties, n.UnevaluatedItems = t.add(s.UnevaluatedProperties), t.add(s.UnevaluatedItems)
	n.ContainsNotEvaluating = !s.ContainsEvaluates && s.Contains != nil
	if s.DynamicRef != nil {
		n.DynamicRef, n.DynamicKeyword = t.add(s.DynamicRef.Schema), s.DynamicKeyword
		n.DynamicName, n.Recursive = s.DynamicName, s.Recursive
	}
	n.Scope = t.add(s.Scope)
	for _, a := range s.DynamicAnchors {
		n.DynamicAnchors = append(n.DynamicAnchors, cgruntime.Prop{Name: a.Name, Node: t.add(a.Schema)})
	}
	n.RecursiveAnchor = s.RecursiveAnchor
	return i
}

func (t *Table) list(schemas []*ir.Schema) []int32 {
	if len(schemas) == 0 {
		return nil
	}
	out := make([]int32, len(schemas))
	for i, s := range schemas {
		out[i] = t.add(s)
	}
	return out
}

// lowerAssertions copies the keywords that hold values rather than subschemas.
func lowerAssertions(s *ir.Schema) cgruntime.Node {
	var n cgruntime.Node
	if s.Bool != nil {
		n.Bool = cgruntime.FalseSchema
		if *s.Bool {
			n.Bool = cgruntime.TrueSchema
		}
		return n
	}
	for _, name := range s.Types {
		n.Types |= typeBits[name]
	}
	if s.Const != nil {
		n.HasConst, n.Const = true, string(s.Const.JSON)
	}
	if s.Enum != nil {
		n.Enum = make([]string, len(s.Enum))
		for i, v := range s.Enum {
			n.Enum[i] = string(v.JSON)
		}
	}
	n.MinLength, n.MaxLength = count(s.MinLength), count(s.MaxLength)
	n.Pattern = s.Pattern
	n.Minimum, n.Maximum = literal(s.Minimum), literal(s.Maximum)
	n.ExclusiveMinimum, n.ExclusiveMaximum = literal(s.ExclusiveMinimum), literal(s.ExclusiveMaximum)
	n.MultipleOf = literal(s.MultipleOf)
	n.MinItems, n.MaxItems, n.UniqueItems = count(s.MinItems), count(s.MaxItems), s.UniqueItems
	n.MinContains, n.MaxContains = count(s.MinContains), count(s.MaxContains)
	n.MinProperties, n.MaxProperties = count(s.MinProperties), count(s.MaxProperties)
	n.Required = s.Required
	for _, d := range s.DependentRequired {
		n.DependentRequired = append(n.DependentRequired, cgruntime.Dependency{Name: d.Name, Required: d.Required})
	}
	return n
}

func (t *Table) lowerArray(s *ir.Schema, n *cgruntime.Node) {
	n.PrefixItems = t.list(s.PrefixItems)
	n.Items, n.Contains = t.add(s.Items), t.add(s.Contains)
}

func (t *Table) lowerObject(s *ir.Schema, n *cgruntime.Node) {
	for _, p := range s.Properties {
		n.Properties = append(n.Properties, cgruntime.Prop{Name: p.Name, Node: t.add(p.Schema)})
	}
	for _, p := range s.PatternProperties {
		n.PatternProperties = append(n.PatternProperties, cgruntime.Prop{Name: p.Pattern, Node: t.add(p.Schema)})
	}
	for _, p := range s.DependentSchemas {
		n.DependentSchemas = append(n.DependentSchemas, cgruntime.Prop{Name: p.Name, Node: t.add(p.Schema)})
	}
	n.AdditionalProperties, n.PropertyNames = t.add(s.AdditionalProperties), t.add(s.PropertyNames)
}

// typeBits maps a "type" name to its bit.
var typeBits = map[string]uint8{
	"null": cgruntime.TypeNull, "boolean": cgruntime.TypeBoolean, "object": cgruntime.TypeObject,
	"array": cgruntime.TypeArray, "number": cgruntime.TypeNumber, "string": cgruntime.TypeString,
	"integer": cgruntime.TypeInteger,
}

func count(n *int64) cgruntime.Count {
	if n == nil {
		return cgruntime.Count{}
	}
	return cgruntime.Count{Set: true, N: *n}
}

func literal(n *ir.Number) string {
	if n == nil {
		return ""
	}
	return n.Literal
}
