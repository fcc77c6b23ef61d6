package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
)

// Category is what an object-shaped schema becomes in the generated Go API.
type Category string

// The categories, in the order reports list them.
const (
	// Struct is a Go struct with a field per member.
	Struct Category = "struct"
	// Sum is a sum type: one typed field per variant.
	Sum Category = "sum"
	// Map is map[string]T: an object without declared members.
	Map Category = "map"
	// Other is any other typed Go value (a string enum, a scalar, a slice) that a $defs entry or an
	// object-shaped schema with other types allowed became.
	Other Category = "other typed"
	// Raw is JSON text: json.RawMessage, a named type defined on it, or any.
	Raw Category = "raw"
)

// Categories lists every category in report order.
var Categories = []Category{Struct, Sum, Map, Other, Raw}

// Case is one object-shaped schema in a value position and what it became.
type Case struct {
	// Origin is the schema's "file#/pointer".
	Origin   string
	Category Category
	// Reason says, for a Raw case, what keeps it from a Go type: the keywords and shape that the
	// builder left as raw JSON.
	Reason string
	// ObjectOnly reports a Raw case whose schema admits objects (and perhaps null) only, by its
	// type or by its parts: one that a struct, a sum type, a map or Nullable of them could hold.
	// The others admit other JSON values too, and only raw JSON holds all of them.
	ObjectOnly bool
}

// Cases lists the object-shaped schemas of a package that sit in value positions, with what each
// became, in a stable order.
//
// A value position is a schema whose values the generated API hands to its users: a root schema,
// every $defs (definitions) entry, and, from a value position, the values of its members
// (properties, patternProperties, additionalProperties) and items (items, prefixItems), also those
// declared inside its allOf, anyOf, oneOf, if/then/else and dependentSchemas parts (a merged struct
// or a union variant carries them). The parts themselves are not value positions: they are pieces of
// their schema's one type.
//
// A schema is object-shaped when its "type" allows "object", when it has an object keyword, when it
// is a $defs entry, or when it is composed (allOf, anyOf, oneOf) only of object-shaped parts.
func Cases(pkg *ir.Package) []Case {
	named := map[*ir.Schema]*ir.Named{}
	defs := map[*ir.Schema]bool{}
	for _, n := range pkg.Types {
		if n.Schema != nil {
			named[n.Schema] = n
			if isDefinition(n.Origin) {
				defs[n.Schema] = true
			}
		}
	}
	var starts []*ir.Schema
	for _, n := range pkg.Roots {
		starts = append(starts, n.Schema)
	}
	for _, n := range pkg.Types {
		if defs[n.Schema] {
			starts = append(starts, n.Schema)
		}
	}
	c := &counter{named: named, seen: map[*ir.Schema]bool{}}
	for _, s := range starts {
		c.value(s, defs[s], nil)
	}
	sort.Slice(c.cases, func(i, j int) bool { return c.cases[i].Origin < c.cases[j].Origin })
	return c.cases
}

type counter struct {
	named map[*ir.Schema]*ir.Named
	seen  map[*ir.Schema]bool
	cases []Case
}

// value records s, a schema in a value position, and walks on to the value positions below it.
// outer is the nearest enclosing value whose Go type is raw JSON, or nil.
func (c *counter) value(s *ir.Schema, definition bool, outer *ir.Schema) {
	if s == nil || c.seen[s] {
		return
	}
	c.seen[s] = true
	if s.Ref != nil && s.Ref.Schema != nil && !hasOwnKeywords(s) {
		// A bare reference: the type it names is counted where it is declared.
		c.value(s.Ref.Schema, false, nil)
		return
	}
	cat, reason := c.category(s, outer)
	if definition || objectShaped(s) {
		c.cases = append(c.cases, Case{Origin: s.Origin, Category: cat, Reason: reason, ObjectOnly: cat == Raw && objectOnly(s, 0)})
	}
	if cat == Raw && outer == nil {
		outer = s
	}
	if cat != Raw {
		outer = nil
		if c.rawValuedMap(s) {
			// Its member values are held as raw JSON: they count as inside a raw value.
			outer = s
		}
	}
	for _, sub := range members(s) {
		c.value(sub, false, outer)
	}
	if s.Ref != nil && s.Ref.Schema != nil {
		c.value(s.Ref.Schema, false, nil)
	}
}

