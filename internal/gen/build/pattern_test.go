package build

import (
	"regexp"
	"testing"
)

// TestTranslatePatternMatchesECMASpaces checks the \s translation against ECMA-262's definition:
// every WhiteSpace and LineTerminator code point, and nothing else nearby.
func TestTranslatePatternMatchesECMASpaces(t *testing.T) {
	spaces := []rune{'\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2000, 0x2005, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff}
	others := []rune{'a', '0', 0x85, 0x180e, 0x200b, 0x1fff}
	for _, c := range []struct{ pattern, wantMatch, wantNoMatch string }{
		{`^\s$`, "space", "other"},
		{`^[\sx]$`, "space", "other"},
		{`^\S$`, "other", "space"},
	} {
		re := regexp.MustCompile(translatePattern(c.pattern))
		for _, r := range spaces {
			if got := re.MatchString(string(r)); got != (c.wantMatch == "space") {
				t.Errorf("%s (as %s) on U+%04X: %v", c.pattern, translatePattern(c.pattern), r, got)
			}
		}
		for _, r := range others {
			if got := re.MatchString(string(r)); got != (c.wantMatch == "other") {
				t.Errorf("%s (as %s) on U+%04X: %v", c.pattern, translatePattern(c.pattern), r, got)
			}
		}
	}
	if translatePattern(`a\\s[\]s]`) != `a\\s[\]s]` {
		t.Errorf("escaped backslashes and brackets were translated: %s", translatePattern(`a\\s[\]s]`))
	}
	if ecmaOnly(translatePattern(`[\S]`)) == "" {
		t.Error(`\S inside a class must stay refused`)
	}
}
