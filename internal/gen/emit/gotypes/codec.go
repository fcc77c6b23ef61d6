package gotypes

import (
	"slices"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// EmitCodec returns codec.go: MarshalJSON and UnmarshalJSON of every struct and alias type, each
// one call into the runtime, which decodes and encodes from the package's description of its types
// (cgPackage, written with the validation table), and sumtypes.go.
func EmitCodec(pkg *ir.Package) ([]emit.File, error) {
	files := []emit.File{{Path: "codec.go", Bytes: codecSource(pkg)}}
	if src := unionsSource(pkg); src != nil {
		files = append(files, emit.File{Path: "sumtypes.go", Bytes: src})
	}
	return files, nil
}

func codecSource(pkg *ir.Package) []byte {
	f := gosrc.NewFile(pkg.Name, sourceHeader(pkg.Hash)...)
	c := codec{f: f, rt: emit.Runtime{Import: pkg.Go.ImportRuntime}}
	c.rt.VersionGuard(f)
	if usesNull(pkg) {
		c.nullType()
	}
	for i, n := range pkg.Types {
		switch n.Kind {
		case ir.StructType, ir.AliasType:
			c.marshal(n, i)
			c.unmarshal(n, i)
		}
	}
	return f.Bytes()
}

// DescriptionVar is the package-level variable that describes a generated package's types to the
// runtime (govalidate writes it beside the validation table); a type's index in it is its index in
// ir.Package.Types.
const DescriptionVar = "cgPackage"

// FieldKeywordPath is the schema path of a member's value, through the part that declares it in a
// merged struct and through $ref when the member refers.
func FieldKeywordPath(fd *ir.Field) string {
	p := fd.KeywordPath
	if p == "" {
		p = "/properties/" + jsonpointer.Escape(fd.Name)
	}
	if fd.Schema.Ref != nil {
		p += "/$ref"
	}
	return p
}

// NullOK reports whether a member's decoder takes null as a value of its own: a nullable type,
// raw JSON, a sum type (no variant selects null, so it is kept and reported as the union's), or
// Null.
func NullOK(t *ir.Type) bool {
	if t.Go.Custom != nil && !t.Go.Custom.Runtime {
		return t.Nullable
	}
	return t.Nullable || t.HoldsRawJSON() || t.Kind == ir.TypeNull ||
		t.Kind == ir.TypeRef && (t.Named.Kind == ir.UnionType || t.Named.Kind == ir.AliasType && t.Named.Underlying != nil && NullOK(t.Named.Underlying))
}

// OmitNil reports whether an optional member's nil value means absent (a slice, a map, raw JSON);
// members held by pointer are absent when the pointer is nil.
func OmitNil(fd *ir.Field) bool { return !fd.Required && !fd.Type.Go.Pointer && hasNilZero(fd.Type) }

// OmitZero reports whether an optional member held by value is absent when it is its Go zero
// value (ir.GoField.OmitZero).
func OmitZero(fd *ir.Field) bool { return fd.Go.OmitZero && !fd.Required && !OmitNil(fd) }

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
func (c codec) typ(t *ir.Type) string { return GoType(c.f, t) }

// marshal writes MarshalJSON:
//
//	func (v T) MarshalJSON() ([]byte, error) { return cgPackage.Marshal(&v, 3) }
func (c codec) marshal(n *ir.Named, index int) {
	f := c.f
	f.Line("")
	f.Comment("MarshalJSON encodes v in the contract's canonical form (see the package documentation).")
	f.Openf("func (v %s) MarshalJSON() ([]byte, error)", n.Name)
	f.Linef("return %s.%s(&v, %d)", DescriptionVar, c.m("Marshal"), index)
	f.Close("")
}

// unmarshal writes UnmarshalJSON, the tolerant decoder.
func (c codec) unmarshal(n *ir.Named, index int) {
	f := c.f
	f.Line("")
	f.Comment("UnmarshalJSON decodes data tolerantly, keeping unknown members and enum values.")
	f.Openf("func (v *%s) UnmarshalJSON(data []byte) error", n.Name)
	f.Linef("return %s.%s(data, v, %d)", DescriptionVar, c.m("Unmarshal"), index)
	f.Close("")
}

// usesNull reports whether a field or a named type of the package holds the Null type.
func usesNull(pkg *ir.Package) bool {
	var holds func(t *ir.Type) bool
	holds = func(t *ir.Type) bool {
		return t != nil && (t.Kind == ir.TypeNull || (t.Kind != ir.TypeRef && holds(t.Elem)))
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

// nullType declares Null, the Go type of {"type": "null"}, with the encoding/json methods for
// callers who marshal it alone.
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
	f.Open("if !" + c.r("IsNull") + "(raw)")
	f.Line("return (&" + c.r("Decoder") + `{}).` + c.m("Mismatch") + `("", "", "null", raw)`)
	f.Close("")
	f.Line("return nil")
	f.Close("")
}