// rawValuedMap reports whether s became a map whose values are raw JSON (patterns that admit
// different values, or patterns beside other members).
func (c *counter) rawValuedMap(s *ir.Schema) bool {
	t := s.ValueType
	if n := c.named[s]; n != nil {
		t = n.Underlying
	}
	for t != nil && t.Kind == ir.TypeRef && t.Named != nil && t.Named.Kind == ir.AliasType {
		t = t.Named.Underlying
	}
	return t != nil && t.Kind == ir.TypeMap && t.Elem != nil && t.Elem.Kind == ir.TypeRaw
}

// members lists the value positions directly below s: its member and item schemas, also those its
// applicator parts declare.
func members(s *ir.Schema) []*ir.Schema {
	var out []*ir.Schema
	var add func(s *ir.Schema, depth int)
	add = func(s *ir.Schema, depth int) {
		if s == nil || depth > 8 {
			return
		}
		for _, p := range s.Properties {
			out = append(out, p.Schema)
		}
		for _, p := range s.PatternProperties {
			out = append(out, p.Schema)
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Bool == nil {
			out = append(out, s.AdditionalProperties)
		}
		if s.Items != nil && s.Items.Bool == nil {
			out = append(out, s.Items)
		}
		out = append(out, s.PrefixItems...)
		for _, part := range parts(s) {
			add(part, depth+1)
		}
	}
	add(s, 0)
	return out
}

// parts are the applicator subschemas that apply to the instance itself.
func parts(s *ir.Schema) []*ir.Schema {
	out := slices.Concat(s.AllOf, s.AnyOf, s.OneOf)
	for _, p := range []*ir.Schema{s.If, s.Then, s.Else} {
		if p != nil {
			out = append(out, p)
		}
	}
	for _, p := range s.DependentSchemas {
		out = append(out, p.Schema)
	}
	return out
}

// category says what s became: a named type's kind, or the Go type the builder chose for it.
func (c *counter) category(s *ir.Schema, outer *ir.Schema) (Category, string) {
	if n := c.named[s]; n != nil {
		return c.namedCategory(n, s)
	}
	if s.ValueType == nil {
		if outer != nil {
			return Raw, "inside raw " + shortOrigin(outer.Origin)
		}
		return Raw, "no Go type"
	}
	return c.goCategory(s.ValueType, s)
}

func (c *counter) namedCategory(n *ir.Named, s *ir.Schema) (Category, string) {
	switch n.Kind {
	case ir.StructType:
		return Struct, ""
	case ir.EnumType:
		return Other, ""
	case ir.UnionType:
		return Sum, ""
	}
	if n.Underlying == nil {
		return Raw, "no Go type"
	}
	cat, reason := c.goCategory(n.Underlying, s)
	if u := n.Union; cat == Raw && u != nil && u.Why != "" && n.Schema == s {
		// The builder says why a union stays raw.
		reason = u.Keyword + ": " + u.Why
	}
	return cat, reason
}

func (c *counter) goCategory(t *ir.Type, s *ir.Schema) (Category, string) {
	switch t.Kind {
	case ir.TypeRaw, ir.TypeAny:
		return Raw, RawReason(s)
	case ir.TypeMap:
		return Map, ""
	case ir.TypeRef:
		if t.Named == nil {
			return Raw, "no Go type"
		}
		return c.namedCategory(t.Named, s)
	}
	return Other, ""
}

// RawReason names what keeps a schema from a Go type of its own: the keywords beyond what a
// struct, slice, map or scalar carries, or the shape of its "type".
func RawReason(s *ir.Schema) string {
	var why []string
	if s.Bool != nil {
		return fmt.Sprintf("boolean schema %v", *s.Bool)
	}
	if s.Ref != nil && hasOwnKeywords(s) {
		why = append(why, "$ref beside assertions")
	}
	if s.DynamicRef != nil || s.Scope != nil {
		why = append(why, "dynamic references in the schema (every type raw)")
	}
	for _, kw := range []struct {
		name string
		on   bool
	}{
		{"allOf", len(s.AllOf) > 0}, {"anyOf", len(s.AnyOf) > 0}, {"oneOf", len(s.OneOf) > 0},
		{"not", s.Not != nil}, {"if/then/else", s.If != nil || s.Then != nil || s.Else != nil},
		{"dependentRequired", len(s.DependentRequired) > 0}, {"dependentSchemas", len(s.DependentSchemas) > 0},
		{"patternProperties", len(s.PatternProperties) > 0}, {"propertyNames", s.PropertyNames != nil},
		{"min/maxProperties", s.MinProperties != nil || s.MaxProperties != nil},
		{"unevaluatedProperties", s.UnevaluatedProperties != nil}, {"unevaluatedItems", s.UnevaluatedItems != nil},
		{"prefixItems", len(s.PrefixItems) > 0}, {"contains", s.Contains != nil},
		{"const", s.Const != nil}, {"enum", len(s.Enum) > 0},
	} {
		if kw.on {
			why = append(why, kw.name)
		}
	}
	switch types := s.Types; {
	case len(types) == 0:
		why = append(why, "no type")
	case len(types) > 1:
		why = append(why, "type "+strings.Join(types, "|"))
	}
	if len(why) == 0 {
		return "type " + strings.Join(s.Types, "|")
	}
	return strings.Join(why, ", ")
}

// objectShaped reports whether a schema describes objects: by its type, an object keyword, or
// parts that all do.
func objectShaped(s *ir.Schema) bool {
	if slices.Contains(s.Types, "object") {
		return true
	}
	if len(s.Properties)+len(s.Required)+len(s.PatternProperties)+len(s.DependentRequired)+len(s.DependentSchemas) > 0 ||
		s.AdditionalProperties != nil || s.PropertyNames != nil || s.MinProperties != nil || s.MaxProperties != nil ||
		s.UnevaluatedProperties != nil {
		return true
	}
	composed := slices.Concat(s.AllOf, s.AnyOf, s.OneOf)
	if len(composed) == 0 || len(s.Types) > 0 {
		return false
	}
	for _, p := range composed {
		target := p
		for i := 0; target.Ref != nil && target.Ref.Schema != nil && !hasOwnKeywords(target) && i < 16; i++ {
			target = target.Ref.Schema
		}
		if !objectShaped(target) {
			return false
		}
	}
	return true
}

// objectOnly reports whether a schema admits objects, and perhaps null, and nothing else: by its
// "type", or, without one, by an allOf part that does or by alternatives that all do.
func objectOnly(s *ir.Schema, depth int) bool {
	if s == nil || depth > 16 {
		return false
	}
	if s.Bool != nil {
		return false // true admits everything; false admits nothing, which needs no type
	}
	if len(s.Types) > 0 {
		return !slices.ContainsFunc(s.Types, func(t string) bool { return t != "object" && t != "null" })
	}
	if s.Ref != nil && objectOnly(s.Ref.Schema, depth+1) {
		return true
	}
	for _, p := range s.AllOf {
		if objectOnly(p, depth+1) {
			return true
		}
	}
	for _, alts := range [][]*ir.Schema{s.OneOf, s.AnyOf} {
		if len(alts) > 0 && !slices.ContainsFunc(alts, func(a *ir.Schema) bool { return !objectOnly(a, depth+1) }) {
			return true
		}
	}
	return false
}

// hasOwnKeywords reports whether a schema says anything beside "$ref" and annotations.
func hasOwnKeywords(s *ir.Schema) bool {
	return s.Bool != nil || len(s.Types) > 0 || s.Const != nil || len(s.Enum) > 0 || s.MinLength != nil ||
		s.MaxLength != nil || s.Pattern != "" || s.Format != "" || s.Minimum != nil || s.Maximum != nil ||
		s.ExclusiveMinimum != nil || s.ExclusiveMaximum != nil || s.MultipleOf != nil || s.Items != nil ||
		s.MinItems != nil || s.MaxItems != nil || s.UniqueItems || len(s.PrefixItems) > 0 || s.Contains != nil ||
		len(s.Properties)+len(s.Required)+len(s.PatternProperties)+len(s.DependentRequired)+len(s.DependentSchemas) > 0 ||
		s.AdditionalProperties != nil || s.PropertyNames != nil || s.MinProperties != nil || s.MaxProperties != nil ||
		s.UnevaluatedProperties != nil || s.UnevaluatedItems != nil || s.DynamicRef != nil ||
		len(s.AllOf)+len(s.AnyOf)+len(s.OneOf) > 0 || s.Not != nil || s.If != nil || s.Then != nil || s.Else != nil
}

// isDefinition reports whether an origin ("file#/pointer") names a $defs or definitions entry.
func isDefinition(origin string) bool {
	_, ptr, _ := strings.Cut(origin, "#")
	i := strings.LastIndex(ptr, "/")
	if i < 0 {
		return false
	}
	parent := ptr[:i]
	return strings.HasSuffix(parent, "/$defs") || strings.HasSuffix(parent, "/definitions")
}

// shortOrigin drops the directory of an origin's file.
func shortOrigin(origin string) string {
	file, ptr, _ := strings.Cut(origin, "#")
	if i := strings.LastIndexAny(file, `/\`); i >= 0 {
		file = file[i+1:]
	}
	return file + "#" + ptr
}
