package ts

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// openString is the member of an enum union that admits values newer than this code while
// keeping editor completion for the known ones ("string" alone would absorb the literals).
const openString = "(string & {})"

// writeTypes declares every named type, in the IR's order (sorted by name).
func writeTypes(b *strings.Builder, pkg *ir.Package, names map[*ir.Named]string) {
	tags := variantTags(pkg)
	for _, n := range pkg.Types {
		switch n.Kind {
		case ir.StructType:
			writeInterface(b, n, names, tags[n])
		case ir.EnumType:
			writeEnum(b, n, names[n])
		case ir.UnionType:
			writeUnion(b, n, names)
		default:
			docComment(b, "", n.Schema.Description)
			fmt.Fprintf(b, "export type %s = %s;\n\n", names[n], tsType(n.Schema, names))
		}
	}
}

// tag is the discriminator member of a union's variant and the values that select it.
type tag struct {
	member string
	values []string
}

// variantTags finds the structs that are variants of unions told apart by a discriminator member:
// their interface declares that member as the literal values that select the variant, without the
// open string an enum otherwise admits, so that TypeScript narrows the union on it. A struct that
// is a variant of unions with different members keeps its members as they are.
func variantTags(pkg *ir.Package) map[*ir.Named]*tag {
	tags := map[*ir.Named]*tag{}
	clash := map[*ir.Named]bool{}
	for _, n := range pkg.Types {
		u := n.Union
		if n.Kind != ir.UnionType || u == nil || u.Rule != ir.UnionDiscriminator || u.Discriminator == nil {
			continue
		}
		for _, v := range u.Variants {
			if v.Type == nil || v.Type.Kind != ir.TypeRef || v.Type.Named == nil || v.Type.Named.Kind != ir.StructType {
				continue
			}
			s := v.Type.Named
			t := tags[s]
			switch {
			case t == nil:
				tags[s] = &tag{member: u.Discriminator.Name, values: slices.Clone(v.Values)}
			case t.member != u.Discriminator.Name:
				clash[s] = true
			default:
				for _, value := range v.Values {
					if !slices.Contains(t.values, value) {
						t.values = append(t.values, value)
					}
				}
			}
		}
	}
	for s := range clash {
		delete(tags, s)
	}
	return tags
}

// writeUnion declares a sum type as the union of its variants' types: a discriminated union when
// the variants are told apart by a member's value (each variant's interface declares it as a
// literal type), else a union TypeScript narrows with "in" or typeof, as the Go decoder tells the
// variants apart by required members or by JSON type.
func writeUnion(b *strings.Builder, n *ir.Named, names map[*ir.Named]string) {
	u := n.Union
	text := n.Schema.Description
	switch {
	case u.Discriminated():
		text = strings.TrimSpace(text + "\n\nThe variants are told apart by the member " + quote(u.Discriminator.Name) + ".")
	case u.Rule == ir.UnionRequired:
		text = strings.TrimSpace(text + "\n\nThe variants are told apart by the members only each of them requires.")
	case u.Rule == ir.UnionJSONType:
		text = strings.TrimSpace(text + "\n\nThe variants are told apart by their JSON type.")
	}
	docComment(b, "", text)
	types := make([]string, 0, len(u.Variants))
	for _, v := range u.Variants {
		t := ""
		if v.Type != nil && v.Type.Kind == ir.TypeRef && v.Type.Named != nil {
			t = names[v.Type.Named]
		} else {
			t = tsType(v.Schema, names)
		}
		if topLevelUnion(t) {
			t = "(" + t + ")"
		}
		if !slices.Contains(types, t) {
			types = append(types, t)
		}
	}
	// The union's own keywords (a "type" beside the oneOf, an allOf) narrow it further.
	own := *n.Schema
	own.OneOf, own.AnyOf = nil, nil
	fmt.Fprintf(b, "export type %s = %s;\n\n", names[n], intersection([]string{strings.Join(types, " | "), tsType(&own, names)}))
}

func writeInterface(b *strings.Builder, n *ir.Named, names map[*ir.Named]string, tg *tag) {
	docComment(b, "", n.Schema.Description)
	fmt.Fprintf(b, "export interface %s {\n", names[n])
	for _, f := range n.Fields {
		docComment(b, "  ", f.Description)
		opt := "?"
		if f.Required {
			opt = ""
		}
		typ := tsType(f.Schema, names)
		if tg != nil && f.Name == tg.member {
			values := make([]string, len(tg.values))
			for i, v := range tg.values {
				values[i] = quote(v)
			}
			typ = strings.Join(values, " | ")
		}
		fmt.Fprintf(b, "  %s%s: %s;\n", propertyName(f.Name), opt, typ)
	}
	if n.Extra {
		b.WriteString("  /** Members the contract does not declare: allowed, and kept by relays. */\n")
		b.WriteString("  [member: string]: unknown;\n")
	}
	b.WriteString("}\n\n")
}

