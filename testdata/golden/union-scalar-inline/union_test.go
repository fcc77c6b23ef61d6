package golden

import (
	"encoding/json"
	"testing"
)

// Inline unions of scalars (a oneOf, a "type" list, items of an anyOf) get named types with
// typed accessors, as $defs unions have.

func TestInlineScalarUnions(t *testing.T) {
	var l Limits
	if err := json.Unmarshal([]byte(`{"id":"abc","timeout":30,"tags":["a",true]}`), &l); err != nil {
		t.Fatal(err)
	}
	if s, ok := l.ID.AsString(); !ok || s != "abc" {
		t.Errorf("id %s", l.ID)
	}
	if n, ok := l.Timeout.AsInt64(); !ok || n != 30 {
		t.Errorf("timeout %s", l.Timeout)
	}
	if b, ok := l.Tags[1].AsBool(); !ok || !b {
		t.Errorf("tags %v", l.Tags)
	}
	if _, err := Parse([]byte(`{"id":7,"timeout":"30s","tags":["a",false]}`)); err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{`{"id":""}`, `{"id":-1}`, `{"id":1,"timeout":"30"}`, `{"id":1,"tags":[1]}`} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("Parse accepted %s", in)
		}
	}
	var id LimitsID
	if err := id.Set(5); err != nil || id.Validate() != nil {
		t.Fatalf("Set(5): %v, %v", err, id.Validate())
	}
	var timeout LimitsTimeout
	if err := timeout.Set(nil); err != nil || timeout.Validate() != nil || timeout.JSONType() != "null" {
		t.Fatalf("a null timeout: %v, %v", err, timeout.Validate())
	}
}
