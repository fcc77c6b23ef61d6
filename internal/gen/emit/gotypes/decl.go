package gotypes

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// returnIfErr renders: if err != nil { return <results>, err }.
func returnIfErr(results ...jen.Code) *jen.Statement {
	return jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(append(results, jen.Err())...))
}

// emitStruct declares a struct (its encoder and decoder are in codec.go).
//
//	type T struct { F int64 `json:"f"`; Extra map[string]json.RawMessage `json:"-"` }
func emitStruct(f *jen.File, n *ir.Named) {
	docComment(f, n.Name, describe(n), "is generated from "+emit.SourceRef(n.Origin)+".")
	f.Type().Id(n.Name).StructFunc(func(g *jen.Group) {
		for i, fd := range n.Fields {
			if i > 0 {
				g.Line()
			}
			comment(g, fd.GoName, fd.Description, "holds the "+fd.Name+" member.")
			g.Id(fd.GoName).Add(goType(fd.Type)).Tag(jsonTag(fd))
		}
		if n.Extra {
			g.Line()
			g.Comment("Extra holds the members the schema does not declare, kept so that a decode and")
			g.Comment("re-encode loses nothing. They are encoded after the declared members, sorted by name.")
			g.Id("Extra").Map(jen.String()).Qual(jsonPkg, "RawMessage").Tag(map[string]string{"json": "-"})
		}
		if n.IsError {
			g.Line()
			g.Comment("cgCause is the Go error a constructor wrapped (goconstruct's WithCauseError); Unwrap")
			g.Comment("returns it. It is not part of the JSON object: only the cause's sanitized text travels.")
			g.Id("cgCause").Error()
		}
	})
	if n.IsError {
		f.Line()
		f.Comment("Error returns the message, which the contract requires to make sense on its own.")
		f.Func().Params(jen.Id("v").Op("*").Id(n.Name)).Id("Error").Params().String().Block(jen.Return(jen.Id("v").Dot("Message")))
	}
}

// emitEnum declares a string enum that keeps unknown values.
//
//	type Origin string
//	const ( OriginValidation Origin = "validation"; ... )
func emitEnum(f *jen.File, n *ir.Named) {
	docComment(f, n.Name, describe(n), "is generated from "+emit.SourceRef(n.Origin)+".")
	f.Comment("Values this code does not know decode without error and are kept as they are; IsKnown tells them apart.")
	f.Type().Id(n.Name).String()
	f.Line()
	f.Comment("The known values of " + n.Name + ".")
	f.Const().DefsFunc(func(g *jen.Group) {
		for _, v := range n.Enum.Values {
			if d := strings.TrimSpace(v.Description); d != "" {
				// The value's description is a sentence of its own ("The request was refused
				// before anything ran."), so it follows the wire value rather than an "is".
				for _, line := range emit.Wrap(v.GoName+" is "+strconv.Quote(v.Value)+": "+d, 96) {
					g.Comment(line)
				}
			}
			g.Id(v.GoName).Id(n.Name).Op("=").Lit(v.Value)
		}
	})
	if fb := n.Enum.Fallback; fb != nil {
		f.Line()
		f.Comment(n.Name + "Fallback is the value to act on when a value is not known: the conservative choice the schema declares.")
		f.Const().Id(n.Name + "Fallback").Op("=").Id(fb.GoName)
	}
	f.Line()
	f.Comment(n.Name + "Values returns the known values in schema order.")
	f.Func().Id(n.Name + "Values").Params().Index().Id(n.Name).Block(
		jen.Return(jen.Index().Id(n.Name).ValuesFunc(func(g *jen.Group) {
			for _, v := range n.Enum.Values {
				g.Id(v.GoName)
			}
		})))
	f.Line()
	f.Comment("IsKnown reports whether v is one of the values this code was generated with.")
	f.Func().Params(jen.Id("v").Id(n.Name)).Id("IsKnown").Params().Bool().Block(
		jen.Switch(jen.Id("v")).Block(
			jen.CaseFunc(func(g *jen.Group) {
				for _, v := range n.Enum.Values {
					g.Id(v.GoName)
				}
			}).Block(jen.Return(jen.True())),
		),
		jen.Return(jen.False()),
	)
	if n.Enum.Fallback != nil {
		f.Line()
		f.Comment("OrFallback returns v when it is known and " + n.Name + "Fallback otherwise.")
		f.Func().Params(jen.Id("v").Id(n.Name)).Id("OrFallback").Params().Id(n.Name).Block(
			jen.If(jen.Id("v").Dot("IsKnown").Call()).Block(jen.Return(jen.Id("v"))),
			jen.Return(jen.Id(n.Name+"Fallback")),
		)
	}
}

// emitAlias declares a named type over another Go type.
func emitAlias(f *jen.File, n *ir.Named) {
	docComment(f, n.Name, describe(n), "is generated from "+emit.SourceRef(n.Origin)+".")
	f.Type().Id(n.Name).Add(goType(n.Underlying))
	if n.Underlying.Kind == ir.GoRaw && !n.Underlying.Nullable && !n.Underlying.Pointer {
		emitRawAccessors(f, n)
	}
}

// emitRawAccessors gives a raw-backed type (a union, or any schema a plain Go type cannot carry)
// typed access to its value, so callers need not decode the JSON themselves:
//
//	func (v ID) AsString() (string, bool) { return cgRawString(v) }
func emitRawAccessors(f *jen.File, n *ir.Named) {
	accessors := []struct {
		name, helper, doc string
		result            *jen.Statement
	}{
		{"JSONType", "cgRawType", "names the JSON type of the value: null, boolean, number, string, array or object (\"\" when unset).", jen.String()},
		{"AsString", "cgRawString", "returns the value when it is a JSON string.", jen.Params(jen.String(), jen.Bool())},
		{"AsInt64", "cgRawInt64", "returns the value when it is a number with an integral value that fits in an int64 (1.0 counts).", jen.Params(jen.Int64(), jen.Bool())},
		{"AsNumber", "cgRawNumber", "returns the value when it is a number, exactly as written.", jen.Params(jen.Qual(jsonPkg, "Number"), jen.Bool())},
		{"AsBool", "cgRawBool", "returns the value when it is true or false.", jen.Params(jen.Bool(), jen.Bool())},
	}
	for _, a := range accessors {
		f.Line()
		f.Comment(a.name + " " + a.doc)
		f.Func().Params(jen.Id("v").Id(n.Name)).Id(a.name).Params().Add(a.result).Block(
			jen.Return(jen.Id(a.helper).Call(jen.Id("v"))))
	}
	f.Line()
	f.Comment("Set stores x, encoded with encoding/json, as the value. It does not validate: call Validate.")
	f.Func().Params(jen.Id("v").Op("*").Id(n.Name)).Id("Set").Params(jen.Id("x").Any()).Error().Block(
		jen.List(jen.Id("b"), jen.Err()).Op(":=").Qual(jsonPkg, "Marshal").Call(jen.Id("x")),
		returnIfErr(),
		jen.Op("*").Id("v").Op("=").Id(n.Name).Call(jen.Id("b")),
		jen.Return(jen.Nil()),
	)
}
