package ecmaregexp

import (
	"strings"
	"testing"
	"time"

	"github.com/contractgen/contractgen/cgruntime"
)

// TestTranslationAgreesWithEngine holds the runtime's RE2 translation to the ECMAScript engine: on
// every pattern both can run, given as CompileWith gives it, they must agree on every string.
func TestTranslationAgreesWithEngine(t *testing.T) {
	patterns := []string{`^\s+$`, `^\S+$`, `^[\s,]+$`, `^\d+$`, `^\w+$`, `\bx\b`, `^.+$`, `^[^]+$`,
		`^\u00e9$`, `^[\u0041-\u005a]+$`, `\p{L}`, `^\p{Lu}`, `^\x41`, `^\cJ$`, `^a{2,3}$`, `^(?:ab|cd)*$`,
		`^[a-z\-]+$`, `^(?<y>\d{4})-\d{2}$`}
	inputs := []string{"", " ", "\t\n", "\u00a0", "\ufeff", "\u2003", "\u2028", "\r", "\x85", "a b", "é", "É",
		"৪", "42", "x", " x ", "ab", "abcd", "AZ", "A", "\n", "aa", "aaa", "a-b", "2026-12", "😀", "x,\u3000"}
	for _, p := range patterns {
		re, err := cgruntime.RE2Pattern(p)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		m, err := Compile(cgruntime.EngineSpelling(p))
		if err != nil {
			t.Fatalf("%q: the engine refuses it: %v", p, err)
		}
		for _, s := range inputs {
			want, err := m.MatchString(s)
			if err != nil {
				t.Fatal(err)
			}
			if got := re.MatchString(s); got != want {
				t.Errorf("%q on %q: RE2 translation %v, ECMAScript engine %v", p, s, got, want)
			}
		}
	}
}

// TestMatchTimeLimit: a catastrophically backtracking pattern gives up with an error within the
// limit rather than running on.
func TestMatchTimeLimit(t *testing.T) {
	m, err := Compile(`^(?=a)(a+)+$`)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = m.MatchString(strings.Repeat("a", 40) + "!")
	if err == nil {
		t.Fatal("no timeout on exponential backtracking")
	}
	if d := time.Since(start); d > 3*MatchTimeout {
		t.Errorf("gave up after %v", d)
	}
}

// benchPatterns are typical patterns of public schemas that both engines can run.
var benchPatterns = []struct{ name, pattern, input string }{
	{"slug", `^[a-z0-9]+(-[a-z0-9]+)*$`, "contract-generator-v2"},
	{"spaces", `^\S+(\s\S+)*$`, "a few words separated by spaces"},
	{"semver", `^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$`, "1.26.0-rc.1"},
}

// BenchmarkPattern compares a match on the RE2 translation with the same match on the ECMAScript
// engine (the cost a pattern pays when it needs lookaround or a backreference).
func BenchmarkPattern(b *testing.B) {
	for _, p := range benchPatterns {
		re, err := cgruntime.RE2Pattern(p.pattern)
		if err != nil {
			b.Fatal(err)
		}
		m, err := Compile(cgruntime.EngineSpelling(p.pattern))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(p.name+"/re2", func(b *testing.B) {
			for b.Loop() {
				if !re.MatchString(p.input) {
					b.Fatal("no match")
				}
			}
		})
		b.Run(p.name+"/regexp2", func(b *testing.B) {
			for b.Loop() {
				if ok, _ := m.MatchString(p.input); !ok {
					b.Fatal("no match")
				}
			}
		})
	}
}

// BenchmarkCompilePattern compares compiling a pattern (once per package initialization).
func BenchmarkCompilePattern(b *testing.B) {
	p := benchPatterns[1].pattern
	b.Run("re2", func(b *testing.B) {
		for b.Loop() {
			if _, err := cgruntime.RE2Pattern(p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("regexp2", func(b *testing.B) {
		for b.Loop() {
			if _, err := Compile(cgruntime.EngineSpelling(p)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
