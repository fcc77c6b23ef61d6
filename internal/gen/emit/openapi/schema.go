package openapi

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/keywords"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// version is the OpenAPI version a document is written for.
type version int

const (
	v31 version = iota
	v30
)

// converter turns IR schemas into OpenAPI Schema Objects for one version. For 3.0 it rewrites what
// the older dialect lacks and records each rewrite in losses.
type converter struct {
	v      version
	losses *lossLog
	// components maps a named type to its component name, for $ref.
	components map[*ir.Named]string
	// enums maps the schema of every enum declaration to its values, for per-value descriptions.
	enums map[*ir.Schema]*ir.Enum
	// unions maps the schema of every union with a discriminator member to its union.
	unions map[*ir.Schema]*ir.Union
	// cache converts const, enum, default and example values, shared by both documents.
	cache valueCache
	// nulls is acceptsNull's memo: each schema's answer once known, and nullVisiting while the
	// schema is on the current path.
	nulls nullMemo
	err   error
}

// ref is the JSON reference of a schema component.
func ref(name string) string { return "#/components/schemas/" + jsonpointer.Escape(name) }

// schema converts s, which sits at ptr (a JSON pointer into the document being written).
func (c *converter) schema(s *ir.Schema, ptr string) any {
	if s.Bool != nil {
		if c.v == v31 {
			return *s.Bool
		}
		c.losses.add(RuleBooleanSchema, ptr, strconv.FormatBool(*s.Bool))
		// 3.0 allows null only where nullable is true, even in an otherwise empty schema.
		if *s.Bool {
			return anyValue()
		}
		return NewMap().Set("not", anyValue())
	}
	m := NewMap()
	c.annotations(m, s)
	c.types(m, s, ptr)
	c.values(m, s, ptr)
	c.strings(m, s)
	c.numbers(m, s, ptr)
	c.arrays(m, s, ptr)
	c.objects(m, s, ptr)
	c.applicators(m, s, ptr)
	c.trailing(m, s, ptr)
	// A bare $ref needs no flag of its own: the referenced component carries it.
	bareRef := s.Ref != nil && m.Len() == 0
	if c.v == v30 && len(s.Types) == 0 && !bareRef && c.nulls.acceptsNull(s) {
		c.losses.add(RuleUntypedNull, ptr, "nullable")
		m.Set("nullable", true)
	}
	if s.Ref != nil {
		return c.withRef(m, s, ptr)
	}
	return m
}

// withRef puts the $ref first before the schema's other keywords (rest). 3.0 ignores every keyword
// beside $ref, so there a schema that says anything else wraps the reference in an allOf.
func (c *converter) withRef(rest *Map, s *ir.Schema, ptr string) *Map {
	target := ref(c.components[s.Ref])
	out := NewMap()
	if c.v == v31 || rest.Len() == 0 {
		out.Set("$ref", target)
	} else {
		c.losses.add(RuleRefSiblings, ptr, "$ref")
		out.Set("allOf", append([]any{NewMap().Set("$ref", target)}, allOfOf(rest)...))
	}
	for _, key := range rest.Keys() {
		if _, done := out.Get(key); !done {
			v, _ := rest.Get(key)
			out.Set(key, v)
		}
	}
	return out
}

func (c *converter) annotations(m *Map, s *ir.Schema) {
	if s.Title != "" {
		m.Set("title", s.Title)
	}
	if text := describeEnum(s.Description, c.enums[s]); text != "" {
		m.Set("description", text)
	}
}

// describeEnum appends a list of the values and their descriptions to an enum's description: most
// OpenAPI renderers show the description and ignore vendor keywords such as x-enum-descriptions.
func describeEnum(text string, e *ir.Enum) string {
	if e == nil || !slices.ContainsFunc(e.Values, func(v ir.EnumValue) bool { return v.Description != "" }) {
		// Without a value's meaning, the list would only repeat the enum.
		return text
	}
	var b strings.Builder
	b.WriteString(text)
	if text != "" {
		b.WriteString("\n\n")
	}
	for i, v := range e.Values {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("- `" + v.Value + "`")
		if v.Description != "" {
			b.WriteString(": " + v.Description)
		}
	}
	return b.String()
}

