package govalidate

import (
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// unionBody validates a sum type (ir.UnionType), whose variants the builder proved exclusive: what
// selects one variant fails every other. The held variant is checked alone, quietly, and a valid
// one is the verdict without allocating. An invalid one whose JSON selects it (the discriminator's
// value is the variant's, its members or JSON type are there) fails the whole union, reported as
// the interpreter reports it, without checking its value again: a union nested in a union's variant
// is then checked once, not once per level. Only a value built by hand that selects another variant
// than the one holding it, or that holds nothing or several, is encoded and checked against the
// whole union by the interpreter.
func (w *walker) unionBody(n *ir.Named) []string {
	u := n.Union
	body := gosrc.Block("if v.cgHolds(c.Nodes)", []string{"return"})
	body = append(body, gosrc.Block("if v.cgSelects()", []string{
		"c." + w.m("Fail") + "(at, kw, " + strconv.Quote(u.Keyword) + ", " + strconv.Quote("matches none of the "+u.Keyword+" schemas") + ")",
		"return",
	})...)
	body = append(body, "raw, err := v."+w.m("CgEncode")+"(nil)")
	body = append(body, gosrc.Block("if err != nil", []string{"c." + w.m("Fail") + `(at, kw, "", err.Error())`, "return"})...)
	// The interpreter keeps the paths it is given; fresh copies keep the caller's steps on its stack.
	return append(body, w.r("CheckRaw")+"(c, "+w.node(n.Schema)+", raw, "+w.r("UnionPath")+"(at), "+w.r("UnionPath")+"(kw))")
}

// emitUnionChecks writes cgHolds and cgSelects, which unionBody relies on.
func (w *walker) emitUnionChecks(n *ir.Named) {
	u := n.Union
	f := w.f
	set := make([]string, 0, len(u.Variants)+1)
	for _, v := range u.Variants {
		set = append(set, "v."+v.GoName+" != nil")
	}
	one := w.r("UnionCount") + "(" + strings.Join(append(set, "v."+u.Unknown+" != nil"), ", ") + ") != 1"

	f.Line("")
	f.Comment("cgHolds reports whether v holds one variant, valid against its branch, which proves the",
		u.Keyword+" valid (see Validate).")
	f.Openf("func (v %s) cgHolds(nodes []%s) bool", n.Name, w.r("Node"))
	// A value that holds several variants does not encode; Validate reports that.
	f.Open("if " + one)
	f.Line("return false")
	f.Close("")
	f.Line("c := &" + w.r("Collector") + "{Nodes: nodes, Quiet: true}")
	f.Line("switch {")
	for _, v := range u.Variants {
		t := *v.Type
		value := "*v." + v.GoName
		switch t.Kind {
		case ir.GoRef:
			value = "v." + v.GoName // a method call dereferences the pointer itself
		case ir.GoSlice, ir.GoMap:
			value = "x" // indexed by the checks, which *v.X cannot be
		}
		checks := w.check(v.Schema, &t, value, true, "nil", "nil", 1)
		if value == "x" && len(checks) > 0 {
			checks = append([]string{"x := *v." + v.GoName}, checks...)
		}
		f.Linef("case v.%s != nil:", v.GoName)
		f.Lines(gosrc.Indent(checks))
	}
	f.Line("default:")
	f.Line("\treturn false")
	f.Line("}")
	f.Line("return !c.Failed")
	f.Close("")

	f.Line("")
	f.Comment("cgSelects reports whether v holds one variant whose JSON selects that variant, so that no",
		"other variant can match it.")
	f.Openf("func (v %s) cgSelects() bool", n.Name)
	f.Open("if " + one)
	f.Line("return false")
	f.Close("")
	f.Line("switch {")
	for _, v := range u.Variants {
		f.Linef("case v.%s != nil:", v.GoName)
		f.Line("\treturn " + w.selects(u, v))
	}
	f.Line("}")
	f.Line("return false")
	f.Close("")
}

// selects is the condition under which the Go value held by variant v encodes as JSON that selects v.
func (w *walker) selects(u *ir.Union, v *ir.Variant) string {
	fields := func() []*ir.Field {
		if v.Type.Kind == ir.GoRef && v.Type.Named.Kind == ir.StructType {
			return v.Type.Named.Fields
		}
		return nil
	}
	switch u.Rule {
	case ir.UnionDiscriminator:
		for _, fd := range fields() {
			if fd.Name != u.Discriminator.Name || fd.Type.Pointer || fd.Type.Nullable {
				continue
			}
			stringish := fd.Type.Kind == ir.GoString ||
				fd.Type.Kind == ir.GoRef && fd.Type.Named.Kind == ir.EnumType
			if !stringish {
				break
			}
			args := []string{"string(v." + v.GoName + "." + fd.GoName + ")"}
			for _, s := range v.Values {
				args = append(args, strconv.Quote(s))
			}
			return w.r("UnionIn") + "(" + strings.Join(args, ", ") + ")"
		}
		return "false" // the member's Go value cannot be compared: the whole union is checked
	case ir.UnionRequired:
		// Required members are always encoded, so a variant whose distinguishing members are all
		// required fields always selects itself.
		for _, m := range v.Members {
			found := false
			for _, fd := range fields() {
				found = found || fd.Name == m && fd.Required
			}
			if !found {
				return "false"
			}
		}
		return "true"
	}
	return "true" // a JSON type variant's Go type encodes as that JSON type
}
