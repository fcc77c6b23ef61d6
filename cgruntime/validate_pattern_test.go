package cgruntime

import (
	"errors"
	"testing"
)

// TestTranslatePatternMeaning checks the RE2 translation against ECMA-262's meaning (u flag) on
// the constructs where the two languages differ.
func TestTranslatePatternMeaning(t *testing.T) {
	cases := []struct {
		pattern, s string
		match      bool
	}{
		{`^\s$`, "\u2003", true}, {`^\s$`, "\ufeff", true}, {`^\s$`, "\u00a0", true}, {`^\s$`, "\x01", false},
		{`^\S$`, "\u2003", false}, {`^\S$`, "\u2013", true}, {`^[\s]$`, "\u3000", true}, {`^[^\s]$`, "\u3000", false},
		{`^[\S]$`, "\u3000", false}, {`^[^\S]$`, "\u3000", true}, {`^[a\sb]$`, "\u2028", true},
		{`^\d$`, "৪", false}, {`^\w$`, "é", false}, {`^\W$`, "é", true},
		{`^.$`, "\r", false}, {`^.$`, "\u2028", false}, {`^.$`, "😀", true},
		{`^\u0041$`, "A", true}, {`^[\u0041-\u0043]$`, "B", true}, {`^\u{1F600}$`, "😀", true},
		{`^\uD83D\uDE00$`, "😀", true}, {`^\x41$`, "A", true}, {`^\cC$`, "\x03", true}, {`^\cc$`, "\x03", true},
		{`^\0$`, "\x00", true}, {`^[\b]$`, "\b", true}, {`^[]$`, "", false}, {`^[]$`, "a", false}, {`^[^]$`, "\n", true},
		{`^[[:a]$`, ":", true}, {`^[[:alpha:]]$`, "x", false}, {`^[[:alpha:]]$`, "a]", true},
		{`\p{Letter}cole`, "école", true}, {`^\p{digit}+$`, "৪২", true}, {`^\p{Script=Greek}$`, "α", true},
		{`^\p{gc=Lu}$`, "a", false}, {`^\P{L}$`, "1", true}, {`^abc$`, "abc\n", false},
		{`^(?<year>\d{4})$`, "2026", true}, {`^a\-b\/c$`, "a-b/c", true},
	}
	for _, c := range cases {
		re, err := RE2Pattern(c.pattern)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if got := re.MatchString(c.s); got != c.match {
			t.Errorf("%q on %q: RE2 translation %s says %v, ECMA-262 %v", c.pattern, c.s, re, got, c.match)
		}
	}
}

// TestTranslatePatternRefuses separates what needs an ECMAScript engine from what is not
// ECMA-262, even when a pattern has both.
func TestTranslatePatternRefuses(t *testing.T) {
	for _, c := range []struct {
		pattern  string
		ecmaOnly bool
	}{
		{`^(?=x)`, true}, {`^(?!x)`, true}, {`(?<=a)b`, true}, {`(?<!a)b`, true}, {`(a)\1`, true},
		{`(?<n>a)\k<n>`, true}, {`[a\S]`, true}, {`a{2000}`, true},
		{`[unclosed`, false}, {`(?i)abc`, false}, {`(?=x)(?i)`, false}, {`\a`, false}, {`\p{NoSuchProperty}`, false},
	} {
		_, err := RE2Pattern(c.pattern)
		var only *ECMAOnlyError
		if err == nil || errors.As(err, &only) != c.ecmaOnly {
			t.Errorf("%q: got %v, want an ECMA-only error: %v", c.pattern, err, c.ecmaOnly)
		}
	}
}

// TestCompileWithEngine runs a lookahead through the engine CompileWith is given and reports the
// engine's error as a violation; without an engine, Compile panics (the generator's bug).
func TestCompileWithEngine(t *testing.T) {
	calls := 0
	engine := func(p string) (Matcher, error) {
		calls++
		return fakeMatcher{p}, nil
	}
	nodes := CompileWith([]Node{{}, {Pattern: `^(?!x)`}, {Pattern: `^\s$`}}, engine)
	if calls != 1 {
		t.Fatalf("the engine compiled %d patterns, want only the lookahead", calls)
	}
	if vs, err := ValidateJSON(nodes, 1, []byte(`"timeout"`)); err != nil || len(vs) != 1 {
		t.Errorf("a match the engine gave up on must fail: %v %v", vs, err)
	}
	if vs, _ := ValidateJSON(nodes, 1, []byte(`"ok"`)); len(vs) != 0 {
		t.Errorf("unexpected violations %v", vs)
	}
	defer func() {
		if recover() == nil {
			t.Error("Compile of a lookahead without an engine did not panic")
		}
	}()
	Compile([]Node{{}, {Pattern: `^(?!x)`}})
}

type fakeMatcher struct{ p string }

func (m fakeMatcher) MatchString(s string) (bool, error) {
	if s == "timeout" {
		return false, errors.New("match timeout")
	}
	return true, nil
}

// TestTranslatePatternMatchesECMASpaces checks the \s translation against ECMA-262's definition:
// every WhiteSpace and LineTerminator code point, and nothing else nearby.
func TestTranslatePatternMatchesECMASpaces(t *testing.T) {
	spaces := []rune{'\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2000, 0x2005, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff}
	others := []rune{'a', '0', 0x85, 0x180e, 0x200b, 0x1fff}
	for _, c := range []struct{ pattern, wantMatch string }{
		{`^\s$`, "space"}, {`^[\sx]$`, "space"}, {`^\S$`, "other"}, {`^[\S]$`, "other"}, {`^[^\s]$`, "other"},
	} {
		re, err := RE2Pattern(c.pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range spaces {
			if got := re.MatchString(string(r)); got != (c.wantMatch == "space") {
				t.Errorf("%s (as %s) on U+%04X: %v", c.pattern, re, r, got)
			}
		}
		for _, r := range others {
			if got := re.MatchString(string(r)); got != (c.wantMatch == "other") {
				t.Errorf("%s (as %s) on U+%04X: %v", c.pattern, re, r, got)
			}
		}
	}
	if re, _ := TranslatePattern(`a\\s[\]s]`); re != `a\\s[\]s]` {
		t.Errorf("escaped backslashes and brackets were translated: %s", re)
	}
}
