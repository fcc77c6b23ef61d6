package generatedtest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The patterns that made generated doc comments ungrammatical: a Go name followed by "is" and a
// clause ("OriginValidation is the request was refused"), and "a" before a vowel sound ("as a
// AgentError", "returns a \"oauth_needs_reauth\" error").
var (
	isClause = regexp.MustCompile(`\b[A-Z]\w* is (?:the|a|an) (?:[\w-]+ ){0,6}?(?:was|were|is|are|has|have|did|does|could|can|cannot|stopped|finished|refused|failed|arrived)\b`)
	aVowel   = regexp.MustCompile(`\ba "?(?:[aeioAEIO]\w*|[uU]n[^i]|[hH]our)`)
	// Not a clause: a relative one ("the service that was addressed"); not an article: the
	// variable a ("as a is less than b").
	relative = regexp.MustCompile(`\b(?:that|which|who|whose|when)\b|^a (?:is|and)\b`)
)

// TestDocCommentsReadAsEnglish scans every comment of the committed Go package and the TypeScript
// module for those patterns.
func TestDocCommentsReadAsEnglish(t *testing.T) {
	files, err := filepath.Glob("../../generated/agenterror/*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "../../generated/ts/agenterror.ts")
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			text := strings.TrimSpace(line)
			if !strings.HasPrefix(text, "//") && !strings.HasPrefix(text, "*") {
				continue
			}
			for _, re := range []*regexp.Regexp{isClause, aVowel} {
				if m := re.FindString(text); m != "" && !relative.MatchString(m) {
					t.Errorf("%s:%d: %q in %s", filepath.Base(path), i+1, m, text)
				}
			}
		}
	}
}
