package golden

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestNullMember checks a {"type": "null"} member: typed Null, which round-trips null and refuses
// anything else.
func TestNullMember(t *testing.T) {
	v, err := Parse([]byte(`{"label": null, "none": null}`))
	if err != nil {
		t.Fatal(err)
	}
	if v.None == nil {
		t.Fatal("the null member was dropped")
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != `{"label":null,"none":null}` {
		t.Fatalf("encoded %s", out)
	}
	var ve *ValidationError
	if _, err := Parse([]byte(`{"label": null, "none": 0}`)); !errors.As(err, &ve) {
		t.Fatalf("Parse of none: 0 = %v, want a violation", err)
	}
	var n Null
	if err := json.Unmarshal([]byte("null"), &n); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(`"x"`), &n); err == nil {
		t.Fatal(`Null accepted "x"`)
	}
	if b, _ := json.Marshal(Null{}); string(b) != "null" {
		t.Fatalf("Null encodes as %s", b)
	}
}
