package cli_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMakeTestRunsEverySuite runs the README's `make test` with stand-ins for the go command and
// the TypeScript runner that log their call and exit with a chosen status, so it checks the
// Makefile's control flow in milliseconds: every suite runs even after one fails, the summary
// names each suite's result, and the status is nonzero exactly when some suite failed.
func TestMakeTestRunsEverySuite(t *testing.T) {
	makeCmd, err := exec.LookPath("make")
	if err != nil {
		t.Skip("make is not installed: ", err)
	}
	root := checkoutRoot(t)
	cases := []struct {
		name       string
		goStatus   string // exit status of every stand-in go call
		tsStatus   string
		wantFailed []string
	}{
		{"all pass", "0", "0", nil},
		{"go fails", "1", "0", []string{"test-go", "test-mcp", "test-peers", "test-openapi-interop"}},
		{"only ts fails", "0", "1", []string{"test-ts"}},
		{"all fail", "1", "1", []string{"test-go", "test-mcp", "test-peers", "test-ts", "test-openapi-interop"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			log := filepath.Join(dir, "calls.log")
			stub := func(name, label, status string) string {
				p := filepath.Join(dir, name)
				// A call that sees CONTRACTGEN_FULL_SUITE set (the full official suite) is logged with
				// "full " in front.
				script := "#!/bin/sh\necho \"${CONTRACTGEN_FULL_SUITE:+full }" + label + " $PWD $*\" >> '" + log + "'\nexit " + status + "\n"
				if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
					t.Fatal(err)
				}
				return p
			}
			goStub := stub("go", "go", c.goStatus)
			tsStub := stub("ts", "ts", c.tsStatus)
			npmStub := stub("npm", "npm", "0")
			rustStub := stub("rust", "rust", "0")
			cmd := exec.Command(makeCmd, "--no-print-directory", "-C", root, "test", "GO="+goStub, "TS_TESTS="+tsStub, "NPM="+npmStub, "RUST_TESTS="+rustStub)
			cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "CONTRACTGEN_FULL_SUITE=") })
			out, err := cmd.CombinedOutput()
			var ee *exec.ExitError
			if err != nil && !errors.As(err, &ee) {
				t.Fatalf("make: %v", err)
			}
			if failed := err != nil; failed != (len(c.wantFailed) > 0) {
				t.Errorf("make test: error %v, want failure %v\n%s", err, len(c.wantFailed) > 0, out)
			}
			calls, err := os.ReadFile(log)
			if err != nil {
				t.Fatalf("no suite ran: %v\n%s", err, out)
			}
			want := []string{
				"full go " + root + " test -timeout 45m ./... ./cgruntime/...",
				"go " + filepath.Join(root, "tests", "mcp") + " test ./...",
				"go " + filepath.Join(root, "bench", "peers") + " test ./...",
				"ts " + root,
				"npm " + filepath.Join(root, "tests", "openapi-interop") + " ci --no-audit --no-fund --loglevel=error",
				"go " + filepath.Join(root, "tests", "openapi-interop") + " test ./...",
				"rust " + root,
			}
			var got []string
			for line := range strings.Lines(string(calls)) {
				got = append(got, strings.TrimSpace(line)) // a call without arguments ends in a space
			}
			if !slices.Equal(got, want) {
				t.Errorf("suites run:\n%s\nwant:\n%s\nmake said:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), out)
			}
			for _, suite := range []string{"test-go", "test-mcp", "test-peers", "test-ts", "test-openapi-interop", "test-rust"} {
				verdict := "ok"
				if slices.Contains(c.wantFailed, suite) {
					verdict = "FAILED"
				}
				if line := "  " + suite + ": " + verdict; !slices.Contains(strings.Split(string(out), "\n"), line) {
					t.Errorf("the summary lacks the line %q:\n%s", line, out)
				}
			}
		})
	}
}
