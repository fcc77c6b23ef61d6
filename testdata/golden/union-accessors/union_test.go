package golden

import (
	"encoding/json"
	"testing"
)

func TestUnion(t *testing.T) {
	var x U
	if err := json.Unmarshal([]byte(`{"id": 7.0}`), &x); err != nil {
		t.Fatal(err)
	}
	if n, ok := x.ID.AsInt64(); !ok || n != 7 || x.ID.JSONType() != "number" {
		t.Fatalf("AsInt64 = %d, %v", n, ok)
	}
	if _, ok := x.ID.AsString(); ok {
		t.Fatal("a number read as a string")
	}
	var id ID
	if err := id.Set("abc"); err != nil {
		t.Fatal(err)
	}
	if s, ok := id.AsString(); !ok || s != "abc" {
		t.Fatalf("AsString = %q %v", s, ok)
	}
	if err := id.Validate(); err != nil {
		t.Fatal(err)
	}
	if err := id.Set(-1); err != nil {
		t.Fatal(err)
	}
	if err := id.Validate(); err == nil {
		t.Fatal("-1 is neither a non-empty string nor a non-negative integer")
	}
}
