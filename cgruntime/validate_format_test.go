package cgruntime

import "testing"

// TestCheckFormat covers the edges of each RFC the suite's optional files leave out or where a
// lenient parser would pass: leap seconds by offset, day counts, duration nesting, leading zeros.
func TestCheckFormat(t *testing.T) {
	for _, c := range []struct {
		format, s string
		valid     bool
	}{
		{"date", "2024-02-29", true}, {"date", "2023-02-29", false}, {"date", "1900-02-29", false}, {"date", "2000-02-29", true},
		{"date-time", "2026-12-03T10:00:00+00:00", true}, {"date-time", "2026-12-03 10:00:00Z", false},
		{"time", "23:59:60Z", true}, {"time", "00:59:60+01:00", true}, {"time", "12:00:00.Z", false},
		{"duration", "P1Y2M3DT4H5M6S", true}, {"duration", "P1Y3D", false}, {"duration", "PT1H6S", false},
		{"duration", "P2W", true}, {"duration", "P1DT", false}, {"duration", "P", false}, {"duration", "PT36H", true},
		{"uuid", "2EB8AA08-AA98-11EA-B4AA-73B441D16380", true}, {"uuid", "2eb8aa08aa9811eab4aa73b441d16380", false},
		{"ipv4", "192.168.0.1", true}, {"ipv4", "192.168.00.1", false}, {"ipv6", "::ffff:192.168.0.1", true},
		{"ipv6", "fe80::1%eth0", false}, {"email", `"a b"@example.com`, true}, {"email", "a@[IPv6:::1]", true},
		{"uri", "urn:isbn:0451450523", true}, {"uri", "//host/p", false}, {"uri-reference", "//host/p", true},
		{"iri", "http://ƒøø.com/", true}, {"uri", "http://ƒøø.com/", false}, {"json-pointer", "/a~01", true},
		{"json-pointer", "/a~2", false}, {"relative-json-pointer", "0#", true}, {"regex", "^(?=a)", true},
		{"regex", "(?=a", false}, {"uri-template", "{/path*}", true}, {"not-a-format", "anything", true},
	} {
		if got := checkFormat(c.format, c.s); got != c.valid {
			t.Errorf("%s %q: %v, want %v", c.format, c.s, got, c.valid)
		}
	}
}

// TestFormatAssertedOnlyWhenSet: a node without Format ignores the keyword; with it, a string
// fails at keyword "format" and other types pass.
func TestFormatAssertedOnlyWhenSet(t *testing.T) {
	nodes := Compile([]Node{{}, {}, {Format: "date"}})
	if vs, _ := ValidateJSON(nodes, 1, []byte(`"2023-02-29"`)); len(vs) != 0 {
		t.Errorf("annotation asserted: %v", vs)
	}
	vs, _ := ValidateJSON(nodes, 2, []byte(`"2023-02-29"`))
	if len(vs) != 1 || vs[0].KeywordLocation != "/format" {
		t.Errorf("violations %+v, want one at /format", vs)
	}
	if vs, _ := ValidateJSON(nodes, 2, []byte(`12`)); len(vs) != 0 {
		t.Errorf("a number failed a string format: %v", vs)
	}
}