// types writes "type": one name as it is; for 3.0, a null member becomes nullable and several
// types become an anyOf.
func (c *converter) types(m *Map, s *ir.Schema, ptr string) {
	var named []string
	null := false
	for _, t := range s.Types {
		if t == "null" {
			null = true
		} else {
			named = append(named, t)
		}
	}
	switch {
	case len(s.Types) == 0:
	case c.v == v31 && len(s.Types) == 1:
		m.Set("type", s.Types[0])
	case c.v == v31:
		m.Set("type", stringsToAny(s.Types))
	case len(named) == 0:
		c.losses.add(RuleNullOnly, ptr, "type")
		m.Set("nullable", true)
		m.Set("enum", []any{nil})
	case len(named) == 1:
		m.Set("type", named[0])
	default:
		c.losses.add(RuleTypeList, ptr, "type")
		var alts []any
		for _, t := range named {
			alt := NewMap().Set("type", t)
			if null {
				// nullable qualifies a type, so each branch carries it.
				alt.Set("nullable", true)
			}
			alts = append(alts, alt)
		}
		if len(s.AnyOf) > 0 {
			// The schema's own anyOf must hold as well: both go under allOf.
			m.Set("allOf", append(allOfOf(m), NewMap().Set("anyOf", alts)))
		} else {
			m.Set("anyOf", alts)
		}
	}
	if c.v == v30 && null && len(named) > 0 {
		c.losses.add(RuleNullable, ptr, "type")
		if len(named) == 1 {
			m.Set("nullable", true)
		}
	}
}

// anyValue is the 3.0 schema that accepts every value, null included.
func anyValue() *Map { return NewMap().Set("nullable", true) }

// nullMemo remembers acceptsNull's answer per schema. Without it a schema reachable along many
// paths is asked once per path: a chain of $defs whose anyOf refers twice to the next level has
// 2^depth paths, and 32 levels took minutes (issue 13). With it every schema is asked once per
// document, so the cost is linear in the number of schemas and subschema edges.
type nullMemo map[*ir.Schema]nullState

type nullState uint8

const (
	nullVisiting nullState = iota + 1
	nullAccepts
	nullRejects
)

// acceptsNull reports whether a 2020-12 schema accepts null. Only keywords that can reject null
// matter: every other keyword applies to one type and ignores null. A $ref cycle counts as
// rejecting, which at worst leaves a 3.0 schema stricter about null than needed, never looser;
// the answer for a schema on a cycle is the one found from the first place it was asked, which is
// the same on every run because the document is written in one fixed order.
func (memo nullMemo) acceptsNull(s *ir.Schema) bool {
	if s == nil {
		return true
	}
	if s.Bool != nil {
		return *s.Bool
	}
	switch memo[s] {
	case nullVisiting, nullRejects:
		return false
	case nullAccepts:
		return true
	}
	memo[s] = nullVisiting
	ok := memo.decide(s)
	memo[s] = nullRejects
	if ok {
		memo[s] = nullAccepts
	}
	return ok
}

// decide is acceptsNull for a schema object, asking memo about its subschemas.
func (memo nullMemo) decide(s *ir.Schema) bool {
	if len(s.Types) > 0 && !contains(s.Types, "null") {
		return false
	}
	if s.Const != nil && string(s.Const.JSON) != "null" {
		return false
	}
	if len(s.Enum) > 0 && !slices.ContainsFunc(s.Enum, func(v ir.Value) bool { return string(v.JSON) == "null" }) {
		return false
	}
	if s.Ref != nil && !memo.acceptsNull(s.Ref.Schema) {
		return false
	}
	for _, sub := range s.AllOf {
		if !memo.acceptsNull(sub) {
			return false
		}
	}
	if len(s.AnyOf) > 0 && !slices.ContainsFunc(s.AnyOf, memo.acceptsNull) {
		return false
	}
	if len(s.OneOf) > 0 {
		n := 0
		for _, sub := range s.OneOf {
			if memo.acceptsNull(sub) {
				n++
			}
		}
		if n != 1 {
			return false
		}
	}
	if s.Not != nil && memo.acceptsNull(s.Not) {
		return false
	}
	if s.If != nil {
		branch := s.Else
		if memo.acceptsNull(s.If) {
			branch = s.Then
		}
		return memo.acceptsNull(branch)
	}
	return true
}

