package ts

import (
	"fmt"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// maxSafeCount is the largest count a JS number holds exactly (2^53 - 1).
const maxSafeCount = 1<<53 - 1

// table numbers the schema nodes for the validator; entry 0 stays empty so 0 can mean "absent",
// as in the Go table.
type table struct {
	nodes []*ir.Schema
	index map[*ir.Schema]int
}

// newTable visits every named type's schema and everything reachable from it.
func newTable(pkg *ir.Package, names map[*ir.Named]string) (*table, error) {
	t := &table{nodes: []*ir.Schema{nil}, index: map[*ir.Schema]int{}}
	for _, n := range pkg.Types {
		t.visit(n.Schema)
	}
	for _, s := range t.nodes[1:] {
		if kw := unsupported(s); kw != "" {
			return nil, fmt.Errorf("ts: %s: the TypeScript target does not support %s yet; generate without it (--targets) or drop the keyword", s.Origin, kw)
		}
		for _, c := range []*int64{s.MinLength, s.MaxLength, s.MinItems, s.MaxItems} {
			if c != nil && *c > maxSafeCount {
				return nil, fmt.Errorf("ts: %s: a count of %d is beyond what a JavaScript number holds exactly", s.Origin, *c)
			}
		}
	}
	return t, nil
}

func (t *table) visit(s *ir.Schema) {
	if s == nil {
		return
	}
	if _, ok := t.index[s]; ok {
		return
	}
	t.index[s] = len(t.nodes)
	t.nodes = append(t.nodes, s)
	if s.Ref != nil {
		t.visit(s.Ref.Schema)
	}
	t.visit(s.Items)
	for _, p := range s.Properties {
		t.visit(p.Schema)
	}
	t.visit(s.AdditionalProperties)
}

// write declares cgNodes, one node per line with its origin, so a keyword location in a violation
// can be traced to the schema by eye.
func (t *table) write(b *strings.Builder) {
	b.WriteString("/** cgNodes is the contract's schema as a table for the validator below; entry 0 is unused. */\n")
	b.WriteString("const cgNodes: CgNode[] = [\n  {},\n")
	for i, s := range t.nodes[1:] {
		fmt.Fprintf(b, "  /* %d: %s */ {%s},\n", i+1, emit.InlineComment(emit.SourceRef(s.Origin)), t.fields(s))
	}
	b.WriteString("];\n")
}

// fields lists a node's keywords as object-literal members, only those present.
func (t *table) fields(s *ir.Schema) string {
	var f []string
	add := func(format string, args ...any) { f = append(f, fmt.Sprintf(format, args...)) }
	if s.Bool != nil {
		add("bool: %t", *s.Bool)
	}
	if s.Ref != nil {
		add("ref: %d", t.index[s.Ref.Schema])
	}
	if len(s.Types) > 0 {
		add("types: [%s]", joinQuoted(s.Types))
	}
	if s.Const != nil {
		add("const: %s", quote(string(s.Const.JSON)))
	}
	if len(s.Enum) > 0 {
		texts := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			texts[i] = string(v.JSON)
		}
		add("enum: [%s]", joinQuoted(texts))
	}
	counts := []struct {
		name string
		n    *int64
	}{{"minLength", s.MinLength}, {"maxLength", s.MaxLength}, {"minItems", s.MinItems}, {"maxItems", s.MaxItems}}
	for _, c := range counts[:2] {
		if c.n != nil {
			add("%s: %d", c.name, *c.n)
		}
	}
	if s.Pattern != "" {
		add("pattern: %s", quote(s.Pattern))
	}
	bounds := []struct {
		name string
		n    *ir.Number
	}{{"minimum", s.Minimum}, {"maximum", s.Maximum}, {"exclusiveMinimum", s.ExclusiveMinimum},
		{"exclusiveMaximum", s.ExclusiveMaximum}, {"multipleOf", s.MultipleOf}}
	for _, bd := range bounds {
		if bd.n != nil {
			add("%s: %s", bd.name, quote(bd.n.Literal))
		}
	}
	if s.Items != nil {
		add("items: %d", t.index[s.Items])
	}
	for _, c := range counts[2:] {
		if c.n != nil {
			add("%s: %d", c.name, *c.n)
		}
	}
	if s.UniqueItems {
		add("uniqueItems: true")
	}
	if len(s.Properties) > 0 {
		props := make([]string, len(s.Properties))
		for i, p := range s.Properties {
			props[i] = fmt.Sprintf("[%s, %d]", quote(p.Name), t.index[p.Schema])
		}
		add("properties: [%s]", strings.Join(props, ", "))
	}
	if len(s.Required) > 0 {
		add("required: [%s]", joinQuoted(s.Required))
	}
	if s.AdditionalProperties != nil {
		add("additionalProperties: %d", t.index[s.AdditionalProperties])
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

// unsupported names the first keyword of s that the TypeScript validator does not implement, so
// that a schema using it fails generation instead of being validated more loosely than in Go.
func unsupported(s *ir.Schema) string {
	checks := []struct {
		kw  string
		set bool
	}{
		{"prefixItems", len(s.PrefixItems) > 0}, {"contains", s.Contains != nil},
		{"minContains", s.MinContains != nil}, {"maxContains", s.MaxContains != nil},
		{"patternProperties", len(s.PatternProperties) > 0}, {"propertyNames", s.PropertyNames != nil},
		{"minProperties", s.MinProperties != nil}, {"maxProperties", s.MaxProperties != nil},
		{"dependentRequired", len(s.DependentRequired) > 0}, {"dependentSchemas", len(s.DependentSchemas) > 0},
		{"allOf", len(s.AllOf) > 0}, {"anyOf", len(s.AnyOf) > 0}, {"oneOf", len(s.OneOf) > 0},
		{"not", s.Not != nil}, {"if", s.If != nil}, {"then", s.Then != nil}, {"else", s.Else != nil},
		{"unevaluatedProperties", s.UnevaluatedProperties != nil}, {"unevaluatedItems", s.UnevaluatedItems != nil},
		{s.DynamicKeyword, s.DynamicRef != nil},
	}
	for _, c := range checks {
		if c.set {
			return c.kw
		}
	}
	return ""
}
