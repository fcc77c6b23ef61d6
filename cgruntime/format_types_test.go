package cgruntime

import (
	"encoding/json"
	"errors"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// TestFormatTypesRoundTrip checks that every typed format keeps its text byte for byte through
// encoding/json, including the spellings a parsed type would normalize away.
func TestFormatTypesRoundTrip(t *testing.T) {
	type doc struct {
		At   DateTime  `json:"at"`
		Day  Date      `json:"day"`
		Tm   TimeOfDay `json:"tm"`
		Dur  Duration  `json:"dur"`
		ID   UUID      `json:"id"`
		U    URI       `json:"u"`
		IP4  IPv4      `json:"ip4"`
		IP6  IPv6      `json:"ip6"`
		Mail Email     `json:"mail"`
	}
	in := `{"at":"2026-12-03T10:00:00+00:00","day":"2026-12-03","tm":"10:00:00.500-05:00","dur":"P1Y2M","id":"8C3F0E6A-1B2C-4D5E-8F90-A1B2C3D4E5F6",` +
		`"u":"HTTP://Example.com/a%2fb","ip4":"10.0.0.1","ip6":"2001:DB8:0:0:0:0:0:1","mail":"Joe@Example.com"}`
	var v doc
	if err := json.Unmarshal([]byte(in), &v); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("round trip changed the text:\n got %s\nwant %s", out, in)
	}
}

// TestFormatTypesAccessors checks that the accessors parse what the format admits and report
// what it does not.
func TestFormatTypesAccessors(t *testing.T) {
	at, err := DateTime("2026-12-03T10:00:00+01:00").Time()
	if err != nil || !at.Equal(time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)) {
		t.Errorf("DateTime.Time = %v, %v", at, err)
	}
	if lower, err := DateTime("2026-12-03t10:00:00z").Time(); err != nil || lower.Hour() != 10 {
		t.Errorf("lower-case date-time: %v, %v", lower, err)
	}
	if _, err := DateTime("2026-12-03").Time(); err == nil {
		t.Error("a date alone parsed as a date-time")
	}
	if d, err := Date("2026-02-28").Time(); err != nil || d.Day() != 28 {
		t.Errorf("Date.Time = %v, %v", d, err)
	}
	if _, err := Date("2026-02-30").Time(); err == nil {
		t.Error("February 30 parsed")
	}
	if tm, err := TimeOfDay("23:59:58.25Z").Time(); err != nil || tm.Second() != 58 || tm.Nanosecond() != 250000000 {
		t.Errorf("TimeOfDay.Time = %v, %v", tm, err)
	}
	if !Duration("P3DT4H").Valid() || Duration("P").Valid() {
		t.Error("Duration.Valid")
	}
	if b, err := UUID("8c3f0e6a-1b2c-4d5e-8f90-a1b2c3d4e5f6").Bytes(); err != nil || b[0] != 0x8c || b[15] != 0xf6 {
		t.Errorf("UUID.Bytes = %x, %v", b, err)
	}
	if _, err := UUID("8c3f0e6a1b2c4d5e8f90a1b2c3d4e5f6").Bytes(); err == nil {
		t.Error("a UUID without hyphens parsed")
	}
	if u, err := URI("https://example.com/x?q=1").URL(); err != nil || u.Host != "example.com" {
		t.Errorf("URI.URL = %v, %v", u, err)
	}
	if _, err := URI("/relative").URL(); err == nil {
		t.Error("a relative reference parsed as a URI")
	}
	if a, err := IPv4("192.168.0.1").Addr(); err != nil || a != netip.MustParseAddr("192.168.0.1") {
		t.Errorf("IPv4.Addr = %v, %v", a, err)
	}
	if _, err := IPv4("::1").Addr(); err == nil {
		t.Error("an IPv6 address parsed as IPv4")
	}
	if a, err := IPv6("::1").Addr(); err != nil || !a.IsLoopback() {
		t.Errorf("IPv6.Addr = %v, %v", a, err)
	}
	if m, err := Email("joe@example.com").Address(); err != nil || m.Address != "joe@example.com" {
		t.Errorf("Email.Address = %v, %v", m, err)
	}
	if _, err := Email("joe").Address(); err == nil || !strings.Contains(err.Error(), `"email"`) {
		t.Errorf("Email without a domain: %v", err)
	}
}

