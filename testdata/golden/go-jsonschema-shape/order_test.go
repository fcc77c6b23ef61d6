package golden

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// TestValueMembersKeepAbsence: members goJSONSchema.pointer false holds by value are absent when
// zero, because the schema rules their zero out; present values, zero numbers included, survive a
// decode and re-encode byte for byte.
func TestValueMembersKeepAbsence(t *testing.T) {
	for _, in := range []string{
		`{"id":"x"}`,
		`{"id":"x","note":"n","total":0,"quantity":5,"state":"open","customer":{"email":"a@b"},"gift":false,"lines":[],"coupon code":"c"}`,
	} {
		o, err := Parse([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, []byte(in)) {
			t.Errorf("re-encoded\n%s\nwant\n%s", out, in)
		}
	}
	// The zero of each value member is not a valid value, so a document that spells it fails.
	for _, in := range []string{`{"id":"x","note":""}`, `{"id":"x","quantity":0}`, `{"id":"x","customer":{"email":""}}`} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("%s: Parse accepted a zero value the schema excludes", in)
		}
	}
	if err := (&Order{ID: "x"}).Validate(); err != nil {
		t.Errorf("an Order with its value members at zero (absent): %v", err)
	}
}

// TestExtraTags: goJSONSchema.extraTags reach the struct tags as written, quotes included.
func TestExtraTags(t *testing.T) {
	typ := reflect.TypeOf(Order{})
	id, _ := typ.FieldByName("ID")
	coupon, _ := typ.FieldByName("Coupon")
	for _, c := range []struct{ got, want string }{
		{id.Tag.Get("db"), "order_id"}, {id.Tag.Get("validate"), "required,uuid"},
		{coupon.Tag.Get("db"), `coupon "code"`}, {coupon.Tag.Get("xml"), "coupon,attr"}, {coupon.Tag.Get("json"), "coupon code,omitempty"},
	} {
		if c.got != c.want {
			t.Errorf("tag %q, want %q", c.got, c.want)
		}
	}
}

// TestValueMembersValidateWithoutAllocating: telling a zero value member from a present one costs
// no allocation, so a valid value still validates without allocating.
func TestValueMembersValidateWithoutAllocating(t *testing.T) {
	o := &Order{ID: "x", Note: "n", Quantity: 3, State: "open", Customer: Customer{Email: "a@b"}}
	if n := testing.AllocsPerRun(100, func() {
		if err := o.Validate(); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("Validate allocated %v times", n)
	}
}
