package ts

import (
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/keywords"
	"github.com/contractgen/contractgen/internal/gen/lower/lowertest"
)

// nodeFieldsHandledElsewhere are the fields of the runtime's validation node that setting alone
// neither prints nor refuses, each with where it is handled.
var nodeFieldsHandledElsewhere = map[string]string{
	"Const":                 "printed when HasConst says it is set (a constant may be any JSON text)",
	"Pattern":               "printed from the schema as written (the node holds its RE2 translation)",
	"DynamicKeyword":        "names the keyword of DynamicRef, which is refused",
	"DynamicName":           "read only with DynamicRef, which is refused",
	"Recursive":             "read only with DynamicRef, which is refused",
	"Scope":                 "the scope of dynamic references, which are refused",
	"DynamicAnchors":        "the scope of dynamic references, which are refused",
	"RecursiveAnchor":       "the scope of dynamic references, which are refused",
	"ContainsNotEvaluating": "read only with Contains, which is refused",
}

// TestEveryNodeFieldIsHandled sets each field of the runtime's validation node alone and requires
// the TypeScript table to print it or refuse the node, so that a field the Go runtime checks can
// never be skipped here (which would make TypeScript validation looser than Go's).
func TestEveryNodeFieldIsHandled(t *testing.T) {
	empty := fields(&cgruntime.Node{}, &ir.Schema{})
	seen := lowertest.Names(t)
	for _, f := range lowertest.Fields(t) {
		printed := fields(&f.Node, &ir.Schema{}) != empty
		refused := refusal(&f.Node, "") != nil
		_, elsewhere := nodeFieldsHandledElsewhere[f.Name]
		if !printed && !refused && !elsewhere {
			t.Errorf("node field %s is neither printed nor refused by the TypeScript table", f.Name)
		}
		if (printed || refused) && elsewhere {
			t.Errorf("node field %s is handled now: take it off nodeFieldsHandledElsewhere", f.Name)
		}
	}
	for name := range nodeFieldsHandledElsewhere {
		if !seen[name] {
			t.Errorf("nodeFieldsHandledElsewhere names %s, which the node no longer has", name)
		}
	}
}

// TestRefusalsFollowTheTable: every keyword the table says the TypeScript target refuses is one
// a node field can hold (so the refusal is enforced), and a keyword the table supports is never
// refused.
func TestRefusalsFollowTheTable(t *testing.T) {
	n := cgruntime.Node{DynamicKeyword: "$dynamicRef"}
	checked := map[string]bool{"$recursiveRef": true} // DynamicKeyword's other value
	for _, c := range refusable(&n) {
		checked[c.kw] = true
	}
	for _, k := range keywords.Table() {
		if k.TS == keywords.Refused && !checked[k.Name] {
			t.Errorf("the table refuses %s for TypeScript, but no node field maps to it", k.Name)
		}
	}
	for kw := range checked {
		if k, ok := keywords.Lookup(kw); !ok || (k.TS != keywords.Refused && k.TS != keywords.Yes) {
			t.Errorf("%s: the table has no TypeScript decision (%v)", kw, k.TS)
		}
	}
}
