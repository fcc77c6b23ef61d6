package govalidate

import (
	"strconv"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/lower"
)

// walker writes validation.go: the table, the description of the package's types, and the
// methods that call into the runtime.
type walker struct {
	t  *lower.Table
	f  *gosrc.File
	rt emit.Runtime
	// index is each named type's place in the description (its place in ir.Package.Types).
	index map[*ir.Named]int
	// ecma says the table has a pattern only the ECMAScript engine (cgECMA) can run.
	ecma bool
}

// r spells the runtime's package-level name (as cgruntime declares it) in validation.go.
func (w *walker) r(name string) string { return w.f.Qualify(w.rt.Ident(name)) }

// m spells a runtime method, as the runtime module spells it ("Validate"): unexported in the
// copy-in runtime.
func (w *walker) m(name string) string { return w.rt.Method(name) }

// emitDescription writes cgPackage: the table, and the description of the package's named types
// in the order of ir.Package.Types, from which the runtime builds the decoder, encoder and
// validator of each type at first use. The descriptions are text (cgTypes: one cgruntime.TypeDesc
// per line, as JSON with only the fields that are set), as the table is, for the same reason: the
// compiler reads a string constant in a fraction of the time and memory a composite literal of
// every type's members costs it. Only the Go types themselves stay Go, one per line.
func (w *walker) emitDescription(pkg *ir.Package) error {
	f := w.f
	descs := make([]cgruntime.TypeDesc, len(pkg.Types))
	for i, n := range pkg.Types {
		descs[i] = w.typeDesc(n)
	}
	text, err := lower.Lines(descs)
	if err != nil {
		return err
	}
	f.Line("")
	f.Comment("cgTypes describes the package's named types to the runtime, one per line in the order of",
		"cgPackage.GoTypes: their members, Go representations and the table nodes of their schemas, as",
		"JSON with the runtime's field names and only the fields that are set.")
	f.Line("const cgTypes = `" + string(text) + "`")
	f.Line("")
	f.Comment(gotypes.DescriptionVar+" describes the package's types to the runtime, which decodes, encodes and validates",
		"them by it. The runtime reads the table and the descriptions at first use.")
	engine := ""
	if w.ecma {
		engine = "ECMA: cgECMA, "
	}
	f.OpenLiteral("var " + gotypes.DescriptionVar + " = &" + w.r("Schema") + "{Text: cgTable, " + engine + "TypeText: cgTypes, GoTypes: []any")
	for i, n := range pkg.Types {
		f.Line("/* " + strconv.Itoa(i) + " */ (*" + n.Name + ")(nil),")
	}
	f.Close("}")
	return nil
}

func (w *walker) node(s *ir.Schema) int32 { return w.t.Of(s) }

// typeDesc describes one named type.
func (w *walker) typeDesc(n *ir.Named) cgruntime.TypeDesc {
	d := cgruntime.TypeDesc{Node: w.node(n.Schema)}
	switch n.Kind {
	case ir.StructType:
		d.Kind = cgruntime.KindStruct
		for _, fd := range n.Fields {
			d.Fields = append(d.Fields, w.fieldDesc(fd))
		}
		d.Extra = n.Extra
		if ap := n.Schema.AdditionalProperties; n.Extra && ap != nil && ap.Bool == nil {
			d.ExtraNode = w.node(ap)
		}
		d.ExtraRequired = sortedExtraRequired(n)
		d.Composed = n.Composed
	case ir.EnumType:
		d.Kind = cgruntime.KindEnum
	case ir.UnionType:
		d.Kind = cgruntime.KindUnion
		d.Union = w.unionDesc(n.Union)
	default:
		d.Kind = cgruntime.KindAlias
		under := w.elemDesc(n.Schema, n.Underlying)
		d.Under = &under
	}
	return d
}

// fieldDesc describes one member of a struct.
func (w *walker) fieldDesc(fd *ir.Field) cgruntime.FieldDesc {
	var flags uint8
	if fd.Required {
		flags |= cgruntime.FieldRequired
	}
	if fd.Type.Go.Pointer {
		flags |= cgruntime.FieldPointer
	}
	if gotypes.NullOK(fd.Type) {
		flags |= cgruntime.FieldNullOK
	}
	if gotypes.OmitNil(fd) {
		flags |= cgruntime.FieldOmitNil
	}
	if gotypes.OmitZero(fd) {
		flags |= cgruntime.FieldOmitZero
	}
	typ := *fd.Type
	typ.Go.Pointer = false
	// The runtime spells the usual keyword path itself.
	kw := gotypes.FieldKeywordPath(fd)[1:]
	usual := "properties/" + jsonpointer.Escape(fd.Name)
	if fd.Schema.Ref != nil {
		usual += "/$ref"
	}
	if kw == usual {
		kw = ""
	}
	return cgruntime.FieldDesc{Name: fd.Name, Kw: kw, RequiredKw: fd.RequiredPath, Flags: flags, Type: w.elemDesc(fd.Schema, &typ)}
}

