package run

import (
	"strings"
	"testing"
)

// TestDiagnosticsPointAtTheMistake: what the user reads names the right place, in characters a
// terminal shows as they are, with advice that fits.
func TestDiagnosticsPointAtTheMistake(t *testing.T) {
	const head = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "T", "type": "object", `
	cases := []struct {
		name, schema string
		want         []string // substrings of the error
		not          []string
	}{{
		// Before: the bidi override and BEL were printed raw inside the pointer.
		name:   "control and bidi characters in a member name",
		schema: head + `"properties": {"message": {"type": "string"}, "a\u202eb\u0007c": {"type": "integer", "minimum": "x"}}}`,
		want:   []string{`#/properties/a\u202Eb\u0007c/minimum`},
		not:    []string{"\u202e", "\a"},
	}, {
		// Before: "property name "limit" gives no Go identifier", at the property.
		name:   "an empty x-go-name",
		schema: head + `"properties": {"message": {"type": "string"}, "limit": {"type": "integer", "x-go-name": ""}}}`,
		want:   []string{`#/properties/limit/x-go-name: "" is not an exported Go identifier`},
		not:    []string{"property name"},
	}, {
		// Before: "make a member optional or put it in an array", though there is no member.
		name:   "a pure $ref cycle",
		schema: head + `"properties": {"message": {"type": "string"}, "x": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}`,
		want:   []string{"$ref chain", "refers only to itself"},
		not:    []string{"make a member optional"},
	}}
	for _, c := range cases {
		_, err := Run(Options{Schemas: []string{writeSchema(t, c.schema)}, Package: "t", Targets: []string{"go"}})
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", c.name, err, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(err.Error(), n) {
				t.Errorf("%s: error %q contains %q", c.name, err, n)
			}
		}
	}
}
