package govalidate

import (
	"strconv"
	"strings"

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

// emitDescription writes cgPackage: the table and one cgruntime.TypeDesc per named type, in the
// order of ir.Package.Types, from which the runtime builds the decoder, encoder and validator of
// each type at first use. Every element is one line, so gofmt aligns nothing.
func (w *walker) emitDescription(pkg *ir.Package) {
	f := w.f
	f.Line("")
	f.Comment(gotypes.DescriptionVar+" describes the package's types to the runtime, which decodes, encodes and validates",
		"them by it: their Go types, members, and the table nodes of their schemas. The runtime",
		"compiles the table at first use.")
	engine := ""
	if w.ecma {
		engine = "ECMA: cgECMA, "
	}
	f.OpenLiteral("var " + gotypes.DescriptionVar + " = &" + w.r("Schema") + "{Text: cgTable, " + engine + "Types: []" + w.r("TypeDesc"))
	for i, n := range pkg.Types {
		f.Line("/* " + strconv.Itoa(i) + " */ " + w.typeDesc(n) + ",")
	}
	f.Close("}")
}

// lit renders a keyed literal of the set fields; values are already Go expressions.
func (w *walker) lit(typ string, fields ...string) string {
	var set []string
	for i := 0; i+1 < len(fields); i += 2 {
		if v := fields[i+1]; v != "" && v != "0" && v != "false" {
			set = append(set, fields[i]+": "+v)
		}
	}
	return typ + "{" + strings.Join(set, ", ") + "}"
}

func quoteIf(s string) string {
	if s == "" {
		return ""
	}
	return strconv.Quote(s)
}

func (w *walker) node(s *ir.Schema) string { return strconv.Itoa(int(w.t.Of(s))) }

// typeDesc renders one named type's description (without its type name when it is an element of
// the []TypeDesc literal).
func (w *walker) typeDesc(n *ir.Named) string {
	fields := []string{"Go", "(*" + n.Name + ")(nil)", "Name", strconv.Quote(n.Name)}
	switch n.Kind {
	case ir.StructType:
		fields = append(fields, "Kind", w.r("KindStruct"), "Node", w.node(n.Schema))
		if len(n.Fields) > 0 {
			items := make([]string, len(n.Fields))
			for i, fd := range n.Fields {
				items[i] = w.fieldDesc(fd)
			}
			fields = append(fields, "Fields", "[]"+w.r("FieldDesc")+"{"+strings.Join(items, ", ")+"}")
		}
		fields = append(fields, "Extra", strconv.FormatBool(n.Extra))
		if ap := n.Schema.AdditionalProperties; n.Extra && ap != nil && ap.Bool == nil {
			fields = append(fields, "ExtraNode", w.node(ap))
		}
		if req := sortedExtraRequired(n); len(req) > 0 {
			fields = append(fields, "ExtraRequired", stringList(req))
		}
		fields = append(fields, "Composed", strconv.FormatBool(n.Composed))
	case ir.EnumType:
		fields = append(fields, "Kind", w.r("KindEnum"), "Node", w.node(n.Schema))
	case ir.UnionType:
		fields = append(fields, "Kind", w.r("KindUnion"), "Node", w.node(n.Schema), "Union", "&"+w.unionDesc(n.Union))
	default:
		fields = append(fields, "Kind", w.r("KindAlias"), "Node", w.node(n.Schema), "Under", "&"+w.elemDesc(n.Schema, n.Underlying))
	}
	return strings.TrimPrefix(w.lit(w.r("TypeDesc"), fields...), w.r("TypeDesc"))
}

// fieldDesc renders one member of a struct.
func (w *walker) fieldDesc(fd *ir.Field) string {
	var flags []string
	if fd.Required {
		flags = append(flags, w.r("FieldRequired"))
	}
	if fd.Type.Pointer {
		flags = append(flags, w.r("FieldPointer"))
	}
	if gotypes.NullOK(fd.Type) {
		flags = append(flags, w.r("FieldNullOK"))
	}
	if gotypes.OmitNil(fd) {
		flags = append(flags, w.r("FieldOmitNil"))
	}
	if gotypes.OmitZero(fd) {
		flags = append(flags, w.r("FieldOmitZero"))
	}
	typ := *fd.Type
	typ.Pointer = false
	// The runtime spells the usual keyword path itself.
	kw := gotypes.FieldKeywordPath(fd)[1:]
	usual := "properties/" + jsonpointer.Escape(fd.Name)
	if fd.Schema.Ref != nil {
		usual += "/$ref"
	}
	if kw == usual {
		kw = ""
	}
	return strings.TrimPrefix(w.lit(w.r("FieldDesc"), "Name", strconv.Quote(fd.Name), "Kw", quoteIf(kw),
		"RequiredKw", quoteIf(fd.RequiredPath), "Flags", strings.Join(flags, " | "), "Type", w.elemDesc(fd.Schema, &typ)), w.r("FieldDesc"))
}

// elemKinds are the runtime's names of the element kinds, by ir.GoKind.
var elemKinds = map[ir.GoKind]string{
	ir.GoRaw: "ElemRaw", ir.GoBool: "ElemBool", ir.GoInt64: "ElemInt64", ir.GoNumber: "ElemNumber", ir.GoString: "ElemString",
	ir.GoRef: "ElemRef", ir.GoSlice: "ElemSlice", ir.GoMap: "ElemMap", ir.GoAny: "ElemAny", ir.GoNull: "ElemNull",
}

// elemDesc renders the Go representation t of the schema s: the kind, the schema's node (0 when
// there is no schema: nothing is checked), and the element's own description for slices and maps,
// whose schema is items or additionalProperties.
func (w *walker) elemDesc(s *ir.Schema, t *ir.GoType) string {
	kind := ""
	custom := t.Custom != nil && !t.Custom.Runtime
	switch {
	case custom:
		kind = w.r("ElemCustom")
	case t.Kind != ir.GoRaw:
		kind = w.r(elemKinds[t.Kind])
	}
	fields := []string{"Kind", kind, "Nullable", strconv.FormatBool(t.Nullable), "Ref", strconv.FormatBool(s != nil && s.Ref != nil)}
	if t.Nullable && s != nil {
		if _, _, other := s.NullableBranch(); other != nil {
			fields = append(fields, "Whole", "true")
		}
	}
	if t.Kind == ir.GoRef && !custom {
		fields = append(fields, "Type", strconv.Itoa(w.index[t.Named]))
	}
	fields = append(fields, "Node", w.node(s))
	if custom {
		return w.lit(w.r("ElemDesc"), fields...)
	}
	switch t.Kind {
	case ir.GoSlice, ir.GoMap:
		var sub *ir.Schema
		if s != nil {
			sub = s.Items
			if t.Kind == ir.GoMap {
				sub = s.AdditionalProperties
			}
		}
		fields = append(fields, "Elem", "&"+w.elemDesc(sub, t.Elem))
	}
	return w.lit(w.r("ElemDesc"), fields...)
}

// unionDesc renders a sum type: how a value selects its variant, and when the Go value a variant
// holds encodes as JSON that selects it (which lets Validate blame the variant alone).
func (w *walker) unionDesc(u *ir.Union) string {
	rule := map[ir.UnionRule]string{ir.UnionDiscriminator: "UnionByTag", ir.UnionRequired: "UnionByMembers", ir.UnionJSONType: "UnionByJSONType"}[u.Rule]
	tag := ""
	if u.Rule == ir.UnionDiscriminator {
		tag = strconv.Quote(u.Discriminator.Name)
	}
	variants := make([]string, len(u.Variants))
	for i, v := range u.Variants {
		selects, field := w.selects(u, v)
		fields := []string{"Type", w.elemDesc(v.Schema, v.Type)}
		switch u.Rule {
		case ir.UnionDiscriminator:
			fields = append(fields, "Values", stringList(v.Values))
		case ir.UnionRequired:
			fields = append(fields, "Members", stringList(v.Members))
		case ir.UnionJSONType:
			fields = append(fields, "First", strconv.Quote(gotypes.FirstBytes(v.JSONTypes)))
		}
		fields = append(fields, "Selects", selects, "TagField", strconv.Itoa(field))
		variants[i] = strings.TrimPrefix(w.lit(w.r("VariantDesc"), fields...), w.r("VariantDesc"))
	}
	return w.lit(w.r("UnionDesc"), "Rule", w.r(rule), "Keyword", strconv.Quote(u.Keyword), "Tag", tag,
		"Variants", "[]"+w.r("VariantDesc")+"{"+strings.Join(variants, ", ")+"}")
}

// selects says when the Go value held by variant v encodes as JSON that selects v: always (a JSON
// type variant, or one whose distinguishing members are all required fields), when the string field
// of the discriminator holds one of its values, or never (the whole union is then checked).
func (w *walker) selects(u *ir.Union, v *ir.Variant) (string, int) {
	var fields []*ir.Field
	if v.Type.Kind == ir.GoRef && v.Type.Named.Kind == ir.StructType {
		fields = v.Type.Named.Fields
	}
	never, always := "", w.r("SelectsAlways")
	switch u.Rule {
	case ir.UnionDiscriminator:
		for i, fd := range fields {
			if fd.Name != u.Discriminator.Name || fd.Type.Pointer || fd.Type.Nullable {
				continue
			}
			if fd.Type.Kind == ir.GoString || fd.Type.Kind == ir.GoRef && fd.Type.Named.Kind == ir.EnumType {
				return w.r("SelectsByField"), i
			}
			break
		}
		return never, 0
	case ir.UnionRequired:
		for _, m := range v.Members {
			found := false
			for _, fd := range fields {
				found = found || fd.Name == m && fd.Required
			}
			if !found {
				return never, 0
			}
		}
		return always, 0
	}
	return always, 0
}

// stringList is a Go []string literal of list.
func stringList(list []string) string {
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = strconv.Quote(s)
	}
	return "[]string{" + strings.Join(quoted, ", ") + "}"
}
