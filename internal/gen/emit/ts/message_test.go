package ts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// findTSC returns the TypeScript compiler that tests/ts pins (installed by tests/ts/run.sh), or
// one on PATH.
func findTSC(t *testing.T) string {
	t.Helper()
	pinned := filepath.Join(repoRoot, "tests", "ts", "node_modules", ".bin", "tsc")
	if _, err := os.Stat(pinned); err == nil {
		return pinned
	}
	if p, err := exec.LookPath("tsc"); err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		// CI installs tests/ts before the Go suites (.ci/run): a skip there would hide the check.
		t.Fatal("no tsc under CI: .ci/run must run (cd tests/ts && npm ci) before make test")
	}
	t.Skip("no tsc: run (cd tests/ts && npm ci) to type-check generated modules")
	return ""
}

// findNode returns node for running compiled modules; under CI its absence fails the test, as
// findTSC's does, because .ci/run relies on node being on the machine.
func findNode(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("node")
	if err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no node under CI: the TypeScript checks need node on PATH")
	}
	t.Skip("no node: install Node.js to run the TypeScript validator checks")
	return ""
}

// TestRootWithoutStringMessageCompiles: the Error class passes a string to super whatever the
// root's "message" is. (Before: super(contract.message) with no message, or a number, or null,
// and tsc --strict rejected the module.)
func TestRootWithoutStringMessageCompiles(t *testing.T) {
	messages := map[string]string{
		"none":     ``,
		"number":   `, "message": {"type": "integer"}`,
		"nullable": `, "message": {"type": ["string", "null"]}`,
		"optional": `, "message": {"type": "string"}`,
	}
	dir := t.TempDir()
	var modules []string
	for name, member := range messages {
		schema := filepath.Join(dir, name+".schema.json")
		src := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Quota error", "type": "object",
  "properties": {"limit": {"type": "integer"}` + member + `}, "required": ["limit"]}`
		if err := os.WriteFile(schema, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		set, err := load.Files([]string{schema})
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := build.Build(set, build.Options{Package: "quota"})
		if err != nil {
			t.Fatal(err)
		}
		files, err := Emit(pkg)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, name+".ts")
		if err := os.WriteFile(out, files[0].Bytes, 0o644); err != nil {
			t.Fatal(err)
		}
		modules = append(modules, out)
		wantSuper := "super(JSON.stringify(contract));"
		if name == "optional" {
			wantSuper = "super(contract.message);"
		}
		if !strings.Contains(string(files[0].Bytes), wantSuper) {
			t.Errorf("%s: the module lacks %s", name, wantSuper)
		}
	}
	tsc := findTSC(t)
	args := append([]string{"--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess", "--noEmit", "--target", "es2020", "--lib", "es2020"}, modules...)
	if out, err := exec.Command(tsc, args...).CombinedOutput(); err != nil {
		t.Errorf("tsc --strict: %v\n%s", err, out)
	}
}
