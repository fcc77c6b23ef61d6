package govalidate

import (
	"testing"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/lower/lowertest"
)

// nodeFieldsNotPrintedAlone are the node fields that cgNodes does not print when they alone are
// set, each with the reason the Go runtime reads them the same way.
var nodeFieldsNotPrintedAlone = map[string]string{
	"Const": "printed with HasConst, which says whether it is set (the runtime reads it only then)",
}

// TestEveryNodeFieldIsPrinted sets each field of the runtime's validation node alone and requires
// cgNodes to print it, so that a field lower fills can never be dropped between the generator
// and the generated package (which would make generated validation looser than validate's).
func TestEveryNodeFieldIsPrinted(t *testing.T) {
	seen := lowertest.Names(t)
	for _, rt := range []emit.Runtime{{Import: true}, {Import: false}} {
		w := &walker{f: gosrc.NewFile("p"), rt: rt}
		for _, f := range lowertest.Fields(t) {
			printed := false
			for _, fd := range w.nodeFields(f.Node) {
				printed = printed || fd.name == f.Name
			}
			_, exempt := nodeFieldsNotPrintedAlone[f.Name]
			if !printed && !exempt {
				t.Errorf("node field %s, set alone, is not printed in cgNodes", f.Name)
			}
			if printed && exempt {
				t.Errorf("node field %s is printed now: take it off nodeFieldsNotPrintedAlone", f.Name)
			}
		}
	}
	for name := range nodeFieldsNotPrintedAlone {
		if !seen[name] {
			t.Errorf("nodeFieldsNotPrintedAlone names %s, which the node no longer has", name)
		}
	}
}
