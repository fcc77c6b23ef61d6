package run_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/run"
)

// TestDefaultTargetsSkipWhatCannotFollow: without --targets, a target other than go that cannot
// follow the schema is skipped with one line saying why, and the run succeeds; named in
// --targets, the same target fails the run.
func TestDefaultTargetsSkipWhatCannotFollow(t *testing.T) {
	dir := t.TempDir()
	// The TypeScript target needs a root object with properties; a root array is Go-only.
	schema := filepath.Join(dir, "list.json")
	if err := os.WriteFile(schema, []byte(`{"title": "List", "type": "array", "items": {"type": "string"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := run.Run(run.Options{Schemas: []string{schema}, Package: "list"})
	if err != nil {
		t.Fatalf("default targets: %v", err)
	}
	if len(res.Skipped) != 1 || res.Skipped[0].Target != "ts" || res.Skipped[0].Reason == "" || strings.Contains(res.Skipped[0].Reason, "\n") ||
		strings.HasPrefix(res.Skipped[0].Reason, "ts: ") {
		t.Fatalf("skipped %+v, want ts with a one-line reason", res.Skipped)
	}
	var goFiles, tsFiles int
	for _, f := range res.Files {
		switch {
		case strings.HasPrefix(f.Path, "list/"):
			goFiles++
		case strings.HasPrefix(f.Path, "ts/"):
			tsFiles++
		}
	}
	if goFiles == 0 || tsFiles != 0 {
		t.Errorf("%d Go files and %d TypeScript files, want Go files and no TypeScript", goFiles, tsFiles)
	}
	if _, err := run.Run(run.Options{Schemas: []string{schema}, Package: "list", Targets: []string{"go", "ts"}}); err == nil || !strings.Contains(err.Error(), "target ts") {
		t.Errorf("--targets go,ts: error %v, want the TypeScript target's refusal", err)
	}
}

// TestOneRunReportsEveryProblem: a metaschema error does not hide, until the next run, a missing
// file another reference names or a problem the builder finds elsewhere in the schema.
func TestOneRunReportsEveryProblem(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	schema := `{"title": "S", "type": "object", "properties": {"a": {"type": "strin"}, "b": {"$ref": "missing.json"}, "c": {"minLength": -1}, "d": {"type": "string", "x-go-name": "not ok"}}}`
	if err := os.WriteFile("s.json", []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := run.Run(run.Options{Schemas: []string{"s.json"}, Package: "s", Targets: []string{"go"}})
	if err == nil {
		t.Fatal("generated from an invalid schema")
	}
	for _, want := range []string{
		"s.json#/properties/a/type (line 1, column 63): not a valid 2020-12 schema",
		"s.json#/properties/b/$ref: $ref \"missing.json\" names a file that cannot be read",
		"s.json#/properties/c/minLength (line 1, column 123): not a valid 2020-12 schema",
		"s.json#/properties/d/x-go-name: \"not ok\" is not an exported Go identifier",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the report lacks %q:\n%v", want, err)
		}
	}
}
