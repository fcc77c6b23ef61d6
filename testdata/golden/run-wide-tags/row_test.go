package golden

import (
	"reflect"
	"testing"
)

// TestRunWideTags: --tags yaml,db names every member as json does (omitempty when optional), a
// member's own extraTags win over the run's, and a name no tag can carry gets no tags at all.
func TestRunWideTags(t *testing.T) {
	typ := reflect.TypeOf(Row{})
	for _, c := range []struct{ field, key, want string }{
		{"Key", "yaml", "key"}, {"Key", "db", "key"},
		{"Dash", "yaml", "-,"}, {"Dash", "json", "-,"},
		{"Value", "yaml", "v,flow"}, {"Value", "db", "value,omitempty"},
		{"WithSpace", "db", "with space,omitempty"},
		{"AB", "yaml", ""}, {"QuoteD", "db", ""},
	} {
		f, ok := typ.FieldByName(c.field)
		if !ok {
			t.Fatalf("no field %s", c.field)
		}
		if got := f.Tag.Get(c.key); got != c.want {
			t.Errorf("%s %s tag %q, want %q", c.field, c.key, got, c.want)
		}
	}
}
