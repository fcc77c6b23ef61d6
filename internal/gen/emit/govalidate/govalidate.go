// Package govalidate emits the validation of a generated Go package: a table with one node per
// schema (validation.go), a Validate method on every named type, Parse for every root, and the
// runtime that interprets the table (copied from internal/templates/goruntime).
//
// Values whose Go type is a scalar, struct, slice or map are checked by generated code that walks
// the Go value and calls one runtime check per schema, without allocating when the value is valid.
// Values kept as raw JSON (schemas with applicators, boolean schemas, $ref beside assertions) are
// checked by the runtime interpreter against the table, with every keyword.
package govalidate

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/templates/goruntime"
)

// RuntimeFiles are the goruntime sources this emitter copies into every generated package.
var RuntimeFiles = []string{"validate", "validate_json", "validate_number", "validate_parse", "validate_typed"}

// Emit returns validation.go and the runtime files it needs.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	t := Lower(pkg)
	f := jen.NewFile(pkg.Name)
	f.HeaderComment("// " + emit.Header)
	f.HeaderComment("// Source hash: " + pkg.Hash + ". Regenerate with contractgen; edit the schema, not this file.")
	emitTable(f, t)
	for i, root := range pkg.Roots {
		emitParse(f, root, i == 0)
	}
	for _, n := range pkg.Types {
		emitValidate(f, t, n)
	}
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("govalidate: generated code is not valid Go (a contractgen bug): %v", err)
	}
	runtime, err := emit.GoRuntimeFiles(pkg.Name, pkg.Hash, RuntimeFiles...)
	if err != nil {
		return nil, err
	}
	return append([]emit.File{{Path: "validation.go", Bytes: buf.Bytes()}}, runtime...), nil
}

// emitTable writes the table literal, each node preceded by its index and origin.
func emitTable(f *jen.File, t *Table) {
	f.Comment("cgNodes is the validation table: one node per schema of the contract, compiled once at")
	f.Comment("package initialization. Entry 0 is unused, so that 0 means \"absent\" where a node names another.")
	f.Var().Id("cgNodes").Op("=").Id("cgCompile").Call(jen.Index().Id("cgNode").ValuesFunc(func(g *jen.Group) {
		for i, n := range t.Nodes {
			label := fmt.Sprintf("/* %d */", i)
			if t.Origins[i] != "" {
				label = fmt.Sprintf("/* %d: %s */", i, strings.ReplaceAll(emit.SourceRef(t.Origins[i]), "*/", "*\\/"))
			}
			g.Line().Id(label).Values(nodeDict(n))
		}
		g.Line()
	}))
}

// nodeDict renders the fields of a node that are set.
func nodeDict(n goruntime.Node) jen.Dict {
	d := jen.Dict{}
	set := func(name string, ok bool, v jen.Code) {
		if ok {
			d[jen.Id(name)] = v
		}
	}
	set("Bool", n.Bool != 0, jen.Lit(int(n.Bool)))
	set("Ref", n.Ref != 0, jen.Lit(int(n.Ref)))
	set("Types", n.Types != 0, typesExpr(n.Types))
	set("HasConst", n.HasConst, jen.True())
	set("Const", n.HasConst, jen.Lit(n.Const))
	set("Enum", n.Enum != nil, strings_(n.Enum))
	for _, c := range []struct {
		name string
		v    goruntime.Count
	}{{"MinLength", n.MinLength}, {"MaxLength", n.MaxLength}, {"MinItems", n.MinItems}, {"MaxItems", n.MaxItems},
		{"MinContains", n.MinContains}, {"MaxContains", n.MaxContains}, {"MinProperties", n.MinProperties},
		{"MaxProperties", n.MaxProperties}} {
		set(c.name, c.v.Set, jen.Id("cgN").Call(jen.Lit(int(c.v.N))))
	}
	for name, s := range map[string]string{"Pattern": n.Pattern, "Minimum": n.Minimum, "Maximum": n.Maximum,
		"ExclusiveMinimum": n.ExclusiveMinimum, "ExclusiveMaximum": n.ExclusiveMaximum, "MultipleOf": n.MultipleOf} {
		set(name, s != "", jen.Lit(s))
	}
	set("UniqueItems", n.UniqueItems, jen.True())
	set("Required", n.Required != nil, strings_(n.Required))
	for name, i := range map[string]int32{"Items": n.Items, "Contains": n.Contains, "AdditionalProperties": n.AdditionalProperties,
		"PropertyNames": n.PropertyNames, "Not": n.Not, "If": n.If, "Then": n.Then, "Else": n.Else} {
		set(name, i != 0, jen.Lit(int(i)))
	}
	for name, l := range map[string][]int32{"PrefixItems": n.PrefixItems, "AllOf": n.AllOf, "AnyOf": n.AnyOf, "OneOf": n.OneOf} {
		set(name, l != nil, indexes(l))
	}
	for name, l := range map[string][]goruntime.Prop{"Properties": n.Properties, "PatternProperties": n.PatternProperties,
		"DependentSchemas": n.DependentSchemas} {
		set(name, l != nil, props(l))
	}
	set("DependentRequired", n.DependentRequired != nil, jen.Index().Id("cgDependency").ValuesFunc(func(g *jen.Group) {
		for _, dep := range n.DependentRequired {
			g.Values(jen.Dict{jen.Id("Name"): jen.Lit(dep.Name), jen.Id("Required"): strings_(dep.Required)})
		}
	}))
	return d
}

