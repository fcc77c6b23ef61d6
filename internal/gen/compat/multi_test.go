package compat

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/load"
)

// writeTree writes files under a new temporary directory and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCompareFilesFollowsOtherFiles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"old/root.json":       `{"properties":{"a":{"$ref":"ava.json#/$defs/name"}}}`,
		"old/ava.json":        `{"$defs":{"name":{"type":"string","maxLength":5}}}`,
		"moved/root.yaml":     "properties:\n  a:\n    type: string\n    maxLength: 5\n",
		"wider/root.json":     `{"properties":{"a":{"$ref":"lib/defs.json#/$defs/n"}}}`,
		"wider/lib/defs.json": `{"$defs":{"n":{"type":"string","maxLength":9}}}`,
	})
	cases := []struct {
		new      string
		breaking bool
		changes  int
	}{
		{"moved/root.yaml", false, 0},
		{"wider/root.json", false, 1},
	}
	for _, tc := range cases {
		r, err := CompareFiles(filepath.Join(dir, "old/root.json"), filepath.Join(dir, tc.new), load.Options{RefRoot: dir}, Options{Mode: Backward, Profiles: testProfiles})
		if err != nil {
			t.Fatalf("%s: %v", tc.new, err)
		}
		if r.Breaking() != tc.breaking || len(r.Changes) != tc.changes {
			t.Errorf("%s: breaking=%t with %d changes, want %t with %d:\n%s", tc.new, r.Breaking(), len(r.Changes), tc.breaking, tc.changes, textOf(r))
		}
	}
	r, err := CompareFiles(filepath.Join(dir, "wider/root.json"), filepath.Join(dir, "old/root.json"), load.Options{RefRoot: dir}, Options{Mode: Backward, Profiles: testProfiles})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Breaking() || r.Changes[0].Pointer != "ava.json#/$defs/name/maxLength" {
		t.Errorf("narrowing in another file: %+v", r.Changes)
	}
}
