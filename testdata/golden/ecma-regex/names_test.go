package golden

import (
	"errors"
	"testing"
)

// TestECMAPatterns checks the patterns RE2 cannot run (lookahead, lookbehind, a backreference),
// which the package runs on the ECMAScript engine, and \s and \u escapes, which it runs as RE2
// with ECMA-262's meaning, under pattern and patternProperties alike.
func TestECMAPatterns(t *testing.T) {
	for _, c := range []struct {
		in    string
		valid bool
	}{
		{`{"slug":"a-b"}`, true}, {`{"slug":"-ab"}`, false}, {`{"slug":"ab-"}`, false},
		{`{"doubled":"aa"}`, true}, {`{"doubled":"ab"}`, false},
		{`{"spaced":"a\u2003b"}`, true}, {`{"spaced":"a\u2003\u2003b"}`, false}, {`{"spaced":"a\ufeff"}`, false},
		{`{"x-\u3000A":"s"}`, true}, {`{"x-\u3000A":1}`, false},
	} {
		_, err := Parse([]byte(c.in))
		var ve *ValidationError
		if (err == nil) != c.valid || err != nil && !errors.As(err, &ve) {
			t.Errorf("%s: got %v, want valid=%v", c.in, err, c.valid)
		}
	}
}