// writeEnum declares the open union, the known values and, when the schema names one, the fallback.
func writeEnum(b *strings.Builder, n *ir.Named, name string) {
	docComment(b, "", n.Schema.Description)
	values := make([]string, len(n.Enum.Values))
	for i, v := range n.Enum.Values {
		values[i] = quote(v.Value)
	}
	fmt.Fprintf(b, "export type %s = %s | %s;\n\n", name, strings.Join(values, " | "), openString)
	stem := lowerFirst(name)
	fmt.Fprintf(b, "/** The values of %s this code knows, in schema order. */\n", name)
	fmt.Fprintf(b, "export const %sValues = [%s] as const;\n\n", stem, strings.Join(values, ", "))
	fmt.Fprintf(b, "/** The descriptions of the known values of %s. */\n", name)
	fmt.Fprintf(b, "export const %sDescriptions: { readonly [value in (typeof %sValues)[number]]: string } = {\n", stem, stem)
	for _, v := range n.Enum.Values {
		fmt.Fprintf(b, "  %s: %s,\n", propertyName(v.Value), quote(v.Description))
	}
	b.WriteString("};\n\n")
	if n.Enum.Fallback == nil {
		return
	}
	fb := quote(n.Enum.Fallback.Value)
	fmt.Fprintf(b, "/** The %s to act on when a value is not one this code knows. */\n", name)
	fmt.Fprintf(b, "export const %sFallback = %s;\n\n", stem, fb)
	fmt.Fprintf(b, "/** %sOrFallback returns value when this code knows it, and %s otherwise. */\n", stem, fb)
	fmt.Fprintf(b, "export function %sOrFallback(value: %s): (typeof %sValues)[number] {\n", stem, name, stem)
	fmt.Fprintf(b, "  return (%sValues as readonly string[]).includes(value) ? (value as (typeof %sValues)[number]) : %sFallback;\n", stem, stem, stem)
	b.WriteString("}\n\n")
}

// tsType is the TypeScript type of a schema's values: the type its own keywords give, intersected
// with its allOf parts and with the union of its oneOf or anyOf alternatives. A part whose type is
// unknown adds nothing, and an alternative that is unknown makes the union unknown, so the type
// never rejects a value the schema accepts (it may accept more: conditions, not and counts are
// the validator's job).
func tsType(s *ir.Schema, names map[*ir.Named]string) string {
	if s == nil {
		return "unknown"
	}
	if n := s.DeclaredHere(); n != nil && n.Kind == ir.UnionType {
		// A union declared where it is used (a member's or an item's oneOf) has a name of its own.
		return names[n]
	}
	parts := []string{ownType(s, names)}
	for _, p := range s.AllOf {
		parts = append(parts, tsType(p, names))
	}
	for _, alts := range [][]*ir.Schema{s.OneOf, s.AnyOf} {
		if len(alts) > 0 {
			parts = append(parts, unionOf(alts, names))
		}
	}
	return intersection(parts)
}

// unionOf is the union of the alternatives' types, or unknown when one of them is.
func unionOf(alts []*ir.Schema, names map[*ir.Named]string) string {
	types := make([]string, 0, len(alts))
	for _, a := range alts {
		t := tsType(a, names)
		switch {
		case t == "unknown":
			return "unknown"
		case t == "never" || slices.Contains(types, t):
			continue
		}
		types = append(types, t)
	}
	if len(types) == 0 {
		return "never"
	}
	return strings.Join(types, " | ")
}

// intersection joins types with &, leaving out unknown (which adds nothing) and repeats, and
// parenthesizes unions so that & binds as meant.
func intersection(types []string) string {
	var keep []string
	for _, t := range types {
		if t == "never" {
			return "never"
		}
		if t == "unknown" || slices.Contains(keep, t) {
			continue
		}
		keep = append(keep, t)
	}
	switch len(keep) {
	case 0:
		return "unknown"
	case 1:
		return keep[0]
	}
	for i, t := range keep {
		if topLevelUnion(t) {
			keep[i] = "(" + t + ")"
		}
	}
	return strings.Join(keep, " & ")
}

