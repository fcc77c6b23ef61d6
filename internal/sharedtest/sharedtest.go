// Package sharedtest locates the shared reference material tests run against (the official JSON
// Schema Test Suite, the real-schema corpora) and holds the one rule for when it is missing: a
// contributor's clone without it skips those tests with one line, CI fails them.
//
// The material lives in the directory shared/ beside the repository checkout; the environment
// variable CONTRACTGEN_SHARED names another place (or a missing one, to see the rule at work).
package sharedtest

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// EnvDir overrides where the shared material is.
const EnvDir = "CONTRACTGEN_SHARED"

// EnvFullSuite, set to 1, makes the slow suites run in full instead of their representative
// slice; make test and CI set it.
const EnvFullSuite = "CONTRACTGEN_FULL_SUITE"

// Root is the shared directory: $CONTRACTGEN_SHARED, or shared/ beside the repository. It may not
// exist.
func Root() string {
	if dir := os.Getenv(EnvDir); dir != "" {
		return dir
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return filepath.Join("..", "shared")
	}
	// file is <repo>/internal/sharedtest/sharedtest.go.
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
}

// Suite is the official JSON Schema Test Suite checkout (tests/<dialect>, remotes/).
func Suite(tb testing.TB) string {
	tb.Helper()
	return Path(tb, "conformance", "json-schema-test-suite")
}

// Corpus is the real-schema corpus.
func Corpus(tb testing.TB) string {
	tb.Helper()
	return Path(tb, "corpus", "real-schemas")
}

// Path returns the shared directory's entry at rel. When it does not exist the test stops: under
// CI (CI set to anything but "" or "false") it fails, since CI lays shared/ beside the checkout;
// elsewhere it is skipped with one line saying what is missing.
func Path(tb testing.TB, rel ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{Root()}, rel...)...)
	if _, err := os.Stat(p); err != nil {
		Missing(tb, p)
	}
	return p
}

// Missing stops the test because the shared material at p is absent or incomplete: it fails under
// CI and skips elsewhere.
func Missing(tb testing.TB, p string) {
	tb.Helper()
	if InCI() {
		tb.Fatalf("shared reference material missing: %s (CI lays shared/ beside the checkout, or set %s)", p, EnvDir)
		return
	}
	tb.Skipf("skipped: shared reference material not at %s (clone it beside the repository as shared/, or set %s)", p, EnvDir)
}

// InCI reports whether the tests run under CI.
func InCI() bool {
	v := os.Getenv("CI")
	return v != "" && v != "false" && v != "0"
}

// Full reports whether the slow suites run in full (CONTRACTGEN_FULL_SUITE=1) rather than their
// representative slice.
func Full() bool {
	return os.Getenv(EnvFullSuite) == "1"
}
