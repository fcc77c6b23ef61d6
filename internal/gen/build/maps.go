package build

import (
	"slices"

	"github.com/contractgen/contractgen/internal/gen/load"

	"github.com/contractgen/contractgen/internal/gen/ir"
)

// isMap reports whether a schema is an object without declared members whose only rules beyond
// additionalProperties are on its member names and counts (patternProperties, propertyNames,
// min/maxProperties): a Go map holds every such object, and validation checks the map's encoding
// against the whole schema (govalidate's mapOf), so every rule keeps its exact meaning.
// Its "type" must say "object" (perhaps also "null"): without it the schema admits non-objects too.
func isMap(s *ir.Schema) bool {
	types := slices.DeleteFunc(slices.Clone(s.Types), func(t string) bool { return t == "null" })
	if !slices.Equal(types, []string{"object"}) || len(s.Properties) > 0 || s.Ref != nil || s.Bool != nil ||
		s.Const != nil || s.Enum != nil {
		return false
	}
	// Only the keywords listed above may be present among those hasApplicators looks for.
	rest := *s
	rest.PatternProperties, rest.PropertyNames, rest.MinProperties, rest.MaxProperties = nil, nil, nil, nil
	return !hasApplicators(&rest)
}

// mapValueSchema returns the one schema that every member value of a map-shaped schema must
// satisfy when the map's values can be typed by it: additionalProperties when there are no
// patternProperties; the single pattern's schema when additionalProperties is false, so that
// every member matches the pattern. Otherwise (several patterns, or patterns beside other
// admitted members) it returns ok false, and the values stay raw JSON, which holds whatever the
// patterns and additionalProperties admit together.
func mapValueSchema(s *ir.Schema) (value *ir.Schema, ok bool) {
	ap := s.AdditionalProperties
	if len(s.PatternProperties) == 0 {
		return ap, true
	}
	apFalse := ap != nil && ap.Bool != nil && !*ap.Bool
	if len(s.PatternProperties) == 1 && apFalse {
		return s.PatternProperties[0].Schema, true
	}
	// Every pattern and additionalProperties a bare "$ref" to the same type: values of that type.
	var all []*ir.Schema
	for _, p := range s.PatternProperties {
		all = append(all, p.Schema)
	}
	if !apFalse {
		all = append(all, ap)
	}
	for _, x := range all {
		if x == nil || x.Ref == nil || hasAssertions(x) || x.Ref != all[0].Ref {
			return nil, false
		}
	}
	return all[0], true
}

// rawObjectNote explains why a member whose schema describes an object is still kept as raw JSON:
// it does not say "type": "object", so it admits non-objects too, or it admits null beside an
// object with declared members; "" for other raw members.
func rawObjectNote(s *ir.Schema) string {
	objectKeywords := len(s.Properties) > 0 || len(s.Required) > 0 || len(s.PatternProperties) > 0 ||
		s.AdditionalProperties != nil || s.MinProperties != nil || s.MaxProperties != nil || s.PropertyNames != nil
	switch {
	case !objectKeywords:
		return ""
	case len(s.Types) == 0:
		return `Its schema has object keywords but no "type": "object", so it also admits strings, numbers, arrays and the other JSON values, which only raw JSON holds; add "type": "object" for a Go type.`
	case slices.Equal(s.Types, []string{"null", "object"}) || slices.Equal(s.Types, []string{"object", "null"}):
		if len(s.Properties) > 0 {
			return "It admits null besides an object with declared members, so it is kept as JSON and validated as such."
		}
	}
	return ""
}

// nullableStruct declares the struct of a member or item schema whose "type" is ["object",
// "null"] and that declares members, for a Nullable of it: null is told apart by the Nullable, and
// every object the schema admits is one the struct holds (Extra keeps undeclared members). It is
// declared under a key of its own, so a "$ref" to the same schema still names the whole (nullable)
// schema. It returns nil where a struct of the schema without null would not be one (the schema
// is the root or a definition, whose named type must hold null itself).
func (b *builder) nullableStruct(doc *load.Document, ptr string, s *ir.Schema, suggested string) *ir.Named {
	if ptr == "" || s.Ref != nil || !slices.Equal(s.Types, []string{"null", "object"}) && !slices.Equal(s.Types, []string{"object", "null"}) {
		return nil
	}
	object := *s
	object.Types = []string{"object"}
	if !isStruct(&object) {
		return nil
	}
	return b.declareKey(doc, ptr, suggested, doc.Abs+"#"+ptr+" (object)", func(doc *load.Document, ptr string, n *ir.Named) {
		n.Kind = ir.StructType
		n.Extra = s.AdditionalProperties == nil || s.AdditionalProperties.Bool == nil || *s.AdditionalProperties.Bool ||
			len(s.PatternProperties) > 0
		n.Composed = isComposed(s)
		b.fields(doc, ptr, n)
	})
}
