package gotypes

import (
	"github.com/dave/jennifer/jen"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// byteSlice is []byte.
func byteSlice() *jen.Statement { return jen.Index().Byte() }

// decodeParams is the parameter list of every cgDecode method.
func decodeParams() []jen.Code {
	return []jen.Code{jen.Id("d").Op("*").Id("cgDecoder"), jen.Id("raw").Add(byteSlice()), jen.List(jen.Id("at"), jen.Id("kw")).String()}
}

// returnIfErr renders: if err != nil { return <results>, err }.
func returnIfErr(results ...jen.Code) *jen.Statement {
	return jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(append(results, jen.Err())...))
}

// emitStruct declares a struct with its encoder and decoder.
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
	emitMarshal(f, n)
	emitStructEncode(f, n)
	emitUnmarshal(f, n)
	emitStructDecode(f, n)
}

// emitMarshal renders MarshalJSON and UnmarshalJSON's shared entry point for named types.
//
//	func (v T) MarshalJSON() ([]byte, error) { return v.cgEncode(nil) }
func emitMarshal(f *jen.File, n *ir.Named) {
	f.Line()
	f.Comment("MarshalJSON encodes the value in the contract's canonical form: declared members in schema")
	f.Comment("order, then undeclared members sorted by name, strings escaped as encoding/json does.")
	f.Func().Params(jen.Id("v").Id(n.Name)).Id("MarshalJSON").Params().Params(byteSlice(), jen.Error()).Block(
		jen.Return(jen.Id("v").Dot("cgEncode").Call(jen.Nil())))
}

// emitUnmarshal renders UnmarshalJSON, the tolerant decoder:
//
//	func (v *T) UnmarshalJSON(data []byte) error { raw, err := cgPrepare(data); ...; return v.cgDecode(&cgDecoder{}, raw, "", "") }
func emitUnmarshal(f *jen.File, n *ir.Named) {
	f.Line()
	f.Comment("UnmarshalJSON decodes tolerantly: unknown members and enum values are kept, null for a")
	f.Comment("member that does not allow it is treated as absent; only values the Go types cannot hold are errors.")
	f.Func().Params(jen.Id("v").Op("*").Id(n.Name)).Id("UnmarshalJSON").Params(jen.Id("data").Add(byteSlice())).Error().Block(
		jen.List(jen.Id("raw"), jen.Err()).Op(":=").Id("cgPrepare").Call(jen.Id("data")),
		returnIfErr(),
		jen.Return(jen.Id("v").Dot("cgDecode").Call(jen.Op("&").Id("cgDecoder").Values(), jen.Id("raw"), jen.Lit(""), jen.Lit(""))),
	)
}

func emitStructEncode(f *jen.File, n *ir.Named) {
	f.Line()
	f.Func().Params(jen.Id("v").Id(n.Name)).Id("cgEncode").Params(jen.Id("buf").Add(byteSlice())).Params(byteSlice(), jen.Error()).BlockFunc(func(g *jen.Group) {
		g.Var().Err().Error()
		g.Id("first").Op(":=").True()
		g.Id("buf").Op("=").Append(jen.Id("buf"), jen.LitRune('{'))
		// if buf, err = cgPut(buf, &first, "name", v.Name, cgEncString); err != nil { return nil, err }
		for _, fd := range n.Fields {
			put, args := "cgPut", []jen.Code{jen.Id("buf"), jen.Op("&").Id("first"), jen.Lit(fd.Name)}
			switch {
			case fd.Type.Pointer:
				put = "cgPutPtr"
			case !fd.Required && hasNilZero(fd.Type):
				put = "cgPutIf"
				args = append(args, jen.Id("v").Dot(fd.GoName).Op("!=").Nil())
			}
			args = append(args, jen.Id("v").Dot(fd.GoName), encoder(fd.Type))
			g.If(
				jen.List(jen.Id("buf"), jen.Err()).Op("=").Id(put).Call(args...),
				jen.Err().Op("!=").Nil(),
			).Block(jen.Return(jen.Nil(), jen.Err()))
		}
		if n.Extra {
			g.If(
				jen.List(jen.Id("buf"), jen.Err()).Op("=").Id("cgEncExtra").Call(jen.Id("buf"), jen.Id("first"), jen.Id("v").Dot("Extra")),
				jen.Err().Op("!=").Nil(),
			).Block(jen.Return(jen.Nil(), jen.Err()))
		}
		g.Id("_").Op("=").Id("first")
		g.Return(jen.Append(jen.Id("buf"), jen.LitRune('}')), jen.Nil())
	})
}

