// Package ecmaregexp is the ECMAScript regular-expression engine behind the patterns that RE2
// cannot run (lookaround, backreferences): github.com/dlclark/regexp2 in its ECMAScript mode,
// with a match time limit. The generator checks such patterns with it, and contractgen validate
// and schemacheck run them with it; a generated package that has one carries the same few lines
// (govalidate prints them), so every validator reaches the same verdict.
package ecmaregexp

import (
	"time"

	"github.com/dlclark/regexp2"

	"github.com/contractgen/contractgen/cgruntime"
)

// MatchTimeout bounds one match: backtracking engines can take exponential time on hostile
// input, and a pattern that times out fails the value.
const MatchTimeout = time.Second

// Compile compiles an ECMA-262 pattern as written, read with ECMAScript semantics.
func Compile(pattern string) (cgruntime.Matcher, error) {
	re, err := regexp2.Compile(pattern, regexp2.ECMAScript|regexp2.Unicode)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = MatchTimeout
	return re, nil
}

var _ cgruntime.ECMAEngine = Compile
