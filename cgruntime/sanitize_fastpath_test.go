package cgruntime

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

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

// TestSanitizeDecodesToPlain holds the base64 pre-check to encoding/base64:
// it is true exactly when the run decodes, in the alphabet
// sanitizeDecodesToSecret picks, to printable ASCII, newlines and tabs.
func TestSanitizeDecodesToPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_=."
	var runs []string
	for range 20000 {
		b := make([]byte, rng.IntN(40))
		switch rng.IntN(3) {
		case 0: // random characters, most of them base64
			for k := range b {
				b[k] = alphabet[rng.IntN(len(alphabet))]
			}
			runs = append(runs, string(b))
		default: // text (or bytes) encoded in either alphabet
			for k := range b {
				b[k] = byte(0x20 + rng.IntN(0x5f))
				if rng.IntN(50) == 0 {
					b[k] = byte(rng.IntN(256))
				}
			}
			enc := []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding}[rng.IntN(2)]
			runs = append(runs, enc.EncodeToString(b))
		}
	}
	for _, run := range runs {
		if len(run)%4 == 1 {
			continue // sanitizeDecodesToSecret cuts such a run first
		}
		enc := base64.RawStdEncoding
		if strings.ContainsAny(run, "-_") {
			enc = base64.RawURLEncoding
		}
		raw, err := enc.DecodeString(run)
		want := err == nil && utf8.Valid(raw) && sanitizeIsPlain(string(raw))
		if got := sanitizeDecodesToPlain(run); got != want {
			t.Errorf("sanitizeDecodesToPlain(%q) = %v, want %v", run, got, want)
		}
	}
}

// sanNeedsFoldReference is sanitizeNeedsFold as it was before its fast
// path: it tracks whether the previous character was an ASCII letter or
// digit at every byte.
func sanNeedsFoldReference(s string) bool {
	prevASCIIWord := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf && c != '%' && c != '\\' {
			prevASCIIWord = sanitizeIsWordByte(c)
			i++
			continue
		}
		f, size := sanitizeFoldAt(s, i)
		switch {
		case f == sanitizeDrop && prevASCIIWord:
			return true
		case f == sanitizeKeep || f == sanitizeDrop:
			prevASCIIWord = false
		case size != 1 || f != c:
			return true
		default:
			prevASCIIWord = sanitizeIsWordByte(f)
		}
		i += size
	}
	return false
}

// TestSanitizeFastPathsOnCorpus runs the fold test, the lowercasing and the
// literal index on every input the output test pins, normalized as the
// sanitizer sees them, against plain implementations.
func TestSanitizeFastPathsOnCorpus(t *testing.T) {
	sanitizeAllRules()
	x := sanitizeLiterals.Load()
	lowerRef := func(s string) string {
		b := []byte(s)
		for k, c := range b {
			b[k] = sanitizeLowerByte(c)
		}
		return string(b)
	}
	for _, in := range sanOutputInputs(t) {
		text := sanitizeNormalize(in.text)
		if got, want := sanitizeNeedsFold(text), sanNeedsFoldReference(text); got != want {
			t.Fatalf("sanitizeNeedsFold(%q) = %v, want %v", text, got, want)
		}
		v := sanitizeFold(text)
		lower := v.lowered()
		if want := lowerRef(v.text); lower != want {
			t.Fatalf("lowercase view of %q is %q, want %q", v.text, lower, want)
		}
		var seen sanitizeLiteralSet
		x.scan(lower, 0, len(lower), &seen)
		for k, lit := range x.lits {
			if strings.Contains(lower, lit) && !seen.has(x.keys[k]) {
				t.Fatalf("literal %q occurs in %q but the scan missed it", lit, lower)
			}
		}
	}
}
