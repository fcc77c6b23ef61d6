package rust

import (
	"github.com/contractgen/contractgen/cgruntime"
	"strings"
	"testing"
)

// TestRustPatternSpellsEveryClassOut checks the spelling of patterns whose meaning differs
// between Go's RE2 and the regex crate when written plainly: \d and \w (Unicode in the crate,
// ASCII in Go), \s (ECMA's spaces), "." and anchors.
func TestRustPatternSpellsEveryClassOut(t *testing.T) {
	cases := map[string]string{
		`^\d+$`:  `(?:\A(?:[\x{30}-\x{39}])+\z)`,
		`\w`:     `[\x{30}-\x{39}\x{41}-\x{5A}\x{5F}\x{61}-\x{7A}]`,
		`a.b`:    `(?:(?:\x{61})[\x{0}-\x{9}\x{B}-\x{C}\x{E}-\x{2027}\x{202A}-\x{D7FF}\x{E000}-\x{10FFFF}](?:\x{62}))`,
		`\bx`:    `(?:(?-u:\b)(?:\x{78}))`,
		`[]`:     rustNever,
		`(a|b)?`: `(?:(?:[\x{61}-\x{62}]))?`,
		`x{2,}`:  `(?:(?:\x{78})){2,}`,
	}
	for in, want := range cases {
		got, err := RustPattern(in)
		if err != nil || got != want {
			t.Errorf("RustPattern(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestRustPatternRefusesWhatRE2Lacks: lookaround and backreferences have no spelling, and the
// table check refuses them with the standard message.
func TestRustPatternRefusesWhatRE2Lacks(t *testing.T) {
	for _, p := range []string{`a(?=b)`, `(?<!a)b`, `(a)\1`, `a{1001}`, `\Bx`} {
		if got, err := RustPattern(p); err == nil {
			t.Errorf("RustPattern(%q) = %q, want an error", p, got)
		}
	}
	if kw := Unsupported(&cgruntime.Node{Pattern: `a(?=b)`}); !strings.Contains(kw, "lookahead") {
		t.Errorf("Unsupported(lookahead pattern) = %q, want a refusal naming the lookahead", kw)
	}
	if kw := Unsupported(&cgruntime.Node{Pattern: `^[a-z]+$`}); kw != "" {
		t.Errorf("Unsupported(plain pattern) = %q, want none", kw)
	}
}
