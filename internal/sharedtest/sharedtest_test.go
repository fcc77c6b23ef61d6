package sharedtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how a test stopped instead of stopping.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = format
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = format
}

// TestMissingSkipsOrFails: absent material skips a test outside CI and fails it under CI; present
// material returns its path either way.
func TestMissingSkipsOrFails(t *testing.T) {
	present := t.TempDir()
	if err := os.MkdirAll(filepath.Join(present, "corpus", "real-schemas"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		root, ci       string
		skip, fail, ok bool
	}{
		{root: filepath.Join(present, "nowhere"), ci: "", skip: true},
		{root: filepath.Join(present, "nowhere"), ci: "false", skip: true},
		{root: filepath.Join(present, "nowhere"), ci: "true", fail: true},
		{root: present, ci: "", ok: true},
		{root: present, ci: "true", ok: true},
	} {
		t.Setenv(EnvDir, tc.root)
		t.Setenv("CI", tc.ci)
		r := &recorder{TB: t}
		got := Corpus(r)
		if (r.skipped != "") != tc.skip || (r.failed != "") != tc.fail {
			t.Errorf("root %s, CI=%q: skipped %q, failed %q", tc.root, tc.ci, r.skipped, r.failed)
		}
		if tc.ok && got != filepath.Join(present, "corpus", "real-schemas") {
			t.Errorf("root %s: Corpus = %s", tc.root, got)
		}
		if tc.skip && strings.Contains(r.skipped, "\n") {
			t.Errorf("the skip message is more than one line: %q", r.skipped)
		}
	}
}

// TestRootIsBesideTheRepository: without the override, Root is shared/ next to the checkout that
// holds this package.
func TestRootIsBesideTheRepository(t *testing.T) {
	t.Setenv(EnvDir, "")
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(wd, "..", "..", "..", "shared")
	if got := Root(); filepath.Clean(got) != filepath.Clean(want) {
		t.Errorf("Root() = %s, want %s", got, want)
	}
}
