package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTagsFlagAndConfig: --tags and the config key tags give every member the tag; a key that is
// not a struct tag key (or is json) is a usage error naming the flag.
func TestTagsFlagAndConfig(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "r.schema.json")
	if err := os.WriteFile(schema, []byte(`{"title": "R", "type": "object", "required": ["a"], "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if code, _, stderr := runCLI(t, "generate", "--schema", schema, "--out", out, "--package", "r", "--targets", "go", "--tags", "yaml"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	src, err := os.ReadFile(filepath.Join(out, "r", "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"`json:\"a\" yaml:\"a\"`", "`json:\"b,omitempty\" yaml:\"b,omitempty\"`"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("types.go lacks %s", want)
		}
	}
	cfg := filepath.Join(dir, "c.json")
	if err := os.WriteFile(cfg, []byte(`{"schemas": ["r.schema.json"], "out": "out2", "package": "r", "targets": ["go"], "tags": ["db"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "generate", "--config", cfg); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if src, err = os.ReadFile(filepath.Join(dir, "out2", "r", "types.go")); err != nil || !strings.Contains(string(src), "`json:\"a\" db:\"a\"`") {
		t.Errorf("the config's tags did not reach types.go (%v)", err)
	}
	for _, bad := range []string{"json", "has space", "a:b"} {
		code, _, stderr := runCLI(t, "generate", "--schema", schema, "--out", out, "--package", "r", "--targets", "go", "--tags", bad)
		if code != ExitError || !strings.Contains(stderr, "--tags") {
			t.Errorf("--tags %q: exit %d, stderr %s", bad, code, stderr)
		}
	}
}