func emitStructDecode(f *jen.File, n *ir.Named) {
	var required []*ir.Field
	for _, fd := range n.Fields {
		if fd.Required {
			required = append(required, fd)
		}
	}
	f.Line()
	f.Func().Params(jen.Id("v").Op("*").Id(n.Name)).Id("cgDecode").Params(decodeParams()...).Error().BlockFunc(func(g *jen.Group) {
		g.If(jen.Id("raw").Index(jen.Lit(0)).Op("!=").LitRune('{')).Block(
			jen.Return(jen.Id("d").Dot("mismatch").Call(jen.Id("at"), jen.Id("kw"), jen.Lit("object"), jen.Id("raw"))))
		// Up to 16 members are split into a buffer on the stack.
		g.Var().Id("buf").Index(jen.Lit(16)).Id("cgMember")
		g.List(jen.Id("members"), jen.Err()).Op(":=").Id("d").Dot("members").Call(jen.Id("raw"), jen.Id("at"), jen.Id("buf").Index(jen.Empty(), jen.Lit(0)))
		g.Add(returnIfErr())
		g.Op("*").Id("v").Op("=").Id(n.Name).Values()
		if len(required) > 0 {
			g.Var().Id("seen").Index(jen.Lit(len(required))).Bool()
		}
		g.For(jen.List(jen.Id("_"), jen.Id("m")).Op(":=").Range().Id("members")).Block(
			jen.Switch(jen.Id("m").Dot("Name")).BlockFunc(func(sw *jen.Group) {
				for _, fd := range n.Fields {
					sw.Case(jen.Lit(fd.Name)).BlockFunc(func(c *jen.Group) { decodeField(c, fd, required) })
				}
				sw.Default().BlockFunc(func(c *jen.Group) { decodeExtra(c, n) })
			}),
		)
		for i, fd := range required {
			g.If(jen.Op("!").Id("seen").Index(jen.Lit(i))).Block(
				jen.Id("d").Dot("missing").Call(jen.Id("at"), jen.Id("kw"), jen.Lit(fd.Name)))
		}
		g.Return(jen.Nil())
	})
}

// fieldKeywordPath is the schema path of a member's value, through $ref when the member refers.
func fieldKeywordPath(fd *ir.Field) string {
	p := "/properties/" + escapeToken(fd.Name)
	if fd.Schema.Ref != nil {
		p += "/$ref"
	}
	return p
}

// decodeField renders one member's case body:
//
//	seen[0] = true
//	if err := cgField(d, m.Value, at+"/name", kw+"/properties/name", false, &v.Name, cgDecString); err != nil { return err }
func decodeField(c *jen.Group, fd *ir.Field, required []*ir.Field) {
	for i, r := range required {
		if r == fd {
			c.Id("seen").Index(jen.Lit(i)).Op("=").True()
		}
	}
	field := "cgField"
	if fd.Type.Pointer {
		field = "cgFieldPtr"
	}
	nullOK := fd.Type.Nullable || fd.Type.Kind == ir.GoRaw || fd.Type.Kind == ir.GoAny
	c.If(
		jen.Err().Op(":=").Id(field).Call(jen.Id("d"), jen.Id("m").Dot("Value"),
			jen.Id("at").Op("+").Lit("/"+escapeToken(fd.Name)), jen.Id("kw").Op("+").Lit(fieldKeywordPath(fd)),
			jen.Lit(nullOK), jen.Op("&").Id("v").Dot(fd.GoName), decoder(fd.Type)),
		jen.Err().Op("!=").Nil(),
	).Block(jen.Return(jen.Err()))
}

func decodeExtra(c *jen.Group, n *ir.Named) {
	if !n.Extra {
		c.Id("d").Dot("violate").Call(jen.Id("at").Op("+").Lit("/").Op("+").Id("cgPointerToken").Call(jen.Id("m").Dot("Name")),
			jen.Id("kw").Op("+").Lit("/additionalProperties"), jen.Lit("member is not allowed"))
		return
	}
	c.If(jen.Id("v").Dot("Extra").Op("==").Nil()).Block(
		jen.Id("v").Dot("Extra").Op("=").Make(jen.Map(jen.String()).Qual(jsonPkg, "RawMessage")))
	c.Id("v").Dot("Extra").Index(jen.Id("m").Dot("Name")).Op("=").Append(jen.Qual(jsonPkg, "RawMessage").Call(jen.Nil()), jen.Id("m").Dot("Value").Op("..."))
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
			if v.Description != "" {
				comment(g, v.GoName, v.Description, "")
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
	emitWrapperCodec(f, n, &ir.GoType{Kind: ir.GoString})
}

// emitAlias declares a named type over another Go type.
func emitAlias(f *jen.File, n *ir.Named) {
	docComment(f, n.Name, describe(n), "is generated from "+emit.SourceRef(n.Origin)+".")
	f.Type().Id(n.Name).Add(goType(n.Underlying))
	emitMarshal(f, n)
	emitUnmarshal(f, n)
	emitWrapperCodec(f, n, n.Underlying)
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

// emitWrapperCodec renders cgEncode and cgDecode for a type defined over underlying.
func emitWrapperCodec(f *jen.File, n *ir.Named, underlying *ir.GoType) {
	f.Line()
	f.Func().Params(jen.Id("v").Id(n.Name)).Id("cgEncode").Params(jen.Id("buf").Add(byteSlice())).Params(byteSlice(), jen.Error()).Block(
		jen.Return(encoder(underlying).Call(jen.Id("buf"), goType(underlying).Call(jen.Id("v")))))
	f.Line()
	f.Func().Params(jen.Id("v").Op("*").Id(n.Name)).Id("cgDecode").Params(decodeParams()...).Error().Block(
		jen.List(jen.Id("x"), jen.Err()).Op(":=").Add(decoder(underlying)).Call(jen.Id("d"), jen.Id("raw"), jen.Id("at"), jen.Id("kw")),
		jen.Op("*").Id("v").Op("=").Id(n.Name).Call(jen.Id("x")),
		jen.Return(jen.Err()),
	)
}

func escapeToken(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		switch r {
		case '~':
			out = append(out, '~', '0')
		case '/':
			out = append(out, '~', '1')
		default:
			out = append(out, r)
		}
	}
	return string(out)
}
