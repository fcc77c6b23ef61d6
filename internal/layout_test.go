package internal_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// layoutRows returns the package patterns named in the first column of docs/design/layout.md's
// layer table, with {a,b} groups expanded.
func layoutRows(t *testing.T) []string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "docs", "design", "layout.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "| package | may import (module packages) |")
	if !ok {
		t.Fatal("docs/design/layout.md has no layer table")
	}
	code := regexp.MustCompile("`([^`]+)`")
	var patterns []string
	for line := range strings.Lines(section) {
		if !strings.HasPrefix(line, "|") {
			if len(patterns) > 0 {
				break
			}
			continue
		}
		first := strings.Split(line, "|")[1]
		for _, m := range code.FindAllStringSubmatch(first, -1) {
			patterns = append(patterns, expand(m[1])...)
		}
	}
	return patterns
}

// expand turns "a/{b,c}" into "a/b" and "a/c".
func expand(p string) []string {
	i, j := strings.Index(p, "{"), strings.Index(p, "}")
	if i < 0 || j < i {
		return []string{p}
	}
	var out []string
	for _, alt := range strings.Split(p[i+1:j], ",") {
		out = append(out, expand(p[:i]+alt+p[j+1:])...)
	}
	return out
}

// TestLayoutTableMatchesTheRules: the layer table of docs/design/layout.md names the pattern of
// every rule of this package's layers test, and covers every package of the module, so the page
// cannot drift from the test that enforces it.
func TestLayoutTableMatchesTheRules(t *testing.T) {
	rows := layoutRows(t)
	named := map[string]bool{}
	for _, p := range rows {
		named[p] = true
	}
	for _, r := range rules {
		if !named[r.pattern] {
			t.Errorf("docs/design/layout.md's layer table does not name the rule %q", r.pattern)
		}
	}
	for pkg := range imports(t) {
		covered := false
		for _, p := range rows {
			covered = covered || matches(p, pkg)
		}
		if !covered {
			t.Errorf("docs/design/layout.md's layer table has no row for %s", pkg)
		}
	}
}
