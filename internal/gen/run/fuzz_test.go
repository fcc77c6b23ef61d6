package run_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/run"
)

// FuzzRun feeds arbitrary bytes to the whole pipeline as a schema: it must return files or an
// error, never panic or hang, and the Go files it returns must be in gofmt's layout.
func FuzzRun(f *testing.F) {
	seeds, _ := filepath.Glob("../../../testdata/golden/*/*.schema.json")
	for _, s := range seeds {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"$ref": "#"}`))
	f.Add([]byte(`{"type": "object", "properties": {"a": {"$ref": "#/properties/a"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "in.schema.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := run.Run(run.Options{Schemas: []string{path}, Package: "fuzz", Targets: []string{"go"}})
		if err != nil {
			return
		}
		if len(res.Files) == 0 {
			t.Fatal("no error and no files")
		}
		requireGofmt(t, res)
	})
}
