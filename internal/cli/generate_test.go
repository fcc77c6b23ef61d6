package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// repoFile returns the path of a file of this repository from the package directory.
func repoFile(parts ...string) string {
	return filepath.Join(append([]string{"..", ".."}, parts...)...)
}

func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestGenerateBrokenSchemaWritesNothing(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "bad.schema.json")
	if err := os.WriteFile(schema, []byte(`{"type": "object", "properties": {"a": {"type": "strin"}, "b": {"unevaluatedItems": false}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI(t, "generate", "--schema", schema, "--out", out, "--targets", "go")
	if code != ExitFail {
		t.Fatalf("exit status = %d, want %d; stderr:\n%s", code, ExitFail, stderr)
	}
	if stdout != "" {
		t.Errorf("stdout = %q, want nothing", stdout)
	}
	for _, want := range []string{"bad.schema.json#/properties/a/type", "not a valid 2020-12 schema"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output directory was created although generation failed")
	}
}

func TestGenerateThenCheckDetectsDrift(t *testing.T) {
	out := t.TempDir()
	schema := repoFile("docs", "contracts", "schemas", "agent-error.schema.json")
	args := []string{"--schema", schema, "--out", out, "--package", "agenterror", "--targets", "go"}
	if code, _, stderr := runCLI(t, append([]string{"generate"}, args...)...); code != ExitOK {
		t.Fatalf("generate exit status %d:\n%s", code, stderr)
	}
	if code, stdout, _ := runCLI(t, append([]string{"check"}, args...)...); code != ExitOK || !strings.HasPrefix(stdout, "ok: ") {
		t.Fatalf("check after generate: exit %d, stdout %q", code, stdout)
	}
	types := filepath.Join(out, "agenterror", "types.go")
	data, err := os.ReadFile(types)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(types, bytes.Replace(data, []byte("type AgentError struct"), []byte("type AgentError  struct"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runCLI(t, append([]string{"check"}, args...)...)
	if code != ExitFail || !strings.Contains(stdout, "modified: ") || !strings.Contains(stdout, "-type AgentError  struct") || !strings.Contains(stdout, "+type AgentError struct") {
		t.Fatalf("check after an edit: exit %d, output:\n%s", code, stdout)
	}
	if code, stdout, _ := runCLI(t, append([]string{"generate"}, args...)...); code != ExitOK || !strings.Contains(stdout, "wrote ") {
		t.Fatalf("regenerate: exit %d, %s", code, stdout)
	}
	if code, _, _ := runCLI(t, append([]string{"check"}, args...)...); code != ExitOK {
		t.Fatalf("check after regenerate: exit %d", code)
	}
}

func TestUnknownTargetIsAnError(t *testing.T) {
	code, _, stderr := runCLI(t, "generate", "--schema", repoFile("docs", "contracts", "schemas", "agent-error.schema.json"), "--out", t.TempDir(), "--targets", "cobol")
	if code != ExitError || !strings.Contains(stderr, `unknown target "cobol"`) { // a usage error
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}

// TestGenerateTimings: CONTRACTGEN_TIMINGS makes generate print its stages on stderr, and only then.
func TestGenerateTimings(t *testing.T) {
	schema := repoFile("docs", "contracts", "schemas", "agent-error.schema.json")
	args := []string{"generate", "-q", "--schema", schema, "--out", t.TempDir(), "--targets", "go"}
	if code, _, stderr := runCLI(t, args...); code != ExitOK || stderr != "" {
		t.Fatalf("without CONTRACTGEN_TIMINGS: exit %d, stderr %q", code, stderr)
	}
	t.Setenv("CONTRACTGEN_TIMINGS", "1")
	code, _, stderr := runCLI(t, args...)
	if code != ExitOK || !regexp.MustCompile(`^timings: load [0-9.]+ ms, build [0-9.]+ ms, emit [0-9.]+ ms, write [0-9.]+ ms\n$`).MatchString(stderr) {
		t.Fatalf("with CONTRACTGEN_TIMINGS: exit %d, stderr %q", code, stderr)
	}
}
