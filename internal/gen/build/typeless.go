package build

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/profile"
)

// typesOf returns the JSON types a schema's values can have as far as "type", "const" and "enum"
// say: the "type" list when there is one; without it, the types of the const value or of the
// enum's values. A const or an enum admits nothing else, so the type it implies adds no rule to
// validation (which keeps reading the keywords as written), only a Go type to hold the values.
// "integer" stands for numbers with integral values (1.0 included); beside other numbers it becomes
// "number". Empty means any type.
func typesOf(s *ir.Schema) []string {
	if len(s.Types) > 0 || (s.Const == nil && s.Enum == nil) {
		return s.Types
	}
	values := s.Enum
	if s.Const != nil {
		values = []ir.Value{*s.Const}
	}
	var types []string
	for _, v := range values {
		if t := v.JSONType(); !slices.Contains(types, t) {
			types = append(types, t)
		}
	}
	if slices.Contains(types, "integer") && slices.Contains(types, "number") {
		types = slices.DeleteFunc(types, func(t string) bool { return t == "integer" })
	}
	slices.Sort(types)
	return types
}

// enumValues returns the values a string enum type declares constants for: the enum's, or the
// const's alone (a const without "type" whose value is a string is a one-value enum).
func enumValues(s *ir.Schema) []ir.Value {
	if s.Enum == nil && s.Const != nil {
		return []ir.Value{*s.Const}
	}
	return s.Enum
}

// isTypelessStringConst reports whether a schema is a "const" string without "type" or "enum": it is
// typed as a string enum with one value, so that the value has a named Go constant.
func isTypelessStringConst(s *ir.Schema) bool {
	if s.Const == nil || len(s.Types) > 0 || s.Enum != nil {
		return false
	}
	_, ok := s.Const.Decoded.(string)
	return ok
}

// mixedNote explains why a member whose const or enum values span several JSON types stays raw.
func mixedNote(s *ir.Schema) string {
	if len(s.Types) > 0 || (s.Const == nil && s.Enum == nil) {
		return ""
	}
	types := slices.DeleteFunc(slices.Clone(typesOf(s)), func(t string) bool { return t == "null" })
	switch {
	case len(types) > 1:
		return "Its values mix JSON types (" + strings.Join(types, ", ") + "), which no one Go type holds, so it is kept as JSON."
	case len(types) == 1 && (types[0] == "object" || types[0] == "array"):
		return "Its value is a fixed JSON " + types[0] + ", kept as JSON and compared exactly."
	}
	return ""
}

// constantOf returns the Go expression of a member's const value for its Go type, or "" when the
// member is no scalar const the constructor can set: a constant of its enum type, or an untyped
// literal, which needs no import and no conversion.
func constantOf(s *ir.Schema, t *ir.Type) string {
	if s.Ref != nil && !hasAssertions(s) && s.Ref.Schema != nil {
		s = s.Ref.Schema
	}
	if s.Const == nil || t.Nullable || t.Go.Pointer {
		return ""
	}
	switch t.Kind {
	case ir.TypeRef:
		n := t.Named
		if n.Kind == ir.EnumType && n.Enum != nil {
			for _, v := range n.Enum.Values {
				if str, ok := s.Const.Decoded.(string); ok && v.Value == str {
					return v.Go.Name
				}
			}
		}
	case ir.TypeString:
		if str, ok := s.Const.Decoded.(string); ok {
			return strconv.Quote(str) // an untyped constant: a Defined string type takes it too
		}
	case ir.TypeBool:
		if b, ok := s.Const.Decoded.(bool); ok {
			return strconv.FormatBool(b)
		}
	case ir.TypeInt64:
		if n, ok := numberOf(s.Const); ok && n.Rat.IsInt() {
			return n.Rat.Num().String()
		}
	case ir.TypeNumber:
		if n, ok := s.Const.Decoded.(json.Number); ok {
			return strconv.Quote(string(n)) // json.Number is a string type: the literal as written
		}
	}
	return ""
}

// constructor names the struct's New function when a required member is a const it can set, and
// records each such member's value. A type whose constructors a profile writes gets none.
func (b *builder) constructor(n *ir.Named) {
	if n.Kind != ir.StructType || slices.ContainsFunc(b.extensions, func(e profile.Extension) bool { return e.Owns(n) }) {
		return
	}
	sets := false
	for _, f := range n.Fields {
		if f.Required && f.Go.Constant != "" {
			sets = true
		}
	}
	if !sets {
		return
	}
	name := "New" + n.Name
	if !b.free(name, "") {
		// Another declaration has the name (most often the constructor of a union whose variant
		// this struct is): this one says what it sets.
		alt := name + "WithConsts"
		if !b.free(alt, "") {
			file, ptr, _ := strings.Cut(n.Origin, "#")
			b.diags.Add(file, ptr, "the constructor of %s would be %s or %s, but %s is %s and %s is %s; set x-go-name on the type", n.Name, name, alt, name, b.owner(name), alt, b.owner(alt))
			return
		}
		name = alt
	}
	b.names[name] = "the constructor of " + n.Name
	n.Go.New = name
}
