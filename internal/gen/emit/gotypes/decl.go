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

// declarations writes the body of types.go: ContractHash and every named type.
func declarations(f *gosrc.File, pkg *ir.Package) {
	f.Comment("ContractHash is a content hash of the schema files and generator options this package was generated from.")
	f.Line("const ContractHash = " + strconv.Quote(pkg.Hash))
	for _, n := range pkg.Types {
		if n.Kind == ir.UnionType {
			continue // declared in sumtypes.go
		}
		f.Line("")
		switch n.Kind {
		case ir.StructType:
			emitStruct(f, n)
		case ir.EnumType:
			emitEnum(f, n)
		default:
			emitAlias(f, n, emit.Runtime{Import: pkg.Go.ImportRuntime})
		}
	}
}

// emitStruct declares a struct (its encoder and decoder are in codec.go).
//
//	type T struct { F int64 `json:"f"`; Extra map[string]json.RawMessage `json:"-"` }
func emitStruct(f *gosrc.File, n *ir.Named) {
	doc := commentLines(n.Name, describe(n), "is generated from "+emit.SourceRef(n.Origin)+".")
	if n.Composed {
		doc = append(doc, "")
		doc = append(doc, emit.Wrap("Its schema has rules beside the members (allOf parts, conditions, object keywords): "+
			"Validate checks them on the encoded object, against the whole schema.", 96)...)
	}
	f.Lines(gosrc.DocComment(doc))
	if len(n.Fields) == 0 && !n.Extra && n.Go.ErrorField == "" {
		f.Line("type " + n.Name + " struct{}")
	} else {
		// Every member is set apart by a blank line, so gofmt aligns no columns.
		f.Open("type " + n.Name + " struct")
		for i, fd := range n.Fields {
			if i > 0 {
				f.Line("")
			}
			f.Comment(fieldComment(fd)...)
			f.Line(strings.TrimSuffix(fd.Go.Name+" "+GoType(f, fd.Type)+" "+jsonTag(fd), " "))
		}
		if n.Extra {
			if len(n.Fields) > 0 {
				f.Line("")
			}
			// The package documentation says how they are kept and encoded; the comment repeats in
			// every struct, so it stays one line.
			f.Comment("Extra holds the members the schema does not declare (see the package documentation).")
			f.Line("Extra map[string]" + f.Qualify(jsonRawMessage) + " `json:\"-\"`")
		}
		if n.Go.ErrorField != "" {
			if len(n.Fields) > 0 || n.Extra {
				f.Line("")
			}
			f.Comment("cgCause is the Go error a constructor wrapped (goconstruct's WithCauseError); Unwrap",
				"returns it. It is not part of the JSON object: only the cause's sanitized text travels.")
			f.Line("cgCause error")
		}
		f.Close("")
	}
	if n.Go.New != "" {
		emitNew(f, n)
	}
	if n.Go.ErrorField != "" {
		f.Line("")
		f.Comment("Error returns the message, which the contract requires to make sense on its own.")
		f.Open("func (v *" + n.Name + ") Error() string")
		f.Line("return v." + n.Go.ErrorField)
		f.Close("")
	}
}

// fieldComment is a field's doc comment: its description, and the note that explains its type.
func fieldComment(fd *ir.Field) []string {
	text, fallback := strings.TrimSpace(fd.Description), "holds the member "+strconv.Quote(fd.Name)+"."
	var notes []string
	if !naming.TaggableName(fd.Name) {
		tagless := "A struct tag cannot carry this name: the generated MarshalJSON and UnmarshalJSON read and write it."
		if text != "" {
			tagless = "It is the member " + strconv.Quote(fd.Name) + ", whose name a struct tag cannot carry: the generated MarshalJSON and UnmarshalJSON read and write it."
		}
		notes = append(notes, tagless)
	}
	if fd.Note != "" {
		notes = append(notes, fd.Note)
	}
	if len(notes) > 0 {
		if text == "" {
			fallback += " " + strings.Join(notes, " ")
		} else {
			text += " " + strings.Join(notes, " ")
		}
	}
	return commentLines(fd.Go.Name, text, fallback)
}

// emitNew writes the struct's constructor, which sets the required const members:
//
//	func NewT() *T { return &T{Version: 2, Kind: TKindDone} }
func emitNew(f *gosrc.File, n *ir.Named) {
	var names []string
	var rows [][]gosrc.Pair
	for _, fd := range n.Fields {
		if fd.Required && fd.Go.Constant != "" {
			names = append(names, fd.Name)
			rows = append(rows, []gosrc.Pair{{Key: fd.Go.Name, Value: fd.Go.Constant}})
		}
	}
	f.Line("")
	f.Comment(emit.Wrap(n.Go.New+" returns "+naming.Article(n.Name)+" "+n.Name+" whose const members are set ("+strings.Join(names, ", ")+
		"); set the others by name before encoding it.", 96)...)
	f.Open("func " + n.Go.New + "() *" + n.Name)
	f.OpenLiteral("return &" + n.Name)
	f.Lines(gosrc.PairLines(0, rows))
	f.Close("")
	f.Close("")
}

