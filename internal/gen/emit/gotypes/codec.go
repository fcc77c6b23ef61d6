package gotypes

import (
	"slices"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// EmitCodec returns codec.go: the JSON encoding and decoding methods of every named type. It is
// the largest Go file for a large schema, so it is written separately from Emit, so that the two
// run side by side.
func EmitCodec(pkg *ir.Package) ([]emit.File, error) {
	files := []emit.File{{Path: "codec.go", Bytes: codecSource(pkg)}}
	if src := unionsSource(pkg); src != nil {
		files = append(files, emit.File{Path: "sumtypes.go", Bytes: src})
	}
	return files, nil
}

func codecSource(pkg *ir.Package) []byte {
	f := gosrc.NewFile(pkg.Name, sourceHeader(pkg.Hash)...)
	c := codec{f: f, rt: emit.Runtime{Import: pkg.ImportRuntime}}
	c.rt.VersionGuard(f)
	for _, name := range definedTypes(pkg) {
		c.definedCodec(name)
	}
	if usesNull(pkg) {
		c.nullType()
	}
	for _, n := range pkg.Types {
		switch n.Kind {
		case ir.StructType:
			c.marshal(n)
			c.structEncode(n)
			c.unmarshal(n)
			c.structDecode(n)
		case ir.EnumType:
			c.wrapperCodec(n, &ir.GoType{Kind: ir.GoString})
		case ir.UnionType: // in sumtypes.go
		default:
			c.marshal(n)
			c.unmarshal(n)
			c.wrapperCodec(n, n.Underlying)
		}
	}
	return f.Bytes()
}

// definedTypes lists the string types that fields use instead of string (ir.GoType.Defined),
// sorted; another emitter declares them, the codec gives them cgEncode and cgDecode.
func definedTypes(pkg *ir.Package) []string {
	var names []string
	for _, n := range pkg.Types {
		for _, f := range n.Fields {
			if d := f.Type.Defined; d != "" && !slices.Contains(names, d) {
				names = append(names, d)
			}
		}
	}
	slices.Sort(names)
	return names
}

// sourceHeader is the header of every file the Go emitters write themselves.
func sourceHeader(hash string) []string {
	return emit.HeaderLines(hash, emit.RegenerateNote)
}

type codec struct {
	f  *gosrc.File
	rt emit.Runtime
}

// r spells the runtime's package-level name (as cgruntime declares it) in codec.go.
func (c codec) r(name string) string { return c.f.Qualify(c.rt.Ident(name)) }

// m spells a runtime method, or a method generated types implement for the runtime (CgEncode).
func (c codec) m(name string) string { return c.rt.Method(name) }

// typ spells a Go type in codec.go (GoType).
func (c codec) typ(t *ir.GoType) string { return GoType(c.f, t) }

// marshal writes MarshalJSON:
//
//	func (v T) MarshalJSON() ([]byte, error) { return v.cgEncode(nil) }
func (c codec) marshal(n *ir.Named) {
	f := c.f
	f.Line("")
	f.Comment("MarshalJSON encodes the value in the contract's canonical form: declared members in schema",
		"order, then undeclared members sorted by name, strings escaped as encoding/json does.")
	f.Openf("func (v %s) MarshalJSON() ([]byte, error)", n.Name)
	f.Line("return v." + c.m("CgEncode") + "(nil)")
	f.Close("")
}

// unmarshal writes UnmarshalJSON, the tolerant decoder.
func (c codec) unmarshal(n *ir.Named) {
	f := c.f
	f.Line("")
	f.Comment("UnmarshalJSON decodes tolerantly: unknown members and enum values are kept, null for a",
		"member that does not allow it is treated as absent; only values the Go types cannot hold are errors.")
	f.Openf("func (v *%s) UnmarshalJSON(data []byte) error", n.Name)
	f.Line("raw, err := " + c.r("Prepare") + "(data)")
	f.Open("if err != nil")
	f.Line("return err")
	f.Close("")
	f.Line("return v." + c.m("CgDecode") + "(&" + c.r("Decoder") + `{}, raw, "", "")`)
	f.Close("")
}

// structEncode writes cgEncode for a struct, one runtime call per member:
//
//	if buf, err = cgPut(buf, &first, "name", v.Name, cgEncString); err != nil { return nil, err }
func (c codec) structEncode(n *ir.Named) {
	f := c.f
	f.Line("")
	f.Openf("func (v %s) %s(buf []byte) ([]byte, error)", n.Name, c.m("CgEncode"))
	f.Line("var err error")
	f.Line("first := true")
	f.Line("buf = append(buf, '{')")
	for _, fd := range n.Fields {
		field := "v." + fd.GoName
		var call string
		switch {
		case fd.Type.Pointer:
			call = c.r("PutPtr") + "(buf, &first, " + strconv.Quote(fd.Name) + ", " + field
		case !fd.Required && hasNilZero(fd.Type):
			call = c.r("PutIf") + "(buf, &first, " + strconv.Quote(fd.Name) + ", " + field + " != nil, " + field
		default:
			call = c.r("Put") + "(buf, &first, " + strconv.Quote(fd.Name) + ", " + field
		}
		c.returnOnError("buf, err = " + call + ", " + c.encoder(fd.Type) + ")")
	}
	if n.Extra {
		c.returnOnError("buf, err = " + c.r("EncExtra") + "(buf, first, v.Extra)")
	}
	f.Line("_ = first")
	f.Line("return append(buf, '}'), nil")
	f.Close("")
}

func (c codec) returnOnError(assign string) {
	c.f.Open("if " + assign + "; err != nil")
	c.f.Line("return nil, err")
	c.f.Close("")
}

// structDecode writes cgDecode for a struct: a switch over the member names, one runtime call per
// declared member, then the required members that did not occur.
func (c codec) structDecode(n *ir.Named) {
	f := c.f
	var required []*ir.Field
	for _, fd := range n.Fields {
		if fd.Required {
			required = append(required, fd)
		}
	}
	f.Line("")
	f.Openf("func (v *%s) %s(d *%s, raw []byte, at, kw string) error", n.Name, c.m("CgDecode"), c.r("Decoder"))
	f.Open("if raw[0] != '{'")
	f.Line("return d." + c.m("Mismatch") + `(at, kw, "object", raw)`)
	f.Close("")
	// Up to 16 members are split into a buffer on the stack.
	f.Line("var buf [16]" + c.r("Member"))
	f.Line("members, err := d." + c.m("Members") + "(raw, at, buf[:0])")
	f.Open("if err != nil")
	f.Line("return err")
	f.Close("")
	f.Linef("*v = %s{}", n.Name)
	if len(required) > 0 {
		f.Linef("var seen [%d]bool", len(required))
	}
	f.Open("for _, m := range members")
	f.Line("switch m.Name {")
	for _, fd := range n.Fields {
		f.Line("case " + strconv.Quote(fd.Name) + ":")
		f.Lines(c.decodeField(fd, required))
	}
	f.Line("default:")
	f.Lines(c.decodeExtra(n))
	f.Line("}")
	f.Close("")
	for i, fd := range required {
		f.Openf("if !seen[%d]", i)
		kw := "kw"
		if fd.RequiredPath != "" {
			kw += "+" + strconv.Quote(fd.RequiredPath) // the merged part that requires it
		}
		f.Line("d." + c.m("Missing") + "(at, " + kw + ", " + strconv.Quote(fd.Name) + ")")
		f.Close("")
	}
	f.Line("return nil")
	f.Close("")
}

// decodeField returns one member's case body, indented under its case:
//
//	seen[0] = true
//	if err := cgField(d, m.Value, at+"/name", kw+"/properties/name", false, &v.Name, cgDecString); err != nil { return err }
func (c codec) decodeField(fd *ir.Field, required []*ir.Field) []string {
	var body []string
	for i, r := range required {
		if r == fd {
			body = append(body, "seen["+strconv.Itoa(i)+"] = true")
		}
	}
	field := c.r("Field")
	if fd.Type.Pointer {
		field = c.r("FieldPtr")
	}
	// A sum type reads null itself: no variant selects it, so it is kept and reported as the union's.
	// Null holds null.
	nullOK := fd.Type.Nullable || fd.Type.HoldsRawJSON() || fd.Type.Kind == ir.GoRef && fd.Type.Named.Kind == ir.UnionType ||
		fd.Type.Kind == ir.GoNull
	call := field + "(d, m.Value, at+" + strconv.Quote("/"+jsonpointer.Escape(fd.Name)) + ", kw+" + strconv.Quote(fieldKeywordPath(fd)) +
		", " + strconv.FormatBool(nullOK) + ", &v." + fd.GoName + ", " + c.decoder(fd.Type) + ")"
	body = append(body, gosrc.Block("if err := "+call+"; err != nil", []string{"return err"})...)
	return gosrc.Indent(body)
}

// decodeExtra returns the default case: keep an undeclared member (checking it for repeated
// member names in strict mode, as raw values are), or report it.
func (c codec) decodeExtra(n *ir.Named) []string {
	if !n.Extra {
		return gosrc.Indent([]string{"d." + c.m("Violate") + `(at+"/"+` + c.r("PointerToken") + `(m.Name), kw+"/additionalProperties", "member is not allowed")`})
	}
	json := c.f.Import(jsonPkg)
	body := gosrc.Block("if v.Extra == nil", []string{"v.Extra = make(map[string]" + json + ".RawMessage)"})
	body = append(body, "v.Extra[m.Name] = append("+json+".RawMessage(nil), m.Value...)",
		// Parse refuses a repeated member name anywhere, also inside a member it keeps unsplit.
		"d."+c.m("CheckNested")+`(m.Value, at+"/"+`+c.r("PointerToken")+"(m.Name))")
	return gosrc.Indent(body)
}

// definedCodec writes the encoding and decoding functions of a string type that fields use
// instead of string (ir.GoType.Defined): plain functions over the string codec, not methods
// reached through cgEncNamed and cgDecNamed, whose generic call makes the decoded value escape
// (one allocation per decode).
func (c codec) definedCodec(name string) {
	f := c.f
	f.Line("")
	f.Openf("func cgEnc%s(buf []byte, v %s) ([]byte, error)", name, name)
	f.Line("return " + c.r("EncString") + "(buf, string(v))")
	f.Close("")
	f.Line("")
	f.Openf("func cgDec%s(d *%s, raw []byte, at, kw string) (%s, error)", name, c.r("Decoder"), name)
	f.Line("x, err := " + c.r("DecString") + "(d, raw, at, kw)")
	f.Linef("return %s(x), err", name)
	f.Close("")
}

// wrapperCodec writes cgEncode and cgDecode for a type defined over underlying.
func (c codec) wrapperCodec(n *ir.Named, underlying *ir.GoType) {
	f := c.f
	f.Line("")
	f.Openf("func (v %s) %s(buf []byte) ([]byte, error)", n.Name, c.m("CgEncode"))
	f.Linef("return %s(buf, %s)", c.encoder(underlying), conversion(c.typ(underlying), "v"))
	f.Close("")
	f.Line("")
	f.Openf("func (v *%s) %s(d *%s, raw []byte, at, kw string) error", n.Name, c.m("CgDecode"), c.r("Decoder"))
	f.Linef("x, err := %s(d, raw, at, kw)", c.decoder(underlying))
	f.Linef("*v = %s(x)", n.Name)
	f.Line("return err")
	f.Close("")
}

// conversion renders the conversion of x to the Go type typ; a type that starts with an operator
// needs parentheses.
func conversion(typ, x string) string {
	if strings.HasPrefix(typ, "*") {
		return "(" + typ + ")(" + x + ")"
	}
	return typ + "(" + x + ")"
}

// decoder renders the runtime decoding function for values of t (ignoring Pointer).
func (c codec) decoder(t *ir.GoType) string { return c.codecFunc(t, "Dec") }

// encoder renders the runtime encoding function for values of t (ignoring Pointer).
func (c codec) encoder(t *ir.GoType) string { return c.codecFunc(t, "Enc") }

// codecFunc names the runtime function for t: prefix (Enc or Dec) + Bool, Int64, ..., with the
// element's function passed to Slice and Map and the type given to Named; Nullable wraps any of
// them. Defined string types and Null have functions of the package itself (cgEncKind).
func (c codec) codecFunc(t *ir.GoType, prefix string) string {
	var fn string
	switch t.Kind {
	case ir.GoBool:
		fn = c.r(prefix + "Bool")
	case ir.GoInt64:
		fn = c.r(prefix + "Int64")
	case ir.GoNumber:
		fn = c.r(prefix + "Number")
	case ir.GoString:
		fn = c.r(prefix + "String")
		if t.Defined != "" {
			fn = "cg" + prefix + t.Defined // definedCodec's functions
		}
	case ir.GoRef:
		fn = c.r(prefix+"Named") + "[" + t.Named.Name + "]"
	case ir.GoSlice:
		fn = c.r(prefix+"Slice") + "(" + c.codecFunc(t.Elem, prefix) + ")"
	case ir.GoMap:
		fn = c.r(prefix+"Map") + "(" + c.codecFunc(t.Elem, prefix) + ")"
	case ir.GoAny:
		fn = c.r(prefix + "Any")
	case ir.GoNull:
		fn = "cg" + prefix + "Null" // nullType's functions
	default:
		fn = c.r(prefix + "Raw")
	}
	if t.Nullable {
		fn = c.r(prefix+"Nullable") + "(" + fn + ")"
	}
	return fn
}

// fieldKeywordPath is the schema path of a member's value, through the part that declares it in a
// merged struct and through $ref when the member refers.
func fieldKeywordPath(fd *ir.Field) string {
	p := fd.KeywordPath
	if p == "" {
		p = "/properties/" + jsonpointer.Escape(fd.Name)
	}
	if fd.Schema.Ref != nil {
		p += "/$ref"
	}
	return p
}

// usesNull reports whether a field or a named type of the package holds the Null type.
func usesNull(pkg *ir.Package) bool {
	var holds func(t *ir.GoType) bool
	holds = func(t *ir.GoType) bool {
		return t != nil && (t.Kind == ir.GoNull || (t.Kind != ir.GoRef && holds(t.Elem)))
	}
	for _, n := range pkg.Types {
		if holds(n.Underlying) {
			return true
		}
		if n.Kind == ir.UnionType && slices.ContainsFunc(n.Union.Variants, func(v *ir.Variant) bool { return holds(v.Type) }) {
			return true // a sum type's null variant
		}
		for _, f := range n.Fields {
			if holds(f.Type) {
				return true
			}
		}
	}
	return false
}

// nullType declares Null, the Go type of {"type": "null"}, with its encoding and decoding: plain
// functions like definedCodec's, and the encoding/json methods for callers who marshal it alone.
func (c codec) nullType() {
	f := c.f
	f.Line("")
	f.Comment("Null is the JSON value null: the Go type of a member whose schema admits null alone",
		"({\"type\": \"null\"}). It encodes as null, and decoding accepts null only.")
	f.Line("type Null struct{}")
	f.Line("")
	f.Comment("MarshalJSON encodes null.")
	f.Open("func (Null) MarshalJSON() ([]byte, error)")
	f.Line(`return []byte("null"), nil`)
	f.Close("")
	f.Line("")
	f.Comment("UnmarshalJSON accepts null and nothing else.")
	f.Open("func (v *Null) UnmarshalJSON(data []byte) error")
	f.Line("raw, err := " + c.r("Prepare") + "(data)")
	f.Open("if err != nil")
	f.Line("return err")
	f.Close("")
	f.Line("_, err = cgDecNull(&" + c.r("Decoder") + `{}, raw, "", "")`)
	f.Line("return err")
	f.Close("")
	f.Line("")
	f.Open("func cgEncNull(buf []byte, _ Null) ([]byte, error)")
	f.Line(`return append(buf, "null"...), nil`)
	f.Close("")
	f.Line("")
	f.Open("func cgDecNull(d *" + c.r("Decoder") + ", raw []byte, at, kw string) (Null, error)")
	f.Open("if !" + c.r("IsNull") + "(raw)")
	f.Line("return Null{}, d." + c.m("Mismatch") + `(at, kw, "null", raw)`)
	f.Close("")
	f.Line("return Null{}, nil")
	f.Close("")
}
