package ts

import (
	"reflect"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/keywords"
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

// set makes v, a zero field of the node, non-zero.
func set(t *testing.T, name string, v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int8, reflect.Int32:
		v.SetInt(1)
	case reflect.Uint8:
		v.SetUint(1)
	case reflect.String:
		v.SetString("1")
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
	case reflect.Struct:
		if v.Type() != reflect.TypeFor[cgruntime.Count]() {
			t.Fatalf("node field %s has a type this test cannot set: %s", name, v.Type())
		}
		v.Set(reflect.ValueOf(cgruntime.Count{Set: true, N: 1}))
	default:
		t.Fatalf("node field %s has a type this test cannot set: %s", name, v.Type())
	}
}

// TestEveryNodeFieldIsHandled sets each field of the runtime's validation node alone and requires
// the TypeScript table to print it or refuse the node, so that a field the Go runtime checks can
// never be skipped here (which would make TypeScript validation looser than Go's).
func TestEveryNodeFieldIsHandled(t *testing.T) {
	typ := reflect.TypeFor[cgruntime.Node]()
	empty := fields(&cgruntime.Node{}, &ir.Schema{})
	seen := map[string]bool{}
	for i := range typ.NumField() {
		f := typ.Field(i)
		if !f.IsExported() {
			continue
		}
		seen[f.Name] = true
		var n cgruntime.Node
		set(t, f.Name, reflect.ValueOf(&n).Elem().Field(i))
		printed := fields(&n, &ir.Schema{}) != empty
		refused := refusal(&n, "") != nil
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
