package compat

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// update rewrites want.txt files from the current output; it is never on by default, so a
// missing or stale golden file fails instead of being written silently.
var update = flag.Bool("update", false, "rewrite testdata/compat/*/want.txt from the current output")

// caseRoot is where the fixture cases live, relative to this package.
const caseRoot = "../../../testdata/compat"

// compareCase runs Compare on one fixture directory and renders its text report.
func compareCase(t *testing.T, dir string) string {
	t.Helper()
	oldDoc := readFile(t, filepath.Join(dir, "old.json"))
	newDoc := readFile(t, filepath.Join(dir, "new.json"))
	r, err := compareContract(oldDoc, newDoc)
	if err != nil {
		t.Fatalf("Compare: %v", err)
	}
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatalf("WriteText: %v", err)
	}
	return buf.String()
}

// readFile reads a fixture or fails the test.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// caseDirs lists the fixture cases, failing when there are suspiciously few.
func caseDirs(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(caseRoot)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, e.Name())
		}
	}
	if len(dirs) < 30 {
		t.Fatalf("found %d cases in %s, want at least 30", len(dirs), caseRoot)
	}
	return dirs
}

func TestCases(t *testing.T) {
	for _, name := range caseDirs(t) {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(caseRoot, name)
			got := compareCase(t, dir)
			wantPath := filepath.Join(dir, "want.txt")
			if *update {
				if err := os.WriteFile(wantPath, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(wantPath)
			if errors.Is(err, os.ErrNotExist) {
				t.Fatalf("%s is missing; review the output and run go test -run TestCases -update", wantPath)
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("report mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEveryRuleHasACase keeps the fixtures honest: each documented rule, compat's and the test
// profiles', must be produced by at least one case's expected output.
func TestEveryRuleHasACase(t *testing.T) {
	seen := map[string]bool{}
	for _, name := range caseDirs(t) {
		want, err := os.ReadFile(filepath.Join(caseRoot, name, "want.txt"))
		if err != nil {
			continue // TestCases reports the missing file
		}
		for _, line := range strings.Split(string(want), "\n") {
			if fields := strings.Fields(line); len(fields) >= 2 {
				seen[fields[1]] = true
			}
		}
	}
	rules := allRules
	for _, p := range testProfiles {
		rules = append(rules[:len(rules):len(rules)], p.Rules()...)
	}
	if len(rules) == len(allRules) {
		t.Fatal("no test profile: profiles_test.go sets them")
	}
	for _, rule := range rules {
		if !seen[rule] {
			t.Errorf("no case in %s exercises rule %q", caseRoot, rule)
		}
	}
}

// TestEveryRuleIsDocumented checks the table in doc.go against the rule list, both ways.
func TestEveryRuleIsDocumented(t *testing.T) {
	doc := string(readFile(t, "doc.go"))
	documented := map[string]bool{}
	for _, line := range strings.Split(doc, "\n") {
		fields := strings.Fields(strings.TrimPrefix(line, "//"))
		if len(fields) >= 2 && (fields[1] == "additive" || fields[1] == "breaking" || fields[1] == "annotation") {
			documented[fields[0]] = true
		}
	}
	known := map[string]bool{}
	for _, rule := range allRules {
		known[rule] = true
		if !documented[rule] {
			t.Errorf("rule %q is missing from the table in doc.go", rule)
		}
	}
	for rule := range documented {
		if !known[rule] {
			t.Errorf("doc.go documents %q, which is not in allRules", rule)
		}
	}
}