func stringsToAny(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

// values writes const and enum, with the enum's per-value descriptions and fallback.
//
// Both versions write a const as a one-value enum: ogen checks enum but leaves const unchecked, and
// in 2020-12 the two mean the same. An open enum (one with x-fallback, whose decoders must accept
// any value) is written as its type alone with the values under x-extensible-enum, because code
// generators that read enum reject unknown values (ogen drops the whole error response); a closed
// enum stays enum. x-enum-varnames names the constants oapi-codegen writes, prefixed with the type
// so that they cannot collide in the package that imports them. conversion-losses.md explains both.
func (c *converter) values(m *Map, s *ir.Schema, ptr string) {
	if s.Const != nil {
		v := c.value(s.Const)
		c.losses.add(RuleConst, ptr, "const")
		m.Set("enum", []any{v})
		if name := constVarName(ptr, s.Const); name != "" {
			m.Set("x-enum-varnames", []any{name})
		}
	}
	e := c.enums[s]
	if len(s.Enum) > 0 {
		var list []any
		for i := range s.Enum {
			list = append(list, c.value(&s.Enum[i]))
		}
		if e != nil && e.Fallback != nil {
			c.losses.add(RuleOpenEnum, ptr, "enum")
			if len(s.Types) == 0 {
				// x-fallback needs a string enum: without enum the type keeps other JSON out.
				m.Set("type", "string")
			}
			m.Set("x-extensible-enum", list)
		} else {
			m.Set("enum", list)
			if e != nil && len(e.Values) == len(s.Enum) {
				names := make([]any, len(e.Values))
				for i, v := range e.Values {
					names[i] = v.Go.Name
				}
				m.Set("x-enum-varnames", names)
			}
		}
	}
	if e != nil {
		descs := NewMap()
		for _, v := range e.Values {
			if v.Description != "" {
				descs.Set(v.Value, v.Description)
			}
		}
		if descs.Len() > 0 {
			m.Set("x-enum-descriptions", descs)
		}
		if e.Fallback != nil {
			m.Set("x-fallback", e.Fallback.Value)
		}
	}
}

// constVarName names the constant for a const value at ptr: the component and property names
// on the way to it and the value, as Go names (AgentErrorContractVersion1). It returns "" for a
// value that is neither a string nor an integer, and for a const below anything but properties
// (inside allOf or not, no generator declares a constant).
func constVarName(ptr string, v *ir.Value) string {
	var value string
	switch x := v.Decoded.(type) {
	case string:
		value = x
	default:
		if _, err := strconv.ParseInt(string(v.JSON), 10, 64); err != nil {
			return ""
		}
		value = string(v.JSON)
	}
	var b strings.Builder
	tokens := strings.Split(strings.TrimPrefix(ptr, "/components/schemas/"), "/")
	if len(tokens)%2 == 0 {
		return ""
	}
	for i, t := range tokens {
		switch {
		case i%2 == 1 && t != "properties":
			return ""
		case i%2 == 0:
			b.WriteString(naming.GoName(jsonpointer.Unescape(t)))
		}
	}
	if b.Len() == 0 {
		return ""
	}
	stem := naming.GoName(value)
	if stem == "" || stem[0] < 'A' || stem[0] > 'Z' {
		stem = strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
				return r
			}
			return -1
		}, value)
	}
	return b.String() + stem
}

// value converts a schema value, remembering the first failure (which only a contractgen bug causes).
func (c *converter) value(v *ir.Value) any {
	out, err := c.cache.convert(v)
	if err != nil && c.err == nil {
		c.err = err
	}
	return out
}