// count is a custom type with its own JSON methods, as a user's x-go-type would be.
type count struct{ n int64 }

func (c count) MarshalJSON() ([]byte, error)  { return json.Marshal(c.n) }
func (c *count) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &c.n) }

// customDoc holds a custom-typed member (with a minimum) and a typed format (with a maxLength).
type customDoc struct {
	N  count     `json:"n"`
	At *DateTime `json:"at,omitempty"`
	T  time.Time `json:"t"`
}

func customSchema() *Schema {
	nodes := Compile([]Node{{},
		{Types: TypeObject, Properties: []Prop{{"n", 2}, {"at", 3}, {"t", 4}}, Required: []string{"n"}},
		{Types: TypeInteger, Minimum: "3"},
		{Types: TypeString, MaxLength: Count{Set: true, N: 25}},
		{Types: TypeString, Pattern: "^2026-"},
	})
	return &Schema{Nodes: nodes, Types: []TypeDesc{{Go: (*customDoc)(nil), Name: "customDoc", Kind: KindStruct, Node: 1, Fields: []FieldDesc{
		{Name: "n", Flags: FieldRequired, Type: ElemDesc{Kind: ElemCustom, Node: 2}},
		{Name: "at", Flags: FieldPointer, Type: ElemDesc{Kind: ElemString, Node: 3}},
		{Name: "t", Flags: FieldRequired, Type: ElemDesc{Kind: ElemCustom, Node: 4}},
	}}}}
}

// TestCustomTypeCodec checks that a custom type decodes and encodes through its JSON methods and
// that validation sees the JSON value: the verdicts are those of the untyped document.
func TestCustomTypeCodec(t *testing.T) {
	s := customSchema()
	in := `{"n":7,"at":"2026-12-03T10:00:00+00:00","t":"2026-12-03T10:00:00Z"}`
	v, err := ParseAs[customDoc](s, 0, []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if v.N.n != 7 || v.At == nil || *v.At != "2026-12-03T10:00:00+00:00" {
		t.Errorf("decoded %+v", v)
	}
	out, err := s.Marshal(v, 0)
	if err != nil || string(out) != in {
		t.Errorf("Marshal = %s, %v; want %s", out, err, in)
	}
	bad := `{"n":1,"at":"2026-12-03T10:00:00.123456+00:00","t":"2025-01-01T00:00:00Z"}`
	_, err = ParseAs[customDoc](s, 0, []byte(bad))
	want, _ := ValidateJSON(s.Nodes, 1, []byte(bad))
	var ve *ValidationError
	if !errors.As(err, &ve) || len(want) != 3 || len(ve.Violations) != len(want) {
		t.Fatalf("typed verdict %v, untyped %v", err, want)
	}
	for i := range want {
		if ve.Violations[i].InstanceLocation != want[i].InstanceLocation || ve.Violations[i].KeywordLocation != want[i].KeywordLocation {
			t.Errorf("violation %d: typed %+v, untyped %+v", i, ve.Violations[i], want[i])
		}
	}
	var d customDoc
	if err := s.Unmarshal([]byte(`{"n":1,"t":"not a time"}`), &d, 0); err == nil || !strings.Contains(err.Error(), "time.Time") {
		t.Errorf("a value the Go type cannot hold: %v", err)
	}
	if _, err := ParseAs[customDoc](s, 0, []byte(`{"n":"x","t":"2026-01-01T00:00:00Z"}`)); err == nil || !strings.Contains(err.Error(), "/n") {
		t.Errorf("strictly, a value the Go type cannot hold is a violation at the member: %v", err)
	}
}
