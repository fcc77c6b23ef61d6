package conformance

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/run"
)

// BenchmarkValidateWorkflows validates the catalog's GitHub workflow instances (a schema of nested
// oneOf and anyOf: jobs, steps, permissions, triggers) with contractgen validate's interpreter, the
// valid and the invalid ones apart, so that what union selection and the report of a failing
// union's cause cost is visible:
// go test ./internal/conformance -run '^$' -bench ValidateWorkflows -count 6
func BenchmarkValidateWorkflows(b *testing.B) {
	schema, err := filepath.Abs(filepath.Join(firstHourDir, "schemas", "github-workflow.json"))
	if err != nil {
		b.Fatal(err)
	}
	v, err := run.NewValidator(run.Options{Schemas: []string{schema}})
	if err != nil {
		b.Fatal(err)
	}
	for _, label := range []string{"valid", "invalid"} {
		files, _ := filepath.Glob(filepath.Join(firstHourDir, "instances", "github-workflow", label, "*"))
		if len(files) < 10 {
			b.Fatalf("only %d %s workflow instances", len(files), label)
		}
		var docs [][]byte
		size := 0
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			data, err := run.InstanceJSON(f, raw)
			if err != nil {
				b.Fatal(err)
			}
			docs = append(docs, data)
			size += len(data)
		}
		b.Run(label, func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, d := range docs {
					vs, err := v.Validate(d)
					if err != nil || (len(vs) == 0) != (label == "valid") {
						b.Fatalf("verdict changed: %v %v", vs, err)
					}
				}
			}
		})
	}
}