var typeConsts = []string{"cgTypeNull", "cgTypeBoolean", "cgTypeObject", "cgTypeArray", "cgTypeNumber", "cgTypeString", "cgTypeInteger"}

func typesExpr(bits uint8) *jen.Statement {
	var names []string
	for i, name := range typeConsts {
		if bits&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return jen.Lit(0)
	}
	s := jen.Id(names[0])
	for _, name := range names[1:] {
		s = s.Op("|").Id(name)
	}
	return s
}

func strings_(list []string) *jen.Statement {
	return jen.Index().String().ValuesFunc(func(g *jen.Group) {
		for _, s := range list {
			g.Lit(s)
		}
	})
}

func indexes(list []int32) *jen.Statement {
	return jen.Index().Int32().ValuesFunc(func(g *jen.Group) {
		for _, i := range list {
			g.Lit(int(i))
		}
	})
}

func props(list []goruntime.Prop) *jen.Statement {
	return jen.Index().Id("cgProp").ValuesFunc(func(g *jen.Group) {
		for _, p := range list {
			g.Values(jen.Lit(p.Name), jen.Lit(int(p.Node)))
		}
	})
}

// emitParse writes Parse (for the first root) or Parse<Name> (for further roots).
func emitParse(f *jen.File, root *ir.Named, first bool) {
	name := "Parse"
	if !first {
		name += root.Name
	}
	f.Line()
	f.Comment(name + " decodes data as a " + root.Name + " and validates it against the schema, with JSON Schema's")
	f.Comment("semantics: a member that is absent differs from one that is null, member names match exactly,")
	f.Comment("1.0 and 1e3 are integers, lengths count Unicode code points, and numbers compare exactly. A member")
	f.Comment("name that occurs twice in one object is a violation, because JSON leaves its meaning open. Every")
	f.Comment("violation comes back in one *ValidationError; a non-nil result is valid.")
	f.Func().Id(name).Params(jen.Id("data").Index().Byte()).Params(jen.Op("*").Id(root.Name), jen.Error()).Block(
		jen.Return(jen.Id("cgParse").Index(jen.Id(root.Name)).Call(jen.Id("data"), jen.Id("cgNodes"))))
}

// emitValidate writes Validate and cgValidate for a named type.
func emitValidate(f *jen.File, t *Table, n *ir.Named) {
	recv := jen.Id("v").Id(n.Name)
	if n.Kind == ir.StructType {
		recv = jen.Id("v").Op("*").Id(n.Name)
	}
	f.Line()
	f.Comment("Validate reports every way v breaks its schema as a *ValidationError, or returns nil. A Go")
	f.Comment("value cannot tell an absent required member from its zero value, so Validate checks the zero value;")
	f.Comment("Parse also reports absence. A valid value is validated without allocating.")
	f.Func().Params(recv.Clone()).Id("Validate").Params().Error().Block(
		jen.Id("c").Op(":=").Id("cgCollector").Values(jen.Dict{jen.Id("nodes"): jen.Id("cgNodes")}),
		jen.Id("v").Dot("cgValidate").Call(jen.Op("&").Id("c"), jen.Nil(), jen.Nil()),
		jen.Return(jen.Id("c").Dot("err").Call()),
	)
	w := &walker{t: t}
	var body []jen.Code
	switch n.Kind {
	case ir.StructType:
		body = w.structBody(n)
	case ir.EnumType:
		body = []jen.Code{jen.Id("cgCheckString").Call(jen.Id("c"), w.node(n.Schema), jen.String().Call(jen.Id("v")), jen.Id("at"), jen.Id("kw"))}
	default:
		value := gotypes.BaseType(n.Underlying).Call(jen.Id("v"))
		if n.Underlying.Nullable {
			value = jen.Id("Nullable").Index(gotypes.BaseType(n.Underlying)).Call(jen.Id("v"))
		}
		body = w.check(n.Schema, n.Underlying, value, false, jen.Id("at"), jen.Id("kw"), 1)
	}
	f.Line()
	f.Func().Params(recv).Id("cgValidate").Params(jen.Id("c").Op("*").Id("cgCollector"), jen.List(jen.Id("at"), jen.Id("kw")).Op("*").Id("cgPath")).Block(body...)
}

// sortedExtraRequired lists the required members of a struct that are not declared properties.
func sortedExtraRequired(n *ir.Named) []string {
	declared := map[string]bool{}
	for _, fd := range n.Fields {
		declared[fd.Name] = true
	}
	var out []string
	for _, r := range n.Schema.Required {
		if !declared[r] {
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}
