package golden

import (
	"bytes"
	"testing"
)

// TestNullableOneOf: oneOf/anyOf of one schema and {"type": "null"} decodes into a Nullable of
// that schema's type, round-trips null and values, and the schema's rules still hold.
func TestNullableOneOf(t *testing.T) {
	in := []byte(`{"next":null,"prev":"abc","owner":{"name":"ann"},"count":3}`)
	p, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Next.Null || p.Prev == nil || p.Prev.Null || p.Prev.Value != "abc" || p.Owner == nil || p.Owner.Value.Name != "ann" ||
		p.Count == nil || p.Count.Value != "3" {
		t.Fatalf("decoded %+v", p)
	}
	out, err := p.MarshalJSON()
	if err != nil || !bytes.Equal(out, in) {
		t.Fatalf("re-encoded %s, %v; want %s", out, err, in)
	}
	if _, err := Parse([]byte(`{"next":""}`)); err == nil {
		t.Fatal("an empty cursor breaks minLength, yet Parse accepted it")
	}
	if _, err := Parse([]byte(`{"next":"c","count":-1}`)); err == nil {
		t.Fatal("a negative count breaks minimum, yet Parse accepted it")
	}
}
