package build

import (
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// jsonTypeOrder is the order RawTypes lists JSON types in.
var jsonTypeOrder = []string{"null", "boolean", "integer", "number", "string", "array", "object"}

// rawTypes fills RawTypes and RawNote of every named type kept as raw JSON: its accessors read
// only the JSON types the schema admits (no AsInt64 on a boolean-or-string union), and its doc
// comment says why no Go type holds it and what would give it one.
func (b *builder) rawTypes() {
	for _, n := range b.all {
		if n.Kind != ir.AliasType || n.Underlying == nil || n.Underlying.Kind != ir.TypeRaw || n.Underlying.Nullable || n.Underlying.Go.Pointer {
			continue
		}
		n.RawTypes = b.admitted(n.Schema, map[*ir.Schema]bool{})
		switch {
		case n.Union == nil:
			n.Go.RawNote = b.rawNote(n.Schema)
		case n.Union.Rule == ir.UnionScalar && n.RawTypes != nil:
			n.Go.RawNote = scalarNote(n.RawTypes)
		}
	}
}

// admitted returns the JSON types a schema's values may have, in jsonTypeOrder, or nil when it
// cannot tell or any type may pass. "number" admits integers too, so it lists "integer" as well.
// Results are kept per schema, so that schemas shared through "$ref" are read once.
func (b *builder) admitted(s *ir.Schema, seen map[*ir.Schema]bool) []string {
	if s == nil || seen[s] || s.Bool != nil || s.DynamicRef != nil {
		return nil
	}
	if t, ok := b.admits[s]; ok {
		return t
	}
	seen[s] = true
	out := b.admittedTypes(s, seen)
	delete(seen, s)
	b.admits[s] = out
	return out
}

func (b *builder) admittedTypes(s *ir.Schema, seen map[*ir.Schema]bool) []string {
	var sets [][]string
	if t := typesOf(s); len(t) > 0 {
		sets = append(sets, t)
	}
	if s.Ref != nil {
		if t := b.admitted(s.Ref.Schema, seen); t != nil {
			sets = append(sets, t)
		}
	}
	for _, part := range s.AllOf {
		if t := b.admitted(part, seen); t != nil {
			sets = append(sets, t)
		}
	}
	for _, branches := range [][]*ir.Schema{s.OneOf, s.AnyOf} {
		if len(branches) == 0 {
			continue
		}
		var union []string
		for _, br := range branches {
			t := b.admitted(br, seen)
			if t == nil {
				union = nil
				break
			}
			union = append(union, t...)
		}
		if union != nil {
			sets = append(sets, union)
		}
	}
	if len(sets) == 0 {
		return nil
	}
	var out []string
	for _, t := range jsonTypeOrder {
		if !slices.ContainsFunc(sets, func(set []string) bool { return !admits(set, t) }) {
			out = append(out, t)
		}
	}
	return out
}

// admits reports whether a list of JSON types admits values of type t.
func admits(set []string, t string) bool {
	return slices.Contains(set, t) || t == "integer" && slices.Contains(set, "number")
}

// rawNote says why a schema that is no union is kept as raw JSON and what would type it.
func (b *builder) rawNote(s *ir.Schema) string {
	types := slices.DeleteFunc(slices.Clone(typesOf(s)), func(t string) bool { return t == "null" })
	switch {
	case b.set.Dynamic:
		return `The schemas use "$dynamicRef" or "$recursiveRef", whose target depends on where a value sits, so values are kept as JSON and validated as a whole; without dynamic references they get Go types.`
	case s.Bool != nil && *s.Bool:
		return `Its schema is true: any JSON value passes, so it is kept as JSON; give it a "type" for a Go type.`
	case s.Bool != nil:
		return "Its schema is false: no value passes, so no Go type is needed."
	case s.Ref != nil && hasAssertions(s):
		return `Its schema has assertions beside "$ref", which no one Go type carries, so it is kept as JSON and validated as such; move them into the referenced schema, or into an "allOf" part, for the referenced type.`
	}
	if note := mixedNote(s); note != "" {
		return note
	}
	if note := rawObjectNote(s); note != "" {
		return note
	}
	if len(types) > 1 {
		return "Its values may be " + naming.OrList(types) + `, which no one Go type holds, so it is kept as JSON; a "oneOf" with one branch per type gives a sum type.`
	}
	var kws []string
	add := func(on bool, kw string) {
		if on {
			kws = append(kws, `"`+kw+`"`)
		}
	}
	add(len(s.AllOf) > 0, "allOf")
	add(len(s.AnyOf) > 0, "anyOf")
	add(len(s.OneOf) > 0, "oneOf")
	add(s.Not != nil, "not")
	add(s.If != nil || s.Then != nil || s.Else != nil, "if")
	add(len(s.PrefixItems) > 0, "prefixItems")
	add(s.Contains != nil, "contains")
	add(len(s.PatternProperties) > 0, "patternProperties")
	add(len(s.DependentRequired)+len(s.DependentSchemas) > 0, "dependentRequired")
	add(s.PropertyNames != nil, "propertyNames")
	add(s.MinProperties != nil || s.MaxProperties != nil, "minProperties")
	add(s.UnevaluatedProperties != nil || s.UnevaluatedItems != nil, "unevaluatedProperties")
	if len(kws) == 0 {
		if len(types) == 0 {
			return `Its schema has no "type", so any JSON value may pass and it is kept as JSON; add a "type" for a Go type.`
		}
		return ""
	}
	what := "a value"
	if len(types) == 1 {
		what = withArticle(types[0])
	}
	return "Its schema uses " + strings.Join(kws, ", ") + " on " + what + ", which no Go type carries exactly, so it is kept as JSON and Validate checks the whole schema; " +
		`a schema of one "type" whose object parts declare their members ("properties" in each "allOf" part) gets a Go type.`
}

// withArticle names a JSON type with its article for a note: "an object", "a string".
func withArticle(t string) string {
	if t == "object" || t == "array" || t == "integer" {
		return "an " + t
	}
	return "a " + t
}

// scalarNote says what a union of scalar types holds and which accessors read it.
func scalarNote(types []string) string {
	var kinds, accessors []string
	for _, t := range types {
		switch t {
		case "null":
			kinds = append(kinds, "null")
		case "boolean":
			kinds, accessors = append(kinds, "a boolean"), append(accessors, "AsBool")
		case "integer":
			if !slices.Contains(types, "number") {
				kinds, accessors = append(kinds, "an integer"), append(accessors, "AsInt64", "AsNumber")
			}
		case "number":
			kinds, accessors = append(kinds, "a number"), append(accessors, "AsInt64", "AsNumber")
		case "string":
			kinds, accessors = append(kinds, "a string"), append(accessors, "AsString")
		}
	}
	verb := " read it"
	if len(accessors) == 1 {
		verb = " reads it"
	}
	if len(kinds) == 1 {
		return "Every variant is " + kinds[0] + "; the JSON is kept so that Validate judges it against the whole union: " +
			naming.AndList(accessors) + verb + ", and Set stores a value."
	}
	return "It holds " + naming.OrList(kinds) + ", which no one Go type holds, so the JSON is kept: " +
		naming.AndList(accessors) + verb + ", and Set stores a value."
}
