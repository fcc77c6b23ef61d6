package govalidate

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/templates/goruntime"
)

const jsonPkg = "encoding/json"

// walker writes the code that walks a Go value and checks each part against its node.
type walker struct {
	t *Table
}

func (w *walker) node(s *ir.Schema) *jen.Statement { return jen.Lit(int(w.t.Of(s))) }

// n returns the lowered node of a schema.
func (w *walker) n(s *ir.Schema) *goruntime.Node { return &w.t.Nodes[w.t.Of(s)] }

// structBody checks each declared member, the undeclared members against additionalProperties,
// and the required members that only the member bag can hold.
func (w *walker) structBody(n *ir.Named) []jen.Code {
	var body []jen.Code
	for _, fd := range n.Fields {
		body = append(body, w.field(fd)...)
	}
	if ap := n.Schema.AdditionalProperties; n.Extra && ap != nil && ap.Bool == nil {
		body = append(body, jen.For(jen.List(jen.Id("name"), jen.Id("raw")).Op(":=").Range().Id("v").Dot("Extra")).Block(
			jen.List(jen.Id("a1"), jen.Id("k1")).Op(":=").List(
				jen.Id("cgKey").Call(jen.Id("at"), jen.Lit(""), jen.Id("name")),
				jen.Id("cgKw").Call(jen.Id("kw"), jen.Lit("additionalProperties"))),
			jen.Id("cgCheckRaw").Call(jen.Id("c"), w.node(ap), jen.Id("raw"), jen.Op("&").Id("a1"), jen.Op("&").Id("k1")),
		))
	}
	for _, name := range sortedExtraRequired(n) {
		body = append(body, jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("v").Dot("Extra").Index(jen.Lit(name)), jen.Op("!").Id("ok")).Block(
			jen.Id("c").Dot("fail").Call(jen.Id("at"), jen.Id("kw"), jen.Lit("required"), jen.Lit("missing required member "+strconv.Quote(name)))))
	}
	return body
}

// field checks one declared member; optional members that are nil are absent and not checked.
func (w *walker) field(fd *ir.Field) []jen.Code {
	typ := *fd.Type
	typ.Pointer = false
	value := jen.Id("v").Dot(fd.GoName)
	if fd.Type.Pointer {
		// Selectors and method calls dereference x1 themselves; a function argument needs *x1.
		value = jen.Op("*").Id("x1")
		if typ.Nullable || typ.Kind == ir.GoRef {
			value = jen.Id("x1")
		}
	}
	checks := w.check(fd.Schema, &typ, value, true, jen.Op("&").Id("a1"), jen.Op("&").Id("k1"), 2)
	if len(checks) == 0 {
		return nil
	}
	paths := jen.List(jen.Id("a1"), jen.Id("k1")).Op(":=").List(
		jen.Id("cgKey").Call(jen.Id("at"), jen.Lit(""), jen.Lit(fd.Name)),
		jen.Id("cgKey").Call(jen.Id("kw"), jen.Lit("properties"), jen.Lit(fd.Name)))
	block := append([]jen.Code{paths}, checks...)
	switch {
	case fd.Type.Pointer:
		return []jen.Code{jen.If(jen.Id("x1").Op(":=").Id("v").Dot(fd.GoName), jen.Id("x1").Op("!=").Nil()).Block(block...)}
	case !fd.Required && nilIsAbsent(fd.Type):
		return []jen.Code{jen.If(jen.Id("v").Dot(fd.GoName).Op("!=").Nil()).Block(block...)}
	}
	return []jen.Code{jen.Block(block...)}
}

// nilIsAbsent reports whether nil stands for an absent optional member (the encoder omits it).
func nilIsAbsent(t *ir.GoType) bool {
	return t.Kind == ir.GoSlice || t.Kind == ir.GoMap || t.Kind == ir.GoRaw || t.Kind == ir.GoAny
}

