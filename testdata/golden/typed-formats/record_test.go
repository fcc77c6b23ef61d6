package golden

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
)

// TestTypedFormatsRoundTrip checks that every typed format keeps its text byte for byte, including
// the offset and the upper-case UUID a parsed type would rewrite.
func TestTypedFormatsRoundTrip(t *testing.T) {
	in := `{"at":"2026-12-03T10:00:00+00:00","day":"2026-12-03","clock":"10:00:00.5-05:00","ttl":"PT1H","id":"8c3f0e6a-1b2c-4d5e-8f90-a1b2c3d4e5f6",` +
		`"home":"HTTPS://Example.com/%7e","v4":"10.0.0.1","v6":null,"mail":"Joe@Example.com","host":"example.com","seen":["2026-01-01"]}`
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("re-encoded\n got %s\nwant %s", out, in)
	}
	at, err := v.At.Time()
	if err != nil || at.Hour() != 10 {
		t.Errorf("At.Time = %v, %v", at, err)
	}
	if a, err := v.V4.Addr(); err != nil || !a.Is4() {
		t.Errorf("V4.Addr = %v, %v", a, err)
	}
}

// TestTypedFormatsKeepVerdicts checks that the typed members are validated as the strings they
// are: Parse reports what validating the untyped document reports.
func TestTypedFormatsKeepVerdicts(t *testing.T) {
	bad := `{"at":"2026-12-03T10:00:00.123456+00:00","id":"8C3F0E6A-1B2C-4D5E-8F90-A1B2C3D4E5F6","v4":"not an address"}`
	_, err := Parse([]byte(bad))
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Parse: %v", err)
	}
	want, err := cgruntime.ValidateJSON(cgPackage.Table(), cgPackage.Types[0].Node, []byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 2 || len(ve.Violations) != len(want) {
		t.Fatalf("typed %v\nuntyped %v (want maxLength and pattern; format is an annotation)", ve.Violations, want)
	}
	for i := range want {
		if ve.Violations[i] != want[i] {
			t.Errorf("violation %d: typed %+v, untyped %+v", i, ve.Violations[i], want[i])
		}
	}
	// A value the format does not admit still decodes: its type holds any text.
	v, err := Parse([]byte(`{"at":"soon","id":"abc"}`))
	if err != nil || v.At != "soon" {
		t.Fatalf("Parse of an annotation-only format: %v, %v", v, err)
	}
	if _, err := v.At.Time(); err == nil {
		t.Error("At.Time parsed text that is no date-time")
	}
}
