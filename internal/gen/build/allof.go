package build

import (
	"slices"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// A struct is made from every part of an object schema that applies to the whole instance without
// a condition: its own "properties" and "required", its "allOf" parts and its "$ref" (2019-09 and
// later apply both beside each other), inline or referenced, to any depth. Members that the
// conditions alone declare ("then", "else", "dependentSchemas", the branches of "oneOf" and
// "anyOf") become fields too, kept as JSON: whether the condition holds decides what they may be,
// and a Go type must hold every value the schema admits. The rules themselves (the conditions,
// "not", "minProperties", "propertyNames", "unevaluatedProperties", ...) stay in validation only:
// such a struct is ir.Named.Composed, and Validate checks it as JSON against the whole schema.

// member is one object member a struct field is made from, with every schema that declares it.
type member struct {
	name string
	// decls apply whenever the member is present; conds only under a condition.
	decls, conds []decl
}

// decl is one declaration of a member: its property schema and the schema path to it from the
// struct's schema.
type decl struct {
	schema *ir.Schema
	kwPath string
}

// objectParts walks the parts of s that apply without a condition, depth first in schema order,
// calling visit on each with its schema path; branches are the conditional subschemas met on the
// way. It returns false when a part cannot be merged: a reference still being declared (a cycle),
// a dynamic reference, or a "oneOf"/"anyOf" whose branches declare members (a union) other than
// in an "allOf" part.
func objectParts(s *ir.Schema, visit func(part *ir.Schema, kwPath string), branch func(b *ir.Schema, kwPath string)) bool {
	seen := map[*ir.Schema]bool{}
	ok := true
	var walk func(s *ir.Schema, kw string, part bool)
	walk = func(s *ir.Schema, kw string, part bool) {
		if s == nil || seen[s] || !ok {
			return
		}
		seen[s] = true
		// A union of objects is a sum type's to hold, unless it is one "allOf" part among others:
		// there it only says which members go together (tsconfig's anyOf of files, include, ...;
		// dependabot's oneOf of directory and directories), and the struct holds its members.
		if s.DynamicRef != nil || unionOfObjects(s) && !part {
			ok = false
			return
		}
		visit(s, kw)
		for i, p := range s.AllOf {
			walk(p, kw+"/allOf/"+strconv.Itoa(i), true)
		}
		if s.Ref != nil {
			if s.Ref.Schema == nil {
				ok = false
				return
			}
			walk(s.Ref.Schema, kw+"/$ref", part)
		}
		if branch == nil {
			return
		}
		if s.If != nil {
			branch(s.Then, kw+"/then")
			branch(s.Else, kw+"/else")
		}
		for _, d := range s.DependentSchemas {
			branch(d.Schema, kw+"/dependentSchemas/"+jsonpointer.Escape(d.Name))
		}
		for i, x := range s.OneOf {
			branch(x, kw+"/oneOf/"+strconv.Itoa(i))
		}
		for i, x := range s.AnyOf {
			branch(x, kw+"/anyOf/"+strconv.Itoa(i))
		}
	}
	walk(s, "", false)
	return ok
}

// unionOfObjects reports whether a schema's "oneOf" or "anyOf" branches declare members: a sum of
// object variants, which is a union's to type, not a struct's.
func unionOfObjects(s *ir.Schema) bool {
	for _, x := range slices.Concat(s.OneOf, s.AnyOf) {
		if x != nil && (len(x.Properties) > 0 || (x.Ref != nil && x.Ref.Schema != nil && len(x.Ref.Schema.Properties) > 0)) {
			return true
		}
	}
	return false
}

// isObjectSchema reports whether every value of s is an object: its "type" is "object", or one of
// the parts that apply without a condition says so.
func isObjectSchema(s *ir.Schema) bool {
	object := false
	objectParts(s, func(part *ir.Schema, _ string) {
		if slices.Equal(part.Types, []string{"object"}) {
			object = true
		}
	}, nil)
	return object
}

// isMergedStruct reports whether s is an object schema whose parts can be merged into a struct
// that declares at least one member. A schema that also admits null, a boolean schema, and one
// with a dynamic reference or a union of objects among its parts are not.
func isMergedStruct(s *ir.Schema) bool {
	// A const or enum of objects is compared as JSON, whole; a bare "$ref" is the type it names.
	if (s.Ref != nil && !hasAssertions(s)) || s.Bool != nil || s.Const != nil || s.Enum != nil || (len(s.Types) > 0 && !slices.Equal(s.Types, []string{"object"})) || !isObjectSchema(s) {
		return false
	}
	declares := false
	ok := objectParts(s, func(part *ir.Schema, _ string) {
		declares = declares || len(part.Properties) > 0
	}, func(b *ir.Schema, _ string) {
		declares = declares || (b != nil && len(b.Properties) > 0)
	})
	return ok && declares
}

// isComposed reports whether a struct's schema has rules beyond its own properties, required and
// additionalProperties, which validation must then check on the whole object.
func isComposed(s *ir.Schema) bool {
	return s.Ref != nil || hasApplicators(s)
}

// members collects the members of a struct from every part of its schema, in the order the parts
// declare them, and the members the unconditional parts require, each with the schema path of the
// first part that does.
func members(s *ir.Schema) ([]*member, map[string]string) {
	var out []*member
	required := map[string]string{} // member name -> path of the first part that requires it
	byName := map[string]*member{}
	add := func(part *ir.Schema, kw string, cond bool) {
		for _, p := range part.Properties {
			m := byName[p.Name]
			if m == nil {
				m = &member{name: p.Name}
				byName[p.Name] = m
				out = append(out, m)
			}
			d := decl{schema: p.Schema, kwPath: kw + "/properties/" + jsonpointer.Escape(p.Name)}
			if cond {
				m.conds = append(m.conds, d)
			} else {
				m.decls = append(m.decls, d)
			}
		}
	}
	var branches []decl
	objectParts(s, func(part *ir.Schema, kw string) {
		add(part, kw, false)
		for _, r := range part.Required {
			if _, ok := required[r]; !ok {
				required[r] = kw
			}
		}
	}, func(b *ir.Schema, kw string) {
		if b != nil {
			branches = append(branches, decl{schema: b, kwPath: kw})
		}
	})
	// Members under conditions come after the others, so that a condition never moves a field.
	for _, br := range branches {
		objectParts(br.schema, func(part *ir.Schema, kw string) { add(part, br.kwPath+kw, true) }, nil)
	}
	return out, required
}

// JSON types as bits, so that what several parts admit together is an intersection. An integer is
// a number with an integral value: "number" is both bits.
const (
	maskNull = 1 << iota
	maskBoolean
	maskObject
	maskArray
	maskString
	maskInteger
	maskFraction
	maskAny = 1<<iota - 1
)

// typeMask returns the JSON types a schema admits as far as its types, const, enum, "$ref" and
// "allOf" tell; 0 when it admits nothing (false, an empty enum, parts that contradict).
func typeMask(s *ir.Schema, depth int) int {
	if s == nil {
		return maskAny
	}
	if s.Bool != nil {
		if *s.Bool {
			return maskAny
		}
		return 0
	}
	if depth > 32 {
		return maskAny // a chain of references this long: assume nothing
	}
	mask := maskAny
	if types := typesOf(s); len(types) > 0 || s.Enum != nil {
		mask = 0
		for _, t := range types {
			mask |= map[string]int{"null": maskNull, "boolean": maskBoolean, "object": maskObject, "array": maskArray,
				"string": maskString, "integer": maskInteger, "number": maskInteger | maskFraction}[t]
		}
	}
	if s.Ref != nil && s.Ref.Schema != nil {
		mask &= typeMask(s.Ref.Schema, depth+1)
	}
	for _, part := range s.AllOf {
		mask &= typeMask(part, depth+1)
	}
	return mask
}

// maskNames spells a type mask for messages.
func maskNames(mask int) string {
	if mask&(maskInteger|maskFraction) == maskInteger|maskFraction {
		mask &^= maskInteger
	}
	var names []string
	for _, t := range []struct {
		bit  int
		name string
	}{{maskNull, "null"}, {maskBoolean, "boolean"}, {maskObject, "object"}, {maskArray, "array"}, {maskString, "string"},
		{maskInteger, "integer"}, {maskFraction, "number"}} {
		if mask&t.bit != 0 {
			names = append(names, t.name)
		}
	}
	return strings.Join(names, " or ")
}

// chooseDecl picks the declaration whose Go type a member's field takes: every declaration's Go
// type holds the values of its own schema, so each holds what all of them admit together; the one
// chosen is the narrowest (its JSON types are those of the intersection) and the most specific (a
// named type, an enum, a const, bounds). ok is false when the declarations admit no common JSON type
// while each admits some: no value could be the member, and no Go type can say so.
func chooseDecl(m *member) (chosen decl, conflict [2]decl, ok bool) {
	common := maskAny
	var live []decl
	for _, d := range m.decls {
		if mask := typeMask(d.schema, 0); mask != 0 { // a false or empty schema forbids the member: no type to choose
			live = append(live, d)
			if common&mask == 0 && common != maskAny {
				for _, e := range live {
					if typeMask(e.schema, 0)&mask == 0 {
						return decl{}, [2]decl{e, d}, false
					}
				}
				return decl{}, [2]decl{live[0], d}, false
			}
			common &= mask
		}
	}
	if len(live) == 0 {
		return m.decls[0], conflict, true
	}
	best, bestRank := live[0], -1
	for _, d := range live {
		rank := 0
		if typeMask(d.schema, 0) == common {
			rank += 4
		}
		s := d.schema
		if s.Ref != nil || s.Enum != nil || s.Const != nil || len(s.Properties) > 0 || fitsInt64(s) {
			rank += 2
		}
		if IsComposite(s) {
			rank -= 8 // kept as raw JSON: any other declaration types it better
		}
		if rank > bestRank {
			best, bestRank = d, rank
		}
	}
	return best, conflict, true
}

// branchType types a member that only conditions declare when "then" and "else" of one "if" both
// declare it and every declaration agrees on one scalar type: whichever way the condition goes, the
// member is then of that type (a string, a boolean, an integer every branch bounds inside int64,
// a number). Otherwise, or when another condition declares it too, ok is false and the member stays
// raw JSON: where no declaration applies it may be any value.
func branchType(m *member) (t ir.Type, ok bool) {
	then, els := map[string]bool{}, map[string]bool{}
	for _, d := range m.conds {
		if i := strings.LastIndex(d.kwPath, "/then/"); i >= 0 {
			then[d.kwPath[:i]] = true
		} else if i := strings.LastIndex(d.kwPath, "/else/"); i >= 0 {
			els[d.kwPath[:i]] = true
		} else {
			return t, false // dependentSchemas, oneOf, anyOf: a branch that need not apply
		}
	}
	covered := false
	for base := range then {
		covered = covered || els[base]
	}
	if !covered || len(then)+len(els) != 2 {
		return t, false
	}
	kind := ir.TypeKind(-1)
	for _, d := range m.conds {
		s := d.schema
		if s.Ref != nil || IsComposite(s) || s.Enum != nil || isStringEnum(s) {
			return t, false
		}
		var k ir.TypeKind
		switch types := typesOf(s); {
		case slices.Equal(types, []string{"string"}):
			k = ir.TypeString
		case slices.Equal(types, []string{"boolean"}):
			k = ir.TypeBool
		case slices.Equal(types, []string{"integer"}) && fitsInt64(s):
			k = ir.TypeInt64
		case slices.Equal(types, []string{"integer"}) || slices.Equal(types, []string{"number"}):
			k = ir.TypeNumber
		default:
			return t, false
		}
		switch {
		case kind == -1 || kind == k:
			kind = k
		case (kind == ir.TypeInt64 || kind == ir.TypeNumber) && (k == ir.TypeInt64 || k == ir.TypeNumber):
			kind = ir.TypeNumber // an unbounded branch: only json.Number holds both
		default:
			return t, false
		}
	}
	return ir.Type{Kind: kind}, true
}