func (c *converter) strings(m *Map, s *ir.Schema) {
	if s.Format != "" {
		m.Set("format", s.Format)
	}
	if s.Pattern != "" {
		m.Set("pattern", s.Pattern)
	}
	setCount(m, "minLength", s.MinLength)
	setCount(m, "maxLength", s.MaxLength)
}

func setCount(m *Map, key string, n *int64) {
	if n != nil {
		m.Set(key, Number(strconv.FormatInt(*n, 10)))
	}
}

func setNumber(m *Map, key string, n *ir.Number) {
	if n != nil {
		m.Set(key, Number(n.Literal))
	}
}

// numbers writes the bounds; for 3.0 an exclusive bound becomes the inclusive keyword with the
// boolean flag, keeping whichever of an inclusive and an exclusive bound is tighter.
func (c *converter) numbers(m *Map, s *ir.Schema, ptr string) {
	c.bound(m, ptr, "minimum", "exclusiveMinimum", s.Minimum, s.ExclusiveMinimum, 1)
	c.bound(m, ptr, "maximum", "exclusiveMaximum", s.Maximum, s.ExclusiveMaximum, -1)
	setNumber(m, "multipleOf", s.MultipleOf)
}

// bound writes one side; sign is 1 for a lower bound (larger is tighter) and -1 for an upper one.
func (c *converter) bound(m *Map, ptr, inclKey, exclKey string, incl, excl *ir.Number, sign int) {
	if c.v == v31 || excl == nil {
		setNumber(m, inclKey, incl)
		setNumber(m, exclKey, excl)
		return
	}
	c.losses.add(RuleExclusiveBound, ptr, exclKey)
	if incl != nil && incl.Rat.Cmp(excl.Rat)*sign > 0 {
		setNumber(m, inclKey, incl)
		return
	}
	setNumber(m, inclKey, excl)
	m.Set(exclKey, true)
}

func (c *converter) arrays(m *Map, s *ir.Schema, ptr string) {
	c.dropOr(m, ptr, "prefixItems", len(s.PrefixItems) > 0, func() any { return c.list(s.PrefixItems, ptr+"/prefixItems", 0) })
	// In 2020-12 items covers only the positions after prefixItems; once prefixItems is gone it
	// would cover every position, which is stricter than the contract, so it goes too.
	itemsFollowDropped := c.v == v30 && len(s.PrefixItems) > 0 && s.Items != nil
	if itemsFollowDropped {
		c.losses.add(RuleDropped, ptr, "items")
	}
	switch {
	case s.Items != nil && !itemsFollowDropped:
		m.Set("items", c.schema(s.Items, ptr+"/items"))
	case c.v == v30 && len(s.Types) > 0 && contains(s.Types, "array"):
		c.losses.add(RuleArrayItems, ptr, "items")
		m.Set("items", anyValue())
	}
	c.dropOr(m, ptr, "contains", s.Contains != nil, func() any { return c.schema(s.Contains, ptr+"/contains") })
	c.dropCount(m, ptr, "minContains", s.MinContains)
	c.dropCount(m, ptr, "maxContains", s.MaxContains)
	setCount(m, "minItems", s.MinItems)
	setCount(m, "maxItems", s.MaxItems)
	if s.UniqueItems {
		m.Set("uniqueItems", true)
	}
}

func contains(list []string, s string) bool { return slices.Contains(list, s) }

