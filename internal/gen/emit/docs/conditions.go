package docs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// conditions lists, in words, the rules of an object schema that tie members together: if/then/else,
// dependentRequired, dependentSchemas, not and member counts, on the schema itself and in its
// allOf parts (inline or referenced). A rule too rich to say in a line is named by its place in
// the schema, so the page never leaves one out.
func conditions(s *ir.Schema) []string {
	var out []string
	seen := map[*ir.Schema]bool{}
	var walk func(s *ir.Schema)
	walk = func(s *ir.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		if s.If != nil { // then and else without if never apply
			out = append(out, ifThenElse(s))
		}
		for _, d := range s.DependentRequired {
			out = append(out, fmt.Sprintf("When %s is present, %s.", code(d.Name), present(d.Required, "must be present too")))
		}
		for _, d := range s.DependentSchemas {
			if text, ok := clauses(d.Schema, true); ok {
				out = append(out, fmt.Sprintf("When %s is present, %s.", code(d.Name), text))
			} else {
				out = append(out, fmt.Sprintf("When %s is present, the object also meets the schema at %s.", code(d.Name), code(where(d.Schema))))
			}
		}
		if s.Not != nil {
			if text, ok := negation(s.Not); ok {
				out = append(out, naming.UpperFirst(text)+".")
			} else {
				out = append(out, fmt.Sprintf("The object does not meet the schema at %s.", code(where(s.Not))))
			}
		}
		if s.MinProperties != nil {
			out = append(out, plural(*s.MinProperties, "At least %d member.", "At least %d members."))
		}
		if s.MaxProperties != nil {
			out = append(out, plural(*s.MaxProperties, "At most %d member.", "At most %d members."))
		}
		for _, part := range s.AllOf {
			if part.Ref != nil {
				walk(part.Ref.Schema)
			}
			walk(part)
		}
	}
	walk(s)
	return out
}

// ifThenElse says an if/then/else in one line.
func ifThenElse(s *ir.Schema) string {
	cond, ok := clauses(s.If, false)
	if !ok {
		cond = "the object meets the schema at " + code(where(s.If))
	}
	var parts []string
	for _, branch := range []struct {
		s     *ir.Schema
		label string
	}{{s.Then, "When " + cond + ", "}, {s.Else, "otherwise "}} {
		if branch.s == nil {
			continue
		}
		text, ok := clauses(branch.s, true)
		if !ok {
			text = "the object meets the schema at " + code(where(branch.s))
		}
		parts = append(parts, branch.label+text)
	}
	if len(parts) == 0 {
		return "The condition at " + code(where(s.If)) + " is checked but requires nothing."
	}
	if s.Then == nil {
		return "Unless " + cond + ", " + strings.TrimPrefix(parts[0], "otherwise ") + "."
	}
	return strings.Join(parts, "; ") + "."
}

// clauses says what a subschema requires of an object, when it holds only keywords that read
// as a sentence: member values (const, enum), required members, absent members (not required) and
// dependentRequired. must says "must be present" instead of "is present", for a requirement.
func clauses(s *ir.Schema, must bool) (string, bool) {
	if s == nil || s.Bool != nil || s.Ref != nil || len(s.Types) > 0 && !slices.Equal(s.Types, []string{"object"}) ||
		s.If != nil || s.Then != nil || s.Else != nil || len(s.AllOf)+len(s.AnyOf)+len(s.OneOf) > 0 ||
		len(s.PatternProperties)+len(s.DependentSchemas) > 0 || s.AdditionalProperties != nil ||
		s.PropertyNames != nil || s.MinProperties != nil || s.MaxProperties != nil || s.UnevaluatedProperties != nil ||
		s.Const != nil || len(s.Enum) > 0 {
		return "", false
	}
	var out []string
	valued := map[string]bool{}
	for _, p := range s.Properties {
		text, ok := valueClause(p.Schema)
		if !ok {
			return "", false
		}
		valued[p.Name] = true
		if slices.Contains(s.Required, p.Name) {
			out = append(out, code(p.Name)+" is "+text)
		} else {
			out = append(out, code(p.Name)+" is absent or "+text)
		}
	}
	var rest []string
	for _, r := range s.Required {
		if !valued[r] {
			rest = append(rest, r)
		}
	}
	if len(rest) > 0 {
		verb := "is present"
		if len(rest) > 1 {
			verb = "are present"
		}
		if must {
			verb = "must be present"
		}
		out = append(out, present(rest, verb))
	}
	for _, d := range s.DependentRequired {
		out = append(out, fmt.Sprintf("when %s is present, %s", code(d.Name), present(d.Required, "must be present too")))
	}
	if s.Not != nil {
		text, ok := negation(s.Not)
		if !ok {
			return "", false
		}
		out = append(out, text)
	}
	if len(out) == 0 {
		return "", false
	}
	return strings.Join(out, " and "), true
}

// negation says "not": absent members for a not of required members alone.
func negation(s *ir.Schema) (string, bool) {
	if s == nil || len(s.Required) == 0 || len(s.Properties) > 0 || hasOther(s) {
		return "", false
	}
	if len(s.Required) == 1 {
		return code(s.Required[0]) + " must be absent", true
	}
	return present(s.Required, "are not all present"), true
}

// hasOther reports keywords besides properties and required.
func hasOther(s *ir.Schema) bool {
	c := *s
	c.Properties, c.Required = nil, nil
	return c.HasRules()
}

// valueClause says the value a member takes: one constant or one of an enum's values.
func valueClause(s *ir.Schema) (string, bool) {
	c := *s
	c.Types = nil
	switch {
	case s.Const != nil:
		c.Const = nil
		if c.HasRules() {
			return "", false
		}
		return code(string(s.Const.JSON)), true
	case len(s.Enum) > 0:
		c.Enum = nil
		if c.HasRules() {
			return "", false
		}
		values := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			values[i] = string(v.JSON)
		}
		return "one of " + codes(values), true
	}
	return "", false
}

// present lists member names ("`a`, `b` and `c`") with a verb.
func present(names []string, verb string) string {
	list := codes(names)
	if i := strings.LastIndex(list, ", "); i >= 0 {
		list = list[:i] + " and " + list[i+2:]
	}
	return list + " " + verb
}

// where is the schema's place, for rules the page cannot put in words.
func where(s *ir.Schema) string {
	if s.Pointer != "" || s.Origin == "" {
		return "#" + s.Pointer
	}
	_, ptr, _ := strings.Cut(s.Origin, "#")
	return "#" + ptr
}
