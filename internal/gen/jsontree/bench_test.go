package jsontree

import (
	"os"
	"testing"
)

// BenchmarkParse measures Parse on the contract schema (and on the file JSONTREE_BENCH_FILE
// names, e.g. a bench/synth schema).
func BenchmarkParse(b *testing.B) {
	files := map[string]string{"contract": "../../../docs/contracts/schemas/agent-error.schema.json"}
	if f := os.Getenv("JSONTREE_BENCH_FILE"); f != "" {
		files["JSONTREE_BENCH_FILE"] = f
	}
	for name, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
