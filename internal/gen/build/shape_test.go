package build_test

import (
	"strings"
	"testing"
)

// TestValueMemberNeedsZeroExcluded: goJSONSchema.pointer false holds an optional member by value
// only where no valid value is the Go zero value; an enum with x-fallback keeps "" as an unknown
// value, so it is refused, and the same enum without a fallback is accepted.
func TestValueMemberNeedsZeroExcluded(t *testing.T) {
	for _, c := range []struct {
		prop string
		ok   bool
	}{
		{`{"enum": ["a", "b"], "goJSONSchema": {"pointer": false}}`, true},
		{`{"enum": ["a", "b"], "x-fallback": "a", "goJSONSchema": {"pointer": false}}`, false},
		{`{"type": "integer", "maximum": -1, "minimum": -9, "goJSONSchema": {"pointer": false}}`, true},
		{`{"type": "integer", "exclusiveMaximum": 0, "minimum": -9, "goJSONSchema": {"pointer": false}}`, true},
		{`{"type": "integer", "maximum": 0, "minimum": -9, "goJSONSchema": {"pointer": false}}`, false},
		{`{"type": "boolean", "const": true, "goJSONSchema": {"pointer": false}}`, true},
		{`{"type": "string", "const": "", "goJSONSchema": {"pointer": false}}`, false},
	} {
		pkg, err := buildSchema(t, `{"title": "T", "type": "object", "properties": {"p": `+c.prop+`}}`)
		if c.ok != (err == nil) {
			t.Errorf("%s: err = %v, want ok=%v", c.prop, err, c.ok)
			continue
		}
		if err == nil {
			f := pkg.Roots[0].Fields[0]
			if f.Type.Go.Pointer || !f.Go.OmitZero {
				t.Errorf("%s: pointer %v, OmitZero %v; want a value member absent at zero", c.prop, f.Type.Go.Pointer, f.Go.OmitZero)
			}
		} else if !strings.Contains(err.Error(), "#/properties/p/goJSONSchema/pointer") {
			t.Errorf("%s: error does not name the pointer: %v", c.prop, err)
		}
	}
}
