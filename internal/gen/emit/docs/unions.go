package docs

import (
	"fmt"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// variant is one row of the variants table of a sum type.
type variant struct {
	// Name is the variant's title or name; Type is what its values are.
	Name, Type string
	// Selects says which values choose this variant: the discriminator's values, the members only
	// it requires, or its JSON types.
	Selects     string
	Description string
}

// unionPage is a sum type as the page shows it: how a value's variant is found, and the variants.
type unionPage struct {
	// How says in a sentence how a value's variant is found.
	How      string
	Variants []variant
}

// describeUnion derives the variants section of a sum type.
func describeUnion(n *ir.Named) *unionPage {
	u := n.Union
	if n.Kind != ir.UnionType || u == nil {
		return nil
	}
	p := &unionPage{How: howText(u)}
	for _, v := range u.Variants {
		row := variant{Name: variantName(v), Type: typeText(v.Schema), Selects: selectsText(u, v), Description: v.Schema.Description}
		if row.Description == "" && v.Type != nil && v.Type.Named != nil && v.Type.Named.Schema != nil {
			row.Description = v.Type.Named.Schema.Description
		}
		p.Variants = append(p.Variants, row)
	}
	return p
}

// howText says how a value's variant is found.
func howText(u *ir.Union) string {
	kw := code(u.Keyword)
	switch u.Rule {
	case ir.UnionDiscriminator:
		return fmt.Sprintf("A value is one of the variants below (%s), chosen by its member %s.", kw, code(u.Discriminator.Name))
	case ir.UnionRequired:
		return fmt.Sprintf("A value is one of the variants below (%s), told apart by the members only each of them requires.", kw)
	case ir.UnionJSONType:
		return fmt.Sprintf("A value is one of the variants below (%s), told apart by its JSON type.", kw)
	}
	return fmt.Sprintf("A value is one of the variants below (%s).", kw)
}

// selectsText says which values choose a variant.
func selectsText(u *ir.Union, v *ir.Variant) string {
	switch u.Rule {
	case ir.UnionDiscriminator:
		values := make([]string, len(v.Values))
		for i, value := range v.Values {
			values[i] = fmt.Sprintf("%q", value)
		}
		return code(u.Discriminator.Name) + " is " + orList(values)
	case ir.UnionRequired:
		return "has " + andList(v.Members)
	case ir.UnionJSONType:
		return "is " + strings.Join(v.JSONTypes, " or ")
	}
	return ""
}

// variantName names a variant as the page does a type: its title, else its name.
func variantName(v *ir.Variant) string {
	if v.Schema.Title != "" {
		return v.Schema.Title
	}
	if v.Type != nil && v.Type.Named != nil && v.Type.Named.Schema != nil && v.Type.Named.Schema.Title != "" {
		return v.Type.Named.Schema.Title
	}
	if v.Name == "" && v.Schema.Ref != nil {
		return v.Schema.Ref.Name
	}
	return v.Name
}

// sumType returns the sum type a schema's values are: the one it refers to, or the one declared
// where it stands (an inline oneOf); nil otherwise.
func sumType(s *ir.Schema) *ir.Named {
	for _, n := range []*ir.Named{s.Ref, s.DeclaredHere()} {
		if n != nil && n.Kind == ir.UnionType && n.Union != nil {
			return n
		}
	}
	return nil
}

// rawUnion returns the union a schema's values belong to when the builder keeps it as JSON (no
// sum type tells its variants apart): the one it refers to or the one declared where it stands.
func rawUnion(s *ir.Schema) *ir.Named {
	for _, n := range []*ir.Named{s.Ref, s.DeclaredHere()} {
		if n != nil && n.Kind == ir.AliasType && n.Union != nil && n.Union.Rule == ir.UnionRaw && len(n.Union.Variants) > 0 {
			return n
		}
	}
	return nil
}

// rawUnionRuleText says that the variants are not told apart, and why.
func rawUnionRuleText(n *ir.Named) string {
	why := strings.TrimSuffix(strings.TrimSpace(n.Union.Why), ".")
	if why == "" {
		return "the variants are not told apart"
	}
	return "the variants are not told apart: " + why
}

// memberName names a variant inside a sentence: a title in lower case, as the page writes the
// titles of object types, or the variant's name as it is.
func memberName(v *ir.Variant) string {
	name := variantName(v)
	if name != v.Name {
		return strings.ToLower(name)
	}
	return name
}

// unionTypeText is the type column of a member whose values are a sum type.
func unionTypeText(n *ir.Named) string {
	names := make([]string, len(n.Union.Variants))
	for i, v := range n.Union.Variants {
		names[i] = memberName(v)
	}
	return "one of: " + strings.Join(names, ", ")
}

// unionRuleText is the rule column of such a member: how the variant is found.
func unionRuleText(n *ir.Named) string {
	u := n.Union
	var parts []string
	for _, v := range u.Variants {
		s := selectsText(u, v)
		switch u.Rule {
		case ir.UnionDiscriminator:
			parts = append(parts, memberName(v)+" when "+s)
		case ir.UnionRequired, ir.UnionJSONType:
			parts = append(parts, memberName(v)+" when it "+s)
		}
	}
	return strings.Join(parts, "; ")
}

func orList(items []string) string  { return naming.OrList(codesOf(items)) }
func andList(items []string) string { return naming.AndList(codesOf(items)) }

func codesOf(items []string) []string {
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = code(s)
	}
	return out
}
