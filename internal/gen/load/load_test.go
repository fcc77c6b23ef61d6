package load

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/diag"
)

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFilesFollowsRelativeReferences(t *testing.T) {
	dir := t.TempDir()
	root := write(t, dir, "main.json", `{"type": "object", "properties": {"a": {"$ref": "defs/common.json#/$defs/a"}}}`)
	write(t, dir, "defs/common.json", `{"$defs": {"a": {"type": "string"}}}`)
	set, err := Files([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Roots) != 1 || len(set.ByAbs) != 2 {
		t.Fatalf("roots %d, documents %d; want 1 root and 2 documents", len(set.Roots), len(set.ByAbs))
	}
	common, ok := set.ByAbs[filepath.Join(dir, "defs", "common.json")]
	if !ok || common.Tree.Resolve("/$defs/a/type").Text != "string" {
		t.Fatalf("the referenced file was not loaded: %+v", common)
	}
}

func TestFilesReportsEveryProblemWithItsPointer(t *testing.T) {
	dir := t.TempDir()
	root := write(t, dir, "main.json", `{"properties": {
		"remote": {"$ref": "https://example.com/a.json"},
		"missing": {"$ref": "nope.json#/x"},
		"bad": {"type": "strin"}}}`)
	_, err := Files([]string{root})
	var list diag.List
	if !errors.As(err, &list) {
		t.Fatalf("error %v is not a diagnostic list", err)
	}
	text := err.Error()
	for _, want := range []string{
		"#/properties/bad/type",
		"not a valid 2020-12 schema",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, text)
		}
	}
	// The metaschema failure stops the file before its references are followed; a valid schema
	// with the same references reports both.
	root = write(t, dir, "refs.json", `{"properties": {
		"remote": {"$ref": "https://example.com/a.json"},
		"missing": {"$ref": "nope.json#/x"}}}`)
	_, err = Files([]string{root})
	if err == nil {
		t.Fatal("remote and missing references were accepted")
	}
	for _, want := range []string{
		`refs.json#/properties/remote/$ref: $ref "https://example.com/a.json" is remote`,
		`refs.json#/properties/missing/$ref: $ref "nope.json#/x" names a file that cannot be read`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("diagnostics lack %q:\n%s", want, err)
		}
	}
}

func TestFilesRefusesOversizedInput(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big.json")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: its size is what counts, not what the disk holds.
	if err := f.Truncate(MaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Files([]string{p})
	if err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("error = %v, want a size error", err)
	}
}

// TestUnreadableSchemaInMissingDirectory: a schema path whose directory does not exist is a schema
// that cannot be read, reported as every other one is, not a failure to set up the reference root.
func TestUnreadableSchemaInMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope", "schema.json")
	_, err := Files([]string{missing})
	var dl diag.List
	if !errors.As(err, &dl) || !strings.Contains(err.Error(), "nope/schema.json#: cannot read schema: no such file or directory") {
		t.Fatalf("error %v, want a diagnostic that the schema cannot be read", err)
	}
}
