package golden

import (
	"encoding/json"
	"errors"
	"math/big"
	"net/netip"
	"testing"
	"time"

	"github.com/contractgen/contractgen/cgruntime"
)

// TestCustomTypesRoundTrip checks that each custom-typed member decodes into its Go type and
// encodes back to the same bytes.
func TestCustomTypesRoundTrip(t *testing.T) {
	in := `{"at":"2026-12-03T10:00:00Z","from":"10.0.0.1","to":"::1","count":7,"ratio":"1.5","port":8080,"timeout":30.5,"hops":["10.0.0.2","10.0.0.3"],"label":12345678901234567890}`
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if !v.At.Equal(time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)) || v.From != netip.MustParseAddr("10.0.0.1") ||
		*v.Count != 7 || *v.Port != 8080 || *v.Timeout != "30.5" || len(v.Hops) != 2 || v.Label.Cmp(big.NewInt(0)) <= 0 {
		t.Fatalf("decoded %+v", v)
	}
	if f, _ := v.Ratio.Float64(); f != 1.5 {
		t.Errorf("ratio %v", v.Ratio)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("re-encoded\n got %s\nwant %s", out, in)
	}
}

// TestCustomTypesKeepVerdicts checks that a custom-typed member's schema still applies, and that
// Parse reports exactly what validating the untyped document against the same table reports.
func TestCustomTypesKeepVerdicts(t *testing.T) {
	bad := `{"at":"2026-12-03T10:00:00.123456789+01:00","from":"192.168.0.1","count":1,"port":0,"timeout":0.25,"hops":[]}`
	_, err := Parse([]byte(bad))
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Parse: %v", err)
	}
	want, err := cgruntime.ValidateJSON(cgPackage.Table(), cgPackage.Types[0].Node, []byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 5 {
		t.Fatalf("the untyped document has %d violations, want 5 (at, from, count, port, timeout): %v", len(want), want)
	}
	if len(ve.Violations) != len(want) {
		t.Fatalf("typed %v\nuntyped %v", ve.Violations, want)
	}
	for i := range want {
		if ve.Violations[i].InstanceLocation != want[i].InstanceLocation || ve.Violations[i].KeywordLocation != want[i].KeywordLocation {
			t.Errorf("violation %d: typed %+v, untyped %+v", i, ve.Violations[i], want[i])
		}
	}
	// Validate of a Go value checks the JSON it encodes to.
	n := int32(2)
	v := Event{At: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), From: netip.MustParseAddr("10.1.1.1"), Count: &n}
	if err := v.Validate(); !errors.As(err, &ve) || len(ve.Violations) != 1 || ve.Violations[0].KeywordLocation != "/properties/count/minimum" {
		t.Errorf("Validate: %v", err)
	}
}

// TestCustomTypeRefusesWhatItCannotHold checks that a value the Go type cannot hold is reported at
// the member (Parse: one violation, which stands for the member's schema too) or as an error
// (UnmarshalJSON), not silently dropped.
func TestCustomTypeRefusesWhatItCannotHold(t *testing.T) {
	_, err := Parse([]byte(`{"at":"2026-12-03T10:00:00Z","from":"not an address"}`))
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Violations) != 1 || ve.Violations[0].InstanceLocation != "/from" {
		t.Fatalf("Parse: %v", err)
	}
	var e Event
	if err := json.Unmarshal([]byte(`{"at":"yesterday","from":"10.0.0.1"}`), &e); err == nil {
		t.Error("UnmarshalJSON kept a date-time time.Time cannot hold")
	}
}