// elemKinds are the runtime's element kinds, by ir.TypeKind.
var elemKinds = map[ir.TypeKind]uint8{
	ir.TypeRaw: cgruntime.ElemRaw, ir.TypeBool: cgruntime.ElemBool, ir.TypeInt64: cgruntime.ElemInt64, ir.TypeNumber: cgruntime.ElemNumber,
	ir.TypeString: cgruntime.ElemString, ir.TypeRef: cgruntime.ElemRef, ir.TypeArray: cgruntime.ElemSlice, ir.TypeMap: cgruntime.ElemMap,
	ir.TypeAny: cgruntime.ElemAny, ir.TypeNull: cgruntime.ElemNull,
}

// elemDesc describes the type t of the schema s as Go holds it: the kind, the schema's node (0 when
// there is no schema: nothing is checked), and the element's own description for slices and maps,
// whose schema is items or additionalProperties.
func (w *walker) elemDesc(s *ir.Schema, t *ir.Type) cgruntime.ElemDesc {
	d := cgruntime.ElemDesc{Kind: elemKinds[t.Kind], Nullable: t.Nullable, Ref: s != nil && s.Ref != nil, Node: w.node(s)}
	if t.Nullable && s != nil {
		if _, _, other := s.NullableBranch(); other != nil {
			d.Whole = true
		}
	}
	if t.Go.Custom != nil && !t.Go.Custom.Runtime {
		d.Kind = cgruntime.ElemCustom
		return d
	}
	switch t.Kind {
	case ir.TypeRef:
		d.Type = int32(w.index[t.Named])
	case ir.TypeArray, ir.TypeMap:
		var sub *ir.Schema
		if s != nil {
			sub = s.Items
			if t.Kind == ir.TypeMap {
				sub = s.AdditionalProperties
			}
		}
		elem := w.elemDesc(sub, t.Elem)
		d.Elem = &elem
	}
	return d
}

// unionDesc describes a sum type: how a value selects its variant, and when the Go value a
// variant holds encodes as JSON that selects it (which lets Validate blame the variant alone).
func (w *walker) unionDesc(u *ir.Union) *cgruntime.UnionDesc {
	rule := map[ir.UnionRule]uint8{ir.UnionDiscriminator: cgruntime.UnionByTag, ir.UnionRequired: cgruntime.UnionByMembers, ir.UnionJSONType: cgruntime.UnionByJSONType}[u.Rule]
	d := &cgruntime.UnionDesc{Rule: rule, Keyword: u.Keyword}
	if u.Rule == ir.UnionDiscriminator {
		d.Tag = u.Discriminator.Name
	}
	for _, v := range u.Variants {
		vd := cgruntime.VariantDesc{Type: w.elemDesc(v.Schema, v.Type)}
		switch u.Rule {
		case ir.UnionDiscriminator:
			vd.Values = v.Values
		case ir.UnionRequired:
			vd.Members = v.Members
		case ir.UnionJSONType:
			vd.First = gotypes.FirstBytes(v.JSONTypes)
		}
		vd.Selects, vd.TagField = w.selects(u, v)
		d.Variants = append(d.Variants, vd)
	}
	return d
}

// selects says when the Go value held by variant v encodes as JSON that selects v: always (a JSON
// type variant, or one whose distinguishing members are all required fields), when the string field
// of the discriminator holds one of its values, or never (the whole union is then checked).
func (w *walker) selects(u *ir.Union, v *ir.Variant) (uint8, int32) {
	var fields []*ir.Field
	if v.Type.Kind == ir.TypeRef && v.Type.Named.Kind == ir.StructType {
		fields = v.Type.Named.Fields
	}
	switch u.Rule {
	case ir.UnionDiscriminator:
		for i, fd := range fields {
			if fd.Name != u.Discriminator.Name || fd.Type.Go.Pointer || fd.Type.Nullable {
				continue
			}
			if fd.Type.Kind == ir.TypeString || fd.Type.Kind == ir.TypeRef && fd.Type.Named.Kind == ir.EnumType {
				return cgruntime.SelectsByField, int32(i)
			}
			break
		}
		return cgruntime.SelectsNever, 0
	case ir.UnionRequired:
		for _, m := range v.Members {
			found := false
			for _, fd := range fields {
				found = found || fd.Name == m && fd.Required
			}
			if !found {
				return cgruntime.SelectsNever, 0
			}
		}
		return cgruntime.SelectsAlways, 0
	}
	return cgruntime.SelectsAlways, 0
}