func (c *converter) objects(m *Map, s *ir.Schema, ptr string) {
	if len(s.Properties) > 0 {
		props := NewMap()
		for _, p := range s.Properties {
			props.Set(p.Name, c.schema(p.Schema, ptr+"/properties/"+jsonpointer.Escape(p.Name)))
		}
		m.Set("properties", props)
	}
	c.dropOr(m, ptr, "patternProperties", len(s.PatternProperties) > 0, func() any {
		pp := NewMap()
		for _, p := range s.PatternProperties {
			pp.Set(p.Pattern, c.schema(p.Schema, ptr+"/patternProperties/"+jsonpointer.Escape(p.Pattern)))
		}
		return pp
	})
	// additionalProperties covers the members that neither properties nor patternProperties
	// match; without patternProperties it would cover more members than in the contract.
	if ap := s.AdditionalProperties; ap != nil && c.v == v30 && len(s.PatternProperties) > 0 {
		c.losses.add(RuleDropped, ptr, "additionalProperties")
	} else if ap != nil {
		// Both versions accept a boolean here, so it stays one.
		if ap.Bool != nil {
			m.Set("additionalProperties", *ap.Bool)
		} else {
			m.Set("additionalProperties", c.schema(ap, ptr+"/additionalProperties"))
		}
	}
	c.dropOr(m, ptr, "propertyNames", s.PropertyNames != nil, func() any { return c.schema(s.PropertyNames, ptr+"/propertyNames") })
	if len(s.Required) > 0 {
		m.Set("required", stringsToAny(s.Required))
	}
	setCount(m, "minProperties", s.MinProperties)
	setCount(m, "maxProperties", s.MaxProperties)
	c.dropOr(m, ptr, "dependentRequired", len(s.DependentRequired) > 0, func() any {
		dr := NewMap()
		for _, d := range s.DependentRequired {
			dr.Set(d.Name, stringsToAny(d.Required))
		}
		return dr
	})
	c.dropOr(m, ptr, "dependentSchemas", len(s.DependentSchemas) > 0, func() any {
		ds := NewMap()
		for _, d := range s.DependentSchemas {
			ds.Set(d.Name, c.schema(d.Schema, ptr+"/dependentSchemas/"+jsonpointer.Escape(d.Name)))
		}
		return ds
	})
	// 3.1 is JSON Schema 2020-12: the schema's own keywords, whatever dialect it was written in.
	c.dropOr(m, ptr, "unevaluatedItems", s.UnevaluatedItems != nil, func() any {
		return c.schema(s.UnevaluatedItems, ptr+"/unevaluatedItems")
	})
	c.dropOr(m, ptr, "unevaluatedProperties", s.UnevaluatedProperties != nil, func() any {
		return c.schema(s.UnevaluatedProperties, ptr+"/unevaluatedProperties")
	})
	if s.DynamicRef != nil && c.err == nil {
		c.err = fmt.Errorf("openapi: %s/%s: the OpenAPI target cannot express %s (its target depends on the schemas entered at validation time, which components do not keep); generate without it (--targets go,docs,ts) or drop the keyword",
			s.Origin, s.DynamicKeyword, s.DynamicKeyword)
	}
}

func (c *converter) applicators(m *Map, s *ir.Schema, ptr string) {
	if len(s.AllOf) > 0 {
		// 3.0 rewrites may put schemas first in allOf (a type list here, the $ref wrapper later); the
		// pointers of the schema's own entries count them.
		prev := allOfOf(m)
		offset := len(prev)
		if c.v == v30 && s.Ref != nil {
			offset++
		}
		m.Set("allOf", append(prev, c.list(s.AllOf, ptr+"/allOf", offset)...))
	}
	if len(s.AnyOf) > 0 {
		m.Set("anyOf", c.list(s.AnyOf, ptr+"/anyOf", 0))
	}
	if len(s.OneOf) > 0 {
		c.oneOf(m, s, ptr)
	}
	c.discriminator(m, s)
	if s.Not != nil {
		// A keyword left out below "not" makes "not" reject more, not less; so "not" goes as a whole.
		mark := c.mark()
		not := c.schema(s.Not, ptr+"/not")
		if c.droppedSince(mark) {
			c.losses.losses = c.losses.losses[:mark]
			c.losses.add(RuleDropped, ptr, "not")
		} else {
			m.Set("not", not)
		}
	}
	for _, kw := range []struct {
		key string
		s   *ir.Schema
	}{{"if", s.If}, {"then", s.Then}, {"else", s.Else}} {
		c.dropOr(m, ptr, kw.key, kw.s != nil, func() any { return c.schema(kw.s, ptr+"/"+kw.key) })
	}
}

