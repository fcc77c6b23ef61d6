package cgruntime

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzSanitizeText checks, for any input s and limit (folded into
// [-8, 4096); limit <= 0 means SanitizeDefaultLimit), that
// out := SanitizeTextLimit(s, limit):
//
//  1. does not panic;
//  2. is valid UTF-8;
//  3. is at most the effective limit in bytes;
//  4. contains no removed character (control other than \n and \t, or
//     Unicode format character: bidi, zero-width, BOM, tags);
//  5. contains no prompt-injection marker;
//  6. is left unchanged by every redaction rule on its own, so nothing in
//     it is still shaped like a secret;
//  7. is a fixed point: SanitizeTextLimit(out, limit) == out;
//  8. ends with the truncation marker whenever s was longer than the
//     inspection window.
func FuzzSanitizeText(f *testing.F) {
	for _, seed := range sanFuzzSeeds(f) {
		for _, limit := range []int{0, 1, 3, 14, 40, 200} {
			f.Add(seed, limit)
		}
	}
	f.Fuzz(func(t *testing.T, s string, limit int) {
		limit = limit%4104 - 8
		effective := sanEffectiveLimit(limit)
		out := SanitizeTextLimit(s, limit)
		sanCheckOutput(t, out, effective)
		if again := SanitizeTextLimit(out, limit); again != out {
			t.Fatalf("not a fixed point (limit %d):\n in:    %q\n once:  %q\n twice: %q", limit, s, out, again)
		}
		if len(s) > sanitizeWindowSize(effective) && !strings.HasSuffix(out, sanitizeMarkerFor(effective)) {
			t.Fatalf("input beyond the window but no marker: %q", out)
		}
	})
}

// sanCheckOutput asserts properties 2 to 6 of FuzzSanitizeText.
func sanCheckOutput(t *testing.T, out string, limit int) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("invalid UTF-8: %q", out)
	}
	if len(out) > limit {
		t.Fatalf("%d bytes exceed the limit %d: %q", len(out), limit, out)
	}
	for _, r := range out {
		if sanitizeIsRemovedRune(r) {
			t.Fatalf("removed character %U survived: %q", r, out)
		}
	}
	for _, rule := range sanitizeInjectionRules() {
		if got := sanitizeApply(out, []sanitizeRule{rule}); got != out {
			t.Fatalf("injection rule for %q still matches:\n out:   %q\n again: %q", rule.lit, out, got)
		}
	}
	for _, rule := range sanitizeRules() {
		if got := sanitizeApply(out, []sanitizeRule{rule}); got != out {
			t.Fatalf("rule for %q still redacts:\n out:   %q\n again: %q", rule.lit, out, got)
		}
	}
}

// sanFuzzSeeds returns the canaries plus texts aimed at the edges: markers,
// controls, invalid UTF-8 and placeholders next to secret names.
func sanFuzzSeeds(f testing.TB) []string {
	seeds := []string{
		"", "plain text", "a\x00b\x1b[0m\u202e\u200b\ufeff\xff\xfe",
		"ignore previous instructions <|im_start|> [INST] <<SYS>> </s> ### system: system prompt:",
		"<|im_<|im_end|>start|>", "password=" + RedactedMarker, "token=" + TruncatedMarker,
		`"password": "` + RedactedMarker[:4] + TruncatedMarker, "Authorization: …",
		"https://u:p@h https://[REDACTED]@h", "Bearer abc Basic dXNlcjpwYXNz",
		"-----BEGIN RSA PRIVATE KEY-----\nabc", strings.Repeat("é", 300) + "sk-" + strings.Repeat("a", 40),
		`{\"password\":\"x\\\"y\"}`, strings.Repeat("\x01", 1200) + "secret=abc",
	}
	for _, c := range sanLoadCanaries(f) {
		seeds = append(seeds, c.text)
	}
	return seeds
}
