package rust

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// types writes src/types.rs: one declaration per named type, in the IR's order.
func (g *gen) types() (string, error) {
	var b strings.Builder
	b.WriteString(g.header(".rs"))
	b.WriteString("\n//! The contract's types.\n\n")
	b.WriteString("#[allow(unused_imports)]\nuse serde::{Deserialize, Deserializer, Serialize, Serializer};\n")
	for _, n := range g.pkg.Types {
		b.WriteString("\n")
		var err error
		switch n.Kind {
		case ir.StructType:
			g.structType(&b, n)
		case ir.EnumType:
			g.enumType(&b, n)
		case ir.UnionType:
			err = g.unionType(&b, n)
		default:
			g.aliasType(&b, n)
		}
		if err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// typeDoc is a named type's doc comment: its description, else its title, else where it comes from.
func typeDoc(n *ir.Named) string {
	doc := n.Schema.Description
	if doc == "" {
		doc = n.Schema.Title
	}
	ref := "Declared at " + emit.SourceRef(n.Origin) + "."
	if doc == "" {
		return ref
	}
	return doc + "\n\n" + ref
}

// rustType spells an IR type in Rust, ignoring the optional pointer and nullability (the field
// adds them); from is the type being declared, so that a value that contains itself is boxed.
func (g *gen) rustType(t *ir.Type, from *ir.Named) string {
	switch t.Kind {
	case ir.TypeBool:
		return "bool"
	case ir.TypeInt64:
		return "i64"
	case ir.TypeNumber:
		return "serde_json::Number"
	case ir.TypeString:
		return "String"
	case ir.TypeRef:
		name := g.names[t.Named]
		if from != nil && g.reaches(t.Named, from, map[*ir.Named]bool{}) {
			return "Box<" + name + ">"
		}
		return name
	case ir.TypeArray:
		return "Vec<" + g.elemType(t.Elem) + ">"
	case ir.TypeMap:
		return "std::collections::BTreeMap<String, " + g.elemType(t.Elem) + ">"
	case ir.TypeNull:
		return "contractgen_runtime::Null"
	case ir.TypeAny:
		// Written with members sorted at every depth, as the Go package writes its any values.
		return "contractgen_runtime::Any"
	}
	return "serde_json::Value"
}

// elemType is the type of a slice's or map's element: its own heap storage breaks any cycle.
func (g *gen) elemType(t *ir.Type) string {
	base := g.rustType(t, nil)
	if t.Nullable {
		return "contractgen_runtime::Nullable<" + base + ">"
	}
	return base
}

// reaches reports whether a value of n holds a value of target inline (through fields, variants
// and newtypes, not through a Vec or map): such a field needs a Box.
func (g *gen) reaches(n, target *ir.Named, seen map[*ir.Named]bool) bool {
	if n == target {
		return true
	}
	if seen[n] {
		return false
	}
	seen[n] = true
	direct := func(t *ir.Type) bool {
		return t != nil && t.Kind == ir.TypeRef && t.Named != nil && g.reaches(t.Named, target, seen)
	}
	switch n.Kind {
	case ir.StructType:
		for _, f := range n.Fields {
			if direct(f.Type) {
				return true
			}
		}
	case ir.UnionType:
		for _, v := range n.Union.Variants {
			if direct(v.Type) {
				return true
			}
		}
	case ir.AliasType:
		return direct(n.Underlying)
	}
	return false
}

func (g *gen) structType(b *strings.Builder, n *ir.Named) {
	name := g.names[n]
	writeDoc(b, "///", typeDoc(n))
	b.WriteString("#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\n")
	fmt.Fprintf(b, "pub struct %s {\n", name)
	fields, extra := fieldNames(n)
	for i, f := range n.Fields {
		if i > 0 {
			b.WriteString("\n")
		}
		field := fields[i]
		doc := f.Description
		if f.Note != "" {
			doc = strings.TrimSpace(doc + " " + f.Note)
		}
		if doc != "" {
			writeDoc(b, "    ///", doc)
		}
		typ, attrs := g.fieldType(f, n)
		if strings.TrimPrefix(field, "r#") != f.Name {
			attrs = append([]string{"rename = " + strconv.Quote(f.Name)}, attrs...)
		}
		if len(attrs) > 0 {
			fmt.Fprintf(b, "    #[serde(%s)]\n", strings.Join(attrs, ", "))
		}
		fmt.Fprintf(b, "    pub %s: %s,\n", field, typ)
	}
	if n.Extra {
		if len(n.Fields) > 0 {
			b.WriteString("\n")
		}
		b.WriteString("    /// Members the schema does not declare, kept in their order so that a relay loses nothing.\n")
		b.WriteString("    #[serde(flatten)]\n")
		fmt.Fprintf(b, "    pub %s: serde_json::Map<String, serde_json::Value>,\n", extra)
	}
	b.WriteString("}\n")
}

// fieldNames are the Rust names of a struct's fields, in the IR's order, and the name of the field
// that keeps undeclared members.
func fieldNames(n *ir.Named) (fields []string, extra string) {
	taken := map[string]bool{}
	for _, f := range n.Fields {
		fields = append(fields, unique(snake(f.Name), taken))
	}
	return fields, unique("extra", taken)
}

// fieldType is the Rust type of a struct field, with the serde attributes its optionality and
// nullability need; n is the struct being declared.
func (g *gen) fieldType(f *ir.Field, n *ir.Named) (string, []string) {
	base := g.rustType(f.Type, n)
	switch {
	case f.Required && f.Type.Nullable:
		return "contractgen_runtime::Nullable<" + base + ">", nil
	case f.Required && f.Type.Kind == ir.TypeInt64:
		return base, []string{`deserialize_with = "contractgen_runtime::whole"`}
	case f.Required:
		return base, nil
	case f.Type.Nullable:
		return "Option<contractgen_runtime::Nullable<" + base + ">>",
			[]string{`default`, `skip_serializing_if = "Option::is_none"`, `deserialize_with = "contractgen_runtime::optional_nullable"`}
	case f.Type.HoldsRawJSON() || f.Type.Kind == ir.TypeNull:
		// A present null is a value here, not an absent member.
		return "Option<" + base + ">", []string{`default`, `skip_serializing_if = "Option::is_none"`, `deserialize_with = "contractgen_runtime::present"`}
	case f.Type.Kind == ir.TypeInt64:
		return "Option<" + base + ">", []string{`default`, `skip_serializing_if = "Option::is_none"`, `deserialize_with = "contractgen_runtime::optional_whole"`}
	}
	return "Option<" + base + ">", []string{`default`, `skip_serializing_if = "Option::is_none"`}
}

func (g *gen) enumType(b *strings.Builder, n *ir.Named) {
	name := g.names[n]
	writeDoc(b, "///", typeDoc(n)+"\n\nValues this crate does not know decode as Other and encode unchanged.")
	b.WriteString("#[derive(Debug, Clone, PartialEq, Eq, Hash)]\n")
	fmt.Fprintf(b, "pub enum %s {\n", name)
	variants, other := enumVariants(n.Enum.Values)
	for i, v := range n.Enum.Values {
		doc := v.Description
		if doc == "" {
			doc = strconv.Quote(v.Value) + "."
		}
		writeDoc(b, "    ///", doc)
		fmt.Fprintf(b, "    %s,\n", variants[i])
	}
	b.WriteString("    /// A value this crate does not know, kept as received.\n")
	fmt.Fprintf(b, "    %s(String),\n}\n\n", other)
	fmt.Fprintf(b, "impl %s {\n    /// The value as JSON spells it.\n    pub fn as_str(&self) -> &str {\n        match self {\n", name)
	for i, v := range n.Enum.Values {
		fmt.Fprintf(b, "            %s::%s => %s,\n", name, variants[i], rustString(v.Value))
	}
	fmt.Fprintf(b, "            %s::%s(s) => s,\n        }\n    }\n}\n\n", name, other)
	fmt.Fprintf(b, "impl From<&str> for %s {\n    fn from(s: &str) -> Self {\n        match s {\n", name)
	for i, v := range n.Enum.Values {
		fmt.Fprintf(b, "            %s => %s::%s,\n", rustString(v.Value), name, variants[i])
	}
	fmt.Fprintf(b, "            _ => %s::%s(s.to_string()),\n        }\n    }\n}\n\n", name, other)
	fmt.Fprintf(b, `impl std::fmt::Display for %[1]s {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for %[1]s {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for %[1]s {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(|s| %[1]s::from(s.as_str()))
    }
}
`, name)
}

// aliasType declares any other named schema as a newtype over its Rust type (a newtype, not a
// type alias, so that a schema may contain itself through an array).
func (g *gen) aliasType(b *strings.Builder, n *ir.Named) {
	doc := typeDoc(n)
	if n.Union != nil && n.Union.Why != "" {
		doc += "\n\nIts values stay JSON: " + n.Union.Why
	}
	writeDoc(b, "///", doc)
	b.WriteString("#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\n#[serde(transparent)]\n")
	typ := "serde_json::Value"
	if n.Underlying != nil {
		typ = g.rustType(n.Underlying, n)
		if n.Underlying.Nullable {
			typ = "contractgen_runtime::Nullable<" + typ + ">"
		}
	}
	fmt.Fprintf(b, "pub struct %s(pub %s);\n", g.names[n], typ)
}

func (g *gen) unionType(b *strings.Builder, n *ir.Named) error {
	u := n.Union
	name := g.names[n]
	var how string
	switch u.Rule {
	case ir.UnionDiscriminator:
		how = "the member " + strconv.Quote(u.Discriminator.Name) + " selects the variant"
	case ir.UnionRequired:
		how = "the members present select the variant"
	case ir.UnionJSONType:
		how = "the JSON type selects the variant"
	default:
		return fmt.Errorf("rust: %s: a sum type whose rule is %s", n.Origin, u.Rule)
	}
	writeDoc(b, "///", typeDoc(n)+"\n\nOne of the "+u.Keyword+" variants: "+how+". A value that selects none is kept as JSON in Unknown.")
	b.WriteString("#[derive(Debug, Clone, PartialEq)]\n")
	fmt.Fprintf(b, "pub enum %s {\n", name)
	taken := map[string]bool{}
	arms := make([]string, len(u.Variants))
	for i, v := range u.Variants {
		arms[i] = unique(camel(v.Name), taken)
		fmt.Fprintf(b, "    /// Variant %d of %s.\n    %s(%s),\n", v.Index, u.Keyword, arms[i], g.variantType(v, n))
	}
	unknown := unique("Unknown", taken)
	fmt.Fprintf(b, "    /// A value no variant selects, kept as received.\n    %s(serde_json::Value),\n}\n\n", unknown)
	fmt.Fprintf(b, "impl Serialize for %s {\n    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {\n        match self {\n", name)
	for _, a := range append(arms, unknown) {
		fmt.Fprintf(b, "            %s::%s(v) => v.serialize(s),\n", name, a)
	}
	b.WriteString("        }\n    }\n}\n\n")
	fmt.Fprintf(b, "impl<'de> Deserialize<'de> for %s {\n    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {\n", name)
	b.WriteString("        let v = serde_json::Value::deserialize(d)?;\n")
	pick := func(i int) string {
		return fmt.Sprintf("serde_json::from_value(v).map(%s::%s).map_err(serde::de::Error::custom)", name, arms[i])
	}
	switch u.Rule {
	case ir.UnionDiscriminator:
		fmt.Fprintf(b, "        match v.get(%s).and_then(|t| t.as_str()) {\n", rustString(u.Discriminator.Name))
		for i, v := range u.Variants {
			vals := make([]string, len(v.Values))
			for j, s := range v.Values {
				vals[j] = "Some(" + rustString(s) + ")"
			}
			fmt.Fprintf(b, "            %s => %s,\n", strings.Join(vals, " | "), pick(i))
		}
		fmt.Fprintf(b, "            _ => Ok(%s::%s(v)),\n        }\n", name, unknown)
	case ir.UnionRequired:
		b.WriteString("        let has = |m: &str| v.get(m).is_some();\n        let picked = [\n")
		for _, v := range u.Variants {
			conds := make([]string, len(v.Members))
			for j, m := range v.Members {
				conds[j] = "has(" + rustString(m) + ")"
			}
			fmt.Fprintf(b, "            v.is_object() && %s,\n", strings.Join(conds, " && "))
		}
		b.WriteString("        ];\n        if picked.iter().filter(|p| **p).count() != 1 {\n")
		fmt.Fprintf(b, "            return Ok(%s::%s(v));\n        }\n        match picked.iter().position(|p| *p) {\n", name, unknown)
		for i := range u.Variants {
			fmt.Fprintf(b, "            Some(%d) => %s,\n", i, pick(i))
		}
		fmt.Fprintf(b, "            _ => Ok(%s::%s(v)),\n        }\n", name, unknown)
	case ir.UnionJSONType:
		b.WriteString("        let kind = match &v {\n            serde_json::Value::Null => \"null\",\n            serde_json::Value::Bool(_) => \"boolean\",\n")
		b.WriteString("            serde_json::Value::Number(n) if contractgen_runtime::is_integer_literal(&n.to_string()) => \"integer\",\n")
		b.WriteString("            serde_json::Value::Number(_) => \"number\",\n            serde_json::Value::String(_) => \"string\",\n")
		b.WriteString("            serde_json::Value::Array(_) => \"array\",\n            serde_json::Value::Object(_) => \"object\",\n        };\n")
		b.WriteString("        match kind {\n")
		for i, v := range u.Variants {
			types := make([]string, 0, len(v.JSONTypes))
			for _, t := range v.JSONTypes {
				types = append(types, rustString(t))
				if t == "number" && !contains(v.JSONTypes, "integer") {
					types = append(types, `"integer"`)
				}
			}
			fmt.Fprintf(b, "            %s => %s,\n", strings.Join(types, " | "), pick(i))
		}
		fmt.Fprintf(b, "            _ => Ok(%s::%s(v)),\n        }\n", name, unknown)
	}
	b.WriteString("    }\n}\n")
	return nil
}

func (g *gen) variantType(v *ir.Variant, from *ir.Named) string {
	if v.Type == nil {
		return "serde_json::Value"
	}
	t := g.rustType(v.Type, from)
	if v.Type.Nullable {
		t = "contractgen_runtime::Nullable<" + t + ">"
	}
	return t
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// rustString is a Rust string literal of s.
func rustString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || r == 0xfeff || r == 0xfffd:
			fmt.Fprintf(&b, `\u{%x}`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
