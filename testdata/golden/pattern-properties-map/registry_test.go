package golden

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
)

// keywordLocations are the keyword locations the reference validator
// (santhosh-tekuri/jsonschema, internal/conformance's TestPatternPropertiesMapLocations holds
// this table to it) reports for invalid members of the maps: a value a pattern types fails under
// that pattern, one that no pattern admits under additionalProperties. Parse must say the same.
var keywordLocations = []struct{ json, want string }{
	{`{"env":{"HOME":1}}`, "/properties/env/patternProperties/^[A-Z_]+$/type"},
	{`{"env":{"home":"x"}}`, "/properties/env/additionalProperties"},
	{`{"env":{"A":"x"},"ports":{"web":{}}}`, "/properties/ports/patternProperties/^[a-z]+$/required"},
	{`{"env":{"A":"x"},"ports":{"web":{"port":"80"}}}`, "/properties/ports/patternProperties/^[a-z]+$/properties/port/type"},
	{`{"env":{"A":"x"},"hosts":{"any":{}}}`, "/properties/hosts/patternProperties/^[a-z]+$/$ref/required"},
	{`{"env":{"A":"x"},"hosts":{"Any":{}}}`, "/properties/hosts/additionalProperties/$ref/required"},
}

// TestPatternPropertiesLocations: Parse reports a map value's violation at the keyword that
// applies to its member, as the reference validator does.
func TestPatternPropertiesLocations(t *testing.T) {
	for _, c := range keywordLocations {
		_, err := Parse([]byte(c.json))
		var ve *ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("Parse(%s) = %v, want a violation", c.json, err)
			continue
		}
		var got []string
		for _, v := range ve.Violations {
			got = append(got, v.KeywordLocation)
		}
		if !slices.Equal(got, []string{c.want}) {
			t.Errorf("Parse(%s) reports keyword locations %q, want [%q]", c.json, got, c.want)
		}
	}
}

// TestPatternPropertiesMap checks objects without declared members whose rules are
// patternProperties and member counts: Go maps, typed by the one pattern where it covers every
// member, raw where patterns differ, and validated against the whole schema (patterns, counts,
// additionalProperties) exactly as the JSON is.
func TestPatternPropertiesMap(t *testing.T) {
	in := `{"env":{"HOME":"/root"},"ports":{"web":{"port":80,"x":1.50}},"labels":{"n_a":1.0,"s_b":"x","other":[true]},"hosts":{"Any":{"addr":"h"}},"counted":null}`
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if v.Env["HOME"] != "/root" {
		t.Fatalf("env = %v", v.Env)
	}
	if p := v.Ports["web"]; p.Port.String() != "80" || string(p.Extra["x"]) != "1.50" {
		t.Fatalf("ports = %+v", v.Ports)
	}
	if string(v.Labels["n_a"]) != "1.0" || string(v.Labels["other"]) != "[true]" {
		t.Fatalf("labels = %v", v.Labels)
	}
	if v.Hosts["Any"].Addr != "h" {
		t.Fatalf("hosts = %+v", v.Hosts)
	}
	if v.Counted == nil || !v.Counted.Null {
		t.Fatalf("counted = %+v", v.Counted)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatalf("re-parse of %s: %v", out, err)
	}
	if string(back.Labels["n_a"]) != "1.0" || string(back.Ports["web"].Extra["x"]) != "1.50" {
		t.Fatalf("numbers not kept: %s", out)
	}

	var ve *ValidationError
	for _, bad := range []string{
		`{"env":{}}`,                                           // minProperties
		`{"env":{"home":"x"}}`,                                 // no pattern matches, additionalProperties false
		`{"env":{"HOME":1}}`,                                   // the pattern's type
		`{"env":{"A":"x"},"ports":{"web":{}}}`,                 // required inside a pattern's value
		`{"env":{"A":"x"},"labels":{"n_a":"x"}}`,               // the n_ pattern's type
		`{"env":{"A":"x"},"labels":{"a":1,"b":2,"c":3,"d":4}}`, // maxProperties
		`{"env":{"A":"x"},"hosts":{"Any":{}}}`,                 // additionalProperties' $ref
		`{"env":{"A":"x"},"counted":{}}`,                       // minProperties under a nullable map
	} {
		if _, err := Parse([]byte(bad)); !errors.As(err, &ve) {
			t.Errorf("Parse(%s) = %v, want a violation", bad, err)
		}
	}

	// Validate sees Go values built by hand the same way.
	built := Registry{Env: map[string]string{"lower": "x"}}
	if err := built.Validate(); !errors.As(err, &ve) {
		t.Fatalf("Validate of a member no pattern admits = %v, want a violation", err)
	}
	built.Env = map[string]string{"OK": "x"}
	built.Labels = map[string]json.RawMessage{"n_x": json.RawMessage(`"not a number"`)}
	if err := built.Validate(); !errors.As(err, &ve) {
		t.Fatalf("Validate of a raw value against its pattern = %v, want a violation", err)
	}
	built.Labels["n_x"] = json.RawMessage(`2`)
	if err := built.Validate(); err != nil {
		t.Fatalf("Validate of a valid value: %v", err)
	}
}