// topLevelUnion reports whether a type has a | outside brackets and quotes.
func topLevelUnion(t string) bool {
	depth, quoted := 0, false
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(' || c == '{' || c == '[':
			depth++
		case c == ')' || c == '}' || c == ']':
			depth--
		case c == '|' && depth == 0:
			return true
		}
	}
	return false
}

// ownType is the type a schema's own keywords give, applicators aside.
func ownType(s *ir.Schema, names map[*ir.Named]string) string {
	switch {
	case s.Bool != nil && *s.Bool:
		return "unknown"
	case s.Bool != nil:
		return "never"
	case s.Ref != nil:
		return names[s.Ref]
	case s.Const != nil:
		return literalType(s.Const)
	case len(s.Enum) > 0:
		parts := make([]string, 0, len(s.Enum)+1)
		for i := range s.Enum {
			parts = append(parts, literalType(&s.Enum[i]))
		}
		return strings.Join(append(parts, openString), " | ")
	}
	if len(s.Types) == 0 {
		return "unknown"
	}
	parts := make([]string, 0, len(s.Types))
	for _, t := range s.Types {
		if t == "integer" && len(s.Types) > 1 && contains(s.Types, "number") {
			continue
		}
		parts = append(parts, typeOf(t, s, names))
	}
	return strings.Join(parts, " | ")
}

func typeOf(t string, s *ir.Schema, names map[*ir.Named]string) string {
	switch t {
	case "integer", "number":
		return "number"
	case "array":
		return "(" + tsType(s.Items, names) + ")[]"
	case "object":
		return objectType(s, names)
	}
	return t // string, boolean, null
}

// objectType writes an inline object type: declared members, then an index signature unless
// additionalProperties is false.
func objectType(s *ir.Schema, names map[*ir.Named]string) string {
	var parts []string
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	for _, p := range s.Properties {
		opt := "?"
		if required[p.Name] {
			opt = ""
		}
		parts = append(parts, propertyName(p.Name)+opt+": "+tsType(p.Schema, names))
	}
	ap := s.AdditionalProperties
	switch {
	case ap != nil && ap.Bool != nil && !*ap.Bool:
		// additionalProperties: false: the declared members are all there is.
	case ap == nil || ap.Bool != nil || len(s.Properties) > 0:
		// Declared members and additional ones need a common supertype, and TypeScript's is unknown.
		parts = append(parts, "[member: string]: unknown")
	default:
		parts = append(parts, "[member: string]: "+tsType(ap, names))
	}
	if len(parts) == 0 {
		return "{}"
	}
	return "{ " + strings.Join(parts, "; ") + " }"
}

// literalType writes a const or enum value as a literal type; objects and arrays become unknown
// because TypeScript has no exact literal for them.
func literalType(v *ir.Value) string {
	switch v.Decoded.(type) {
	case string:
		return quote(v.Decoded.(string))
	case bool, nil:
		return string(v.JSON)
	case json.Number:
		return string(v.JSON)
	}
	return "unknown"
}

var identifier = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// propertyName writes a member name bare when it is an identifier and quoted otherwise.
func propertyName(name string) string {
	if identifier.MatchString(name) {
		return name
	}
	return quote(name)
}

// quote writes a string literal; JSON string syntax is valid in TypeScript, and U+2028 and U+2029
// are escaped by encoding/json as well. A byte order mark, which JSON leaves as it is, is escaped
// too: editors and tools treat one inside a file as noise or strip it.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return strings.ReplaceAll(string(b), "\ufeff", `\ufeff`)
}

// docComment writes text as a JSDoc comment, wrapped, with "*/" defused.
func docComment(b *strings.Builder, indent, text string) {
	text = strings.ReplaceAll(strings.TrimSpace(text), "*/", "*\\/")
	if text == "" {
		return
	}
	lines := emit.Wrap(text, 96)
	if len(lines) == 1 {
		fmt.Fprintf(b, "%s/** %s */\n", indent, lines[0])
		return
	}
	fmt.Fprintf(b, "%s/**\n", indent)
	for _, l := range lines {
		if l == "" { // a paragraph break, without trailing space
			fmt.Fprintf(b, "%s *\n", indent)
			continue
		}
		fmt.Fprintf(b, "%s * %s\n", indent, l)
	}
	fmt.Fprintf(b, "%s */\n", indent)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// propertyAccess writes the access to a member: ".name" when the name is an identifier, and
// ["name"] otherwise, as propertyName declares it.
func propertyAccess(name string) string {
	if identifier.MatchString(name) {
		return "." + name
	}
	return "[" + quote(name) + "]"
}
