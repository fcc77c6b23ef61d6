package build

import (
	"slices"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// A schema whose only assertion is one "oneOf" or "anyOf" (a "type" and annotations may stand
// beside it) is a union. Its named type is declared raw while the schemas are read, because a
// variant may still be under construction (a variant that refers back to the union); unions()
// decides its form once every schema is built:
//
//   - every variant a scalar: raw-backed with typed accessors (ir.UnionScalar);
//   - every variant an object with declared properties, and a member that each variant requires
//     and restricts to string values disjoint from the others' (a const or an enum), or that
//     OpenAPI's "discriminator" keyword names: a sum type read through that member
//     (ir.UnionDiscriminator);
//   - every variant an object that requires members no other variant declares or requires: a
//     sum type read by which of those members are present (ir.UnionRequired);
//   - every variant of one JSON type no other variant admits, and typed: a sum type read by the
//     value's JSON type (ir.UnionJSONType);
//   - otherwise raw-backed, with the reason in the doc comment (ir.UnionRaw).
//
// Validation keeps the whole union in the table; the sum type only decides which Go field holds a
// value, so no rule here can change a verdict.

// discriminatorKeyword is OpenAPI's keyword naming the member that tells a union's variants apart.
const discriminatorKeyword = "discriminator"

// pendingUnion is a named union whose form unions() decides.
type pendingUnion struct {
	n   *ir.Named
	doc *load.Document
	ptr string
}

// unionBranches returns the keyword and the branches of a union schema, or "" when the schema is
// not one: it has other assertions than "type", or both oneOf and anyOf.
func unionBranches(s *ir.Schema) (string, []*ir.Schema) {
	if s.Bool != nil || s.Ref != nil || (len(s.OneOf) > 0) == (len(s.AnyOf) > 0) {
		return "", nil
	}
	rest := *s
	rest.OneOf, rest.AnyOf, rest.Types = nil, nil, nil
	if hasAssertions(&rest) || rest.DynamicRef != nil {
		return "", nil
	}
	if len(s.OneOf) > 0 {
		return "oneOf", s.OneOf
	}
	return "anyOf", s.AnyOf
}

// pendUnion declares n raw when its schema is a union: a "type" list of several scalar types is
// decided at once (ir.UnionScalar, Keyword "type"), a oneOf or anyOf is queued for unions().
func (b *builder) pendUnion(doc *load.Document, ptr string, n *ir.Named) bool {
	types := scalarTypeList(n.Schema)
	if kw, _ := unionBranches(n.Schema); kw == "" && types == nil {
		return false
	}
	n.Kind = ir.AliasType
	n.Underlying = &ir.Type{Kind: ir.TypeRaw}
	if types == nil {
		b.pending = append(b.pending, pendingUnion{n, doc, ptr})
		return true
	}
	n.Union = &ir.Union{Keyword: "type", Rule: ir.UnionScalar}
	for i, t := range types {
		v := &variantInfo{index: i, types: []string{t}, schema: n.Schema}
		n.Union.Variants = append(n.Union.Variants, &ir.Variant{Index: i, Schema: n.Schema, Type: scalarGoType(v), JSONTypes: v.types})
	}
	for _, v := range n.Union.Variants {
		v.Name = jsonTypeName(v.JSONTypes[0])
	}
	return true
}

// scalarTypeList returns the types of a schema that no plain Go type holds because its "type" lists
// several scalar types besides null ("string", "integer"), or nil.
func scalarTypeList(s *ir.Schema) []string {
	if s.Ref != nil || IsComposite(s) {
		return nil
	}
	var types []string
	for _, t := range s.Types {
		if !slices.Contains(scalarTypes, t) {
			return nil
		}
		if t != "null" {
			types = append(types, t)
		}
	}
	if len(types) < 2 {
		return nil
	}
	return s.Types
}

// nullableBranch returns the other branch of OpenAPI 3.1's nullable idiom,
// oneOf: [{"$ref": "#/$defs/cursor"}, {"type": "null"}] (ir.Schema.NullableBranch), when that
// branch does not admit null itself; nil for any other schema.
func nullableBranch(s *ir.Schema) *ir.Schema {
	if _, _, other := s.NullableBranch(); other != nil && !admitsNull(other) {
		return other
	}
	return nil
}

// admitsNull reports whether a schema may admit null itself (then oneOf rejects null, and the
// branch is not a nullable's value): only a schema whose types, through "$ref"s, exclude null is
// known not to.
func admitsNull(s *ir.Schema) bool {
	for seen := map[*ir.Schema]bool{}; s != nil && !seen[s]; {
		seen[s] = true
		if s.Bool != nil {
			return *s.Bool
		}
		if len(s.Types) > 0 {
			return slices.Contains(s.Types, "null")
		}
		if s.Const != nil || len(s.Enum) > 0 {
			return slices.Contains(typesOf(s), "null")
		}
		if s.Ref == nil {
			return true
		}
		s = s.Ref.Schema
	}
	return true
}

// nullableType is the Go type of a nullable union's values, Nullable[T] of its other branch's
// type, or nil when that type cannot sit in a Nullable (raw JSON, itself nullable, or a union
// still being decided).
func (b *builder) nullableType(doc *load.Document, s *ir.Schema, suggested string) *ir.Type {
	other := nullableBranch(s)
	if other == nil {
		return nil
	}
	var t ir.Type
	switch {
	case other.Ref != nil && !hasAssertions(other):
		t = ir.Type{Kind: ir.TypeRef, Named: other.Ref}
	case IsComposite(other) || scalarTypeList(other) != nil:
		return nil // a union of its own: it stays a variant of this one
	default:
		t = *b.goType(doc, other.Pointer, other, suggested)
	}
	if t.Nullable || t.Go.Pointer || t.HoldsRawJSON() || t.Kind == ir.TypeNull {
		return nil
	}
	if t.Kind == ir.TypeRef {
		n := t.Named
		ok := n.Kind == ir.EnumType || n.Kind == ir.StructType && n.Union == nil && isStruct(n.Schema) ||
			n.Kind == ir.AliasType && n.Underlying != nil && !n.Underlying.Nullable && !n.Underlying.HoldsRawJSON() && n.Union == nil
		if !ok {
			return nil
		}
	}
	t.Nullable = true
	return &t
}

// inlineUnion gives a union used in place (a member's or an item's schema) a named type of its own,
// so that it gets the same sum type or accessors as a union under $defs; nil when s is not a union.
func (b *builder) inlineUnion(doc *load.Document, ptr string, s *ir.Schema, suggested string) *ir.Type {
	if kw, _ := unionBranches(s); (kw == "" && scalarTypeList(s) == nil) || ptr == "" {
		return nil
	}
	return &ir.Type{Kind: ir.TypeRef, Named: b.declare(doc, ptr, suggested)}
}

// unions decides every queued union (deciding one may declare variants that queue more), then
// makes optional members of a sum type or a nullable pointers, as for structs: the members were
// typed while the union still looked raw.
func (b *builder) unions() {
	for i := 0; i < len(b.pending); i++ {
		p := b.pending[i]
		b.decideUnion(p.doc, p.ptr, p.n)
	}
	for _, n := range b.all {
		for _, fd := range n.Fields {
			if t := fd.Type; t.Kind == ir.TypeRef && (t.Named.Kind == ir.UnionType || t.Named.Underlying != nil && t.Named.Underlying.Nullable) &&
				!fd.Required && !t.Nullable {
				t.Go.Pointer = true
			}
		}
	}
}

// variantInfo is what the rules read of one branch.
type variantInfo struct {
	index  int
	branch *ir.Schema
	// named is the type a branch that is only a "$ref" refers to.
	named *ir.Named
	// schema is the branch with "$ref"-only links followed.
	schema *ir.Schema
	// object reports a struct variant; props, required and closed describe its members.
	object   bool
	props    []*ir.Property
	required []string
	closed   bool
	// types are the JSON types the variant admits (nil: any).
	types []string
}

func (v *variantInfo) prop(name string) *ir.Schema {
	for _, p := range v.props {
		if p.Name == name {
			return p.Schema
		}
	}
	return nil
}

func (b *builder) variantInfo(i int, branch *ir.Schema) *variantInfo {
	v := &variantInfo{index: i, branch: branch, schema: deref(branch)}
	if branch.Ref != nil && !hasAssertions(branch) {
		v.named = branch.Ref
	}
	if v.schema == nil {
		return v
	}
	v.types = v.schema.Types
	switch {
	case v.named != nil && v.named.Kind == ir.StructType:
		v.object, v.closed = true, !v.named.Extra
		for _, fd := range v.named.Fields {
			v.props = append(v.props, &ir.Property{Name: fd.Name, Schema: fd.Schema})
			if fd.Required {
				v.required = append(v.required, fd.Name)
			}
		}
		for _, r := range v.schema.Required {
			if !slices.Contains(v.required, r) {
				v.required = append(v.required, r)
			}
		}
	case v.named == nil && isStruct(branch):
		v.object = true
		v.props, v.required = branch.Properties, branch.Required
		v.closed = branch.AdditionalProperties != nil && branch.AdditionalProperties.Bool != nil && !*branch.AdditionalProperties.Bool
	}
	return v
}

// decideUnion chooses the form of the union named n (see the comment at the top of this file).
func (b *builder) decideUnion(doc *load.Document, ptr string, n *ir.Named) {
	if t := b.nullableType(doc, n.Schema, n.Name+"Value"); t != nil {
		n.Underlying = t // a nullable, not a union: Nullable[T] says it all
		return
	}
	kw, branches := unionBranches(n.Schema)
	u := &ir.Union{Keyword: kw}
	n.Union = u
	vars := make([]*variantInfo, len(branches))
	for i, br := range branches {
		vars[i] = b.variantInfo(i, br)
	}
	explicit := b.readDiscriminator(doc, ptr)
	switch {
	case explicit == nil && allScalar(vars):
		u.Rule = ir.UnionScalar
		for _, v := range vars {
			u.Variants = append(u.Variants, &ir.Variant{Index: v.index, Schema: v.branch, Type: scalarGoType(v),
				JSONTypes: slices.Clone(v.types)})
		}
		b.nameVariants(n, vars)
		return
	case len(vars) < 2:
		u.Why = "it has a single branch: use the branch's schema itself for a typed value."
	case !outerAdmits(n.Schema.Types, vars):
		u.Why = `the "type" beside ` + kw + ` does not admit every variant's values.`
	default:
		u.Why = b.discriminated(u, vars, explicit)
		if u.Why == "" || explicit != nil {
			break // a named discriminator that does not fit is reported, not replaced by a guess
		}
		open := ""
		if requiredMembers(u, vars) {
			if u.Exclusive {
				break
			}
			open = "each variant requires members the others do not declare, but not every variant forbids undeclared members (additionalProperties: false), so a value with one variant's members may match another as well"
			u.Rule, u.Variants = ir.UnionRaw, nil
		}
		if ok, why := b.jsonTypes(doc, n, u, vars); ok {
			u.Why = ""
		} else if open != "" {
			u.Why = open
		} else if why != "" {
			u.Why = why
		} else if !slices.ContainsFunc(vars, func(v *variantInfo) bool { return !v.object }) {
			u.Why += "; no variant requires a member that the others neither declare nor require; and their JSON types overlap"
		}
	}
	if u.Rule != ir.UnionRaw && !u.Exclusive {
		// Only a proof that what selects one variant fails every other lets the sum type decode
		// one variant and judge the union by it (see cgUnionTry); without it, the value stays raw.
		u.Why = "discriminator " + strconv.Quote(u.Discriminator.Name) + " names the variants, but not every variant requires that member with a const or enum of strings disjoint from the others', so a value may match another variant than the one it names"
		u.Rule, u.Discriminator = ir.UnionRaw, nil
	}
	if u.Rule == ir.UnionRaw {
		u.Variants = nil
		for _, v := range vars {
			u.Variants = append(u.Variants, &ir.Variant{Index: v.index, Schema: v.branch})
		}
		b.nameVariants(n, vars)
		return
	}
	n.Kind, n.Underlying = ir.UnionType, nil
	b.nameVariants(n, vars)
	for i, v := range u.Variants {
		if v.Type == nil { // an object variant: its struct, declared at the branch when inline
			if vars[i].named != nil {
				v.Type = &ir.Type{Kind: ir.TypeRef, Named: vars[i].named}
			} else {
				v.Type = &ir.Type{Kind: ir.TypeRef, Named: b.declare(doc, ptr+"/"+kw+"/"+strconv.Itoa(v.Index), n.Name+v.Name)}
			}
		}
		v.Go.Constructor = b.variantConstructor(doc, ptr, n, v)
	}
}

// variantConstructor names the constructor of a sum type's variant: New<Union><Variant>, or
// New<Union>From<Variant> when a type or another declaration has that name; when both are
// taken the collision is reported with its fix, never resolved by a count.
func (b *builder) variantConstructor(doc *load.Document, ptr string, n *ir.Named, v *ir.Variant) string {
	what := "the constructor of " + n.Name + "'s variant " + v.Name
	want, alt := "New"+n.Name+v.Name, "New"+n.Name+"From"+v.Name
	for _, name := range []string{want, alt} {
		if b.free(name, "") {
			b.names[name] = what
			return name
		}
	}
	b.diags.Add(doc.Path, ptr, "%s would be %s or %s, but %s is %s and %s is %s; set x-go-name on the union or on those types", what, want, alt, want, b.owner(want), alt, b.owner(alt))
	return want
}

// readDiscriminator reads OpenAPI's "discriminator" beside a union, or returns nil.
func (b *builder) readDiscriminator(doc *load.Document, ptr string) *ir.Discriminator {
	node := doc.Tree.Resolve(ptr).Get(discriminatorKeyword)
	if node == nil {
		return nil
	}
	d := &ir.Discriminator{Explicit: true}
	if name := node.Get("propertyName"); name != nil {
		d.Name = name.Text
	}
	mapping := node.Get("mapping")
	if mapping == nil {
		return d
	}
	for _, m := range mapping.Members {
		d.Mapping = append(d.Mapping, ir.DiscriminatorMapping{Value: m.Name, Ref: m.Value.Text})
	}
	return d
}

// checkDiscriminator checks OpenAPI's "discriminator": an object with a string propertyName and
// an optional mapping of strings, beside a oneOf or anyOf (it means nothing elsewhere).
func (b *builder) checkDiscriminator(doc *load.Document, ptr string, parent, v *jsontree.Node) {
	if !parent.Has("oneOf") && !parent.Has("anyOf") {
		b.diags.Add(doc.Path, ptr, "discriminator needs a oneOf or anyOf beside it, whose variants it tells apart")
		return
	}
	if v.Kind != jsontree.Object {
		b.diags.Add(doc.Path, ptr, "discriminator must be an object with a propertyName")
		return
	}
	if name := v.Get("propertyName"); name == nil || name.Kind != jsontree.String || name.Text == "" {
		b.diags.Add(doc.Path, ptr+"/propertyName", "discriminator.propertyName must name the member that tells the variants apart")
	}
	for _, m := range v.Members {
		switch m.Name {
		case "propertyName":
		case "mapping":
			if m.Value.Kind != jsontree.Object {
				b.diags.Add(doc.Path, ptr+"/mapping", "discriminator.mapping must map member values to schema references")
				continue
			}
			for _, e := range m.Value.Members {
				if e.Value.Kind != jsontree.String {
					b.diags.Add(doc.Path, ptr+"/mapping/"+jsonpointer.Escape(e.Name), "a discriminator mapping's value must be a schema reference (a string)")
				}
			}
		default:
			if !strings.HasPrefix(m.Name, "x-") {
				b.diags.Add(doc.Path, ptr+"/"+jsonpointer.Escape(m.Name), "discriminator.%s is not an OpenAPI discriminator field (propertyName, mapping)", m.Name)
			}
		}
	}
}

// scalarTypes are the JSON types a Go scalar holds.
var scalarTypes = []string{"boolean", "integer", "null", "number", "string"}

func allScalar(vars []*variantInfo) bool {
	for _, v := range vars {
		if v.schema == nil || len(v.types) == 0 {
			return false
		}
		for _, t := range v.types {
			if !slices.Contains(scalarTypes, t) {
				return false
			}
		}
	}
	return true
}

// scalarGoType is the type of a scalar variant's values, without declaring anything (the
// variant is not a field): its referenced type, or the type of its one JSON type; raw otherwise.
func scalarGoType(v *variantInfo) *ir.Type {
	if v.named != nil {
		return &ir.Type{Kind: ir.TypeRef, Named: v.named}
	}
	t := &ir.Type{Kind: ir.TypeRaw}
	if len(v.types) == 1 {
		switch v.types[0] {
		case "boolean":
			t.Kind = ir.TypeBool
		case "string":
			t.Kind = ir.TypeString
		case "integer":
			t.Kind = ir.TypeNumber
			if fitsInt64(v.schema) {
				t.Kind = ir.TypeInt64
			}
		case "number":
			t.Kind = ir.TypeNumber
		}
	}
	return t
}

// outerAdmits reports whether a "type" beside the union admits every value of every variant: the
// sum type checks a held variant alone, so the outer "type" must not be what rejects it.
func outerAdmits(outer []string, vars []*variantInfo) bool {
	if len(outer) == 0 {
		return true
	}
	for _, v := range vars {
		if len(v.types) == 0 {
			return false
		}
		for _, t := range v.types {
			// An integer variant is selected by any number (the JSON type rule reads the first
			// byte), so the outer "type" must admit every number, not only integers.
			if t == "integer" {
				t = "number"
			}
			if !slices.Contains(outer, t) {
				return false
			}
		}
	}
	return true
}

// discriminated tries ir.UnionDiscriminator; it returns "" when the rule applies, or why not.
func (b *builder) discriminated(u *ir.Union, vars []*variantInfo, explicit *ir.Discriminator) string {
	for _, v := range vars {
		if !v.object {
			return "not every variant is an object with declared properties, so no member can tell them apart" + b.typeHint(vars)
		}
	}
	if explicit != nil {
		return b.explicitDiscriminator(u, vars, explicit)
	}
	for _, p := range vars[0].props {
		if sets, ok := valueSets(vars, p.Name); ok && disjoint(sets) {
			u.Rule, u.Exclusive = ir.UnionDiscriminator, true
			u.Discriminator = &ir.Discriminator{Name: p.Name}
			for i, v := range vars {
				u.Variants = append(u.Variants, &ir.Variant{Index: v.index, Schema: v.branch, Values: sets[i]})
			}
			return ""
		}
	}
	return "no member is required by every variant with a const or enum of strings that differs from every other variant's"
}

// typeHint adds to a reason why the JSON types do not tell the variants apart either, when they do not.
func (b *builder) typeHint(vars []*variantInfo) string {
	if _, ok := typeSets(vars); ok {
		return ""
	}
	return ", and their JSON types overlap"
}

// explicitDiscriminator applies OpenAPI's discriminator: each variant's values are the mapping's
// entries that refer to it and its own const or enum of the member, or else the name its reference
// ends in (OpenAPI's implicit mapping). The proof of exclusivity still comes from the schemas.
func (b *builder) explicitDiscriminator(u *ir.Union, vars []*variantInfo, d *ir.Discriminator) string {
	schemaSets, proven := valueSets(vars, d.Name)
	proven = proven && disjoint(schemaSets)
	sets := make([][]string, len(vars))
	for i, v := range vars {
		if v.prop(d.Name) == nil {
			return "discriminator.propertyName " + strconv.Quote(d.Name) + " is not a declared member of variant " + strconv.Itoa(i)
		}
		// The variant's own values first: a constructor sets the first, which its schema must accept.
		sets[i], _ = valueSet(v, d.Name)
		for _, m := range d.Mapping {
			if v.named != nil && refersTo(m.Ref, v.named) && !slices.Contains(sets[i], m.Value) {
				sets[i] = append(sets[i], m.Value)
			}
		}
		if sets[i] == nil && v.named != nil {
			_, p, _ := strings.Cut(v.named.Origin, "#")
			sets[i] = []string{jsonpointer.Unescape(p[strings.LastIndexByte(p, '/')+1:])}
		}
		if sets[i] == nil {
			return "variant " + strconv.Itoa(i) + " has no discriminator value: give it a mapping entry, a const or an enum"
		}
	}
	if !disjoint(sets) {
		return "two variants share a discriminator value"
	}
	u.Rule, u.Exclusive, u.Discriminator = ir.UnionDiscriminator, proven, d
	for i, v := range vars {
		u.Variants = append(u.Variants, &ir.Variant{Index: v.index, Schema: v.branch, Values: sets[i]})
	}
	return ""
}

// refersTo reports whether a discriminator mapping's reference names the type: a JSON pointer
// fragment that ends where the type was declared, or the bare name of its definition.
func refersTo(ref string, n *ir.Named) bool {
	_, ptr, _ := strings.Cut(n.Origin, "#")
	if _, frag, ok := strings.Cut(ref, "#"); ok {
		return frag == ptr || strings.HasSuffix(ptr, "/"+strings.TrimPrefix(frag, "/")) && strings.HasPrefix(frag, "/")
	}
	last := jsonpointer.Unescape(ptr[strings.LastIndexByte(ptr, '/')+1:])
	return ref == last || ref == n.Name
}

// valueSets returns, per variant, the string values the member is restricted to when every
// variant requires it and restricts it with a const or an enum of strings.
func valueSets(vars []*variantInfo, name string) ([][]string, bool) {
	sets := make([][]string, len(vars))
	for i, v := range vars {
		set, ok := valueSet(v, name)
		if !ok {
			return nil, false
		}
		sets[i] = set
	}
	return sets, true
}

// valueSet returns the string values a variant requires the member to have (a const or an enum of
// strings), or false.
func valueSet(v *variantInfo, name string) ([]string, bool) {
	ps := deref(v.prop(name))
	if ps == nil || !slices.Contains(v.required, name) {
		return nil, false
	}
	var set []string
	switch {
	case ps.Const != nil:
		s, ok := ps.Const.Decoded.(string)
		if !ok {
			return nil, false
		}
		set = []string{s}
	case len(ps.Enum) > 0:
		for _, e := range ps.Enum {
			s, ok := e.Decoded.(string)
			if !ok {
				return nil, false
			}
			set = append(set, s)
		}
	default:
		return nil, false
	}
	return set, true
}

func disjoint(sets [][]string) bool {
	seen := map[string]bool{}
	for _, set := range sets {
		for _, s := range slices.Compact(slices.Sorted(slices.Values(set))) {
			if seen[s] {
				return false
			}
			seen[s] = true
		}
	}
	return true
}

// requiredMembers tries ir.UnionRequired: each object variant requires members that no other
// variant declares or requires. Exclusive when every variant forbids undeclared members: then a
// value with one variant's members fails every other; the caller keeps a union that is not raw.
func requiredMembers(u *ir.Union, vars []*variantInfo) bool {
	closed := true
	var variants []*ir.Variant
	for i, v := range vars {
		var own []string
		for _, r := range v.required {
			mine := true
			for j, w := range vars {
				if j != i && (w.prop(r) != nil || slices.Contains(w.required, r)) {
					mine = false
				}
			}
			if mine {
				own = append(own, r)
			}
		}
		if !v.object || len(own) == 0 {
			return false
		}
		closed = closed && v.closed
		variants = append(variants, &ir.Variant{Index: v.index, Schema: v.branch, Members: own})
	}
	u.Rule, u.Exclusive, u.Variants, u.Why = ir.UnionRequired, closed, variants, ""
	return true
}

// typeSets returns each variant's JSON types when every variant has a "type" and no two admit the
// same JSON type (integer counts as number).
func typeSets(vars []*variantInfo) ([][]string, bool) {
	seen := map[string]bool{}
	sets := make([][]string, len(vars))
	for i, v := range vars {
		if v.schema == nil || len(v.types) == 0 {
			return nil, false
		}
		for _, t := range v.types {
			if t == "integer" {
				t = "number"
			}
			if seen[t] {
				return nil, false
			}
			seen[t] = true
		}
		sets[i] = slices.Clone(v.types)
	}
	return sets, true
}

// jsonTypes tries ir.UnionJSONType: disjoint JSON types, each variant of one type that Go holds
// typed (a struct, a map for an object without declared properties, a slice, a scalar, Null). It
// returns why not when the types are disjoint but a variant cannot be typed, "" when they overlap.
func (b *builder) jsonTypes(doc *load.Document, n *ir.Named, u *ir.Union, vars []*variantInfo) (bool, string) {
	sets, ok := typeSets(vars)
	if !ok {
		return false, ""
	}
	for _, v := range vars {
		typed := len(v.types) == 1 && v.schema != nil
		if v.named != nil {
			typed = typed && (v.named.Kind != ir.AliasType || !(&ir.Type{Kind: ir.TypeRef, Named: v.named}).HoldsRawJSON())
		} else {
			typed = typed && !IsComposite(v.branch)
		}
		if !typed {
			return false, "the variants' JSON types differ, but not every variant is of one JSON type that a Go field holds typed (a variant admits several types, or uses keywords only raw JSON keeps)"
		}
	}
	var variants []*ir.Variant
	for i, v := range vars {
		iv := &ir.Variant{Index: v.index, Schema: v.branch, JSONTypes: sets[i]}
		if !v.object {
			iv.Type = b.goType(doc, v.branch.Pointer, v.branch, n.Name+jsonTypeName(v.types[0]))
			if iv.Type.HoldsRawJSON() || iv.Type.Nullable {
				return false, "variant " + strconv.Itoa(i) + " has no Go type but raw JSON"
			}
		}
		variants = append(variants, iv)
	}
	u.Rule, u.Exclusive, u.Variants = ir.UnionJSONType, true, variants
	return true, ""
}

func jsonTypeName(t string) string { return naming.GoName(t) }

// unionMethods are the names a sum type's methods take, which no variant field may take.
var unionMethods = []string{"Switch", "Validate", "MarshalJSON", "UnmarshalJSON", "IsZero"}

// nameVariants gives each variant its name, unique within the union and clear of the sum
// type's methods and of each other's IsX and AsX, and names the Unknown field and Switch.
func (b *builder) nameVariants(n *ir.Named, vars []*variantInfo) {
	u := n.Union
	taken := map[string]bool{}
	for _, m := range unionMethods {
		taken[m] = true
	}
	for i, v := range u.Variants {
		info := vars[i]
		var name string
		switch {
		case info.named != nil:
			name = info.named.Name
		case info.schema != nil && info.schema.Title != "":
			name = naming.GoName(info.schema.Title)
		case len(v.Values) > 0:
			name = naming.GoName(v.Values[0])
		case len(v.Members) > 0:
			name = naming.GoName(v.Members[0])
		case len(info.types) == 1:
			name = jsonTypeName(info.types[0])
		}
		if !naming.IsExported(name) {
			name = "Variant" + strconv.Itoa(v.Index+1)
		}
		base := name
		for k := 2; taken[name] || taken["Is"+name] || taken["As"+name] || name == "Unknown"; k++ {
			name = base + strconv.Itoa(k)
		}
		taken[name], taken["Is"+name], taken["As"+name] = true, true, true
		v.Name = name
	}
	if n.Kind == ir.UnionType {
		u.Go.Unknown, u.Go.Switch = "Unknown", "Switch"
	}
}
