package openapi

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// writeDAG writes a schema whose $defs form a chain of depth levels in which each level's anyOf
// refers to the next level twice: a DAG with 2^depth paths from the root but only depth+1 nodes.
// An emitter that walks paths instead of nodes takes exponential time on it (issue 13: 32 levels,
// 2.4 KB, ran past 60 s).
func writeDAG(t testing.TB, depth int) string {
	t.Helper()
	defs := map[string]any{}
	for i := range depth {
		next := map[string]any{"$ref": fmt.Sprintf("#/$defs/d%d", i+1)}
		defs[fmt.Sprintf("d%d", i)] = map[string]any{"anyOf": []any{next, next}}
	}
	defs[fmt.Sprintf("d%d", depth)] = map[string]any{"type": "string"}
	schema := map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"$id":     "https://example.com/dag.schema.json",
		"title":   "Dag",
		"type":    "object",
		"properties": map[string]any{
			"kind":    map[string]any{"type": "string"},
			"message": map[string]any{"type": "string"},
			"value":   map[string]any{"$ref": "#/$defs/d0"},
		},
		"required": []any{"kind", "message"},
		"$defs":    defs,
	}
	data, err := json.Marshal(schema)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dag.schema.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEmitDAGIsLinear emits testdata/dag.schema.json, writeDAG's shape at 64 levels (2^64 paths):
// it finishes only if the emitter visits each schema a bounded number of times. On an exponential
// emitter it runs into go test's timeout. The docs and ts emitters' tests use the same file.
// testdata/dag-properties.schema.json is the same DAG built from object members.
func TestEmitDAGIsLinear(t *testing.T) {
	for _, name := range []string{"dag.schema.json", "dag-properties.schema.json"} {
		if files := emitFiles(t, buildIR(t, filepath.Join("testdata", name))); len(files) == 0 {
			t.Fatalf("%s: no files", name)
		}
	}
}

// BenchmarkEmitDAG measures Emit on DAGs of growing depth; the time per level must stay flat.
func BenchmarkEmitDAG(b *testing.B) {
	for _, depth := range []int{8, 16, 24, 32} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			pkg := buildIR(b, writeDAG(b, depth))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Emit(pkg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
