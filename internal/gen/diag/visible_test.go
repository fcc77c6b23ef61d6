package diag

import "testing"

// TestStringEscapesWhatATerminalWouldHide: a member name may hold control characters, bidi
// overrides or invalid UTF-8; the location printed must still show every character, escaped,
// while the message (contractgen's own words) is left alone.
func TestStringEscapesWhatATerminalWouldHide(t *testing.T) {
	for _, c := range []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{File: "s.json", Pointer: "/properties/a\u202Eb", Message: "bad"}, `s.json#/properties/a\u202Eb: bad`},
		{Diagnostic{File: "s.json", Pointer: "/properties/line\nbreak\x1b[2J", Message: "bad"}, `s.json#/properties/line\u000Abreak\u001B[2J: bad`},
		{Diagnostic{File: "s.json", Pointer: "/properties/tag\U000E0001", Message: "bad"}, `s.json#/properties/tag\U000E0001: bad`},
		{Diagnostic{File: "s.json", Pointer: "/properties/\xff", Message: "bad"}, `s.json#/properties/\uFFFD: bad`},
		{Diagnostic{File: "dir\u200B/s.json", Pointer: "/a", Message: "bad"}, `dir\u200B/s.json#/a: bad`},
		// Printable non-ASCII stays as it is.
		{Diagnostic{File: "s.json", Pointer: "/properties/größe/日本", Message: "bad"}, "s.json#/properties/größe/日本: bad"},
		{Diagnostic{File: "s.json", Pointer: "/a", Message: "a\tb"}, "s.json#/a: a\tb"},
	} {
		if got := c.d.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}
