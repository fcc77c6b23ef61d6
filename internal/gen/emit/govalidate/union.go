package govalidate

import (
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// unionBody validates a sum type (ir.UnionType). When the builder proved that a value valid
// against one variant satisfies the union (an anyOf, or a oneOf whose variants exclude one
// another), the held variant is checked alone, quietly, and a valid one is the verdict without
// allocating. Otherwise, and whenever that check fails, the value is encoded and checked against
// the whole union by the interpreter, so that verdicts and messages are those of the untyped union.
func (w *walker) unionBody(n *ir.Named) []string {
	var body []string
	if n.Union.Keyword == "anyOf" || n.Union.Exclusive {
		body = gosrc.Block("if v.cgHolds(c.Nodes)", []string{"return"})
	}
	body = append(body, "raw, err := v."+w.m("CgEncode")+"(nil)")
	body = append(body, gosrc.Block("if err != nil", []string{"c." + w.m("Fail") + `(at, kw, "", err.Error())`, "return"})...)
	return append(body, w.r("CheckRaw")+"(c, "+w.node(n.Schema)+", raw, at, kw)")
}

// emitHolds writes cgHolds, the quiet check of the held variant against its branch that unionBody
// relies on.
func (w *walker) emitHolds(n *ir.Named) {
	u := n.Union
	if u.Keyword != "anyOf" && !u.Exclusive {
		return
	}
	f := w.f
	f.Line("")
	f.Comment("cgHolds reports whether v holds a variant that is valid against its branch, which proves",
		"the "+u.Keyword+" valid (see Validate).")
	f.Openf("func (v %s) cgHolds(nodes []%s) bool", n.Name, w.r("Node"))
	set := make([]string, 0, len(u.Variants)+1)
	for _, v := range u.Variants {
		set = append(set, "v."+v.GoName+" != nil")
	}
	// A value that holds several variants does not encode; Validate reports that.
	f.Open("if " + w.r("UnionCount") + "(" + strings.Join(append(set, "v."+u.Unknown+" != nil"), ", ") + ") != 1")
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
}
