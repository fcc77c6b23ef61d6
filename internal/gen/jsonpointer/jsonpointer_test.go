package jsonpointer

import (
	"strings"
	"testing"
)

// The tokens of RFC 6901's section 5 example document, with their escaped forms.
var rfcTokens = []struct{ raw, escaped string }{
	{"foo", "foo"},
	{"", ""},
	{"a/b", "a~1b"},
	{"c%d", "c%d"},
	{"e^f", "e^f"},
	{"g|h", "g|h"},
	{`i\j`, `i\j`},
	{`k"l`, `k"l`},
	{" ", " "},
	{"m~n", "m~0n"},
	// Order matters: "~1" in a name must not read back as "/".
	{"~1", "~01"},
	{"/~", "~1~0"},
	{"~~//", "~0~0~1~1"},
	{"ü/€", "ü~1€"},
}

func TestEscape(t *testing.T) {
	for _, tc := range rfcTokens {
		if got := Escape(tc.raw); got != tc.escaped {
			t.Errorf("Escape(%q) = %q, want %q", tc.raw, got, tc.escaped)
		}
		if got := Unescape(tc.escaped); got != tc.raw {
			t.Errorf("Unescape(%q) = %q, want %q", tc.escaped, got, tc.raw)
		}
	}
}

// TestUnescapeReadsEachTildeOnce: "~01" is "~1" (a tilde, then the character 1), never "/".
func TestUnescapeReadsEachTildeOnce(t *testing.T) {
	if got := Unescape("~01"); got != "~1" {
		t.Errorf(`Unescape("~01") = %q, want "~1"`, got)
	}
}

func TestEscapeLeavesPlainTokensAlone(t *testing.T) {
	s := "properties"
	if got := Escape(s); got != s {
		t.Errorf("Escape(%q) = %q", s, got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Escape(s); _ = Unescape(s) }); n != 0 {
		t.Errorf("a token without ~ or / costs %v allocations, want 0", n)
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, tc := range rfcTokens {
		f.Add(tc.raw)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Escape(s)
		if strings.Contains(e, "/") {
			t.Fatalf("Escape(%q) = %q keeps a slash", s, e)
		}
		if got := Unescape(e); got != s {
			t.Fatalf("Unescape(Escape(%q)) = %q", s, got)
		}
	})
}
