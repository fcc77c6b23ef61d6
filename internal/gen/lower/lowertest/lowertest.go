// Package lowertest is test support for the consumers of lower's table (the Go target's printer,
// tablegen, the TypeScript and Rust targets): it gives them the runtime's validation node one
// field at a time, so that each consumer's test can require that it prints or refuses every field
// the Go runtime checks, and fails when the node gains a field nobody handles.
package lowertest

import (
	"reflect"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
)

// Field is one exported field of cgruntime.Node and a node in which that field alone is set.
type Field struct {
	Name string
	Node cgruntime.Node
}

// Fields returns every exported field of cgruntime.Node, in declaration order, each set alone to
// a non-zero value. It fails the test on a field of a type it cannot set.
func Fields(t testing.TB) []Field {
	t.Helper()
	typ := reflect.TypeFor[cgruntime.Node]()
	var out []Field
	for i := range typ.NumField() {
		f := typ.Field(i)
		if !f.IsExported() {
			continue
		}
		var n cgruntime.Node
		set(t, f.Name, reflect.ValueOf(&n).Elem().Field(i))
		out = append(out, Field{f.Name, n})
	}
	if len(out) == 0 {
		t.Fatal("cgruntime.Node has no exported field")
	}
	return out
}

// Names returns the names of Fields, as a set.
func Names(t testing.TB) map[string]bool {
	t.Helper()
	m := map[string]bool{}
	for _, f := range Fields(t) {
		m[f.Name] = true
	}
	return m
}

// set makes v, a zero field of the node, non-zero.
func set(t testing.TB, name string, v reflect.Value) {
	t.Helper()
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
			t.Fatalf("node field %s has a type lowertest cannot set: %s", name, v.Type())
		}
		v.Set(reflect.ValueOf(cgruntime.Count{Set: true, N: 1}))
	default:
		t.Fatalf("node field %s has a type lowertest cannot set: %s", name, v.Type())
	}
}
