package golden

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestRefExtension checks the most common way to build one schema from another: a $ref'd base
// plus an inline extension (allOf), and $ref beside properties (2020-12). The base keeps its own
// struct; the extensions get the base's members as fields of their own.
func TestRefExtension(t *testing.T) {
	c, err := Parse([]byte(`{"id": "c1", "created": "2024-01-02T03:04:05Z", "email": "a@b.c", "tier": "pro"}`))
	if err != nil {
		t.Fatal(err)
	}
	if c.ID != "c1" || c.Email != "a@b.c" || c.Created == nil || c.Tier == nil || *c.Tier != CustomerTierPro {
		t.Fatalf("decoded %+v", c)
	}
	// A tier this code does not know decodes tolerantly and is kept; Parse refuses it.
	var u Customer
	if err := json.Unmarshal([]byte(`{"id": "c1", "email": "a@b.c", "tier": "gold"}`), &u); err != nil || *u.Tier != "gold" || u.Tier.IsKnown() {
		t.Fatalf("tolerant decode: %v, %+v", err, u)
	}
	if _, err := Parse([]byte(`{"id": "c1", "email": "a@b.c", "tier": "gold"}`)); err == nil {
		t.Fatal("Parse accepted an unknown tier")
	}
	// unevaluatedProperties: false sees the members both parts evaluate, and nothing else.
	_, err = Parse([]byte(`{"id": "c1", "email": "a@b.c", "extra": 1}`))
	var ve *ValidationError
	if !errors.As(err, &ve) || !strings.Contains(err.Error(), "unevaluatedProperties") {
		t.Fatalf("an unevaluated member: Parse = %v", err)
	}
	for _, bad := range []string{`{"email": "a@b.c"}`, `{"id": "", "email": "a@b.c"}`, `{"id": "c1"}`} {
		if _, err := Parse([]byte(bad)); !errors.As(err, &ve) {
			t.Errorf("%s: Parse = %v, want a violation", bad, err)
		}
	}
	var e Entity = Entity{ID: "e1"}
	if err := e.Validate(); err != nil {
		t.Fatal(err)
	}
	a := NewAdmin()
	if a.Role != AdminRoleAdmin {
		t.Fatalf("NewAdmin().Role = %q", a.Role)
	}
	a.ID = "root"
	out, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != `{"role":"admin","id":"root"}` {
		t.Fatalf("encoded %s", out)
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	a.Role = "user"
	if err := a.Validate(); err == nil {
		t.Fatal("role must be admin")
	}
}