// oneOf writes oneOf. When a 3.0 branch lost a keyword, it may now match where it did not, and
// "exactly one" could reject a valid value; the branches are then kept as anyOf, at least one.
func (c *converter) oneOf(m *Map, s *ir.Schema, ptr string) {
	mark := c.mark()
	list := c.list(s.OneOf, ptr+"/oneOf", 0)
	if !c.droppedSince(mark) {
		m.Set("oneOf", list)
		return
	}
	c.losses.add(RuleDropped, ptr, "oneOf")
	if _, taken := m.Get("anyOf"); taken {
		m.Set("allOf", append(allOfOf(m), NewMap().Set("anyOf", list)))
		return
	}
	m.Set("anyOf", list)
}

// discriminator writes OpenAPI's discriminator beside the oneOf or anyOf of a union whose variants
// the builder tells apart by a member's value: its name, and a mapping from each value to the
// variant's component. Code generators (ogen, oapi-codegen, openapi-generator) read it to make a
// sum type. It is written only when every variant is a $ref to a component, the one form the
// mapping can name; a union with an inline variant keeps its oneOf alone, which means the same.
func (c *converter) discriminator(m *Map, s *ir.Schema) {
	u := c.unions[s]
	if u == nil {
		return
	}
	alts, ok := m.Get(u.Keyword)
	if !ok {
		// 3.0 may keep a oneOf as anyOf (see oneOf); the discriminator goes beside what is written.
		if alts, ok = m.Get("anyOf"); !ok {
			return
		}
	}
	if len(alts.([]any)) != len(u.Variants) {
		return
	}
	mapping := NewMap()
	for _, v := range u.Variants {
		target := v.Schema.Ref
		if target == nil || hasRulesBesideRef(v.Schema) || c.components[target] == "" {
			return
		}
		for _, value := range v.Values {
			mapping.Set(value, ref(c.components[target]))
		}
	}
	m.Set("discriminator", NewMap().Set("propertyName", u.Discriminator.Name).Set("mapping", mapping))
}

// hasRulesBesideRef reports whether a schema says anything beside "$ref" and annotations, so that it
// is written as more than a bare reference.
func hasRulesBesideRef(s *ir.Schema) bool {
	c := *s
	c.Ref = nil
	return c.HasRules()
}

// mark returns the position in the loss log, for droppedSince.
func (c *converter) mark() int { return len(c.losses.losses) }

// droppedSince reports whether a keyword was left out after mark.
func (c *converter) droppedSince(mark int) bool {
	for _, l := range c.losses.losses[mark:] {
		if l.Rule == RuleDropped {
			return true
		}
	}
	return false
}

func allOfOf(m *Map) []any {
	if v, ok := m.Get("allOf"); ok {
		return v.([]any)
	}
	return nil
}

// list converts the schemas of an applicator; offset is the index in the output of the first one.
func (c *converter) list(list []*ir.Schema, ptr string, offset int) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = c.schema(s, ptr+"/"+strconv.Itoa(offset+i))
	}
	return out
}

// dropOr writes a keyword that only 3.1 has, or records that 3.0 leaves it out: the keyword
// table's OpenAPI 3.0 column says which.
func (c *converter) dropOr(m *Map, ptr, key string, present bool, value func() any) {
	if !present {
		return
	}
	if k, _ := keywords.Lookup(key); c.v == v30 && k.OpenAPI30 == keywords.Dropped {
		c.losses.add(RuleDropped, ptr, key)
		return
	}
	m.Set(key, value())
}

func (c *converter) dropCount(m *Map, ptr, key string, n *int64) {
	c.dropOr(m, ptr, key, n != nil, func() any { return Number(strconv.FormatInt(*n, 10)) })
}

// trailing writes the annotations that read best after the assertions.
func (c *converter) trailing(m *Map, s *ir.Schema, ptr string) {
	if s.Default != nil {
		m.Set("default", c.value(s.Default))
	}
	switch {
	case len(s.Examples) == 0:
	case c.v == v31:
		var list []any
		for i := range s.Examples {
			list = append(list, c.value(&s.Examples[i]))
		}
		m.Set("examples", list)
	default:
		c.losses.add(RuleExamples, ptr, "examples")
		m.Set("example", c.value(&s.Examples[0]))
	}
	if s.Deprecated {
		m.Set("deprecated", true)
	}
}
