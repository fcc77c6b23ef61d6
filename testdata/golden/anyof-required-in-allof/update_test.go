package golden

import (
	"bytes"
	"testing"
)

// TestUnionOfRequiredListsInAllOf: an object whose allOf holds a oneOf and an anyOf of required
// lists is a struct with typed members, and the unions still decide validity.
func TestUnionOfRequiredListsInAllOf(t *testing.T) {
	in := []byte(`{"package-ecosystem":"npm","directory":"/","files":["a.ts"]}`)
	u, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	if u.PackageEcosystem != "npm" || *u.Directory != "/" || len(u.Files) != 1 || u.Files[0] != "a.ts" {
		t.Fatalf("decoded %+v", u)
	}
	if out, err := u.MarshalJSON(); err != nil || !bytes.Equal(out, in) {
		t.Fatalf("re-encoded %s, %v", out, err)
	}
	for _, bad := range []string{
		`{"package-ecosystem":"npm","files":["a"]}`,                                     // neither directory nor directories
		`{"package-ecosystem":"npm","directory":"/","directories":["/"],"files":["a"]}`, // both
		`{"package-ecosystem":"npm","directory":"/"}`,                                   // neither files nor include
	} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%s) accepted it", bad)
		}
	}
}
