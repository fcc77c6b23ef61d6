package golden

import (
	"errors"
	"slices"
	"testing"
)

// TestItemsRefLocations: Parse reports a violation inside an array item whose schema is a $ref
// through the $ref step, as contractgen validate and the reference validator do.
func TestItemsRefLocations(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"root":{"label":"a","children":[{"weight":1}]}}`, "/properties/root/$ref/properties/children/items/$ref/required"},
		{`{"root":{"label":"a","children":[7]}}`, "/properties/root/$ref/properties/children/items/$ref/type"},
	} {
		_, err := Parse([]byte(c.json))
		var ve *ValidationError
		if !errors.As(err, &ve) {
			t.Fatalf("Parse(%s) = %v, want a violation", c.json, err)
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
