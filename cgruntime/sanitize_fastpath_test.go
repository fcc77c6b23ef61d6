package cgruntime

import "testing"

// The scanners' fast paths stand in for plainer code; these tests hold
// them to it, input by input, so that a speed-up cannot change what the
// sanitizer finds. TestSanitizeOutputsUnchanged holds the whole.

// TestSanitizeByteClasses holds the byte-class table to the definitions
// of the classes it replaced.
func TestSanitizeByteClasses(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		word := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_'
		for _, tc := range []struct {
			name      string
			got, want bool
		}{
			{"word", sanitizeIsWordByte(b), word},
			{"base64", sanitizeIsBase64Byte(b), word || b == '+' || b == '/' || b == '-' || b == '='},
			{"generic", sanitizeIsGenericByte(b), word || b == '+' || b == '/' || b == '-' || b == '='},
			{"name", sanitizeIsNameByte(b), word || b == '.' || b == '-'},
			{"std base64", sanitizeIsB64Byte(b), word && b != '_' || b == '+' || b == '/' || b == '='},
		} {
			if tc.got != tc.want {
				t.Errorf("%s(%q) = %v, want %v", tc.name, b, tc.got, tc.want)
			}
		}
	}
}
