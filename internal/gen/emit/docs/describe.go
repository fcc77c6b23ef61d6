package docs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
)

// describeMember renders a field's type and constraints in words.
func describeMember(f *ir.Field) member {
	desc := f.Description
	if desc == "" && f.Schema != nil {
		desc = f.Schema.Description
	}
	return member{Name: f.Name, Type: typeText(f.Schema), Rule: ruleText(f.Schema), Description: desc}
}

// typeText names the JSON type of a schema, with the named type it refers to.
func typeText(s *ir.Schema) string {
	if s == nil {
		return "any"
	}
	if n := sumType(s); n != nil {
		return unionTypeText(n)
	}
	if n := rawUnion(s); n != nil {
		return unionTypeText(n)
	}
	if n := s.Ref; n != nil {
		title := n.Schema.Title
		if title == "" {
			title = n.Name
		}
		switch n.Kind {
		case ir.EnumType:
			return "string: " + strings.ToLower(title)
		case ir.StructType:
			return "object: " + strings.ToLower(title)
		}
		return typeText(n.Schema)
	}
	if len(s.Types) == 0 {
		// A const or enum without "type" admits the types of its values.
		return valueTypes(s)
	}
	return strings.Join(s.Types, " or ")
}

// valueTypes names the JSON types of a schema's const or enum values, "any" without them.
func valueTypes(s *ir.Schema) string {
	values := s.Enum
	if s.Const != nil {
		values = []ir.Value{*s.Const}
	}
	var types []string
	for _, v := range values {
		t := v.JSONType()
		if !slices.Contains(types, t) {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		return "any"
	}
	return strings.Join(types, " or ")
}

// ruleText lists the constraints a value must meet, following a reference to its target.
func ruleText(s *ir.Schema) string {
	if s == nil {
		return ""
	}
	var rules []string
	if s.Const != nil {
		rules = append(rules, "always `"+string(s.Const.JSON)+"`")
	}
	if len(s.Enum) > 0 {
		rules = append(rules, fmt.Sprintf("one of %d values", len(s.Enum)))
	}
	if s.MinLength != nil {
		rules = append(rules, plural(*s.MinLength, "at least %d character", "at least %d characters"))
	}
	if s.MaxLength != nil {
		rules = append(rules, plural(*s.MaxLength, "at most %d character", "at most %d characters"))
	}
	if s.Pattern != "" {
		rules = append(rules, "matches `"+s.Pattern+"`")
	}
	if s.Format != "" {
		rules = append(rules, "format "+s.Format)
	}
	rules = append(rules, boundRules(s)...)
	if isOpenObject(s) {
		rules = append(rules, "any members")
	}
	if n := s.Ref; n != nil && n.Kind == ir.EnumType && n.Enum != nil {
		rule := fmt.Sprintf("one of %d values", len(n.Enum.Values))
		if fb := n.Enum.Fallback; fb != nil {
			rule += "; an unknown value is kept and acted on as `" + fb.Value + "`"
		}
		rules = append(rules, rule)
	}
	if n := sumType(s); n != nil {
		rules = append(rules, unionRuleText(n))
	}
	if n := rawUnion(s); n != nil {
		rules = append(rules, rawUnionRuleText(n))
	}
	if n := s.Ref; n != nil && n.Kind == ir.StructType && n.Extra {
		rules = append(rules, "unknown members allowed and kept")
	}
	return strings.Join(rules, "; ")
}

// boundRules renders the numeric keywords with their literals as written in the schema.
func boundRules(s *ir.Schema) []string {
	var rules []string
	for _, b := range []struct {
		n  *ir.Number
		op string
	}{{s.Minimum, ">="}, {s.ExclusiveMinimum, ">"}, {s.Maximum, "<="}, {s.ExclusiveMaximum, "<"}} {
		if b.n != nil {
			rules = append(rules, b.op+" "+b.n.Literal)
		}
	}
	if s.MultipleOf != nil {
		rules = append(rules, "a multiple of "+s.MultipleOf.Literal)
	}
	return rules
}

// plural picks the singular or plural format so that "1 character" reads right.
func plural(n int64, one, many string) string {
	if n == 1 {
		return fmt.Sprintf(one, n)
	}
	return fmt.Sprintf(many, n)
}

// isOpenObject reports an object schema that declares no members and allows any.
func isOpenObject(s *ir.Schema) bool {
	if len(s.Types) != 1 || s.Types[0] != "object" || len(s.Properties) > 0 {
		return false
	}
	ap := s.AdditionalProperties
	return ap == nil || (ap.Bool != nil && *ap.Bool)
}
