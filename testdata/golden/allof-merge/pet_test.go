package golden

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestMergedPet checks the struct merged from three allOf parts: members and required from every
// part, age typed int64 because one part bounds it, and each part's rules kept by Parse and Validate.
func TestMergedPet(t *testing.T) {
	p, err := Parse([]byte(`{"name": "Rex", "age": 3.0, "nickname": null, "tags": ["good"], "chip": "x1"}`))
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "Rex" || p.Age != 3 || p.Nickname == nil || !p.Nickname.Null || len(p.Tags) != 1 {
		t.Fatalf("decoded %+v", p)
	}
	if string(p.Extra["chip"]) != `"x1"` {
		t.Fatalf("the undeclared member is lost: %v", p.Extra)
	}
	out, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"name":"Rex","age":3,"nickname":null,"tags":["good"],"chip":"x1"}`; string(out) != want {
		t.Fatalf("re-encoded %s, want %s", out, want)
	}
	for _, bad := range []struct{ doc, keyword string }{
		{`{"age": 3}`, "/allOf/0/required"},                                                             // name is required by the first part
		{`{"name": "Rex"}`, "/allOf/1/required"},                                                        // age by the second
		{`{"name": "Rex", "age": 201}`, "/allOf/1/properties/age/maximum"},                              // the second part bounds age
		{`{"name": "` + strings.Repeat("x", 41) + `", "age": 1}`, "/allOf/2/properties/name/maxLength"}, // the third bounds name
		{`{"name": "Rex", "age": "old"}`, "/allOf/1/properties/age/type"},
	} {
		_, err := Parse([]byte(bad.doc))
		var ve *ValidationError
		if !errors.As(err, &ve) {
			t.Fatalf("%s: Parse = %v, want a *ValidationError", bad.doc, err)
		}
		if !strings.Contains(err.Error(), bad.keyword) {
			t.Errorf("%s: %v does not name %s", bad.doc, err, bad.keyword)
		}
	}
	v := Pet{Name: "Rex", Age: -1}
	if err := v.Validate(); err == nil || !strings.Contains(err.Error(), "minimum") {
		t.Fatalf("Validate of age -1 = %v, want the second part's minimum", err)
	}
	v.Age = 2
	if err := v.Validate(); err != nil {
		t.Fatal(err)
	}
}
