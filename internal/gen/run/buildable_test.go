package run

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"

	"github.com/contractgen/contractgen/internal/testmod"
)

// nestedItems is a schema whose member v is arrays nested depth deep.
func nestedItems(depth int) string {
	var s any = map[string]any{"type": "string"}
	for range depth {
		s = map[string]any{"type": "array", "items": s}
	}
	root := map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Deep", "type": "object",
		"properties": map[string]any{"message": map[string]any{"type": "string"}, "v": s},
		"required":   []string{"message"},
	}
	b, _ := json.Marshal(root)
	return string(b)
}

func writeSchema(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "deep.schema.json")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDeepNestingFailsAtGeneration: arrays nested past build.MaxNesting are refused with the
// pointer of the level that goes over; at the limit the Go builds with the real compiler.
// (Before: items nested 49 deep generated Go that go build rejects: "unification reached
// recursion depth limit".)
func TestDeepNestingFailsAtGeneration(t *testing.T) {
	for _, depth := range []int{build.MaxNesting + 1, 49} {
		_, err := Run(Options{Schemas: []string{writeSchema(t, nestedItems(depth))}, Package: "deep", Targets: []string{"go"}})
		wantPtr := "#/properties/v" + strings.Repeat("/items", depth-build.MaxNesting-1) + ": arrays and maps nested"
		if err == nil || !strings.Contains(err.Error(), wantPtr) {
			t.Errorf("items nested %d deep: error %v, want one at %s", depth, err, wantPtr)
		}
	}
	if testing.Short() {
		return
	}
	res, err := Run(Options{Schemas: []string{writeSchema(t, nestedItems(build.MaxNesting))}, Package: "deep", Targets: []string{"go"}})
	if err != nil {
		t.Fatalf("items nested %d deep: %v", build.MaxNesting, err)
	}
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(testmod.GoMod(t, "example.com/deep")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		p := filepath.Join(mod, filepath.FromSlash(f.Path))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Bytes, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "build", "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go build of items nested %d deep: %v\n%s", build.MaxNesting, err, out)
	}
}

// TestPackageNamesThatCannotBuild: main, keywords and non-identifiers are refused at generation.
func TestPackageNamesThatCannotBuild(t *testing.T) {
	schema := writeSchema(t, nestedItems(1))
	for _, name := range []string{"main", "func", "type", "a/b", "../x", "a-b", "1a", "_", ""} {
		_, err := Run(Options{Schemas: []string{schema}, Package: name, Targets: []string{"go", "ts"}})
		if err == nil {
			t.Errorf("--package %q was accepted", name)
		}
	}
}
