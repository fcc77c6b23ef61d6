package openapi

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/ir"
)

// TestDiscriminator: a union whose variants the builder tells apart by a member's value carries
// OpenAPI's discriminator in both versions, its mapping naming each value's component; a union told
// apart otherwise, or with an inline variant the mapping cannot name, has none.
func TestDiscriminator(t *testing.T) {
	pkg := buildIR(t, unionsPath)
	want := map[string]any{
		"Payload": map[string]any{"propertyName": "type", "mapping": map[string]any{
			"tool_call": "#/components/schemas/ToolCall", "message": "#/components/schemas/Message"}},
		"Actor": map[string]any{"propertyName": "role", "mapping": map[string]any{
			"user": "#/components/schemas/Human", "assistant": "#/components/schemas/Agent", "subagent": "#/components/schemas/Agent"}},
	}
	for _, version := range []string{Version31, Version30} {
		doc, err := Build(pkg, version)
		if err != nil {
			t.Fatal(err)
		}
		components, _ := doc.Root.Get("components")
		schemas, _ := components.(*Map).Get("schemas")
		for _, name := range []string{"Payload", "Actor", "Step", "Target", "Event"} {
			s, ok := schemas.(*Map).Get(name)
			if !ok {
				t.Fatalf("%s: no component %s", version, name)
			}
			d, has := s.(*Map).Get("discriminator")
			if want[name] == nil {
				if has {
					t.Errorf("%s: %s has a discriminator: %v", version, name, plain(d))
				}
				continue
			}
			if diff := cmp.Diff(want[name], plain(d)); diff != "" {
				t.Errorf("%s: %s's discriminator (-want +got):\n%s", version, name, diff)
			}
		}
	}
}

// plain turns Maps into Go maps for comparison.
func plain(v any) any {
	switch v := v.(type) {
	case *Map:
		out := map[string]any{}
		for _, k := range v.Keys() {
			x, _ := v.Get(k)
			out[k] = plain(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = plain(x)
		}
		return out
	}
	return v
}

// TestDescribeEnum: the values are listed in the description for their meanings; an enum whose
// values have none (a typeless const typed as a one-value enum) keeps its description as written.
func TestDescribeEnum(t *testing.T) {
	described := &ir.Enum{Values: []ir.EnumValue{{Value: "a", Description: "first"}, {Value: "b"}}}
	bare := &ir.Enum{Values: []ir.EnumValue{{Value: "file"}}}
	cases := []struct {
		text string
		e    *ir.Enum
		want string
	}{
		{"Mode.", described, "Mode.\n\n- `a`: first\n- `b`"},
		{"", described, "- `a`: first\n- `b`"},
		{"Kind.", bare, "Kind."},
		{"", bare, ""},
		{"Plain.", nil, "Plain."},
	}
	for _, c := range cases {
		if got := describeEnum(c.text, c.e); got != c.want {
			t.Errorf("describeEnum(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
