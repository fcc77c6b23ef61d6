package golden

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestConditionsKeepTheStruct checks an object whose rules are conditions beside its properties
// (if/then/else in allOf, dependentRequired, dependentSchemas, not, maxProperties): the struct has
// every member as a field, and Parse and Validate keep every rule.
func TestConditionsKeepTheStruct(t *testing.T) {
	r, err := Parse([]byte(`{"contract_version": 1, "ok": true, "data": {"n": 1}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK || r.ContractVersion != 1 || r.Data["n"] != json.Number("1") {
		t.Fatalf("decoded %+v", r)
	}
	f, err := Parse([]byte(`{"contract_version": 1, "ok": false, "error": "boom", "detail": "at line 3", "retry_after_ms": 100}`))
	if err != nil {
		t.Fatal(err)
	}
	if f.Error_ == nil || *f.Error_ != "boom" || string(f.Detail) != `"at line 3"` || *f.RetryAfterMS != 100 {
		t.Fatalf("decoded %+v", f)
	}
	// status is declared by then and else alone, both as a bounded integer: typed *int64.
	s, err := Parse([]byte(`{"contract_version": 1, "ok": false, "error": "gone", "status": 404}`))
	if err != nil || s.Status == nil || *s.Status != 404 {
		t.Fatalf("status: %v, %+v", err, s)
	}
	var ve *ValidationError
	for _, bad := range []string{
		`{"contract_version": 1, "ok": true, "data": {}, "status": 404}`,    // then bounds status to 2xx
		`{"contract_version": 1, "ok": false, "error": "x", "status": 200}`, // else to 4xx and 5xx
		`{"contract_version": 1, "ok": false, "error": "x", "status": "404"}`,
		`{"contract_version": 1, "ok": true}`,                                  // then: data is required
		`{"contract_version": 1, "ok": false}`,                                 // else: error is required
		`{"contract_version": 1, "ok": true, "data": {}, "error": "x"}`,        // not both
		`{"contract_version": 1, "ok": false, "error": "x", "detail": 3}`,      // dependentSchemas types detail
		`{"contract_version": 2, "ok": true, "data": {}}`,                      // the const
		`{"contract_version": 1, "ok": true, "data": {}, "retry_after_ms": 5}`, // dependentRequired
	} {
		if _, err := Parse([]byte(bad)); !errors.As(err, &ve) {
			t.Errorf("%s: Parse = %v, want a violation", bad, err)
		}
	}
	v := NewToolResult()
	if v.ContractVersion != 1 {
		t.Fatalf("NewToolResult().ContractVersion = %d", v.ContractVersion)
	}
	v.OK = true
	if err := v.Validate(); err == nil {
		t.Fatal("a success without data validated")
	}
	v.Data = map[string]any{}
	if err := v.Validate(); err != nil {
		t.Fatal(err)
	}
}