// emitEnum declares a string enum that keeps unknown values.
//
//	type Origin string
//	const ( OriginValidation Origin = "validation"; ... )
func emitEnum(f *gosrc.File, n *ir.Named) {
	doc := commentLines(n.Name, describe(n), "is generated from "+emit.SourceRef(n.Origin)+".")
	doc = append(doc, "Values this code does not know decode without error and are kept as they are; IsKnown tells them apart.")
	f.Lines(gosrc.DocComment(doc))
	f.Line("type " + n.Name + " string")
	f.Line("")
	f.Comment("The known values of " + n.Name + ".")
	f.Line("const (")
	// gofmt aligns the names of specs that follow each other; a comment line ends the run.
	var run [][]string
	flush := func() {
		f.Lines(gosrc.Columns(1, run))
		run = run[:0]
	}
	names := make([]string, len(n.Enum.Values))
	for i, v := range n.Enum.Values {
		names[i] = v.Go.Name
		if d := strings.TrimSpace(v.Description); d != "" {
			flush()
			// The value's description is a sentence of its own ("The request was refused
			// before anything ran."), so it follows the wire value rather than an "is".
			f.Lines(gosrc.Indent(gosrc.LineComment(emit.Wrap(v.Go.Name+" is "+strconv.Quote(v.Value)+": "+d, 96))))
		}
		run = append(run, []string{v.Go.Name, n.Name, "= " + strconv.Quote(v.Value)})
	}
	flush()
	f.Line(")")
	if fb := n.Enum.Fallback; fb != nil {
		f.Line("")
		f.Comment(n.Enum.Go.FallbackConst + " is the value to act on when a value is not known: the conservative choice the schema declares.")
		f.Line("const " + n.Enum.Go.FallbackConst + " = " + fb.Go.Name)
	}
	list := strings.Join(names, ", ")
	f.Line("")
	f.Comment(n.Enum.Go.ValuesFunc + " returns the known values in schema order.")
	f.Open("func " + n.Enum.Go.ValuesFunc + "() []" + n.Name)
	f.Line("return []" + n.Name + "{" + list + "}")
	f.Close("")
	f.Line("")
	f.Comment("IsKnown reports whether v is one of the values this code was generated with.")
	f.Open("func (v " + n.Name + ") IsKnown() bool")
	f.Line("switch v {")
	f.Line("case " + list + ":")
	f.Line("\treturn true")
	f.Line("}")
	f.Line("return false")
	f.Close("")
	if n.Enum.Fallback != nil {
		f.Line("")
		f.Comment("OrFallback returns v when it is known and " + n.Enum.Go.FallbackConst + " otherwise.")
		f.Open("func (v " + n.Name + ") OrFallback() " + n.Name)
		f.Open("if v.IsKnown()")
		f.Line("return v")
		f.Close("")
		f.Line("return " + n.Enum.Go.FallbackConst)
		f.Close("")
	}
}

// emitAlias declares a named type over another Go type.
func emitAlias(f *gosrc.File, n *ir.Named, rt emit.Runtime) {
	doc := append(commentLines(n.Name, describe(n), "is generated from "+emit.SourceRef(n.Origin)+"."), unionNote(n)...)
	if n.Go.RawNote != "" {
		doc = append(append(doc, ""), emit.Wrap(n.Go.RawNote, 96)...)
	}
	f.Lines(gosrc.DocComment(doc))
	f.Line("type " + n.Name + " " + GoType(f, n.Underlying))
	if n.Underlying.Kind == ir.TypeRaw && !n.Underlying.Nullable && !n.Underlying.Go.Pointer {
		emitRawAccessors(f, n, rt)
	}
}

// emitRawAccessors gives a raw-backed type (a union, or any schema a plain Go type cannot carry)
// typed access to its value, so callers need not decode the JSON themselves:
//
//	func (v ID) AsString() (string, bool) { return cgruntime.RawString(v) }
func emitRawAccessors(f *gosrc.File, n *ir.Named, rt emit.Runtime) {
	// The accessors read only the JSON types the schema admits (all when it cannot tell).
	admits := func(types ...string) bool {
		return n.RawTypes == nil || slices.ContainsFunc(types, func(t string) bool { return slices.Contains(n.RawTypes, t) })
	}
	accessors := []struct {
		name, helper, doc, result string
		on                        bool
	}{
		{"JSONType", "RawType", "names the JSON type of the value: null, boolean, number, string, array or object (\"\" when unset).", "string", true},
		{"AsString", "RawString", "returns the value when it is a JSON string.", "(string, bool)", admits("string")},
		{"AsInt64", "RawInt64", "returns the value when it is a number with an integral value that fits in an int64 (1.0 counts).", "(int64, bool)", admits("integer", "number")},
		{"AsNumber", "RawNumber", "returns the value when it is a number, exactly as written.", "(" + f.Qualify(jsonNumber) + ", bool)", admits("integer", "number")},
		{"AsBool", "RawBool", "returns the value when it is true or false.", "(bool, bool)", admits("boolean")},
	}
	for _, a := range accessors {
		if !a.on {
			continue
		}
		f.Line("")
		f.Comment(a.name + " " + a.doc)
		f.Open("func (v " + n.Name + ") " + a.name + "() " + a.result)
		f.P("return ", rt.Ident(a.helper), "(v)")
		f.Close("")
	}
	f.Line("")
	f.Comment("Set stores x, encoded with encoding/json, as the value. It does not validate: call Validate.")
	f.Open("func (v *" + n.Name + ") Set(x any) error")
	f.Line("b, err := " + f.Qualify(jsonMarshal) + "(x)")
	f.Open("if err != nil")
	f.Line("return err")
	f.Close("")
	f.Line("*v = " + n.Name + "(b)")
	f.Line("return nil")
	f.Close("")
}
