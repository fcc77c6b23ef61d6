package ts

import (
	"fmt"
	"strings"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/keywords"
	"github.com/contractgen/contractgen/internal/gen/lower"
)

// maxSafeCount is the largest count a JS number holds exactly (2^53 - 1).
const maxSafeCount = 1<<53 - 1

// table is the package's validation table as the Go target lowers it (lower.Lower): the
// same nodes, numbered the same way, with entry 0 empty so 0 can mean "absent". This target
// prints the subset of keywords its runtime implements and refuses a schema that needs more.
type table struct {
	*lower.Table
}

// newTable lowers the package and checks that every node fits the TypeScript runtime.
func newTable(pkg *ir.Package) (*table, error) {
	t := &table{lower.Lower(pkg)}
	for i := 1; i < len(t.Nodes); i++ {
		n := &t.Nodes[i]
		if err := refusal(n, t.Origins[i]); err != nil {
			return nil, err
		}
		for _, c := range []cgruntime.Count{n.MinLength, n.MaxLength, n.MinItems, n.MaxItems, n.MinProperties, n.MaxProperties} {
			if c.Set && c.N > maxSafeCount {
				return nil, fmt.Errorf("ts: %s: a count of %d is beyond what a JavaScript number holds exactly", t.Origins[i], c.N)
			}
		}
	}
	return t, nil
}

// refusal says why the TypeScript runtime cannot follow the node at origin, or nil when it can.
func refusal(n *cgruntime.Node, origin string) error {
	if n.Format != "" {
		return fmt.Errorf("ts: %s: the TypeScript target cannot follow --formats assert (format %q); generate it without --formats assert, or without the ts target (--targets)", origin, n.Format)
	}
	if kw := unsupported(n); kw != "" {
		return fmt.Errorf("ts: %s: the TypeScript target does not support %s yet; generate without it (--targets) or drop the keyword", origin, kw)
	}
	return nil
}

// write declares cgNodes, one node per line with its origin, so a keyword location in a violation
// can be traced to the schema by eye.
func (t *table) write(b *strings.Builder) {
	b.WriteString("/** cgNodes is the contract's schema as a table for the validator below; entry 0 is unused. */\n")
	b.WriteString("const cgNodes: CgNode[] = [\n  {},\n")
	for i := 1; i < len(t.Nodes); i++ {
		fmt.Fprintf(b, "  /* %d: %s */ {%s},\n", i, emit.InlineComment(emit.SourceRef(t.Origins[i])), fields(&t.Nodes[i], t.Schemas[i]))
	}
	b.WriteString("];\n")
}

// jsonTypes are the "type" names in the order the Go runtime's messages list them (the order of
// their bits), each with its bit in the lowered node: the TypeScript runtime lists a node's types
// as the table gives them.
var jsonTypes = []struct {
	name string
	bit  uint8
}{
	{"null", cgruntime.TypeNull}, {"boolean", cgruntime.TypeBoolean}, {"object", cgruntime.TypeObject},
	{"array", cgruntime.TypeArray}, {"number", cgruntime.TypeNumber}, {"string", cgruntime.TypeString},
	{"integer", cgruntime.TypeInteger},
}

