package golden

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestNullableObject checks members whose type is ["object", "null"] with declared members: a
// Nullable of a struct that round-trips null, objects (unknown members and numbers kept), and
// keeps the object's rules in validation.
func TestNullableObject(t *testing.T) {
	v, err := Parse([]byte(`{"proxy": null}`))
	if err != nil {
		t.Fatal(err)
	}
	if !v.Proxy.Null {
		t.Fatalf("proxy = %+v, want null", v.Proxy)
	}
	if out, _ := json.Marshal(v); string(out) != `{"proxy":null}` {
		t.Fatalf("encoded %s", out)
	}

	in := `{"proxy":{"host":"h","port":8080,"x":1.50},"auth":{"user":"u","token":"t"}}`
	v, err = Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if v.Proxy.Null || v.Proxy.Value.Host != "h" || *v.Proxy.Value.Port != 8080 || string(v.Proxy.Value.Extra["x"]) != "1.50" {
		t.Fatalf("proxy = %+v", v.Proxy)
	}
	if v.Auth == nil || v.Auth.Null || *v.Auth.Value.User != "u" {
		t.Fatalf("auth = %+v", v.Auth)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Fatalf("round trip:\n got %s\nwant %s", out, in)
	}

	var ve *ValidationError
	for _, bad := range []string{
		`{}`,                                     // proxy required (null is a value, absent is not)
		`{"proxy": {}}`,                          // host required
		`{"proxy": {"host": "h", "port": 0}}`,    // minimum
		`{"proxy": 1}`,                           // neither object nor null
		`{"proxy": null, "auth": {"user": "u"}}`, // dependentRequired
		`{"proxy": null, "auth": {"other": 1}}`,  // additionalProperties false
	} {
		if _, err := Parse([]byte(bad)); !errors.As(err, &ve) {
			t.Errorf("Parse(%s) = %v, want a violation", bad, err)
		}
	}

	// Go values built by hand are validated by the same rules.
	user := "u"
	built := Settings{Proxy: Nullable[SettingsProxy]{Value: SettingsProxy{Host: "h"}},
		Auth: &Nullable[SettingsAuth]{Value: SettingsAuth{User: &user}}}
	if err := built.Validate(); !errors.As(err, &ve) {
		t.Fatalf("Validate without the token = %v, want a violation", err)
	}
	built.Auth = &Nullable[SettingsAuth]{Null: true}
	if err := built.Validate(); err != nil {
		t.Fatalf("Validate with auth null: %v", err)
	}
}