// check returns the statements that validate value, of Go type t, against schema s; at and kw are
// the *cgPath expressions of its locations; depth numbers the variables of nested loops.
// addressable tells whether value may be the receiver of a pointer method.
func (w *walker) check(s *ir.Schema, t *ir.GoType, value jen.Code, addressable bool, at, kw jen.Code, depth int) []jen.Code {
	if s == nil {
		return nil
	}
	if t.Nullable {
		base := *t
		base.Nullable = false
		inner := w.check(s, &base, jen.Add(value).Dot("Value"), addressable, at, kw, depth)
		return []jen.Code{jen.If(jen.Add(value).Dot("Null")).Block(
			jen.Id("cgCheckNull").Call(jen.Id("c"), w.node(s), at, kw),
		).Else().Block(inner...)}
	}
	n := w.n(s)
	call := func(fn string, v jen.Code) []jen.Code {
		return []jen.Code{jen.Id(fn).Call(jen.Id("c"), w.node(s), v, at, kw)}
	}
	switch t.Kind {
	case ir.GoString:
		if n.HasConst || n.Enum != nil || n.MinLength.Set || n.MaxLength.Set || n.Pattern != "" {
			return call("cgCheckString", value)
		}
	case ir.GoBool:
		if n.HasConst || n.Enum != nil {
			return call("cgCheckBool", value)
		}
	case ir.GoInt64:
		if n.HasConst || n.Enum != nil || n.Minimum != "" || n.Maximum != "" || n.ExclusiveMinimum != "" ||
			n.ExclusiveMaximum != "" || n.MultipleOf != "" {
			return call("cgCheckInt64", value)
		}
	case ir.GoNumber:
		return call("cgCheckNumber", value)
	case ir.GoRaw:
		if n.Bool != goruntime.TrueSchema {
			return call("cgCheckRaw", value)
		}
	case ir.GoAny:
		if n.Bool != goruntime.TrueSchema {
			return call("cgCheckAny", value)
		}
	case ir.GoRef:
		return w.ref(s, t, value, addressable, at, kw, depth)
	case ir.GoSlice:
		return w.slice(s, t, value, at, kw, depth)
	case ir.GoMap:
		return w.mapOf(s, t, value, at, kw, depth)
	}
	return nil
}

// ref calls the named type's cgValidate, through "/$ref" when the schema refers to it.
func (w *walker) ref(s *ir.Schema, t *ir.GoType, value jen.Code, addressable bool, at, kw jen.Code, depth int) []jen.Code {
	var out []jen.Code
	if s.Ref != nil {
		r := fmt.Sprintf("r%d", depth)
		out = append(out, jen.Id(r).Op(":=").Id("cgKw").Call(kw, jen.Lit("$ref")))
		kw = jen.Op("&").Id(r)
	}
	if !addressable && t.Named.Kind == ir.StructType {
		x := fmt.Sprintf("y%d", depth)
		out = append(out, jen.Id(x).Op(":=").Add(value))
		value = jen.Id(x)
	}
	out = append(out, jen.Add(value).Dot("cgValidate").Call(jen.Id("c"), at, kw))
	if len(out) > 1 {
		return []jen.Code{jen.Block(out...)}
	}
	return out
}

func (w *walker) slice(s *ir.Schema, t *ir.GoType, value jen.Code, at, kw jen.Code, depth int) []jen.Code {
	n := w.n(s)
	var out []jen.Code
	if n.MinItems.Set || n.MaxItems.Set {
		out = append(out, jen.Id("cgCheckItemCount").Call(jen.Id("c"), w.node(s), jen.Len(value), at, kw))
	}
	if n.UniqueItems {
		out = append(out, jen.Block(
			jen.List(jen.Id("b"), jen.Err()).Op(":=").Qual(jsonPkg, "Marshal").Call(value),
			jen.Id("cgCheckUniqueJSON").Call(jen.Id("c"), jen.Id("b"), jen.Err(), at, kw)))
	}
	i, a, k := fmt.Sprintf("i%d", depth), fmt.Sprintf("a%d", depth), fmt.Sprintf("k%d", depth)
	inner := w.check(s.Items, t.Elem, jen.Add(value).Index(jen.Id(i)), true, jen.Op("&").Id(a), jen.Op("&").Id(k), depth+1)
	if len(inner) > 0 {
		out = append(out, jen.For(jen.Id(i).Op(":=").Range().Add(value)).Block(append([]jen.Code{
			jen.List(jen.Id(a), jen.Id(k)).Op(":=").List(
				jen.Id("cgIndex").Call(at, jen.Lit(""), jen.Id(i)),
				jen.Id("cgKw").Call(kw, jen.Lit("items"))),
		}, inner...)...))
	}
	return out
}

func (w *walker) mapOf(s *ir.Schema, t *ir.GoType, value jen.Code, at, kw jen.Code, depth int) []jen.Code {
	n := w.n(s)
	var out []jen.Code
	if len(n.Required) > 0 {
		out = append(out, jen.Id("cgCheckMapKeys").Call(jen.Id("c"), w.node(s), value, at, kw))
	}
	name, x, a, k := fmt.Sprintf("m%d", depth), fmt.Sprintf("x%d", depth), fmt.Sprintf("a%d", depth), fmt.Sprintf("k%d", depth)
	inner := w.check(s.AdditionalProperties, t.Elem, jen.Id(x), true, jen.Op("&").Id(a), jen.Op("&").Id(k), depth+1)
	if len(inner) > 0 {
		out = append(out, jen.For(jen.List(jen.Id(name), jen.Id(x)).Op(":=").Range().Add(value)).Block(append([]jen.Code{
			jen.List(jen.Id(a), jen.Id(k)).Op(":=").List(
				jen.Id("cgKey").Call(at, jen.Lit(""), jen.Id(name)),
				jen.Id("cgKw").Call(kw, jen.Lit("additionalProperties"))),
		}, inner...)...))
	}
	return out
}
