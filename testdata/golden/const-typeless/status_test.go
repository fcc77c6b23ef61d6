package golden

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestTypelessConsts checks const members without "type": typed from their values, set by
// NewStatus, and still checked by Parse and Validate.
func TestTypelessConsts(t *testing.T) {
	s := NewStatus()
	if s.ContractVersion != StatusContractVersionV202406 || !s.OK || s.Code != 200 || s.Ratio != "0.5" {
		t.Fatalf("NewStatus() = %+v", s)
	}
	out, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"contract_version":"2024-06","ok":true,"code":200,"ratio":0.5,"nothing":null}`; string(out) != want {
		t.Fatalf("encoded %s, want %s", out, want)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := back.Validate(); err != nil {
		t.Fatal(err)
	}
	var ve *ValidationError
	for _, bad := range []string{
		`{"contract_version":"2024-07","ok":true,"code":200,"ratio":0.5,"nothing":null}`,
		`{"contract_version":"2024-06","ok":false,"code":200,"ratio":0.5,"nothing":null}`,
		`{"contract_version":"2024-06","ok":true,"code":201,"ratio":0.5,"nothing":null}`,
		`{"contract_version":"2024-06","ok":true,"code":200,"ratio":0.5,"nothing":0}`,
		`{"contract_version":"2024-06","ok":true,"code":200,"ratio":0.5,"nothing":null,"shape":{"kind":"free"}}`,
	} {
		if _, err := Parse([]byte(bad)); !errors.As(err, &ve) {
			t.Errorf("%s: Parse = %v, want a violation", bad, err)
		}
	}
	// An unknown value of the one-value enum decodes tolerantly and is kept.
	var x Status
	if err := json.Unmarshal([]byte(`{"contract_version":"2025-01"}`), &x); err != nil || x.ContractVersion.IsKnown() {
		t.Fatalf("tolerant decode: %v, %q", err, x.ContractVersion)
	}
	s.Code = 201
	if err := s.Validate(); err == nil {
		t.Fatal("code must be 200")
	}
}
