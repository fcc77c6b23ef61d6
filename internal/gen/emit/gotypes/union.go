package gotypes

import (
	"slices"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// hasSumTypes reports whether the package declares a sum type (ir.UnionType).
func hasSumTypes(pkg *ir.Package) bool {
	for _, n := range pkg.Types {
		if n.Kind == ir.UnionType {
			return true
		}
	}
	return false
}

// unionsSource returns sumtypes.go: every sum type's declaration, constructors, accessors, Switch and
// JSON methods, written with gosrc. It is a file of its own because a sum type is all of these at
// once; nil when the package has none.
func unionsSource(pkg *ir.Package) []byte {
	if !hasSumTypes(pkg) {
		return nil
	}
	f := gosrc.NewFile(pkg.Name, sourceHeader(pkg.Hash)...)
	c := codec{f: f, rt: emit.Runtime{Import: pkg.Go.ImportRuntime}}
	c.rt.VersionGuard(f)
	for i, n := range pkg.Types {
		if n.Kind == ir.UnionType {
			c.sumType(n, i)
		}
	}
	return f.Bytes()
}

// unionNote is the paragraph a raw-backed union's doc comment adds: why no sum type holds it.
func unionNote(n *ir.Named) []string {
	if n.Union == nil || n.Union.Rule != ir.UnionRaw {
		return nil
	}
	return append([]string{""}, emit.Wrap("It stays raw JSON, validated against the whole "+n.Union.Keyword+
		", and no sum type holds it, because "+strings.TrimSuffix(n.Union.Why, ".")+".", 96)...)
}

// sumDoc is the doc comment of a sum type: the schema's text, then how a value finds its variant.
func sumDoc(n *ir.Named) []string {
	u := n.Union
	names := make([]string, len(u.Variants))
	for i, v := range u.Variants {
		names[i] = v.Name
	}
	var rule string
	switch u.Rule {
	case ir.UnionDiscriminator:
		var sel []string
		for _, v := range u.Variants {
			quoted := make([]string, len(v.Values))
			for i, s := range v.Values {
				quoted[i] = strconv.Quote(s)
			}
			sel = append(sel, strings.Join(quoted, " or ")+" selects "+v.Name)
		}
		rule = "told apart by the member " + strconv.Quote(u.Discriminator.Name) + ": " + strings.Join(sel, ", ") + "."
	case ir.UnionRequired:
		var sel []string
		for _, v := range u.Variants {
			quoted := make([]string, len(v.Members))
			for i, s := range v.Members {
				quoted[i] = strconv.Quote(s)
			}
			sel = append(sel, strings.Join(quoted, " and ")+" present selects "+v.Name)
		}
		rule = "told apart by the members only one variant requires: " + strings.Join(sel, ", ") +
			" (an object with the members of none or of several variants selects none)."
	case ir.UnionJSONType:
		var sel []string
		for _, v := range u.Variants {
			sel = append(sel, typePhrase(strings.Join(v.JSONTypes, " or "))+" selects "+v.Name)
		}
		rule = "told apart by the JSON type: " + strings.Join(sel, ", ") + "."
	}
	first := commentLines(n.Name, describe(n), "is generated from "+emit.SourceRef(n.Origin)+".")
	text := "It holds one of " + strings.Join(names, ", ") + " (the " + u.Keyword + " of " + emit.SourceRef(n.Origin) + "), " + rule +
		" Exactly one field is set; " + constructors(u) + " set it. A value that selects no variant stays JSON in " +
		u.Go.Unknown + ", so that a relay loses nothing and Validate judges it against the whole " + u.Keyword + "."
	return append(append(first, ""), emit.Wrap(text, 96)...)
}

// constructors lists a sum type's constructors: "NewPetCat and NewPetDog", "NewA, NewB and NewC".
func constructors(u *ir.Union) string {
	names := make([]string, len(u.Variants))
	for i, v := range u.Variants {
		names[i] = v.Go.Constructor
	}
	return naming.AndList(names)
}

// discriminatorField returns the Go field of a variant's discriminator member and the value its
// constructor sets, when the field holds a string (a string, a defined string type, or a string
// enum); "" otherwise.
func discriminatorField(u *ir.Union, v *ir.Variant) (field, value string) {
	if u.Rule != ir.UnionDiscriminator || v.Type.Kind != ir.TypeRef || v.Type.Named.Kind != ir.StructType || len(v.Values) == 0 {
		return "", ""
	}
	for _, fd := range v.Type.Named.Fields {
		t := fd.Type
		stringish := t.Kind == ir.TypeString || t.Kind == ir.TypeRef && t.Named.Kind == ir.EnumType
		if fd.Name == u.Discriminator.Name && stringish && !t.Go.Pointer && !t.Nullable {
			return fd.Go.Name, v.Values[0]
		}
	}
	return "", ""
}

// typePhrase spells JSON types as a noun phrase: "a string", "an object", "an integer or number".
func typePhrase(types string) string { return naming.Article(types) + " " + types }

// sumType writes one sum type; index is its place in the package's description.
func (c codec) sumType(n *ir.Named, index int) {
	f, u := c.f, n.Union
	json := f.Import(jsonPkg)
	f.Line("")
	f.Lines(gosrc.DocComment(sumDoc(n)))
	f.Open("type " + n.Name + " struct")
	for i, v := range u.Variants {
		if i > 0 {
			f.Line("")
		}
		f.Comment(emit.Wrap(v.Name+" is set when the value is "+article(TypeString(v.Type))+".", 92)...)
		f.Line(v.Name + " *" + c.typ(v.Type))
	}
	f.Line("")
	f.Comment(u.Go.Unknown+" holds, exactly as read, a value that selects no variant. Validate reports it as",
		"the schema does.")
	f.Line(u.Go.Unknown + " " + json + ".RawMessage")
	f.Close("")
	for _, v := range u.Variants {
		typ := c.typ(v.Type)
		f.Line("")
		field, value := discriminatorField(u, v)
		if field == "" {
			f.Comment(v.Go.Constructor + " returns " + article(n.Name) + " that holds x.")
		} else {
			f.Comment(v.Go.Constructor+" returns "+article(n.Name)+" that holds x, its "+strconv.Quote(u.Discriminator.Name)+" member set to "+strconv.Quote(value),
				"unless it holds another of the variant's values, so that the value selects this variant.")
		}
		f.Openf("func %s(x %s) %s", v.Go.Constructor, typ, n.Name)
		if field != "" {
			cond := make([]string, len(v.Values))
			for i, s := range v.Values {
				cond[i] = "x." + field + " != " + strconv.Quote(s)
			}
			f.Open("if " + strings.Join(cond, " && "))
			f.Linef("x.%s = %s", field, strconv.Quote(value))
			f.Close("")
		}
		f.Linef("return %s{%s: &x}", n.Name, v.Name)
		f.Close("")
		f.Line("")
		f.Comment("Is" + v.Name + " reports whether v holds " + article(typ) + ".")
		f.Openf("func (v %s) Is%s() bool", n.Name, v.Name)
		f.Linef("return v.%s != nil", v.Name)
		f.Close("")
		f.Line("")
		f.Comment("As" + v.Name + " returns the " + typ + " v holds, and whether it holds one.")
		f.Openf("func (v %s) As%s() (x %s, ok bool)", n.Name, v.Name, typ)
		f.Openf("if v.%s != nil", v.Name)
		f.Linef("x, ok = *v.%s, true", v.Name)
		f.Close("")
		f.Line("return x, ok")
		f.Close("")
	}
	c.sumSwitch(n)
	f.Line("")
	f.Comment("IsZero reports whether v holds nothing, as an absent member does. Such a value encodes as null.")
	f.Openf("func (v %s) IsZero() bool", n.Name)
	conds := make([]string, 0, len(u.Variants)+1)
	for _, v := range u.Variants {
		conds = append(conds, "v."+v.Name+" == nil")
	}
	f.Line("return " + strings.Join(append(conds, "v."+u.Go.Unknown+" == nil"), " && "))
	f.Close("")
	c.marshal(n, index)
	c.unmarshal(n, index)
}

// sumSwitch writes the exhaustive switch: one function per variant and one for unknown values, so
// a variant added to the schema breaks every call that does not handle it.
func (c codec) sumSwitch(n *ir.Named) {
	f, u := c.f, n.Union
	json := f.Import(jsonPkg)
	params := make([]string, 0, len(u.Variants)+1)
	for _, v := range u.Variants {
		params = append(params, "on"+v.Name+" func("+c.typ(v.Type)+") error")
	}
	params = append(params, "on"+u.Go.Unknown+" func("+json+".RawMessage) error")
	f.Line("")
	f.Comment(u.Go.Switch+" calls the function for what v holds and returns its error: one function per variant, so that",
		"a variant added to the schema is a compile error wherever it is not handled, and one for a value",
		"no variant selects. It returns an error when v holds nothing.")
	f.Openf("func (v %s) %s(%s) error", n.Name, u.Go.Switch, strings.Join(params, ", "))
	f.Line("switch {")
	for _, v := range u.Variants {
		f.Linef("case v.%s != nil:", v.Name)
		f.Linef("\treturn on%s(*v.%s)", v.Name, v.Name)
	}
	f.Linef("case v.%s != nil:", u.Go.Unknown)
	f.Linef("\treturn on%s(v.%s)", u.Go.Unknown, u.Go.Unknown)
	f.Line("}")
	f.Line("return " + c.r("ErrUnionEmpty"))
	f.Close("")
}

// FirstBytes are the bytes that JSON values of the given types start with, each once.
func FirstBytes(types []string) string {
	var out []byte
	for _, t := range types {
		for _, b := range []byte(firstBytes[t]) {
			if !slices.Contains(out, b) {
				out = append(out, b)
			}
		}
	}
	return string(out)
}

// firstBytes are the bytes a JSON value of each type starts with.
var firstBytes = map[string]string{
	"string":  `"`,
	"object":  "{",
	"array":   "[",
	"boolean": "tf",
	"null":    "n",
	"number":  "-0123456789",
	"integer": "-0123456789",
}

// article puts "a" or "an" before a Go type's name, as the doc comments read it.
func article(typ string) string { return naming.Article(typ) + " " + typ }
