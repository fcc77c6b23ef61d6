package golden

import (
	"reflect"
	"testing"
)

// TestScalarUnionAccessors: a union of scalar types has accessors for the JSON types it admits
// and no others (no AsInt64 on boolean-or-string).
func TestScalarUnionAccessors(t *testing.T) {
	has := func(v any, name string) bool { _, ok := reflect.TypeOf(v).MethodByName(name); return ok }
	for name, want := range map[string]bool{"AsBool": true, "AsString": true, "AsInt64": false, "AsNumber": false, "JSONType": true} {
		if got := has(SettingFlag(nil), name); got != want {
			t.Errorf("SettingFlag has %s: %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{"AsBool": false, "AsString": true, "AsInt64": true, "AsNumber": true} {
		if got := has(SettingSize(nil), name); got != want {
			t.Errorf("SettingSize has %s: %v, want %v", name, got, want)
		}
	}
	s, err := Parse([]byte(`{"flag":true,"size":"10k"}`))
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := s.Flag.AsBool(); !ok || !b {
		t.Errorf("flag: %v %v", b, ok)
	}
	if v, ok := s.Size.AsString(); !ok || v != "10k" {
		t.Errorf("size: %q %v", v, ok)
	}
}

// TestValidValueValidatesWithoutAllocating: a valid value validates without allocating, its
// raw unions (checked by the interpreter on the value's own bytes) and its map of checked values
// (copied entry by entry into pooled scratch values) included.
func TestValidValueValidatesWithoutAllocating(t *testing.T) {
	// The union holds a string, then a number (a raw union's number is read from its JSON).
	for _, doc := range []string{`{"flag":"auto","size":"10k","limits":{"cpu":2,"memory":512}}`, `{"flag":true,"size":8080}`} {
		s, err := Parse([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		s.Validate() // plans and pools are built on first use
		if n := testing.AllocsPerRun(100, func() {
			if err := s.Validate(); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("Validate of %s allocated %v times", doc, n)
		}
	}
}
