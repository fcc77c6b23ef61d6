package golden

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// TestSkipOptionalPointer: x-go-type-skip-optional-pointer holds tag and age by value; absent
// stays absent and present values survive a decode and re-encode byte for byte.
func TestSkipOptionalPointer(t *testing.T) {
	for _, in := range []string{`{"name":"rex"}`, `{"name":"rex","tag":"dog","age":1,"weight":0}`} {
		p, err := Parse([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, []byte(in)) {
			t.Errorf("re-encoded\n%s\nwant\n%s", out, in)
		}
	}
	if _, err := Parse([]byte(`{"name":"rex","age":0}`)); err == nil {
		t.Error("Parse accepted age 0, which exclusiveMinimum 0 rules out")
	}
	name, _ := reflect.TypeOf(Pet{}).FieldByName("Name")
	if got := name.Tag.Get("gorm"); got != "column:name;not null" {
		t.Errorf("gorm tag %q", got)
	}
}