// fields lists a lowered node's keywords as object-literal members, only those present. s is the
// node's schema.
func fields(n *cgruntime.Node, s *ir.Schema) string {
	var f []string
	add := func(format string, args ...any) { f = append(f, fmt.Sprintf(format, args...)) }
	switch n.Bool {
	case cgruntime.TrueSchema:
		add("bool: true")
	case cgruntime.FalseSchema:
		add("bool: false")
	}
	if n.Ref != 0 {
		add("ref: %d", n.Ref)
	}
	if n.Types != 0 {
		var names []string
		for _, tn := range jsonTypes {
			if n.Types&tn.bit != 0 {
				names = append(names, tn.name)
			}
		}
		add("types: [%s]", joinQuoted(names))
	}
	if n.HasConst {
		add("const: %s", quote(n.Const))
	}
	if len(n.Enum) > 0 {
		add("enum: [%s]", joinQuoted(n.Enum))
	}
	count := func(name string, c cgruntime.Count) {
		if c.Set {
			add("%s: %d", name, c.N)
		}
	}
	count("minLength", n.MinLength)
	count("maxLength", n.MaxLength)
	if s.Pattern != "" {
		add("pattern: %s", quote(s.Pattern))
	}
	bounds := []struct{ name, literal string }{{"minimum", n.Minimum}, {"maximum", n.Maximum},
		{"exclusiveMinimum", n.ExclusiveMinimum}, {"exclusiveMaximum", n.ExclusiveMaximum}, {"multipleOf", n.MultipleOf}}
	for _, bd := range bounds {
		if bd.literal != "" {
			add("%s: %s", bd.name, quote(bd.literal))
		}
	}
	if n.Items != 0 {
		add("items: %d", n.Items)
	}
	count("minItems", n.MinItems)
	count("maxItems", n.MaxItems)
	if n.UniqueItems {
		add("uniqueItems: true")
	}
	if len(n.Properties) > 0 {
		props := make([]string, len(n.Properties))
		for i, p := range n.Properties {
			props[i] = fmt.Sprintf("[%s, %d]", quote(p.Name), p.Node)
		}
		add("properties: [%s]", strings.Join(props, ", "))
	}
	if len(n.Required) > 0 {
		add("required: [%s]", joinQuoted(n.Required))
	}
	if n.AdditionalProperties != 0 {
		add("additionalProperties: %d", n.AdditionalProperties)
	}
	count("minProperties", n.MinProperties)
	count("maxProperties", n.MaxProperties)
	if len(n.DependentRequired) > 0 {
		deps := make([]string, len(n.DependentRequired))
		for i, d := range n.DependentRequired {
			deps[i] = fmt.Sprintf("[%s, [%s]]", quote(d.Name), joinQuoted(d.Required))
		}
		add("dependentRequired: [%s]", strings.Join(deps, ", "))
	}
	if len(n.DependentSchemas) > 0 {
		deps := make([]string, len(n.DependentSchemas))
		for i, d := range n.DependentSchemas {
			deps[i] = fmt.Sprintf("[%s, %d]", quote(d.Name), d.Node)
		}
		add("dependentSchemas: [%s]", strings.Join(deps, ", "))
	}
	nodes := func(name string, list []int32) {
		// A present but empty list cannot come from a valid schema (allOf needs one entry); the
		// Go runtime tests for nil, so print what Lower produced rather than guess.
		if list != nil {
			idx := make([]string, len(list))
			for i, x := range list {
				idx[i] = fmt.Sprint(x)
			}
			add("%s: [%s]", name, strings.Join(idx, ", "))
		}
	}
	nodes("allOf", n.AllOf)
	nodes("anyOf", n.AnyOf)
	nodes("oneOf", n.OneOf)
	for _, one := range []struct {
		name string
		node int32
	}{{"not", n.Not}, {"if", n.If}, {"then", n.Then}, {"else", n.Else}} {
		if one.node != 0 {
			add("%s: %d", one.name, one.node)
		}
	}
	if len(f) == 0 {
		return ""
	}
	return " " + strings.Join(f, ", ") + " "
}

func joinQuoted(list []string) string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = quote(s)
	}
	return strings.Join(out, ", ")
}

// unsupported names the first keyword of a lowered node that the TypeScript validator refuses
// (the keyword table's TS column), so that a schema using it fails generation instead of being
// validated more loosely than in Go.
func unsupported(n *cgruntime.Node) string {
	for _, c := range refusable(n) {
		if k, _ := keywords.Lookup(c.kw); c.set && k.TS == keywords.Refused {
			return c.kw
		}
	}
	return ""
}

// refusable pairs each node field that holds a keyword the table may refuse with that keyword and
// whether the node sets it.
func refusable(n *cgruntime.Node) []struct {
	kw  string
	set bool
} {
	dynamic := n.DynamicKeyword
	if dynamic == "" {
		dynamic = "$dynamicRef" // a reference whose keyword is not named is still a dynamic one
	}
	return []struct {
		kw  string
		set bool
	}{
		{"prefixItems", len(n.PrefixItems) > 0}, {"contains", n.Contains != 0},
		{"minContains", n.MinContains.Set}, {"maxContains", n.MaxContains.Set},
		{"patternProperties", len(n.PatternProperties) > 0}, {"propertyNames", n.PropertyNames != 0},
		{"unevaluatedProperties", n.UnevaluatedProperties != 0}, {"unevaluatedItems", n.UnevaluatedItems != 0},
		{dynamic, n.DynamicRef != 0},
	}
}
